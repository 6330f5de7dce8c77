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
     the position is lost. Only the cards a move can have changed are looked
     at again: after playing slot i, those it could precede; after turns, the
     newly lacking ones;
   - the excess bound (solver_bounds.py): for a set X of ranks no two of
     which are adjacent, each card of X needs the card just before it to be
     of a neighbouring rank (tableau, waste, stock) or wild, none before two;
     the best X comes from a small dynamic programme over the 13 ranks (the
     old parity bound is one case). It rises by at most one per move, so a
     position's slack spares its next moves the check. Without the wrap it
     cut a lost mid-game position's search about tenfold (inside the search
     it runs as a table automaton, solver_bounds.path_automaton, in a third
     of the time); with the wrap it cost more inside the search than it
     saved: only the root is checked.
   - a turned card that plays on no exposed card leaves only the next turn:
     the search turns on at once (those positions are neither visited nor counted).
   The exposed cards travel with the position as a bitmask; what depends
   only on the layout is computed once per layout.
   Restarts (_search): short tries, each taking the plays in another order
   and keeping what the ones before proved lost: a win one order misses by
   a wrong early choice is often quick in another (a winning line alone
   visits about 50 positions).
   Tried and dropped (A/B, 2026-12-02): matching each card to one that may
   go just before it (1.5% more mid-game losses proved at the root, deals 8%
   slower), a waste-aware excess, the excess at every position, an
   earliest-run bound, other orders and schedules, kept move lists; for a
   cheaper position: a shorter excess programme, a table of the playable
   slots, lost moves as (k, moves) pairs, one closure for all the tries.
   From the deal the median is how soon wins are found (72.7% of deals win
   without the wrap, 55% within 500 positions).
2. A table (solver_table.py). Proving a deal lost means looking at nearly
   every set of cards that can be left, and there are only 22,932 of those
   for the classic layout. So when the search has not settled the deal
   after SEARCH_FIRST positions, the solver fills in, for every such set
   (smallest first), the most stock cards that may already be turned for a
   win to remain possible, per waste rank: about 6 ms of CPU (up to 12), as
   the fill works level by level over byte strings (27 ms before). So
   SEARCH_FIRST is small (500 positions, 1 to 2 ms): the wins the search
   finds late and nearly every loss go to the table.
   The winning line is read back from the table. The table is filled for
   the whole deal and kept for the session, so every later position of the
   same deal (the live sign after each move, hints, undo to a winnable
   position) is a lookup. Tried and dropped: a forward sweep over only the
   sets a position can reach visited 50 to 80% of the sets the table fills,
   at the same cost per set, and answers no later position.

Budgets: every entry point takes max_nodes (deterministic) and time_limit
(seconds of CPU time of the calling thread, never wall time); when one runs
out the answer is None ("unknown"). The scenes pass no limit: they run the
solver in a background thread and show a spinner until it answers.
"""
from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from operator import and_, or_
from typing import Any

from cardgames.games.tripeaks import rules, solver_bounds, solver_table
from cardgames.games.tripeaks.deals import DEAL_MAX, clamp_number
from cardgames.games.tripeaks.layout import Layout
from cardgames.games.tripeaks.rules import Action, Play, State, Turn
from cardgames.games.tripeaks.solver_collector import collector_paused
from cardgames.games.tripeaks.solver_table import EMPTY, RANK_CODE, WILD, start_of, stock_codes

ALL_RANKS = (1 << 14) - 2   # bits 1..13
NEVER = 1 << 30              # no stock count proved lost yet


class _OutOfBudget(Exception):
    """The node budget of a try ran out."""


class _OutOfTime(_OutOfBudget):
    """The CPU time limit ran out (checked every 256 positions of the whole search, over all its tries)."""


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


@dataclass(frozen=True, slots=True)
class _Geometry:
    """What the search needs of a layout, whatever the cards: computed once per layout."""

    n: int
    cover: tuple[int, ...]      # cover[i]: the slots lying directly on slot i (bits)
    uncover: tuple[tuple[tuple[int, int], ...], ...]   # per slot: (bit of slot j it lies on, cover[j])
    blocked: tuple[int, ...]    # blocked[i]: the slots under slot i, transitively
    pred_base: tuple[int, ...]  # slots that may go on the waste just before slot i, rank aside
    succ_base: tuple[int, ...]  # slots that may go just after slot i, rank aside
    better: tuple[int, ...]     # slots lying on a superset of what slot i lies on (ties: the lower slots)
    order_key: Any              # sort key: cards that lie on the most others first


_last_geometry: tuple[Any, Any] = (None, None)   # (layout, its geometry): found by identity, not by hash


def _geometry(layout: Layout) -> _Geometry:
    """The layout's geometry. A Layout's hash walks all its slots (about as long as a quick search takes),
    so the last layout is recognised by identity first."""
    global _last_geometry
    if _last_geometry[0] is not layout:
        _last_geometry = (layout, _geometry_of(layout))
    return _last_geometry[1]


@lru_cache(maxsize=16)
def _geometry_of(layout: Layout) -> _Geometry:
    n = layout.size
    cover = [sum(1 << j for j in layout.slots[i].covered_by) for i in range(n)]
    covers = [sum(1 << j for j in layout.covers(i)) for i in range(n)]
    blocked = [sum(1 << j for j in layout.blocked_by(i)) for i in range(n)]
    above = [sum(1 << j for j in range(n) if blocked[j] >> i & 1) for i in range(n)]
    full = (1 << n) - 1
    # pred: not a card under i (it comes later), nor one lying on a card that lies on i (it goes at least
    # two plays before i); a card lying directly on i can, if it is the last of them to go. succ: the mirror.
    pred = [full & ~blocked[i] & ~(above[i] & ~cover[i]) & ~(1 << i) for i in range(n)]
    succ = [full & ~above[i] & ~(blocked[i] & ~covers[i]) & ~(1 << i) for i in range(n)]
    uncover = [tuple((1 << j, cover[j]) for j in layout.covers(i)) for i in range(n)]
    key = [-len(layout.blocked_by(i)) for i in range(n)]
    better = [sum(1 << j for j in range(n) if j != i and blocked[i] & ~blocked[j] == 0
                  and (blocked[i] != blocked[j] or j < i)) for i in range(n)]
    return _Geometry(n, tuple(cover), tuple(uncover), tuple(blocked), tuple(pred), tuple(succ),
                     tuple(better), tuple(key).__getitem__)


@lru_cache(maxsize=4)
def _adjacent_rank_bits(wrap: bool) -> tuple[int, ...]:
    """Per waste rank code: the ranks (as bits) that play on it."""
    return tuple(sum(1 << q for q in _adjacent_ranks(r, wrap)) for r in range(15))


@lru_cache(maxsize=4)
def _plays(n: int) -> tuple[Play, ...]:
    """Play(i) for every slot, made once (a winning line is built from them)."""
    return tuple(Play(i) for i in range(n))


TURN = Turn()


class _Search:
    """Tables for one deal, then a memoised depth-first search over bitmask positions."""

    def __init__(self, state: State, max_nodes: int | None, time_limit: float | None):
        geo = _geometry(state.layout)
        wrap = state.options.wrap
        self.n = geo.n
        self.cover, self.uncover, self.order_key = geo.cover, geo.uncover, geo.order_key
        rank = self.rank = [0 if c is None else RANK_CODE[c.rank] for c in state.tableau]
        slots_of_rank = [0] * 15
        for i, r in enumerate(rank):
            if r:
                slots_of_rank[r] |= 1 << i
        self.slots_of_rank = slots_of_rank
        # adj_rank_bits[r]: the ranks (as bits) one away from r; adj_slots[r]: tableau slots of those ranks
        # (r - 1 and r + 1, slots_of_rank[0] and [14] being empty; King and Ace with the wrap; every slot
        # left on an empty waste or a Joker). The tables per slot below are C-speed maps over the slots.
        adj = self.adj_rank_bits = _adjacent_rank_bits(wrap)
        left = sum(slots_of_rank)
        adj_slots = self.adj_slots = [left, *map(or_, slots_of_rank[:13], slots_of_rank[2:]), left]
        if wrap:
            adj_slots[1] |= slots_of_rank[13]
            adj_slots[13] |= slots_of_rank[1]
        # pred[i] / succ[i]: tableau slots whose card could be on the waste just before / after slot i's
        # (none for a slot already cleared, rank 0).
        near = adj_slots[:]
        near[0] = 0
        self.pred = list(map(and_, map(near.__getitem__, rank), geo.pred_base))
        self.succ = list(map(and_, map(near.__getitem__, rank), geo.succ_base))
        self.stock = stock = stock_codes(state)
        ns = len(stock)
        # lacking_slots[k]: slots whose rank no card among stock[k:] can precede; from the end of the stock
        # back, `reached` (the ranks some card among stock[k:] lets be played; all with a Joker) only grows,
        # and the slots of each rank it gains leave the lacking.
        lacking = [0] * (ns + 1)
        reached, short = 0, sum(slots_of_rank)
        for k in range(ns, -1, -1):
            if k < ns:
                new = (ALL_RANKS if stock[k] == WILD else adj[stock[k]]) & ~reached
                reached |= new
                while new:
                    low = new & -new
                    short &= ~slots_of_rank[low.bit_length() - 1]
                    new ^= low
            lacking[k] = short
        self.lacking_slots = lacking
        # dominated_by[i]: same-rank slots lying on a superset of what slot i lies on: playing one of
        # them is at least as good as playing slot i (ties go to the lower slot).
        self.dominated_by = list(map(and_, map(slots_of_rank.__getitem__, rank), geo.better))
        # The excess bound (solver_bounds): the starters left by rank per stock index.
        self.excess = solver_bounds.Excess(stock, wrap)
        self.wrap = wrap
        self.priority: Any = None   # the order of the plays: None for the highest slot first, else a sort key
        self.lost: dict[int, list[int]] = {}
        self.root: Any = None       # ((rem, k, w), codes, base, exposed, excess) of wins()'s first position
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = None if time_limit is None else time.thread_time() + time_limit
        self.line: list[Action] = []

    def exposed(self, rem: int) -> int:
        """The exposed slots of `rem` (bits)."""
        cover, out, m = self.cover, 0, rem
        while m:
            low = m & -m
            if not rem & cover[low.bit_length() - 1]:
                out |= low
            m ^= low
        return out

    # ------------------------------------------------------------ search

    def wins(self, rem: int, k: int, w: int) -> bool:
        """True when `rem` can be cleared from stock index k and waste rank w.

        The winning line is left (reversed) in self.line. The search is one closure over local tables, as
        the time is all in this loop. The exposed cards travel as a bitmask (a play exposes at most the cards
        it lay on). lost[rem][i] is the fewest stock cards turned at which playing slot i from rem was proved
        to lose (lost[rem][n]: turning; the module's docstring says why that holds for any later count too).
        """
        n, ns = self.n, len(self.stock)
        rank, uncover, adj_slots, pred, succ = self.rank, self.uncover, self.adj_slots, self.pred, self.succ
        stock, lacking_slots, dominated_by = self.stock, self.lacking_slots, self.dominated_by
        jokers = self.excess.jokers
        wild_waste = (1,) + (0,) * 13 + (1,)      # per waste code: 1 for an empty waste or a Joker
        # codes[r] = a * base + c for rank r, kept up to date along the search: a, the tableau cards left of
        # rank r, c, the tableau and starter cards (the waste included; index 0 and 14 are scratch), as
        # solver_bounds.path_automaton reads them. A play or a turn only takes the waste's rank out of c:
        # the card played or turned becomes the waste. A copy of the root's, made once for all the tries (a
        # try that runs out of budget leaves its own in disorder).
        if self.root is None or self.root[0] != (rem, k, w):
            first = [0] * 15
            for r in range(1, 14):
                first[r] = (rem & self.slots_of_rank[r]).bit_count()
            tot, j = self.excess.starters(first, k, w)
            base = max(5, max(tot[1:14]) + 1)    # every c below it (one deck holds 4 cards of a rank)
            # The root's own excess only with the wrap: without it the search checks its first position.
            self.root = ((rem, k, w), [a * base + c for a, c in zip(first, tot)], base, self.exposed(rem),
                         self.excess.excess(first, tot, j) if self.wrap else None)
        _, first_codes, base, shown_first, root_excess = self.root
        codes = first_codes[:]
        excess = None if self.wrap else solver_bounds.path_automaton(base)   # with the wrap: the root only
        lost_table, line = self.lost, self.line
        lost_get, width = lost_table.get, n + 1
        plays = _plays(n)
        priority = self.priority
        # count runs over all the tries (so that the clock is read every 256 positions of the whole search);
        # budget is where this try stops.
        start = self.nodes
        budget = start + self.max_nodes if self.max_nodes is not None else NEVER
        deadline = self.deadline

        def search(rem: int, exp: int, k: int, w: int, slack: int, chk: int) -> bool:
            if not rem:
                return True
            playable = exp & adj_slots[w]
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
            if slack < 0:
                # The best excess over the independent sets of ranks (solver_bounds): above 0, lost. It
                # rises by at most one per move, so the next -e - 1 moves need not look again; it looks
                # LATE_CHECK moves later still (a lost line is caught a little deeper, for fewer checks).
                e = excess(codes, jokers[k] + wild_waste[w])
                if e > 0:
                    return False
                slack = LATE_CHECK - e
            nonlocal count
            count += 1
            if count > budget:
                raise _OutOfBudget
            if deadline is not None and not count & 255 and time.thread_time() > deadline:
                raise _OutOfTime
            # Cards whose rank no stock card left can precede: each needs a tableau card that can go just
            # before it, or it must go on the waste now (two such cards, or one not playable: lost, no move
            # to try). chk: the only cards that can have come to need it since the position before.
            forced = -1
            m = rem & lacking_slots[k] & chk
            while m:
                low = m & -m
                i = low.bit_length() - 1
                if not rem & pred[i]:
                    if not playable & low or forced >= 0:
                        forced = n
                        break
                    forced = i
                m ^= low
            if forced >= 0:
                moves = [forced] if forced < n else []
            else:
                # Of two playable cards of the same rank, skip the one that is no better to play. The
                # others go from the highest slot down (the layouts list the front cards last), or up.
                moves = []
                m = playable
                while m:
                    i = m.bit_length() - 1
                    if not playable & dominated_by[i]:
                        moves.append(i)
                    m ^= 1 << i
                if priority is not None and len(moves) > 1:
                    moves.sort(key=priority)
            # Turning is pointless while a dead-end card (one no card left can follow) plays: playing it
            # first can only help, since a line that keeps it could only play it just before a turn.
            can_turn = forced < 0 and k < ns
            codes[w] -= 1              # the waste's card: the next play or turn covers it
            for i in moves:
                if not rem & succ[i]:
                    can_turn = False
                if lost is not None and lost[i] <= k:
                    continue
                bit = 1 << i
                after, shown = rem ^ bit, exp ^ bit
                for j, on_j in uncover[i]:
                    if not after & on_j:
                        shown |= j
                r = rank[i]
                codes[r] -= base
                if search(after, shown, k, r, slack - 1, succ[i]):   # chk: the cards slot i could precede
                    line.append(plays[i])
                    return True
                codes[r] += base
            if can_turn and (lost is None or lost[n] > k):
                # Stock cards that play on no exposed card leave nothing to choose: turned straight on.
                last, limit = k, (ns if lost is None or lost[n] > ns else lost[n]) - 1
                while not exp & adj_slots[stock[last]] and last < limit:
                    codes[stock[last]] -= 1
                    last += 1
                # chk: the same cards are left, so only those lacking from last + 1 on but not at k.
                if search(rem, exp, last + 1, stock[last], slack - 1 - last + k, ~lacking_slots[k]):
                    line.extend([TURN] * (last - k + 1))
                    return True
                while last > k:
                    last -= 1
                    codes[stock[last]] += 1
                lost = lost_get(rem)   # the turn's search may have made this position's entry
            codes[w] += 1
            # Lost: so is every move from here, including those skipped as no better than another (a play
            # leaves fewer cards, so only the turn's search can have made this position's entry).
            if lost is None:
                lost = lost_table[rem] = [NEVER] * width
            if k < lost[n]:  # noqa: PLR1730
                lost[n] = k
            m = playable
            while m:
                low = m & -m
                i = low.bit_length() - 1
                if k < lost[i]:  # noqa: PLR1730
                    lost[i] = k
                m ^= low
            return False

        count = start
        try:
            if not self.wrap:
                return search(rem, shown_first, k, w, -1, -1)
            # With the wrap the bound rarely prunes inside the search (it costs more than it saves there):
            # only the position itself is checked.
            return root_excess <= 0 and search(rem, shown_first, k, w, NEVER, -1)
        finally:
            self.nodes = min(count, budget)      # the position over the budget is not searched


# Moves the excess check may come late without the wrap. 2 was best while a check cost 0.66 us; with the
# automaton (0.23 us) 1 is (A/B, 1,000 positions, twice: medians x0.95-0.97 / x0.93-0.94 from the deal /
# mid-game, 1% to 2% more positions settled within 500; 0 was no better from the deal).
LATE_CHECK = 1
# The restarts' schedule (see _search): 4 x 64, not 4 x 80, since turns that play nothing are passed over
# (A/B twice, 1,000 positions, medians x0.95 / x0.90-0.93 wrap, x0.95-0.99 / x0.80-0.85 no wrap, deal / mid).
FIRST_TRIES, FIRST_TRY_NODES = 4, 64


@lru_cache(maxsize=16)
def _orders(n: int, tries: int) -> tuple[Any, ...]:
    """The play orders of the restarts (sort keys over slots): None (the highest slot first), then
    shuffles by a fixed generator (the same every run)."""
    rng = random.Random(n)
    out: list[Any] = [None]
    for _ in range(tries):
        key = list(range(n))
        rng.shuffle(key)
        out.append(key.__getitem__)
    return tuple(out)


def _search(state: State, rem: int, w: int, max_nodes: int | None, time_limit: float | None) -> Result:
    """The depth-first search alone from (rem, w) = start_of(state), as restarts: FIRST_TRIES tries of
    FIRST_TRY_NODES positions, each taking the plays in another order (the highest slot first, then shuffled
    orders), then tries of twice as many as the last until max_nodes; each keeps what the ones before proved
    lost. A win one order misses by a wrong early choice is often quick in another, so short tries find more
    wins sooner than one long one."""
    s = _Search(state, max_nodes, time_limit)
    orders = _orders(s.n, 15)
    budget, spent, attempt = FIRST_TRY_NODES, 0, 0
    while True:
        last = max_nodes is not None and spent + budget >= max_nodes
        s.max_nodes = max_nodes - spent if last else budget
        if max_nodes is None and attempt >= len(orders) - 1:
            s.max_nodes = None
        s.priority = orders[attempt % len(orders)]
        s.line.clear()
        try:
            ok = s.wins(rem, 0, w)
            break
        except _OutOfTime:
            return Result(None, (), s.nodes)
        except _OutOfBudget:
            if last:
                return Result(None, (), s.nodes)
        spent = s.nodes
        attempt += 1
        if attempt >= FIRST_TRIES:
            budget *= 2
    return Result(ok, tuple(reversed(s.line)) if ok else (), s.nodes)


SEARCH_FIRST = 500   # nodes the depth-first search gets before the table takes over


def solve(state: State, max_nodes: int | None = None, time_limit: float | None = None,
          method: str = "auto") -> Result:
    """Whether `state` can still be won and, if so, a winning line of actions.

    method "auto": a position of a deal whose table this session already filled is a lookup; else a short
    depth-first search (most winnable deals take under a few hundred positions), then the table (about 6 ms
    of CPU for the classic layout), kept for the later positions of the same deal. "search" or "table": one
    of them alone. The table counts as one node per set of cards left. time_limit is seconds of CPU time of
    the calling thread (time.thread_time), so a busy machine does not make it run out sooner. Without
    limits it always answers; with them, winnable is None when a limit ran out.
    """
    with collector_paused:   # the search's many small lists hold no cycles (solver_collector.py)
        return _solve(state, max_nodes, time_limit, method)


def _solve(state: State, max_nodes: int | None, time_limit: float | None, method: str) -> Result:
    if method not in ("auto", "search", "table"):
        raise ValueError(f"unknown solver method {method!r}")
    deadline = None if time_limit is None else time.thread_time() + time_limit
    rem, w = start_of(state)
    # Dealing the deal again (deal_of) costs about as much as a quick search: only when a table is kept.
    deal = solver_table.deal_of(state) if method == "auto" and solver_table.has_table(state) else None
    if deal is not None:
        kept = solver_table.lookup(deal[0], rem, deal[1], w)
        if kept is not None:
            return _from_table(kept[0], rem, kept[1], w, 0)
    used = 0
    if method != "table":
        first = SEARCH_FIRST
        if method == "search" or (max_nodes is not None and max_nodes < SEARCH_FIRST):
            first = max_nodes
        result = _search(state, rem, w, first, time_limit)
        if result.winnable is not None or method == "search":
            return result
        used = result.nodes
    tables = solver_table.ideals(state.layout)
    if tables is None or rem not in tables[2]:
        # No table (a huge layout, or a scripted position no game reaches): the search alone.
        rest = None if max_nodes is None else max_nodes - used
        remaining = None if deadline is None else max(0.0, deadline - time.thread_time())
        result = _search(state, rem, w, rest, remaining)
        return Result(result.winnable, result.line, used + result.nodes)
    if max_nodes is not None and used + len(tables[0]) > max_nodes:
        return Result(None, (), used)
    try:
        table = solver_table.Table(state, _Search(state, None, None), deadline)
        deal = deal or solver_table.deal_of(state)
        if deal is not None:
            solver_table.remember(deal[0], deal[1], rem, table)
    except solver_table.OutOfBudget:
        return Result(None, (), used)
    return _from_table(table, rem, 0, w, used + len(tables[0]))


def _from_table(table: solver_table.Table, rem: int, k: int, w: int, nodes: int) -> Result:
    if not table.wins(rem, k, w):
        return Result(False, (), nodes)
    return Result(True, table.line(rem, k, w), nodes)


clear_session = solver_table.clear_session


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
    """The first deal number among seed, seed + 1, seed + 2 ... whose deal wins (after DEAL_MAX: 1, 2 ...).

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
        candidate = clamp_number(seed + k) if 1 <= seed <= DEAL_MAX else seed + k
        if solve(rules.new_game(options, candidate), max_nodes).winnable:
            return candidate
    return candidate
