"""Three Thirteen arena: computer players against each other, headless, with seeded games.

    python -m cardgames.games.three_thirteen.arena --games 200 --seed 1

prints, for each match-up, the first level's win rate with a 95% confidence
interval (Wilson; a tie counts half) and the mean totals. The two levels swap
seats from game to game so neither seat is favoured. "random" plays a
uniformly random legal action.
"""
from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardgames.core.rng import child_seed, make_rng
from cardgames.core.stats import rate_with_ci, times_line
from cardgames.games.three_thirteen import ai, rules

# (focus level, opponent level, target)
MATCHUPS = (
    ("hard", "normal", ">= 60% wins"),
    ("hard", "random", ">= 95% wins"),
    ("normal", "easy", "> 50% wins"),
)
POLICIES = ai.LEVELS + ("random",)


def policy_action(level: str, state: rules.State, rng: random.Random) -> rules.Action:
    legal = rules.legal_actions(state)
    if level == "random":
        return rng.choice(legal)
    return ai.choose(rules.observe(state, state.current), legal, rng, level)


def play_game(levels: Sequence[str], seed: int, options: dict | None = None,
              timings: dict[str, list[float]] | None = None) -> rules.State:
    """One whole game; `timings` (level -> CPU seconds per decision) is filled when given."""
    state = rules.new_game({"players": len(levels), **(options or {})}, seed)
    rngs = [make_rng(seed, "ai", seat) for seat in range(len(levels))]
    while not rules.is_over(state):
        seat = state.current
        start = time.process_time()
        action = policy_action(levels[seat], state, rngs[seat])
        if timings is not None:
            timings.setdefault(levels[seat], []).append(time.process_time() - start)
        state, _ = rules.apply(state, action)
    return state


@dataclass
class MatchResult:
    focus: str
    other: str
    games: int = 0
    wins: float = 0.0
    focus_totals: list[int] = field(default_factory=list)
    other_totals: list[int] = field(default_factory=list)
    timings: dict[str, list[float]] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def line(self) -> str:
        mf = sum(self.focus_totals) / max(1, len(self.focus_totals))
        mo = sum(self.other_totals) / max(1, len(self.other_totals))
        return (f"{self.focus} vs {self.other}: {self.focus} wins {rate_with_ci(self.wins, self.games)} "
                f"of {self.games} games; "
                f"mean totals {self.focus} {mf:.1f}, {self.other} {mo:.1f}")


def run_matchup(focus: str, other: str, games: int, seed: int, options: dict | None = None,
                timed: bool = False) -> MatchResult:
    """`games` two-seat games; the focus level sits in seat 0 in even games, seat 1 in odd ones."""
    result = MatchResult(focus, other)
    for g in range(games):
        levels = (focus, other) if g % 2 == 0 else (other, focus)
        me = 0 if g % 2 == 0 else 1
        state = play_game(levels, child_seed(seed, "arena", focus, other, g), options,
                          result.timings if timed else None)
        totals = rules.scores(state)
        mine, theirs = totals[me], totals[1 - me]
        result.games += 1
        result.wins += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        result.focus_totals.append(mine)
        result.other_totals.append(theirs)
    return result


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Three Thirteen computer players against each other.")
    parser.add_argument("--games", type=int, default=200, help="games per match-up (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--ace-high", action="store_true", help="play the Ace-high variant")
    parser.add_argument("--match", nargs=2, metavar=("A", "B"), choices=POLICIES,
                        help="one match-up, e.g. --match hard normal (default: the standard three)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    options = {"ace_high": args.ace_high}
    matchups = [(args.match[0], args.match[1], "")] if args.match else MATCHUPS
    for focus, other, target in matchups:
        start = time.perf_counter()
        result = run_matchup(focus, other, args.games, args.seed, options, timed=True)
        took = time.perf_counter() - start
        print(result.line() + (f"  target {target}" if target else "") + f"  ({took:.1f} s)")
        times = result.timings.get(focus, [])
        print(f"  {focus} decision CPU time: {times_line(times)}")


if __name__ == "__main__":
    main()
