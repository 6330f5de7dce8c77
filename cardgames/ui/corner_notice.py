"""A short status line in the bottom strip, beside the prompt line: "Xbox Controller connected".

The shell screens (title, select, settings...) have their prompt line at the bottom centre and their
buttons just above it, so a toast there would cover one or the other. A controller's comings and
goings are told here instead, small, in the free room left of the prompt line (common.draw_hints
records where it drew it), shortened with "…" to fit that room. A table's toasts have a place of
their own (Scene.toast_bottom; Scene.pad_notices_as_toasts): there the app shows these as toasts.
"""
from __future__ import annotations

import pygame

from cardgames.ui import theme
from cardgames.ui.widgets import clip_text

SECONDS = 3.5
MARGIN = 8          # from the canvas's left and bottom edges, and before the prompt line
PX = theme.SMALL


class CornerNotice:
    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0

    def push(self, text: str) -> None:
        self.text, self.left = text, SECONDS

    def __bool__(self) -> bool:
        return self.left > 0

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def rect(self, canvas: tuple[int, int], prompt: pygame.Rect | None) -> tuple[str, pygame.Rect]:
        """The words shown (clipped) and where: bottom left, ending before the prompt line."""
        room = (prompt.left if prompt is not None else canvas[0] // 2) - 2 * MARGIN - 16
        words = clip_text(self.text, max(40, room), PX)
        w, h = theme.font(PX).size(words)
        return words, pygame.Rect(MARGIN, canvas[1] - MARGIN - h - 4, w + 16, h + 4)

    def draw(self, surface: pygame.Surface, prompt: pygame.Rect | None) -> pygame.Rect | None:
        if not self:
            return None
        words, rect = self.rect(surface.get_size(), prompt)
        theme.draw_panel(surface, rect, theme.PANEL_SOLID, theme.ACCENT, radius=8, width=1)
        theme.draw_text(surface, words, (rect.x + 8, rect.centery), PX, theme.TEXT, anchor="midleft")
        return rect
