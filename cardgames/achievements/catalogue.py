"""The achievements of the collection: what each is called, says, shows and asks for.

Pure data (no pygame). `icon` names a drawing in cardgames/scenes/achievement_icons.py;
`game` is a registry name, or "all" for the collection-wide ones. The checks that
unlock them live in checks.py, one function per game.
"""
from __future__ import annotations

from dataclasses import dataclass


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
    Achievement("tp_peak", "tripeaks", "Summit", "You cleared a peak.",
                "Clear the top card of a peak in TriPeaks.", "peak"),
    Achievement("tp_streak10", "tripeaks", "On a Roll", "Ten cards in a row from the tableau.",
                "Play 10 tableau cards in a row without turning the stock.", "flame"),
    Achievement("tp_three_peaks", "tripeaks", "Peak Performance", "All three peaks in one streak.",
                "Clear all three peaks in one unbroken streak (no stock card between).", "peaks"),
    Achievement("tp_clear", "tripeaks", "Clean Sweep", "You cleared a whole TriPeaks deal.",
                "Clear every card of a TriPeaks deal.", "broom"),
    Achievement("tp_spare", "tripeaks", "Room to Spare", "A deal cleared with 10 stock cards left.",
                "Clear a TriPeaks deal with 10 or more cards still in the stock.", "stack"),
    Achievement("tp_wrap", "tripeaks", "Round the Corner", "King on Ace, or Ace on King.",
                "In TriPeaks, play a King on an Ace or an Ace on a King (the wrap).", "wrap"),
    # Skyjo
    Achievement("sk_column", "skyjo", "Three of a Kind", "You cleared a column.",
                "In Skyjo, fill a column with three equal cards.", "column"),
    Achievement("sk_two_columns", "skyjo", "Double Clear", "Two columns cleared in one round.",
                "Clear two columns of your Skyjo grid in the same round.", "columns"),
    Achievement("sk_negative", "skyjo", "Below Zero", "A Skyjo round with a negative score.",
                "Finish a Skyjo round with a score below zero.", "snow"),
    Achievement("sk_last_lap", "skyjo", "Last Lap", "You turned your whole grid first.",
                "Be the first to reveal all your cards in a Skyjo round.", "flag"),
    Achievement("sk_clean_finish", "skyjo", "Clean Finish", "You ended a round and were not doubled.",
                "End a Skyjo round yourself with the lowest score, so it is not doubled.", "shield"),
    Achievement("sk_win", "skyjo", "Lowest of All", "You won a game of Skyjo.",
                "Win a game of Skyjo (the lowest total when someone reaches the target).", "crown"),
    # Three Thirteen
    Achievement("tt_out", "three_thirteen", "Going Out", "You went out.",
                "Go out in Three Thirteen: meld all your cards but the one you throw.", "door"),
    Achievement("tt_first_round", "three_thirteen", "Out of the Gate", "You went out in the first round.",
                "Go out in the first round of Three Thirteen (three cards, 3s wild).", "gate"),
    Achievement("tt_kings", "three_thirteen", "The Long Road", "You went out in the thirteen-card round.",
                "Go out in the last round of Three Thirteen (13 cards, Kings wild).", "road"),
    Achievement("tt_wilds", "three_thirteen", "Wild at Heart", "You went out holding two wild cards.",
                "Go out in Three Thirteen with two or more wild cards in your hand.", "wild"),
    Achievement("tt_spotless", "three_thirteen", "Spotless", "A whole game without a penalty round.",
                "Score zero in every round of a Three Thirteen game.", "sparkle"),
    Achievement("tt_win", "three_thirteen", "Thirteen Crowns", "You won a game of Three Thirteen.",
                "Win a game of Three Thirteen (the lowest total after eleven rounds).", "crown"),
    # Switch
    Achievement("sw_win", "switch", "Shed", "You went out in Switch.",
                "Play your last card in a hand of Switch.", "hand"),
    Achievement("sw_catch", "switch", "Gotcha", "You caught a forgotten \"last card\".",
                "In Switch, catch a player who has one card and did not call \"last card\".", "catch"),
    Achievement("sw_stack", "switch", "Stacked", "You answered a pick-up with your own.",
                "In Switch, answer a 2 with a 2 (or an Ace with an Ace) to pass the pick-up on.", "stack2"),
    Achievement("sw_jack_out", "switch", "Your Choice", "You went out on a Jack.",
                "Go out in Switch with a Jack as your last card.", "jack"),
    Achievement("sw_parting_gift", "switch", "Parting Gift", "You went out leaving a pick-up of 8.",
                "Win a Switch hand with a last card that makes the pick-up 8 or more.", "gift"),
    Achievement("sw_match", "switch", "Match Point", "You won a Switch match.",
                "Win a Switch match (the lowest points when someone reaches 200).", "crown"),
    # The collection
    Achievement("all_wins", "all", "Grand Tour", "You have won all four games.",
                "Win TriPeaks, Skyjo, Three Thirteen and a hand of Switch.", "globe"),
    Achievement("all_tutorials", "all", "Quick Study", "You finished every tutorial.",
                "Play each game's tutorial to its end.", "book"),
)

BY_ID: dict[str, Achievement] = {a.id: a for a in ACHIEVEMENTS}
WIN_IDS = ("tp_clear", "sk_win", "tt_win", "sw_win")   # one win in each game: Grand Tour
