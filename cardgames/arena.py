"""The arena: computer players against each other, headless, for Skyjo, Three Thirteen and Switch.

    python -m cardgames.arena --game skyjo --candidate expert --field hard --seats 4 --deals 100
    python -m cardgames.arena --game skyjo --ladder --seats 4 --deals 50

How it measures (the way strong game-playing projects do):
- Duplicate dealing: every deal is played once per seat rotation, with the candidate in every
  seat and the field in the others; heads-up, each deal is played twice with the seats swapped.
  The luck of the cards then falls on the candidate and the field alike.
- Each AI has its own random stream (core.rng child seeds of the deal, the seat and the level),
  so one AI's choices never change another's dice.
- Wins with ties shared: a win shared by k players counts 1/k to each.
- Points per round: the candidate's mean round score next to the field's (lower is better).
- 95% confidence intervals by a bootstrap over deals (a deal's rotations are one sample: they
  share the cards, so they are not independent).
- Held-out seeds: deals numbered in TUNING are for tuning the AIs; the figures reported (in
  commit messages, `make bench`) come from deals numbered in REPORTING, a disjoint range.
- Decision CPU times (time.process_time) per level: median, p95, max.
- A ladder: a round robin of levels (every `seats`-sized group of levels, every rotation of it)
  rated with openskill's Plackett-Luce model, printed as ratings (ordinal = mu - 3 sigma).
"""
from __future__ import annotations

import argparse
import importlib
import itertools
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardgames.core.rng import child_seed, make_rng
from cardgames.core.stats import percentile

TUNING = range(1_000_000)               # deal numbers the AIs may be tuned on
REPORTING = range(1_000_000, 2_000_000)    # deal numbers the reported figures use (held out)
SPLITS = {"tuning": TUNING, "reporting": REPORTING}
BOOTSTRAP_REPS = 2000


# ---------------------------------------------------------------- the games, as the arena sees them


@dataclass(frozen=True)
class GameAdapter:
    """What the arena needs of a game: a deal, whose turn, the AI's decision, the result."""

    name: str
    levels: tuple[str, ...]
    new_game: Callable[[int, int], Any]                     # (players, seed) -> state
    turn: Callable[[Any], int]                              # state -> the seat to act
    decide: Callable[[Any, int, str, random.Random], Any]   # (state, seat, level, rng) -> action
    apply: Callable[[Any, Any], Any]                        # (state, action) -> state
    is_over: Callable[[Any], bool]
    winners: Callable[[Any], tuple[int, ...]]
    round_scores: Callable[[Any], list[tuple[int, ...]]]   # each round's points per seat
    standings: Callable[[Any], tuple[float, ...]]            # per seat, lower is better (for ranks)
    between: Callable[[Any, Sequence[str], Sequence[random.Random]], Any] | None = None
    baselines: tuple[str, ...] = ()      # arena-only players (e.g. a level as it was), besides "random"
    min_seats: int = 2
    max_seats: int = 8


def _turn_based(module: str, levels_from: str) -> dict:
    """The parts Skyjo and Three Thirteen share: rules.current, legal_actions, observe."""
    rules = importlib.import_module(f"cardgames.games.{module}.rules")
    ai = importlib.import_module(f"cardgames.games.{module}.ai")

    baselines = getattr(ai, "BASELINES", {})

    def decide(state, seat, level, rng):
        legal = rules.legal_actions(state)
        if level == "random":
            return rng.choice(legal)
        if level in baselines:
            return baselines[level](rules.observe(state, seat), legal, rng)
        return ai.choose(rules.observe(state, seat), legal, rng, level)

    return {"levels": tuple(getattr(ai, levels_from)), "baselines": tuple(baselines),
                "new_game": lambda players, seed: rules.new_game({"players": players}, seed),
                "turn": lambda state: state.current,
                "decide": decide,
                "apply": lambda state, action: rules.apply(state, action)[0],
                "is_over": rules.is_over,
                "winners": rules.winners,
                "round_scores": lambda state: [tuple(r.scores) for r in state.rounds],
                "standings": lambda state: tuple(state.totals)}


def _skyjo() -> GameAdapter:
    return GameAdapter("skyjo", **_turn_based("skyjo", "LEVELS"))


def _three_thirteen() -> GameAdapter:
    return GameAdapter("three_thirteen", **_turn_based("three_thirteen", "LEVELS"))


def _switch() -> GameAdapter:
    from cardgames.games.switch import ai, rules

    def decide(state, seat, level, rng):
        return ai.choose(rules.observe(state, seat), rules.actions_for(state, seat), rng, level)

    def between(state, levels, rngs):
        """A missed "last card" call: the quickest player who notices catches it (as the old arena)."""
        if state.exposed is None:
            return state
        order = sorted((ai.reaction_time(levels[s]), s) for s in range(len(levels)) if s != state.exposed)
        for _, seat in order:
            action = ai.catch_action(rules.observe(state, seat), rngs[seat], levels[seat])
            if action is not None:
                return rules.apply(state, action)[0]
        return state

    def standings(state):
        winner = rules.winners(state)
        return tuple(-1 if s in winner else p for s, p in enumerate(rules.scores(state)))

    return GameAdapter("switch", tuple(ai.LEVELS),
                       new_game=lambda players, seed: rules.new_game({"players": players}, seed),
                       turn=rules.current_player, decide=decide,
                       apply=lambda state, action: rules.apply(state, action)[0],
                       is_over=rules.is_over, winners=rules.winners,
                       round_scores=lambda state: [tuple(rules.scores(state))],
                       standings=standings, between=between)


GAMES: dict[str, Callable[[], GameAdapter]] = {
    "skyjo": _skyjo, "three_thirteen": _three_thirteen, "switch": _switch}


def adapter(name: str) -> GameAdapter:
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}")
    return GAMES[name]()


# ---------------------------------------------------------------- playing


def deal_seed(game: str, split: str, number: int) -> int:
    """The seed of deal `number` of `split`; the number must lie in the split's range."""
    if number not in SPLITS[split]:
        raise ValueError(f"deal {number} is not in the {split} range {SPLITS[split]}")
    return child_seed(1, "arena", game, number)


@dataclass
class GameRecord:
    levels: tuple[str, ...]
    winners: tuple[int, ...]
    round_scores: list[tuple[int, ...]]
    standings: tuple[float, ...]
    decisions: int


def play(game: GameAdapter, levels: Sequence[str], seed: int,
         timings: dict[str, list[float]] | None = None, max_moves: int = 100_000) -> GameRecord:
    """One whole game with `levels[seat]` at each seat; `timings` collects CPU seconds per decision."""
    state = game.new_game(len(levels), seed)
    rngs = [make_rng(seed, "ai", seat, level) for seat, level in enumerate(levels)]
    moves = 0
    while not game.is_over(state):
        if game.between is not None:
            state = game.between(state, levels, rngs)
            if game.is_over(state):
                break
        seat = game.turn(state)
        start = time.process_time()
        action = game.decide(state, seat, levels[seat], rngs[seat])
        if timings is not None:
            timings.setdefault(levels[seat], []).append(time.process_time() - start)
        state = game.apply(state, action)
        moves += 1
        if moves > max_moves:
            raise RuntimeError(f"{game.name}: the game with seed {seed} does not end")
    return GameRecord(tuple(levels), tuple(game.winners(state)), game.round_scores(state),
                      game.standings(state), moves)


def rotations(seats: int) -> range:
    """The candidate's seats for one deal: every seat (heads-up: both, i.e. the seats swapped)."""
    return range(seats)


@dataclass
class MatchResult:
    game: str
    candidate: str
    field_level: str
    seats: int
    split: str
    deal_shares: list[float] = field(default_factory=list)    # per deal: the candidate's mean win share
    deal_points: list[float] = field(default_factory=list)    # per deal: candidate minus field, per round
    candidate_rounds: list[int] = field(default_factory=list)
    field_rounds: list[int] = field(default_factory=list)
    games: list[GameRecord] = field(default_factory=list)
    timings: dict[str, list[float]] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        return mean(self.deal_shares)

    def ci(self, seed: int = 0) -> tuple[float, float]:
        return bootstrap_ci(self.deal_shares, seed)

    def lines(self) -> list[str]:
        lo, hi = self.ci()
        plo, phi = bootstrap_ci(self.deal_points, 1)
        parity = 1 / self.seats
        out = [(f"{self.game}: {self.candidate} + {self.seats - 1} {self.field_level}, "
               f"{len(self.deal_shares)} {self.split} deals x {self.seats} seats = {len(self.games)} games"),
               (f"  {self.candidate} wins {100 * self.rate:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%), "
               f"parity {100 * parity:.0f}%"),
               (f"  points per round: {self.candidate} {mean(self.candidate_rounds):.2f}, "
               f"{self.field_level} {mean(self.field_rounds):.2f}; difference {mean(self.deal_points):+.2f} "
               f"(95% CI {plo:+.2f} to {phi:+.2f})")]
        for level, times in sorted(self.timings.items()):
            out.append(f"  {level} decision CPU: {cpu_line(times)}")
        return out


def match(game: GameAdapter | str, candidate: str, field_level: str, seats: int, deals: int,
          split: str = "reporting", first: int | None = None, timed: bool = True,
          progress: Callable[[MatchResult], None] | None = None) -> MatchResult:
    """`deals` duplicate deals of the candidate against `seats - 1` field players; `progress` is
    called with the result so far after each deal (a long run can be read before it ends)."""
    game = adapter(game) if isinstance(game, str) else game
    if not game.min_seats <= seats <= game.max_seats:
        raise ValueError(f"{game.name} seats {game.min_seats} to {game.max_seats}, not {seats}")
    start = SPLITS[split].start if first is None else first
    result = MatchResult(game.name, candidate, field_level, seats, split)
    for number in range(start, start + deals):
        seed = deal_seed(game.name, split, number)
        shares, diffs = [], []
        for seat in rotations(seats):
            levels = [candidate if s == seat else field_level for s in range(seats)]
            record = play(game, levels, seed, result.timings if timed else None)
            result.games.append(record)
            shares.append(1 / len(record.winners) if seat in record.winners else 0.0)
            for scores in record.round_scores:
                mine = scores[seat]
                others = [v for s, v in enumerate(scores) if s != seat]
                result.candidate_rounds.append(mine)
                result.field_rounds.extend(others)
                diffs.append(mine - mean(others))
        result.deal_shares.append(mean(shares))
        result.deal_points.append(mean(diffs))
        if progress is not None:
            progress(result)
    return result


# ---------------------------------------------------------------- statistics


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def bootstrap_ci(values: Sequence[float], seed: int = 0, reps: int = BOOTSTRAP_REPS) -> tuple[float, float]:
    """The 95% percentile-bootstrap interval of the mean of `values` (a seeded, repeatable draw)."""
    if not values:
        return 0.0, 1.0
    rng = random.Random(seed)
    n = len(values)
    means = sorted(sum(values[int(rng.random() * n)] for _ in range(n)) / n for _ in range(reps))
    return means[int(0.025 * reps)], means[min(reps - 1, int(0.975 * reps))]


def cpu_line(seconds: Sequence[float]) -> str:
    return (f"median {1000 * percentile(seconds, 0.5):.2f} ms, p95 {1000 * percentile(seconds, 0.95):.2f} ms, "
            f"max {1000 * max(seconds, default=0.0):.2f} ms over {len(seconds)} decisions")


# ---------------------------------------------------------------- the ladder


@dataclass
class Ladder:
    game: str
    seats: int
    split: str
    ratings: dict[str, Any]
    games: int

    def order(self) -> list[str]:
        """The levels from the lowest rating to the highest."""
        return sorted(self.ratings, key=lambda level: self.ratings[level].ordinal())

    def lines(self) -> list[str]:
        out = [(f"{self.game} ladder: {self.games} games at {self.seats} seats ({self.split} deals), "
               f"openskill Plackett-Luce")]
        for level in reversed(self.order()):
            r = self.ratings[level]
            out.append(f"  {level:<8} rating {r.ordinal():6.2f}  (mu {r.mu:5.2f}, sigma {r.sigma:4.2f})")
        return out


def ranks_of(standings: Sequence[float]) -> list[int]:
    """1 for the best (lowest) standing; equal standings share a rank."""
    return [1 + sum(1 for other in standings if other < mine) for mine in standings]


def ladder(game: GameAdapter | str, levels: Sequence[str], seats: int, deals: int,
           split: str = "reporting", first: int | None = None) -> Ladder:
    """A round robin: every group of `seats` levels (all of them when they fit, seats repeat levels
    otherwise) plays each deal in every rotation; each game updates the openskill ratings."""
    from openskill.models import PlackettLuce

    game = adapter(game) if isinstance(game, str) else game
    model = PlackettLuce()
    ratings = {level: model.rating(name=level) for level in levels}
    if seats >= len(levels):
        groups = [tuple(levels[s % len(levels)] for s in range(seats))]
    else:
        groups = list(itertools.combinations(levels, seats))
    start = SPLITS[split].start if first is None else first
    played = 0
    for number in range(start, start + deals):
        seed = deal_seed(game.name, split, number)
        for group in groups:
            for turn in range(seats):
                order = group[turn:] + group[:turn]
                record = play(game, order, seed)
                played += 1
                teams = [[ratings[level]] for level in order]
                new = model.rate(teams, ranks=ranks_of(record.standings))
                # a level seated twice: its later seat's update wins (both started from the same rating)
                for level, team in zip(order, new):
                    ratings[level] = team[0]
    return Ladder(game.name, seats, split, ratings, played)


# ---------------------------------------------------------------- what each level's choices cost


def decision_costs(game: GameAdapter | str, level: str, seats: int, deals: int, split: str = "reporting",
                   first: int | None = None, max_decisions: int = 400) -> list[float]:
    """Each decision's cost against Expert: the points Expert's evaluation says the level's choice
    loses against Expert's best move (0: the level chose as Expert would). Every seat plays `level`;
    only games whose expert.py has scored(observation, legal, rng) can say it (else: [])."""
    game = adapter(game) if isinstance(game, str) else game
    try:
        expert = importlib.import_module(f"cardgames.games.{game.name}.expert")
        rules = importlib.import_module(f"cardgames.games.{game.name}.rules")
    except ImportError:
        return []
    if not hasattr(expert, "scored"):
        return []
    costs: list[float] = []
    start = SPLITS[split].start if first is None else first
    for number in range(start, start + deals):
        seed = deal_seed(game.name, split, number)
        state = game.new_game(seats, seed)
        rngs = [make_rng(seed, "ai", seat, level) for seat in range(seats)]
        for _ in range(max_decisions):
            if game.is_over(state):
                break
            seat = game.turn(state)
            action = game.decide(state, seat, level, rngs[seat])
            legal = rules.legal_actions(state)
            if len(legal) > 1:
                values = dict(expert.scored(rules.observe(state, seat), legal, random.Random(0)))
                if action in values:
                    costs.append(values[action] - min(values.values()))
            state = game.apply(state, action)
    return costs


# ---------------------------------------------------------------- command line


def _progress(so_far: MatchResult) -> None:
    """A running line per deal: the deal's share and point difference, then the figures so far."""
    print(f"  deal {len(so_far.deal_shares)}: share {so_far.deal_shares[-1]:.4f}, "
          f"points {so_far.deal_points[-1]:+.3f} | " + so_far.lines()[1].strip(), flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Computer players against each other (duplicate deals).")
    parser.add_argument("--game", choices=sorted(GAMES), default="skyjo")
    parser.add_argument("--candidate", default="expert", help="the level measured (default expert)")
    parser.add_argument("--field", default="hard", help="the level in every other seat (default hard)")
    parser.add_argument("--seats", type=int, default=4, help="table size (default 4)")
    parser.add_argument("--deals", type=int, default=50, help="duplicate deals (default 50)")
    parser.add_argument("--split", choices=sorted(SPLITS), default="reporting",
                        help="the seed range: tuning, or the held-out reporting range (default)")
    parser.add_argument("--first", type=int, help="the first deal number (default: the split's first)")
    parser.add_argument("--ladder", action="store_true", help="rate every level in a round robin instead")
    parser.add_argument("--levels", help="the ladder's levels, comma separated (default: the game's levels)")
    args = parser.parse_args(argv)
    try:
        game = adapter(args.game)
        if args.deals < 1:
            raise ValueError("--deals must be at least 1")
        known = game.levels + game.baselines + ("random",)
        started = time.perf_counter()
        if args.ladder:
            levels = [x for x in (args.levels or ",".join(game.levels)).split(",") if x]
            bad = [x for x in levels if x not in known]
            if bad:
                raise ValueError(f"unknown level(s) {', '.join(bad)}; choose from {', '.join(known)}")
            lines = ladder(game, levels, args.seats, args.deals, args.split, args.first).lines()
        else:
            bad = [x for x in (args.candidate, args.field) if x not in known]
            if bad:
                raise ValueError(f"unknown level(s) {', '.join(bad)}; choose from {', '.join(known)}")
            lines = match(game, args.candidate, args.field, args.seats, args.deals, args.split, args.first,
                          progress=_progress).lines()
    except ValueError as error:
        parser.error(str(error))
    print("\n".join(lines))
    print(f"  ({time.perf_counter() - started:.0f} s wall)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
