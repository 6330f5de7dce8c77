"""The calendar every test sees (registered for every test module in conftest.py).

No test reads the real date: before each test the collection's one clock (cardgames/dates.py) is set to
the suite's day, 2026-12-01 12:00 unless `pytest --today YYYY-MM-DD` moves it (tests/test_dates.py runs
the date-dependent tests with it years ahead). A test whose outcome depends on the day says so with the
`dates` marker and sets its own day with the `on_day` fixture; those are the tests the far-date run
repeats.
"""
from __future__ import annotations

import datetime as dt

import pytest

from cardgames import dates

SUITE_DAY = dt.datetime(2026, 12, 1, 12, 0)


def pytest_addoption(parser):
    parser.addoption("--today", default=None, metavar="YYYY-MM-DD",
                     help="the date (at noon) the collection sees in every test, instead of the suite's day")


def pytest_configure(config):
    config.addinivalue_line("markers", "dates: the test's outcome depends on the date; it sets its own day")


def _suite_now(config) -> dt.datetime:
    text = config.getoption("--today")
    return SUITE_DAY if text is None else dt.datetime.combine(dt.date.fromisoformat(text), dt.time(12, 0))


@pytest.fixture(autouse=True)
def fixed_clock(request):
    dates.set_now(_suite_now(request.config))
    yield
    dates.set_now(None)


@pytest.fixture
def on_day():
    """Call on_day(date_or_datetime) to set the day the collection sees for the rest of the test."""
    return dates.set_now
