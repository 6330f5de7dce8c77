"""Three Thirteen computer players. They see an Observation only, never the state.

- easy: takes the discard only when it makes a meld at once; throws a random
  card that is not wild, so it often keeps loose high cards.
- normal: greedy: takes the discard when that lowers its best penalty below
  what it holds now, and throws the card whose loss leaves the lowest penalty.
- hard: counts the cards that are gone (its hand, the discard pile, and the
  cards each opponent took from the pile and still holds); compares taking the
  discard with the average of drawing each unseen card; chooses its discard by
  the penalty expected after its next draw, plus a quarter of the penalty left
  now (so it keeps pairs and near-runs that a greedy player throws away); keeps
  wilds; will not throw a card that fits what the next player has been
  collecting from the discard pile unless that costs too much. Everyone goes
  out as soon as they can: a hand that can go out scores 0, and holding back
  only gives the others more turns to improve.

- expert: see expert.py (expected penalties over every unseen card, feeding
  avoided from what each opponent took and threw).

All levels use melds.py for exact penalties. The hard level's knobs come from
levels/ai/three_thirteen.json (see default_preset; the built-in HardPreset
values are the same).
"""
from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardgames import datafiles, schema
from cardgames.config import LEVELS_DIR
from cardgames.core.cards import Card, remove_one, standard_deck
from cardgames.games.three_thirteen import expert, melds
from cardgames.games.three_thirteen.rules import NEXT, OUT, STOCK, TAKE, Action, Observation, Phase

LEVELS = ("easy", "normal", "hard", "expert")


@dataclass(frozen=True)
class HardPreset:
    """The knobs of the hard level (levels/ai/three_thirteen.json may override them)."""

    draw_samples: int = 40      # unseen cards tried when weighing the stock against the discard
    discard_candidates: int = 5  # best discards (by penalty now) looked at more closely
    discard_samples: int = 20   # unseen cards tried for each of them
    feed_cost: float = 4.0      # points added for throwing what the next player collects
    now_weight: float = 0.25    # weight of the penalty now against the penalty expected after the next draw


DEFAULT_HARD = HardPreset()
PRESET_FILE = LEVELS_DIR / "ai" / "three_thirteen.json"


def load_presets(path: Path) -> HardPreset:
    """Read the hard level's knobs from a JSON file; a bad file names the field that is wrong."""
    try:
        data = json.loads(path.read_text())
        # field by field (cardgames/datafiles.py TT_AI_PRESET): a bad knob takes its default, with a notice
        data = datafiles.check_shipped(datafiles.TT_AI_PRESET, data, path.name, "Three Thirteen computer settings")
        hard = data["hard"]
        unknown = set(hard) - set(HardPreset.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown field(s) {sorted(unknown)}")
        return HardPreset(**hard)
    except schema.Untrusted as exc:
        raise ValueError(f"{path}: not a Three Thirteen AI preset file: {exc}") from None
    except (OSError, KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{path}: not a Three Thirteen AI preset file: {exc}") from None


@cache
def default_preset() -> HardPreset:
    """The hard level's knobs: levels/ai/three_thirteen.json when it is there and sound,
    else the built-in values (a broken file is named on stderr, the game goes on)."""
    if not PRESET_FILE.exists():
        return DEFAULT_HARD
    try:
        return load_presets(PRESET_FILE)
    except ValueError as exc:
        print(f"{exc}; using the built-in values", file=sys.stderr)
        return DEFAULT_HARD


def choose(observation: Observation, legal: Sequence[Action], rng: random.Random, level: str,
           preset: HardPreset | None = None) -> Action:
    """The action `level` picks among `legal`, from what `observation` shows."""
    preset = preset or default_preset()
    if level not in LEVELS:
        raise ValueError(f"unknown Three Thirteen level {level!r}; choose one of {LEVELS}")
    if len(legal) == 1:
        return legal[0]
    if level == "expert":
        return expert.choose(observation, legal, rng)
    if NEXT in legal:
        return NEXT
    if OUT in legal:
        return OUT  # going out scores 0: every level does it at once
    obs = observation
    if obs.phase == Phase.GOING_OUT:
        # every choice leaves the hand melded; throw the card least useful to the next player
        return max(legal, key=lambda a: (melds.card_value(a.card, obs.ace_high), str(a.card)))
    if obs.phase == Phase.DRAW:
        if TAKE not in legal:
            return STOCK
        if STOCK not in legal:
            return TAKE
        if level == "easy":
            return TAKE if _makes_meld(obs) else STOCK
        if level == "normal":
            return TAKE if _take_penalty(obs) < _penalty(obs.hand, obs) else STOCK
        return _Hard(obs, rng, preset).draw()
    # DISCARD
    throws = [a for a in legal if a.kind == "discard"]
    if level == "easy":
        plain = [a for a in throws if int(a.card.rank) != int(obs.wild)]
        return rng.choice(plain or throws)
    if level == "normal":
        return min(throws, key=lambda a: (_penalty(remove_one(obs.hand, a.card), obs),
                                          -melds.card_value(a.card, obs.ace_high), str(a.card)))
    return _Hard(obs, rng, preset).discard(throws)


# ---------------------------------------------------------------- shared helpers


def _penalty(cards: Sequence[Card], obs: Observation) -> int:
    return melds.penalty(cards, obs.wild, obs.ace_high)


def _take_penalty(obs: Observation) -> int:
    """The best penalty after taking the discard top and throwing another card."""
    top = obs.discard[-1]
    return melds.discard_penalty(obs.hand + (top,), obs.wild, obs.ace_high, forbidden=top)


def _makes_meld(obs: Observation) -> bool:
    """Does the discard top lower the penalty by at least its own value (it melds at once)?"""
    top = obs.discard[-1]
    if int(top.rank) == int(obs.wild):
        return True
    return _take_penalty(obs) <= _penalty(obs.hand, obs) - melds.card_value(top, obs.ace_high)


def known_hands(obs: Observation) -> list[Counter]:
    """The cards each seat is known to hold: taken from the discard pile and not thrown since."""
    out = []
    for seat in range(obs.players):
        held = Counter(obs.picked[seat])
        held.subtract(obs.thrown[seat])
        out.append(+held)
    return out


def unseen_cards(obs: Observation) -> list[Card]:
    """Every card this seat has not seen, as a list with repeats (several decks):
    the decks minus its hand, the discard pile and the opponents' known cards."""
    pool = Counter(standard_deck(obs.decks))
    pool.subtract(obs.hand)
    pool.subtract(obs.discard)
    for seat, held in enumerate(known_hands(obs)):
        if seat != obs.seat:
            pool.subtract(held)
    return sorted((+pool).elements(), key=lambda c: (int(c.suit), int(c.rank)))


# ---------------------------------------------------------------- hard


class _Hard:
    """One hard decision: expectations over sampled unseen cards, memoised per decision."""

    def __init__(self, obs: Observation, rng: random.Random, preset: HardPreset):
        self.obs = obs
        self.rng = rng
        self.preset = preset
        self.unseen = unseen_cards(obs)
        self.cache: dict[tuple, int] = {}

    def best_after_draw(self, hand: tuple[Card, ...], card: Card) -> int:
        key = (hand, card)
        hit = self.cache.get(key)
        if hit is None:
            hit = melds.discard_penalty(hand + (card,), self.obs.wild, self.obs.ace_high)
            self.cache[key] = hit
        return hit

    def sample(self, k: int) -> list[Card]:
        if len(self.unseen) <= k:
            return list(self.unseen)
        return self.rng.sample(self.unseen, k)

    def expected_draw(self, hand: tuple[Card, ...], cards: Sequence[Card]) -> float:
        """The mean best penalty after drawing one of `cards` (unseen, sampled) and throwing the worst."""
        if not cards:
            return float(_penalty(hand, self.obs))
        return sum(self.best_after_draw(hand, c) for c in cards) / len(cards)

    def draw(self) -> Action:
        obs = self.obs
        top = obs.discard[-1]
        if int(top.rank) == int(obs.wild):
            return TAKE  # keep wilds
        take = _take_penalty(obs)
        stock = self.expected_draw(obs.hand, self.sample(self.preset.draw_samples))
        # Taking shows the card to everyone; ask for a clear gain.
        return TAKE if take < stock - 0.5 else STOCK

    def discard(self, throws: Sequence[Action]) -> Action:
        obs = self.obs
        now = {a: _penalty(remove_one(obs.hand, a.card), obs) for a in throws}
        feeding = self.feeds_next()
        last_turn = obs.out_seat is not None

        def base(a: Action) -> float:
            wild = int(a.card.rank) == int(obs.wild)
            return now[a] + (self.preset.feed_cost if a.card in feeding else 0) + (3 if wild else 0)

        ranked = sorted(throws, key=lambda a: (base(a), -melds.card_value(a.card, obs.ace_high), str(a.card)))
        if last_turn:
            return min(throws, key=lambda a: (now[a], str(a.card)))
        best, best_score = ranked[0], None
        cards = self.sample(self.preset.discard_samples)  # the same draws for every candidate
        for a in ranked[: self.preset.discard_candidates]:
            rest = remove_one(obs.hand, a.card)
            score = self.preset.now_weight * base(a) + self.expected_draw(rest, cards)
            if best_score is None or score < best_score:
                best, best_score = a, score
        return best

    def feeds_next(self) -> set[Card]:
        """Cards the next player would likely take: their rank or suit-neighbours of what they hold."""
        obs = self.obs
        nxt = (obs.seat + 1) % obs.players
        held = known_hands(obs)[nxt]
        out: set[Card] = set()
        for c in obs.hand:
            for h in held:
                if int(h.rank) == int(obs.wild):
                    continue
                if c.rank == h.rank or (c.suit == h.suit and abs(int(c.rank) - int(h.rank)) <= 2):
                    out.add(c)
        return out
