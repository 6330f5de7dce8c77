"""Pieces the shell screens share: the backdrop, a header, the key hints line, and the game tile."""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardgames.config import CANVAS_SIZE
from cardgames.core.cards import Card, Rank, Suit
from cardgames.engine.blit import for_blit
from cardgames.games.info import GameInfo
from cardgames.i18n import N_, _, language, ngettext, tr
from cardgames.ui import controls, theme
from cardgames.ui.widgets import Widget, wrap_lines

_backdrops: dict[tuple[int, int], pygame.Surface] = {}


def backdrop() -> pygame.Surface:
    """The menus' background: night blue with a soft purple glow near the top (built once)."""
    surf = _backdrops.get(CANVAS_SIZE)
    if surf is None:
        small = pygame.Surface((64, 36))
        for y in range(36):
            for x in range(64):
                d = min(1.0, math.hypot((x - 32) / 40, (y - 6) / 26))
                small.set_at((x, y), [theme.BG_GLOW[i] + (theme.BG[i] - theme.BG_GLOW[i]) * d for i in range(3)])
        surf = pygame.transform.smoothscale(small, CANVAS_SIZE)
        _backdrops[CANVAS_SIZE] = surf
    return surf


def draw_header(surface: pygame.Surface, title: str, colour: theme.Colour = theme.ACCENT,
                subtitle: str = "") -> None:
    """A screen's title at the top left, with an optional dim subtitle after it."""
    rect = theme.draw_text(surface, title, (40, 22), theme.HEADING, colour, bold=True, shadow=True)
    if subtitle:
        theme.draw_text(surface, subtitle, (rect.right + 18, rect.bottom - 8), theme.BODY, theme.TEXT_DIM,
                        anchor="bottomleft")


def draw_hints(surface: pygame.Surface, text: str, app: Any = None) -> None:
    """The key hints along the bottom edge ("{move}: move   {act}: select   {back}: back"); with `app`,
    the {tokens} name the controls of the device in use (ui/controls.py), as glyphs on a gamepad."""
    pos = (CANVAS_SIZE[0] // 2, CANVAS_SIZE[1] - 8)
    if app is None:
        rect = theme.draw_text(surface, text, pos, theme.SMALL, theme.TEXT_DIM, anchor="midbottom")
    else:
        rect = controls.draw_prompt(surface, app, text, pos, theme.SMALL, theme.TEXT_DIM)
    HINTS[0] = rect   # where the prompt line lies this frame (a controller's notice keeps clear of it)


HINTS: list[pygame.Rect | None] = [None]   # the prompt line drawn last (app.py: CornerNotice)


def play(app: Any, name: str, volume: float = 1.0) -> None:
    """app.play_sound if the app has one (tests may use a bare app)."""
    fn = getattr(app, "play_sound", None)
    if fn is not None:
        fn(name, volume)


class GameTile(Widget):
    """A game's tile: its colour, title, tagline; "coming soon" when its scene is not there yet.

    Used by the select screen (focusable, `action` on Enter/click) and by the title screen
    (just drawn). The face is drawn once per look and cached."""

    def __init__(self, rect, info: GameInfo, action: Callable[[], Any] | None = None,
                 badge: str = "", compact: bool = False,
                 art: pygame.Surface | Sequence[pygame.Surface] | None = None) -> None:
        super().__init__(rect)
        self.info, self.action, self.badge, self.compact = info, action, badge, compact
        # a few of the game's cards in the right-hand corner: the first of the pictures given (widest
        # first) that leaves the title its room in the chosen language
        self.arts = (art,) if isinstance(art, pygame.Surface) else tuple(art or ())
        self.available = info.available
        self.selected = False
        self._cache: dict[tuple, pygame.Surface] = {}

    def activate(self) -> bool:
        if self.action is None:
            return False
        self.action()
        return True

    def _face(self, highlighted: bool) -> pygame.Surface:
        key = (highlighted, self.badge, self.available, language())
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        w, h = self.rect.size
        colour = theme.GAME_COLOURS.get(self.info.name, theme.ACCENT)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        fill = theme.lighten(theme.PANEL_SOLID, 0.08) if highlighted else theme.PANEL_SOLID
        edge = colour if highlighted else theme.lighten(colour, -0.35)
        theme.draw_panel(surf, surf.get_rect(), fill, edge, width=3 if highlighted else 2)
        band = pygame.Rect(0, 0, w, 8)
        pygame.draw.rect(surf, colour, band, border_top_left_radius=theme.RADIUS, border_top_right_radius=theme.RADIUS)
        px = theme.LARGE if not self.compact else theme.BODY
        self.title_rect = theme.draw_text(surf, self.info.title, (16, 18), px,
                                          colour if self.available else theme.TEXT_DIM, bold=True, shadow=True)
        players = (ngettext("{n} player", "{n} players", self.info.min_players).format(n=self.info.min_players)
                   if self.info.max_players == 1 else
                   _("{lo}-{hi} players").format(lo=self.info.min_players, hi=self.info.max_players))
        y = 18 + round(px * 1.4)
        players_y = y
        theme.draw_text(surf, players, (16, y), theme.SMALL, theme.TEXT_DIM)
        if not self.compact:
            y += 26
            for line in wrap_lines(self.info.tagline, w - 32, theme.SMALL + 1)[:3]:
                theme.draw_text(surf, line, (16, y), theme.SMALL + 1, theme.TEXT if self.available else theme.TEXT_DIM)
                y += 24
        if self.arts:
            title_w = theme.text_width(theme.font(px, True), tr(self.info.title))
            art = next((a for a in self.arts if 16 + title_w + 8 <= w - 12 - a.get_width()), self.arts[-1])
            self.art_rect = surf.blit(art, art.get_rect(bottomright=(w - 12, h - 8)))
        if not self.available:
            _pill(surf, N_("COMING SOON"), theme.ACCENT_2, players_y)
        elif self.badge:
            _pill(surf, self.badge, theme.GOOD, players_y)
        self._cache[key] = surf
        return surf

    def face(self, focused: bool) -> pygame.Surface:
        """The tile's picture as draw() blits it (made once per look, then the same surface)."""
        return self._face(focused or self.selected)

    def draw(self, surface, focused):
        surface.blit(for_blit(self.face(focused)), self.rect)   # (an opaque panel: its fast twin, engine/blit.py)


def _pill(surf: pygame.Surface, text: str, colour: theme.Colour, y: int) -> None:
    """A small rounded label at the tile's right edge, on the players line ("SAVED", "COMING SOON")."""
    label = theme.text_surface(text, theme.SMALL - 1, theme.TEXT_DARK, bold=True)
    pill = pygame.Rect(0, 0, label.get_width() + 20, label.get_height() + 6)
    pill.topright = (surf.get_width() - 12, y - 3)
    pygame.draw.rect(surf, colour, pill, border_radius=pill.height // 2)
    surf.blit(label, label.get_rect(center=pill.center))


_PREVIEW_CARDS = {
    "tripeaks": ("back", "back", Card(Rank.SEVEN, Suit.DIAMONDS), Card(Rank.EIGHT, Suit.CLUBS),
                 Card(Rank.NINE, Suit.HEARTS)),
    "three_thirteen": (Card(Rank.FIVE, Suit.HEARTS), Card(Rank.SIX, Suit.HEARTS), Card(Rank.SEVEN, Suit.HEARTS),
                       Card(Rank.QUEEN, Suit.SPADES), Card(Rank.QUEEN, Suit.CLUBS)),
    "switch": (Card(Rank.TWO, Suit.CLUBS), Card(Rank.ACE, Suit.SPADES), Card(Rank.JACK, Suit.DIAMONDS),
               Card(Rank.EIGHT, Suit.HEARTS), "back"),
    "skyjo": (-2, 0, 3, 7, 12),
}


def card_row(assets: Any, game: str, four: bool, back: str, size: tuple[int, int] = (92, 128), step: int = 78,
             count: int = 5) -> pygame.Surface:
    """A few of `game`'s cards side by side, overlapping: a picture of what the game looks like."""
    items = _PREVIEW_CARDS.get(game, ())[-count:]
    surf = pygame.Surface((size[0] + step * max(0, len(items) - 1) + 8, size[1] + 8), pygame.SRCALPHA)
    for i, item in enumerate(items):
        if item == "back":
            img = assets.skyjo_back(size) if game == "skyjo" else assets.back(back, size)
        elif isinstance(item, int):
            img = assets.skyjo(item, size)
        else:
            img = assets.card(item, size, four_colour=four)
        surf.blit(img, (i * step, 4 + (0 if i % 2 else size[1] // 32)))
    return surf
