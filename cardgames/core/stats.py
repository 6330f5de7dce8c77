"""The small statistics the arenas and benchmarks print: a win rate with its confidence
interval, percentiles, and a line of decision times. Pure Python (no pygame).
"""
from __future__ import annotations

import math
from collections.abc import Sequence


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (successes out of n; a shared win may count
    a fraction). Unlike the plain p +- z*sd interval it stays inside 0..1 and is fair for small n."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_with_ci(successes: float, n: int) -> str:
    """'54.0% (95% CI 50.1-57.9%)': a rate as the arenas print it."""
    lo, hi = wilson(successes, n)
    rate = successes / n if n else 0.0
    return f"{100 * rate:5.1f}% (95% CI {100 * lo:4.1f}-{100 * hi:4.1f}%)"


def percentile(values: Sequence[float], q: float) -> float:
    """The value below which a fraction q of `values` lies (nearest rank; 0.0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def times_line(seconds: Sequence[float], what: str = "decisions", digits: int = 2) -> str:
    """'median 0.41 ms, p99 3.20 ms, max 5.02 ms over 1200 decisions' for times in seconds."""
    def ms(value: float) -> str:
        return f"{1000 * value:.{digits}f} ms"

    return (f"median {ms(percentile(seconds, 0.5))}, p99 {ms(percentile(seconds, 0.99))}, "
            f"max {ms(max(seconds, default=0.0))} over {len(seconds)} {what}")
