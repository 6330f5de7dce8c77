"""The Skyjo tutorial: the two flips, take or draw, exchange or discard and flip, a column of three,
the last lap and doubling (two players: you and one scripted computer seat). The positions are
dealt at the table (lesson.py); this module is the lesson's words and its view.

Part one is a fresh round: you turn two 7s (the highest sum starts, so you do), take the
discard's 7 below them and the column of three is cleared; you draw and discard a 10 and
turn a card; you draw a -2 and exchange it. Part two jumps later into the round: you turn
your last card, the computer has its last turn, the round is scored and your score doubles
because you ended it without the lowest total. No summary overlay: the table shows it.
"""
from __future__ import annotations

import pygame

from cardgames.games.skyjo import lesson
from cardgames.games.skyjo.lesson import MY_LATER, THEIR_LATER
from cardgames.games.skyjo.scene import NEWS_RECT, SkyjoScene
from cardgames.i18n import N_, said
from cardgames.tutorial.engine import Script, Step, TutorialMode

OPPONENT = "Ben"   # the scripted computer seat (the lesson names the seats itself: options["names"])

STEPS = (
    Step(N_("Skyjo: the lowest total wins. These twelve face-down cards are your grid; cards count from "
         "-2 to 12."), highlight=tuple(f"grid:0:{i}" for i in range(12))),
    Step(N_("A round starts with everyone turning two cards face up. Click the glowing card."),
         expect=("flip 0",), wrong=N_("Turn the glowing card first.")),
    Step(N_("And a second one."), expect=("flip 1",), wrong=N_("Turn the glowing card.")),
    Step(said("{opponent} turns two cards too. The highest sum of face-up cards starts: you.", opponent=OPPONENT),
         auto=("flip 0", "flip 4")),
    Step(N_("On your turn, take the discard pile's top card or draw from the draw pile. Take the 7: drag it "
         "onto the glowing card below your two 7s (it replaces that card, which goes on the discard)."),
         expect=("take 2",), wrong=N_("Take the discard pile's 7 onto the glowing card.")),
    Step(N_("Three equal cards in a column: the whole column is cleared and counts nothing."),
         highlight=("grid:0:0", "grid:0:1", "grid:0:2", "discard")),
    Step(said("{opponent} draws a card, throws it away and turns a card.", opponent=OPPONENT),
         auto=("draw", "discard", "flip 1")),
    Step(N_("Now draw: click the draw pile. You will see the card before deciding."), expect=("draw",),
         wrong=N_("Click the draw pile.")),
    Step(N_("A 10 is high. Exchange it with a card of your grid, or throw it on the discard pile. "
         "Throw it away: click the discard pile."), expect=("discard",), highlight=("discard",),
         wrong=N_("Click the discard pile to throw the 10 away.")),
    Step(N_("After throwing away a drawn card you must turn one of your face-down cards. Turn this one."),
         expect=("flip 3",), wrong=N_("Turn the glowing face-down card.")),
    Step(said("{opponent} draws and keeps a card.", opponent=OPPONENT), auto=("draw", "swap 8")),
    Step(N_("Draw again."), expect=("draw",), wrong=N_("Click the draw pile.")),
    Step(N_("A -2! Keep it: click the glowing face-down card and the -2 takes its place (the old card, "
         "whatever it was, goes on the discard pile)."), expect=("swap 4",),
         highlight=("held:0", "grid:0:4"), wrong=N_("Put the -2 on the glowing card.")),
    Step(N_("Later in the round: one face-down card is left in your grid. Draw."), expect=("draw",),
         jump=lesson.later, wrong=N_("Click the draw pile.")),
    Step(N_("A 12: throw it away."), expect=("discard",), highlight=("discard",),
         wrong=N_("Click the discard pile.")),
    Step(N_("Turn your last card. When all your cards are face up, everyone else has one last turn: the "
         "last lap."), expect=("flip 11",), wrong=N_("Turn your last face-down card.")),
    Step(said("Last lap: {opponent} plays a last turn, then every card turns over and the round is scored.",
              opponent=OPPONENT),
         auto=("draw", "swap 0")),
    Step(said("You ended the round with {mine}, but {opponent} has {theirs}. Who ends a round without "
              "the lowest score gets it doubled: {doubled} for you. End a round only when you are sure to be "
              "lowest!", mine=MY_LATER, opponent=OPPONENT, theirs=THEIR_LATER, doubled=2 * MY_LATER)),
    Step(N_("Rounds go on until someone reaches 100 points; then the lowest total wins. Good luck!")),
)

SCRIPT = Script("skyjo", N_("Skyjo tutorial"), lesson.opening, STEPS,
                options={"players": 2, "level": "normal", "names": ("You", OPPONENT)})


class SkyjoTutorial(TutorialMode, SkyjoScene):
    keep_clear = (pygame.Rect(330, 232, 170, 215),)   # the round, the prompt and your totals left of the piles
    callouts = (pygame.Rect(NEWS_RECT),)                # "You cleared a column", "Last turn!" beside the piles

    def show_summary_later(self) -> None:
        pass      # the lesson explains the scored round on the table itself

    def record_game(self) -> None:
        pass


SCENE = SkyjoTutorial
