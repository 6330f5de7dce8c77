"""Three Thirteen arena: computer players against each other, headless, with seeded games.

    python -m cardgames.games.three_thirteen.arena --games 200 --seed 1
    python -m cardgames.games.three_thirteen.arena --match expert hard --seats 4 --games 400 --seed 90001

prints, for each match-up, the first level's win rate with a 95% confidence
interval (Wilson; a tie for the lowest total is shared) and the mean totals.
Duplicate dealing: each deal is played once with the focus level in every seat
(heads-up: twice, seats swapped), the other seats held by the other level, so
neither the seat nor the luck of the deal favours anyone. Each player draws its
random choices from its own stream (seeded by the deal and its role, not its
seat). "random" plays a uniformly random legal action.

Tuning used seeds below 1000; the figures in the commit messages use held-out
seeds from 90001 on.
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

# (focus level, opponent level, seats, target)
MATCHUPS = (
    ("expert", "hard", 2, ">= 60% wins"),
    ("expert", "hard", 4, ">= 33% wins"),
    ("hard", "normal", 2, "> 50% wins"),
    ("normal", "easy", 2, "> 50% wins"),
    ("hard", "random", 2, ">= 95% wins"),
)
POLICIES = ai.LEVELS + ("random",)


def policy_action(level: str, state: rules.State, rng: random.Random) -> rules.Action:
    legal = rules.legal_actions(state)
    if level == "random":
        return rng.choice(legal)
    return ai.choose(rules.observe(state, state.current), legal, rng, level)


def play_game(levels: Sequence[str], seed: int, options: dict | None = None,
              timings: dict[str, list[float]] | None = None,
              rngs: Sequence[random.Random] | None = None) -> rules.State:
    """One whole game; `timings` (level -> CPU seconds per decision) is filled when given.
    `rngs`: each seat's random stream (default: one per seat from the seed)."""
    state = rules.new_game({"players": len(levels), **(options or {})}, seed)
    rngs = rngs or [make_rng(seed, "ai", seat) for seat in range(len(levels))]
    while not rules.is_over(state):
        seat = state.current
        start = time.process_time()
        action = policy_action(levels[seat], state, rngs[seat])
        if timings is not None:
            timings.setdefault(levels[seat], []).append(time.process_time() - start)
        state, _ = rules.apply(state, action)
    return state


def share_of_win(totals: Sequence[int], seat: int) -> float:
    """1 for the lowest total alone, 1/k when k seats share it, else 0."""
    low = min(totals)
    if totals[seat] != low:
        return 0.0
    return 1.0 / sum(1 for t in totals if t == low)


@dataclass
class MatchResult:
    focus: str
    other: str
    seats: int = 2
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
        others = "" if self.seats == 2 else f" x{self.seats - 1}"
        return (f"{self.focus} vs {self.other}{others}: {self.focus} wins {rate_with_ci(self.wins, self.games)} "
                f"of {self.games} games; "
                f"mean totals {self.focus} {mf:.1f}, {self.other} {mo:.1f}")


def seating(focus: str, other: str, seats: int, seed: int, game: int
            ) -> tuple[list[str], int, int, list[random.Random]]:
    """Game number `game` of a duplicate match: (each seat's level, the focus's seat, the deal's seed, each
    seat's random stream). Deal `game // seats` is played `seats` times, the focus in seat `game % seats`;
    a player's stream depends on the deal and its role (the focus, or the other level's place after it)."""
    deal, me = divmod(game, seats)
    levels = [other] * seats
    levels[me] = focus
    game_seed = child_seed(seed, "arena", focus, other, seats, deal)
    roles = [f"{other}{(s - me) % seats}" for s in range(seats)]
    roles[me] = f"{focus}*"
    return levels, me, game_seed, [make_rng(game_seed, "ai", role) for role in roles]


def run_matchup(focus: str, other: str, games: int, seed: int, options: dict | None = None,
                timed: bool = False, seats: int = 2) -> MatchResult:
    """`games` games of `seats` players, dealt in duplicate: deal d is played `seats` times, the focus level
    in seat 0, 1, ... in turn and the other level everywhere else (a last, partial deal is cut short)."""
    result = MatchResult(focus, other, seats)
    for g in range(games):
        levels, me, game_seed, rngs = seating(focus, other, seats, seed, g)
        state = play_game(levels, game_seed, options, result.timings if timed else None, rngs)
        totals = rules.scores(state)
        result.games += 1
        result.wins += share_of_win(totals, me)
        result.focus_totals.append(totals[me])
        result.other_totals.append(round(sum(t for s, t in enumerate(totals) if s != me) / (seats - 1)))
    return result


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Three Thirteen computer players against each other.")
    parser.add_argument("--games", type=int, default=200, help="games per match-up (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--seats", type=int, default=2, help="players at the table for --match (default 2)")
    parser.add_argument("--ace-high", action="store_true", help="play the Ace-high variant")
    parser.add_argument("--match", nargs=2, metavar=("A", "B"), choices=POLICIES,
                        help="one match-up, e.g. --match hard normal (default: the standard three)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    options = {"ace_high": args.ace_high}
    if not rules.MIN_PLAYERS <= args.seats <= rules.MAX_PLAYERS:
        parser.error(f"--seats must be {rules.MIN_PLAYERS} to {rules.MAX_PLAYERS}")
    matchups = [(args.match[0], args.match[1], args.seats, "")] if args.match else MATCHUPS
    for focus, other, seats, target in matchups:
        start = time.perf_counter()
        result = run_matchup(focus, other, args.games, args.seed, options, timed=True, seats=seats)
        took = time.perf_counter() - start
        print(result.line() + (f"  target {target}" if target else "") + f"  ({took:.1f} s)")
        times = result.timings.get(focus, [])
        print(f"  {focus} decision CPU time: {times_line(times)}")


if __name__ == "__main__":
    main()
