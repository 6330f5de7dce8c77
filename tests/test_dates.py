"""The calendar comes from one place (cardgames/dates.py), every test sets it, and the date-dependent
tests pass with today years ahead."""
from __future__ import annotations

import ast
import datetime as dt
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames import dates, records
from cardgames.achievements.book import Book
from cardgames.scenes.stats import date_text
from cardgames.storage import Storage

ROOT = Path(__file__).resolve().parent.parent

# Calls that read the wall clock as a date or time of day (durations use monotonic/perf_counter).
CLOCK_READS = {("time", "time"), ("time", "time_ns"), ("time", "localtime"), ("time", "gmtime"),
               ("time", "ctime"), ("time", "asctime"), ("date", "today"), ("datetime", "now"),
               ("datetime", "today"), ("datetime", "utcnow")}


def _clock_reads(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
            if (name, node.func.attr) in CLOCK_READS:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}.{node.func.attr}()")
            # time.strftime(fmt) with no time given formats the clock's now
            if (name, node.func.attr) == ("time", "strftime") and len(node.args) < 2:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} time.strftime(fmt)")
        if isinstance(node, ast.ImportFrom) and node.module == "time":
            found += [f"{path.relative_to(ROOT)}:{node.lineno} from time import {a.name}"
                      for a in node.names if a.name in {"time", "localtime", "gmtime", "ctime", "strftime"}]
    return found


def test_nothing_but_dates_reads_the_calendar():
    files = [p for p in (ROOT / "cardgames").rglob("*.py") if p.name != "dates.py"] + [ROOT / "main.py"]
    reads = [r for p in files for r in _clock_reads(p)]
    assert reads == []


def test_the_scan_finds_each_kind_of_clock_read(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import time, datetime\nfrom time import localtime\ntime.time()\n"
                      "datetime.date.today()\ndatetime.datetime.now()\ntime.strftime('%Y')\n"
                      "time.strftime('%Y', when)\ntime.monotonic()\n")
    found = [r.split(" ", 1)[1] for r in _clock_reads_at(sample, tmp_path)]
    assert found == ["from time import localtime", "time.time()", "date.today()", "datetime.now()",
                     "time.strftime(fmt)"]


def _clock_reads_at(path: Path, root: Path) -> list[str]:
    global ROOT
    saved, ROOT = ROOT, root
    try:
        return sorted(_clock_reads(path), key=lambda r: int(r.split(":")[1].split()[0]))
    finally:
        ROOT = saved


def test_the_clock_is_the_suites_day_unless_a_test_sets_another(on_day, request):
    far = request.config.getoption("--today")
    assert dates.now() == (dt.datetime(2026, 12, 1, 12, 0) if far is None
                           else dt.datetime.combine(dt.date.fromisoformat(far), dt.time(12, 0)))
    on_day(dt.date(2041, 2, 28))
    assert dates.today() == dt.date(2041, 2, 28)
    assert dates.stamp("%Y-%m-%d %H:%M") == "2041-02-28 12:00"
    assert dt.datetime.fromtimestamp(dates.timestamp()) == dt.datetime(2041, 2, 28, 12, 0)
    dates.set_now(None)
    assert abs(dates.timestamp() - dates._wall()) < 5     # the real clock again


@pytest.mark.dates
def test_an_achievement_is_dated_the_day_it_is_earned(tmp_path, on_day):
    on_day(dt.date(2039, 5, 17))
    book = Book(Storage(tmp_path))
    assert book.unlock(["first_win"]) == ["first_win"]
    assert book.when("first_win") == "2039-05-17"


@pytest.mark.dates
def test_a_finished_game_is_dated_now_in_the_history(tmp_path, on_day):
    on_day(dt.datetime(2044, 8, 9, 21, 5))
    storage = Storage(tmp_path)
    records.record_game(storage, "skyjo", records.GameResult(won=True, options={}, score=12))
    (section,) = [s for _, _, s in records.sections(records.load(storage, "skyjo"))]
    assert section["history"][-1]["date"] == "2044-08-09 21:05"


@pytest.mark.dates
def test_the_history_shows_the_year_only_for_other_years(on_day):
    on_day(dt.date(2045, 1, 3))
    assert date_text("2045-01-02 10:00") == "2 Jan 10:00"
    assert date_text("2044-12-30 10:00") == "30 Dec 2044"


@pytest.mark.dates
def test_a_damaged_file_is_moved_aside_under_the_clocks_stamp(tmp_path, on_day):
    on_day(dt.datetime(2050, 6, 1, 8, 30))
    (tmp_path / "settings.json").write_text("{ not json")
    Storage(tmp_path).load_settings()
    assert [p.name for p in tmp_path.glob("settings.json.*")] == ["settings.json.corrupt-20500601-083000"]


def marked_tests() -> set[str]:
    """"file::name" of every test function marked `dates` in the source."""
    out = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and any(ast.unparse(d) == "pytest.mark.dates" for d in node.decorator_list):
                out.add(f"tests/{path.name}::{node.name}")
    return out


def test_the_date_dependent_tests_pass_with_today_years_ahead():
    """Runs every test marked `dates` (each sets its own day) with the suite's day moved to 2049 and to a
    leap day; each marked test must have run and passed."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for far in ("2049-07-15", "2064-02-29"):
        run = subprocess.run([sys.executable, "-m", "pytest", "-v", "-m", "dates", "--today", far, "tests"],
                             check=False, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
        assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
        passed = {re.sub(r"\[.*\]$", "", line.split()[0]) for line in run.stdout.splitlines() if " PASSED" in line}
        assert passed == marked_tests(), run.stdout[-2000:]   # each (with its parameters: both lines) ran
