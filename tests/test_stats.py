"""cardgames.core.stats: the figures the arenas and benchmarks print."""
import pytest

from cardgames.core.stats import percentile, rate_with_ci, times_line, wilson


def test_wilson_brackets_the_rate_and_narrows_with_more_games():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi
    assert (lo, hi) == pytest.approx((0.4038, 0.5962), abs=1e-4)   # the textbook figures for 50/100
    lo2, hi2 = wilson(500, 1000)
    assert lo < lo2 < 0.5 < hi2 < hi


def test_wilson_stays_inside_0_1_at_the_edges():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and 0 < hi < 0.2
    lo, hi = wilson(20, 20)
    assert 0.8 < lo < 1.0 and hi == 1.0
    assert wilson(2.5, 5)[0] < 0.5 < wilson(2.5, 5)[1]   # a shared win counts a fraction


def test_percentile_is_the_nearest_rank():
    values = [5, 1, 4, 2, 3]
    assert percentile(values, 0.5) == 3
    assert percentile(values, 0.0) == 1 and percentile(values, 0.99) == 5
    assert percentile([], 0.5) == 0.0


def test_printed_lines():
    assert rate_with_ci(50, 100) == " 50.0% (95% CI 40.4-59.6%)"
    assert rate_with_ci(0, 0).startswith("  0.0%")
    assert times_line([0.001, 0.002, 0.004]) == "median 2.00 ms, p99 4.00 ms, max 4.00 ms over 3 decisions"
    assert times_line([], "hands", 3) == "median 0.000 ms, p99 0.000 ms, max 0.000 ms over 0 hands"
