"""Switch benchmarks: rules throughput, Hard's decision time, the arena, and the computers' "last card"
habits measured through the table (forget rate, catch rate, reaction time by level).

Run by `make bench` (cardgames.bench calls main()); quick=True is a smoke-sized run.
Throughput is measured in CPU time (time.process_time), so other programs on a
busy machine do not count against it.
"""
from __future__ import annotations

import random
import time

from cardgames.core.stats import times_line
from cardgames.games.switch import arena, rules


def random_hands_per_second(hands: int, players: int = 2, seed: int = 1) -> tuple[float, float]:
    """Play `hands` hands between random players straight through the rules module
    (legal_actions + apply): a uniformly random legal play, drawing or taking only when it
    must, always calling "last card". Return (hands per CPU second, actions per hand).

    legal_actions lists the plays first, so the player counts them from the end."""
    legal_actions, apply, over, play, call = rules.legal_actions, rules.apply, rules.OVER, rules.K_PLAY, rules.K_CALL
    actions = 0
    start = time.process_time()
    for h in range(hands):
        rng = random.Random(seed + h)
        state = rules.new_game({"players": players}, seed + h)
        while state.phase is not over:
            legal = legal_actions(state)
            plays = len(legal)
            while plays and legal[plays - 1].kind is not play:
                plays -= 1
            if not plays:
                action = legal[0]
            elif legal[-1].kind is call:                   # calls come after the moves
                action = legal[-1]
            else:
                action = legal[int(rng.random() * plays)]
            state, _ = apply(state, action)
            actions += 1
    elapsed = time.process_time() - start
    return hands / elapsed, actions / hands


def main(quick: bool = False) -> None:
    hands = 100 if quick else 5000
    rate, per_hand = random_hands_per_second(hands)
    print(f"switch rules: {rate:,.0f} random 2-seat hands/s ({hands} hands, {per_hand:.0f} actions each; "
          "target >= 3,000)", flush=True)
    games = 20 if quick else 3000
    targets = {"easy": "", "normal": "target >= 53%", "hard": "target >= 65%"}
    timings: dict = {}
    for level in ("easy", "normal", "hard"):
        wins, n = arena.match_up(level, 1, games, 1, timings=timings)
        print("switch arena:", arena.report(level, 1, wins, n), targets[level], flush=True)
    times = timings.get("hard", [])
    print(f"switch hard decision (CPU): {times_line(times, digits=3)} (target p99 < 20 ms)")
    if not quick:
        wins, n = arena.match_up("hard", 3, 1000, 2)
        print("switch arena:", arena.report("hard", 3, wins, n))
    table_habits_report(quick)


def table_habits_report(quick: bool = False) -> None:
    """The computers' "last card" habits measured through the table (table_habits.py): how often they
    forget (4 players), how often and how fast they catch a human who forgets (2 players)."""
    from cardgames.core.stats import percentile, rate_with_ci
    from cardgames.games.switch import presets, table_habits

    games = 8 if quick else 300
    app = table_habits._app()
    for level in ("easy", "normal", "hard"):
        habits = presets.habits(level)
        f = table_habits.forget_figures(level, games, players=4, app=app)
        print(f"switch table, {level:>6}: forgot 'last card' {f.forgot}/{f.moments} = "
              f"{rate_with_ci(f.forgot, f.moments)} (preset {habits.forget_call:.0%}; 4 players, {games} hands)",
              flush=True)
        c = table_habits.catch_figures(level, games // 2, app=app)
        r = c.reactions
        print(f"switch table, {level:>6}: caught the human {c.caught}/{c.moments} = {rate_with_ci(c.caught, c.moments)} "
              f"(preset {habits.notice:.0%}), reaction median {percentile(r, 0.5):.2f} s, "
              f"max {max(r, default=0.0):.2f} s (preset {habits.reaction_time:.1f} s; 2 players, {games // 2} hands)",
              flush=True)


if __name__ == "__main__":
    main()
