"""Skyjo's planner: each move scored by the expected points it leaves in the seat's grid (lower is
better), from an Observation only. Expert (expert.py) uses it as its evaluation, and the lower levels
(people.py) pick among its scores.

With smart=True it takes expected values over the cards the seat has not seen (the 150-card deck
minus every face-up, discarded and drawn card it has seen; `memory` limits how much of the discard
pile it remembers); values pairs in a column by the chance of completing them; will not hand the
next player a card that completes their column or a very low card; and times the round's end:
before revealing its last card it estimates the others' final scores, avoids going out into a
doubling it can foresee, and likes ending a round while the others still sit on face-down cards.
With smart=False it is a quick rule of thumb (face-down cards count as 5): Expert's playouts play
every seat with it.

The constants below were tuned with the arena on tuning deals.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardgames.games.skyjo.rules import (
    COLUMNS,
    DECK_COUNTS,
    DISCARD,
    DRAW,
    HIDDEN,
    Action,
    Observation,
    Phase,
    Slot,
)

GONE = "gone"          # a cleared slot in a grid of cells (face-down cells are None)
NAIVE_HIDDEN = 5.0     # what easy and normal assume a face-down card is worth
NORMAL_DRAW_WORTH = 3.0  # normal: points a drawn card is expected to save (it takes a discard that saves more)
NORMAL_MARGIN = 4        # normal: going out with a rival this close (or closer) risks the doubling
DRAW_BONUS = 1.0       # hard: extra worth of drawing over its expected value (the choice it leaves open)
FREEZE = 1.0           # hard: points gained per face-down card the others are left with when it ends the round


# ---------------------------------------------------------------- what a seat knows


def cells_of(obs: Observation, seat: int) -> list:
    """Seat's grid as 12 cells: a value (face up), None (face down) or GONE."""
    return [None if c is HIDDEN else GONE if isinstance(c, Slot) else c for c in obs.grids[seat]]


def unseen_counts(obs: Observation, memory: int | None = None) -> dict[int, int]:
    """How many of each value this seat has not seen: the deck minus every visible card.

    `memory`: how many of the discard pile's top cards it remembers (None: all of them); the cards
    below are forgotten, so they count as unseen (the estimate falls back towards the average)."""
    counts = dict(DECK_COUNTS)
    discard = obs.discard if memory is None else obs.discard[max(0, len(obs.discard) - memory):]
    seen = [v for s in range(obs.players) for v in obs.face_up(s)] + list(discard)
    if obs.held is not None:
        seen.append(obs.held)
    for v in seen:
        counts[v] -= 1
    return counts


def _placed(cells: list, slot: int, value: int) -> list:
    out = list(cells)
    out[slot] = value
    return out


def _hidden_count(cells: list) -> int:
    return sum(1 for c in cells if c is None)


def _known_sum(cells: list) -> int:
    return sum(c for c in cells if c is not None and c is not GONE)


# ---------------------------------------------------------------- the planner (Expert's evaluation)


@dataclass
class _Option:
    action: Action
    value: float


class Planner:
    """Scores each action by the expected final value of the seat's grid (lower is better)."""

    def __init__(self, obs: Observation, smart: bool, memory: int | None = None):
        self.obs = obs
        self.smart = smart
        self.me = obs.seat
        self.cells = cells_of(obs, obs.seat)
        counts = unseen_counts(obs, memory)
        total = sum(counts.values()) or 1
        self.probs = {v: n / total for v, n in counts.items() if n > 0}
        if smart:
            self.hidden_value = sum(v * p for v, p in self.probs.items())
        else:
            self.hidden_value = NAIVE_HIDDEN
        self.final_lap = obs.finisher is not None
        self.looks = 0.0 if self.final_lap else self._future_looks()
        self._columns: dict[tuple, float] = {}
        self._flips: list[_Option] | None = None
        self._gifts: dict[int, float] = {}
        self._rivals: list[tuple[float, float]] | None = None

    # -- estimates

    def _future_looks(self) -> float:
        """Roughly how many more useful cards this seat will see before the round ends."""
        others = [self.obs.face_down(s) for s in range(self.obs.players) if s != self.me]
        mine = _hidden_count(self.cells)
        turns = min(min(others, default=mine), mine) / 0.8
        return min(8.0, max(0.0, turns)) * 1.2

    def column(self, a, b, c) -> float:
        """The expected final points of one column (cached per decision)."""
        key = (a, b, c)
        if key in self._columns:
            return self._columns[key]
        value = self._column(a, b, c)
        self._columns[key] = value
        return value

    def _column(self, a, b, c) -> float:
        if a is GONE:
            return 0.0
        up = [x for x in (a, b, c) if x is not None]
        hidden = 3 - len(up)
        base = sum(up) + hidden * self.hidden_value
        if hidden == 0 and a == b == c:
            return 0.0  # cleared at once
        if not self.smart or hidden == 3:
            return base
        pair = next((w for w in set(up) if up.count(w) >= 2), None)
        if pair is None or pair <= 0:
            return base
        p = self.probs.get(pair, 0.0)
        chance = 1.0 - (1.0 - p) ** self.looks if self.looks else 0.0
        if hidden == 1:
            # the last card may turn out to match (at the end reveal), or be swapped for a match
            reveal = p * 3 * pair
            return base - reveal - (1 - p) * chance * 0.7 * base
        return base - chance * 0.7 * base

    def grid(self, cells: list) -> float:
        return sum(self.column(*cells[3 * k:3 * k + 3]) for k in range(COLUMNS))

    def after(self, cells: list, slot: int, value: int) -> tuple[list, float]:
        """The cells with `value` face up at `slot`, columns cleared, and their expected value."""
        out = _placed(cells, slot, value)
        k = slot // 3
        col = out[3 * k:3 * k + 3]
        if None not in col and col[0] == col[1] == col[2]:
            out[3 * k:3 * k + 3] = [GONE, GONE, GONE]
        return out, self.grid(out)

    def outcome(self, cells: list, value: float) -> float:
        """An option's worth: its grid value, or, when it reveals the last card, the timed finish."""
        if self.final_lap or _hidden_count(cells) > 0:
            return value
        score = _known_sum(cells)
        if not self.smart:
            # rule of thumb: a rival within NORMAL_MARGIN points (face-down cards as 5) will probably double us
            rivals = [_known_sum(cells_of(self.obs, s)) + NAIVE_HIDDEN * _hidden_count(cells_of(self.obs, s))
                      for s in range(self.obs.players) if s != self.me]
            return score * 2 if score > 0 and min(rivals) - NORMAL_MARGIN <= score else score
        # ending the round now leaves the others no time to improve their face-down cards
        others = [self.obs.face_down(s) for s in range(self.obs.players) if s != self.me]
        freeze = FREEZE * sum(others) / len(others)
        if score <= 0:
            return score - freeze
        return score * (1.0 + self._doubling_chance(score)) - freeze

    def _doubling_chance(self, score: int) -> float:
        """P(some other player ends at or below `score`), each estimated by a normal distribution."""
        if self._rivals is None:
            self._rivals = []
            for seat in range(self.obs.players):
                if seat != self.me:
                    cells = cells_of(self.obs, seat)
                    # their expected final points, a little lower for the turn they still get
                    mean = self.grid(cells) - 2.0
                    self._rivals.append((mean, 2.0 + 3.7 * math.sqrt(_hidden_count(cells))))
        p_all_above = 1.0
        for mean, sigma in self._rivals:
            z = (mean - score - 0.5) / sigma
            p_all_above *= 0.5 * (1.0 + math.erf(z / math.sqrt(2)))
        return 1.0 - p_all_above

    def gift(self, card: int) -> float:
        """What putting `card` on the discard pile hands the next player (hard only)."""
        if not self.smart:
            return 0.0
        if card not in self._gifts:
            self._gifts[card] = self._gift(card)
        return self._gifts[card]

    def _gift(self, card: int) -> float:
        nxt = (self.me + 1) % self.obs.players
        if self.obs.finisher == nxt:
            return 0.0  # the round ends before they play
        cells = cells_of(self.obs, nxt)
        base = self.grid(cells)
        best = max((base - self.after(cells, i, card)[1] for i, c in enumerate(cells) if c is not GONE),
                   default=0.0)
        return 0.35 * max(0.0, best - 3.0)

    # -- the options of each phase

    def swaps(self, card: int, kind: str) -> list[_Option]:
        out = []
        for i, c in enumerate(self.cells):
            if c is GONE:
                continue
            cells, value = self.after(self.cells, i, card)
            leaving = c                       # None: face down
            # a face-down card leaving is unknown to us until it is turned: expected gift ~ 0
            gift = self.gift(leaving) if leaving is not None else 0.0
            if cells[3 * (i // 3)] is GONE:  # a cleared column: one of its cards ends on top
                gift = self.gift(card)
            out.append(_Option(Action(kind, i), self.outcome(cells, value) + gift))
        return out

    def flips(self) -> list[_Option]:
        """Expected value of revealing each face-down card (over the unseen cards)."""
        if self._flips is None:
            self._flips = self._flip_options()
        return self._flips

    def _flip_options(self) -> list[_Option]:
        out = []
        for i, c in enumerate(self.cells):
            if c is not None:
                continue
            if self.smart:
                ev = 0.0
                for v, p in self.probs.items():
                    cells, value = self.after(self.cells, i, v)
                    ev += p * self.outcome(cells, value)
            else:  # normal: the card turns out average
                ev = self.outcome(*self.after(self.cells, i, int(NAIVE_HIDDEN)))
            out.append(_Option(Action("flip", i), ev))
        return out

    def hold_options(self, card: int) -> list[_Option]:
        options = self.swaps(card, "swap")
        flips = self.flips()
        if flips:
            best_flip = min(o.value for o in flips)
            options.append(_Option(DISCARD, best_flip + self.gift(card)))
        return options

    def draw_value(self) -> float:
        """Expected value of drawing: the best use of each possible card, weighted by its chance."""
        if not self.smart:
            return self.grid(self.cells) - NORMAL_DRAW_WORTH
        return sum(p * min(o.value for o in self.hold_options(v)) for v, p in self.probs.items()) - DRAW_BONUS

    def choose(self, legal: Sequence[Action], rng: random.Random) -> Action:
        phase = self.obs.phase
        if phase == Phase.TURN:
            options = self.swaps(self.obs.discard[-1], "take")
            if DRAW in legal:
                options.append(_Option(DRAW, self.draw_value()))
        elif phase == Phase.HOLD:
            options = self.hold_options(self.obs.held)
        else:
            options = self.flips()
        options = [o for o in options if o.action in legal]
        if not options:
            return rng.choice(legal)
        best = min(o.value for o in options)
        ties = [o.action for o in options if o.value <= best + 1e-9]
        return ties[0] if len(ties) == 1 else rng.choice(ties)
