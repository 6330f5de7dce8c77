"""Switch computer players' "last card" habits by level, from levels/ai/switch.json.

forget_call    chance of not calling "last card" when it is due (so the others can catch them)
reaction_time  seconds before they catch a player who did not call
notice         chance that they notice a missed call at all

A missing or broken file is named on stderr and the built-in values below are used.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path

from cardgames.config import LEVELS_DIR

PRESET_FILE = LEVELS_DIR / "ai" / "switch.json"


@dataclass(frozen=True)
class Habits:
    forget_call: float
    reaction_time: float
    notice: float


BUILT_IN = {
    "easy": Habits(0.30, 2.2, 0.5),
    "normal": Habits(0.12, 1.4, 0.85),
    "hard": Habits(0.04, 0.8, 1.0),
    "expert": Habits(0.01, 0.6, 1.0),
    "random": Habits(0.0, 1.4, 0.85),
}
_LIMITS = {"forget_call": (0.0, 1.0), "reaction_time": (0.0, 10.0), "notice": (0.0, 1.0)}


def load(path: Path) -> dict[str, Habits]:
    """The levels' habits from a JSON file; raises ValueError naming the field that is wrong."""
    try:
        data = json.loads(path.read_text())
        out = dict(BUILT_IN)
        for level in BUILT_IN:
            if level not in data:
                continue
            entry = data[level]
            names = {f.name for f in fields(Habits)}
            if not isinstance(entry, dict) or set(entry) != names:
                raise ValueError(f"{level!r} needs exactly the fields {sorted(names)}")
            for key, value in entry.items():
                lo, hi = _LIMITS[key]
                if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
                    raise ValueError(f"{level}.{key} must be a number from {lo} to {hi}, not {value!r}")
            out[level] = Habits(**{k: float(v) for k, v in entry.items()})
        return out
    except (OSError, TypeError, ValueError) as exc:
        raise ValueError(f"{path}: not a Switch AI preset file: {exc}") from None


@cache
def habits_table() -> dict[str, Habits]:
    try:
        return load(PRESET_FILE)
    except ValueError as exc:
        print(f"{exc}; using the built-in values", file=sys.stderr)
        return dict(BUILT_IN)


def habits(level: str) -> Habits:
    """The habits of `level` (an unknown level plays like normal)."""
    table = habits_table()
    return table.get(level, table["normal"])
