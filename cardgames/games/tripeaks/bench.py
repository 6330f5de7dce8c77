"""TriPeaks solver benchmark: the share of winnable deals and how long the solver takes.

`python -c "from cardgames.games.tripeaks import bench; bench.main()"` solves
1,000 seeded classic deals with the King-Ace wrap and 300 without, with no
budget, and prints the share winnable and the median, p99 and maximum solve
times (wall clock, with the CPU-time p99 beside it: the machine may be shared).
The table's one-off setup per layout (about 0.1 s) is done before timing. Every winning line is replayed through the rules as a check.
Reference shares for these rules: 97.0% with the wrap, 73.6% without.
`python -m cardgames.games.tripeaks.bench --empty-waste` adds the
empty-waste start (reference 99.2% and 88.8%).
"""
from __future__ import annotations

import statistics
import sys
import time

from cardgames.games.tripeaks import rules, solver


def run(options: dict, seeds: range) -> dict:
    """Solves each seed's deal; returns the share winnable and the solve times (seconds)."""
    times, cpu = [], []
    wins = 0
    solver.solve(rules.new_game(options, 0), method="table")   # the table's one-off setup for this layout
    for seed in seeds:
        state = rules.new_game(options, seed)
        start, start_cpu = time.perf_counter(), time.process_time()
        result = solver.solve(state)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        if result.winnable:
            wins += 1
            for action in result.line:
                state, _ = rules.apply(state, action)
            if not rules.is_won(state):
                raise AssertionError(f"seed {seed}: the solver's line does not win")
    times.sort()
    cpu.sort()
    return {
        "cpu_p99": cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))],
        "deals": len(times),
        "winnable": wins / len(times),
        "median": statistics.median(times),
        "p99": times[min(len(times) - 1, int(len(times) * 0.99))],
        "max": times[-1],
        "total": sum(times),
    }


def report(label: str, figures: dict) -> str:
    n = figures["deals"]
    share = figures["winnable"]
    error = 1.96 * (share * (1 - share) / n) ** 0.5
    return (f"{label:<28} {n:5d} deals  winnable {share:6.1%} (+/-{error:.1%})  "
            f"median {figures['median'] * 1000:7.2f} ms  p99 {figures['p99'] * 1000:8.1f} ms  "
            f"max {figures['max'] * 1000:8.1f} ms  total {figures['total']:6.1f} s  "
            f"(wall clock; p99 of CPU time {figures['cpu_p99'] * 1000:.1f} ms)")


def main(quick: bool = False, empty_waste: bool = False) -> None:
    """The two required figures; empty_waste=True adds the empty-waste variant (99.2% / 88.8%)."""
    with_wrap, without = (50, 20) if quick else (1000, 300)
    print("TriPeaks solver (classic layout, full knowledge of the deal)")
    print(report("wrap on (ref. 97.0%)", run({"wrap": True}, range(with_wrap))), flush=True)
    print(report("wrap off (ref. 73.6%)", run({"wrap": False}, range(without))), flush=True)
    if empty_waste:
        print(report("empty waste, wrap on (99.2%)", run({"empty_waste": True}, range(with_wrap // 2))), flush=True)
        print(report("empty waste, wrap off (88.8%)", run({"wrap": False, "empty_waste": True}, range(without))),
              flush=True)


if __name__ == "__main__":
    main(quick="--quick" in sys.argv, empty_waste="--empty-waste" in sys.argv)
