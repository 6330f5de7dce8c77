"""Sets and runs for Three Thirteen: the exact lowest penalty of a hand.

The rules this module applies (seeds/three_thirteen.md, clarifications):
- A set is three or more cards of one rank; with several decks it may hold
  identical cards. A run is three or more cards of one suit in sequence, no rank
  twice. Aces are low (A-2-3); with `ace_high` an Ace may also sit above the
  King (Q-K-A) but a run never wraps (no K-A-2).
- Every card of the round's wild rank is wild: it stands in anywhere, fills gaps,
  extends runs, and three wilds make a meld on their own.
- A card left out of every meld costs its value: Ace 1 (15 with `ace_high`),
  2..10 face value, J/Q/K 10. A wild left out costs its face value too.

How the search works, and why it is exact:
- All wilds share one rank, so only their number matters. A spare wild costs
  nothing once the hand has any meld (it joins a set, or extends or splits a
  run); with no meld at all, three or more spare wilds form their own meld and
  one or two cost their face value.
- So the search only places the natural (non-wild) cards. It takes the lowest
  remaining natural (by rank, then suit) and tries everything it can be: left
  over, thrown away as the discard, in a set with other cards of its rank, or the
  lowest natural of a run of its suit (with `ace_high`, an Ace may instead be the
  top of a run ending Q-K-A).
- A run takes every remaining card of its suit between its two ends: a wild
  standing where we hold the real card can always swap places with it, so
  skipping cards never helps. A run is thus fixed by its lowest and top cards;
  gaps and missing length are filled with wilds.
- Results are memoised by (remaining naturals as a bit mask, wilds left,
  discard still owed, meld made), so each position is solved once.

The public functions take any iterable of Card and never mutate it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from cardgames.core.cards import Card, Rank, Suit, remove_one

INF = 10**9
HIGH_ACE = 14  # the position of an Ace played above the King


def card_value(card: Card, ace_high: bool = False) -> int:
    """The penalty of `card` when it is left out of every meld."""
    rank = int(card.rank)
    if rank == 1:
        return 15 if ace_high else 1
    return min(rank, 10)


@dataclass(frozen=True)
class Meld:
    """One set or run as it would be laid on the table.

    `cards` are in table order: a run from its low end to its high end, with
    wilds in the places they stand for; `ranks` says which rank each card plays
    (an Ace high plays 14)."""

    kind: str  # "set" | "run" | "wild" (a meld made only of wilds)
    cards: tuple[Card, ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class Arrangement:
    """The best way to lay out a hand: melds, the cards left over, their cost."""

    melds: tuple[Meld, ...]
    unmelded: tuple[Card, ...]
    penalty: int
    discard: Card | None = None  # the card thrown away, when one was asked for


class _Search:
    """The memoised search for one hand. Cards are indexed in (rank, suit) order."""

    def __init__(self, naturals: Sequence[Card], wilds: int, wild_value: int, ace_high: bool,
                 forbidden: Card | None = None):
        self.cards = sorted(naturals, key=lambda c: (int(c.rank), int(c.suit)))
        self.wilds = wilds
        self.wild_value = wild_value
        self.ace_high = ace_high
        n = len(self.cards)
        self.values = [card_value(c, ace_high) for c in self.cards]
        self.total = sum(self.values)
        # discard_ok[i]: card i may be the discard (not the card just taken)
        self.discard_ok = [c != forbidden for c in self.cards]
        # For each card: the other copies of each card of its rank above it, grouped
        # by suit (identical cards are always taken lowest index first, so equal
        # choices are explored once), and the cards of its suit rank by rank.
        bit = [1 << i for i in range(n)]
        self.same_rank: list[list[list[int]]] = []
        self.up: list[list[list[int]]] = []     # ranks r+1..13 of the suit: bits of each rank's copies
        self.down: list[list[list[int]]] = []   # for an Ace high: ranks 13 down to 2
        by_rank_suit: dict[tuple[int, int], list[int]] = {}
        for i, c in enumerate(self.cards):
            by_rank_suit.setdefault((int(c.rank), int(c.suit)), []).append(bit[i])
        for i, c in enumerate(self.cards):
            r, s = int(c.rank), int(c.suit)
            groups = []
            for suit in range(4):
                copies = [b for b in by_rank_suit.get((r, suit), ()) if b > bit[i]]
                if copies:
                    groups.append(copies)
            self.same_rank.append(groups)
            self.up.append([by_rank_suit.get((p, s), []) for p in range(r + 1, 14)])
            self.down.append([by_rank_suit.get((p, s), []) for p in range(13, 1, -1)]
                             if (r == 1 and ace_high) else [])
        self.full = (1 << n) - 1
        self.memo: dict[int, int] = {}

    # -- the candidate melds that hold card i as their lowest natural ---------

    def melds_of(self, i: int, mask: int, wl: int) -> list[tuple[int, int, str]]:
        """(bits of the naturals, wilds needed, kind) for each meld card i can lead."""
        out: list[tuple[int, int, str]] = []
        bit_i = 1 << i
        # Sets: any choice of the other same-rank cards still here.
        choices = [(bit_i, 1)]
        for copies in self.same_rank[i]:
            here = [b for b in copies if mask & b]
            if not here:
                continue
            grown = []
            for m, k in choices:
                acc = m
                for j, b in enumerate(here):
                    acc |= b
                    grown.append((acc, k + j + 1))
            choices += grown
        for m, k in choices:
            need = 3 - k if k < 3 else 0
            if need <= wl:
                out.append((m, need, "set"))
        # Runs: walk up the suit (or down from the King for an Ace high).
        for slots, kind in ((self.up[i], "run"), (self.down[i], "run_high")):
            m, count, span = bit_i, 1, 1
            for copies in slots:
                span += 1
                if span - count - 1 > wl:  # the gaps so far already cost too much
                    break
                for b in copies:
                    if mask & b:
                        m |= b
                        count += 1
                        need = (span if span > 3 else 3) - count
                        if need <= wl:
                            out.append((m, need, kind))
                        break
        return out

    # -- the search -------------------------------------------------------------

    def solve(self, mask: int, wl: int, owe: int, melded: int) -> int:
        """Lowest penalty of the naturals in `mask` with `wl` wilds to spend.

        `owe` 1: one natural from `mask` must still be thrown away (the discard).
        `melded` 1: a meld already exists, so spare wilds are free."""
        if mask == 0:
            if owe:
                return INF
            if melded or wl == 0 or wl >= 3:
                return 0
            return wl * self.wild_value
        if wl < self.wilds or not 0 < self.wilds < 3:
            melded = 1  # spending a wild means a meld exists; else spare wilds are free anyway
        key = (((mask * 16 + wl) << 1) | owe) << 1 | melded
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        i = (mask & -mask).bit_length() - 1
        rest = mask ^ (1 << i)
        best = self.values[i] + self.solve(rest, wl, owe, melded)
        if owe and self.discard_ok[i]:
            v = self.solve(rest, wl, 0, melded)
            if v < best:
                best = v
        if best:
            for m, need, _ in self.melds_of(i, mask, wl):
                v = self.solve(mask & ~m, wl - need, owe, 1)
                if v < best:
                    best = v
                    if not v:
                        break
        if best > INF:
            best = INF  # no discard possible down this path
        self.memo[key] = best
        return best

    # -- rebuilding the arrangement behind a value ----------------------------

    def rebuild(self, mask: int, wl: int, owe: int, melded: int):
        """The choices behind solve(...): (melds as (bits, wilds, kind), left-over bits, discard bit)."""
        melds, left, discard = [], [], None
        target = self.solve(mask, wl, owe, melded)
        while mask:
            if wl < self.wilds or not 0 < self.wilds < 3:
                melded = 1
            i = (mask & -mask).bit_length() - 1
            b = 1 << i
            if self.values[i] + self.solve(mask ^ b, wl, owe, melded) == target:
                left.append(b)
                target -= self.values[i]
                mask ^= b
                continue
            if owe and self.discard_ok[i] and self.solve(mask ^ b, wl, 0, melded) == target:
                discard, owe = b, 0
                mask ^= b
                continue
            for m, need, kind in self.melds_of(i, mask, wl):
                if self.solve(mask & ~m, wl - need, owe, 1) == target:
                    melds.append((m, need, kind))
                    mask &= ~m
                    wl -= need
                    melded = 1
                    break
            else:  # pragma: no cover - solve() and rebuild() explore the same choices
                raise AssertionError("arrangement could not be rebuilt")
        return melds, left, discard, wl

    def cards_of(self, bits: int) -> list[Card]:
        return [c for i, c in enumerate(self.cards) if bits >> i & 1]


def _split(cards: Iterable[Card], wild_rank: int | None) -> tuple[list[Card], list[Card]]:
    naturals, wilds = [], []
    for c in cards:
        (wilds if wild_rank is not None and int(c.rank) == int(wild_rank) else naturals).append(c)
    return naturals, wilds


def _wild_value(wild_rank: int | None, ace_high: bool) -> int:
    if wild_rank is None:
        return 0
    return card_value(Card(Rank(int(wild_rank)), Suit.SPADES), ace_high)


def penalty(cards: Iterable[Card], wild_rank: int | None, ace_high: bool = False) -> int:
    """The lowest penalty of `cards` arranged into sets and runs (nothing discarded)."""
    naturals, wilds = _split(cards, wild_rank)
    s = _Search(naturals, len(wilds), _wild_value(wild_rank, ace_high), ace_high)
    return s.solve(s.full, len(wilds), 0, 0)


def discard_penalty(cards: Iterable[Card], wild_rank: int | None, ace_high: bool = False,
                    forbidden: Card | None = None) -> int:
    """The lowest penalty left after throwing away the best card (never `forbidden`).

    This is min over discards d of penalty(cards - d), found in one search.
    Returns INF when no card may be thrown (an empty hand, or only the forbidden card)."""
    naturals, wilds = _split(cards, wild_rank)
    wv = _wild_value(wild_rank, ace_high)
    s = _Search(naturals, len(wilds), wv, ace_high, forbidden)
    best = s.solve(s.full, len(wilds), 1, 0)
    if any(w != forbidden for w in wilds):
        t = _Search(naturals, len(wilds) - 1, wv, ace_high)
        best = min(best, t.solve(t.full, len(wilds) - 1, 0, 0))
    return best


def can_go_out(cards: Sequence[Card], wild_rank: int | None, ace_high: bool = False,
               forbidden: Card | None = None) -> bool:
    """True when all cards but one (never `forbidden`) can be laid down in melds."""
    if len(cards) < 4:
        return False
    naturals, wilds = _split(cards, wild_rank)
    if len(wilds) < 2 and _loose_count(naturals, len(wilds), ace_high) > 1:
        return False  # quick answer for most hands: two cards that fit nowhere
    return discard_penalty(cards, wild_rank, ace_high, forbidden) == 0


def go_out_discards(cards: Sequence[Card], wild_rank: int | None, ace_high: bool = False,
                    forbidden: Card | None = None) -> tuple[Card, ...]:
    """Every distinct card whose discard leaves a hand fully melded, in hand order."""
    if not can_go_out(cards, wild_rank, ace_high, forbidden):
        return ()
    out: list[Card] = []
    for c in cards:
        if c != forbidden and c not in out and penalty(remove_one(cards, c), wild_rank, ace_high) == 0:
            out.append(c)
    return tuple(out)


def _loose_count(naturals: Sequence[Card], wilds: int, ace_high: bool) -> int:
    """How many naturals fit in no meld at all (a quick bound, for wilds < 2).

    A set needs two more cards of the rank (wilds count); any run through a card
    has a stretch of three places around it, so it needs two more cards of the
    suit within two ranks of it (wilds count). Missing both, the card is loose."""
    loose = 0
    for c in naturals:
        if sum(1 for d in naturals if d.rank == c.rank) - 1 + wilds >= 2:
            continue
        places = {p for d in naturals if d.suit == c.suit and d.rank != c.rank for p in _places(d, ace_high)}
        near = max(sum(1 for p in places if abs(p - mine) <= 2) for mine in _places(c, ace_high))
        if near + wilds < 2:
            loose += 1
    return loose


def _places(card: Card, ace_high: bool) -> tuple[int, ...]:
    """The run positions a card can take: an Ace is 1, or 1 and 14 with ace_high."""
    r = int(card.rank)
    return (1, HIGH_ACE) if (r == 1 and ace_high) else (r,)


def arrange(cards: Iterable[Card], wild_rank: int | None, ace_high: bool = False,
            discard: bool = False, forbidden: Card | None = None) -> Arrangement:
    """The best arrangement of `cards` (with `discard`: after throwing the best card away)."""
    cards = list(cards)
    naturals, wilds = _split(cards, wild_rank)
    wv = _wild_value(wild_rank, ace_high)
    s = _Search(naturals, len(wilds), wv, ace_high, forbidden)
    if not discard:
        return _build(s, wilds, 0)
    best = s.solve(s.full, len(wilds), 1, 0)
    spare = [w for w in wilds if w != forbidden]
    if spare:
        others = list(wilds)
        others.remove(spare[0])
        t = _Search(naturals, len(others), wv, ace_high)
        if t.solve(t.full, len(others), 0, 0) < best:
            result = _build(t, others, 0)
            return Arrangement(result.melds, result.unmelded, result.penalty, spare[0])
    if best >= INF:
        raise ValueError("no card can be discarded")
    return _build(s, wilds, 1)


def _build(s: _Search, wilds: list[Card], owe: int) -> Arrangement:
    """Turn the search's choices into Melds, placing each wild where it stands."""
    melds_bits, left_bits, discard_bit, spare = s.rebuild(s.full, len(wilds), owe, 0)
    pool = list(wilds)
    melds: list[Meld] = []
    for bits, need, kind in melds_bits:
        cards = s.cards_of(bits)
        taken, pool = pool[:need], pool[need:]
        melds.append(_lay(kind, cards, taken, s.ace_high))
    unmelded = [c for b in left_bits for c in s.cards_of(b)]
    if pool:
        if melds:
            melds = _absorb(melds, pool, s.ace_high)
        elif len(pool) >= 3:
            wr = int(pool[0].rank)
            melds = [Meld("wild", tuple(pool), (wr,) * len(pool))]
        else:
            unmelded += pool
    penalty = sum(card_value(c, s.ace_high) for c in unmelded)
    disc = s.cards_of(discard_bit)[0] if discard_bit else None
    return Arrangement(tuple(melds), tuple(unmelded), penalty, disc)


def _lay(kind: str, naturals: list[Card], wilds: list[Card], ace_high: bool) -> Meld:
    """Place `wilds` into a set or run led by `naturals`."""
    if kind == "set":
        r = int(naturals[0].rank)
        return Meld("set", tuple(naturals) + tuple(wilds), (r,) * (len(naturals) + len(wilds)))
    high = kind == "run_high"  # the Ace leads from the top: ..Q-K-A
    pos = {(HIGH_ACE if high and c.rank == 1 else int(c.rank)): c for c in naturals}
    bottom, top = (2, HIGH_ACE) if high else (1, 13)
    lo, hi = min(pos), max(pos)
    pool = list(wilds)
    for p in range(lo, hi + 1):
        if p not in pos:
            pos[p] = pool.pop()
    while pool:  # pad a short run to length three: above when there is room, else below
        if hi < top:
            hi += 1
            pos[hi] = pool.pop()
        else:
            lo -= 1
            pos[lo] = pool.pop()
    order = sorted(pos)
    return Meld("run", tuple(pos[p] for p in order), tuple(order))


def _absorb(melds: list[Meld], spare: list[Card], ace_high: bool) -> list[Meld]:
    """Give spare wilds to a meld: a set takes any number; else extend or split a run."""
    melds = list(melds)
    for k, m in enumerate(melds):
        if m.kind in ("set", "wild"):
            melds[k] = Meld(m.kind, m.cards + tuple(spare), m.ranks + (m.ranks[0],) * len(spare))
            return melds
    for w in spare:
        k = min(range(len(melds)), key=lambda j: len(melds[j].cards))
        m = melds[k]
        lo, hi = m.ranks[0], m.ranks[-1]
        bottom, top = (2, HIGH_ACE) if hi == HIGH_ACE else (1, 13)
        if hi < top:
            melds[k] = Meld("run", m.cards + (w,), m.ranks + (hi + 1,))
        elif lo > bottom:
            melds[k] = Meld("run", (w,) + m.cards, (lo - 1,) + m.ranks)
        else:  # a full-length run: split it in two and let the wild extend the upper part
            cut = len(m.cards) - 3
            melds[k] = Meld("run", m.cards[:cut], m.ranks[:cut])
            melds.append(Meld("run", (w,) + m.cards[cut:], (m.ranks[cut] - 1,) + m.ranks[cut:]))
    return melds


def is_meld(cards: Sequence[Card], wild_rank: int | None, ace_high: bool = False) -> bool:
    """True when `cards` (three or more) form one set or one run, wilds standing in."""
    if len(cards) < 3:
        return False
    naturals, _ = _split(cards, wild_rank)
    if len({c.rank for c in naturals}) <= 1:
        return True  # a set (or wilds only)
    if len({c.suit for c in naturals}) != 1:
        return False
    for ace, (bottom, top) in ((1, (1, 13)), (HIGH_ACE, (2, HIGH_ACE)))[: 2 if ace_high else 1]:
        pos = [ace if c.rank == 1 else int(c.rank) for c in naturals]
        if len(set(pos)) == len(pos) and min(pos) >= bottom and max(pos) <= top \
                and max(pos) - min(pos) < len(cards) <= top - bottom + 1:
            return True
    return False
