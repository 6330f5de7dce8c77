"""Skyjo benchmarks: rules throughput, the levels' decision times and costs, and the arena.

Run by `make bench` (cardgames.bench calls main()); quick=True is a smoke-sized run.
"""
from __future__ import annotations

import random
import time

from cardgames import arena
from cardgames.games.skyjo import ai, rules


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


def round_pacing(speed: str, players: int = 8, seed: int = 1, dt: float = 1 / 60) -> tuple[float, int]:
    """Scene seconds the computer players take for one round, at computer speed `speed`.

    Drives the real Skyjo scene headless (every seat a computer, animations at Normal)
    with a simulated dt: from the end of the opening deal to the round's last move
    (the state's ROUND_OVER), summing dt. Measured, not computed from the delays.
    Returns (seconds, actions played).
    """
    import tempfile

    from cardgames.app import headless_app
    from cardgames.games.skyjo.scene import SkyjoScene

    with tempfile.TemporaryDirectory() as tmp:
        app = headless_app(tmp)
        app.settings["ai_speed"], app.settings["anim_speed"] = speed, "normal"
        scene = SkyjoScene(app, {"players": players, "humans": ()}, seed=seed)
        app.stack.push(scene)
        app.stack.apply_pending()
        while scene.animator.busy and not scene.actions:   # the opening deal is not the computers' time
            app.stack.update(dt)
        elapsed, frames = 0.0, 0
        while scene.observation().phase not in (rules.Phase.ROUND_OVER, rules.Phase.GAME_OVER):
            app.stack.update(dt)
            app.stack.apply_pending()
            elapsed += dt
            frames += 1
            if frames > 200_000:
                raise RuntimeError("the round did not end")
        return elapsed, len(scene.actions)


def pacing_lines(seeds: int = 3, players: int = 8) -> list[str]:
    """One line per computer speed: the median scene time of a `players`-seat round."""
    from cardgames.app import AI_DELAYS

    out = []
    for speed in AI_DELAYS:
        runs = [round_pacing(speed, players, seed) for seed in range(1, seeds + 1)]
        times = sorted(t for t, _ in runs)
        actions = sorted(n for _, n in runs)[len(runs) // 2]
        out.append(f"skyjo pacing: {players}-player round of computer turns at {speed!r}: median "
                   f"{times[len(times) // 2]:.0f} s scene time (range {times[0]:.0f}-{times[-1]:.0f} s, "
                   f"{seeds} seeds, about {actions} actions; target at 'normal' well under 120 s)")
    return out


def main(quick: bool = False) -> None:
    for line in pacing_lines(1 if quick else 5):
        print(line)
    games = 100 if quick else 3000
    rate, per_game = random_games_per_second(games)
    print(f"skyjo rules: {rate:,.0f} random 4-seat games per CPU second ({games} games, {per_game:.0f} actions each; "
          f"target >= 1,000)")
    for line in arena_lines(quick):
        print(line, flush=True)


def arena_lines(quick: bool = False) -> list[str]:
    """The shared arena's figures (cardgames/arena.py, held-out reporting deals): Expert against
    Hard at 4 and 6 seats, the ladder of the four levels, and each level's cost per decision."""
    deals4, deals6, ladder_deals, cost_deals = (2, 1, 1, 1) if quick else (50, 25, 20, 6)
    out = []
    for seats, deals, goal in ((4, deals4, "goal: lower bound >= 35%"), (6, deals6, "goal: lower bound >= 30%")):
        result = arena.match("skyjo", "expert", "hard", seats, deals)
        out += [f"skyjo arena: {line}" for line in result.lines()] + [f"skyjo arena:   ({goal})"]
    out += [f"skyjo arena: {line}" for line in arena.ladder("skyjo", list(ai.LEVELS), 4, ladder_deals).lines()]
    for level in ai.LEVELS:
        costs = arena.decision_costs("skyjo", level, 4, cost_deals)
        out.append(f"skyjo cost per decision against Expert: {level:<6} {arena.mean(costs):.3f} points "
                   f"({sum(c > 1e-9 for c in costs)} of {len(costs)} decisions differ from Expert's best)")
    return out
