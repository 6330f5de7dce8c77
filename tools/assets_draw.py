"""Drawing helpers shared by the asset generator: supersampled canvases, suit shapes, text.

Everything is drawn at SS times the final size with plain (aliased) pygame drawing,
then shrunk with smoothscale: the averaging gives clean antialiased edges. Suit symbols
are vector shapes (polygons and circles), never font glyphs, so they look the same on
every machine. Only pygame's bundled default font is used, for rank letters and digits.
"""
from __future__ import annotations

import math
from pathlib import Path

import pygame

SS = 4  # supersampling factor

# Colours shared by several generators.
RED = (204, 22, 44)
BLACK = (24, 24, 30)
GREEN4 = (18, 128, 58)    # four-colour deck: clubs
BLUE4 = (22, 86, 196)     # four-colour deck: diamonds
GOLD = (222, 172, 48)
GOLD_DARK = (160, 112, 20)
FACE_WHITE = (253, 252, 247)
EDGE_GREY = (150, 150, 150)
SKIN = (250, 218, 186)

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")   # index = cardgames.core.cards.Suit value

W, H = 200, 280  # every full-size card sprite (poker proportions 5:7)


def suit_colour(suit: int, four_colour: bool = False):
    """Red hearts and diamonds, black clubs and spades; the four-colour deck makes
    clubs green and diamonds blue."""
    if four_colour and suit == 0:
        return GREEN4
    if four_colour and suit == 1:
        return BLUE4
    return RED if suit in (1, 2) else BLACK


class Canvas:
    """A transparent surface SS times bigger than `size`; coordinates are given at final scale."""

    def __init__(self, size: tuple[int, int], fill=(0, 0, 0, 0)):
        self.size = size
        self.surf = pygame.Surface((size[0] * SS, size[1] * SS), pygame.SRCALPHA)
        self.surf.fill(fill)

    @staticmethod
    def p(x: float, y: float) -> tuple[int, int]:
        return (round(x * SS), round(y * SS))

    def poly(self, points, colour, width: float = 0) -> None:
        pts = [self.p(x, y) for x, y in points]
        pygame.draw.polygon(self.surf, colour, pts, round(width * SS))

    def circle(self, centre, radius: float, colour, width: float = 0) -> None:
        pygame.draw.circle(self.surf, colour, self.p(*centre), round(radius * SS), round(width * SS))

    def ellipse(self, rect, colour, width: float = 0) -> None:
        x, y, w, h = rect
        pygame.draw.ellipse(self.surf, colour, pygame.Rect(self.p(x, y), self.p(w, h)), round(width * SS))

    def rect(self, rect, colour, width: float = 0, radius: float = 0) -> None:
        x, y, w, h = rect
        pygame.draw.rect(self.surf, colour, pygame.Rect(self.p(x, y), self.p(w, h)),
                         round(width * SS), border_radius=round(radius * SS))

    def line(self, a, b, colour, width: float = 1) -> None:
        """A thick line with round caps (a polygon plus two discs)."""
        (x1, y1), (x2, y2) = a, b
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        nx, ny = -(y2 - y1) / length * width / 2, (x2 - x1) / length * width / 2
        self.poly([(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)], colour)
        self.circle(a, width / 2, colour)
        self.circle(b, width / 2, colour)

    def blit(self, surf: pygame.Surface, pos, rotate: int = 0) -> None:
        """Blit a supersampled surface (e.g. from `text`) at final-scale `pos` (top-left)."""
        if rotate:
            surf = pygame.transform.rotate(surf, rotate)
        self.surf.blit(surf, self.p(*pos))

    def final(self) -> pygame.Surface:
        return pygame.transform.smoothscale(self.surf, self.size)


def save(surf: pygame.Surface, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


# ---------------------------------------------------------------- suit shapes
# Each shape lives in a unit box centred on (0, 0), y pointing down, height 1.
# A shape is a list of ("poly", points) and ("circle", (x, y), r) parts.

def _heart_outline(n: int = 96) -> list[tuple[float, float]]:
    """The classic heart curve, normalised to height 1 and centred."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    ys = [y for _, y in pts]
    top, bottom = min(ys), max(ys)
    h = bottom - top
    mid = (top + bottom) / 2
    return [(x / h, (y - mid) / h) for x, y in pts]


def _bezier(a, c, b, n: int = 12):
    """Points on a quadratic Bezier from a to b (control c), excluding b."""
    out = []
    for i in range(n):
        t = i / n
        out.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t * t * b[1]))
    return out


def _stem(top_y: float, width: float) -> list[tuple[float, float]]:
    """The flared foot of spades and clubs, from `top_y` down to the bottom edge 0.5."""
    half = width / 2
    pts = _bezier((-0.035, top_y), (-0.03, 0.42), (-half, 0.5))
    pts += [(-half, 0.5), (half, 0.5)]
    pts += _bezier((half, 0.5), (0.03, 0.42), (0.035, top_y))
    return pts


def suit_shape(suit: int) -> list[tuple]:
    if suit == 2:  # hearts
        return [("poly", _heart_outline())]
    if suit == 1:  # diamonds: slightly concave sides
        top, right, bottom, left = (0, -0.5), (0.37, 0), (0, 0.5), (-0.37, 0)
        pts = (_bezier(top, (0.15, -0.2), right) + _bezier(right, (0.15, 0.2), bottom)
               + _bezier(bottom, (-0.15, 0.2), left) + _bezier(left, (-0.15, -0.2), top))
        return [("poly", pts)]
    if suit == 3:  # spades: an upside-down heart on a foot
        body = [(x * 0.98, -y * 0.8 - 0.1) for x, y in _heart_outline()]
        return [("poly", body), ("poly", _stem(0.1, 0.36))]
    # clubs: three lobes on a foot
    r = 0.205
    return [("circle", (0.0, -0.27), r), ("circle", (-0.225, 0.05), r), ("circle", (0.225, 0.05), r),
            ("poly", [(0, -0.2), (-0.16, 0.1), (0.16, 0.1)]), ("poly", _stem(0.0, 0.34))]


SUIT_ASPECT = {0: 0.86, 1: 0.74, 2: 0.92, 3: 0.8}  # width / height of each symbol


def draw_suit(cv: Canvas, suit: int, centre, height: float, colour, flip: bool = False) -> None:
    """Draw a suit symbol `height` tall centred on `centre` (final-scale units); `flip` turns it over."""
    cx, cy = centre
    k = -height if flip else height
    for part in suit_shape(suit):
        if part[0] == "poly":
            cv.poly([(cx + x * k, cy + y * k) for x, y in part[1]], colour)
        else:
            (x, y), r = part[1], part[2]
            cv.circle((cx + x * k, cy + y * k), r * height, colour)


# ---------------------------------------------------------------- text

_fonts: dict[int, pygame.font.Font] = {}


def text(label: str, height: float, colour, max_width: float | None = None) -> pygame.Surface:
    """`label` in pygame's default font, cropped to its ink and scaled so the ink is
    `height` final-scale pixels tall (at supersampled resolution); squeezed to `max_width`."""
    font = _fonts.setdefault(200, pygame.font.Font(None, 200))
    img = font.render(label, True, colour)
    ink = img.subsurface(img.get_bounding_rect()).copy()
    scale = height * SS / ink.get_height()
    w = ink.get_width() * scale
    if max_width is not None and w > max_width * SS:
        w = max_width * SS
    return pygame.transform.smoothscale(ink, (max(1, round(w)), max(1, round(height * SS))))


def blit_centred(cv: Canvas, img: pygame.Surface, centre, rotate: int = 0) -> None:
    if rotate:
        img = pygame.transform.rotate(img, rotate)
    cx, cy = centre
    cv.surf.blit(img, (round(cx * SS - img.get_width() / 2), round(cy * SS - img.get_height() / 2)))


def rounded_card(cv: Canvas, fill, edge=EDGE_GREY, radius: float = 12, edge_width: float = 1.5) -> None:
    """The card blank: a rounded rectangle filling the canvas, transparent outside the corners."""
    w, h = cv.size
    cv.rect((0, 0, w, h), edge, radius=radius)
    cv.rect((edge_width, edge_width, w - 2 * edge_width, h - 2 * edge_width), fill, radius=radius - edge_width)


def panel_card(margin: int, colour, radius: float) -> tuple[Canvas, pygame.Rect]:
    """A W x H card blank with a coloured panel `margin` pixels inside its white border
    (card backs, Skyjo cards); returns the canvas and the panel's rectangle."""
    cv = Canvas((W, H))
    rounded_card(cv, FACE_WHITE)
    inner = pygame.Rect(margin, margin, W - 2 * margin, H - 2 * margin)
    cv.rect(inner, colour, radius=radius)
    return cv, inner


def repaint_border(cv: Canvas, inner: pygame.Rect, radius: float) -> None:
    """Paint the white border of `panel_card` again on top, so a pattern drawn past the
    panel's edge does not spill onto the border."""
    ring = Canvas(cv.size)
    rounded_card(ring, FACE_WHITE)
    ring.rect(inner, (0, 0, 0, 0), radius=radius)
    cv.surf.blit(ring.surf, (0, 0))


def star_points(centre, outer: float, inner: float, n: int = 5, turn: float = 0.0):
    cx, cy = centre
    pts = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + turn + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def mix(a, b, t: float):
    """Blend two RGB(A) colours: t=0 gives a, t=1 gives b."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))
