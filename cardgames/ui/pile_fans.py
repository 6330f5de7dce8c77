"""Pile layouts beyond the board's stack and fan.

DiscardFan: a discard pile whose top few cards are fanned, so a player sees what was thrown lately
(two A♥ from two decks are two cards), the older ones squared up beneath them.

    add_discard_fan(board, "discard", (x, y), dx=24, shown=4)

The newest card lies rightmost, on top. Everything else about the pile is an ordinary
board pile (top(), drops, highlights).

RowsFan: a long pile in rows, every corner in view (Switch's open stock).
BoxFan: a hand fitted inside a rectangle (an opponent's box), face-up cards wrapped into rows
so every corner index reads.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgames.ui.board import Pile

SHOWN = 4      # cards fanned at the top of the pile


@dataclass
class DiscardFan(Pile):
    shown: int = SHOWN

    def home(self, index: int, count: int, size: tuple[int, int]) -> tuple[float, float]:
        x, y = self.pos
        first = max(0, count - self.shown)         # the cards below the fanned ones are stacked
        if index < first:
            depth = min(index // 6, 4)
            return (x - depth * 0.7, y - depth)
        return (x + self.dx * (index - first), y)


def add_discard_fan(board: Any, name: str, pos: tuple[float, float], dx: float = 24.0, shown: int = SHOWN,
                    **kw: Any) -> DiscardFan:
    """Add a DiscardFan to `board` (drawn above the piles added before it)."""
    pile = DiscardFan(name, (float(pos[0]), float(pos[1])), "stack", dx=dx, order=len(board.piles), shown=shown,
                      **kw)
    board.piles[name] = pile
    board.cards.setdefault(name, [])
    return pile


@dataclass
class RowsFan(Pile):
    """A long pile laid out in rows, every card's corner in view (Switch's open stock): `per_row`
    cards `dx` apart, rows `dy` apart, bottom card first, the top card last (bottom right)."""

    per_row: int = 20

    def home(self, index: int, count: int, size: tuple[int, int]) -> tuple[float, float]:
        row, col = divmod(index, max(1, self.per_row))
        return (self.pos[0] + self.dx * col, self.pos[1] + self.dy * row)


def add_rows_fan(board: Any, name: str, pos: tuple[float, float], dx: float, dy: float, per_row: int,
                 **kw: Any) -> RowsFan:
    pile = RowsFan(name, (float(pos[0]), float(pos[1])), "stack", dx=dx, dy=dy, order=len(board.piles),
                   per_row=per_row, **kw)
    board.piles[name] = pile
    board.cards.setdefault(name, [])
    return pile


INDEX_W, INDEX_H = 21, 22   # what of a small (40x56) card must show for its corner index ("10") to read


@dataclass
class BoxFan(Pile):
    """A hand fitted into a rectangle (`area`), centred in it, never spilling out:

    - face down (`face_up` False): one row, backs `dx` apart, squeezed to fit;
    - face up: as few rows as show every card's corner index whole, `index_w` of each card
      beside the next and `index_h` of each row above the next (more rows when the area is
      narrow: a 13-card hand in an 8-player box), up to the rows the area's height holds.

    The scene sets `face_up` before laying the pile out (a hand laid down on the table)."""

    area: Any = None            # pygame.Rect
    face_up: bool = False
    index_w: float = INDEX_W
    index_h: float = INDEX_H

    def grid(self, count: int, size: tuple[int, int]) -> tuple[int, int, float]:
        """(rows, cards per row, distance between cards in a row) for `count` cards."""
        w, h = size
        room = self.area.width - w
        if not self.face_up or count <= 1:
            return 1, max(1, count), min(self.dx, room / max(1, count - 1))
        widest = w + 4                          # cards side by side, a small gap between
        max_rows = max(1, 1 + int((self.area.height - h) // self.index_h))
        best = (1, count, room / (count - 1))
        for rows in range(1, max_rows + 1):
            per_row = -(-count // rows)
            dx = room / (per_row - 1) if per_row > 1 else widest
            best = (rows, per_row, min(dx, widest))
            if dx >= 0.85 * w:                  # rank and suit in view: enough
                break
        return best

    def home(self, index: int, count: int, size: tuple[int, int]) -> tuple[float, float]:
        rows, per_row, dx = self.grid(count, size)
        row, col = divmod(index, per_row)
        width = dx * (min(per_row, count) - 1) + size[0]
        height = self.index_h * (rows - 1) + size[1]
        x0, y0 = self.area.x + (self.area.width - width) / 2, self.area.y + (self.area.height - height) / 2
        return (x0 + dx * col, y0 + self.index_h * row)

    def fits(self, count: int, size: tuple[int, int]) -> bool:
        """Whether every card's corner index shows (face up) and the hand stays inside the area."""
        rows, per_row, dx = self.grid(count, size)
        inside = dx * (per_row - 1) + size[0] <= self.area.width + 0.5 and \
            self.index_h * (rows - 1) + size[1] <= self.area.height + 0.5
        return inside and (not self.face_up or count <= 1 or dx >= self.index_w)


def add_box_fan(board: Any, name: str, area: Any, dx: float = 16.0, **kw: Any) -> BoxFan:
    """Add a BoxFan filling `area` (a pygame.Rect) to `board`."""
    pile = BoxFan(name, (float(area.x), float(area.y)), "fan", dx=dx, order=len(board.piles), area=area, **kw)
    board.piles[name] = pile
    board.cards.setdefault(name, [])
    return pile
