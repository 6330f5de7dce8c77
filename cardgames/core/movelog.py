"""The move log's model, pure (no pygame): lines in sections, one section per hand or round.

The widgets that draw it, and how a game plugs in, are in cardgames/ui/move_log.py.
A game's describe(move) (games/<game>/log.py) imports LogLine and card_text from here.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

SUIT_SYMBOLS = {0: "♣", 1: "♦", 2: "♥", 3: "♠"}   # Suit.CLUBS .. Suit.SPADES


def card_text(card: Any) -> str:
    """A playing card as the log writes it: "7♠", "10♥", "Q♦", "Joker"."""
    if card is None:
        return "a card"
    if getattr(card, "suit", None) is None:
        return "Joker"
    return f"{card.rank.label}{SUIT_SYMBOLS[int(card.suit)]}"


def lowest_total(totals: Sequence[int], name: Callable[[int], str]) -> str:
    """"Ada and You (12)": who has the lowest total, for a game-over line."""
    low = min(totals)
    return f"{' and '.join(name(s) for s, t in enumerate(totals) if t == low)} ({low})"


# ---------------------------------------------------------------- the model
@dataclass
class LogLine:
    """One sentence; seat is who it is about (None: the table). amends=True replaces the line before."""

    text: str
    seat: int | None = None
    amends: bool = False
    versions: list[tuple[int, str]] = field(default_factory=list, repr=False)  # (move number, text)


@dataclass(frozen=True)
class Move:
    """What describe() gets: one action as the viewer saw it."""

    seat: int | None                 # who acted (None: nobody, e.g. "next round")
    action: Any
    before: Any                      # the viewer's observation before the action
    after: Any                       # ... and after it
    events: tuple[Any, ...]          # the action's events, redacted for the viewer
    name: Callable[[int], str]       # seat -> "You", "Ben"
    viewer: int | None               # None: pass-and-play, write only what everyone saw


@dataclass
class Section:
    title: str
    lines: list[LogLine] = field(default_factory=list)
    start: int = 0                   # the move number that began it


class MoveLog:
    """Sections of lines; each line remembers the move number that wrote each of its versions."""

    def __init__(self) -> None:
        self.sections: list[Section] = []

    def section(self, title: str, index: int = 0) -> None:
        """Start a new section (written by move number `index`) unless the last one has this title."""
        if not self.sections or self.sections[-1].title != title:
            self.sections.append(Section(title, start=index))

    def add(self, line: LogLine | str, index: int, seat: int | None = None) -> None:
        """Add (or, with amends, rewrite the last) line, written by move number `index`."""
        if isinstance(line, str):
            line = LogLine(line, seat)
        if not self.sections:
            self.section("")
        lines = self.sections[-1].lines
        if line.amends and lines:
            last = lines[-1]
            last.text = line.text
            last.versions.append((index, line.text))
            return
        line.versions = [(index, line.text)]
        lines.append(line)

    def truncate(self, moves: int) -> None:
        """Forget what moves number `moves` and later wrote (undo took them back)."""
        while self.sections:
            sec = self.sections[-1]
            while sec.lines:
                line = sec.lines[-1]
                while line.versions and line.versions[-1][0] >= moves:
                    line.versions.pop()
                if line.versions:
                    line.text = line.versions[-1][1]
                    break
                sec.lines.pop()
            if sec.lines or sec.start < moves or len(self.sections) == 1:
                break          # (the first section, the one the game began in, keeps its title)
            self.sections.pop()

    def clear(self) -> None:
        self.sections.clear()

    @property
    def lines(self) -> list[LogLine]:
        """Every line of the current (last) section."""
        return self.sections[-1].lines if self.sections else []

    def all_lines(self) -> list[LogLine]:
        return [line for sec in self.sections for line in sec.lines]


def describe_lines(describe: Callable[[Move], Sequence[LogLine | str]] | None, move: Move) -> list[LogLine]:
    """Call a game's describe (None: no log) and make plain strings into lines about the mover."""
    if describe is None:
        return []
    out = []
    for line in describe(move):
        out.append(LogLine(line, move.seat) if isinstance(line, str) else line)
    return out
