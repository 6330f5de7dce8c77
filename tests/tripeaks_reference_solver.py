"""An exact TriPeaks solver: can this position still be won, and how?

It knows every card (the face-down ones and the stock order), as a
"winnable deals only" dealer must. It powers winnable_seed (deal only
winnable games), is_winnable (the live indicator), hint (a move that keeps
a win possible) and the demo mode, where the solver's line is played.

Two engines, used in turn by solve():

1. A depth-first search, tableau plays before turning the stock, over
   positions packed into integers (a bitmask of the cards left, the number
   of stock cards turned, the waste rank). It finds most wins in a few
   hundred positions. Pruning:
   - lost moves are remembered per set of cards left: "playing slot i from
     here loses once k stock cards are turned". Turning more stock cards
     never helps (the earlier position could turn the extra cards), so the
     move loses for any later k too; a waste card matters only through the
     plays it allows, so a position whose every move is known lost is lost,
     whatever its waste;
   - of two playable cards of the same rank, playing the one whose covered
     cards are a subset of the other's is never better (swap them in any
     winning line);
   - a dead-end card (no card left can ever be played just after it) can
     only end a run: while one is playable, turning is never better than
     playing it first;
   - a card whose rank no stock card left can precede needs a tableau card
     that can go just before it (adjacent rank, not under it, not two layers
     above it); without one it must go on the waste now (a forced move) or
     the position is lost.
2. A table. Proving a deal lost means looking at nearly every set of cards
   that can be left, and there are only 22,932 of those for the classic
   layout. So when the search has not settled the deal after SEARCH_FIRST
   positions, the solver fills in, for every such set (smallest first), the
   most stock cards that may already be turned for a win to remain
   possible, per waste rank: about 30 ms for any deal. The winning line is
   read back from the table.

Budgets: every entry point takes max_nodes (deterministic) and time_limit
(seconds); when one runs out the answer is None ("unknown"), so a scene never
blocks for long.
"""
from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardgames.core.rng import child_seed
from cardgames.games.tripeaks import rules
from cardgames.games.tripeaks.layout import Layout
from cardgames.games.tripeaks.rules import Action, Play, State, Turn

WILD = 14      # rank code of the Joker on the waste: anything plays on it
EMPTY = 0      # rank code of an empty waste: anything plays on it too
ALL_RANKS = (1 << 14) - 2   # bits 1..13
NEVER = 1 << 30              # no stock count proved lost yet


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True, slots=True)
class Result:
    """winnable: True, False, or None when the budget ran out. line: a winning line when winnable."""

    winnable: bool | None
    line: tuple[Action, ...]
    nodes: int


def _adjacent_ranks(r: int, wrap: bool) -> tuple[int, ...]:
    if r in (EMPTY, WILD):
        return tuple(range(1, 14))
    out = [q for q in (r - 1, r + 1) if 1 <= q <= 13]
    if wrap and r == 1:
        out.append(13)
    if wrap and r == 13:
        out.append(1)
    return tuple(out)


class _Search:
    """Tables for one deal, then a memoised depth-first search over bitmask positions."""

    def __init__(self, state: State, max_nodes: int | None, time_limit: float | None):
        layout = state.layout
        wrap = state.options.wrap
        n = layout.size
        self.n = n
        self.rank = [0 if c is None else int(c.rank) for c in state.tableau]
        self.cover = [sum(1 << j for j in layout.slots[i].covered_by) for i in range(n)]
        blocked = [sum(1 << j for j in layout.blocked_by(i)) for i in range(n)]
        self.blocked = blocked
        # Try first the cards that lie on the most others: they open the way for the rest.
        self.order_key = [-len(layout.blocked_by(i)) for i in range(n)].__getitem__
        # adj_rank_bits[r]: the ranks (as bits) one away from r; adj_slots[r]: tableau slots of those ranks.
        self.adj_rank_bits = [sum(1 << q for q in _adjacent_ranks(r, wrap)) for r in range(15)]
        self.adj_slots = [0] * 15
        for r in range(15):
            bits = self.adj_rank_bits[r]
            self.adj_slots[r] = sum(1 << i for i in range(n) if self.rank[i] and bits >> self.rank[i] & 1)
        # pred[i]: tableau slots whose card could be on the waste just before slot i's card. Not a
        # card under i (it comes later), nor one lying on a card that lies on i (it goes at least two
        # plays before i); a card lying directly on i can, if it is the last of them to go.
        above = [sum(1 << j for j in range(n) if blocked[j] >> i & 1) for i in range(n)]
        self.pred = [self.adj_slots[self.rank[i]] & ~blocked[i] & ~(above[i] & ~self.cover[i]) & ~(1 << i)
                     if self.rank[i] else 0 for i in range(n)]
        # succ[i]: slots whose card could be played just after slot i's card (the mirror of pred).
        covers = [sum(1 << j for j in layout.covers(i)) for i in range(n)]
        self.succ = [self.adj_slots[self.rank[i]] & ~above[i] & ~(blocked[i] & ~covers[i]) & ~(1 << i)
                     if self.rank[i] else 0 for i in range(n)]
        self.stock = tuple(WILD if c.is_joker else int(c.rank) for c in reversed(state.stock))   # top card last
        ns = len(self.stock)
        counts = [[0] * 15 for _ in range(ns + 1)]   # counts[k][r]: cards of rank r among stock[k:]
        for k in range(ns - 1, -1, -1):
            counts[k] = counts[k + 1][:]
            counts[k][self.stock[k]] += 1
        # reach[k]: ranks that some card among stock[k:] lets be played (bits), all when a Joker is left.
        self.reach = []
        for k in range(ns + 1):
            c = counts[k]
            bits = ALL_RANKS if c[WILD] else 0
            for r in range(1, 14):
                if c[r]:
                    bits |= self.adj_rank_bits[r]
            self.reach.append(bits)
        self.slots_of_rank = [sum(1 << i for i in range(n) if self.rank[i] == r) for r in range(15)]
        # lacking_slots[k]: slots whose rank no card among stock[k:] can precede.
        self.lacking_slots = [sum(self.slots_of_rank[r] for r in range(1, 14) if not bits >> r & 1)
                              for bits in self.reach]
        # dominated_by[i]: same-rank slots lying on a superset of what slot i lies on: playing one of
        # them is at least as good as playing slot i (ties go to the lower slot).
        self.dominated_by = [sum(1 << j for j in range(n) if j != i and self.rank[j] == self.rank[i]
                                 and blocked[i] & ~blocked[j] == 0 and (blocked[i] != blocked[j] or j < i))
                             for i in range(n)]
        self.lost: dict[int, list[int]] = {}
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self.line: list[Action] = []

    # ------------------------------------------------------------ search

    def wins(self, rem: int, k: int, w: int) -> bool:
        """True when `rem` can be cleared from stock index k and waste rank w.

        The winning line is left (reversed) in self.line. The search is one
        closure over local tables, because the time is all in this loop.

        What is proved lost is remembered per set of cards left, move by
        move: lost[rem][i] is the fewest stock cards turned at which playing
        slot i from rem was proved to lose (lost[rem][n] for turning the
        stock). Turning more stock cards never helps (the earlier position
        could turn the extra cards), so that move also loses at any later
        count. A position is lost when every move it offers is known lost,
        whatever its waste card, since only the plays a waste allows matter.
        """
        n, ns = self.n, len(self.stock)
        rank, cover, adj_slots, pred, succ = self.rank, self.cover, self.adj_slots, self.pred, self.succ
        stock, lacking_slots, dominated_by, order_key = self.stock, self.lacking_slots, self.dominated_by, self.order_key
        lost_table, line = self.lost, self.line
        turn_bit = 1 << n
        budget = self.max_nodes if self.max_nodes is not None else NEVER
        deadline = self.deadline

        def search(rem: int, k: int, w: int) -> bool:
            if not rem:
                return True
            # The exposed cards that play on the waste.
            m = playable = rem & adj_slots[w]
            while m:
                low = m & -m
                if rem & cover[low.bit_length() - 1]:
                    playable ^= low
                m ^= low
            # Known lost: every move this position offers was proved to lose.
            lost = lost_table.get(rem)
            if lost is not None and (lost[n] <= k or k == ns):
                m = playable
                while m:
                    low = m & -m
                    if lost[low.bit_length() - 1] > k:
                        break
                    m ^= low
                else:
                    return False
            self.nodes += 1
            if self.nodes > budget or (deadline is not None and not self.nodes & 255
                                        and time.perf_counter() > deadline):
                raise _OutOfBudget
            # Cards whose rank no stock card left can precede: each needs a tableau card that can go
            # just before it, or it must go on the waste now (two such cards, or one not playable: lost).
            forced = -1
            m = rem & lacking_slots[k]
            while m:
                low = m & -m
                i = low.bit_length() - 1
                if not rem & pred[i]:
                    if not playable & low or forced >= 0:
                        return record(rem, playable | turn_bit, k)
                    forced = i
                m ^= low
            if forced >= 0:
                moves = [forced]
            else:
                # Of two playable cards of the same rank, skip the one that is no better to play.
                moves = []
                m = playable
                while m:
                    low = m & -m
                    i = low.bit_length() - 1
                    if not playable & dominated_by[i]:
                        moves.append(i)
                    m ^= low
                if len(moves) > 1:
                    moves.sort(key=order_key)
            # Turning is pointless while a dead-end card (one no card left can follow) plays: playing it
            # first can only help, since a line that keeps it could only play it just before a turn.
            can_turn = forced < 0 and k < ns
            for i in moves:
                if not rem & succ[i]:
                    can_turn = False
                if lost is not None and lost[i] <= k:
                    continue
                if search(rem & ~(1 << i), k, rank[i]):
                    line.append(Play(i))
                    return True
            if can_turn and (lost is None or lost[n] > k) and search(rem, k + 1, stock[k]):
                line.append(Turn())
                return True
            # Lost: so is every move from here, including those skipped as no better than another.
            return record(rem, playable | turn_bit, k)

        def record(rem: int, moves: int, k: int) -> bool:
            """Marks the moves (slot bits, and bit n for the turn) from rem as lost from k on; returns False."""
            lost = lost_table.get(rem)
            if lost is None:
                lost = lost_table[rem] = [NEVER] * (n + 1)
            while moves:
                low = moves & -moves
                i = low.bit_length() - 1
                lost[i] = min(lost[i], k)
                moves ^= low
            return False

        return search(rem, k, w)


def _start(state: State) -> tuple[int, int]:
    """The cards left (bitmask) and the waste rank code of a rules state."""
    rem = sum(1 << i for i, c in enumerate(state.tableau) if c is not None)
    if not state.waste:
        return rem, EMPTY
    top = state.waste[-1]
    return rem, WILD if top.is_joker else int(top.rank)


def _search(state: State, max_nodes: int | None, time_limit: float | None) -> Result:
    """The depth-first search alone."""
    s = _Search(state, max_nodes, time_limit)
    rem, w = _start(state)
    try:
        ok = s.wins(rem, 0, w)
    except _OutOfBudget:
        return Result(None, (), s.nodes)
    return Result(ok, tuple(reversed(s.line)) if ok else (), s.nodes)


# ---------------------------------------------------------------- the table of every position

MAX_IDEALS = 300_000   # layouts with more sets of cards left than this use the search alone


@lru_cache(maxsize=16)
def _ideals(layout: Layout) -> tuple[tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...], dict] | None:
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


def _table(state: State, deadline: float | None) -> Result | None:
    """Solves by filling in, for every set of cards left, the latest stock count that still wins.

    best(cards, waste) = the most stock cards that may already be turned for
    the position to be winnable (-1: never). Filled smallest set first:
    - a play of exposed card x on the waste: best(cards - x, rank of x);
    - turning: the latest k with k + 1 <= best(cards, stock[k]), which only
      needs the plays' values, since a turn never helps the turn after it.
    Each set stores, per waste rank, the best over its plays, and the turn's
    value once. The deal is winnable when best(start, waste) >= 0. None when
    this layout (or position) has no table; raises _OutOfBudget at the deadline.
    """
    tables = _ideals(state.layout)
    rem0, w0 = _start(state)
    if tables is None or rem0 not in tables[2]:
        return None
    order, moves, index = tables
    search = _Search(state, None, None)
    rank, ns, stock, adj_rank_bits = search.rank, len(search.stock), search.stock, search.adj_rank_bits
    adjacent = [tuple(q for q in range(1, 14) if adj_rank_bits[r] >> q & 1) for r in range(15)]
    # last_before[q][a + 1]: the last stock index p holding rank q with p < a, else -1.
    last_before = []
    for q in range(15):
        row, last = [-1], -1
        for a in range(ns + 1):
            if a > 0 and stock[a - 1] == q:
                last = a - 1
            row.append(last)
        last_before.append(row)
    plays: list[list[int] | None] = [None] * len(order)   # plays[i][q]: best over the plays on waste rank q
    turns = [0] * len(order)                               # turns[i]: best when turning the stock
    nobody = [-1] * 15
    everything = [ns] * 15
    outside = ~rem0
    # The hot loop of the whole solver: plain comparisons rather than max() calls, for speed.
    for i, rem in enumerate(order):
        if rem & outside:
            continue                                       # not reachable from this position
        if deadline is not None and not i & 1023 and time.perf_counter() > deadline:
            raise _OutOfBudget
        if not rem:
            plays[i], turns[i] = everything, ns
            continue
        best = nobody[:]
        anything = turn = -1
        for slot, child in moves[i]:
            r = rank[slot]
            value = plays[child][r]
            if turns[child] > value:  # noqa: PLR1730
                value = turns[child]
            if value > anything:  # noqa: PLR1730
                anything = value
            for q in adjacent[r]:
                if value > best[q]:  # noqa: PLR1730
                    best[q] = value
                # turning a stock card of rank q can lead to this play (last_before rises with value)
                if last_before[q][value + 1] > turn:  # noqa: PLR1730
                    turn = last_before[q][value + 1]
        best[EMPTY] = best[WILD] = anything
        if last_before[WILD][anything + 1] > turn:  # noqa: PLR1730
            turn = last_before[WILD][anything + 1]
        plays[i], turns[i] = best, turn

    def value(rem: int, w: int) -> int:
        j = index[rem]
        return max(plays[j][w], turns[j])

    if value(rem0, w0) < 0:
        return Result(False, (), len(order))
    # The line: plays first (cards lying on the most others first), else turn, keeping best >= k.
    line: list[Action] = []
    rem, k, w = rem0, 0, w0
    while rem:
        for slot, _ in sorted(moves[index[rem]], key=lambda m: search.order_key(m[0])):
            if adj_rank_bits[w] >> rank[slot] & 1 and value(rem ^ 1 << slot, rank[slot]) >= k:
                line.append(Play(slot))
                rem, w = rem ^ 1 << slot, rank[slot]
                break
        else:
            line.append(Turn())
            k, w = k + 1, stock[k]
    return Result(True, tuple(line), len(order))


SEARCH_FIRST = 2_000   # nodes the depth-first search gets before the table takes over


def solve(state: State, max_nodes: int | None = None, time_limit: float | None = None,
          method: str = "auto") -> Result:
    """Whether `state` can still be won and, if so, a winning line of actions.

    method "auto": a short depth-first search (most winnable deals take a
    few hundred positions), then the table of every position (about 30 ms
    for the classic layout, whatever the deal). "search" or "table": one of
    them alone. The table counts as one node per set of cards left. Without
    limits it always answers; with them, winnable is None when a limit ran out.
    """
    if method not in ("auto", "search", "table"):
        raise ValueError(f"unknown solver method {method!r}")
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    used = 0
    if method != "table":
        first = SEARCH_FIRST
        if method == "search" or (max_nodes is not None and max_nodes < SEARCH_FIRST):
            first = max_nodes
        result = _search(state, first, time_limit)
        if result.winnable is not None or method == "search":
            return result
        used = result.nodes
    tables = _ideals(state.layout)
    if tables is None or _start(state)[0] not in tables[2]:
        # No table (a huge layout, or a scripted position no game reaches): the search alone.
        rest = None if max_nodes is None else max_nodes - used
        remaining = None if deadline is None else max(0.0, deadline - time.perf_counter())
        result = _search(state, rest, remaining)
        return Result(result.winnable, result.line, used + result.nodes)
    if max_nodes is not None and used + len(tables[0]) > max_nodes:
        return Result(None, (), used)
    try:
        result = _table(state, deadline)
    except _OutOfBudget:
        return Result(None, (), used)
    return Result(result.winnable, result.line, used + result.nodes)


def is_winnable(state: State, max_nodes: int | None = 200_000, time_limit: float | None = 0.25) -> bool | None:
    """True / False, or None when the budget ran out (say "unknown", try again later)."""
    return solve(state, max_nodes, time_limit).winnable


def hint(state: State, max_nodes: int | None = 200_000, time_limit: float | None = 0.25) -> Action | None:
    """A move that keeps a win possible, or a fallback; None when the game is over or the budget ran out.

    Choice: the first move of the solver's line. The solver tries tableau
    plays before turning the stock (each play scores and keeps a streak
    alive), and plays that uncover cards first. When no win is possible any
    more, the hint is still useful: the first legal play, else the turn.
    """
    legal = rules.legal_actions(state)
    if not legal:
        return None
    result = solve(state, max_nodes, time_limit)
    if result.winnable is None:
        return None
    if result.winnable:
        return result.line[0]
    return legal[0]


def winnable_seed(options: Mapping[str, Any], seed: int, max_tries: int = 300,
                  max_nodes: int = 200_000) -> int:
    """The first seed among seed, child_seed(seed, "deal", 1), child_seed(seed, "deal", 2) ... whose deal wins.

    Deterministic (the node budget, not a clock, limits each try), so the
    same seed always gives the same winnable deal; deal it with
    rules.new_game(options, returned_seed). Deals the solver cannot settle
    within the budget are skipped. After max_tries the last seed tried is
    returned. Shares of winnable deals measured here: classic 97% (wrap) and
    73% (no wrap); twin peaks 80% / 46%; wall 65% without wrap; pyramid 17% /
    6%; diamond 6% (20% with an empty waste). A try costs 1 to 35 ms.
    """
    candidate = seed
    for k in range(max_tries):
        candidate = seed if k == 0 else child_seed(seed, "deal", k)
        if solve(rules.new_game(options, candidate), max_nodes).winnable:
            return candidate
    return candidate
