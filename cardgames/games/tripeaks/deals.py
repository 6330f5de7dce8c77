"""TriPeaks deal numbers and the daily challenge: pure, no pygame.

Deal numbers. A deal's number is its seed: rules.new_game(options, n)
shuffles with child_seed(n, "deal") (sha256), so the number alone gives the
deal, the same on every machine, from source and from the executable, in
every mode that uses the same layout and variants. A new random deal draws a
number from 1 to DEAL_MAX; "winnable deals only" takes the first winnable
number from there (solver.winnable_seed steps n, n + 1, ...), so the number
shown is always the deal played, and "Play deal #n" replays exactly it.

The daily challenge. One deal a day for Arcade and one for Classic, for
everyone, with no network: the day's number is derived from the date and the
mode by child_seed (daily_start), then the first winnable deal from there
(solver.winnable_seed, as daily.py does). The day's
records (played, won, best score) are kept per mode and date in a dict that
the scene stores in a file of its own, DAILY_FILE in the data folder,
declared here for the storage's checks (storage.load / storage.save); the
functions here take and return that dict.
"""
from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Mapping
from typing import Any

from cardgames.core.rng import child_seed
from cardgames.i18n import N_, format_number, said_en
from cardgames.schema import Bool, Int, MapOf, Record, declare

DEAL_MAX = 9_999_999          # deal numbers are 1 .. DEAL_MAX (seven digits at most)
DAILY_FILE = "tripeaks_daily.json"
DAILY_MODES = ("arcade", "classic")
DAILY_LEVEL = "daily_arcade"  # levels/tripeaks/daily/daily_arcade.json: the daily Arcade level


DATE = r"\d{4}-\d{2}-\d{2}"
DAY = Record({"played": Int(0, lo=0), "won": Bool(False), "best": Int(0)})
DAILY = Record({mode: MapOf(DAY, key=DATE) for mode in DAILY_MODES})
declare(DAILY_FILE, "tripeaks_daily", DAILY, what="TriPeaks daily challenge records")


def clamp_number(n: int) -> int:
    """A deal number in 1 .. DEAL_MAX (larger seeds wrap round)."""
    return (int(n) - 1) % DEAL_MAX + 1


def random_number(seed: int) -> int:
    """A deal number for a new random deal, from a fresh seed (core.rng.new_seed())."""
    return clamp_number(child_seed(seed, "tripeaks", "number"))


def parse_number(text: str) -> int:
    """"#1234", "1,234" or " 1234 " -> 1234; ValueError with a message a player can read: its
    argument is the English message (or a Said), which the entry draws in the player's language."""
    digits = str(text).strip().lstrip("#").replace(",", "").replace(" ", "")
    if not digits:
        raise ValueError(N_("Type a deal number."))
    if not digits.isdigit():
        raise ValueError(N_("A deal number has digits only."))
    n = int(digits)
    if not 1 <= n <= DEAL_MAX:
        raise ValueError(said_en("Deal numbers go from 1 to {n}.", n=DEAL_MAX))   # said in the language when drawn
    return n


def label(n: int) -> str:
    return f"#{format_number(n)}"


# ---------------------------------------------------------------- the daily challenge

def iso(day: _dt.date) -> str:
    return day.isoformat()


def parse_day(text: str) -> _dt.date:
    """"2026-12-01" -> date; ValueError when it is not a date."""
    return _dt.date.fromisoformat(str(text))


def daily_start(day: _dt.date, mode: str) -> int:
    """Where the search for the day's winnable deal starts: from the date and the mode only."""
    if mode not in DAILY_MODES:
        raise ValueError(f"no daily challenge for mode {mode!r}")
    return clamp_number(child_seed(int(day.strftime("%Y%m%d")), "tripeaks", "daily", mode))


def day_record(records: Mapping[str, Any], mode: str, day: str) -> dict[str, Any]:
    """{"played": n, "won": bool, "best": score} of one mode on one day (zeros when not played)."""
    by_mode = records.get(mode) if isinstance(records, Mapping) else None
    rec = by_mode.get(day) if isinstance(by_mode, Mapping) else None
    rec = rec if isinstance(rec, Mapping) else {}
    played, best = rec.get("played", 0), rec.get("best", 0)
    return {"played": played if isinstance(played, int) and not isinstance(played, bool) and played > 0 else 0,
            "won": rec.get("won") is True,
            "best": best if isinstance(best, int) and not isinstance(best, bool) else 0}


def record_daily(records: dict[str, Any], mode: str, day: str, won: bool, score: int) -> dict[str, Any]:
    """Count one finished (or abandoned) daily hand: played +1, won once won, the best score."""
    if not isinstance(records, dict):
        records = {}
    by_mode = records.get(mode)
    if not isinstance(by_mode, dict):
        by_mode = records[mode] = {}
    rec = day_record(records, mode, day)
    by_mode[day] = {"played": rec["played"] + 1, "won": rec["won"] or bool(won),
                    "best": max(rec["best"], int(score)) if rec["played"] else int(score)}
    return records


def days_won(records: Mapping[str, Any], modes: Iterable[str] = DAILY_MODES) -> set[str]:
    return {day for mode in modes for day in (records.get(mode) or {}) if day_record(records, mode, day)["won"]}


def days_played(records: Mapping[str, Any], modes: Iterable[str] = DAILY_MODES) -> set[str]:
    return {day for mode in modes for day in (records.get(mode) or {}) if day_record(records, mode, day)["played"]}


def streak(records: Mapping[str, Any], today: _dt.date) -> int:
    """Days in a row with a daily challenge won (either mode), ending today, or yesterday while today's
    is still open."""
    won = days_won(records)
    day = today if iso(today) in won else today - _dt.timedelta(days=1)
    n = 0
    while iso(day) in won:
        n += 1
        day -= _dt.timedelta(days=1)
    return n
