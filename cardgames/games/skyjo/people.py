"""Skyjo's Easy, Normal and Hard: players who err as people do. They see an Observation only.

Each level takes the moves Expert scores (expert.scored: expected points, lower is better) and
picks one at random, a move's weight falling with how much worse it is than the best one
(exp(-cost / temperature)). A cap stops the gross mistakes: a move more than `cap` points worse
than the best is never played (keeping a 12 for nothing). And a mistake nobody makes is never
made at any level: breaking a pair in a column (swapping out one of two equal face-up cards for
a different card) when Expert would not. So Easy keeps middling cards and gambles on the stock,
and Hard slips now and then.

Memory: a level remembers only the discard pile's top `memory` cards; older ones count as unseen,
so its estimate of what is left falls back towards the deck's average, as a person's does.
Lower levels do not play out the end of a round (Expert alone does).

The levels' habits come from levels/ai/skyjo.json (HABITS are the built-in values, the same).
"""
from __future__ import annotations

import json
import math
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path

from cardgames.config import LEVELS_DIR
from cardgames.games.skyjo import expert
from cardgames.games.skyjo.rules import HIDDEN, Action, Observation, Slot

PRESET_FILE = LEVELS_DIR / "ai" / "skyjo.json"


@dataclass(frozen=True)
class Habits:
    temperature: float     # points: how freely it takes a worse move
    cap: float             # points: never a move this much worse than the best
    memory: int            # how many of the discard pile's top cards it remembers


# Built-in values, the same as levels/ai/skyjo.json (tuned with the arena's ladder on tuning deals).
HABITS = {
    "easy": Habits(temperature=3.0, cap=9.0, memory=2),
    "normal": Habits(temperature=1.6, cap=6.0, memory=4),
    "hard": Habits(temperature=0.8, cap=4.0, memory=8),
}
_LIMITS = {"temperature": (0.01, 100.0), "cap": (0.0, 1000.0), "memory": (0, 200)}


def load(path: Path) -> dict[str, Habits]:
    """The levels' habits from a JSON file; raises ValueError naming the field that is wrong."""
    try:
        data = json.loads(path.read_text())
        if not isinstance(data, dict):
            raise TypeError("the file must hold an object")
        out = dict(HABITS)
        names = {f.name for f in fields(Habits)}
        for level in HABITS:
            entry = data.get(level)
            if entry is None:
                continue
            if not isinstance(entry, dict) or set(entry) != names:
                raise ValueError(f"{level!r} needs exactly the fields {sorted(names)}")
            for key, value in entry.items():
                lo, hi = _LIMITS[key]
                whole = key != "memory" or isinstance(value, int)
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not whole \
                        or not lo <= value <= hi:
                    raise ValueError(f"{level}.{key} must be a number from {lo} to {hi}, not {value!r}")
            out[level] = Habits(float(entry["temperature"]), float(entry["cap"]), int(entry["memory"]))
        return out
    except (OSError, TypeError, ValueError) as exc:
        raise ValueError(f"{path}: not a Skyjo AI preset file: {exc}") from None


@cache
def habits_table() -> dict[str, Habits]:
    """levels/ai/skyjo.json when it is there and sound, else the built-in values (named on stderr)."""
    if not PRESET_FILE.exists():
        return dict(HABITS)
    try:
        return load(PRESET_FILE)
    except ValueError as exc:
        print(f"{exc}; using the built-in values", file=sys.stderr)
        return dict(HABITS)


def breaks_pair(obs: Observation, action: Action) -> bool:
    """Would `action` swap out one of two equal face-up cards in a column for a different card?"""
    if action.kind not in ("take", "swap") or action.slot is None:
        return False
    grid = obs.grids[obs.seat]
    old = grid[action.slot]
    if old is HIDDEN or isinstance(old, Slot):
        return False
    new = obs.held if action.kind == "swap" else (obs.discard[-1] if obs.discard else None)
    top = action.slot - action.slot % 3
    mates = [grid[i] for i in range(top, top + 3) if i != action.slot]
    return new != old and old in mates


def pick(options: Sequence[tuple[Action, float]], habits: Habits, rng: random.Random,
         obs: Observation | None = None) -> Action:
    """One of the scored options (best first): weight exp(-cost / temperature), within the cap;
    with `obs`, never a move that breaks a column's pair unless it is the best move."""
    best = options[0][1]
    allowed = [(a, v - best) for a, v in options if v - best <= habits.cap
               and (obs is None or v == best or not breaks_pair(obs, a))]
    weights = [math.exp(-cost / habits.temperature) for _, cost in allowed]
    x = rng.random() * sum(weights)
    for (action, _), w in zip(allowed, weights):
        x -= w
        if x <= 0:
            return action
    return allowed[0][0]


def choose(obs: Observation, legal: Sequence[Action], rng: random.Random, level: str,
           table: dict[str, Habits] | None = None) -> Action:
    habits = (table or habits_table())[level]
    options = expert.scored(obs, legal, rng, memory=habits.memory, playouts=False)
    return pick(options, habits, rng, obs)
