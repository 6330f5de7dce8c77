"""Where the TriPeaks cards lie on the 1280x720 canvas: card size, tableau slots, stock and waste."""
from __future__ import annotations

from typing import Any

W, H = 1280, 720
HUD_H = 76                 # the bar along the top
SIDE_MARGIN = 40
CARD_ASPECT = 1.4          # height / width
MAX_CARD_W = 96
RIGHT_EDGE = W - 210       # the buttons stand in the bottom right corner
COLUMN_GAP = 1.06          # horizontal distance between neighbouring slots, in card widths
ROW_STEP = 0.52            # vertical distance between rows, in card heights


def table_geometry(layout: Any) -> tuple[tuple[int, int], list[tuple[float, float]], tuple[float, float],
                                         tuple[float, float]]:
    """Card size, the top-left of every tableau slot, and the stock and waste spots.

    The layout gives slot centres in card widths (x) and rows (y). Two
    arrangements are tried, and the one with the larger cards wins: the stock
    and waste in a row under the shape (wide shapes, like the three peaks),
    or at the bottom left beside it (tall shapes, like the pyramid). Cards
    are at most MAX_CARD_W wide and the shape is centred in its space.
    """
    xs = [s.x for s in layout.slots]
    ys = [s.y for s in layout.slots]
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    top = HUD_H + 20

    def width_for(room_w: float, room_h: float, extra_rows: float) -> int:
        by_w = room_w / (span_x * COLUMN_GAP + 1)
        by_h = room_h / (span_y * ROW_STEP + 1 + extra_rows) / CARD_ASPECT
        return int(min(MAX_CARD_W, by_w, by_h))

    below = width_for(W - 2 * SIDE_MARGIN, H - top - 70, 1)          # a card row and labels below the shape
    side_room = RIGHT_EDGE - SIDE_MARGIN - 40
    beside = width_for(side_room - 2.5 * below, H - top - 60, 0)       # stock and waste at the left
    if beside > below:
        w = int(min(beside, width_for(side_room - 2.5 * beside, H - top - 60, 0)))
        h = round(w * CARD_ASPECT)
        shape_w = span_x * COLUMN_GAP * w + w
        left_edge = SIDE_MARGIN + 2.5 * w + 40
        left = left_edge + (RIGHT_EDGE - left_edge - shape_w) / 2
        row_y = H - h - 60
        stock, waste = (SIDE_MARGIN, row_y), (SIDE_MARGIN + 1.3 * w, row_y)
    else:
        w = below
        h = round(w * CARD_ASPECT)
        shape_w = span_x * COLUMN_GAP * w + w
        left = (W - shape_w) / 2
        row_y = H - h - 44
        stock, waste = (W / 2 - w - 24, row_y), (W / 2 + 24, row_y)
    positions = [(left + (s.x - min(xs)) * COLUMN_GAP * w, top + (s.y - min(ys)) * ROW_STEP * h)
                 for s in layout.slots]
    return (w, h), positions, stock, waste
