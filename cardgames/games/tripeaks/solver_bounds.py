"""Bounds that prove a TriPeaks position lost from the counts of ranks left, for the solver's search.

Pure Python, no pygame. The rank graph: ranks are adjacent when one may
be played on the other (a path 1..13 without the wrap, a 13-cycle with it).

A run is the waste card (or a turned stock card, its *starter*) followed by
the tableau cards played on it, each adjacent to the one before. Take any
set X of ranks that is independent in the rank graph (no two adjacent) and
N(X) its neighbours (disjoint from X). Every tableau card of X played needs
the card just before it in its run to be of N(X) (a tableau card or a
starter) or a wild starter (a Joker, an empty waste), and no card is just
before two cards. So

    a(X) <= a(N(X)) + s(N(X)) + j

where a counts the tableau cards left by rank, s the starters still to come
(the waste card and the stock cards not yet turned) and j the wild ones.
The *excess* E(X) = a(X) - a(N(X)) - s(N(X)) - j > 0 proves the position
lost. A move changes E(X) by 0 or +1 (a play of rank r: -1 on a(X) and the
waste leaving N(X) when r is in X, ...; a turn: one starter less, a new
waste), so the best excess over X rises by at most one per move: a search
that knows a position's slack (minus its best excess) need not look again
for that many moves. Without the wrap X = the odd ranks (or the even ones)
is the old parity bound; per rank, X = {r} says a rank cannot outnumber the
cards that can go just before it.

best_excess takes the best X by a small dynamic programme over the 13 ranks
(each rank is in X, in N(X) or neither), a few hundred bytecodes. Without
the wrap, inside the search, the same programme runs as a finite automaton
(path_automaton): 13 table steps, about a third of the time.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

NONE = -(1 << 20)


def _path(a: list[int], c: list[int], lo: int, hi: int, ends: bool = True) -> int:
    """max over nonempty independent X within ranks lo..hi of a(X) - c(N(X) within lo..hi).

    ends=False: lo and hi may not be in X. States after rank r: x (r in X), n1 (r not in X but r - 1 is:
    r is paid for as a neighbour), z (neither, X not empty: r is paid for if r + 1 joins X); X still
    empty is worth 0."""
    x = a[lo] if ends else NONE
    n1 = z = NONE
    cp = c[lo]
    for r in range(lo + 1, hi + 1):
        x, n1, z = max(n1, max(z, 0) - cp) + a[r], x - c[r], max(z, n1)
        cp = c[r]
    return max(x, n1, z) if ends else max(n1, z)


def path_excess(a: list[int], c: list[int]) -> int:
    """max over nonempty independent X of a(X) - c(N(X)) on the path 1..13."""
    return _path(a, c, 1, 13)


def cycle_excess(a: list[int], c: list[int]) -> int:
    """The same on the 13-cycle (King next to Ace): X holds the Ace, or the King, or neither."""
    neither = _path(a, c, 1, 13, ends=False)
    ace = a[1] - c[2] - c[13] + max(_path(a, c, 3, 12), 0)     # the rest of X may be empty
    king = a[13] - c[12] - c[1] + max(_path(a, c, 2, 11), 0)
    return max(neither, ace, king)


def _path_lines(lo: int, hi: int, ends: bool, out: str) -> list[str]:
    """_path(a, c, lo, hi, ends) as straight-line Python (the ranks unrolled), leaving its value in `out`."""
    lines = [f"x = a[{lo}]" if ends else f"x = {NONE}", f"n1 = z = {NONE}", f"cp = c[{lo}]"]
    for r in range(lo + 1, hi + 1):
        lines += [f"cr = c[{r}]", "t = (z if z > 0 else 0) - cp", "if n1 > t: t = n1", "if n1 > z: z = n1",
                  "n1 = x - cr", f"x = t + a[{r}]", "cp = cr"]
    if ends:
        lines.append("if x > z: z = x")
    lines.append(f"{out} = n1 if n1 > z else z")
    return lines


@lru_cache(maxsize=2)
def compiled(wrap: bool) -> Callable[[list[int], list[int], int], int]:
    """excess(a, c, j): the best excess, the dynamic programme of path_excess or cycle_excess written out
    rank by rank (faster than the loops, which stay the readable reference: the tests check that both
    agree). a: the tableau cards left by rank (index 1..13), c: the tableau and starter cards left by
    rank, j: the wild starters left."""
    body: list[str] = []
    if not wrap:
        body += _path_lines(1, 13, True, "v")
    else:
        body += _path_lines(1, 13, False, "v")
        body += _path_lines(3, 12, True, "u")
        body += ["u = a[1] - c[2] - c[13] + (u if u > 0 else 0)", "if u > v: v = u"]
        body += _path_lines(2, 11, True, "u")
        body += ["u = a[13] - c[12] - c[1] + (u if u > 0 else 0)", "if u > v: v = u"]
    body.append("return v - j")
    source = "def excess(a, c, j):\n" + "".join(f"    {line}\n" for line in body)
    scope: dict[str, Any] = {}
    exec(source, scope)   # noqa: S102 - generated from the constants above, nothing from outside
    return scope["excess"]


class Excess:
    """A deal's tables for the excess bound: the stock, and the Jokers left per stock index k."""

    def __init__(self, stock: tuple[int, ...], wrap: bool):
        """stock: rank codes in turning order (14 for the Joker, as in solver_table)."""
        jokers = [0] * (len(stock) + 1)
        for k in range(len(stock) - 1, -1, -1):
            jokers[k] = jokers[k + 1] + (stock[k] == 14)
        self.stock, self.jokers = stock, jokers
        self.excess = compiled(wrap)

    def starters(self, counts: list[int], k: int, w: int) -> tuple[list[int], int]:
        """c and j of a position for excess(): tableau counts by rank (index 1..13), stock index k, waste w
        (its code: 0 empty, 14 Joker; index 0 and 14 of c are scratch)."""
        c = counts[:]
        for q in self.stock[k:]:
            c[q] += 1
        c[w] += 1
        return c, self.jokers[k] + (w == 0 or w == 14)

    def of(self, counts: list[int], k: int, w: int) -> int:
        """The best excess of a position."""
        c, j = self.starters(counts, k, w)
        return self.excess(counts, c, j)


def _automaton_step(state: tuple[int, int | None, int], a: int, c: int) -> tuple[int, int, int]:
    """One rank of path_excess, restated over three values after rank r (X within 1..r): x, the best with
    r in X (r + 1 still to pay for); y, the best with r not in X (X not empty; None after rank 1 only);
    p, the best that r + 1 may join X with (r not in X and paid for, or X empty and r paid for now). The
    next rank, with a tableau cards and c tableau and starter cards, gives x' = p + a, y' = max(y, x - c),
    p' = max(x, y, 0) - c; rank 1 gives (a, None, -c) and the best excess is max(x, y) after rank 13."""
    x, y, p = state
    return p + a, x - c if y is None else max(y, x - c), max(x, 0 if y is None else y, 0) - c


@lru_cache(maxsize=4)
def path_automaton(base: int) -> Callable[[list[int], int], int]:
    """excess(codes, j) without the wrap, where codes[r] = a[r] * base + c[r] (every c[r] below base):
    path_excess(a, c) - j as a finite automaton over the 13 ranks. Few states (x, y, p) are reachable:
    1,040 for base 5 (one deck), found rank by rank; the table gives the place of the next state per
    state and rank code, so a rank costs one table step, written out rank by rank: 0.23 us against
    0.66 us for compiled(False) (timeit, one mid-game position, 2026-12-02). Built once, in about 10 ms."""
    codes = [(a, c) for a in range(base) for c in range(base)]
    width = len(codes)
    starts = [(a, None, -c) if a <= c else None for a, c in codes]   # rank 1 (a > c: never met)
    level = list(dict.fromkeys(s for s in starts if s is not None))
    place: dict[Any, int] = {s: i * width for i, s in enumerate(level)}
    table: dict[int, int] = {}   # place of a state + rank code: place of the next state (ranks 2 to 13)
    for _ in range(12):
        found = []
        for state in level:
            for code, (a, c) in enumerate(codes):
                if a <= c:
                    nxt = _automaton_step(state, a, c)
                    if nxt not in place:
                        place[nxt] = len(place) * width
                        found.append(nxt)
                    table[place[state] + code] = place[nxt]
        level = found
    size = len(place) * width
    final = [0] * size
    for state, at in place.items():
        final[at] = state[0] if state[1] is None else max(state[0], state[1])
    body = ["v = S[codes[1]]"] + [f"v = T[v + codes[{r}]]" for r in range(2, 14)] + ["return F[v] - j"]
    source = "def excess(codes, j):\n" + "".join(f"    {line}\n" for line in body)
    scope: dict[str, Any] = {"S": tuple(0 if s is None else place[s] for s in starts),
                             "T": tuple(table.get(i, 0) for i in range(size)), "F": tuple(final)}
    exec(source, scope)   # noqa: S102 - generated from the constants above, nothing from outside
    return scope["excess"]
