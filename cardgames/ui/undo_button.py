"""The Undo button of a practice game's table (Skyjo, Three Thirteen, Switch with "Practice (undo allowed)").

GameScene draws it over the HUD where the table's `undo_rect` says, lit while undo would take a move
back (GameScene.can_undo); a click, Enter on it (the focus ring reaches it as "button:undo"), Ctrl+Z /
U / Backspace and a pad's Back button all call GameScene.undo(). Its label names the control of the
device in use: "Undo (Ctrl+Z)" on a keyboard or mouse, "Undo" and the Back button's glyph on a pad.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames.i18n import N_
from cardgames.ui import controls, theme
from cardgames.ui.widgets import Button

KEYS_LABEL = N_("Undo (Ctrl+Z)")
PAD_LABEL = N_("Undo {undo}")     # {undo}: the pad's Back button, drawn as its glyph


class UndoButton(Button):
    def __init__(self, scene: Any, rect: pygame.Rect) -> None:
        super().__init__(rect, KEYS_LABEL, scene.undo, px=theme.BODY)
        self.app = scene.app

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        pad = controls.device(self.app) == "pad"
        self.text = "" if pad else KEYS_LABEL
        super().draw(surface, focused)
        if pad:
            colour = theme.TEXT if self.enabled else theme.TEXT_DIM
            controls.draw_prompt(surface, self.app, PAD_LABEL, self.rect.center, self.px, colour,
                                 anchor="center", bold=True)
