"""Three Thirteen's expert computer player. It sees an Observation only, like every level.

How it weighs a hand (`Expert.worth`): the exact penalty now (melds.py, wilds
included) and the penalty it expects after its next draw. The draws come from
the cards it has not seen (the decks minus its hand, the discard pile and the
cards each opponent is known to hold: taken from the discard pile and not
thrown since). Every distinct unseen card is tried, not a sample: cards that
touch nothing in the hand (no rank in common, no suit-mate near enough for a
run, even with the hand's wilds) all behave alike, so they are tried once per
value. So a hand with many ways to improve is worth more than one waiting for a
single card.

`horizon` (levels/ai/three_thirteen.json) may look further: the expected best of
several independent draws, weighed by the chance of each number of draws before
an opponent goes out (out_chance: their hand size and the turns they have
taken; an opponent going out still leaves one more draw). Measured against Hard,
that is weaker (horizon 3: 1.1 points a round worse than horizon 1 on 16 tuning
deals, 2026-12-07): the best of several draws, each tried on the hand as it is
now, favours a hand waiting for one big jump (8C 7C kept for 6C, 9C or a wild)
over one that improves step by step, and a round is won step by step. So the
shipped Expert looks one draw ahead.

Each decision:
- draw: taking the discard top is worth the best hand it leaves after the
  discard; the stock is worth the same expectation one draw earlier. A wild is
  always taken.
- discard: the card whose loss leaves the best-worth hand, plus the cost of
  feeding the next player: a card that fits what they were seen taking from the
  discard pile (its rank, or a suit-mate close by), less so a card like those
  they threw away or passed on (left on the pile, drawing from the stock), never
  a wild. On a last turn (someone went out) only the
  final penalty counts.
- going out: always (a hand that goes out scores 0, and waiting only gives the
  others turns); the card thrown is the one the next player can use least.
- late in a round (a last turn after someone went out, or a short stock) the
  horizon shrinks to the draws that remain. (No sampled playouts yet.)

`scored()` gives every legal move with its cost in expected penalty points, so
the lower levels (people.py) can choose among Expert's moves as people do.
`memory` lets them forget: only each opponent's last `memory` pickups count, and only the
discard pile's last `memory` laps of throws (older cards count as unseen: the average again).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cardgames.core.cards import Card, remove_one, standard_deck
from cardgames.games.three_thirteen import melds
from cardgames.games.three_thirteen.rules import NEXT, OUT, STOCK, TAKE, Action, Observation, Phase


@dataclass(frozen=True)
class ExpertKnobs:
    horizon: int = 1            # own draws looked ahead when weighing a hand (3 measured weaker)
    out_base: float = 0.05      # an opponent's chance to go out in a turn: out_base + out_small / cards
    out_small: float = 0.3      # + out_growth * their turns so far (measured: Hard's rounds last
    out_growth: float = 0.012   # about 5 turns each, whatever the hand size)
    now_weight: float = 0.0     # extra weight of the penalty now
    candidates: int = 6         # at most this many discards looked at closely (the best by penalty now and feeding)
    budget: int = 110           # meld searches per decision (each ~0.25 ms for 14 cards): fewer candidates when
                                # the unseen cards are many
    feed_cost: float = 5.0      # points for a card the next player is seen to collect
    take_margin: float = 0.3    # taking shows a card to everyone: ask this much more of it


KNOBS = ExpertKnobs()


def known_hands(obs: Observation, memory: int | None = None) -> list[Counter]:
    """The cards each seat is known to hold: taken from the discard pile and not thrown since.
    With `memory`, only each seat's last `memory` pickups are remembered."""
    out = []
    for seat in range(obs.players):
        picked = obs.picked[seat]
        if memory is not None and seat != obs.seat:
            picked = picked[max(0, len(picked) - memory):]
        held = Counter(picked)
        held.subtract(obs.thrown[seat])
        out.append(+held)
    return out


def passed(obs: Observation) -> list[Counter]:
    """The cards each seat saw on top of the discard pile and did not take (it drew from the stock).
    A seat's choices are the throws of the seat before it (the first player's first draw was the
    upcard's): those it has drawn after, less the ones it picked up."""
    out = []
    first = (obs.dealer + 1) % obs.players
    for seat in range(obs.players):
        before = (seat - 1) % obs.players
        draws = len(obs.thrown[seat]) + (obs.current == seat and obs.phase != Phase.DRAW)
        seen = obs.thrown[before][: max(0, draws - 1 if seat == first else draws)]
        left = Counter(seen)
        left.subtract(obs.picked[seat])
        out.append(+left)
    return out


def unseen(obs: Observation, memory: int | None = None) -> Counter:
    """Every card this seat has not seen, with counts (several decks). With `memory`, only the
    discard pile's top `memory` laps (memory * players cards) are remembered: the cards below count
    as unseen again, as they do for a person who did not keep count."""
    pool = Counter(standard_deck(obs.decks))
    pool.subtract(obs.hand)
    pool.subtract(obs.discard if memory is None else obs.discard[max(0, len(obs.discard) - memory * obs.players):])
    for seat, held in enumerate(known_hands(obs, memory)):
        if seat != obs.seat:
            pool.subtract(held)
    return +pool


class Expert:
    """One decision's worth of work: the unseen cards, the caches."""

    def __init__(self, obs: Observation, knobs: ExpertKnobs | None = None, memory: int | None = None):
        self.obs = obs
        self.knobs = knobs or KNOBS
        self.wild = int(obs.wild)
        self.high = obs.ace_high
        self.known = known_hands(obs, memory)
        self.passed = passed(obs)
        self.pool = unseen(obs, memory)
        self.total = sum(self.pool.values())
        self.last_turn = obs.out_seat is not None
        self.horizon = self._horizon()
        self.weights = self._end_weights()
        self._pen: dict[tuple, int] = {}
        self._best: dict[tuple, int] = {}
        self._worth: dict[tuple, float] = {}

    # ------------------------------------------------------------ exact penalties, memoised

    def pen(self, hand: tuple[Card, ...]) -> int:
        key = tuple(sorted(hand, key=_order))
        hit = self._pen.get(key)
        if hit is None:
            hit = self._pen[key] = melds.penalty(key, self.wild, self.high)
        return hit

    def best_after(self, hand: tuple[Card, ...], card: Card) -> int:
        """The lowest penalty after adding `card` to `hand` and throwing the worst card."""
        key = tuple(sorted(hand + (card,), key=_order))
        hit = self._best.get(key)
        if hit is None:
            hit = self._best[key] = melds.discard_penalty(key, self.wild, self.high)
        return hit

    # ------------------------------------------------------------ the coming draws

    def _horizon(self) -> int:
        """Own draws that may still come: one on a last turn; fewer when the stock runs short."""
        if self.last_turn:
            return 1
        obs = self.obs
        turns_left = obs.stock_count // max(1, obs.players)
        if obs.reshuffles == 0:
            turns_left += len(obs.discard) // max(1, obs.players)
        return max(1, min(self.knobs.horizon, turns_left))

    def _end_weights(self) -> list[float]:
        """P(exactly j more own draws this round) for j = 1..horizon (the last one takes the rest).
        An opponent who goes out leaves me one more draw; between my draws each opponent goes out
        with the chance `out_chance` gives."""
        q = self.out_chance()
        weights, alive = [], 1.0
        for _ in range(self.horizon - 1):
            weights.append(alive * q)
            alive *= 1 - q
        weights.append(alive)
        return weights

    def out_chance(self) -> float:
        """The chance some opponent goes out before my next turn, from their hand size and how long
        the round has run (the turns they have taken); Hard's measured rates, roughly."""
        obs = self.obs
        if self.last_turn:
            return 1.0
        n = len(obs.hand)
        stay = 1.0
        for seat in range(obs.players):
            if seat == obs.seat:
                continue
            turns = len(obs.thrown[seat])
            rate = self.knobs.out_base + self.knobs.out_small / n + self.knobs.out_growth * turns
            stay *= 1 - min(0.6, rate)
        return 1 - stay

    def draws(self, hand: tuple[Card, ...]) -> list[tuple[Card, int]]:
        """The distinct unseen cards with their counts; loose cards (touching nothing in `hand`) merged
        by value, since the meld search treats them alike."""
        wilds = sum(1 for c in hand if c.rank == self.wild)
        reach = 2 + wilds
        ranks = {c.rank for c in hand}
        by_suit: dict[int, list[int]] = {}
        for c in hand:
            if c.rank != self.wild:
                by_suit.setdefault(int(c.suit), []).append(_pos(c, False))
                if self.high and c.rank == 1:
                    by_suit[int(c.suit)].append(14)
        out: dict[Card, int] = {}
        loose: dict[tuple, Card] = {}
        for card, n in self.pool.items():
            touching = card.rank == self.wild or card.rank in ranks or any(
                abs(p - q) <= reach for p in _positions(card, self.high) for q in by_suit.get(int(card.suit), ()))
            if not touching:
                key = (melds.card_value(card, self.high), card.rank == 1)
                card = loose.setdefault(key, card)
            out[card] = out.get(card, 0) + n
        return list(out.items())

    def expected_best(self, values: list[tuple[int, int]], draws: int) -> float:
        """The expected lowest of `draws` independent draws from `values` ((value, count) pairs)."""
        total = sum(n for _, n in values)
        if not total:
            return 0.0
        values.sort()
        expect, above = 0.0, total
        for value, n in values:  # P(min >= v) = (above / total) ** draws
            p_ge = (above / total) ** draws
            above -= n
            expect += value * (p_ge - (above / total) ** draws)
        return expect

    def worth(self, hand: tuple[Card, ...]) -> float:
        """Expected points of a hand that is to draw next (lower is better): the best of the coming
        draws, weighed by the chance of each number of draws before the round ends."""
        key = tuple(sorted(hand, key=_order))
        hit = self._worth.get(key)
        if hit is not None:
            return hit
        now = self.pen(key)
        if not self.total:
            value = float(now)
        else:
            outcomes = [(min(now, self.best_after(key, c)), n) for c, n in self.draws(key)]
            value = self.knobs.now_weight * now + self.over_draws(outcomes, 0)
        self._worth[key] = value
        return value

    def over_draws(self, outcomes: list[tuple[int, int]], extra: int) -> float:
        """The expected best of `outcomes` over the coming draws (plus `extra` draws first)."""
        return sum(w * self.expected_best(outcomes, j + extra) for j, w in enumerate(self.weights, 1) if w)

    # ------------------------------------------------------------ feeding the next player

    def feed(self, card: Card) -> float:
        """How much throwing `card` may help the next player (expected points), from what they took and threw."""
        obs = self.obs
        if self.last_turn and obs.players == 2:
            return 0.0  # nobody draws after the last turn
        nxt = (obs.seat + 1) % obs.players
        if nxt == obs.out_seat:
            return 0.0  # they are out: they draw no more this round
        if card.rank == self.wild:
            return self.knobs.feed_cost * 2
        want = 0.0
        for h in self.known[nxt]:
            if h.rank == self.wild:
                continue
            if h.rank == card.rank:
                want = max(want, 1.0)
            elif h.suit == card.suit and abs(int(h.rank) - int(card.rank)) <= 2:
                want = max(want, 0.6 if abs(int(h.rank) - int(card.rank)) == 1 else 0.4)
        for t in (*obs.thrown[nxt], *self.passed[nxt].elements()):  # what they let go: not what they collect
            if t.rank == card.rank or (t.suit == card.suit and abs(int(t.rank) - int(card.rank)) == 1):
                want *= 0.5
        # what they gain grows with the card's value (it leaves their deadwood, or completes a meld)
        return self.knobs.feed_cost * want * (0.5 + melds.card_value(card, self.high) / 10)

    # ------------------------------------------------------------ the moves, scored

    def draw_scores(self) -> dict[Action, float]:
        obs = self.obs
        top = obs.discard[-1]
        hand = obs.hand
        throws = [Action("discard", d) for d in dict.fromkeys(hand) if d != top]
        take = min(self.throw_scores(hand + (top,), throws, share=2).values(), default=float("inf"))
        if top.rank == self.wild:
            take -= 100.0  # a wild is always worth taking
        outcomes = [(self.best_after(hand, c), n) for c, n in self.draws(hand)]
        if not outcomes:
            stock = float(self.pen(hand))
        elif self.last_turn:
            stock = self.expected_best(outcomes, 1)
        else:
            # the stock card now, then the coming draws: the best of one more
            stock = self.knobs.now_weight * self.expected_best(outcomes, 1) + self.over_draws(outcomes, 1)
        return {TAKE: take + self.knobs.take_margin, STOCK: stock}

    def throw_scores(self, hand: tuple[Card, ...], throws: Sequence[Action], share: int = 1) -> dict[Action, float]:
        """Each throw from `hand` (one card over the round's size) with the worth of the hand it leaves;
        1/share of the budget of meld searches goes to it."""
        now = {a: self.pen(remove_one(hand, a.card)) for a in throws}
        feed = {a: self.feed(a.card) for a in throws}
        ranked = sorted(throws, key=lambda a: (now[a] + feed[a], -melds.card_value(a.card, self.high), str(a.card)))
        per_hand = max(1, len(self.draws(hand)))
        close = set(ranked[: max(2, min(self.knobs.candidates, self.knobs.budget // share // per_hand))])
        out = {}
        for a in throws:
            if self.last_turn:
                out[a] = now[a] + feed[a]
            elif a in close:
                out[a] = self.worth(remove_one(hand, a.card)) + feed[a]
            else:  # not looked at closely: its penalty now stands in, a little above the close ones
                out[a] = now[a] + feed[a] + 1.0
        return out

    def out_scores(self, throws: Sequence[Action]) -> dict[Action, float]:
        """Going out: every throw leaves the hand melded; prefer what the next player can use least."""
        return {a: self.feed(a.card) - 0.01 * melds.card_value(a.card, self.high) for a in throws}


def scored(observation: Observation, legal: Sequence[Action], rng: random.Random | None = None,
           knobs: ExpertKnobs | None = None, memory: int | None = None) -> dict[Action, float]:
    """Every legal action with Expert's cost (expected penalty points, lower is better)."""
    obs = observation
    if NEXT in legal or len(legal) == 1:
        return {a: 0.0 for a in legal}
    if OUT in legal:
        # going out scores 0: nothing else comes close
        return {a: (-1000.0 if a == OUT else 0.0) for a in legal}
    ex = Expert(obs, knobs, memory)
    if obs.phase == Phase.GOING_OUT:
        return ex.out_scores(legal)
    if obs.phase == Phase.DRAW:
        if TAKE not in legal or STOCK not in legal:
            return {a: 0.0 for a in legal}
        return ex.draw_scores()
    throws = [a for a in legal if a.kind == "discard"]
    return ex.throw_scores(obs.hand, throws)


def choose(observation: Observation, legal: Sequence[Action], rng: random.Random,
           knobs: ExpertKnobs | None = None) -> Action:
    """Expert's move: the lowest cost, ties broken by the order of `legal`."""
    costs = scored(observation, legal, rng, knobs)
    return min(legal, key=lambda a: costs.get(a, float("inf")))


def _pos(card: Card, high: bool) -> int:
    return 14 if high and int(card.rank) == 1 else int(card.rank)


def _positions(card: Card, high: bool) -> tuple[int, ...]:
    return (1, 14) if high and int(card.rank) == 1 else (int(card.rank),)


def _order(card: Card) -> tuple[int, int]:
    return int(card.rank), int(card.suit)
