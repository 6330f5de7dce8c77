"""The look of the collection: colours, font sizes, and cached text and panels.

One place for every colour and size, so the menus and the four games look
like one product. Tuned for the 1280x720 canvas: body text is 22 px, nothing
is smaller than SMALL (17 px here, pygame size 22): the floor every font keeps
(engine/text.py MIN_SIZE), so text is at least 11 px on screen in the smallest
window.

Text and translucent panels are cached (rendering a string or an alpha
surface every frame is the usual way a menu eats its frame budget).
Fonts are pygame's built-in typeface (see `font`), so widgets work anywhere,
tests included, without the asset files.
"""
from __future__ import annotations

import math

import pygame

from cardgames.engine.lru import MB, SurfaceCache
from cardgames.engine.text import MixedFont, has_indic, usable
from cardgames.i18n import tr

Colour = tuple[int, int, int] | tuple[int, int, int, int]

# ---------------------------------------------------------------- palette
BG = (12, 16, 30)              # behind everything: deep night blue
BG_GLOW = (34, 28, 74)         # the soft glow behind titles
PANEL = (18, 24, 44, 228)      # translucent panels over the table
PANEL_SOLID = (22, 30, 54)
PANEL_EDGE = (70, 86, 140)
TEXT = (242, 244, 252)
TEXT_DIM = (168, 178, 206)
TEXT_DARK = (20, 22, 34)       # on light buttons
ACCENT = (255, 200, 48)        # arcade gold: titles, selected values
ACCENT_2 = (255, 78, 138)      # arcade pink: highlights, "new best"
FOCUS = (92, 224, 255)         # the keyboard focus ring
GOOD = (96, 220, 120)
BAD = (255, 96, 88)
SHADOW = (0, 0, 0)

BUTTON = (46, 60, 108)
BUTTON_HOVER = (66, 84, 148)
BUTTON_PRIMARY = (232, 160, 24)  # the main action (Start, Resume)
BUTTON_DISABLED = (40, 44, 60)

# Table felts: (base, darker edge, lighter centre); games pick one by name.
FELTS: dict[str, tuple[Colour, Colour, Colour]] = {
    "green": ((20, 104, 66), (10, 58, 38), (30, 126, 80)),
    "blue": ((22, 70, 124), (12, 38, 74), (32, 92, 152)),
    "red": ((124, 30, 44), (70, 14, 24), (150, 42, 58)),
    "purple": ((72, 40, 118), (40, 20, 70), (92, 54, 146)),
}

# One signature colour per game (tiles, headings, stats pages).
GAME_COLOURS: dict[str, Colour] = {
    "tripeaks": (255, 168, 40),
    "skyjo": (64, 196, 255),
    "three_thirteen": (170, 110, 255),
    "switch": (255, 84, 110),
}

# ---------------------------------------------------------------- sizes (px on the 1280x720 canvas)
SMALL = 17
BODY = 22
LARGE = 28
HEADING = 40
TITLE = 64
HUGE = 96

RADIUS = 12          # corner radius of panels and buttons
PAD = 16             # inner padding of panels
FOCUS_WIDTH = 3

# ---------------------------------------------------------------- fonts
_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
FONT_SCALE = 1.3  # pygame's built-in font (the one Assets.font uses too) runs small: 22 "px" renders as 29


def font(px: int, bold: bool = False) -> pygame.font.Font:
    """A font whose text is about `px` pixels tall on the canvas; bold for titles and buttons.

    English is drawn in pygame's built-in face (every layout is tuned to its widths); the
    symbols and Indic scripts in the bundled Noto faces (cardgames/ui/text.py)."""
    if not pygame.font.get_init():
        pygame.font.init()
    key = (px, bold)
    f = _fonts.get(key)
    if f is not None and not usable(f):  # the font module quit since it was made: start afresh
        _fonts.clear()
        f = None
    if f is None:
        f = MixedFont(round(px * FONT_SCALE))
        f.bold = bold
        _fonts[key] = f
    return f


# ---------------------------------------------------------------- spaces that show
WORD_GAP = 0.33   # the least gap between words, in line heights: the built-in font's own space is
                  # 2-4 px at small sizes, so "Ada went out" read as "Adawent out"


def word_gap(f: pygame.font.Font) -> int:
    """The gap drawn between words in font `f` (its own space, or wider at small sizes)."""
    # the Latin face's own height: a taller Indic line (engine/text.py) must not widen English gaps
    return max(f.size(" ")[0], math.ceil(pygame.font.Font.get_height(f) * WORD_GAP))


def _own_spaces(f: pygame.font.Font, text: str) -> bool:
    """Whether `text` is drawn with its fonts' own spaces: the Noto faces' are wide enough, and an
    Indic run is shaped whole (so Font.size measures it exactly as it is drawn)."""
    return " " not in text or f.size(" ")[0] >= word_gap(f) or has_indic(text)


def text_width(f: pygame.font.Font, text: str) -> int:
    """How wide render(f, text) draws `text` (for wrapping and boxes)."""
    if _own_spaces(f, text):
        return f.size(text)[0]
    words = text.split(" ")
    return sum(f.size(w)[0] for w in words if w) + word_gap(f) * (len(words) - 1)


def render(f: pygame.font.Font, text: str, colour: Colour, antialias: bool = True) -> pygame.Surface:
    """font.render, with the spaces wide enough to see at every size (word by word when needed)."""
    gap = word_gap(f)
    if _own_spaces(f, text):
        return f.render(text, antialias, colour)
    words = text.split(" ")
    images = [f.render(w, antialias, colour) if w else None for w in words]
    surf = pygame.Surface((max(1, text_width(f, text)), f.get_height()), pygame.SRCALPHA)
    x = 0
    for image in images:
        if image is not None:
            surf.blit(image, (x, 0))
            x += image.get_width()
        x += gap
    return surf


# ---------------------------------------------------------------- cached text
_texts = SurfaceCache(12 * MB)   # rendered strings, least recently used dropped first


def text_surface(text: str, px: int = BODY, colour: Colour = TEXT, bold: bool = False,
                 shadow: bool = False) -> pygame.Surface:
    """`text` in the chosen language, rendered (antialiased, with an optional 2 px drop shadow); cached."""
    text = tr(text)
    key = (text, px, colour, bold, shadow)
    surf = _texts.get(key)
    if surf is None:
        f = font(px, bold)
        face = render(f, text, colour)
        if shadow:
            off = max(2, px // 16)
            surf = pygame.Surface((face.get_width() + off, face.get_height() + off), pygame.SRCALPHA)
            shade = render(f, text, SHADOW)
            shade.set_alpha(150)
            surf.blit(shade, (off, off))
            surf.blit(face, (0, 0))
        else:
            surf = face
        _texts.put(key, surf)
    return surf


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], px: int = BODY,
              colour: Colour = TEXT, bold: bool = False, anchor: str = "topleft",
              shadow: bool = False) -> pygame.Rect:
    """Draw `text` with its `anchor` ("center", "midtop", "topright"...) at `pos`; returns its rect."""
    surf = text_surface(text, px, colour, bold, shadow)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


# ---------------------------------------------------------------- panels
_panels: dict[tuple, pygame.Surface] = {}


def panel_surface(size: tuple[int, int], fill: Colour = PANEL, edge: Colour | None = PANEL_EDGE,
                  radius: int = RADIUS, width: int = 2) -> pygame.Surface:
    """A rounded, possibly translucent rectangle with a border; cached by its look."""
    key = (size, fill, edge, radius, width)
    surf = _panels.get(key)
    if surf is None:
        if len(_panels) > 200:
            _panels.clear()
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rect = surf.get_rect()
        pygame.draw.rect(surf, fill, rect, border_radius=radius)
        if edge is not None and width > 0:
            pygame.draw.rect(surf, edge, rect, width=width, border_radius=radius)
        _panels[key] = surf
    return surf


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, fill: Colour = PANEL,
               edge: Colour | None = PANEL_EDGE, radius: int = RADIUS, width: int = 2) -> None:
    surface.blit(panel_surface(rect.size, fill, edge, radius, width), rect.topleft)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, t: float, colour: Colour = FOCUS) -> None:
    """The keyboard focus: a bright ring just outside `rect` that gently pulses (t in seconds)."""
    grow = 5 + round(2 * (1 + math.sin(t * 5)) / 2)
    ring = rect.inflate(grow * 2, grow * 2)
    pygame.draw.rect(surface, colour, ring, width=FOCUS_WIDTH, border_radius=RADIUS + grow)


def lighten(colour: Colour, amount: float) -> tuple[int, int, int]:
    """Mix `colour` toward white by `amount` (0..1); negative amounts darken toward black."""
    r, g, b = colour[:3]
    if amount >= 0:
        return (round(r + (255 - r) * amount), round(g + (255 - g) * amount), round(b + (255 - b) * amount))
    k = 1 + amount
    return (round(r * k), round(g * k), round(b * k))


# ---------------------------------------------------------------- table background
_tables: dict[tuple, pygame.Surface] = {}


def felt_surface(size: tuple[int, int], name: str = "green") -> pygame.Surface:
    """A table felt: radial light in the middle, darker toward the edges (cached)."""
    key = (size, name)
    surf = _tables.get(key)
    if surf is None:
        _base, dark, light = FELTS.get(name, FELTS["green"])
        w, h = size
        small = pygame.Surface((64, 36))
        for y in range(36):
            for x in range(64):
                d = min(1.0, math.hypot((x - 31.5) / 32, (y - 17.5) / 18) / 1.15)
                c = [light[i] + (dark[i] - light[i]) * d * d for i in range(3)]
                small.set_at((x, y), c)
        surf = pygame.transform.smoothscale(small, (w, h))
        _tables[key] = surf
    return surf
