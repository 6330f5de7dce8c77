"""Rules pieces that Skyjo, Three Thirteen and Switch share, so each game states them once.

- lowest_seats(totals): who wins when the lowest total wins (ties share the win);
- reshuffle_discard(discard, seed, *labels): the stock ran out, so the discard pile
  but its top card is shuffled into a new stock (seeded, so a replay is exact).
Pure Python (no pygame).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from cardgames.core.rng import make_rng, shuffled

T = TypeVar("T")


def lowest_seats(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the lowest total, in seat order (several on a tie)."""
    low = min(totals)
    return tuple(s for s, t in enumerate(totals) if t == low)


def reshuffle_discard(discard: tuple[T, ...], seed: int, *labels: object) -> tuple[tuple[T, ...], tuple[T, ...]]:
    """(new stock, discard pile): the cards under the top discard, shuffled with the game's
    child seed (seed, "reshuffle", *labels); the top card stays as the whole discard pile."""
    return shuffled(discard[:-1], make_rng(seed, "reshuffle", *labels)), discard[-1:]
