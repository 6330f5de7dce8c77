"""Three Thirteen's easy, normal and hard players: Expert's judgement, with the mistakes people make.

Each level scores the legal moves as Expert does (expert.scored: the expected
penalty points each move leads to), then chooses among them like a person:
- a temperature: a move `temperature` points worse than the best is e times less
  likely to be chosen, so near-equal moves are a matter of taste (keeping a
  middling card, throwing the wrong one of two loose cards);
- a cap: no move more than `cap` points worse than the best is ever chosen, so
  a level never makes the mistakes nobody makes: it never throws a wild (unless
  it holds nothing else it may throw), always takes a wild from the pile and
  always goes out when it can;
- a lean to the stock: `stock_lean` points in the stock's favour (people take a
  chance on the stock rather than show what they collect);
- a shorter view: `horizon` own draws looked ahead (Expert: KNOBS.horizon);
- memory: only each opponent's last `memory` pickups from the discard pile, and
  the pile's last `memory` laps of throws, are remembered; older ones are
  forgotten (those cards count as unseen, so the estimate falls back to the average).
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from cardgames.games.three_thirteen import expert
from cardgames.games.three_thirteen.rules import STOCK, Action, Observation


@dataclass(frozen=True)
class Style:
    temperature: float   # points: a move this much worse than the best is e times less likely
    cap: float           # points: never a move worse than the best by more than this
    stock_lean: float    # points in the stock's favour when drawing
    horizon: int         # own draws looked ahead
    memory: int          # each opponent's last pickups, and the discard pile's last laps, remembered


STYLES = {
    "easy": Style(temperature=3.0, cap=8.0, stock_lean=1.5, horizon=1, memory=0),
    "normal": Style(temperature=1.8, cap=5.0, stock_lean=1.0, horizon=1, memory=1),
    "hard": Style(temperature=1.0, cap=3.0, stock_lean=0.5, horizon=1, memory=2),
}


def choose(observation: Observation, legal: Sequence[Action], rng: random.Random, style: Style,
           knobs: expert.ExpertKnobs | None = None) -> Action:
    """The move a player of `style` picks among `legal`, from what `observation` shows
    (`knobs`: Expert's, default expert.KNOBS)."""
    if len(legal) == 1:
        return legal[0]
    knobs = replace(knobs or expert.KNOBS, horizon=style.horizon)
    costs = expert.scored(observation, legal, rng, knobs, memory=style.memory)
    if STOCK in costs:
        costs[STOCK] -= style.stock_lean
    wild = int(observation.wild)
    tame = [a for a in legal if a.card is None or int(a.card.rank) != wild]
    pool = tame or list(legal)  # never a wild, unless nothing else may be thrown
    best = min(costs[a] for a in pool)
    allowed = [a for a in pool if costs[a] <= best + style.cap]
    weights = [math.exp(-(costs[a] - best) / style.temperature) for a in allowed]
    return rng.choices(allowed, weights)[0]
