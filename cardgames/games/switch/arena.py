"""Switch arena: computer players against each other over many seeded hands.

    python -m cardgames.games.switch.arena --games 2000 --seed 1
    python -m cardgames.games.switch.arena --levels hard,random,random,random

Each line is a level's share of hands won against the baseline "random" player
with a 95% confidence interval. Seats swap from one hand to the next so that
nobody always starts. Missed "last card" calls are caught as in the scene: any
other player who notices (by level) catches before the next player acts.
"""
from __future__ import annotations

import argparse
import sys
import time

from cardgames.core.rng import make_rng
from cardgames.core.stats import rate_with_ci
from cardgames.games.switch import ai, rules


def play_hand(levels, seed: int, options=None, timings=None, streams=None) -> tuple[int, int]:
    """Play one hand with `levels[seat]` at each seat; return (winner seat, number of moves).

    `timings`, a dict level -> list, collects each decision's CPU seconds (process time) if given.
    `streams[seat]` names each seat's random stream (default: the seat number); the duplicate
    arena names them by player, so that a player keeps its stream when it changes seats.
    """
    n = len(levels)
    state = rules.new_game({**(options or {}), "players": n}, seed)
    rngs = [make_rng(seed, "ai", seat if streams is None else streams[seat]) for seat in range(n)]
    moves = 0
    while not rules.is_over(state):
        if state.exposed is not None:
            state = _catches(state, levels, rngs)
        seat = rules.current_player(state)
        legal = rules.actions_for(state, seat)
        obs = rules.observe(state, seat)
        start = time.process_time()
        action = ai.choose(obs, legal, rngs[seat], levels[seat])
        if timings is not None:
            timings.setdefault(levels[seat], []).append(time.process_time() - start)
        state, _ = rules.apply(state, action)
        moves += 1
        if moves > 20000:
            raise RuntimeError(f"hand with seed {seed} does not end")
    return rules.winners(state)[0], moves


def _catches(state, levels, rngs):
    """The quickest player who notices the missed call catches it (reaction times drawn by level, each
    player's from its own stream, as at the table)."""
    order = sorted((ai.reaction_time(levels[s], rngs[s]), s) for s in range(len(levels)) if s != state.exposed)
    for _, seat in order:
        action = ai.catch_action(rules.observe(state, seat), rngs[seat], levels[seat])
        if action is not None:
            return rules.apply(state, action)[0]
    return state


def match_up(level: str, opponents: int, games: int, seed: int, timings=None) -> tuple[int, int]:
    """`level` at one seat against `opponents` random players; the level's seat rotates. (wins, games)"""
    n = opponents + 1
    wins = 0
    for g in range(games):
        seat = g % n
        levels = ["random"] * n
        levels[seat] = level
        winner, _ = play_hand(levels, seed * 1_000_003 + g, timings=timings)
        wins += winner == seat
    return wins, games


def duplicate(candidate: str, other: str, players: int, deals: int, seed: int, timings=None) -> list[float]:
    """Duplicate dealing: each deal is played `players` times, `candidate` in each seat in turn and
    `other` in the rest (heads-up: twice, seats swapped). Each player has its own random stream
    (named by the player, not the seat). Returns the candidate's share of wins per deal (0..1)."""
    shares = []
    for d in range(deals):
        deal_seed = seed * 1_000_003 + d
        won = 0
        for seat in range(players):
            levels = [other] * players
            levels[seat] = candidate
            streams = [("candidate" if s == seat else ("other", (s - seat) % players)) for s in range(players)]
            winner, _ = play_hand(levels, deal_seed, timings=timings, streams=streams)
            won += winner == seat
        shares.append(won / players)
    return shares


def mean_ci(shares: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """(mean, low, high): the 95% interval of the mean share per deal (a normal interval over deals,
    the unit that is independent; the games within a deal share their cards)."""
    n = len(shares)
    if n == 0:
        return 0.0, 0.0, 1.0
    mean = sum(shares) / n
    var = sum((x - mean) ** 2 for x in shares) / max(n - 1, 1)
    half = z * (var / n) ** 0.5
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def duplicate_line(candidate: str, other: str, players: int, shares: list[float]) -> str:
    mean, lo, hi = mean_ci(shares)
    games = len(shares) * players
    return (f"{candidate} + {players - 1} {other}: won {100 * mean:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%) "
            f"of {games} hands ({len(shares)} deals x {players} seats); parity {100 / players:.0f}%")


def report(level: str, opponents: int, wins: int, games: int) -> str:
    fair = 1 / (opponents + 1)
    return (f"{level:>6} vs {opponents} random: won {wins}/{games} = {rate_with_ci(wins, games)}; "
            f"an even share is {fair:.0%}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Switch computer players against the random baseline.")
    parser.add_argument("--games", type=int, default=2000, help="hands per match-up (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--opponents", type=int, default=1, help="random opponents, 1 to 5 (default 1)")
    parser.add_argument("--levels", default="easy,normal,hard", help="levels to test (default easy,normal,hard)")
    args = parser.parse_args(argv)
    if args.games < 1 or not 1 <= args.opponents <= 5:
        parser.error("--games must be at least 1 and --opponents 1 to 5")
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    bad = [x for x in levels if x not in ai.LEVELS + ("random",)]
    if bad:
        parser.error(f"unknown level(s) {', '.join(bad)}; choose from {', '.join(ai.LEVELS)}, random")
    for level in levels:
        wins, games = match_up(level, args.opponents, args.games, args.seed)
        print(report(level, args.opponents, wins, games), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
