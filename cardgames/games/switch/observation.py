"""Switch: what a seat may know (the AI and the scene see only this, never the State)."""
from __future__ import annotations

from typing import NamedTuple

from cardgames.core.cards import Card, Rank, Suit
from cardgames.games.switch.state import HAND_OVER, OVER, Phase, State


class Observation(NamedTuple):
    """What `seat` may know. `all_hands` and `stock` are filled only in start mode (open hands);
    `all_hands` also once the hand is over (the hands are shown). Piles list their top card last."""

    seat: int
    players: int
    hand: tuple
    hand_sizes: tuple
    discard: tuple            # every card on the discard pile (all were seen face up), top last
    stock_count: int
    turn: int
    phase: Phase
    suit: Suit
    pending: int
    pending_rank: Rank | None
    skip: bool
    drawn: Card | None        # the seat's own drawn card; None for everyone else
    called: tuple
    exposed: int | None       # the seat left with one card without calling, catchable now; None: nobody
    voids: tuple
    reshuffles: int
    match: bool
    hand_no: int
    totals: tuple
    last_points: tuple
    winner: int | None
    all_hands: tuple | None
    stock: tuple | None


_new = tuple.__new__


def observe(state: State, seat: int) -> Observation:
    """Exactly what `seat` may know: its own hand, the public piles and counts (everything in start mode)."""
    table, phase, hands = state.table, state.phase, state.hands
    open_ = table.open_hands or phase is HAND_OVER or phase is OVER      # hands are shown at the end
    return _new(Observation, (
        seat, table.players, hands[seat], tuple([len(h) for h in hands]), state.discard, len(state.stock),
        state.turn, phase, state.suit, state.pending, state.pending_rank, state.skip,
        state.drawn if state.turn == seat else None, state.called, state.exposed, state.voids, state.reshuffles,
        table.match, table.hand_no, table.totals, table.last_points, table.winner,
        hands if open_ else None, state.stock if table.open_hands else None,
    ))
