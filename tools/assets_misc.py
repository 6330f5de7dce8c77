"""Skyjo cards, table textures, card overlays (shadow, highlight, empty slot) and UI icons."""
from __future__ import annotations

import itertools
import math
import random

import pygame
from assets_draw import (
    FACE_WHITE,
    GOLD,
    GOLD_DARK,
    RED,
    SUIT_NAMES,
    Canvas,
    H,
    W,
    blit_centred,
    draw_suit,
    mix,
    panel_card,
    repaint_border,
    star_points,
    suit_colour,
    text,
)

# ---------------------------------------------------------------- Skyjo

SKYJO_VALUES = tuple(range(-2, 13))


def skyjo_colour(value: int):
    """The colour bands of the real deck: dark blue, light blue, green, yellow, red."""
    if value < 0:
        return (44, 58, 156)
    if value == 0:
        return (86, 192, 236)
    if value <= 4:
        return (96, 184, 68)
    if value <= 8:
        return (246, 206, 46)
    return (226, 58, 48)


def _outlined(label: str, height: float, fill, outline, thickness: float, underline: bool) -> pygame.Surface:
    """A number with a solid outline, drawn by stamping the dark version around a circle."""
    front = text(label, height, fill)
    back = text(label, height, outline)
    pad = round(thickness * 4) + 2
    w, h = front.get_width() + 2 * pad, front.get_height() + 2 * pad
    if underline:
        h += round(height * 0.22 * 4)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    bar = None
    if underline:   # tells 6 from 9 when the card is seen upside down
        bar_h = max(4, round(height * 0.09 * 4))
        bar = pygame.Rect(pad, pad + front.get_height() + round(height * 0.08 * 4), front.get_width(), bar_h)
    steps = 24
    for i in range(steps):
        a = 2 * math.pi * i / steps
        dx, dy = round(math.cos(a) * thickness * 4), round(math.sin(a) * thickness * 4)
        surf.blit(back, (pad + dx, pad + dy))
        if bar:
            pygame.draw.rect(surf, outline, bar.move(dx, dy), border_radius=bar.h // 2)
    surf.blit(front, (pad, pad))
    if bar:
        pygame.draw.rect(surf, fill, bar, border_radius=bar.h // 2)
    return surf


def skyjo_face(value: int) -> pygame.Surface:
    colour = skyjo_colour(value)
    dark = mix(colour, (0, 0, 0), 0.55)
    cv, inner = panel_card(8, colour, radius=8)
    # a soft lighter diamond behind the number, and a fine border
    cv.poly([(W / 2, 40), (W - 26, H / 2), (W / 2, H - 40), (26, H / 2)], mix(colour, (255, 255, 255), 0.28))
    cv.poly([(W / 2, 54), (W - 40, H / 2), (W / 2, H - 54), (40, H / 2)], mix(colour, (255, 255, 255), 0.14))
    cv.rect(inner.inflate(-8, -8), mix(colour, (255, 255, 255), 0.5), 1.5, radius=6)
    label = str(value)
    underline = value in (6, 9)
    big = _outlined(label, 100, (255, 255, 255), dark, 4, underline)
    blit_centred(cv, big, (W / 2, H / 2 + (8 if underline else 0)))
    small = _outlined(label, 26, (255, 255, 255), dark, 2, underline)
    for x, y in ((28, 32), (W - 28, 32)):
        blit_centred(cv, small, (x, y + (3 if underline else 0)))
        blit_centred(cv, small, (W - x, H - y - (3 if underline else 0)), 180)
    return cv.final()


def skyjo_back() -> pygame.Surface:
    navy = (30, 34, 78)
    cv, inner = panel_card(8, navy, radius=8)
    bands = Canvas(inner.size)
    colours = [skyjo_colour(v) for v in (-2, 0, 2, 6, 10)]
    step = 26
    for k in range(-12, 16):
        c = colours[k % 5]
        x = k * step
        bands.poly([(x, 0), (x + 12, 0), (x + 12 + inner.h * 0.6, inner.h), (x + inner.h * 0.6, inner.h)],
                   mix(c, navy, 0.55))
    cv.blit(bands.surf, inner.topleft)
    cx, cy = W / 2, H / 2
    for i, c in enumerate(reversed(colours)):
        cv.circle((cx, cy), 62 - i * 10, c)
    cv.circle((cx, cy), 14, navy)
    cv.poly(star_points((cx, cy), 12, 5), (255, 255, 255))
    cv.circle((cx, cy), 64, (255, 255, 255), 3)
    cv.rect(inner, (255, 255, 255), 2, radius=8)
    repaint_border(cv, inner, radius=8)
    return cv.final()


# ---------------------------------------------------------------- tables

TABLES = {
    "felt_green": (34, 108, 62),
    "felt_blue": (30, 78, 128),
    "felt_red": (116, 30, 42),
    "felt_dark": (36, 40, 48),
}
TILE = 256


def _smooth_noise(rng: random.Random, cells: int) -> bytes:
    """Tileable soft noise, TILE x TILE grey bytes: a random grid tiled 3x3, scaled up
    smoothly, then cut from the middle (the edges match because the grid repeats)."""
    grid = pygame.Surface((cells, cells))
    for y in range(cells):
        for x in range(cells):
            v = rng.randrange(256)
            grid.set_at((x, y), (v, v, v))
    big = pygame.Surface((cells * 3, cells * 3))
    for i in range(3):
        for j in range(3):
            big.blit(grid, (i * cells, j * cells))
    big = pygame.transform.smoothscale(big, (TILE * 3, TILE * 3))
    tile = big.subsurface((TILE, TILE, TILE, TILE))
    return pygame.image.tobytes(tile, "RGB")[::3]


def table_tile(name: str) -> pygame.Surface:
    """A tileable felt texture: base colour, soft mottling and fine grain."""
    base = TABLES[name]
    rng = random.Random(f"table:{name}")
    coarse = _smooth_noise(rng, 8)
    medium = _smooth_noise(rng, 32)
    grain = rng.randbytes(TILE * TILE)
    out = bytearray(TILE * TILE * 3)
    for i in range(TILE * TILE):
        d = (coarse[i] - 128) * 0.07 + (medium[i] - 128) * 0.05 + (grain[i] - 128) * 0.045
        for c in range(3):
            v = base[c] + d
            out[i * 3 + c] = 0 if v < 0 else 255 if v > 255 else int(v)
    return pygame.image.frombytes(bytes(out), (TILE, TILE), "RGB")


def vignette() -> pygame.Surface:
    """Darkened edges for the table, 320x180 (the loader scales it to the canvas)."""
    w, h = 320, 180
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        for x in range(w):
            dx, dy = (x + 0.5) / w * 2 - 1, (y + 0.5) / h * 2 - 1
            d = math.sqrt(dx * dx * 0.8 + dy * dy * 0.9)
            a = max(0.0, min(1.0, (d - 0.45) / 0.85)) ** 1.6
            surf.set_at((x, y), (0, 0, 0, round(a * 150)))
    return surf


# ---------------------------------------------------------------- card overlays

def card_shadow() -> pygame.Surface:
    """A soft shadow for a 200x280 card, 232x312 (16 px of blur around the card)."""
    small = pygame.Surface((29, 39), pygame.SRCALPHA)
    pygame.draw.rect(small, (0, 0, 0, 120), (2, 2, 25, 35), border_radius=2)
    return pygame.transform.smoothscale(pygame.transform.smoothscale(small, (58, 78)), (232, 312))


def card_highlight() -> pygame.Surface:
    """A golden glow ring around a 200x280 card, 232x312, drawn over or under a card."""
    cv = Canvas((232, 312))
    for i, a in enumerate((40, 70, 110, 170)):
        inset = 12 - i * 3
        cv.rect((inset - 2, inset - 2, 232 - 2 * inset + 4, 312 - 2 * inset + 4), (255, 214, 90, a), 3,
                radius=18 - i)
    cv.rect((14, 14, 204, 284), (255, 236, 150, 255), 3, radius=13)
    return cv.final()


def card_slot() -> pygame.Surface:
    """An empty pile's place: a faint rounded outline with a light fill, 200x280."""
    cv = Canvas((W, H))
    cv.rect((0, 0, W, H), (255, 255, 255, 36), radius=12)
    cv.rect((0, 0, W, H), (255, 255, 255, 120), 3, radius=12)
    cv.rect((10, 10, W - 20, H - 20), (255, 255, 255, 60), 1.5, radius=8)
    return cv.final()


# ---------------------------------------------------------------- icons
# 64x64, white on transparent unless they are coloured by nature (suits, star, trophy).
# Tint a white icon with surface.fill(colour, special_flags=pygame.BLEND_RGBA_MULT).

ICON = 64
WHITE = (255, 255, 255)


def _speaker(cv: Canvas) -> None:
    cv.poly([(10, 24), (20, 24), (32, 12), (32, 52), (20, 40), (10, 40)], WHITE)


def _note(cv: Canvas, x: float = 0) -> None:
    cv.ellipse((12 + x, 40, 16, 12), WHITE)
    cv.ellipse((36 + x, 34, 16, 12), WHITE)
    cv.rect((25 + x, 12, 4, 34), WHITE)
    cv.rect((49 + x, 8, 4, 32), WHITE)
    cv.poly([(25 + x, 12), (53 + x, 6), (53 + x, 14), (25 + x, 20)], WHITE)


def _cross(cv: Canvas, c, r, width) -> None:
    x, y = c
    cv.line((x - r, y - r), (x + r, y + r), WHITE, width)
    cv.line((x - r, y + r), (x + r, y - r), WHITE, width)


def _arc(cv: Canvas, c, r, a0, a1, width, colour=WHITE) -> None:
    """A thick arc from angle a0 to a1 (degrees, clockwise on screen), built from short lines."""
    n = max(2, int(abs(a1 - a0) / 6))
    pts = [(c[0] + r * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
            c[1] + r * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]
    for p, q in itertools.pairwise(pts):
        cv.line(p, q, colour, width)


def _arrow_head(cv: Canvas, tip, direction_deg, size) -> None:
    a = math.radians(direction_deg)
    tx, ty = tip
    bx, by = tx - size * math.cos(a), ty - size * math.sin(a)
    px, py = -math.sin(a) * size * 0.7, math.cos(a) * size * 0.7
    cv.poly([(tx, ty), (bx + px, by + py), (bx - px, by - py)], WHITE)


def _icon_drawers():
    """name -> function(canvas) for every icon; the names are what assets.image() expects."""
    d = {}

    for s, name in enumerate(SUIT_NAMES):
        d[f"suit_{name}"] = (lambda c, s=s: draw_suit(c, s, (32, 32), 52, suit_colour(s)))
        d[f"suit_{name}_4"] = (lambda c, s=s: draw_suit(c, s, (32, 32), 52, suit_colour(s, four_colour=True)))
        d[f"suit_{name}_white"] = (lambda c, s=s: draw_suit(c, s, (32, 32), 52, WHITE))

    def star(c):
        c.poly(star_points((32, 34), 30, 13), GOLD)
        c.poly(star_points((32, 34), 30, 13), GOLD_DARK, 2)
        c.poly(star_points((30, 30), 10, 4.5), (255, 240, 170))
    d["star"] = star
    d["star_empty"] = lambda c: c.poly(star_points((32, 34), 29, 13), (200, 200, 200), 3)

    def trophy(c):
        c.poly([(16, 8), (48, 8), (46, 28), (38, 38), (26, 38), (18, 28)], GOLD)
        _arc(c, (16, 18), 8, 90, 270, 4, GOLD)
        _arc(c, (48, 18), 8, -90, 90, 4, GOLD)
        c.rect((28, 36, 8, 12), GOLD_DARK)
        c.rect((18, 48, 28, 8), GOLD, radius=2)
        c.poly(star_points((32, 21), 8, 3.5), (255, 244, 190))
    d["trophy"] = trophy

    def crown(c):
        pts = [(8, 50), (6, 18), (20, 32), (32, 10), (44, 32), (58, 18), (56, 50)]
        c.poly(pts, GOLD)
        c.poly(pts, GOLD_DARK, 2)
        for x, y in ((6, 18), (32, 10), (58, 18)):
            c.circle((x, y), 4, RED)
    d["crown"] = crown

    d["icon_pause"] = lambda c: (c.rect((16, 12, 11, 40), WHITE, radius=2), c.rect((37, 12, 11, 40), WHITE, radius=2))
    d["icon_play"] = lambda c: c.poly([(18, 10), (52, 32), (18, 54)], WHITE)

    def undo(c):
        _arc(c, (34, 36), 16, -90, 160, 7)
        _arrow_head(c, (12, 20), 180, 14)
        c.line((34, 20), (20, 20), WHITE, 7)
    d["icon_undo"] = undo

    def redo(c):
        _arc(c, (30, 36), 16, 20, 270, 7)
        _arrow_head(c, (52, 20), 0, 14)
        c.line((30, 20), (44, 20), WHITE, 7)
    d["icon_redo"] = redo

    def restart(c):
        _arc(c, (32, 34), 19, -60, 240, 7)
        _arrow_head(c, (44, 8), -40, 15)
    d["icon_restart"] = restart

    def hint(c):   # a light bulb
        c.circle((32, 26), 17, WHITE)
        c.poly([(22, 36), (42, 36), (38, 46), (26, 46)], WHITE)
        c.rect((25, 48, 14, 4), WHITE, radius=2)
        c.rect((27, 54, 10, 4), WHITE, radius=2)
        for a in (-150, -110, -70, -30):
            r = math.radians(a)
            c.line((32 + 22 * math.cos(r), 26 + 22 * math.sin(r)), (32 + 28 * math.cos(r), 26 + 28 * math.sin(r)),
                   WHITE, 3)
    d["icon_hint"] = hint

    def sound_on(c):
        _speaker(c)
        _arc(c, (32, 32), 10, -45, 45, 4)
        _arc(c, (32, 32), 19, -50, 50, 4)
    d["icon_sound_on"] = sound_on
    d["icon_sound_off"] = lambda c: (_speaker(c), _cross(c, (48, 32), 8, 5))

    d["icon_music"] = _note
    d["icon_music_off"] = lambda c: (_note(c, -4), c.line((8, 56), (56, 8), (0, 0, 0, 0), 9),
                                     c.line((10, 54), (54, 10), WHITE, 4))

    def settings(c):   # a gear
        for i in range(8):
            a = math.radians(i * 45)
            c.line((32 + 16 * math.cos(a), 32 + 16 * math.sin(a)), (32 + 25 * math.cos(a), 32 + 25 * math.sin(a)),
                   WHITE, 10)
        c.circle((32, 32), 20, WHITE)
        c.circle((32, 32), 8, (0, 0, 0, 0))
    d["icon_settings"] = settings

    def home(c):
        c.poly([(32, 8), (58, 32), (50, 32), (50, 56), (14, 56), (14, 32), (6, 32)], WHITE)
        c.rect((27, 38, 10, 18), (0, 0, 0, 0))
    d["icon_home"] = home

    def rules(c):   # an open book
        c.poly([(6, 14), (30, 18), (30, 54), (6, 50)], WHITE)
        c.poly([(58, 14), (34, 18), (34, 54), (58, 50)], WHITE)
        for y in (26, 34, 42):
            c.line((11, y - 2), (25, y), (0, 0, 0, 0), 2)
            c.line((39, y), (53, y - 2), (0, 0, 0, 0), 2)
    d["icon_rules"] = rules

    def stats(c):
        for x, h in ((10, 20), (26, 34), (42, 46)):
            c.rect((x, 56 - h, 12, h), WHITE, radius=2)
        c.rect((6, 56, 52, 4), WHITE)
    d["icon_stats"] = stats

    d["icon_close"] = lambda c: _cross(c, (32, 32), 17, 8)

    def check(c):
        c.line((12, 34), (26, 48), WHITE, 8)
        c.line((26, 48), (52, 16), WHITE, 8)
    d["icon_check"] = check

    def fullscreen(c):
        for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
            x, y = 32 - sx * 22, 32 - sy * 22
            c.line((x, y), (x + sx * 14, y), WHITE, 5)
            c.line((x, y), (x, y + sy * 14), WHITE, 5)
    d["icon_fullscreen"] = fullscreen

    d["icon_arrow_left"] = lambda c: (c.line((52, 32), (18, 32), WHITE, 8), _arrow_head(c, (8, 32), 180, 22))
    d["icon_arrow_right"] = lambda c: (c.line((12, 32), (46, 32), WHITE, 8), _arrow_head(c, (56, 32), 0, 22))
    d["icon_arrow_up"] = lambda c: (c.line((32, 52), (32, 18), WHITE, 8), _arrow_head(c, (32, 8), -90, 22))
    d["icon_arrow_down"] = lambda c: (c.line((32, 12), (32, 46), WHITE, 8), _arrow_head(c, (32, 56), 90, 22))

    def player(c):
        c.circle((32, 20), 12, WHITE)
        c.poly([(10, 58), (14, 40), (24, 34), (40, 34), (50, 40), (54, 58)], WHITE)
    d["icon_player"] = player

    def computer(c):   # a friendly robot head
        c.rect((12, 18, 40, 34), WHITE, radius=8)
        c.line((32, 18), (32, 8), WHITE, 3)
        c.circle((32, 7), 4, WHITE)
        c.circle((24, 32), 5, (0, 0, 0, 0))
        c.circle((40, 32), 5, (0, 0, 0, 0))
        c.rect((22, 42, 20, 4), (0, 0, 0, 0), radius=2)
        c.rect((6, 28, 5, 12), WHITE, radius=2)
        c.rect((53, 28, 5, 12), WHITE, radius=2)
    d["icon_computer"] = computer

    def timer(c):
        c.circle((32, 35), 23, WHITE, 5)
        c.rect((26, 4, 12, 6), WHITE, radius=2)
        c.line((32, 35), (32, 20), WHITE, 5)
        c.line((32, 35), (42, 40), WHITE, 4)
    d["icon_timer"] = timer

    def deck(c):   # a small stack of cards
        for i, (x, y) in enumerate(((8, 14), (14, 10), (20, 6))):
            c.rect((x, y, 32, 44), WHITE, radius=4)
            c.rect((x, y, 32, 44), (0, 0, 0, 0) if i < 2 else WHITE, 2, radius=4)
            if i < 2:
                c.rect((x + 2, y + 2, 28, 40), WHITE, radius=3)
        c.rect((20, 6, 32, 44), (60, 60, 60, 255), 2, radius=4)
        draw_suit(c, 2, (36, 28), 18, RED)
    d["icon_cards"] = deck
    return d


ICONS = _icon_drawers()


def icon(name: str) -> pygame.Surface:
    cv = Canvas((ICON, ICON))
    ICONS[name](cv)
    return cv.final()


def table_names():
    return tuple(TABLES)


__all__ = [
    "FACE_WHITE",
    "ICONS",
    "SKYJO_VALUES",
    "TABLES",
    "card_highlight",
    "card_shadow",
    "card_slot",
    "icon",
    "skyjo_back",
    "skyjo_face",
    "table_tile",
    "vignette",
]
