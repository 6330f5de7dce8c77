"""The achievements of the collection: what each is called, says, shows and asks for.

Pure data (no pygame). `icon` names a drawing in cardgames/scenes/achievement_icons.py;
`game` is a registry name, "online" for the ones only a game at an online table can
give (Play with others; their checks are in online.py), or "all" for the collection-wide
ones. The checks that unlock the games' own live in checks.py, one function per game.
"""
from __future__ import annotations

from dataclasses import dataclass

from cardgames.i18n import N_  # the names and sentences are translated where they are drawn


@dataclass(frozen=True)
class Achievement:
    id: str
    game: str
    name: str
    text: str        # what it celebrates, shown once earned
    how: str         # how to earn it, shown while locked
    icon: str


ACHIEVEMENTS: tuple[Achievement, ...] = (
    # TriPeaks
    Achievement("tp_peak", "tripeaks", N_("Summit"), N_("You cleared a peak."),
                N_("Clear the top card of a peak in TriPeaks."), "peak"),
    Achievement("tp_streak10", "tripeaks", N_("On a Roll"), N_("Ten cards in a row from the tableau."),
                N_("Play 10 tableau cards in a row without turning the stock."), "flame"),
    Achievement("tp_three_peaks", "tripeaks", N_("Peak Performance"), N_("All three peaks in one streak."),
                N_("Clear all three peaks in one unbroken streak (no stock card between)."), "peaks"),
    Achievement("tp_clear", "tripeaks", N_("Clean Sweep"), N_("You cleared a whole TriPeaks deal."),
                N_("Clear every card of a TriPeaks deal."), "broom"),
    Achievement("tp_spare", "tripeaks", N_("Room to Spare"), N_("A deal cleared with 10 stock cards left."),
                N_("Clear a TriPeaks deal with 10 or more cards still in the stock."), "stack"),
    Achievement("tp_wrap", "tripeaks", N_("Round the Corner"), N_("King on Ace, or Ace on King."),
                N_("In TriPeaks, play a King on an Ace or an Ace on a King (the wrap)."), "wrap"),
    # Skyjo
    Achievement("sk_column", "skyjo", N_("Three of a Kind"), N_("You cleared a column."),
                N_("In Skyjo, fill a column with three equal cards."), "column"),
    Achievement("sk_two_columns", "skyjo", N_("Double Clear"), N_("Two columns cleared in one round."),
                N_("Clear two columns of your Skyjo grid in the same round."), "columns"),
    Achievement("sk_negative", "skyjo", N_("Below Zero"), N_("A Skyjo round with a negative score."),
                N_("Finish a Skyjo round with a score below zero."), "snow"),
    Achievement("sk_last_lap", "skyjo", N_("Last Lap"), N_("You turned your whole grid first."),
                N_("Be the first to reveal all your cards in a Skyjo round."), "flag"),
    Achievement("sk_clean_finish", "skyjo", N_("Clean Finish"), N_("You ended a round and were not doubled."),
                N_("End a Skyjo round yourself with the lowest score, so it is not doubled."), "shield"),
    Achievement("sk_win", "skyjo", N_("Lowest of All"), N_("You won a game of Skyjo."),
                N_("Win a game of Skyjo (the lowest total when someone reaches the target)."), "crown"),
    # Three Thirteen
    Achievement("tt_out", "three_thirteen", N_("Going Out"), N_("You went out."),
                N_("Go out in Three Thirteen: meld all your cards but the one you throw."), "door"),
    Achievement("tt_first_round", "three_thirteen", N_("Out of the Gate"), N_("You went out in the first round."),
                N_("Go out in the first round of Three Thirteen (three cards, 3s wild)."), "gate"),
    Achievement("tt_kings", "three_thirteen", N_("The Long Road"), N_("You went out in the thirteen-card round."),
                N_("Go out in the last round of Three Thirteen (13 cards, Kings wild)."), "road"),
    Achievement("tt_wilds", "three_thirteen", N_("Wild at Heart"), N_("You went out holding two wild cards."),
                N_("Go out in Three Thirteen with two or more wild cards in your hand."), "wild"),
    Achievement("tt_spotless", "three_thirteen", N_("Spotless"), N_("A whole game without a penalty round."),
                N_("Score zero in every round of a Three Thirteen game."), "sparkle"),
    Achievement("tt_win", "three_thirteen", N_("Thirteen Crowns"), N_("You won a game of Three Thirteen."),
                N_("Win a game of Three Thirteen (the lowest total after eleven rounds)."), "crown"),
    # Switch
    Achievement("sw_win", "switch", N_("Shed"), N_("You went out in Switch."),
                N_("Play your last card in a hand of Switch."), "hand"),
    Achievement("sw_catch", "switch", N_("Gotcha"), N_("You caught a forgotten \"last card\"."),
                N_("In Switch, catch a player who has one card and did not call \"last card\"."), "catch"),
    Achievement("sw_stack", "switch", N_("Stacked"), N_("You answered a pick-up with your own."),
                N_("In Switch, answer a 2 with a 2 (or an Ace with an Ace) to pass the pick-up on."), "stack2"),
    Achievement("sw_jack_out", "switch", N_("Your Choice"), N_("You went out on a Jack."),
                N_("Go out in Switch with a Jack as your last card."), "jack"),
    Achievement("sw_parting_gift", "switch", N_("Parting Gift"), N_("You went out leaving a pick-up of 8."),
                N_("Win a Switch hand with a last card that makes the pick-up 8 or more."), "gift"),
    Achievement("sw_match", "switch", N_("Match Point"), N_("You won a Switch match."),
                N_("Win a Switch match (the lowest points when someone reaches 200)."), "crown"),
    # Online: only at a table on a server, with another player (not a computer) at it (online.py)
    Achievement("on_game", "online", N_("Pull Up a Chair"), N_("You finished a game with another player online."),
                N_("Finish a game at an online table (Play with others) with another player at it."), "pair"),
    Achievement("on_win", "online", N_("Winning Connection"), N_("You won a game against another player online."),
                N_("Win a game at an online table with another player at it."), "signal"),
    Achievement("on_full_table", "online", N_("Full Table"), N_("You won at an online table of three or more players."),
                N_("Win an online game with at least two other players at the table."), "trio"),
    Achievement("on_again", "online", N_("Rematch"), N_("You played again with the same table."),
                N_("Finish a second game in a row at the same online table (everyone chose Play again)."), "again"),
    Achievement("on_catch", "online", N_("Long-Distance Catch"), N_("You caught another player across the network."),
                N_("In Switch online, catch another player (not a computer) who did not call \"last card\"."),
                "catch"),
    # The collection
    Achievement("all_wins", "all", N_("Grand Tour"), N_("You have won all four games."),
                N_("Win TriPeaks, Skyjo, Three Thirteen and a hand of Switch."), "globe"),
    Achievement("all_tutorials", "all", N_("Quick Study"), N_("You finished every tutorial."),
                N_("Play each game's tutorial to its end."), "book"),
)

BY_ID: dict[str, Achievement] = {a.id: a for a in ACHIEVEMENTS}
WIN_IDS = ("tp_clear", "sk_win", "tt_win", "sw_win")   # one win in each game: Grand Tour
ONLINE = "online"      # the page (Achievement.game) of the achievements only online games give
