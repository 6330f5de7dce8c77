"""The one confirmation dialog: "Start a new game?  [New game] [Cancel]".

An overlay over whatever asked (the select screen, the pause overlay, a table). Two
buttons side by side; the safe one (Cancel) has the focus, so a stray Enter or A loses
nothing. Keyboard (arrows, Tab, Enter, Esc), mouse (click) and gamepad (D-pad, A, B) all
work, through the shared Menu. Esc / B / a click outside the box cancel.

    self.stack.push(ConfirmScene(app, "Start a new game?", "The saved game will be lost.",
                                 "New game", on_yes=self.start_now))

on_yes runs after the dialog has popped itself (so it may push or reset scenes); on_no,
if given, after a cancel.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cardgames import config
from cardgames.engine.scene import Scene
from cardgames.i18n import N_
from cardgames.ui import controls, theme
from cardgames.ui.widgets import Button, Menu, draw_wrapped, line_height, wrap_lines

W, H = config.CANVAS_SIZE
BOX_W = 560


class ConfirmScene(Scene):
    overlay = True
    dims_below = True   # the table under it is dimmed (engine/scene.py: laid once by the app)

    def __init__(self, app: Any, question: str, detail: str = "", yes: str = N_("Yes"),
                 on_yes: Callable[[], Any] | None = None, no: str = N_("Cancel"),
                 on_no: Callable[[], Any] | None = None) -> None:
        super().__init__(app)
        self.question, self.detail = question, detail
        self.on_yes, self.on_no = on_yes, on_no
        self.answered = False
        detail_h = len(wrap_lines(detail, BOX_W - 64)) * line_height(theme.BODY) if detail else 0
        height = 86 + detail_h + 140
        self.box = pygame.Rect((W - BOX_W) // 2, (H - height) // 2 - 20, BOX_W, height)
        bw, y = (BOX_W - 64 - 20) // 2, self.box.bottom - 104
        self.yes_button = Button((self.box.x + 32, y, bw, 56), yes, self.yes, primary=True)
        self.no_button = Button((self.box.right - 32 - bw, y, bw, 56), no, self.no)
        self.menu = Menu([self.yes_button, self.no_button], on_back=self.no,
                         sound=getattr(app, "play_sound", None), focus=1)

    def yes(self) -> None:
        self._close(self.on_yes)

    def no(self) -> None:
        self._close(self.on_no)

    def _close(self, then: Callable[[], Any] | None) -> None:
        if self.answered:
            return
        self.answered = True
        self.stack.pop()
        if then is not None:
            then()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_PAUSE:
            self.no()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.box.collidepoint(event.pos):
            self.no()
            return
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        theme.draw_panel(surface, box, theme.PANEL_SOLID, theme.ACCENT, width=3)
        theme.draw_text(surface, self.question, (box.centerx, box.y + 26), theme.LARGE + 4, theme.ACCENT,
                        bold=True, anchor="midtop")
        if self.detail:
            draw_wrapped(surface, self.detail, (box.x + 32, box.y + 82), BOX_W - 64, theme.BODY, theme.TEXT,
                         align="center")
        self.menu.draw(surface)
        controls.draw_prompt(surface, self.app, "{move}: choose   {act}: select   {back}: cancel",
                             (box.centerx, box.bottom - 10), theme.SMALL, theme.TEXT_DIM)
