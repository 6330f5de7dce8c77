"""What happened, for animation and sound. Rules return these from apply().

Piles are named by short strings that each game documents: "stock", "waste",
"discard", "hand:2" (seat 2's hand), "grid:0:5" (seat 0's grid slot 5),
"tableau:17". Events never carry more than the seat that sees them may know:
an event with `visible_to` set is redacted (its card replaced by None) for
every other viewer by redact().
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class CardMoved:
    """One card went from pile `src` to pile `dst`. card is None when unseen."""

    card: Any
    src: str
    dst: str
    face_up: bool = True
    visible_to: tuple[int, ...] | None = None  # None: everyone sees the card


@dataclass(frozen=True, slots=True)
class CardFlipped:
    """The card at `pile` turned face up (or down)."""

    card: Any
    pile: str
    face_up: bool = True
    visible_to: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Shuffled:
    """`count` cards from `src` were shuffled to form `dst` (e.g. discard -> stock)."""

    src: str
    dst: str
    count: int


@dataclass(frozen=True, slots=True)
class Announced:
    """Something to show or sound: "last_card", "caught", "peak_cleared", "round_over", ...

    `seat` is who it concerns (None: nobody in particular); `value` a number to show.
    """

    kind: str
    seat: int | None = None
    value: int | None = None
    text: str = ""


Event = CardMoved | CardFlipped | Shuffled | Announced


def redact(events: Iterable[Event], viewer: int | None) -> tuple[Event, ...]:
    """The events as `viewer` may see them: hidden cards become None.

    viewer None is a spectator who sees only public cards.
    """
    out = []
    for ev in events:
        vis = getattr(ev, "visible_to", None)
        if vis is not None and viewer not in vis and ev.card is not None:
            ev = replace(ev, card=None)
        out.append(ev)
    return tuple(out)
