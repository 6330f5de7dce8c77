"""The Skyjo round summary overlay: round scores (doubling shown), running totals, every round so far.

Pushed by the Skyjo scene when a round ends. "Next round" (Enter) deals the
next one; after the last round it says who won and offers "Play again" and
"Menu". The buttons, keys and the demo's timer come from SummaryOverlay.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames import config
from cardgames.i18n import N_, said, said_by, tr, word
from cardgames.scenes.summary import SummaryOverlay, fitted_box, winners_words
from cardgames.ui import theme

MAX_ROUNDS_SHOWN = 9      # older rounds scroll off the left of the table


ROW_H = 40                # a player's row in the table
W, H = config.CANVAS_SIZE


def score_cell(r: Any, seat: int) -> str:
    """A seat's score in a round as the summary's table writes it: "*" after the one who ended the
    round (the legend says so), their raw sum "×2" when it was doubled ("64×2*")."""
    text = f"{r.raw[seat]}×2" if r.doubled and r.finisher == seat else str(r.scores[seat])
    return text + "*" if r.finisher == seat else text

class RoundSummaryScene(SummaryOverlay):
    game_name = "skyjo"
    edge = theme.GAME_COLOURS["skyjo"]

    def __init__(self, app: Any, game: Any) -> None:
        # The panel is as tall as its table (two players left half of a full-height panel empty), centred
        # above the key hints; eight players fill the full height.
        self.obs = game.observation()      # the table as the viewer was last told it
        high = min(H - 120, 250 + (self.obs.players + 1) * ROW_H)
        self.box = fitted_box(140, W - 280, high, 20)
        super().__init__(app, game)

    def title(self) -> str:
        if not self.final:
            return said("Round {n} over", n=self.obs.round_no)
        result = self.game.latest().result     # the table's word on who won (set once the game is over)
        return winners_words([self.game.seat_name(s) for s in (result.winners if result is not None else ())])

    def draw_body(self, surface: pygame.Surface) -> None:
        box, last = self.box, self.obs.rounds[-1]
        finisher = self.game.seat_name(last.finisher)
        if last.doubled:
            note = said_by(finisher, N_("You ended the round without the lowest score: {raw} doubled to {score}"),
                           N_("{name} ended the round without the lowest score: {raw} doubled to {score}"),
                           raw=last.raw[last.finisher], score=last.scores[last.finisher])
        else:
            note = said_by(finisher, N_("You ended the round"), N_("{name} ended the round"))
        theme.draw_text(surface, note, (box.centerx, box.y + 76), theme.BODY, theme.TEXT_DIM, anchor="midtop")
        self._draw_table(surface, box.y + 120)

    def _draw_table(self, surface: pygame.Surface, top: int) -> None:
        """One row per player: name, the rounds so far (the newest in gold), the total."""
        obs, box = self.obs, self.box
        first = max(0, len(obs.rounds) - MAX_ROUNDS_SHOWN)
        rounds = obs.rounds[first:]
        players = obs.players
        row_h = min(ROW_H, (box.bottom - 100 - top) // (players + 1))
        px = theme.BODY if row_h >= 34 else theme.SMALL
        name_x = box.x + 30

        def cell(seat: int, k: int) -> tuple[str, theme.Colour]:
            r = rounds[k]
            doubled = r.doubled and r.finisher == seat
            shade = theme.ACCENT_2 if doubled else theme.ACCENT if r is rounds[-1] else theme.TEXT_DIM
            return score_cell(r, seat), shade

        self.draw_score_table(surface, top, row_h, px, [said("R{n}", n=first + k + 1) for k in range(len(rounds))], cell,
                              name_x, box.x + 250, 64)
        foot = top + (players + 1) * row_h + 4
        legend = [word(N_("* ended the round"))]
        if any(r.doubled for r in rounds):  # explain "10×2" only when the table shows one
            legend.append(word(N_("10×2: doubled to 20")))
        legend.append(said("game ends at {n}", n=obs.target))
        theme.draw_text(surface, "    ".join(map(tr, legend)), (name_x, foot), theme.SMALL, theme.TEXT_DIM)
