"""Rules throughput: whole games of uniformly random legal actions per CPU second, every game alike.

    python -m cardgames.bench_rules            # the figures `make bench` prints in its "Rules throughput" section
    python -m cardgames.bench_rules --quick    # a smoke-sized run

Each game is played straight through its rules module and nothing else, the
way a search opponent plays out a position: `new_game(options, seed)`, then
`apply(state, rng.choice(legal_actions(state)))` until `is_over(state)`.
Seeds 1, 2, ... and one random.Random per game, so every run plays the same
games and a figure before a change compares with one after it. Time is CPU
time of this process (time.process_time): other programs on the shared
machine do not count. Each game is timed in several runs, interleaved with
the other games' runs so a busy minute hurts all alike; the median run is
reported, with the range.
"""
from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Case:
    game: str                     # package name under cardgames.games
    label: str                    # what one game is, for the report
    options: Mapping[str, Any]
    games: int                    # games per run (full run; quick runs play a tenth, at least 2)


CASES = (
    Case("tripeaks", "TriPeaks deals (classic layout)", {}, 2000),
    Case("skyjo", "Skyjo 4-seat games", {"players": 4}, 400),
    Case("three_thirteen", "Three Thirteen 2-seat games", {"players": 2}, 12),
    Case("switch", "Switch 2-seat hands", {"players": 2}, 600),
)


def play_random(rules: Any, options: Mapping[str, Any], games: int, first_seed: int = 1) -> tuple[float, int]:
    """Play `games` games of uniformly random legal actions; (CPU seconds, actions played)."""
    new_game, legal_actions, apply, is_over = rules.new_game, rules.legal_actions, rules.apply, rules.is_over
    actions = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        choice = random.Random(seed).choice
        state = new_game(options, seed)
        while not is_over(state):
            state, _ = apply(state, choice(legal_actions(state)))
            actions += 1
    return time.process_time() - start, actions


def measure(runs: int = 5, quick: bool = False, cases: tuple[Case, ...] = CASES) -> list[dict[str, Any]]:
    """Per case: the median, lowest and highest games per CPU second over `runs` interleaved runs."""
    modules = {c.game: importlib.import_module(f"cardgames.games.{c.game}.rules") for c in cases}
    rates: dict[str, list[float]] = {c.game: [] for c in cases}
    per_game: dict[str, float] = {}
    for _ in range(runs):
        for c in cases:
            n = max(2, c.games // 10) if quick else c.games
            seconds, actions = play_random(modules[c.game], c.options, n)
            rates[c.game].append(n / seconds)
            per_game[c.game] = actions / n
    return [{"case": c, "median": statistics.median(rates[c.game]), "low": min(rates[c.game]),
             "high": max(rates[c.game]), "actions": per_game[c.game]} for c in cases]


def report(results: list[dict[str, Any]], runs: int, out=print) -> None:
    out(f"Rules throughput: random legal actions straight through each rules module, games per CPU second "
        f"(median of {runs} runs; python -m cardgames.bench_rules)")
    for r in results:
        c = r["case"]
        out(f"  {c.label:34} {r['median']:10,.1f} per CPU second  (range {r['low']:,.1f} to {r['high']:,.1f}; "
            f"{r['actions']:.0f} actions each)")


def main(quick: bool = False, runs: int | None = None, out=print) -> list[dict[str, Any]]:
    runs = runs or (1 if quick else 5)
    results = measure(runs, quick)
    report(results, runs, out)
    return results


def _cli(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m cardgames.bench_rules", description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="a small run (a smoke test)")
    p.add_argument("--runs", type=int, metavar="N", help="timed runs per game (default 5, quick 1)")
    a = p.parse_args(argv)
    if a.runs is not None and a.runs < 1:
        p.error("argument --runs: must be at least 1")
    main(a.quick, a.runs)


if __name__ == "__main__":
    _cli()
