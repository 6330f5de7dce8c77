"""The Switch tutorial: follow suit or rank, 2s stacking, the Jack's suit, the 8's skip,
"last card" and the catch (you and one scripted computer seat).

Part one: you follow the 5 of hearts with a heart, the computer follows by value; your 2
is answered with a 2, so you pick up four; your Jack names spades; the computer's 8 makes
you miss a turn; it plays down to one card without calling and you catch it. Part two jumps
later into the hand: you call "last card", play your second-last card, and go out. The
positions are dealt at the table (lesson.py); this module is the lesson's words and its view.
"""
from __future__ import annotations

import pygame

from cardgames.core.cards import Suit
from cardgames.games.switch import lesson, rules
from cardgames.games.switch.hud import BANNER, CALL_BUTTON, CHOOSER, MOVE_BUTTON, SUIT_BOX
from cardgames.games.switch.rules import JACK, K_PLAY
from cardgames.games.switch.scene import SwitchScene
from cardgames.i18n import N_, said
from cardgames.tutorial.engine import Script, Step, TutorialMode

OPPONENT = "Ada"       # the lesson's computer seat, whatever names the player chose for real games


def their_panel(scene):
    return scene.panel_rect(1)


def call_button(scene):
    return CALL_BUTTON


def move_button(scene):
    return MOVE_BUTTON


STEPS = (
    Step(N_("Switch: be the first to play all your cards. A card goes on the discard pile when it has the same "
            "suit or the same value as the top card."), highlight=("discard",)),
    Step(N_("Play the 9 of hearts on the 5 of hearts: the same suit. Drag it onto the pile, or click it."),
         expect=("0 play 9H",), wrong=N_("The 9 of hearts is the card to play: same suit as the 5.")),
    Step(said("{name} follows with the 9 of clubs: the same value.", name=OPPONENT), auto=("1 play 9C",)),
    Step(N_("A 2 makes the next player pick up two cards. Play your 2 of clubs."), expect=("0 play 2C",),
         wrong=N_("Play the glowing 2 of clubs.")),
    Step(said("{name} answers with a 2 of her own: the pick-up grows to four and passes on. Aces work the "
              "same way, four cards each.", name=OPPONENT), auto=("1 play 2D",)),
    Step(N_("You have no 2 to answer with: pick up the four cards (click the stock, the button, or press P)."),
         expect=("0 take",), highlight=("stock", move_button), wrong=N_("Pick up the four cards from the stock.")),
    Step(said("{name} plays a diamond.", name=OPPONENT), auto=("1 play 7D",)),
    Step(N_("A Jack goes on anything and names the suit to follow. Play your Jack and name spades "
            "(click Spades, or press S)."), expect=("0 play JC>S",), wrong=N_("Play the Jack and name spades.")),
    Step(said("{name} plays the 8 of spades.", name=OPPONENT), auto=("1 play 8S",)),
    Step(N_("An 8 makes the next player miss a turn, unless they answer with an 8. You have none: miss "
            "your turn (press P, or click the button)."), expect=("0 pass",), highlight=(move_button,),
         wrong=N_("Miss your turn: press P or click the glowing button.")),
    Step(said("{name} plays a spade...", name=OPPONENT), auto=("1 play 4S",)),
    Step(N_("...and has one card left without calling \"Last card!\". Catch her: press C, or double-click her "
            "panel. She picks up two."), expect=("0 catch 1",), highlight=(their_panel,),
         wrong=N_("Catch her: press C or double-click her panel.")),
    Step(N_("Later in the hand: you have two cards. Before playing the second-last one, call \"Last card!\" "
            "(press L or click the button), or you can be caught too."), expect=("0 call",), jump=lesson.later,
         highlight=(call_button,), wrong=N_("Call \"Last card!\" first: press L.")),
    Step(N_("Now play the Queen of spades on the Queen of diamonds."), expect=("0 play QS",),
         wrong=N_("Play the Queen of spades.")),
    Step(said("{name} plays a spade.", name=OPPONENT), auto=("1 play 3S",)),
    Step(N_("Play your last card to go out and win the hand."), expect=("0 play 5S",),
         wrong=N_("Play the 5 of spades.")),
    Step(N_("You went out! In a match, the cards left in hands count as points against their holders. "
            "Have fun!")),
)

SCRIPT = Script("switch", N_("Switch tutorial"), lesson.opening, STEPS,
                options={"players": 2, "level": "normal", "names": ("You", OPPONENT)})


class SwitchTutorial(TutorialMode, SwitchScene):
    keep_clear = (SUIT_BOX, BANNER, CALL_BUTTON, MOVE_BUTTON, CHOOSER, pygame.Rect(80, 596, 436, 78))  # + your panel

    def highlight_rects(self):
        """While the suit chooser is open, the glow is on Spades (the card is already chosen)."""
        if self.choosing is not None:
            return [r for suit, r in self.suit_buttons() if suit is Suit.SPADES]
        return super().highlight_rects()

    def banner_text(self, obs) -> str:
        text = super().banner_text(obs)
        return "" if text.startswith("Nothing to play") else text   # the lesson holds back the other cards

    def _play(self, actions):
        """A Jack opens the suit chooser even though the lesson wants one suit (the wrong one is refused)."""
        first = actions[0]
        if len(actions) == 1 and first.kind is K_PLAY and first.card.rank is JACK:
            every = [a for a in map(rules.parse_action, self.latest().legal) if a.kind is K_PLAY and a.card == first.card]
            if len(every) > 1:
                self.resolve(every)
                return
        super()._play(actions)

    def _explain(self, card) -> None:
        self.say_wrong()
        self.app.play_sound("invalid")

    def _record_hand(self) -> None:
        pass

    def _show_summary(self) -> None:
        pass


SCENE = SwitchTutorial
