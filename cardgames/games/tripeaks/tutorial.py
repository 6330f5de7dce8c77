"""The TriPeaks tutorial: one up or down, uncovering, the stock, the wrap (a scripted deal).

The classic three peaks, dealt so each lesson's move is there when it is taught:
the waste starts on a 7 with an 8 and a 7 side by side in the bottom row; playing
both uncovers the 6 they covered; then nothing fits, so the stock turns a King;
the Ace goes on the King (the wrap), and a 2, 3, 4 keep the streak going (the deal: lesson.py).
Relaxed mode (no clock, no score), without its undo, hint and new-deal buttons.
"""
from __future__ import annotations

from cardgames.games.tripeaks import lesson
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.i18n import N_
from cardgames.tutorial.engine import Script, Step, TutorialMode

STEPS = (
    Step(N_("Clear the three peaks by playing their cards onto the waste pile, the face-up card at the "
            "bottom. It shows a 7."), highlight=("waste",)),
    Step(N_("A card may go on the waste if it is one rank higher or lower, whatever its suit. "
            "Play the 8: drag it onto the 7, or click it."), expect=("play 22",),
         wrong=N_("That card is not one above or below the 7: try the glowing 8.")),
    Step(N_("Now the waste shows the 8. One lower works too: play the 7."), expect=("play 23",),
         wrong=N_("Only a 7 or a 9 fits on the 8: the glowing 7 is the one to play.")),
    Step(N_("Both cards that covered a card are gone, so it turned face up: you uncovered it. "
            "Free cards can be played. Play the 6 onto the 7."), expect=("play 13",),
         wrong=N_("Play the card you just uncovered: the 6.")),
    Step(N_("Nothing fits on the 6 now (you would need a 5 or a 7). Turn the stock: click it, or press "
            "Space, and its next card goes on the waste. The stock is turned once, one card at a time."),
         expect=("turn",), wrong=N_("No card fits the 6: click the stock to turn a new waste card.")),
    Step(N_("A King! Kings and Aces are neighbours (the wrap): an Ace or a Queen goes on a King. "
            "Play the Ace."), expect=("play 27",), wrong=N_("The Ace goes on the King: play the glowing Ace.")),
    Step(N_("Keep going: the 2 goes on the Ace. Every card played without turning the stock adds to "
            "your streak."), expect=("play 18",)),
    Step(N_("Then the 3 on the 2..."), expect=("play 24",)),
    Step(N_("...and the 4 on the 3. A streak of four!"), expect=("play 26",)),
    Step(N_("You win when every tableau card is cleared; the hand is lost when the stock is empty and "
            "nothing fits. Arcade mode scores your streaks against the clock. Have fun!")),
)

SCRIPT = Script("tripeaks", N_("TriPeaks tutorial"), lesson.deal, STEPS, options={"mode": "relaxed", "winnable": False})


class TriPeaksTutorial(TutorialMode, TriPeaksScene):
    key_hints = False   # the panel stands over the bottom row where the key hints are, and says what to press

    def __init__(self, app, script: Script = SCRIPT, on_end=None) -> None:
        super().__init__(app, script, on_end)
        self.buttons = []            # no Undo, Hint or New deal in the lesson (Esc skips)

    def _record_hand(self, won: bool) -> None:
        pass

    def show_hint(self) -> None:
        self.say_wrong(N_("The glowing card is your hint."))

    def deal_next(self) -> None:
        self.restart()


SCENE = TriPeaksTutorial
