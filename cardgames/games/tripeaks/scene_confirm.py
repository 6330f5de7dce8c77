"""A small yes / no question over the TriPeaks table ("Abandon this hand and deal another?").

A minimal dialog kept inside games/tripeaks until the shared confirmation
dialog (branch `input`) lands: a panel with a title, a line of text and two
buttons. Keyboard (arrows, Enter, Esc = no) and mouse, through the shared Menu.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cardgames.engine.scene import Scene
from cardgames.scenes.pause import dim_surface
from cardgames.ui import theme
from cardgames.ui.widgets import Button, Menu, draw_wrapped

W, H = 1280, 720
BOX = pygame.Rect((W - 620) // 2, 220, 620, 250)


class ConfirmScene(Scene):
    overlay = True

    def __init__(self, app: Any, title: str, text: str, yes: str, on_yes: Callable[[], Any],
                 no: str = "Cancel", on_no: Callable[[], Any] | None = None) -> None:
        super().__init__(app)
        self.title, self.text = title, text
        self.on_yes, self.on_no = on_yes, on_no
        bw, gap = 250, 20
        x0 = BOX.centerx - bw - gap // 2
        self.yes_button = Button((x0, BOX.bottom - 76, bw, 52), yes, self.yes, primary=True, px=theme.BODY)
        self.no_button = Button((x0 + bw + gap, BOX.bottom - 76, bw, 52), no, self.no, px=theme.BODY)
        self.menu = Menu([self.yes_button, self.no_button], on_back=self.no, sound=getattr(app, "play_sound", None))

    def yes(self) -> None:
        self.stack.pop()
        self.on_yes()

    def no(self) -> None:
        self.stack.pop()
        if self.on_no is not None:
            self.on_no()

    def handle_event(self, event: pygame.event.Event) -> None:
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(dim_surface(), (0, 0))
        theme.draw_panel(surface, BOX, theme.PANEL_SOLID, theme.ACCENT, width=3)
        theme.draw_text(surface, self.title, (BOX.centerx, BOX.y + 20), theme.LARGE, theme.ACCENT, bold=True,
                        anchor="midtop")
        draw_wrapped(surface, self.text, (BOX.x + 30, BOX.y + 70), BOX.width - 60, theme.BODY)
        self.menu.draw(surface)
