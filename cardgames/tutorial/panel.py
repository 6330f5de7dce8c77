"""The tutorial's panel and glow: one sentence at a time, never over the cards it talks about.

Panel.draw() places a box of fixed width at the first of a few spots (the
scene's own free spots first, then bottom, top, the sides, the corners) that
covers none of the highlighted rects, and of those the one covering the fewest
other cards; the spot is kept while it stays
good, so the panel does not jump between steps. The highlighted cards get a
pulsing gold ring. The panel holds the sentence, a friendly line after a wrong
move, the step counter, and its buttons: Next (or Finish) on reading steps,
and Skip (Esc) always.
"""
from __future__ import annotations

import math

import pygame

from cardgames import config
from cardgames.i18n import N_
from cardgames.ui import theme
from cardgames.ui.widgets import line_height, wrap_lines

W, H = config.CANVAS_SIZE
WIDTH = 560
NARROW = 420       # the panel squeezed beside a table that fills the middle
PX = theme.BODY
BUTTON_H = 38
GLOW = (255, 214, 90)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.width * c.height


class Panel:
    def __init__(self) -> None:
        self.rect: pygame.Rect | None = None
        self.buttons: dict[str, pygame.Rect] = {}
        self._spot: int | None = None

    @staticmethod
    def spots(h: int, width: int = WIDTH) -> list[pygame.Rect]:
        """Where the panel may stand: the middle of the bottom and top edges, the sides, the corners."""
        x_mid, right, middle = (W - width) // 2, W - width - 14, (H - h) // 2
        return [pygame.Rect(x, y, width, h) for x, y in (
            (x_mid, H - h - 14), (x_mid, 84), (14, middle), (right, middle), (14, 84), (right, 84),
            (14, H - h - 14), (right, H - h - 14), (x_mid, middle))]

    def place(self, h: int, avoid: list[pygame.Rect], cards: list[pygame.Rect],
              narrow_h: int | None = None, own: tuple[pygame.Rect, ...] = (),
              callouts: tuple[pygame.Rect, ...] = ()) -> pygame.Rect:
        """The first spot clear of `avoid` and `callouts` covering the fewest `cards` (a narrower, taller
        panel too). `own` are the scene's free spots (x, y, width; the height is the text's), tried first."""
        spots = list(own) + self.spots(h) + (self.spots(narrow_h, NARROW) if narrow_h else [])
        keep = [r.inflate(16, 16) for r in avoid] + [pygame.Rect(r) for r in callouts]

        def cost(i: int) -> tuple[int, int, int]:
            r = spots[i]
            return (sum(_overlap(r, k) for k in keep), sum(_overlap(r, c) for c in cards), i)

        best = min(range(len(spots)), key=cost)
        if self._spot is not None and cost(self._spot)[0] == 0 and cost(self._spot)[1] <= cost(best)[1]:
            best = self._spot
        self._spot = best
        return spots[best]

    def button_at(self, pos: tuple[int, int]) -> str | None:
        return next((name for name, r in self.buttons.items() if r.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface, text: str, wrong: str, avoid: list[pygame.Rect],
             cards: list[pygame.Rect], counter: str, next_label: str | None, time: float,
             own: tuple[tuple[int, int, int], ...] = (), callouts: tuple[pygame.Rect, ...] = (),
             skip_label: str = N_("Skip (Esc)")) -> None:
        pulse = 0.5 + 0.5 * math.sin(time * 5)
        for r in avoid:
            grow = 5 + round(4 * pulse)
            pygame.draw.rect(surface, GLOW, r.inflate(grow * 2, grow * 2), width=4, border_radius=12)
        lh, sh = line_height(PX), line_height(theme.SMALL + 1)

        def measure(width: int) -> tuple[list[str], list[str], int]:
            inner = width - 2 * theme.PAD
            lines = wrap_lines(text or "…", inner, PX)
            wrong_lines = wrap_lines(wrong, inner, theme.SMALL + 1) if wrong else []
            return lines, wrong_lines, theme.PAD + 22 + len(lines) * lh + len(wrong_lines) * sh + 10 + BUTTON_H + theme.PAD

        measured = {w: measure(w) for w in {WIDTH, NARROW, *(w for _x, _y, w in own)}}
        rect = self.place(measured[WIDTH][2], avoid, cards, measured[NARROW][2],
                          tuple(pygame.Rect(x, y, w, measured[w][2]) for x, y, w in own), callouts)
        lines, wrong_lines, _h = measured[rect.width]
        self.rect = rect
        theme.draw_panel(surface, rect, (14, 20, 40, 238), GLOW)
        x, y = rect.x + theme.PAD, rect.y + theme.PAD - 4
        theme.draw_text(surface, counter, (x, y), theme.SMALL, GLOW, bold=True)
        y += 24
        for line in lines:
            theme.draw_text(surface, line, (x, y), PX, theme.TEXT)
            y += lh
        for line in wrong_lines:
            theme.draw_text(surface, line, (x, y), theme.SMALL + 1, (255, 170, 140), bold=True)
            y += sh
        self.buttons = {}
        by = rect.bottom - theme.PAD - BUTTON_H
        skip = pygame.Rect(rect.x + theme.PAD, by, 150, BUTTON_H)
        self._button(surface, skip, skip_label, False)
        self.buttons["skip"] = skip
        if next_label:
            nxt = pygame.Rect(rect.right - theme.PAD - 180, by, 180, BUTTON_H)
            self._button(surface, nxt, next_label, True)
            self.buttons["next"] = nxt

    @staticmethod
    def _button(surface: pygame.Surface, rect: pygame.Rect, label: str, primary: bool) -> None:
        fill = theme.BUTTON_PRIMARY if primary else theme.BUTTON
        theme.draw_panel(surface, rect, fill, theme.lighten(fill, 0.35))
        theme.draw_text(surface, label, rect.center, theme.SMALL + 1, theme.TEXT_DARK if primary else theme.TEXT,
                        bold=True, anchor="center")
