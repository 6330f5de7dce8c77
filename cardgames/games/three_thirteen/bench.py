"""Three Thirteen benchmarks: the meld finder, rules throughput, Hard's decision time, the arena.

Run by `make bench` (cardgames.bench calls main()); quick=True is a smoke-sized run.
Times are CPU seconds (time.process_time), so a busy machine inflates them less.
"""
from __future__ import annotations

import random
import time

from cardgames.core.cards import Card, Rank, Suit, standard_deck
from cardgames.core.stats import times_line
from cardgames.games.three_thirteen import arena, melds, rules


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


def main(quick: bool = False) -> None:
    times = meld_finder_times(200 if quick else 5000)
    print(f"three_thirteen meld finder (14 cards, 0-4 wilds, best discard): {times_line(times, 'hands', 3)} "
          f"(target median < 0.3 ms, p99 < 2 ms)")
    games = 5 if quick else 100
    rate, per_game = random_games_per_second(games)
    print(f"three_thirteen rules: {rate:.1f} random 2-seat games per CPU second "
          f"({games} games, {per_game:.0f} actions each; target >= 30)")
    arena_games = 4 if quick else 200
    for focus, other, seats, target in arena.MATCHUPS[:2]:
        result = arena.run_matchup(focus, other, arena_games, seed=1, timed=True, seats=seats)
        print("three_thirteen arena:", result.line(), f" target {target}")
        times = result.timings.get(focus, [])
        print(f"three_thirteen {focus} decision (CPU time): {times_line(times)} (target p99 < 50 ms)")


if __name__ == "__main__":
    main()
