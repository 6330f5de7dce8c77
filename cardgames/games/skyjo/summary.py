"""The Skyjo round summary overlay: round scores (doubling shown), running totals, every round so far.

Pushed by the Skyjo scene when a round ends. "Next round" (Enter) deals the
next one; after the last round it says who won and offers "Play again" and
"Menu". In the demo it closes by itself after a few seconds.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames import config
from cardgames.engine.scene import Scene
from cardgames.scenes.common import draw_hints
from cardgames.scenes.pause import dim_surface
from cardgames.ui import theme
from cardgames.ui.widgets import Button, Menu

W, H = config.CANVAS_SIZE
BOX = pygame.Rect(140, 60, W - 280, H - 120)
MAX_ROUNDS_SHOWN = 9      # older rounds scroll off the left of the table
DEMO_SECONDS = 3.5


class RoundSummaryScene(Scene):
    overlay = True

    def __init__(self, app: Any, game: Any) -> None:
        super().__init__(app)
        self.game = game
        self.state = game.state
        self.final = game.over
        self.timer = 0.0
        y = BOX.bottom - 76
        if self.final:
            buttons = [Button((BOX.centerx - 250, y, 240, 56), "Play again", self.play_again, primary=True),
                       Button((BOX.centerx + 10, y, 240, 56), "Menu", self.to_menu)]
        else:
            buttons = [Button((BOX.centerx - 140, y, 280, 56), "Next round", self.next_round, primary=True)]
        self.menu = Menu(buttons, on_back=self.game.open_pause if not self.final else self.to_menu,
                         sound=getattr(app, "play_sound", None))

    # Actions ---------------------------------------------------------------------
    def next_round(self) -> None:
        self.stack.pop()
        self.game.next_round()

    def play_again(self) -> None:
        self.stack.pop()
        self.game.restart()

    def to_menu(self) -> None:
        from cardgames.scenes.select import SelectScene

        self.stack.reset(SelectScene(self.app, game="skyjo"))

    # Frame -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)
        if self.app.demo is not None:
            self.timer += dt
            if self.timer >= DEMO_SECONDS and self.stack.top is self:
                if self.final:
                    self.stack.pop()
                else:
                    self.next_round()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(dim_surface(), (0, 0))
        theme.draw_panel(surface, BOX, theme.PANEL_SOLID, theme.GAME_COLOURS["skyjo"], width=3)
        state = self.state
        last = state.rounds[-1]
        if self.final:
            winners = [self.game.seat_name(s) for s in self.game.rules.winners(state)]
            title = f"{' and '.join(winners)} {'win' if len(winners) > 1 or winners[0] == 'You' else 'wins'}!"
        else:
            title = f"Round {state.round_no} over"
        theme.draw_text(surface, title, (BOX.centerx, BOX.y + 18), theme.HEADING, theme.ACCENT, bold=True,
                        anchor="midtop", shadow=True)
        finisher = self.game.seat_name(last.finisher)
        note = f"{finisher} ended the round"
        if last.doubled:
            note += f" without the lowest score: {last.raw[last.finisher]} doubled to {last.scores[last.finisher]}"
        theme.draw_text(surface, note, (BOX.centerx, BOX.y + 76), theme.BODY, theme.TEXT_DIM, anchor="midtop")
        self._draw_table(surface, BOX.y + 120)
        self.menu.draw(surface)
        draw_hints(surface, "Enter: continue   Esc: " + ("menu" if self.final else "pause"))

    def _draw_table(self, surface: pygame.Surface, top: int) -> None:
        """One row per player: name, the rounds so far (the newest in gold), the total."""
        state = self.state
        first = max(0, len(state.rounds) - MAX_ROUNDS_SHOWN)
        rounds = state.rounds[first:]
        players = state.players
        row_h = min(40, (BOX.bottom - 100 - top) // (players + 1))
        name_x, col0, col_w = BOX.x + 30, BOX.x + 250, 64
        total_x = BOX.right - 60
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
