"""The declared shape of stats.json (cardgames/schema.py checks it on every load, field by field).

    stats.json  {game: GAME_STATS}
    GAME_STATS  {"records": RECORDS, the older flat figures (read once by records.migrate),
                 and a game's own progress (TriPeaks: "levels", "last_initials"), which its
                 owner checks itself}
    RECORDS     {"version", "modes": {mode: SECTION}, "practice": {mode: SECTION}}
    SECTION     {"games", "wins", "abandoned", "streak", "best_streak", "figures", "history": [ENTRY]}
    ENTRY       {"date", "won", "abandoned", "score"?, "deal"?, "seed"?, "daily"?, "seconds"?,
                 "options", "figures"}       (? may be null)

A wrong-typed or out-of-range field takes its default with one notice (the schema
layer's); a bad history entry is left out, the others kept. What a schema cannot
say (wins no more than games, a streak no longer than the wins) records.clean_section
settles. Pure Python.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardgames.schema import (
    Anything,
    Bool,
    Field,
    Float,
    Int,
    ListOf,
    MapOf,
    Record,
    Text,
    _Bad,  # the layer's "this value is bad" signal, for the fields declared here
)

LIMIT = 10**12     # a stored number beyond this is out of range (damage, not play)
HISTORY = 50       # games kept in a section's history
NAME = r"[a-z0-9_]{1,40}"


@dataclass
class Number(Float):
    """A number that stays a whole number when it is one (a score of 42 is not 42.0)."""

    def check(self, value, path, problems):
        checked = super().check(value, path, problems)
        return value if isinstance(value, int) else checked


@dataclass
class Maybe(Field):
    """`inner`, or null (a game without a score, a deal without a number)."""

    inner: Field = field(default_factory=Anything)
    default: Any = None
    vital: bool = False

    def check(self, value, path, problems):
        return None if value is None else self.inner.check(value, path, problems)

    def wrong_types(self):
        return [v for v in self.inner.wrong_types() if v is not None]

    def out_of_range(self):
        return self.inner.out_of_range()


@dataclass
class Scalar(Field):
    """An option's value: text, a number, true/false or null (never a list or an object)."""

    default: Any = None
    vital: bool = False

    def check(self, value, path, problems):
        if value is None or isinstance(value, (bool, str)) or (
                isinstance(value, (int, float)) and abs(value) <= LIMIT):
            return value
        raise _Bad(f"expected text, a number or true/false, got {type(value).__name__}")

    def wrong_types(self):
        return [[1], {"a": 1}]


def _count() -> Int:
    return Int(0, lo=0, hi=LIMIT)


ENTRY = Record({
    "date": Text("", max_len=40),
    "won": Bool(False),
    "abandoned": Bool(False),
    "score": Maybe(Number(0, lo=-LIMIT, hi=LIMIT)),
    "deal": Maybe(Int(0, lo=0, hi=LIMIT)),
    "seed": Maybe(Int(0, lo=-(2**63), hi=2**63)),
    "daily": Maybe(Text("", max_len=10)),
    "seconds": Maybe(Number(0, lo=0, hi=LIMIT)),
    "options": MapOf(Scalar(), key=r"[A-Za-z0-9_]{1,40}"),
    "figures": MapOf(Maybe(Number(0, lo=-LIMIT, hi=LIMIT)), key=NAME),
}, optional=("score", "deal", "seed", "daily", "seconds"))

SECTION = Record({
    "games": _count(), "wins": _count(), "abandoned": _count(), "streak": _count(), "best_streak": _count(),
    "figures": MapOf(Maybe(Number(0, lo=-LIMIT, hi=LIMIT)), key=NAME),   # a bad one: null, then left out
    "history": ListOf(ENTRY, drop_bad=True),
})

RECORDS = Record({
    "version": Int(2, lo=1),
    "modes": MapOf(SECTION, key=NAME),
    "practice": MapOf(SECTION, key=NAME),
})

OLD_COUNTS = ("games", "wins", "rounds", "rounds_out", "longest_streak", "hands", "matches", "match_wins",
              "longest_pickup", "catches", "caught")
OLD_NUMBERS = ("best_total", "round_points", "average_round", "bank")

GAME_STATS = Record({
    "records": RECORDS,
    **{k: _count() for k in OLD_COUNTS},
    **{k: Number(0, lo=-LIMIT, hi=LIMIT) for k in OLD_NUMBERS},
    "win_rate": Anything(),        # was shown as text ("44%") or a fraction: never read again
}, optional=("records", *OLD_COUNTS, *OLD_NUMBERS, "win_rate"))
STATS = MapOf(GAME_STATS, key=NAME)
