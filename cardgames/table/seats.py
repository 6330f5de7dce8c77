"""Who sits at each seat of a table: a human at this screen, a human elsewhere, a computer and
its level, or nobody. A seat is written in a record as one word: "here", "away", "empty",
"computer:hard"."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

LEVELS = ("easy", "normal", "hard", "expert", "random")


class Kind(str, Enum):
    HERE = "here"            # a human at the screen the table runs beside
    AWAY = "away"            # a human at another computer
    COMPUTER = "computer"
    EMPTY = "empty"          # nobody (yet): the table waits when it is this seat's turn


@dataclass(frozen=True)
class SeatSpec:
    kind: Kind
    level: str = "normal"     # a computer's level

    @property
    def human(self) -> bool:
        return self.kind is Kind.HERE or self.kind is Kind.AWAY

    @property
    def computer(self) -> bool:
        return self.kind is Kind.COMPUTER

    def __str__(self) -> str:
        return f"computer:{self.level}" if self.computer else self.kind.value


HERE, AWAY, EMPTY = SeatSpec(Kind.HERE), SeatSpec(Kind.AWAY), SeatSpec(Kind.EMPTY)


def computer(level: str = "normal") -> SeatSpec:
    if level not in LEVELS:
        raise ValueError(f"a computer's level is one of {LEVELS}, not {level!r}")
    return SeatSpec(Kind.COMPUTER, level)


def parse_seat(text: str) -> SeatSpec:
    """The inverse of str(seat); ValueError for anything else."""
    kind, _, level = str(text).partition(":")
    if kind == Kind.COMPUTER.value:
        return computer(level or "normal")
    if level or kind not in (k.value for k in Kind):
        raise ValueError(f"not a seat: {text!r} (here, away, empty or computer:<level>)")
    return SeatSpec(Kind(kind))


def seats_for(players: int, humans: tuple[int, ...], level: str = "normal") -> tuple[SeatSpec, ...]:
    """The seats a game scene's options describe today: `humans` here, the rest computers."""
    return tuple(HERE if s in humans else computer(level) for s in range(players))
