"""The TriPeaks solver's table: for every set of cards that can be left, the latest stock count that still wins.

Pure Python, no pygame; solver.py uses it when its depth-first search has
not settled a position quickly (mostly to prove a deal lost, which means
looking at nearly every set of cards that can be left).

best(cards, waste) = the most stock cards that may already be turned for the
position to be winnable (-1: never). Filled smallest set first:
- a play of exposed card x on the waste: best(cards - x, rank of x);
- turning: the latest k with k + 1 <= best(cards, stock[k]), which only
  needs the plays' values, since a turn never helps the turn after it.
There are only 22,932 such sets for the classic layout (the other shipped
layouts fewer), so a whole deal fills in about 20 ms of CPU (the rows are
plain lists, one per set, read in a loop of plain comparisons).

The session: a table filled from a position answers every later position of
the same deal (the live "still winnable" sign after each move, the hints,
how far to undo) by a lookup, so it is kept (for SESSION_DEALS deals, most
recent first) under the deal's identity: its seed, options and layout.
Positions without a seed (scripted deals) get a table of their own, not kept.
"""
from __future__ import annotations

import threading
import time
from collections import OrderedDict
from functools import lru_cache
from itertools import compress
from operator import not_
from typing import Any

from cardgames.games.tripeaks import rules
from cardgames.games.tripeaks.layout import Layout
from cardgames.games.tripeaks.rules import Action, Play, State, Turn

EMPTY, WILD = 0, 14
TURNED = 16           # the entry of a table row for turning the stock (15 is a scratch rank)
MAX_IDEALS = 300_000   # layouts with more sets of cards left than this have no table
SESSION_DEALS = 8      # deals whose tables are kept


class OutOfBudget(Exception):
    """The CPU budget ran out while filling a table."""


@lru_cache(maxsize=16)
def ideals(layout: Layout) -> tuple[tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...], dict] | None:
    """Every set of slots that can be left in play, smallest first, with its moves.

    A set is closed: a card can only be gone once every card lying on it is
    gone. The classic layout has 22,932 of them (the other shipped layouts
    fewer). Returns (sets as bitmasks, for each the pairs (exposed slot,
    index of the set without it), index of each set), or None when the
    layout has more than MAX_IDEALS.
    """
    n = layout.size
    cover = [sum(1 << j for j in layout.slots[i].covered_by) for i in range(n)]
    full = (1 << n) - 1
    seen = {full}
    order = [full]
    frontier = [full]
    while frontier:
        found = []
        for rem in frontier:
            m = rem
            while m:
                low = m & -m
                m ^= low
                if not rem & cover[low.bit_length() - 1] and rem ^ low not in seen:
                    seen.add(rem ^ low)
                    found.append(rem ^ low)
        if len(seen) > MAX_IDEALS:
            return None
        order.extend(found)
        frontier = found
    order.reverse()
    index = {rem: i for i, rem in enumerate(order)}
    moves = []
    for rem in order:
        out = []
        m = rem
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            if not rem & cover[i]:
                out.append((i, index[rem ^ low]))
        moves.append(tuple(out))
    return tuple(order), tuple(moves), index


def stock_codes(state: State) -> tuple[int, ...]:
    """The stock's rank codes in turning order (the Joker is WILD): the only place that reads the stock."""
    return tuple(WILD if c.is_joker else int(c.rank) for c in reversed(state.stock))   # the stock's top is last


def start_of(state: State) -> tuple[int, int]:
    """The cards left (bitmask) and the waste rank code of a rules state."""
    rem = sum(1 << i for i, c in enumerate(state.tableau) if c is not None)
    if not state.waste:
        return rem, EMPTY
    top = state.waste[-1]
    return rem, WILD if top.is_joker else int(top.rank)


class Table:
    """The filled table of one position and everything reachable from it (by plays and turns)."""

    def __init__(self, state: State, search: Any, deadline: float | None = None) -> None:
        """`search` is the solver's per-deal tables (ranks, stock, adjacency); deadline: thread_time() limit."""
        order, moves, index = ideals(state.layout)
        self.state, self.index, self.moves = state, index, moves
        self.rank, self.stock, self.adj_rank_bits = search.rank, search.stock, search.adj_rank_bits
        self.order_key = search.order_key
        rank, ns, stock, adj = search.rank, len(search.stock), search.stock, search.adj_rank_bits
        rem0, _ = start_of(state)
        # last_before[q][a]: the last stock index p holding rank q with p < a, else -1; index -1 (the
        # last entry) stands for a = -1, also -1. Row 15: a scratch rank (no card has it).
        last_before = []
        for q in range(16):
            row, last = [], -1
            for a in range(ns + 1):
                if a > 0 and stock[a - 1] == q:
                    last = a - 1
                row.append(last)
            row.append(-1)
            last_before.append(row)
        # per slot: its rank, the (one or two) ranks it plays on (padded with the scratch rank 15), and
        # turn_row[v]: the latest stock index whose card (of one of those ranks, or the Joker) can be turned
        # and the slot played on it when playing it leaves a position winnable up to v stock cards turned
        info = []
        for slot in range(len(rank)):
            r = rank[slot]
            qs = [q for q in range(1, 14) if r and adj[r] >> q & 1]
            qs += [15] * (2 - len(qs))
            rows = (last_before[qs[0]], last_before[qs[1]], last_before[WILD])
            info.append((r, qs[0], qs[1], [max(t) for t in zip(*rows)]))
        # values[i][q]: the most stock cards that may be turned for ideal i with waste rank q (1 to 13) to
        # win, over the plays; values[i][TURNED]: the same when turning the stock first. An empty waste or a
        # Joker takes any card: their value is the best of the ranks' (see value()).
        values: list[list[int] | None] = [None] * len(order)
        values[0] = [ns] * (TURNED + 1)                        # nothing left: won
        # the sets within this position's cards (all of them from the deal), picked out at C speed
        inside = list(compress(range(len(order)), map(not_, map((~rem0).__and__, order))))
        # The hot loop of the whole solver: plain comparisons rather than max() calls, for speed.
        for lo in range(1, len(inside), 1024):
            if deadline is not None and time.thread_time() > deadline:
                raise OutOfBudget
            for i in inside[lo:lo + 1024]:
                best = [-1] * (TURNED + 1)
                turn = -1
                for slot, child in moves[i]:
                    r, qa, qb, turn_row = info[slot]
                    after = values[child]
                    value = after[r]
                    t = after[TURNED]
                    if t > value:  # noqa: PLR1730
                        value = t
                    if value > best[qa]:  # noqa: PLR1730
                        best[qa] = value
                    if value > best[qb]:  # noqa: PLR1730
                        best[qb] = value
                    t = turn_row[value]
                    if t > turn:  # noqa: PLR1730
                        turn = t
                best[TURNED] = turn
                values[i] = best
        self.values = values

    def value(self, rem: int, w: int) -> int:
        """The most stock cards that may be turned for (rem, waste rank w) to be winnable; -1: never."""
        v = self.values[self.index[rem]]
        if w in (EMPTY, WILD):          # anything plays on it: every card plays on some rank
            return max(v[1:14] + v[TURNED:])
        return max(v[w], v[TURNED])

    def wins(self, rem: int, k: int, w: int) -> bool:
        return self.value(rem, w) >= k

    def line(self, rem: int, k: int, w: int) -> tuple[Action, ...]:
        """A winning line from (rem, k, w): plays first (cards lying on the most others first), else turn."""
        rank, stock, adj = self.rank, self.stock, self.adj_rank_bits
        out: list[Action] = []
        while rem:
            for slot, _ in sorted(self.moves[self.index[rem]], key=lambda m: self.order_key(m[0])):
                if adj[w] >> rank[slot] & 1 and self.value(rem ^ 1 << slot, rank[slot]) >= k:
                    out.append(Play(slot))
                    rem, w = rem ^ 1 << slot, rank[slot]
                    break
            else:
                out.append(Turn())
                k, w = k + 1, stock[k]
        return tuple(out)


# ---------------------------------------------------------------- the session's tables

_firsts: OrderedDict[Any, State] = OrderedDict()              # deal key -> its first position
_session: OrderedDict[Any, tuple[int, int, Table]] = OrderedDict()   # deal key -> (k0, rem0, table)
_lock = threading.Lock()


def _keep(store: OrderedDict, key: Any, value: Any) -> None:
    store[key] = value
    store.move_to_end(key)
    while len(store) > SESSION_DEALS:
        store.popitem(last=False)


def deal_of(state: State) -> tuple[Any, int] | None:
    """(the deal's key, stock cards turned since the deal) when `state` is a position of a seeded deal
    reached by play; None for scripted positions (or anything not reached from the deal)."""
    if state.seed is None:
        return None
    key = (state.seed, state.options, state.layout)
    with _lock:
        first = _firsts.get(key)
    if first is None:
        first = rules.new_game(state.options, state.seed, state.layout)
        with _lock:
            _keep(_firsts, key, first)
    if first.layout != state.layout:
        return None
    k = len(first.stock) - len(state.stock)
    if k < 0 or first.stock[:len(state.stock)] != state.stock or any(
            c is not None and c != d for c, d in zip(state.tableau, first.tableau)):
        return None
    return key, k


def lookup(key: Any, rem: int, k: int, w: int) -> tuple[Table, int] | None:
    """A kept table of this deal that covers (rem, k): filled from a position with these cards or more,
    and no more stock turned. Returns (table, k relative to the table's stock)."""
    with _lock:
        kept = _session.get(key)
        if kept is None:
            return None
        k0, rem0, table = kept
        if rem & ~rem0 or k < k0:
            return None
        _session.move_to_end(key)
        return table, k - k0


def remember(key: Any, k0: int, rem0: int, table: Table) -> None:
    """Keep a table filled from the position (rem0, k0 stock cards turned) of deal `key` (the newest one:
    one is only filled when the kept one does not cover the position)."""
    with _lock:
        _keep(_session, key, (k0, rem0, table))


def clear_session() -> None:
    """Forget every kept table (the bench starts each solve cold)."""
    with _lock:
        _session.clear()
        _firsts.clear()

