"""The TriPeaks solver's table: for every set of cards that can be left, the latest stock count that still wins.

Pure Python, no pygame; solver.py uses it when its depth-first search has
not settled a position quickly (mostly to prove a deal lost, which means
looking at nearly every set of cards that can be left).

best(cards, waste) = the most stock cards that may already be turned for the
position to be winnable (-1: never). Filled smallest set first:
- a play of exposed card x on the waste: best(cards - x, rank of x);
- turning: the latest k with k + 1 <= best(cards, stock[k]), which only
  needs the plays' values, since a turn never helps the turn after it.
There are only 22,932 such sets for the classic layout (119,364 moves: the
sum over the sets of their exposed cards; the other shipped layouts fewer).

The fill goes level by level (the sets of s cards need only those of s - 1),
each level at once by C-speed builtins over byte strings instead of a Python
loop per move (Python's bytecode is the cost: it was about 226 ns a move,
27 ms a deal). A value is one byte (1 + the stock count, 0: never), a level
is one byte string per waste rank, and _Plan holds everything that depends
only on the layout (computed once, with ideals()). Per level:
- one itemgetter call gathers, for every move, the value of the set it
  leads to, out of the previous level's strings joined slot by slot;
- the moves of one slot are picked out with precomputed byte masks, and the
  best play of each rank is their byte-wise maximum, done on the strings
  held as Python ints (SWAR: _max, 7 int operations over the whole level);
- turning first is one bytes.translate per rank (the latest stock card a
  card of that rank plays on, below the value of playing it);
- each waste rank's string: the maximum of turning and the plays onto it.
About 5 ms of CPU for a whole deal (4.5 to 6 ms measured on a quiet moment
of a busy shared machine, 2026-12-02; 27 ms before), about the same from a
mid-game position (every level up to its number of cards is filled; the
sets holding a card already gone get values no set within it reads).
Not built: a byte string per slot over every set of a level (a byte per
set and slot, 5.4 times as many bytes to gather as there are moves).

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
from operator import itemgetter
from typing import Any

from cardgames.games.tripeaks import rules
from cardgames.games.tripeaks.layout import Layout
from cardgames.games.tripeaks.rules import Action, Play, State, Turn

EMPTY, WILD = 0, 14
MAX_IDEALS = 300_000   # layouts with more sets of cards left than this have no table
SESSION_DEALS = 8      # deals whose tables are kept


class OutOfBudget(Exception):
    """The CPU budget ran out while filling a table."""


@lru_cache(maxsize=16)
def _layout_tables(layout: Layout) -> tuple[tuple, tuple, dict, _Plan] | None:
    """ideals() and the fill's plan of this layout (None: more than MAX_IDEALS sets)."""
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
    return tuple(order), tuple(moves), index, _Plan(n, order, moves)


def ideals(layout: Layout) -> tuple[tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...], dict] | None:
    """Every set of slots that can be left in play, smallest first, with its moves.

    A set is closed: a card can only be gone once every card lying on it is
    gone. The classic layout has 22,932 of them (the other shipped layouts
    fewer). Returns (sets as bitmasks, for each the pairs (exposed slot,
    index of the set without it), index of each set), or None when the
    layout has more than MAX_IDEALS. Computed once per layout, together with
    the fill's plan (_Plan), so calling it first keeps that one-off cost out
    of the first fill.
    """
    tables = _layout_tables(layout)
    return None if tables is None else tables[:3]


# A card's rank code is RANK_CODE[card.rank]: a Rank indexes it (the Joker's rank is 14, WILD) and gives a
# plain int, about twice as fast as int(card.rank) or card.is_joker (a solve reads every card once).
RANK_CODE = tuple(range(WILD + 1))


def stock_codes(state: State) -> tuple[int, ...]:
    """The stock's rank codes in turning order (the Joker is WILD): the only place that reads the stock."""
    return tuple([RANK_CODE[c.rank] for c in reversed(state.stock)])   # the stock's top is last


def start_of(state: State) -> tuple[int, int]:
    """The cards left (bitmask) and the waste rank code of a rules state."""
    rem = sum(1 << i for i, c in enumerate(state.tableau) if c is not None)
    return rem, RANK_CODE[state.waste[-1].rank] if state.waste else EMPTY


def _getter(indices: list[int]) -> Any:
    """itemgetter(*indices), which always returns a tuple (itemgetter of one index returns the item)."""
    if len(indices) == 1:
        only = indices[0]
        return lambda seq: (seq[only],)
    return itemgetter(*indices)


class _Plan:
    """What the fill needs of a layout, whatever the cards: the sets grouped by size, and how to gather.

    Level s holds the sets of s cards, most moves first; a set's moves lead to sets of level s - 1
    only, so a level is filled from the one before it at once, by C-speed builtins over byte strings
    rather than a Python loop per move. A level's moves are laid out move number j-major ("plane" j:
    the j-th move of each set that has more than j), so plane j is a prefix of the level's sets and
    the planes line up set by set. Per level:
    - gather: picks the value each move leads to out of the previous level's planes joined slot by
      slot (b"".join of one plane per slot: the plane of that slot's rank), giving one byte per move;
    - planes: (offset, length) of each plane in that gathered string;
    - parts[slot]: where that slot's moves sit: (plane, byte mask), mask None when the whole plane
      is that slot's moves;
    - together[slot]: the slots exposed with it in some set of the level (bits): the values of slots
      never exposed together go into one byte string by | rather than by _max;
    - high: the 0x80 byte repeated (see _max).
    where[i]: (level, position) of set i.
    """

    def __init__(self, n: int, order: list[int], moves: list[tuple[tuple[int, int], ...]]) -> None:
        by_level: list[list[int]] = [[] for _ in range(n + 1)]
        for i, rem in enumerate(order):
            by_level[rem.bit_count()].append(i)
        where: list[tuple[int, int]] = [(0, 0)] * len(order)
        self.levels: list[tuple[int, Any, tuple, tuple, tuple, int] | None] = [None]   # level 0: the empty set
        for s, members in enumerate(by_level):
            members.sort(key=lambda i: -len(moves[i]))
            for p, i in enumerate(members):
                where[i] = (s, p)
            if s == 0:
                continue
            before = len(by_level[s - 1])
            indices: list[int] = []
            planes = []
            spots: list[dict[int, list[int]]] = []      # per plane: slot -> positions in the plane
            for j in range(len(moves[members[0]])):
                count = sum(1 for i in members if len(moves[i]) > j)
                planes.append((len(indices), count))
                spot: dict[int, list[int]] = {}
                for p, i in enumerate(members[:count]):
                    slot, child = moves[i][j]
                    indices.append(slot * before + where[child][1])
                    spot.setdefault(slot, []).append(p)
                spots.append(spot)
            parts: list[list[tuple[int, int | None]]] = [[] for _ in range(n)]
            for j, spot in enumerate(spots):
                for slot, ps in spot.items():
                    if len(spot) == 1:
                        parts[slot].append((j, None))
                    else:
                        mask = bytearray(planes[j][1])
                        for p in ps:
                            mask[p] = 0xFF
                        parts[slot].append((j, int.from_bytes(mask, "little")))
            together = [0] * n       # together[x]: the slots exposed with slot x in some set of this level
            for i in members:
                shown = sum(1 << slot for slot, _ in moves[i])
                for slot, _ in moves[i]:
                    together[slot] |= shown & ~(1 << slot)
            high = int.from_bytes(b"\x80" * len(members), "little")
            self.levels.append((len(members), _getter(indices), tuple(planes),
                                tuple(tuple(part) for part in parts), tuple(together), high))
        self.sizes = tuple(len(members) for members in by_level)
        self.where = where


def _max(a: int, b: int, high: int) -> int:
    """Byte by byte maximum of two byte strings held as ints (every byte below 0x80; high: 0x80 in each
    byte of the longer). Per byte, d = (a | 0x80) - b never borrows from the next byte and is 0x80 + a - b
    when a >= b (top bit set), below 0x80 otherwise; the maximum is b + (d & 0x7F) where the top bit is set."""
    d = (a | high) - b
    ge = d & high
    return b + (d & (ge - (ge >> 7)))


class Table:
    """The filled table of one position and everything reachable from it (by plays and turns)."""

    def __init__(self, state: State, search: Any, deadline: float | None = None) -> None:
        """`search` is the solver's per-deal tables (ranks, stock, adjacency); deadline: thread_time() limit."""
        tables = _layout_tables(state.layout)
        if tables is None:
            raise ValueError(f"layout {state.layout.name!r} has too many sets of cards left for a table")
        _order, moves, index, plan = tables
        self.state, self.index, self.moves, self.where = state, index, moves, plan.where
        self.rank, self.stock, self.adj_rank_bits = search.rank, search.stock, search.adj_rank_bits
        self.order_key = search.order_key
        rank, ns, stock, adj = search.rank, len(search.stock), search.stock, search.adj_rank_bits
        n = len(rank)
        rem0, _ = start_of(state)
        # A level's planes: plane[q][p] = 1 + the most stock cards that may be turned for set p of the
        # level with waste rank q (1 to 13) to win, by playing first or by turning first (0: never);
        # plane[0] is all 0 (the rank of a slot already gone: never read by a set within this position).
        # turned[r][e]: 1 + the latest stock index p < e - 1 whose card a card of rank r plays on (or a
        # Joker), 0 if none: turning up to p then playing that card, which wins up to e - 1 cards turned.
        turned = []
        for r in range(14):
            row, last = bytearray(256), 0
            for e in range(1, ns + 2):
                if e >= 2 and (stock[e - 2] == WILD or r and adj[r] >> stock[e - 2] & 1):
                    last = e - 1
                row[e] = last
            row[ns + 2:] = bytes([last]) * (254 - ns)
            turned.append(bytes(row))
        slots_of = [[x for x in range(n) if rank[x] == r] for r in range(14)]
        present = [r for r in range(1, 14) if slots_of[r]]
        on = [[r for r in present if adj[q] >> r & 1] for q in range(14)]   # ranks that play on q
        planes = [bytes([0] + [ns + 1] * 13)[q:q + 1] for q in range(14)]
        self.planes = [planes]
        for s in range(1, rem0.bit_count() + 1):
            if deadline is not None and time.thread_time() > deadline:
                raise OutOfBudget
            size, gather, offsets, parts, together, high = plan.levels[s]
            got = bytes(gather(b"".join([planes[r] for r in rank])))
            values = [int.from_bytes(got[off:off + count], "little") for off, count in offsets]
            # best[r]: per set, the best value of playing one of its exposed cards of rank r; turn: of
            # turning first (a turn never helps the turn after it), the best over the ranks of the card
            # then played (turned[r] only grows with the value)
            best = [0] * 14
            turn = 0
            for r in present:
                groups: list[list[int]] = []     # [slots (bits), their values]: slots never exposed together
                for x in slots_of[r]:
                    f = 0
                    for j, mask in parts[x]:
                        f |= values[j] if mask is None else values[j] & mask
                    if not f:
                        continue
                    for group in groups:
                        if not group[0] & together[x]:
                            group[0] |= 1 << x
                            group[1] |= f
                            break
                    else:
                        groups.append([1 << x, f])
                if not groups:
                    continue
                acc = groups[0][1]
                for group in groups[1:]:
                    acc = _max(acc, group[1], high)
                best[r] = acc
                t = int.from_bytes(acc.to_bytes(size, "little").translate(turned[r]), "little")
                turn = _max(turn, t, high) if turn else t
            planes = [bytes(size)] * 14
            for q in range(1, 14):
                acc = turn
                for r in on[q]:
                    if best[r]:
                        acc = _max(acc, best[r], high) if acc else best[r]
                planes[q] = acc.to_bytes(size, "little")
            self.planes.append(planes)

    def value(self, rem: int, w: int) -> int:
        """The most stock cards that may be turned for (rem, waste rank w) to be winnable; -1: never."""
        level, p = self.where[self.index[rem]]
        planes = self.planes[level]
        if w in (EMPTY, WILD):          # anything plays on it: every card plays on some rank
            return max(plane[p] for plane in planes) - 1
        return planes[w][p] - 1

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



def has_table(state: State) -> bool:
    """Whether the session keeps a table for the deal of `state`: a cheap test (no deal dealt again) the
    solver makes before deal_of and lookup."""
    if state.seed is None:
        return False
    with _lock:     # compared key by key, the seed first: hashing a layout walks all its slots
        return any(seed == state.seed and options == state.options and layout == state.layout
                   for seed, options, layout in _session)
