"""An exact TriPeaks solver: can this position still be won, and how?

It knows every card (the face-down ones and the stock order), as a
"winnable deals only" dealer must. It powers winnable_seed (deal only
winnable games), is_winnable (the live indicator), hint (a move that keeps
a win possible) and the demo mode, where the solver's line is played.

How it searches: depth-first, tableau plays before turning the stock, over
positions packed into integers (a bitmask of the cards left, the number of
stock cards turned, the waste rank). Every position proved lost is
remembered, and three facts let one proof cover many positions:

- Only the plays a waste card allows matter, not its rank or suit: lost
  positions are stored under (cards left, bitmask of playable cards), and a
  position whose playable cards are a subset of a lost one's is lost too.
- Turning more stock cards never helps: a position lost after k turns is
  lost after any later k (the earlier one could turn the extra cards).
- Of two playable cards of the same rank, playing the one whose covered
  cards are a subset of the other's is never better (swap them in any
  winning line), so it is not tried.

And one cheap bound: a card whose rank no stock card left (nor the waste)
can precede needs a tableau card of adjacent rank that it does not lie on;
without one the position is lost.

Budgets: every entry point takes max_nodes (deterministic) and time_limit
(seconds); when one runs out the answer is None ("unknown"), so a scene never
blocks for long.
"""
from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardgames.core.rng import child_seed
from cardgames.games.tripeaks import rules
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
        self.stock = tuple(WILD if c.is_joker else int(c.rank) for c in state.stock)
        ns = len(self.stock)
        counts = [[0] * 15 for _ in range(ns + 1)]   # counts[k][r]: cards of rank r among stock[k:]
        for k in range(ns - 1, -1, -1):
            counts[k] = counts[k + 1][:]
            counts[k][self.stock[k]] += 1
        # reach[k]: ranks that some card among stock[k:] lets be played (bits), all when a Joker is left.
        self.stock_counts = counts
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
        # dominated_by[i]: same-rank slots whose play is at least as good as playing i (see moves).
        self.dominated_by = [sum(1 << j for j in range(n) if j != i and self.rank[j] == self.rank[i]
                                 and blocked[i] & ~blocked[j] == 0 and (blocked[i] != blocked[j] or j < i))
                             for i in range(n)]
        self.lost: dict[int, list[int]] = {}
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self.line: list[Action] = []

    # ------------------------------------------------------------ bounds

    def must_play(self, rem: int, k: int, playable: int) -> int:
        """-1 when some card left can never be played; else the slot that must be played now, or None.

        Only cards of ranks that no stock card left can precede are checked
        (early in a deal there are none, so this costs almost nothing). Such
        a card needs a tableau card of adjacent rank that can go just before
        it; without one, its only chance is the waste card now: if it is
        playable it must be played at once (two such cards: lost), otherwise
        the position is lost.
        """
        m = rem & self.lacking_slots[k]
        pred = self.pred
        forced = None
        while m:
            low = m & -m
            i = low.bit_length() - 1
            if not rem & pred[i]:
                if not playable & low or forced is not None:
                    return -1
                forced = i
            m ^= low
        return forced

    # ------------------------------------------------------------ search

    def tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _OutOfBudget
        if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise _OutOfBudget

    def wins(self, rem: int, k: int, w: int) -> bool:
        """True when `rem` can be cleared; the winning line is left (reversed) in self.line.

        What is proved lost is remembered per set of cards left, move by
        move: lost[rem][i] is the fewest stock cards turned at which playing
        slot i from rem was proved to lose (lost[rem][n] for turning the
        stock). Turning more stock cards never helps (the earlier position
        could turn the extra cards), so that move also loses at any later
        count. A position is lost when every move it offers is known lost,
        whatever its waste card, since only the plays a waste allows matter.
        """
        if not rem:
            return True
        n = self.n
        playable = self.playable(rem, w)
        lost = self.lost.get(rem)
        if lost is not None and self.all_lost(lost, playable, k):
            return False
        self.tick()
        forced = self.must_play(rem, k, playable)
        if forced == -1:
            self.record_lost(rem, playable | 1 << n, k)   # some card can never be played
            return False
        # Turning is pointless while a dead-end card (one no card left can follow) plays: playing it
        # first can only help, since a line that keeps it could only play it just before a turn.
        can_turn = k < len(self.stock)
        for i in (forced,) if forced is not None else self.moves(playable):
            if not rem & self.succ[i]:
                can_turn = False
            if lost is not None and lost[i] <= k:
                continue
            if self.wins(rem & ~(1 << i), k, self.rank[i]):
                self.line.append(Play(i))
                return True
        if forced is None and can_turn and (lost is None or lost[n] > k) and self.wins(rem, k + 1, self.stock[k]):
            self.line.append(Turn())
            return True
        # Lost: so is every move from here, including those skipped as no better than another.
        self.record_lost(rem, playable | 1 << n, k)
        return False

    def all_lost(self, lost: list[int], playable: int, k: int) -> bool:
        if lost[self.n] > k and k < len(self.stock):
            return False
        m = playable
        while m:
            low = m & -m
            if lost[low.bit_length() - 1] > k:
                return False
            m ^= low
        return True

    def record_lost(self, rem: int, moves: int, k: int) -> None:
        """Moves (bits: slots, and bit n for the turn) from rem lose with k or more stock cards turned."""
        lost = self.lost.get(rem)
        if lost is None:
            lost = self.lost[rem] = [NEVER] * (self.n + 1)
        m = moves
        while m:
            low = m & -m
            i = low.bit_length() - 1
            if lost[i] > k:
                lost[i] = k
            m ^= low

    def playable(self, rem: int, w: int) -> int:
        """Bitmask of the exposed cards that play on waste rank w."""
        cover = self.cover
        m = rem & self.adj_slots[w]
        out = m
        while m:
            low = m & -m
            if rem & cover[low.bit_length() - 1]:
                out ^= low
            m ^= low
        return out

    def moves(self, playable: int) -> list[int]:
        """The playable slots worth trying, best first.

        Of two playable cards of the same rank, playing the one that lies on
        fewer cards (a subset of the other's) is never better: in any winning
        line, swap the two. Cards lying on more cards go first.
        """
        out = []
        dominated_by = self.dominated_by
        m = playable
        while m:
            low = m & -m
            i = low.bit_length() - 1
            if not playable & dominated_by[i]:
                out.append(i)
            m ^= low
        if len(out) > 1:
            out.sort(key=self.order_key)
        return out


def _search(state: State, max_nodes: int | None, time_limit: float | None) -> tuple[Result, _Search]:
    s = _Search(state, max_nodes, time_limit)
    rem = sum(1 << i for i, c in enumerate(state.tableau) if c is not None)
    if not state.waste:
        w = EMPTY
    else:
        top = state.waste[-1]
        w = WILD if top.is_joker else int(top.rank)
    try:
        ok = s.wins(rem, 0, w)
    except _OutOfBudget:
        return Result(None, (), s.nodes), s
    line = tuple(reversed(s.line)) if ok else ()
    return Result(ok, line, s.nodes), s


def solve(state: State, max_nodes: int | None = None, time_limit: float | None = None) -> Result:
    """Whether `state` can still be won and, if so, a winning line of actions.

    Without limits it always answers; with them, winnable is None when a limit ran out.
    """
    return _search(state, max_nodes, time_limit)[0]


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


def winnable_seed(options: Mapping[str, Any], seed: int, max_tries: int = 100,
                  max_nodes: int = 200_000) -> int:
    """The first seed among seed, child_seed(seed, "deal", 1), child_seed(seed, "deal", 2) ... whose deal wins.

    Deterministic (the node budget, not a clock, limits each try), so the
    same seed always gives the same winnable deal; deal it with
    rules.new_game(options, returned_seed). Deals the solver cannot settle
    within the budget are skipped. After max_tries the last seed tried is
    returned (winnable deals are about 97% with wrap, so this never happens
    in practice).
    """
    candidate = seed
    for k in range(max_tries):
        candidate = seed if k == 0 else child_seed(seed, "deal", k)
        if solve(rules.new_game(options, candidate), max_nodes).winnable:
            return candidate
    return candidate
