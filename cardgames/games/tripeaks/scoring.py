"""TriPeaks scoring: Classic money, timed Arcade streaks, and stars. Pure.

The scorers are frozen values. The scene feeds them what the rules module
reported (`after_events`) and the time that passed (`advance(dt)`, seconds,
only while the game runs), and keeps the new value each returns. Nothing here
reads a clock, so a test can replay a hand to the exact number.

Classic (the original game's money scoring):
- the n-th card of a run of tableau plays pays $n; turning a stock card ends
  the run and costs $5 (the card dealt to the waste at the start is free);
- the first and second peaks cleared pay $15 each, the third $30 (a layout
  with another number of peaks: the last peak cleared pays $30, the others $15);
- a hand's money goes into the bank, which carries over from hand to hand.

Arcade (one level, against the clock):
- a streak is a run of tableau plays; it ends when a stock card is turned or
  when `streak_seconds` pass without a play; the n-th card of a streak scores
  100 x n;
- peaks score 1,000, 1,000 and 5,000 in the order they are cleared (the last
  peak of any layout 5,000, the others 1,000);
- on a clear, every whole second left scores 100 and every stock card left 500;
- the level ends on a clear, when the clock reaches zero, or when no move is left.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardgames.core.events import Announced, CardMoved

CLASSIC_STOCK_COST = 5
CLASSIC_PEAKS = (15, 30)        # each peak, the last peak
ARCADE_CARD = 100
ARCADE_PEAKS = (1000, 5000)     # each peak, the last peak
ARCADE_SECOND_BONUS = 100
ARCADE_STOCK_BONUS = 500


@dataclass(frozen=True)
class Award:
    """One line of scoring, for the scene to show ("+300", "Peak! +1,000", "-$5")."""

    kind: str      # "card", "stock", "peak", "time_bonus", "stock_bonus"
    amount: int
    count: int = 1  # the streak length for "card", the peak number for "peak", units for bonuses


@dataclass(frozen=True)
class Moves:
    """What one rules step meant for scoring: tableau cards played, stock cards turned, peaks cleared."""

    plays: int = 0
    turns: int = 0
    peaks: int = 0


def read_events(events: Iterable[Any]) -> Moves:
    """Count the scoring moves in the events of one `apply`.

    A card moving from a "tableau:N" pile to the waste is a play; a card moving
    from the stock to the waste is a turn; Announced("peak_cleared") is a peak.
    """
    plays = turns = peaks = 0
    for ev in events:
        if isinstance(ev, CardMoved) and ev.dst == "waste":
            if ev.src.startswith("tableau"):
                plays += 1
            elif ev.src == "stock":
                turns += 1
        elif isinstance(ev, Announced) and ev.kind == "peak_cleared":
            peaks += 1
    return Moves(plays, turns, peaks)


def _peak_awards(pays: tuple[int, int], peak_count: int, cleared_before: int, count: int) -> list[Award]:
    """Bonuses for `count` peaks cleared after `cleared_before` others.

    pays = (each peak, the last peak): the peak that completes the layout's
    `peak_count` peaks pays the big bonus, every other one the small one, so
    the classic three peaks pay small, small, big.
    """
    out = []
    for n in range(cleared_before + 1, cleared_before + count + 1):
        out.append(Award("peak", pays[1] if n >= peak_count else pays[0], n))
    return out


# --------------------------------------------------------------------------- Classic


@dataclass(frozen=True)
class ClassicScore:
    """One Classic hand. `bank` is the money brought in from earlier hands."""

    bank: int = 0
    peak_count: int = 3    # peaks in the layout
    hand: int = 0          # this hand's money so far (may be negative)
    run: int = 0           # cards in the current run of tableau plays
    peaks: int = 0         # peaks cleared this hand
    longest_run: int = 0

    @property
    def total(self) -> int:
        """The bank as it would stand if the hand ended now."""
        return self.bank + self.hand

    def after_events(self, events: Iterable[Any]) -> tuple[ClassicScore, tuple[Award, ...]]:
        return self.after(read_events(events))

    def after(self, moves: Moves) -> tuple[ClassicScore, tuple[Award, ...]]:
        awards: list[Award] = []
        run = self.run
        for _ in range(moves.turns):
            run = 0
            awards.append(Award("stock", -CLASSIC_STOCK_COST))
        for _ in range(moves.plays):
            run += 1
            awards.append(Award("card", run, run))
        awards += _peak_awards(CLASSIC_PEAKS, self.peak_count, self.peaks, moves.peaks)
        new = replace(
            self,
            hand=self.hand + sum(a.amount for a in awards),
            run=run,
            peaks=self.peaks + moves.peaks,
            longest_run=max(self.longest_run, run),
        )
        return new, tuple(awards)

    def next_hand(self) -> ClassicScore:
        """The hand is over (won, lost or abandoned): its money goes into the bank."""
        return ClassicScore(bank=self.total, peak_count=self.peak_count)

    def to_json(self) -> dict:
        return {k: getattr(self, k) for k in _CLASSIC_FIELDS}

    @classmethod
    def from_json(cls, data: dict) -> ClassicScore:
        return cls(**{k: int(data[k]) for k in _CLASSIC_FIELDS})


_CLASSIC_FIELDS = ("bank", "peak_count", "hand", "run", "peaks", "longest_run")


# --------------------------------------------------------------------------- Arcade


@dataclass(frozen=True)
class ArcadeScore:
    """One Arcade level in progress. Times are seconds (floats)."""

    clock: float              # the level's clock, for the clock bar
    streak_seconds: float     # how long a streak waits for the next play
    peak_count: int = 3       # peaks in the layout
    time_left: float = -1.0   # -1: a fresh level (set to `clock` by __post_init__)
    score: int = 0
    streak: int = 0
    streak_left: float = 0.0  # time left on the streak timer (0 when no streak runs)
    peaks: int = 0
    longest_streak: int = 0
    plays: int = 0
    turns: int = 0

    def __post_init__(self) -> None:
        if self.clock <= 0 or self.streak_seconds <= 0:
            raise ValueError("the clock and the streak timer must be positive")
        if self.time_left < 0:
            object.__setattr__(self, "time_left", float(self.clock))

    @property
    def out_of_time(self) -> bool:
        return self.time_left <= 0

    @property
    def whole_seconds_left(self) -> int:
        """Seconds left, rounded down (what the clear bonus pays for). A tiny float error never costs a second."""
        return max(0, math.floor(self.time_left + 1e-9))

    def advance(self, dt: float) -> ArcadeScore:
        """`dt` seconds of play passed: the clock runs down; a streak not fed in time ends."""
        if dt <= 0:
            return self
        time_left = max(0.0, self.time_left - dt)
        streak, streak_left = self.streak, self.streak_left
        if streak:
            streak_left = streak_left - dt
            if streak_left <= 1e-9:
                streak, streak_left = 0, 0.0
        return replace(self, time_left=time_left, streak=streak, streak_left=streak_left)

    def after_events(self, events: Iterable[Any]) -> tuple[ArcadeScore, tuple[Award, ...]]:
        return self.after(read_events(events))

    def after(self, moves: Moves) -> tuple[ArcadeScore, tuple[Award, ...]]:
        awards: list[Award] = []
        streak, streak_left = self.streak, self.streak_left
        if moves.turns:
            streak, streak_left = 0, 0.0
        for _ in range(moves.plays):
            streak += 1
            streak_left = self.streak_seconds
            awards.append(Award("card", ARCADE_CARD * streak, streak))
        awards += _peak_awards(ARCADE_PEAKS, self.peak_count, self.peaks, moves.peaks)
        new = replace(
            self,
            score=self.score + sum(a.amount for a in awards),
            streak=streak,
            streak_left=streak_left,
            peaks=self.peaks + moves.peaks,
            longest_streak=max(self.longest_streak, streak),
            plays=self.plays + moves.plays,
            turns=self.turns + moves.turns,
        )
        return new, tuple(awards)

    def clear_bonus(self, stock_left: int) -> tuple[Award, ...]:
        """The bonuses a clear earns now, in the order the level-complete screen counts them."""
        secs = self.whole_seconds_left
        return (
            Award("time_bonus", secs * ARCADE_SECOND_BONUS, secs),
            Award("stock_bonus", stock_left * ARCADE_STOCK_BONUS, stock_left),
        )

    def with_clear_bonus(self, stock_left: int) -> tuple[ArcadeScore, tuple[Award, ...]]:
        bonus = self.clear_bonus(stock_left)
        return replace(self, score=self.score + sum(a.amount for a in bonus), streak=0, streak_left=0.0), bonus

    def to_json(self) -> dict:
        return {k: getattr(self, k) for k in (
            "clock", "streak_seconds", "peak_count", "time_left", "score", "streak", "streak_left", "peaks",
            "longest_streak", "plays", "turns")}

    @classmethod
    def from_json(cls, data: dict) -> ArcadeScore:
        floats = ("clock", "streak_seconds", "time_left", "streak_left")
        ints = ("peak_count", "score", "streak", "peaks", "longest_streak", "plays", "turns")
        return cls(**{k: float(data[k]) for k in floats}, **{k: int(data[k]) for k in ints})


def stars(score: int, targets: Sequence[int]) -> int:
    """How many of the level's target scores (ascending) the score reaches: 0 to 3."""
    return sum(1 for t in targets if score >= t)


def level_stars(score: int, targets: Sequence[int], cleared: bool) -> int:
    """The stars a finished level earns: a clear always earns at least one (and so opens the next level);
    the second and third come with the score targets."""
    got = stars(score, targets)
    return max(1, got) if cleared else got
