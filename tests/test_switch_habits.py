"""Switch: the computer players' "last card" habits as a player meets them at the table.

Seeded hands are played through SwitchScene (computer turns and catches at its table, on the
table's clock as the scene runs it, the catch window and its hold: cardgames/games/switch/table_habits.py),
and what happened is counted from the actions the table took. The seeds are fixed, so the figures are the same on every run.
"""
from __future__ import annotations

import math
import statistics

import pytest

from cardgames.core.stats import wilson
from cardgames.games.switch import presets, table_habits

Z99 = 2.576          # a 99% interval: three levels are checked, so a fair rate fails rarely


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return table_habits._app()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_computers_forget_last_card_at_the_preset_rate_through_the_table(app, level):
    """A "last card" moment is a computer's "Last card!" or its play to one card without it. Before
    the fix they called at every turn with two cards (before drawing too) and rolled the chance to
    forget each time, so they forgot about half as often as levels/ai/switch.json says."""
    figures = table_habits.forget_figures(level, games=80, players=4, seed=1, app=app)
    assert figures.moments > 150
    low, high = wilson(figures.forgot, figures.moments, Z99)
    assert low <= presets.habits(level).forget_call <= high, (level, figures.forgot, figures.moments)
    assert figures.calls_not_due == 0            # "Last card!" only just before the play that leaves one


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_computers_catch_a_human_who_forgets_at_their_notice_rate_and_reaction_times(app, level):
    """The reaction times are drawn from the level's log-normal distribution (levels/ai/switch.json:
    median reaction_time, spread reaction_spread), as people's are skewed: measured through the table,
    their median and spread are the preset's, and a long pause is longer than a quick one is short.
    Before, every catch came exactly reaction_time after the play."""
    figures = table_habits.catch_figures(level, games=40, seed=1, app=app)
    habits = presets.habits(level)
    low, high = wilson(figures.caught, figures.moments, Z99)
    assert figures.moments > 40 and low <= habits.notice <= high + 1e-9, (level, figures.caught, figures.moments)
    times = figures.reactions
    median, spread = habits.reaction_time, habits.reaction_spread
    # each catch lands within the distribution's bounds, give or take the frames the window opens in
    assert all(median / 4 <= t <= 4 * median + 3 * table_habits.FRAME for t in times), times
    logs = sorted(math.log(t / median) for t in times)
    centre = logs[len(logs) // 2]
    sd = statistics.stdev(logs)
    assert abs(centre) < 2.5 * spread / len(logs) ** 0.5 + 0.02, (level, centre)      # the median is the preset's
    assert 0.6 * spread < sd < 1.5 * spread, (level, sd, spread)                      # and so is the spread
    assert statistics.mean(times) > statistics.median(times)                           # skewed: a long tail
