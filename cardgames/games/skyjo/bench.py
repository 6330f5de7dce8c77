"""Skyjo benchmarks: rules throughput, Hard's decision time, and the arena.

Run by `make bench` (cardgames.bench calls main()); quick=True is a smoke-sized run.
"""
from __future__ import annotations

import random
import time

from cardgames.core.stats import times_line
from cardgames.games.skyjo import arena, rules


def random_games_per_second(games: int, players: int = 4, seed: int = 1) -> tuple[float, float]:
    """Play `games` games of uniformly random legal actions; return (games per CPU second, actions per game)."""
    actions = 0
    start = time.process_time()
    for g in range(games):
        rng = random.Random(seed + g)
        state = rules.new_game({"players": players}, seed + g)
        while state.phase != rules.Phase.GAME_OVER:
            state, _ = rules.apply(state, rng.choice(rules.legal_actions(state)))
            actions += 1
    elapsed = time.process_time() - start
    return games / elapsed, actions / games


def main(quick: bool = False) -> None:
    games = 100 if quick else 3000
    rate, per_game = random_games_per_second(games)
    print(f"skyjo rules: {rate:,.0f} random 4-seat games per CPU second ({games} games, {per_game:.0f} actions each; "
          f"target >= 1,000)")
    arena_games = 8 if quick else 500
    for name, focus, others, seats, target in arena.MATCHUPS:
        result = arena.run_matchup(name, focus, others, seats, arena_games, seed=1, timed=True)
        print("skyjo arena:", result.line(), f" target {target}")
        times = result.timings.get(focus, [])
        if focus == "hard":
            print(f"skyjo hard decision (CPU time): {times_line(times)} (target p99 < 20 ms)")


if __name__ == "__main__":
    main()
