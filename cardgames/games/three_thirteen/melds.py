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

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter

from cardgames.core.cards import Card, Rank, Suit, remove_one

INF = 10**9
HIGH_ACE = 14  # the position of an Ace played above the King
_BY_RANK = attrgetter("rank", "suit")


def card_value(card: Card, ace_high: bool = False) -> int:
    """The penalty of `card` when it is left out of every meld."""
    rank = int(card.rank)
    if rank == 1:
        return 15 if ace_high else 1
    return min(rank, 10)


# _VALUES[ace_high][rank]: card_value as a table, for the search's inner loop
_VALUES = tuple(tuple(card_value(Card(Rank(r), Suit.SPADES), high) if r else 0 for r in range(14))
                for high in (False, True))


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

    def __init__(self, naturals: Sequence[Card], wilds: Sequence[Card], wild_value: int, ace_high: bool,
                 forbidden: Card | None = None):
        self.cards = sorted(naturals, key=_BY_RANK)
        self.wilds = len(wilds)
        # a wild may be the discard unless every wild is the card just taken
        self.wild_discard_ok = any(w != forbidden for w in wilds)
        self.wild_value = wild_value
        self.ace_high = ace_high
        n = len(self.cards)
        table = _VALUES[ace_high]
        self.values = [table[c.rank] for c in self.cards]
        # discard_ok[i]: card i may be the discard (not the card just taken)
        self.discard_ok = [True] * n if forbidden is None else [c != forbidden for c in self.cards]
        # slots[suit][rank]: the bits of the copies of that card (several decks)
        self.slots = [[[] for _ in range(15)] for _ in range(4)]
        for i, c in enumerate(self.cards):
            self.slots[c.suit][c.rank].append(1 << i)
        self.leads: list[tuple | None] = [None] * n
        self.full = (1 << n) - 1
        self.memo: dict[int, int] = {}

    def _lead(self, i: int) -> tuple:
        """What card i may lead, worked out the first time it is asked for.

        The other copies of each card of its rank above it, grouped by suit
        (identical cards are always taken lowest index first, so equal choices
        are explored once); the bits of its suit's cards rank by rank upwards;
        and for an Ace with ace_high, from the King downwards."""
        c = self.cards[i]
        r, suit, b = int(c.rank), self.slots[c.suit], 1 << i
        same = [[x for x in self.slots[s][r] if x > b] for s in range(4)]
        lead = ([g for g in same if g], suit[r + 1:14], suit[13:1:-1] if (r == 1 and self.ace_high) else [])
        self.leads[i] = lead
        return lead

    # -- the candidate melds that hold card i as their lowest natural ---------

    def melds_of(self, i: int, mask: int, wl: int) -> list[tuple[int, int, str]]:
        """(bits of the naturals, wilds needed, kind) for each meld card i can lead."""
        same_rank, up, down = self.leads[i] or self._lead(i)
        out: list[tuple[int, int, str]] = []
        bit_i = 1 << i
        # Sets: any choice of the other same-rank cards still here.
        choices = [(bit_i, 1)]
        for copies in same_rank:
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
        for slots, kind in ((up, "run"), (down, "run_high")):
            m, count, span = bit_i, 1, 1
            for copies in slots:
                span += 1
                if span - count - 1 > wl:  # the gaps so far already cost too much
                    break
                for b in copies:
                    if mask & b:
                        m |= b
                        count += 1
                        need = (max(3, span)) - count
                        if need <= wl:
                            out.append((m, need, kind))
                        break
        return out

    # -- the search -------------------------------------------------------------

    def solve(self, mask: int, wl: int, owe: int, melded: int) -> int:
        """Lowest penalty of the naturals in `mask` with `wl` wilds to spend.

        `owe` 1: one card must still be thrown away (the discard): a natural
        from `mask`, or at the end one of the wilds left.
        `melded` 1: a meld already exists, so spare wilds are free."""
        if mask == 0:
            if owe:
                if not (wl and self.wild_discard_ok):
                    return INF
                wl -= 1
            if melded or wl == 0 or wl >= 3:
                return 0
            return wl * self.wild_value
        if not melded and (wl < self.wilds or self.wilds == 0 or self.wilds > 3):
            melded = 1  # spending a wild means a meld exists; else spare wilds cost nothing anyway
        key = (((mask * 16 + wl) << 1) | owe) << 1 | melded
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        i = (mask & -mask).bit_length() - 1
        rest = mask ^ (1 << i)
        best = self.values[i] + self.solve(rest, wl, owe, melded)
        if owe and self.discard_ok[i]:
            v = self.solve(rest, wl, 0, melded)
            best = min(best, v)
        if best:
            for m, need, _ in self.melds_of(i, mask, wl):
                v = self.solve(mask & ~m, wl - need, owe, 1)
                if v < best:
                    best = v
                    if not v:
                        break
        best = min(best, INF)  # no discard possible down this path
        self.memo[key] = best
        return best

    def fits(self, mask: int, wl: int, owe: int, melded: int) -> bool:
        """True when every natural in `mask` (but the owed discard) can be melded.

        The same choices as solve(), but a card can no longer be left over, so
        hopeless branches die at once: the quick test for going out."""
        if mask == 0:
            if owe:
                if not (wl and self.wild_discard_ok):
                    return False
                wl -= 1
            return bool(melded or wl == 0 or wl >= 3)
        if not melded and (wl < self.wilds or self.wilds == 0 or self.wilds > 3):
            melded = 1
        key = (((mask * 16 + wl) << 1) | owe) << 1 | melded
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        i = (mask & -mask).bit_length() - 1
        ok = bool(owe and self.discard_ok[i] and self.fits(mask ^ (1 << i), wl, 0, melded))
        if not ok:
            for m, need, _ in self.melds_of(i, mask, wl):
                if self.fits(mask & ~m, wl - need, owe, 1):
                    ok = True
                    break
        self.memo[key] = ok
        return ok

    # -- rebuilding the arrangement behind a value ----------------------------

    def rebuild(self, mask: int, wl: int, owe: int, melded: int):
        """The choices behind solve(...): (melds as (bits, wilds, kind), left-over bits, discard bit)."""
        melds, left, discard = [], [], None
        target = self.solve(mask, wl, owe, melded)
        while mask:
            if not melded and (wl < self.wilds or self.wilds == 0 or self.wilds > 3):
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
        return melds, left, discard, bool(owe)  # still owing: a wild is the discard

    def cards_of(self, bits: int) -> list[Card]:
        return [c for i, c in enumerate(self.cards) if bits >> i & 1]


def _split(cards: Iterable[Card], wild_rank: int | None) -> tuple[list[Card], list[Card]]:
    if wild_rank is None:
        return list(cards), []
    wr = int(wild_rank)
    naturals, wilds = [], []
    for c in cards:
        (wilds if c.rank == wr else naturals).append(c)
    return naturals, wilds


def _wild_value(wild_rank: int | None, ace_high: bool) -> int:
    if wild_rank is None:
        return 0
    return card_value(Card(Rank(int(wild_rank)), Suit.SPADES), ace_high)


def penalty(cards: Iterable[Card], wild_rank: int | None, ace_high: bool = False) -> int:
    """The lowest penalty of `cards` arranged into sets and runs (nothing discarded)."""
    naturals, wilds = _split(cards, wild_rank)
    s = _Search(naturals, wilds, _wild_value(wild_rank, ace_high), ace_high)
    return s.solve(s.full, len(wilds), 0, 0)


def discard_penalty(cards: Iterable[Card], wild_rank: int | None, ace_high: bool = False,
                    forbidden: Card | None = None) -> int:
    """The lowest penalty left after throwing away the best card (never `forbidden`).

    This is min over discards d of penalty(cards - d), found in one search.
    Returns INF when no card may be thrown (an empty hand, or only the forbidden card)."""
    naturals, wilds = _split(cards, wild_rank)
    s = _Search(naturals, wilds, _wild_value(wild_rank, ace_high), ace_high, forbidden)
    return s.solve(s.full, len(wilds), 1, 0)


def can_go_out(cards: Sequence[Card], wild_rank: int | None, ace_high: bool = False,
               forbidden: Card | None = None) -> bool:
    """True when all cards but one (never `forbidden`) can be laid down in melds."""
    if len(cards) < 4:
        return False
    naturals, wilds = _split(cards, wild_rank)
    if _cannot_go_out(naturals, len(wilds), ace_high):
        return False  # the quick answer for most hands
    s = _Search(naturals, wilds, 0, ace_high, forbidden)
    return s.fits(s.full, len(wilds), 1, 0)


def go_out_discards(cards: Sequence[Card], wild_rank: int | None, ace_high: bool = False,
                    forbidden: Card | None = None) -> tuple[Card, ...]:
    """Every distinct card whose discard leaves a hand fully melded, in hand order."""
    if not can_go_out(cards, wild_rank, ace_high, forbidden):
        return ()
    out: list[Card] = []
    for c in dict.fromkeys(cards):  # each distinct card once, in hand order
        if c != forbidden:
            naturals, wilds = _split(remove_one(cards, c), wild_rank)
            s = _Search(naturals, wilds, 0, ace_high)
            if s.fits(s.full, len(wilds), 0, 0):
                out.append(c)
    return tuple(out)


def _cannot_go_out(naturals: Sequence[Card], wilds: int, ace_high: bool) -> bool:
    """A quick proof, for most hands, that going out is impossible (False: not sure).

    Each natural gets a need: 0 when some meld of naturals alone could hold it
    (two more of its rank, or three in a row of its suit), 1 when it has a
    partner (one more of its rank, or a suit-mate within two ranks), else 2: it
    melds only with two wilds. Only one card can be the discard, so:
    - no wilds: at most one card of need 1 or 2;
    - one wild: it joins a single meld, of one rank or one suit, so every card of
      need 1 outside the biggest such group, and every card of need 2, must be
      the discard;
    - more wilds: each isolated card (need 2) that is melded takes two wilds of
      its own, unless it shares a run with another of its suit close by.
    Places are bits: bit r of suit_bits[s] is set when the hand holds rank r of
    suit s (an Ace also sets bit 14 with ace_high)."""
    per_rank = [0] * 15
    suit_bits = [0, 0, 0, 0]
    for c in naturals:
        r = int(c.rank)
        per_rank[r] += 1
        suit_bits[c.suit] |= (1 << r) | (1 << HIGH_ACE if r == 1 and ace_high else 0)
    # per suit: the places inside three in a row, and the places with a suit-mate within two
    in_row, partnered = [], []
    for bits in suit_bits:
        start = bits & bits >> 1 & bits >> 2
        in_row.append(start | start << 1 | start << 2)
        partnered.append(bits << 1 | bits << 2 | bits >> 1 | bits >> 2)
    needy: list[Card] = []   # need 1
    isolated: list[tuple[int, int]] = []  # need 2: (suit, rank)
    for c in naturals:
        r, su = int(c.rank), c.suit
        same = per_rank[r] - 1
        if same >= 2:
            continue
        mine = (1 << r) | (1 << HIGH_ACE if r == 1 and ace_high else 0)
        if in_row[su] & mine:
            continue  # three in a row of its suit
        if same or partnered[su] & mine:
            needy.append(c)
        else:
            isolated.append((int(su), r))
        if wilds < 2 and len(isolated) + (0 if wilds else len(needy)) > 1:
            return True  # already two cards that must both be the discard
    if wilds == 0:
        return len(needy) + len(isolated) > 1
    if wilds == 1:
        if len(isolated) + len(needy) <= 1:
            return False
        ranks = Counter(int(c.rank) for c in needy)
        suits = Counter(int(c.suit) for c in needy)
        group = max(max(ranks.values(), default=0), max(suits.values(), default=0))
        return len(isolated) + len(needy) - group > 1
    clusters = _clusters(isolated, wilds)
    if ace_high and any(r == 1 for _su, r in isolated):
        # An isolated Ace may sit above the King instead: it may share a run with a Q or K there.
        high = [(su, HIGH_ACE if r == 1 else r) for su, r in isolated]
        clusters = min(clusters, _clusters(high, wilds))
    return 2 * (clusters - 1) > wilds


def _clusters(isolated: list[tuple[int, int]], wilds: int) -> int:
    """How many groups the isolated (suit, place) cards fall into, when cards of one suit closer
    than `wilds` + 2 places may share a run."""
    isolated = sorted(isolated)
    return sum(1 for k, (su, r) in enumerate(isolated)
               if k == 0 or isolated[k - 1][0] != su or r - isolated[k - 1][1] > wilds + 1)


def arrange(cards: Iterable[Card], wild_rank: int | None, ace_high: bool = False,
            discard: bool = False, forbidden: Card | None = None) -> Arrangement:
    """The best arrangement of `cards` (with `discard`: after throwing the best card away)."""
    naturals, wilds = _split(cards, wild_rank)
    s = _Search(naturals, wilds, _wild_value(wild_rank, ace_high), ace_high, forbidden)
    if discard and s.solve(s.full, len(wilds), 1, 0) >= INF:
        raise ValueError("no card can be discarded")
    return _build(s, wilds, int(discard), forbidden)


def _build(s: _Search, wilds: list[Card], owe: int, forbidden: Card | None) -> Arrangement:
    """Turn the search's choices into Melds, placing each wild where it stands."""
    melds_bits, left_bits, discard_bit, wild_thrown = s.rebuild(s.full, len(wilds), owe, 0)
    pool = list(wilds)
    disc = s.cards_of(discard_bit)[0] if discard_bit else None
    if wild_thrown:
        disc = next(w for w in pool if w != forbidden)
        pool.remove(disc)
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
    return Arrangement(tuple(melds), tuple(unmelded), penalty, disc)


def _lay(kind: str, naturals: list[Card], wilds: list[Card], ace_high: bool) -> Meld:
    """Place `wilds` into a set or run led by `naturals`."""
    if kind == "set":
        r = int(naturals[0].rank)
        return Meld("set", tuple(naturals) + tuple(wilds), (r,) * (len(naturals) + len(wilds)))
    high = kind == "run_high"  # the Ace leads from the top: ..Q-K-A
    pos = {(HIGH_ACE if high and c.rank == 1 else int(c.rank)): c for c in naturals}
    top = HIGH_ACE if high else 13
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
