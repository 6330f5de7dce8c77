"""Pile layouts beyond the board's stack and fan.

DiscardFan: a discard pile whose top few cards are fanned, so a player sees what was thrown lately
(two A♥ from two decks are two cards), the older ones squared up beneath them.

    add_discard_fan(board, "discard", (x, y), dx=24, shown=4)

The newest card lies rightmost, on top. Everything else about the pile is an ordinary
board pile (top(), drops, highlights).
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
