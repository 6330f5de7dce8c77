"""Skyjo arena: computer players against each other, headless, with seeded games.

    python -m cardgames.games.skyjo.arena --games 1000 --seed 1

prints, for each match-up, the focus player's win rate with a 95% confidence
interval (Wilson) and the mean round scores. The games are played by the shared arena
(cardgames/arena.py: duplicate deals, held-out seeds, the ladder), which is the one to use for new
measurements. The focus player changes seat from
game to game so no seat is favoured. "random" plays a uniformly random legal action.
"""
from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardgames import arena as shared
from cardgames.core.rng import child_seed
from cardgames.core.stats import rate_with_ci, times_line

# (name, focus level, opponents' level, seats, target)
MATCHUPS = (
    ("hard-vs-3-normal", "hard", "normal", 4, ">= 40% wins, < 20 points a round"),
    ("normal-vs-3-easy", "normal", "easy", 4, ">= 40% wins"),
    ("hard-vs-random", "hard", "random", 2, ">= 99% wins"),
)


@dataclass
class GameResult:
    winners: tuple[int, ...]
    round_scores: list[tuple[int, ...]]   # per round, per seat (after doubling)


def play_game(levels: Sequence[str], seed: int, timings: dict[str, list[float]] | None = None) -> GameResult:
    """One whole game, played by the shared arena (cardgames/arena.py); `timings` (level -> CPU seconds)
    collects each decision's time when given."""
    record = shared.play(shared.adapter("skyjo"), levels, seed, timings)
    return GameResult(record.winners, record.round_scores)


@dataclass
class MatchResult:
    name: str
    games: int
    wins: float = 0.0                      # shared wins count as a fraction
    focus_rounds: list[int] = field(default_factory=list)
    other_rounds: list[int] = field(default_factory=list)
    timings: dict[str, list[float]] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def line(self) -> str:
        fr = sum(self.focus_rounds) / max(1, len(self.focus_rounds))
        orr = sum(self.other_rounds) / max(1, len(self.other_rounds))
        return (f"{self.name:<18} games {self.games:>5}  focus wins {rate_with_ci(self.wins, self.games)}"
                f"  mean round: focus {fr:5.1f}, others {orr:5.1f}")


def run_matchup(name: str, focus: str, others: str, seats: int, games: int, seed: int,
                timed: bool = False) -> MatchResult:
    result = MatchResult(name, games)
    for g in range(games):
        focus_seat = g % seats
        levels = [focus if s == focus_seat else others for s in range(seats)]
        game = play_game(levels, child_seed(seed, "arena", name, g), result.timings if timed else None)
        if focus_seat in game.winners:
            result.wins += 1 / len(game.winners)
        for scores in game.round_scores:
            for s, v in enumerate(scores):
                (result.focus_rounds if s == focus_seat else result.other_rounds).append(v)
    return result


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Skyjo computer players against each other.")
    parser.add_argument("--games", type=int, default=1000, help="games per match-up (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    parser.add_argument("--only", choices=[m[0] for m in MATCHUPS], help="run one match-up")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    for name, focus, others, seats, target in MATCHUPS:
        if args.only and name != args.only:
            continue
        start = time.perf_counter()
        result = run_matchup(name, focus, others, seats, args.games, args.seed, timed=True)
        print(result.line(), f" target {target}  [{time.perf_counter() - start:.0f} s]")
        times = result.timings.get(focus, [])
        print(f"{'':<18} {focus} decision CPU time: {times_line(times)}")


if __name__ == "__main__":
    main()
