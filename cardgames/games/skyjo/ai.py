"""Skyjo computer players. They see an Observation only, never the state.

The levels:
- easy, normal, hard: people.py. They pick among the moves Expert scores with a level's temperature
  and a cap on how much worse a move may be, and remember only the discard pile's top cards
  (levels/ai/skyjo.json).
- expert: expert.py. The planner (planner.py) plus playouts near a round's end.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from cardgames.games.skyjo import expert, people
from cardgames.games.skyjo.planner import Planner
from cardgames.games.skyjo.rules import Action, Observation, Phase

LEVELS = ("easy", "normal", "hard", "expert")


def _planner_choice(observation: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    if len(legal) == 1 or observation.phase == Phase.SETUP:
        return rng.choice(legal)
    return Planner(observation, smart=True).choose(legal, rng)


# Arena-only players (python -m cardgames.arena --field planner): "planner" is Hard as it was before
# issue 27 (the planner alone, no mistakes, no playouts), kept to measure Expert against it.
BASELINES = {"planner": _planner_choice}


def choose(observation: Observation, legal: Sequence[Action], rng: random.Random, level: str) -> Action:
    """The action `level` picks among `legal`, from what `observation` shows."""
    if len(legal) == 1:
        return legal[0]
    if level not in LEVELS:
        raise ValueError(f"unknown Skyjo level {level!r}; choose one of {LEVELS}")
    if observation.phase == Phase.SETUP:
        return rng.choice(legal)
    if level == "expert":
        return expert.choose(observation, legal, rng)
    return people.choose(observation, legal, rng, level)
