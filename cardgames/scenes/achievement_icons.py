"""The achievements' icons, drawn by our code with pygame shapes (no outside assets).

icon(name, size, colour, locked) returns a cached surface: a round medal in the
game's colour with a white emblem; a locked one is grey with a small padlock.
Each emblem is a function drawing into a 64x64 box (scaled for other sizes).
"""
from __future__ import annotations

import math
from collections.abc import Callable

import pygame

WHITE = (250, 248, 240)
INK = (28, 30, 44)
_cache: dict[tuple, pygame.Surface] = {}


def _poly(s, pts, c=WHITE, w=0):
    pygame.draw.polygon(s, c, pts, w)


def _star(s, cx, cy, r, c=WHITE, points=5, inner=0.45):
    pts = []
    for i in range(points * 2):
        a = -math.pi / 2 + i * math.pi / points
        rr = r if i % 2 == 0 else r * inner
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    _poly(s, pts, c)


def _card(s, rect, c=WHITE, edge=INK):
    r = pygame.Rect(rect)
    pygame.draw.rect(s, c, r, border_radius=4)
    pygame.draw.rect(s, edge, r, 2, border_radius=4)


def peak(s): _poly(s, [(12, 48), (32, 14), (52, 48)]); _poly(s, [(26, 25), (32, 14), (38, 25)], INK)
def peaks(s):
    for x in (6, 22, 38):
        _poly(s, [(x, 48), (x + 10, 18), (x + 20, 48)])
def flame(s):
    _poly(s, [(32, 8), (46, 30), (44, 46), (32, 54), (20, 46), (18, 30), (26, 34)])
    _poly(s, [(32, 30), (38, 42), (32, 50), (26, 42)], INK)
def broom(s):
    pygame.draw.line(s, WHITE, (44, 10), (28, 36), 5)
    _poly(s, [(20, 32), (36, 40), (30, 56), (10, 50)])
def stack(s):
    for i in range(3):
        _card(s, (16 + i * 5, 12 + i * 6, 26, 34))
def wrap(s):
    pygame.draw.arc(s, WHITE, (12, 12, 40, 40), 0.4, 5.6, 6)
    _poly(s, [(50, 22), (56, 38), (42, 34)])
def column(s):
    for i in range(3):
        _card(s, (22, 8 + i * 16, 20, 18))
def columns(s):
    for x in (12, 34):
        for i in range(3):
            _card(s, (x, 8 + i * 16, 18, 18))
def snow(s):
    for k in range(3):
        a = k * math.pi / 3
        dx, dy = 22 * math.cos(a), 22 * math.sin(a)
        pygame.draw.line(s, WHITE, (32 - dx, 32 - dy), (32 + dx, 32 + dy), 5)
    pygame.draw.circle(s, INK, (32, 32), 5)
def flag(s):
    pygame.draw.line(s, WHITE, (18, 10), (18, 56), 5)
    for i in range(3):
        for j in range(2):
            c = WHITE if (i + j) % 2 == 0 else INK
            pygame.draw.rect(s, c, (20 + i * 9, 12 + j * 9, 9, 9))
def shield(s): _poly(s, [(32, 8), (52, 16), (48, 40), (32, 56), (16, 40), (12, 16)]); \
    pygame.draw.lines(s, INK, False, [(22, 32), (30, 40), (44, 22)], 5)
def crown(s):
    _poly(s, [(10, 46), (12, 18), (24, 32), (32, 12), (40, 32), (52, 18), (54, 46)])
    pygame.draw.rect(s, WHITE, (10, 46, 44, 6))
def door(s):
    pygame.draw.rect(s, WHITE, (18, 8, 28, 48), border_radius=3)
    _poly(s, [(20, 10), (38, 16), (38, 54), (20, 54)], INK)
    pygame.draw.circle(s, WHITE, (33, 34), 3)
def gate(s):
    pygame.draw.arc(s, WHITE, (12, 10, 40, 40), 0, math.pi, 5)
    for x in (12, 47):
        pygame.draw.rect(s, WHITE, (x, 28, 5, 26))
    theme_font_digit(s, "1")
def road(s):
    _poly(s, [(26, 8), (38, 8), (54, 56), (10, 56)])
    for y in (14, 28, 42):
        pygame.draw.rect(s, INK, (30, y, 4, 8))
def wild(s): _star(s, 32, 32, 24, points=8, inner=0.5)
def sparkle(s):
    _star(s, 28, 34, 20, points=4, inner=0.25)
    _star(s, 48, 16, 10, points=4, inner=0.25)
def hand(s):
    for i, a in enumerate((-30, -12, 6, 24)):
        r = pygame.Surface((22, 32), pygame.SRCALPHA)
        _card(r, (0, 0, 22, 32))
        r = pygame.transform.rotate(r, -a)
        s.blit(r, r.get_rect(center=(20 + i * 8, 34 + abs(a) // 6)))
def catch(s):
    pygame.draw.circle(s, WHITE, (32, 32), 22, 5)
    pygame.draw.line(s, WHITE, (32, 4), (32, 60), 4)
    pygame.draw.line(s, WHITE, (4, 32), (60, 32), 4)
    pygame.draw.circle(s, WHITE, (32, 32), 6)
def stack2(s):
    _card(s, (12, 14, 26, 36)); theme_font_digit(s, "2", (25, 32))
    _card(s, (28, 10, 26, 36)); theme_font_digit(s, "2", (41, 28))
def jack(s): _card(s, (16, 8, 32, 48)); theme_font_digit(s, "J", (32, 32))
def gift(s):
    pygame.draw.rect(s, WHITE, (12, 26, 40, 28))
    pygame.draw.rect(s, WHITE, (10, 18, 44, 9))
    pygame.draw.rect(s, INK, (29, 18, 6, 36))
    pygame.draw.circle(s, WHITE, (24, 13), 6, 3)
    pygame.draw.circle(s, WHITE, (40, 13), 6, 3)
def globe(s):
    pygame.draw.circle(s, WHITE, (32, 32), 24, 4)
    pygame.draw.ellipse(s, WHITE, (22, 8, 20, 48), 3)
    pygame.draw.line(s, WHITE, (8, 32), (56, 32), 3)
def book(s):
    _poly(s, [(8, 16), (31, 12), (31, 54), (8, 50)])
    _poly(s, [(33, 12), (56, 16), (56, 50), (33, 54)])
    for y in (24, 32, 40):
        pygame.draw.line(s, INK, (14, y - 2), (26, y - 4), 2)

def _person(s, x, y, r, c=WHITE):
    """A head and shoulders centred on x, the head's centre at y, the head's radius r."""
    pygame.draw.circle(s, c, (x, y), r)
    pygame.draw.ellipse(s, c, (x - 2 * r, y + r + 2, 4 * r, 4 * r))
def pair(s):
    _person(s, 21, 22, 7)
    _person(s, 43, 22, 7)
    s.fill((0, 0, 0, 0), (0, 54, 64, 10))
def trio(s):
    _person(s, 14, 26, 6)
    _person(s, 50, 26, 6)
    _person(s, 32, 18, 8, INK)
    _person(s, 32, 18, 6)
    s.fill((0, 0, 0, 0), (0, 54, 64, 10))
def signal(s):
    for r in (12, 24, 36):
        pygame.draw.arc(s, WHITE, (32 - r, 50 - r, 2 * r, 2 * r), math.pi / 4, 3 * math.pi / 4, 5)
    pygame.draw.circle(s, WHITE, (32, 48), 5)
def again(s):
    pygame.draw.arc(s, WHITE, (10, 10, 44, 44), 0.3, math.pi - 0.3, 6)
    pygame.draw.arc(s, WHITE, (10, 10, 44, 44), math.pi + 0.3, 2 * math.pi - 0.3, 6)
    _poly(s, [(4, 30), (18, 30), (11, 42)])
    _poly(s, [(46, 34), (60, 34), (53, 22)])


def theme_font_digit(s, text, centre=(32, 40)):
    from cardgames.ui import theme

    img = theme.font(18, True).render(text, True, INK)
    s.blit(img, img.get_rect(center=centre))


ICONS: dict[str, Callable[[pygame.Surface], None]] = {f.__name__: f for f in (
    peak, peaks, flame, broom, stack, wrap, column, columns, snow, flag, shield, crown, door, gate, road,
    wild, sparkle, hand, catch, stack2, jack, gift, globe, book, pair, trio, signal, again)}


def _padlock(s: pygame.Surface) -> None:
    pygame.draw.rect(s, (60, 62, 74), (38, 40, 22, 18), border_radius=3)
    pygame.draw.arc(s, (60, 62, 74), (41, 28, 16, 22), 0, math.pi, 4)
    pygame.draw.circle(s, (200, 200, 210), (49, 49), 3)


def icon(name: str, size: int, colour: tuple[int, int, int], locked: bool = False) -> pygame.Surface:
    """The medal for `name` (a key of ICONS), `size` pixels square, cached."""
    key = (name, size, colour, locked)
    out = _cache.get(key)
    if out is None:
        s = pygame.Surface((64, 64), pygame.SRCALPHA)
        rim = (96, 98, 112) if locked else tuple(min(255, c + 50) for c in colour)
        pygame.draw.circle(s, rim, (32, 32), 31)
        pygame.draw.circle(s, (70, 72, 86) if locked else colour, (32, 32), 27)
        emblem = pygame.Surface((64, 64), pygame.SRCALPHA)
        ICONS.get(name, wild)(emblem)
        emblem = pygame.transform.smoothscale(emblem, (44, 44))
        if locked:
            emblem.fill((150, 152, 166, 140), special_flags=pygame.BLEND_RGBA_MULT)
        s.blit(emblem, (10, 10))
        if locked:
            _padlock(s)
        out = pygame.transform.smoothscale(s, (size, size)) if size != 64 else s
        _cache[key] = out
    return out
