"""Three Thirteen benchmarks: the meld finder, rules throughput, the levels' decision times and costs, the arena.

Run by `make bench` (cardgames.bench calls main()); quick=True is a smoke-sized run.
Times are CPU seconds (time.process_time), so a busy machine inflates them less.
"""
from __future__ import annotations

import random
import time

from cardgames import arena
from cardgames.core.cards import Card, Rank, Suit, standard_deck
from cardgames.core.rng import make_rng
from cardgames.core.stats import times_line
from cardgames.games.three_thirteen import ai, expert, melds, rules


def meld_finder_times(hands: int, seed: int = 1) -> list[float]:
    """CPU seconds per random 14-card hand (0-4 wilds) for the best penalty after the best discard."""
    rng = random.Random(seed)
    times = []
    for k in range(hands):
        wild = rng.randint(3, 13)
        n_wild = k % 5
        deck = [c for c in standard_deck(1) if int(c.rank) != wild]
        hand = rng.sample(deck, 14 - n_wild) + [Card(Rank(wild), Suit(i % 4)) for i in range(n_wild)]
        start = time.process_time()
        melds.discard_penalty(hand, wild)
        times.append(time.process_time() - start)
    return times


def random_games_per_second(games: int, seed: int = 1) -> tuple[float, float]:
    """Whole 2-seat games of uniformly random legal actions: (games per CPU second, actions per game)."""
    actions = 0
    start = time.process_time()
    for g in range(games):
        rng = random.Random(seed + g)
        state = rules.new_game({"players": 2}, seed + g)
        while state.phase != rules.Phase.GAME_OVER:
            state, _ = rules.apply(state, rng.choice(rules.legal_actions(state)))
            actions += 1
    return games / (time.process_time() - start), actions / games


def level_costs(decisions: int, seed: int = 1) -> dict[str, tuple[float, int]]:
    """Each level's average cost per decision against Expert, in expected penalty points: along games
    of Expert against itself, every level chooses at each position with more than one legal move, and
    its choice is scored by Expert (expert.scored) against Expert's own best. Returns level -> (mean, n)."""
    totals = {level: 0.0 for level in ai.LEVELS}
    seen = 0
    game = 0
    while seen < decisions:
        state = rules.new_game({"players": 2}, seed + game)
        rngs = [make_rng(seed + game, "bench", level) for level in ai.LEVELS]
        while not rules.is_over(state) and seen < decisions:
            legal = rules.legal_actions(state)
            obs = rules.observe(state, state.current)
            if len(legal) > 1 and rules.NEXT not in legal:
                costs = expert.scored(obs, legal)
                best = min(costs.values())
                for level, rng in zip(ai.LEVELS, rngs):
                    totals[level] += costs[ai.choose(obs, legal, rng, level)] - best
                seen += 1
            state, _ = rules.apply(state, ai.choose(obs, legal, rngs[-1], "expert"))
        game += 1
    return {level: (total / max(1, seen), seen) for level, total in totals.items()}


def main(quick: bool = False) -> None:
    times = meld_finder_times(200 if quick else 5000)
    print(f"three_thirteen meld finder (14 cards, 0-4 wilds, best discard): {times_line(times, 'hands', 3)} "
          f"(target median < 0.3 ms, p99 < 2 ms)")
    games = 5 if quick else 100
    rate, per_game = random_games_per_second(games)
    print(f"three_thirteen rules: {rate:.1f} random 2-seat games per CPU second "
          f"({games} games, {per_game:.0f} actions each; target >= 30)")
    costs = level_costs(20 if quick else 400)
    print("three_thirteen levels' average cost per decision against Expert (expected points): "
          + ", ".join(f"{level} {mean:.2f}" for level, (mean, _) in costs.items())
          + f" over {next(iter(costs.values()))[1]} positions (target: easy > normal > hard > expert = 0)")
    for line in arena_lines(quick):
        print(line, flush=True)


# (seats, goal) of Expert against Hard in the shared arena
GOALS = ((2, "goal: lower bound >= 60%"), (4, "goal: lower bound >= 33%"))


def arena_lines(quick: bool = False) -> list[str]:
    """The shared arena's figures (cardgames/arena.py, held-out reporting deals): Expert against Hard
    heads-up and at 4 seats (with Expert's decision CPU times), and the ladder of the four levels."""
    deals2, deals4, ladder_deals = (2, 1, 1) if quick else (100, 50, 10)
    out = []
    for (seats, goal), deals in zip(GOALS, (deals2, deals4)):
        result = arena.match("three_thirteen", "expert", "hard", seats, deals)
        out += [f"three_thirteen arena: {line}" for line in result.lines()]
        out.append(f"three_thirteen arena:   ({goal}; decision CPU target p95 <= 100 ms)")
    table = arena.ladder("three_thirteen", list(ai.LEVELS), 2, ladder_deals)
    out += [f"three_thirteen arena: {line}" for line in table.lines()]
    return out

if __name__ == "__main__":
    main()
