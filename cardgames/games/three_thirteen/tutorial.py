"""The Three Thirteen tutorial: the wild rank, sets and runs, the live penalty, going out.

A scripted round 4 (six cards each, so 6s are wild) against one scripted computer seat:
your 9, 9 and the wild 6 are a set; the 4 and 5 of clubs wait for a run; the discard
pile's 3 of clubs completes 3-4-5, your live penalty drops to the King alone, you go out
and throw the King; the computer has its last turn and the round is scored.
"""
from __future__ import annotations

import pygame

from cardgames.games.three_thirteen import melds, rules
from cardgames.games.three_thirteen.hud import BIG, DISCARD_DX, DISCARD_POS, YOU_Y
from cardgames.games.three_thirteen.lesson import MINE, ROUND, STOCK, THEIRS, deal
from cardgames.games.three_thirteen.scene import BUTTON_W, BUTTON_X, ThreeThirteenScene
from cardgames.i18n import N_, said
from cardgames.tutorial.engine import Script, Step, TutorialMode
from cardgames.ui.pile_fans import SHOWN

OPPONENT = "Ada"       # the lesson's computer seat, whatever names the player chose for real games


def penalty_box(scene) -> pygame.Rect:
    """The live penalty in the side panel ("Penalty now" and its number)."""
    return pygame.Rect(BUTTON_X - 6, YOU_Y + 22, BUTTON_W + 12, 56)


def out_button(scene) -> pygame.Rect:
    return scene.buttons["out"].rect


def _their_penalty() -> int:
    hand = rules.parse_cards(THEIRS) + rules.parse_cards(STOCK)[-1:]
    kept = [c for c in hand if str(c) != "QH"]       # they draw the AH and throw the QH
    return melds.penalty(tuple(kept), rules.wild_rank(ROUND), False)


BEFORE = melds.penalty(rules.parse_cards(MINE), rules.wild_rank(ROUND), False)
THEIR_PENALTY = _their_penalty()
HAND = tuple(("hand:0", c) for c in MINE.split())

STEPS = (
    Step(N_("Three Thirteen lasts eleven rounds: 3 cards in the first, up to 13 in the last. This round deals "
         "6 cards, so 6s are wild: your 6 of diamonds stands for any card you need."), highlight=(("hand:0", "6D"),)),
    Step(N_("Make melds: sets (three or more of one rank, like your 9, 9 and the wild 6) and runs (three or more "
         "in a row of one suit, like 3-4-5 of clubs)."), highlight=HAND),
    Step(said("Cards that fit no meld are your penalty, counted live here: {points} now (the 4, 5 and King). "
              "Low scores win.", points=BEFORE), highlight=(penalty_box,)),
    Step(N_("Each turn starts with a card from the stock or the discard pile. The 3 of clubs makes a run with your "
         "4 and 5: take it (drag it into your hand, or click it)."), expect=("take",),
         wrong=N_("Take the 3 of clubs from the discard pile.")),
    Step(N_("Look: your penalty is down to the King's 10. When every card but one fits a meld, you may go out. "
         "Click Go out (or press G)."), expect=("out",), highlight=(out_button, penalty_box),
         wrong=N_("Go out: click the Go out button.")),
    Step(N_("Your melds are laid down. Throw the card left over, the King, on the discard pile."),
         expect=("discard KS",), wrong=N_("Throw the King: it is the card left over.")),
    Step(said("{opponent} has one last turn, then the round is scored.", opponent=OPPONENT),
         auto=("stock", "discard QH")),
    Step(said("You went out with 0 points; {opponent}'s cards left outside melds cost {points}. "
              "After eleven rounds the lowest total wins. Good luck!", opponent=OPPONENT, points=THEIR_PENALTY)),
)

SCRIPT = Script("three_thirteen", N_("Three Thirteen tutorial"), deal, STEPS,
                options={"players": 2, "level": "normal", "names": ("You", OPPONENT)})


INFO_COLUMN = pygame.Rect(30, 170, 250, 185)   # the round, the wild rank, the dealer and the Ace rule
# Two seats leave the right of the table free above your totals: the panel stands right of the
# opponent's box, and the log's corner (a few lines for two seats) moves below it, right of the piles
# (of the discard pile's fan at its widest).
PANEL_SPOT = (798, 14, 468)
LOG_LEFT = DISCARD_POS[0] + DISCARD_DX * (SHOWN - 1) + BIG[0] + 10
TUTORIAL_LOG_RECT = pygame.Rect(LOG_LEFT, 300, BUTTON_X - 10 - 8 - LOG_LEFT, 92)


class ThreeThirteenTutorial(TutorialMode, ThreeThirteenScene):
    keep_clear = (pygame.Rect(BUTTON_X - 10, 326, BUTTON_W + 20, 370),   # your total, penalty and buttons
                  INFO_COLUMN)
    panel_spots = (PANEL_SPOT,)
    log_rect = TUTORIAL_LOG_RECT

    def show_summary_later(self) -> None:
        pass      # the last step explains the scored round on the table

    def layout(self, obs: rules.Observation) -> dict:
        """Once the round is scored (its hands are public then), the opponent's cards turn face up."""
        out = super().layout(obs)
        if obs.phase == rules.Phase.ROUND_OVER and obs.rounds:
            hand = obs.rounds[-1].hands[1]
            arr = melds.arrange(hand, obs.wild, obs.ace_high)
            out["hand:1"] = [(c, True) for m in arr.melds for c in m.cards] + [(c, True) for c in arr.unmelded]
        return out

    def record_game(self) -> None:
        pass


SCENE = ThreeThirteenTutorial
