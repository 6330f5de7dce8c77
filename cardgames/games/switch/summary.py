"""The Switch hand-over and match summary overlay.

Pushed by the table when a hand ends: who went out, the cards left in every
hand with their points, and in a match the running totals. "Next hand"
(Enter) deals on; at the end, "Play again" or "Menu". In the demo it closes
by itself after a few seconds.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames import config
from cardgames.engine.scene import Scene
from cardgames.games.switch import rules
from cardgames.scenes.common import draw_hints
from cardgames.scenes.pause import dim_surface
from cardgames.ui import theme
from cardgames.ui.widgets import Button, Menu

W, H = config.CANVAS_SIZE
BOX = pygame.Rect(170, 70, W - 340, H - 140)
DEMO_SECONDS = 3.5
MINI = (32, 45)       # the cards left in each hand
ROW = 52              # one player's row at most (less with many players, to fit above the note)


class SwitchSummary(Scene):
    overlay = True

    def __init__(self, app: Any, game: Any) -> None:
        super().__init__(app)
        self.game = game
        self.state = game.state
        self.final = rules.is_over(self.state)
        self.timer = 0.0
        y = BOX.bottom - 76
        if self.final:
            buttons = [Button((BOX.centerx - 250, y, 240, 56), "Play again", self.play_again, primary=True),
                       Button((BOX.centerx + 10, y, 240, 56), "Menu", self.to_menu)]
        else:
            buttons = [Button((BOX.centerx - 140, y, 280, 56), "Next hand", self.next_hand, primary=True)]
        self.menu = Menu(buttons, on_back=self.to_menu if self.final else self.next_hand,
                         sound=getattr(app, "play_sound", None))

    # Actions ---------------------------------------------------------------------
    def next_hand(self) -> None:
        self.stack.pop()
        self.game.next_hand()

    def play_again(self) -> None:
        self.stack.pop()
        self.game.restart()

    def to_menu(self) -> None:
        from cardgames.scenes.select import SelectScene

        self.stack.reset(SelectScene(self.app, game="switch"))

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
                    self.next_hand()

    def title(self) -> str:
        state, name = self.state, self.game.seat_name
        if self.final and state.match:
            won = [name(s) for s in rules.winners(state)]
            verb = "win" if len(won) > 1 or won[0] == "You" else "wins"
            return f"{' and '.join(won)} {verb} the match!"
        who = name(state.winner)
        return f"{who} {'go' if who == 'You' else 'goes'} out and {'win' if who == 'You' else 'wins'} the hand!"

    def _draw_cards(self, surface: pygame.Surface, hand: Any, pos: tuple[int, int], width: int) -> None:
        """The cards left in a hand, small and overlapped to fit `width` (counted against their holder)."""
        step = min(MINI[0] + 4, (width - MINI[0]) / max(1, len(hand) - 1))
        for i, card in enumerate(hand):
            surface.blit(self.app.assets.card(card, MINI), (round(pos[0] + i * step), pos[1]))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(dim_surface(), (0, 0))
        theme.draw_panel(surface, BOX, theme.PANEL_SOLID, theme.GAME_COLOURS["switch"], width=3)
        state = self.state
        theme.draw_text(surface, self.title(), (BOX.centerx, BOX.y + 22), theme.HEADING, theme.ACCENT,
                        bold=True, anchor="midtop")
        sub = f"Hand {state.hand_no + 1}" + (f" of a match to {rules.MATCH_TARGET}" if state.match else "")
        theme.draw_text(surface, sub, (BOX.centerx, BOX.y + 80), theme.BODY, theme.TEXT_DIM, anchor="midtop")
        x0, y = BOX.x + 40, BOX.y + 130
        heads = [("Player", 0), ("Cards left", 170), ("Points", 640)] + ([("Total", 760)] if state.match else [])
        for text, dx in heads:
            theme.draw_text(surface, text, (x0 + dx, y), theme.SMALL, theme.TEXT_DIM, bold=True)
        y += 30
        row = min(ROW, (BOX.bottom - 128 - y) // state.players)
        for seat in range(state.players):
            colour = theme.GOOD if seat == state.winner else theme.TEXT
            hand = state.hands[seat]
            cells = [(self.game.seat_name(seat), 0), (str(state.last_points[seat]), 640)]
            if state.match:
                cells.append((str(state.totals[seat]), 760))
            if hand:
                self._draw_cards(surface, hand, (x0 + 170, y + (row - MINI[1]) // 2), 450)
            else:
                cells.append(("out!", 170))
            for text, dx in cells:
                theme.draw_text(surface, text, (x0 + dx, y + row // 2), theme.BODY, colour, bold=dx == 0,
                                anchor="midleft")
            y += row
        if state.match and not self.final:
            theme.draw_text(surface, "8s and Aces cost 25, pictures 10, the rest their value. "
                            f"The match ends when someone reaches {rules.MATCH_TARGET}.",
                            (BOX.centerx, BOX.bottom - 104), theme.SMALL, theme.TEXT_DIM, anchor="midbottom")
        self.menu.draw(surface)
        draw_hints(surface, "Enter: " + ("play again   Esc: menu" if self.final else "next hand"))
