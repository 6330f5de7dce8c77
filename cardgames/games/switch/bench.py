"""Switch benchmarks: rules throughput, Hard's decision time, the arena (the shared one,
cardgames/arena.py: duplicate deals, held-out seeds), and the computers' "last card" habits measured
through the table (forget rate, catch rate, reaction time by level).

Run by `make bench` (cardgames.bench calls main()); quick=True is a smoke-sized run.
Throughput is measured in CPU time (time.process_time), so other programs on a
busy machine do not count against it.
"""
from __future__ import annotations

import random
import time

from cardgames import arena
from cardgames.core.stats import times_line
from cardgames.games.switch import rules


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
    deals = 10 if quick else 500
    targets = {"easy": "", "normal": "target >= 53%", "hard": "target >= 65%"}
    timings: dict = {}
    for level in ("easy", "normal", "hard"):
        result = arena.match("switch", level, "random", 2, deals)
        timings.update(result.timings)
        lo, hi = result.ci()
        print(f"switch arena: {level} vs random heads-up: won {100 * result.rate:.1f}% (95% CI {100 * lo:.1f}-"
              f"{100 * hi:.1f}%) of {len(result.games)} hands {targets[level]}", flush=True)
    times = timings.get("hard", [])
    print(f"switch hard decision (CPU): {times_line(times, digits=3)} (target p99 < 20 ms)")
    if not quick:
        print("switch arena:", " ".join(arena.match("switch", "hard", "random", 4, 100).lines()[:2]))
    expert_report(quick)
    table_habits_report(quick)


LEVELS = ("easy", "normal", "hard", "expert")
HELD_OUT = 9_001        # the first seed of level_costs' hands (tuning used seeds below 100)


def expert_times(players: int, deals: int) -> list[float]:
    """Expert's CPU seconds (time.process_time) per decision, Expert + Hard at a table of `players`
    (the shared arena's held-out deals)."""
    return arena.match("switch", "expert", "hard", players, deals).timings.get("expert", [])


def level_costs(levels=LEVELS, hands: int = 20, players: int = 2, seed: int = HELD_OUT) -> dict[str, float]:
    """Each level's average cost per decision against Expert: at the positions of seeded hands (Hard
    against Hard), Expert's estimate of the chance to win after its best move less after the level's
    move, over the decisions with a choice. (Expert's own figure is its search noise: its choice is
    scored by a second, independent search.)"""
    from cardgames.core.rng import make_rng
    from cardgames.games.switch import ai, expert

    costs: dict[str, list[float]] = {lv: [] for lv in levels}
    for h in range(hands):
        state = rules.new_game({"players": players}, seed + h)
        rng = make_rng(seed + h, "play")
        while not rules.is_over(state):
            seat = rules.current_player(state)
            legal = rules.actions_for(state, seat)
            obs = rules.observe(state, seat)
            moves = [a for a in legal if a.kind is not rules.K_CALL and a.kind is not rules.K_CATCH]
            if len(set(moves)) > 1:
                n = len(costs[levels[0]])
                judge = {a: v for v, a in expert.scores(obs, moves, make_rng(seed + h, "judge", n))}
                top = max(judge.values())
                for level in levels:
                    choice = ai.choose(obs, moves, make_rng(seed + h, level, len(costs[level])), level)
                    costs[level].append(top - judge.get(choice, top))
            state, _ = rules.apply(state, ai.choose(obs, legal, rng, "hard"))
    return {lv: sum(c) / len(c) if c else 0.0 for lv, c in costs.items()}


def expert_report(quick: bool = False) -> None:
    """Expert against Hard (duplicate deals, held-out seeds), its decision times at every table size,
    and each level's cost per decision against Expert."""
    from cardgames.core.stats import percentile

    deals = 4 if quick else 300
    for players in (2, 4):
        result = arena.match("switch", "expert", "hard", players, deals if players == 2 else deals // 2)
        print("switch expert:", " ".join(line.strip() for line in result.lines()[:2]), flush=True)
    for players in range(2, 7):
        times = expert_times(players, 1 if quick else 6)
        print(f"switch expert decision at {players} seats (CPU): p50 {1000 * percentile(times, 0.5):.1f} ms, "
              f"p95 {1000 * percentile(times, 0.95):.1f} ms, max {1000 * max(times, default=0.0):.1f} ms "
              f"over {len(times)} decisions (target p95 <= 100 ms)", flush=True)
    costs = level_costs(hands=2 if quick else 30)
    print("switch cost per decision against Expert (chance to win given up): " +
          ", ".join(f"{lv} {100 * c:.1f} pts" for lv, c in costs.items()), flush=True)


def table_habits_report(quick: bool = False) -> None:
    """The computers' "last card" habits measured through the table (table_habits.py): how often they
    forget (4 players), how often and how fast they catch a human who forgets (2 players)."""
    from cardgames.core.stats import percentile, rate_with_ci
    from cardgames.games.switch import presets, table_habits
    from cardgames.games.switch.catch import HOLD

    games = 8 if quick else 300
    app = table_habits._app()
    for level in LEVELS:
        habits = presets.habits(level)
        f = table_habits.forget_figures(level, games, players=4, app=app)
        print(f"switch table, {level:>6}: forgot 'last card' {f.forgot}/{f.moments} = "
              f"{rate_with_ci(f.forgot, f.moments)} (preset {habits.forget_call:.0%}; 4 players, {games} hands)",
              flush=True)
        c = table_habits.catch_figures(level, games // 2, app=app)
        r = c.reactions
        print(f"switch table, {level:>6}: caught the human {c.caught}/{c.moments} = {rate_with_ci(c.caught, c.moments)} "
              f"(preset {habits.catch_chance(HOLD):.0%}: notices {habits.notice:.0%}, in time "
              f"{habits.in_time(HOLD):.0%}; in time {c.in_time}/{c.moments}, of those caught "
              f"{rate_with_ci(c.caught, c.in_time)}), reaction median {percentile(r, 0.5):.2f} s, "
              f"p90 {percentile(r, 0.9):.2f} s, max {max(r, default=0.0):.2f} s (preset: median "
              f"{habits.reaction_time:.1f} s, spread {habits.reaction_spread:.2f}; 2 players, {games // 2} hands)",
              flush=True)


if __name__ == "__main__":
    main()
