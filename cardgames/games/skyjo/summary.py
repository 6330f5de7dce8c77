"""The Skyjo round summary overlay: round scores (doubling shown), running totals, every round so far.

Pushed by the Skyjo scene when a round ends. "Next round" (Enter) deals the
next one; after the last round it says who won and offers "Play again" and
"Menu". The buttons, keys and the demo's timer come from SummaryOverlay.
"""
from __future__ import annotations

import pygame

from cardgames.scenes.summary import SummaryOverlay
from cardgames.ui import theme

MAX_ROUNDS_SHOWN = 9      # older rounds scroll off the left of the table


class RoundSummaryScene(SummaryOverlay):
    game_name = "skyjo"
    edge = theme.GAME_COLOURS["skyjo"]

    def title(self) -> str:
        if not self.final:
            return f"Round {self.state.round_no} over"
        winners = [self.game.seat_name(s) for s in self.game.rules.winners(self.state)]
        return f"{' and '.join(winners)} {'win' if len(winners) > 1 or winners[0] == 'You' else 'wins'}!"

    def draw_body(self, surface: pygame.Surface) -> None:
        box, last = self.box, self.state.rounds[-1]
        finisher = self.game.seat_name(last.finisher)
        note = f"{finisher} ended the round"
        if last.doubled:
            note += f" without the lowest score: {last.raw[last.finisher]} doubled to {last.scores[last.finisher]}"
        theme.draw_text(surface, note, (box.centerx, box.y + 76), theme.BODY, theme.TEXT_DIM, anchor="midtop")
        self._draw_table(surface, box.y + 120)

    def _draw_table(self, surface: pygame.Surface, top: int) -> None:
        """One row per player: name, the rounds so far (the newest in gold), the total."""
        state, box = self.state, self.box
        first = max(0, len(state.rounds) - MAX_ROUNDS_SHOWN)
        rounds = state.rounds[first:]
        players = state.players
        row_h = min(40, (box.bottom - 100 - top) // (players + 1))
        name_x, col0, col_w = box.x + 30, box.x + 250, 64
        total_x = box.right - 60
        px = theme.BODY if row_h >= 34 else theme.SMALL
        theme.draw_text(surface, "Player", (name_x, top), px, theme.TEXT_DIM)
        for k, _ in enumerate(rounds):
            theme.draw_text(surface, f"R{first + k + 1}", (col0 + k * col_w + col_w // 2, top), px,
                            theme.TEXT_DIM, anchor="midtop")
        theme.draw_text(surface, "Total", (total_x, top), px, theme.TEXT_DIM, anchor="midtop")
        low = min(state.totals)
        for seat in range(players):
            y = top + (seat + 1) * row_h
            colour = theme.GOOD if state.totals[seat] == low else theme.TEXT
            theme.draw_text(surface, self.game.seat_name(seat, with_level=True), (name_x, y), px, colour)
            for k, r in enumerate(rounds):
                text = str(r.scores[seat])
                shade = theme.TEXT_DIM
                if r.finisher == seat:
                    text += "*"
                if r.doubled and r.finisher == seat:
                    text = f"{r.raw[seat]}x2"
                    shade = theme.ACCENT_2
                if r is rounds[-1]:
                    shade = theme.ACCENT_2 if (r.doubled and r.finisher == seat) else theme.ACCENT
                theme.draw_text(surface, text, (col0 + k * col_w + col_w // 2, y), px, shade, anchor="midtop")
            theme.draw_text(surface, str(state.totals[seat]), (total_x, y), px, colour, bold=True, anchor="midtop")
        foot = top + (players + 1) * row_h + 4
        theme.draw_text(surface, f"* ended the round    10x2: doubled to 20    game ends at {state.target}",
                        (name_x, foot), theme.SMALL, theme.TEXT_DIM)
