"""The Switch tutorial's two scripted positions, dealt at the table (Table(deal=...) and Table.jump).

Table side: the lesson's view (tutorial.py) only names these functions, it never builds a State.
You hold seat 0, the scripted computer seat 1; piles list their cards bottom first, top card last.
"""
from __future__ import annotations

from cardgames.core.cards import parse_cards
from cardgames.games.switch import rules

MINE = "9H 2C JC 6D KD QS 4C"
THEIRS = "9C 2D 7D 8S 4S KH"
STOCK = "8C 4H AC 5D 7C 10S 6H 3D"        # bottom first, top card last (you pick up the last four)
DISCARD = "5H"

LATER_MINE = "QS 5S"
LATER_THEIRS = "3S 9D KC"
LATER_STOCK = "JH 10D 7H 6C"
LATER_DISCARD = "QD"


def _deal(mine: str, theirs: str, stock: str, discard: str) -> rules.State:
    return rules.deal({"players": 2}, [parse_cards(mine), parse_cards(theirs)],
                      parse_cards(stock), parse_cards(discard), turn=0)


def opening() -> rules.State:
    """Part one: the lesson's deal."""
    return _deal(MINE, THEIRS, STOCK, DISCARD)


def later() -> rules.State:
    """Part two, later in the hand: you hold two cards."""
    return _deal(LATER_MINE, LATER_THEIRS, LATER_STOCK, LATER_DISCARD)
