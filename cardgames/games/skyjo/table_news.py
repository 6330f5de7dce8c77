"""What the Skyjo table shows about moves beyond the cards themselves.

- NewsBanner: the table's news ("Ben cleared a column", "Last turn!", "Round 3")
  in ONE spot beside the piles, one banner after another: never over a grid, a
  pile or another banner, and drawn in front of everything on the table.
- SlotMarks: each seat's last exchange (or card turned after a discard). The
  slot flashes when the card lands (even when the new card has the old one's
  value) and keeps a ring until that seat moves again: gold when the card came
  from the discard pile, white when it was drawn or turned.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from cardgames.i18n import tr
from cardgames.ui import theme

BANNER_SECONDS = 1.7
FLASH_SECONDS = 1.1
SPRING = 0.18                        # seconds a banner takes to spring up
FROM_DISCARD = theme.ACCENT          # the ring of a card taken from the discard pile
FROM_DRAW = (250, 250, 255)          # ... of a drawn card put in (a dark edge sets it off white card borders)


@dataclass
class Banner:
    title: str
    detail: str
    colour: theme.Colour
    seconds: float


class NewsBanner:
    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.queue: list[Banner] = []
        self.age = 0.0

    def push(self, title: str, detail: str = "", colour: theme.Colour = theme.ACCENT,
             seconds: float = BANNER_SECONDS) -> None:
        if len(self.queue) > 6:            # a burst of news: keep the latest few, not a long wait
            del self.queue[1:-4]
        self.queue.append(Banner(title, detail, colour, seconds))

    def clear(self) -> None:
        self.queue.clear()
        self.age = 0.0

    @property
    def showing(self) -> Banner | None:
        return self.queue[0] if self.queue else None

    def update(self, dt: float) -> None:
        if not self.queue:
            return
        self.age += dt
        waiting = len(self.queue) - 1          # more news behind: each banner gives way sooner
        if self.age >= (self.queue[0].seconds if not waiting else max(0.7, self.queue[0].seconds / (1 + waiting))):
            self.queue.pop(0)
            self.age = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        banner = self.showing
        if banner is None:
            return
        k = min(1.0, self.age / SPRING)                 # it springs up, then stays
        grow = 1.0 + 0.08 * math.sin(math.pi * k) if k < 1 else 1.0
        rect = self.rect.inflate(round(self.rect.w * (grow - 1)), round(self.rect.h * (grow - 1)))
        theme.draw_panel(surface, rect, theme.PANEL_SOLID + (235,), banner.colour, radius=10, width=3)
        title_px = next((px for px in (26, 20) if theme.text_width(theme.font(px, True), tr(banner.title)) < rect.w - 20),
                        17)   # a long name, or a language whose words run longer
        y = rect.y + (12 if banner.detail else (rect.h - theme.font(title_px).get_height()) // 2)
        theme.draw_text(surface, banner.title, (rect.centerx, y), title_px, banner.colour, bold=True,
                        anchor="midtop", shadow=True)
        if banner.detail:
            detail_px = 15 if theme.text_width(theme.font(15), tr(banner.detail)) <= rect.w - 12 else 13
            theme.draw_text(surface, banner.detail, (rect.centerx, y + 36), detail_px, theme.TEXT, anchor="midtop")


class SlotMarks:
    def __init__(self) -> None:
        self.marks: dict[int, tuple[str, bool, float]] = {}    # seat -> (pile, from the discard?, since)

    def set(self, seat: int, pile: str, from_discard: bool, now: float) -> None:
        self.marks[seat] = (pile, from_discard, now)

    def note(self, mover: int, kind: str, slot: int | None, after_discard: bool, now: float) -> None:
        """A move of `mover`'s: an exchange ("take", "swap") or a card turned after a discard marks its
        slot (it flashes, and stays marked until their next turn); a draw takes their mark away."""
        if kind in ("take", "swap") or (kind == "flip" and after_discard):
            self.set(mover, f"grid:{mover}:{slot}", kind == "take", now)
        elif kind == "draw":
            self.clear(mover)

    def clear(self, seat: int | None = None) -> None:
        if seat is None:
            self.marks.clear()
        else:
            self.marks.pop(seat, None)

    def flashing(self, now: float, speed: float) -> bool:
        """Is some mark's flash on (or still to come)? Then the table keeps drawing."""
        return any((now - since) / max(0.2, speed) < 0.25 + FLASH_SECONDS for _, _, since in self.marks.values())

    def draw(self, surface: pygame.Surface, rect_of: dict[str, pygame.Rect], now: float, speed: float) -> None:
        """rect_of: the marked piles' card rectangles; speed: the animation scale (the flash waits
        for the card to land)."""
        for pile, from_discard, since in self.marks.values():
            rect = rect_of.get(pile)
            if rect is None:
                continue
            colour = FROM_DISCARD if from_discard else FROM_DRAW
            age = (now - since) / max(0.2, speed)
            if 0.25 <= age < 0.25 + FLASH_SECONDS:       # the flash, once the card has landed
                t = (age - 0.25) / FLASH_SECONDS
                glow = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
                alpha = round(150 * (1 - t) * (0.6 + 0.4 * math.cos(t * 4 * math.pi)))
                pygame.draw.rect(glow, colour + (max(0, alpha),), glow.get_rect(), border_radius=10)
                surface.blit(glow, rect.inflate(16, 16).topleft)
            pygame.draw.rect(surface, (16, 18, 30), rect.inflate(10, 10), width=2, border_radius=9)
            pygame.draw.rect(surface, colour, rect.inflate(6, 6), width=3, border_radius=7)
            if from_discard:                              # a small tab: "taken from the discard pile"
                tab = pygame.Rect(rect.x - 3, rect.y - 3, 10, 10)
                pygame.draw.rect(surface, colour, tab, border_radius=3)
