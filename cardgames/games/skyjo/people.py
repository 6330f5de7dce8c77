"""Skyjo's Easy, Normal and Hard: players who err as people do. They see an Observation only.

Each level takes the moves Expert scores (expert.scored: expected points, lower is better) and
picks one at random, a move's weight falling with how much worse it is than the best one
(exp(-cost / temperature)). A cap stops the mistakes nobody makes: a move more than `cap` points
worse than the best is never played (breaking a column about to clear, keeping a 12 for nothing).
So Easy keeps middling cards and gambles on the stock, and Hard slips only now and then.

Memory: a level remembers only the discard pile's top `memory` cards; older ones count as unseen,
so its estimate of what is left falls back towards the deck's average, as a person's does.
Lower levels do not play out the end of a round (Expert alone does).
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardgames.games.skyjo import expert
from cardgames.games.skyjo.rules import Action, Observation


@dataclass(frozen=True)
class Habits:
    temperature: float     # points: how freely it takes a worse move
    cap: float             # points: never a move this much worse than the best
    memory: int            # how many of the discard pile's top cards it remembers


# Tuned with the arena's ladder (python -m cardgames.arena --game skyjo --ladder) on tuning deals.
HABITS = {
    "easy": Habits(temperature=3.0, cap=9.0, memory=2),
    "normal": Habits(temperature=1.2, cap=5.0, memory=6),
    "hard": Habits(temperature=0.35, cap=2.5, memory=20),
}


def pick(options: Sequence[tuple[Action, float]], habits: Habits, rng: random.Random) -> Action:
    """One of the scored options (best first): weight exp(-cost / temperature), within the cap."""
    best = options[0][1]
    allowed = [(a, v - best) for a, v in options if v - best <= habits.cap]
    weights = [math.exp(-cost / habits.temperature) for _, cost in allowed]
    x = rng.random() * sum(weights)
    for (action, _), w in zip(allowed, weights):
        x -= w
        if x <= 0:
            return action
    return allowed[0][0]


def choose(obs: Observation, legal: Sequence[Action], rng: random.Random, level: str) -> Action:
    habits = HABITS[level]
    return pick(expert.scored(obs, legal, rng, memory=habits.memory, playouts=False), habits, rng)

