"""Switch computer players' "last card" habits by level, from levels/ai/switch.json.

forget_call      chance of not calling "last card" when it is due (so the others can catch them)
reaction_time    the median of the seconds before they catch a player who did not call
notice           chance that they notice a missed call at all
reaction_spread  (optional, default 0: always the median) how much the reaction time varies: it is
                 log-normal, as people's are (skewed: now and then a long pause, never a negative
                 one), median * exp(reaction_spread * z) for a standard normal z, kept within
                 a quarter of the median and four times it; a reaction slower than the catch
                 window's hold (pace.CATCH_HOLD, 3 s at a local table) comes too late, so at a
                 slow level fewer missed calls are caught than it notices (catch_chance)
temperature, cap, habit  (optional; 0: the level plays its own move) how a level below Expert errs:
                 Expert scores the moves (its estimate of the chance to win the hand after each), the
                 moves worse than the best by more than `cap` are never played, the level's own
                 heuristic move gets `habit` added (its habits: keeping 2s, following the first card),
                 and one is drawn with weights exp(value / temperature): a near-equal move is a
                 coin-flip, a clearly worse one a rare slip

A missing or broken file is named on stderr and the built-in values below are used.
"""
from __future__ import annotations

import json
import math
import random
import statistics
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
    reaction_spread: float = 0.0
    temperature: float = 0.0
    cap: float = 0.0
    habit: float = 0.0

    def reaction(self, rng: random.Random | None = None) -> float:
        """One reaction time drawn with `rng` from the log-normal distribution; the median without rng."""
        median = self.reaction_time
        if rng is None or self.reaction_spread <= 0.0:
            return median
        factor = math.exp(self.reaction_spread * rng.gauss(0.0, 1.0))
        return median * min(max(factor, 0.25), 4.0)

    def in_time(self, window: float) -> float:
        """The chance that a reaction is at most `window` seconds: a computer slower than the catch
        window's hold comes too late (the next player's move closes it), so only this share of the
        missed calls it notices can be caught."""
        median, spread = self.reaction_time, self.reaction_spread
        if window >= 4.0 * median:
            return 1.0
        if window < 0.25 * median:
            return 0.0
        if spread <= 0.0:
            return 1.0 if window >= median else 0.0
        return statistics.NormalDist().cdf(math.log(window / median) / spread)

    def catch_chance(self, window: float) -> float:
        """The chance that a computer catches a missed call that stays catchable `window` seconds:
        it notices (notice) and in time (in_time)."""
        return self.notice * self.in_time(window)


BUILT_IN = {
    "easy": Habits(0.30, 2.2, 0.5, 0.45, 0.12, 0.35, 0.05),
    "normal": Habits(0.12, 1.4, 0.85, 0.35, 0.04, 0.15, 0.05),
    "hard": Habits(0.04, 0.8, 1.0, 0.25, 0.02, 0.08, 0.08),
    "expert": Habits(0.01, 0.6, 1.0, 0.2),
    "random": Habits(0.0, 1.4, 0.85),
}
_LIMITS = {"forget_call": (0.0, 1.0), "reaction_time": (0.0, 10.0), "notice": (0.0, 1.0),
           "reaction_spread": (0.0, 2.0), "temperature": (0.0, 1.0), "cap": (0.0, 1.0), "habit": (0.0, 1.0)}
_OPTIONAL = {"reaction_spread", "temperature", "cap", "habit"}


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
            if not isinstance(entry, dict) or not names - _OPTIONAL <= set(entry) <= names:
                raise ValueError(f"{level!r} needs exactly the fields {sorted(names - _OPTIONAL)} "
                                 f"(and may have {sorted(_OPTIONAL)})")
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


def remembers_call(level: str, rng: random.Random) -> bool:
    """Does a computer of `level` call "last card" this time it is due? (It forgets with forget_call.)"""
    return rng.random() >= habits(level).forget_call
