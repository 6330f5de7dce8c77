"""The Skyjo tutorial's two scripted positions, dealt at the table (Table(deal=...) and Table.jump).

Table side: the lesson's view (tutorial.py) only names these functions, it never builds a State.
Slot = 3 * column + row; piles list their cards bottom first, top card last.
"""
from __future__ import annotations

from cardgames.games.skyjo import rules

MINE = [7, 7, 3, 1, 9, 4, 5, 6, 2, 8, 0, 11]
THEIRS = [2, 5, 6, 8, 3, 9, 10, 1, 4, 6, 7, 0]
DRAW = [9, 8, 6, 5, -2, 4, 10, 11]          # top card last: the computer's, yours, the computer's, yours
DISCARD = [7]

LATER_MINE = [1, 2, 0, -1, 3, 4, 2, 5, 1, 0, 3, 6]      # 26 once the last card (slot 11) is up
LATER_THEIRS = [0, 1, 2, -1, 0, 3, 1, 2, 0, 1, 0, 3]    # 12 after the exchange below
LATER_DRAW = [6, 5, 0, 12]                 # top card last
LATER_DISCARD = [8]

MY_LATER = sum(LATER_MINE)
THEIR_LATER = sum(LATER_THEIRS[1:]) + LATER_DRAW[-2]  # their first card is exchanged for the drawn 0


def opening() -> rules.State:
    """Part one: a fresh round, both grids face down."""
    return rules.deal({"players": 2}, [MINE, THEIRS], DRAW, DISCARD)


def later() -> rules.State:
    """Part two, later in the round: one card of yours still face down, your turn."""
    return rules.deal({"players": 2}, [LATER_MINE, LATER_THEIRS], LATER_DRAW, LATER_DISCARD,
                      face_up=[range(11), (0, 3, 5, 8)], current=0)
