"""Today's date and the wall clock, asked in one place.

Every part of the collection that needs the calendar (the daily challenge's
day and streak, a game's end time in the history, the day an achievement was
earned, the stamp on an error log line or a file moved aside) asks here, and
nowhere else reads the wall clock (tests/test_dates.py checks the syntax tree).
Durations and frame timing use time.monotonic / perf_counter, which are not
dates and stay where they are.

Tests set the clock with `set_now(when)` (None: the real clock again); the
suite's conftest fixes it for every test, so no test depends on the day it
runs.
"""
from __future__ import annotations

import datetime as _dt
import time as _time

_fixed: _dt.datetime | None = None


def _wall() -> float:
    """Seconds since the epoch from the machine's clock: the one read of it."""
    return _time.time()


def set_now(when: _dt.datetime | _dt.date | None) -> None:
    """Fix the local date and time the collection sees (a date means its noon); None: the real clock."""
    global _fixed
    if when is not None and not isinstance(when, _dt.datetime):
        when = _dt.datetime.combine(when, _dt.time(12, 0))
    _fixed = when


def now() -> _dt.datetime:
    """The local date and time, naive, as the player's calendar shows it."""
    return _fixed if _fixed is not None else _dt.datetime.fromtimestamp(_wall())


def today() -> _dt.date:
    """The player's local date."""
    return now().date()


def timestamp() -> float:
    """Seconds since the epoch of `now()` (what a record's `when` holds)."""
    return _fixed.timestamp() if _fixed is not None else _wall()


def stamp(fmt: str, when: float | None = None) -> str:
    """`now()` (or the epoch seconds `when`) in local time, formatted by strftime's `fmt`."""
    moment = now() if when is None else _dt.datetime.fromtimestamp(when)
    return moment.strftime(fmt)
