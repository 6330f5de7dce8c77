"""Playing-card faces (52 + Joker, standard and four-colour) and card backs.

Faces are 200x280 (poker proportions 5:7). Number cards use the traditional pip
arrangement; pips in the lower half are turned upside down, as on a printed deck.
Court cards are our own design: a double-ended geometric figure in a framed panel.
"""
from __future__ import annotations

import math

import pygame
from assets_draw import (
    BLACK,
    FACE_WHITE,
    GOLD,
    GOLD_DARK,
    RED,
    SKIN,
    Canvas,
    H,
    W,
    blit_centred,
    draw_suit,
    mix,
    panel_card,
    repaint_border,
    rounded_card,
    star_points,
    suit_colour,
    text,
)

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_LETTERS = "CDHS"

# Pip grid (final pixels): three columns, rows from TOP to BOTTOM.
COLS = (65, 100, 135)  # the side columns sit in a little, clear of the corner indices
TOP, BOTTOM = 60, 220
PIP = 36  # pip height

# Traditional layouts: (column 0/1/2, row as a fraction from TOP to BOTTOM).
_SIDES4 = [(0, 0), (2, 0), (0, 1), (2, 1)]
_SIDES6 = _SIDES4 + [(0, 0.5), (2, 0.5)]
_SIDES8 = _SIDES4 + [(0, 1 / 3), (2, 1 / 3), (0, 2 / 3), (2, 2 / 3)]
PIP_LAYOUTS = {
    2: [(1, 0), (1, 1)],
    3: [(1, 0), (1, 0.5), (1, 1)],
    4: _SIDES4,
    5: _SIDES4 + [(1, 0.5)],
    6: _SIDES6,
    7: _SIDES6 + [(1, 0.25)],
    8: _SIDES6 + [(1, 0.25), (1, 0.75)],
    9: _SIDES8 + [(1, 0.5)],
    10: _SIDES8 + [(1, 1 / 6), (1, 5 / 6)],
}


CORNER_SUIT = 40  # the corner's suit symbol: as tall as the rank, so clubs and spades tell apart on small cards


def _index(cv: Canvas, rank: str, suit: int | None, colour) -> None:
    """Corner indices: rank above a suit of the same height, top-left and (turned over) bottom-right.
    Both fit left of the pips and the court cards' frame (x < 40)."""
    label = text(rank, 36, colour, max_width=34)
    small = Canvas((44, 44))
    if suit is not None:
        draw_suit(small, suit, (22, 22), CORNER_SUIT, colour)
    for rot, (ox, oy, k) in ((0, (0, 0, 1)), (180, (W, H, -1))):
        blit_centred(cv, label, (ox + k * 21, oy + k * 30), rot)
        if suit is not None:
            blit_centred(cv, small.surf, (ox + k * 21, oy + k * 75), rot)


def _pips(cv: Canvas, n: int, suit: int, colour) -> None:
    for col, row in PIP_LAYOUTS[n]:
        y = TOP + (BOTTOM - TOP) * row
        draw_suit(cv, suit, (COLS[col], y), PIP, colour, flip=row > 0.5)


def _ace(cv: Canvas, suit: int, colour) -> None:
    if suit == 3:  # the ace of spades gets the traditional large, decorated pip
        cv.circle((W / 2, H / 2), 62, colour, width=2)
        cv.circle((W / 2, H / 2), 57, GOLD, width=1.5)
        for i in range(8):
            a = i * math.pi / 4 + math.pi / 8
            x, y = W / 2 + 62 * math.cos(a), H / 2 + 62 * math.sin(a)
            cv.poly(star_points((x, y), 5, 2, 4, a), colour)
        draw_suit(cv, suit, (W / 2, H / 2), 92, colour)
        draw_suit(cv, suit, (W / 2, H / 2 - 2), 30, FACE_WHITE)
        draw_suit(cv, suit, (W / 2, H / 2 - 2), 18, GOLD)
    else:
        draw_suit(cv, suit, (W / 2, H / 2), 84, colour)


# ---------------------------------------------------------------- court cards

FRAME = pygame.Rect(42, 28, W - 84, H - 56)   # the framed panel of court cards and the Joker
PANEL_FILL = (250, 244, 226)


def _accent(suit: int, four_colour: bool):
    """The second colour of a court figure: blue next to red suits, red next to dark ones."""
    return (30, 60, 150) if suit_colour(suit, four_colour) in (RED,) else (196, 40, 48)


def _half_figure(rank: str, suit: int, colour, accent) -> Canvas:
    """The upper half of a court card's panel (the lower half is this, turned over)."""
    w, h = FRAME.width - 6, FRAME.height / 2 - 3
    cv = Canvas((round(w), round(h)))

    def P(u, v):
        return (u * w, v * h)

    hx, hy = P(0.5, 0.42)
    r = 0.15 * w
    hair = {"K": (238, 238, 232), "Q": (236, 178, 52), "J": (118, 70, 34)}[rank]
    outline = (60, 50, 50)
    # what the figure holds, behind the body
    if rank == "K":    # a sword
        cv.line(P(0.82, 0.06), P(0.82, 1.0), (205, 210, 220), 5)
        cv.line(P(0.82, 0.06), P(0.82, 1.0), (120, 125, 140), 1.2)
        cv.line(P(0.72, 0.66), P(0.92, 0.66), GOLD_DARK, 4.5)
    elif rank == "Q":  # a flower
        cv.line(P(0.8, 0.3), P(0.8, 0.95), (40, 120, 50), 2.5)
        cv.poly([P(0.8, 0.55), P(0.9, 0.45), P(0.86, 0.58)], (40, 120, 50))
        for i in range(6):
            a = i * math.pi / 3
            cv.circle((0.8 * w + 6.5 * math.cos(a), 0.27 * h + 6.5 * math.sin(a)), 5, accent)
        cv.circle(P(0.8, 0.27), 4.5, GOLD)
    else:              # a halberd
        cv.line(P(0.84, 0.05), P(0.84, 1.0), (130, 86, 40), 3.5)
        blade = [P(0.84, 0.02), P(0.94, 0.17), P(0.84, 0.24), P(0.76, 0.17)]
        cv.poly(blade, (200, 205, 215))
        cv.poly(blade, (90, 95, 110), 1)
    if rank == "Q":    # long hair behind the head and shoulders
        cv.poly([(hx - r * 1.15, hy - r * 0.2), (hx - r * 1.45, hy + r * 2.1), (hx + r * 1.45, hy + r * 2.1),
                 (hx + r * 1.15, hy - r * 0.2)], hair)
        cv.circle((hx, hy - r * 0.1), r * 1.18, hair)
    # body: robe in the suit colour, front panel in the accent, gold band down the middle
    robe = [P(0.2, 1.0), P(0.12, 0.86), P(0.14, 0.74), P(0.24, 0.67), P(0.36, 0.64), P(0.64, 0.64),
            P(0.76, 0.67), P(0.86, 0.74), P(0.88, 0.86), P(0.8, 1.0)]
    cv.rect((hx - r * 0.4, hy + r * 0.5, r * 0.8, 0.2 * h), SKIN)
    cv.poly(robe, colour)
    cv.poly([P(0.34, 1.0), P(0.36, 0.74), P(0.64, 0.74), P(0.66, 1.0)], accent)
    cv.poly([P(0.45, 1.0), P(0.45, 0.72), P(0.55, 0.72), P(0.55, 1.0)], GOLD)
    for v in (0.8, 0.88):
        cv.poly([P(0.5, v - 0.03), P(0.535, v), P(0.5, v + 0.03), P(0.465, v)], colour)
    if rank == "K":    # ermine collar
        cv.poly([P(0.16, 0.72), P(0.34, 0.62), P(0.5, 0.74), P(0.66, 0.62), P(0.84, 0.72), P(0.66, 0.76),
                 P(0.5, 0.82), P(0.34, 0.76)], (250, 250, 246))
        for u, v in ((0.26, 0.71), (0.4, 0.72), (0.6, 0.72), (0.74, 0.71)):
            cv.poly([P(u, v - 0.03), P(u + 0.012, v + 0.02), P(u - 0.012, v + 0.02)], BLACK)
    elif rank == "Q":  # a gold necklace
        cv.poly([P(0.38, 0.64), P(0.5, 0.76), P(0.62, 0.64)], SKIN)
        cv.line(P(0.4, 0.66), P(0.5, 0.75), GOLD, 1.6)
        cv.line(P(0.5, 0.75), P(0.6, 0.66), GOLD, 1.6)
        cv.circle(P(0.5, 0.76), 2.6, accent)
    else:              # a pleated ruff
        for i in range(7):
            u = 0.32 + i * 0.06
            cv.circle(P(u, 0.66), 4.2, (250, 250, 246))
            cv.circle(P(u, 0.66), 4.2, outline, 0.6)
    cv.rect((0.2 * w, 0.93 * h, 0.6 * w, 0.07 * h), GOLD)   # belt, meets its mirror at the split
    cv.poly(robe, outline, 0.8)
    # the hand holding the item
    hand_u = 0.82 if rank == "K" else 0.8 if rank == "Q" else 0.84
    cv.circle(P(hand_u, 0.8), 4.5, SKIN)
    cv.circle(P(hand_u, 0.8), 4.5, outline, 0.6)
    # head and face
    cv.circle((hx, hy), r, SKIN)
    cv.circle((hx, hy), r, outline, 0.8)
    for sx in (-1, 1):
        cv.circle((hx + sx * r * 0.38, hy - r * 0.05), 1.7, BLACK)
        cv.line((hx + sx * r * 0.55, hy - r * 0.32), (hx + sx * r * 0.2, hy - r * 0.36), hair if rank != "K"
                else (150, 150, 150), 1.2)
    cv.line((hx, hy - r * 0.05), (hx - r * 0.08, hy + r * 0.25), (215, 160, 130), 1)
    if rank == "K":    # beard and moustache
        beard = [(hx - r * 0.98, hy + r * 0.05), (hx - r * 0.7, hy + r * 1.2), (hx, hy + r * 1.75),
                 (hx + r * 0.7, hy + r * 1.2), (hx + r * 0.98, hy + r * 0.05), (hx + r * 0.45, hy + r * 0.5),
                 (hx - r * 0.45, hy + r * 0.5)]
        cv.poly(beard, hair)
        cv.poly(beard, (150, 150, 150), 0.6)
        cv.poly([(hx - r * 0.55, hy + r * 0.52), (hx, hy + r * 0.35), (hx + r * 0.55, hy + r * 0.52),
                 (hx, hy + r * 0.5)], (205, 205, 200))
    else:
        cv.line((hx - r * 0.2, hy + r * 0.55), (hx + r * 0.2, hy + r * 0.55), (196, 70, 70), 1.6)
    if rank == "Q":
        for sx in (-1, 1):
            cv.circle((hx + sx * r * 0.55, hy + r * 0.3), 2.6, (246, 172, 160))
    # headwear
    top = hy - r * 0.6
    if rank == "K":    # a five-pointed crown
        left, right = hx - r * 1.05, hx + r * 1.05
        pts = [(left, top)]
        for i in range(5):
            x = left + (right - left) * i / 4
            pts.append((x, top - 0.3 * h) if i % 2 == 0 else (x, top - 0.22 * h))
            if i < 4:
                pts.append((left + (right - left) * (i + 0.5) / 4, top - 0.12 * h))
        pts.append((right, top))
        cv.poly(pts, GOLD)
        cv.poly(pts, GOLD_DARK, 0.8)
        cv.rect((left, top - 0.08 * h, right - left, 0.08 * h), GOLD_DARK)
        for i in (0, 2, 4):
            cv.circle((left + (right - left) * i / 4, top - 0.3 * h), 2.6, accent)
        cv.circle((hx, top - 0.04 * h), 2.4, accent)
    elif rank == "Q":  # a rounded tiara
        left, right = hx - r * 0.95, hx + r * 0.95
        pts = [(left, top), (left - 2, top - 0.13 * h), (hx - r * 0.45, top - 0.08 * h), (hx, top - 0.22 * h),
               (hx + r * 0.45, top - 0.08 * h), (right + 2, top - 0.13 * h), (right, top)]
        cv.poly(pts, GOLD)
        cv.poly(pts, GOLD_DARK, 0.8)
        for x, y in ((left - 2, top - 0.13 * h), (hx, top - 0.22 * h), (right + 2, top - 0.13 * h)):
            cv.circle((x, y), 2.8, accent)
    else:              # a cap with a feather
        cv.circle((hx - r * 0.95, hy + r * 0.1), r * 0.35, hair)
        cv.circle((hx + r * 0.95, hy + r * 0.1), r * 0.35, hair)
        feather = [(hx - r * 0.6, top - 0.02 * h), (hx - r * 1.6, top - 0.14 * h),
                   (hx - r * 1.2, top + 0.03 * h), (hx - r * 0.6, top + 0.06 * h)]
        cv.poly(feather, colour)
        cv.line((hx - r * 0.6, top + 0.02 * h), (hx - r * 1.5, top - 0.12 * h), GOLD, 1)
        cap = [(hx - r * 1.2, top + 4), (hx - r * 0.95, top - 0.13 * h), (hx + r * 0.5, top - 0.17 * h),
               (hx + r * 1.3, top - 0.02 * h), (hx + r * 1.15, top + 4)]
        cv.poly(cap, accent)
        cv.poly(cap, outline, 0.6)
        cv.rect((hx - r * 1.15, top, r * 2.3, 0.055 * h), GOLD)
    # the suit in the upper-left of the panel
    draw_suit(cv, suit, P(0.14, 0.13), 18, colour)
    return cv


def _court(cv: Canvas, rank: str, suit: int, four_colour: bool) -> None:
    colour = suit_colour(suit, four_colour)
    accent = _accent(suit, four_colour)
    f = FRAME
    cv.rect((f.x, f.y, f.w, f.h), PANEL_FILL, radius=4)
    half = _half_figure(rank, suit, colour, accent)
    cv.blit(half.surf, (f.x + 3, f.y + 3))
    cv.blit(half.surf, (f.x + 3, f.centery), rotate=180)
    cv.line((f.x + 4, f.centery), (f.right - 4, f.centery), GOLD_DARK, 0.8)
    cv.rect((f.x, f.y, f.w, f.h), colour, width=2, radius=4)
    cv.rect((f.x + 3, f.y + 3, f.w - 6, f.h - 6), GOLD, width=1, radius=3)


def _joker(cv: Canvas) -> None:
    f = FRAME
    cv.rect((f.x, f.y, f.w, f.h), PANEL_FILL, radius=4)
    cx, cy = W / 2, H / 2 + 8
    colours = (RED, (30, 60, 150), GOLD)
    # body: a harlequin tunic of diamonds
    body_top, body_bottom = cy + 12, f.bottom - 4
    cv.poly([(cx - 44, body_bottom), (cx - 36, body_top + 8), (cx + 36, body_top + 8), (cx + 44, body_bottom)],
            colours[1])
    for i in range(4):
        for j in range(3):
            x = cx - 30 + i * 20
            y = body_top + 22 + j * 24
            cv.poly([(x, y - 12), (x + 10, y), (x, y + 12), (x - 10, y)], colours[(i + j) % 2 * 2])
    # ruff collar of alternating triangles
    for i in range(9):
        a0, a1 = math.pi * (i / 9), math.pi * ((i + 1) / 9)
        pts = [(cx, cy + 6), (cx - 48 * math.cos(a0), cy + 6 + 18 * math.sin(a0)),
               (cx - 48 * math.cos(a1), cy + 6 + 18 * math.sin(a1))]
        cv.poly(pts, colours[i % 2])
    # face
    cv.circle((cx, cy - 14), 21, SKIN)
    cv.circle((cx, cy - 14), 21, BLACK, 1)
    for sx in (-1, 1):
        cv.circle((cx + sx * 7, cy - 18), 2, BLACK)
        cv.circle((cx + sx * 12, cy - 9), 3.5, (244, 160, 150))
    cv.poly([(cx - 9, cy - 7), (cx, cy - 1), (cx + 9, cy - 7), (cx, cy - 4)], (190, 40, 50))
    # three-pointed hat with bells
    hat_base = cy - 28
    tips = [(cx - 46, cy - 60), (cx, cy - 92), (cx + 46, cy - 60)]
    cv.poly([(cx - 24, hat_base), tips[0], (cx - 10, hat_base - 18)], colours[0])
    cv.poly([(cx + 24, hat_base), tips[2], (cx + 10, hat_base - 18)], colours[0])
    cv.poly([(cx - 16, hat_base - 4), tips[1], (cx + 16, hat_base - 4)], colours[1])
    cv.rect((cx - 25, hat_base - 6, 50, 9), GOLD, radius=3)
    for t in tips:
        cv.circle(t, 6, GOLD)
        cv.circle(t, 6, GOLD_DARK, 1)
    # stars in the panel corners
    for x, y in ((f.x + 16, f.y + 18), (f.right - 16, f.y + 18)):
        cv.poly(star_points((x, y), 10, 4), GOLD)
    cv.rect((f.x, f.y, f.w, f.h), BLACK, width=2, radius=4)
    cv.rect((f.x + 3, f.y + 3, f.w - 6, f.h - 6), GOLD, width=1, radius=3)
    # corner indices: JOKER spelt downwards with a star
    for rot in (0, 180):
        for i, ch in enumerate("JOKER"):
            y = 18 + i * 19
            img = text(ch, 15, RED if rot == 0 else BLACK)
            blit_centred(cv, img, (19, y) if rot == 0 else (W - 19, H - y), rot)
        star_c = (19, 18 + 5 * 19 + 4) if rot == 0 else (W - 19, H - 18 - 5 * 19 - 4)
        cv.poly(star_points(star_c, 9, 3.6), RED if rot == 0 else BLACK)


def face(rank: str | None, suit: int | None, four_colour: bool = False) -> pygame.Surface:
    """One card face, 200x280. rank None means the Joker."""
    cv = Canvas((W, H))
    rounded_card(cv, FACE_WHITE)
    if rank is None:
        _joker(cv)
        return cv.final()
    colour = suit_colour(suit, four_colour)
    if rank == "A":
        _ace(cv, suit, colour)
    elif rank in ("J", "Q", "K"):
        _court(cv, rank, suit, four_colour)
    else:
        _pips(cv, int(rank), suit, colour)
    _index(cv, rank, suit, colour)
    return cv.final()


def card_files(four_colour: bool = False):
    """(file stem, rank, suit) for every face the deck needs; the four-colour deck only
    redraws the suits whose colour changes (clubs and diamonds)."""
    suits = (0, 1) if four_colour else (0, 1, 2, 3)
    out = [(f"{r}{SUIT_LETTERS[s]}", r, s) for s in suits for r in RANKS]
    if not four_colour:
        out.append(("JK", None, None))
    return out


# ---------------------------------------------------------------- backs

BACKS = {
    # name: (main colour, light colour, pattern)
    "blue": ((28, 62, 150), (120, 160, 230), "lattice"),
    "red": ((168, 26, 40), (236, 120, 120), "rays"),
    "green": ((20, 110, 60), (120, 200, 140), "scales"),
    "purple": ((84, 40, 130), (180, 140, 220), "stars"),
}


def back(name: str) -> pygame.Surface:
    main, light, pattern = BACKS[name]
    cv, inner = panel_card(9, main, radius=7)
    pat = Canvas(inner.size)
    pw, ph = inner.size
    dark = mix(main, (0, 0, 0), 0.25)
    if pattern == "lattice":
        step = 14
        for k in range(-ph // step - 2, pw // step + ph // step + 2):
            x = k * step
            pat.line((x, 0), (x + ph, ph), light, 1.3)
            pat.line((x + ph, 0), (x, ph), light, 1.3)
        for i in range(pw // step + 2):
            for j in range(ph // step + 2):
                pat.circle((i * step + (j % 2) * step / 2, j * step / 2 * 2), 1.6, dark)
    elif pattern == "rays":
        cx, cy = pw / 2, ph / 2
        for i in range(48):
            a0, a1 = i * 2 * math.pi / 48, (i + 0.5) * 2 * math.pi / 48
            pat.poly([(cx, cy), (cx + 400 * math.cos(a0), cy + 400 * math.sin(a0)),
                      (cx + 400 * math.cos(a1), cy + 400 * math.sin(a1))], mix(main, light, 0.35))
        for r in range(20, 260, 22):
            pat.circle((cx, cy), r, mix(main, light, 0.6), 1)
    elif pattern == "scales":
        r = 11
        for j in range(ph // r + 3):
            for i in range(pw // (2 * r) + 2):
                x = i * 2 * r + (j % 2) * r
                y = j * r
                pat.circle((x, y), r, mix(main, light, 0.25))
                pat.circle((x, y), r, light, 1.2)
                pat.circle((x, y), r * 0.45, dark, 0)
    else:  # stars
        step = 20
        for j in range(ph // step + 2):
            for i in range(pw // step + 2):
                x = i * step + (j % 2) * step / 2
                pat.poly(star_points((x, j * step), 6, 2.6), light if (i + j) % 3 else GOLD)
    cv.blit(pat.surf, inner.topleft)
    # central medallion with the four suits
    cx, cy = W / 2, H / 2
    cv.ellipse((cx - 46, cy - 60, 92, 120), main)
    cv.ellipse((cx - 46, cy - 60, 92, 120), GOLD, 3)
    cv.ellipse((cx - 39, cy - 53, 78, 106), light, 1.2)
    for s, (dx, dy) in zip((3, 2, 0, 1), ((0, -27), (24, 0), (0, 27), (-24, 0))):
        draw_suit(cv, s, (cx + dx, cy + dy), 22, FACE_WHITE)
    cv.poly(star_points((cx, cy), 8, 3.2), GOLD)
    cv.rect(inner, light, 2, radius=7)
    cv.rect(inner.inflate(-8, -8), mix(light, main, 0.3), 1, radius=5)
    repaint_border(cv, inner, radius=7)
    return cv.final()


# ---------------------------------------------------------------- small faces

SMALL_W, SMALL_H = 100, 140


def small_face(rank: str | None, suit: int | None, four_colour: bool = False) -> pygame.Surface:
    """A face for small displays (opponents' hands, previews): one huge index and one big suit,
    so it stays readable at 48x67 where the full face's corner index would be a blur."""
    cv = Canvas((SMALL_W, SMALL_H))
    rounded_card(cv, FACE_WHITE, radius=7, edge_width=1.2)
    if rank is None:
        blit_centred(cv, text("JOKER", 20, RED, max_width=84), (SMALL_W / 2, 22))
        cv.poly(star_points((SMALL_W / 2, 88), 36, 15), GOLD)
        cv.poly(star_points((SMALL_W / 2, 88), 36, 15), GOLD_DARK, 1.2)
        cv.poly(star_points((SMALL_W / 2, 88), 14, 6), RED)
        return cv.final()
    colour = suit_colour(suit, four_colour)
    blit_centred(cv, text(rank, 40, colour, max_width=46), (28, 30))
    draw_suit(cv, suit, (74, 31), 38, colour)
    if rank in ("J", "Q", "K"):
        panel = pygame.Rect(14, 58, SMALL_W - 28, SMALL_H - 70)
        cv.rect(panel, PANEL_FILL, radius=4)
        cv.rect(panel, colour, width=2, radius=4)
        cv.rect(panel.inflate(-6, -6), GOLD, width=1.2, radius=3)
        draw_suit(cv, suit, (SMALL_W / 2, 100), 42, colour)
        _small_crown(cv, rank, (SMALL_W / 2, 70))
    else:
        draw_suit(cv, suit, (SMALL_W / 2, 96), 56, colour)
    return cv.final()


def _small_crown(cv: Canvas, rank: str, centre) -> None:
    """A tiny gold crown (K), tiara (Q) or cap (J) on top of a court card's big suit."""
    x, y = centre
    if rank == "K":
        pts = [(x - 14, y + 6), (x - 14, y - 6), (x - 7, y), (x, y - 9), (x + 7, y), (x + 14, y - 6), (x + 14, y + 6)]
    elif rank == "Q":
        pts = [(x - 11, y + 6), (x - 12, y - 3), (x - 5, y + 1), (x, y - 7), (x + 5, y + 1), (x + 12, y - 3),
               (x + 11, y + 6)]
    else:
        pts = [(x - 13, y + 6), (x - 9, y - 4), (x + 4, y - 6), (x + 13, y + 2), (x + 12, y + 6)]
    cv.poly(pts, GOLD)
    cv.poly(pts, GOLD_DARK, 1)
