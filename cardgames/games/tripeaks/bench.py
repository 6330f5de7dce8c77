"""TriPeaks solver benchmark: the share of winnable deals and the CPU time per deal, at the median and the tail.

`python -m cardgames.games.tripeaks.bench` (and `make bench`) solves 1,000
seeded classic deals with the King-Ace wrap and 1,000 without, each from the
deal and from a mid-game position (5 to 10 seeded random moves in), with no
budget, and prints the share winnable and the median, p99 and maximum CPU
time per solve (time.thread_time: the machine is shared, so wall time would
measure the neighbours). Every solve starts cold: the solver's per-deal
session cache is emptied first, so a mid-game position does not profit from
the deal's solve. The one-off per-layout setup (the layout's tables, shared
by every deal) is done before timing. Every winning line is replayed through
the rules as a check. Targets: median under 1 ms, p99 under 20 ms.
Reference shares for these rules: 97.0% with the wrap, 73.6% without.
`--empty-waste` adds the empty-waste start (reference 99.2% and 88.8%);
`--runs N` solves each case N times and prints the medians of the figures.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from cardgames.core.rng import child_seed
from cardgames.games.tripeaks import rules, solver, solver_table

MEDIAN_TARGET_MS, P99_TARGET_MS = 1.0, 20.0


def mid_game(options: dict, seed: int) -> rules.State:
    """The deal of `seed` after 5 to 10 seeded random moves (fewer if the game ends first)."""
    rng = random.Random(child_seed(seed, "bench", "mid"))
    state = rules.new_game(options, seed)
    for _ in range(rng.randint(5, 10)):
        legal = rules.legal_actions(state)
        if not legal or rules.is_over(state):
            break
        state, _ = rules.apply(state, rng.choice(legal))
    return state


def run(options: dict, seeds: range, mid: bool = False, solve: Any = None) -> dict:
    """Solves each seed's deal (or its mid-game position); the share winnable and the CPU times (seconds)."""
    solve = solve or solver.solve
    cpu = []
    wins = 0
    first = rules.new_game(options, 0)
    solver_table.ideals(first.layout)   # the one-off per-layout setup: the table's sets of cards left,
    solve(first)                        # and the search's layout geometry
    for seed in seeds:
        state = mid_game(options, seed) if mid else rules.new_game(options, seed)
        clear = getattr(solver, "clear_session", None)
        if clear is not None:
            clear()
        start = time.thread_time()
        result = solve(state)
        cpu.append(time.thread_time() - start)
        if result.winnable:
            wins += 1
            for action in result.line:
                state, _ = rules.apply(state, action)
            if not rules.is_won(state):
                raise AssertionError(f"seed {seed}: the solver's line does not win")
    cpu.sort()
    return {
        "deals": len(cpu),
        "winnable": wins / len(cpu),
        "median": statistics.median(cpu),
        "p99": cpu[min(len(cpu) - 1, int(len(cpu) * 0.99))],
        "max": cpu[-1],
        "total": sum(cpu),
    }


def report(label: str, figures: dict) -> str:
    n = figures["deals"]
    share = figures["winnable"]
    error = 1.96 * (share * (1 - share) / n) ** 0.5
    ok = figures["median"] * 1000 < MEDIAN_TARGET_MS and figures["p99"] * 1000 < P99_TARGET_MS
    return (f"{label:<34} {n:5d}  winnable {share:6.1%} (+/-{error:.1%})  CPU per solve: "
            f"median {figures['median'] * 1000:6.2f} ms  p99 {figures['p99'] * 1000:6.2f} ms  "
            f"max {figures['max'] * 1000:7.1f} ms  total {figures['total']:5.1f} s  "
            f"{'(on target)' if ok else '(OFF TARGET)'}")


def main(quick: bool = False, empty_waste: bool = False, runs: int = 1) -> None:
    """Wrap on and off, from the deal and from mid-game; empty_waste=True adds that variant. With runs > 1
    each case is solved that many times and the median of each figure over the runs is printed (the
    machine is shared: one run can catch a busy minute)."""
    deals = 50 if quick else 1000
    print(f"TriPeaks solver (classic layout, full knowledge of the deal; CPU time, targets: median < "
          f"{MEDIAN_TARGET_MS:g} ms, p99 < {P99_TARGET_MS:g} ms"
          f"{f'; medians of {runs} runs' if runs > 1 else ''})")
    cases = [("wrap on, from the deal (ref. 97.0%)", {"wrap": True}, False),
             ("wrap on, mid-game", {"wrap": True}, True),
             ("wrap off, from the deal (ref. 73.6%)", {"wrap": False}, False),
             ("wrap off, mid-game", {"wrap": False}, True)]
    if empty_waste:
        cases += [("empty waste, wrap on (99.2%)", {"empty_waste": True}, False),
                  ("empty waste, wrap off (88.8%)", {"wrap": False, "empty_waste": True}, False)]
    for label, options, mid in cases:
        each = [run(options, range(deals), mid=mid) for _ in range(max(1, runs))]
        figures = {key: statistics.median(f[key] for f in each) for key in each[0]}
        figures["deals"] = each[0]["deals"]
        print(report(label, figures), flush=True)


def _runs(argv: list[str]) -> int:
    """The N of `--runs N` (1 without it)."""
    if "--runs" not in argv:
        return 1
    at = argv.index("--runs") + 1
    if at >= len(argv) or not argv[at].isdigit() or int(argv[at]) < 1:
        raise SystemExit("--runs needs a whole number of runs, 1 or more (e.g. --runs 3)")
    return int(argv[at])


if __name__ == "__main__":
    main(quick="--quick" in sys.argv, empty_waste="--empty-waste" in sys.argv, runs=_runs(sys.argv))
