"""Skyjo's move log lines (see cardgames/ui/move_log.py): pure, from what the viewer saw.

describe(move) reads only the viewer's observations before and after the
action and its redacted events. A card named here is one the table has just
seen: a drawn card (shown to everyone), the discard pile's top, a card turned
over, a grid card going face up onto the discard pile.
"""
from __future__ import annotations

from typing import Any

from cardgames.core.events import Announced, CardMoved
from cardgames.core.movelog import LogLine
from cardgames.games.skyjo.rules import HIDDEN, ROWS, Phase

ROW_NAMES = ("top", "middle", "bottom")


def where(slot: int) -> str:
    """"column 2, top" for a grid slot (columns counted from 1, left to right)."""
    column, row = divmod(slot, ROWS)
    return f"column {column + 1}, {ROW_NAMES[row]}"


def possessive(name: str) -> str:
    return "Your" if name == "You" else f"{name}'s"


def _to_discard(move: Any, seat: int, slot: int) -> str:
    """The card that left the slot for the discard pile: "5", or "a face-down 5"."""
    pile = f"grid:{seat}:{slot}"
    old = next((ev.card for ev in move.events if isinstance(ev, CardMoved) and ev.src == pile
                and ev.dst == "discard"), None)
    if old is None:
        return "its card"
    return f"a face-down {old}" if move.before.grids[seat][slot] is HIDDEN else f"{old}"


def describe(move: Any) -> list[Any]:
    """The lines one Skyjo action adds to the log."""
    seat, action, before, name = move.seat, move.action, move.before, move.name
    kind, slot = action
    who = name(seat) if seat is not None else ""
    lines: list[Any] = []
    if kind == "flip" and before.phase == Phase.SETUP:
        value = move.after.grids[seat][slot]
        if before.face_down(seat) == 12:
            lines.append(f"{who} turned over {value}")
        else:
            first = before.face_up(seat)[0]
            lines.append(LogLine(f"{who} turned over {first} and {value}", seat, amends=True))
    elif kind == "take":
        lines.append(f"{who} took {before.discard[-1]} from the discard into {where(slot)} "
                     f"({_to_discard(move, seat, slot)} to the discard)")
    elif kind == "draw":
        lines.append(f"{who} drew {move.after.held}")
    elif kind == "swap":
        lines.append(LogLine(f"{who} drew {before.held} and put it in {where(slot)} "
                             f"({_to_discard(move, seat, slot)} to the discard)", seat, amends=True))
    elif kind == "discard":
        lines.append(LogLine(f"{who} drew and discarded {before.held}", seat, amends=True))
    elif kind == "flip":
        value = next((ev.card for ev in move.events if getattr(ev, "pile", None) == f"grid:{seat}:{slot}"), None)
        lines.append(LogLine(f"{who} drew and discarded {before.discard[-1]}, then turned over {value} "
                             f"in {where(slot)}", seat, amends=True))
    lines.extend(_news(move))
    return lines


def _news(move: Any) -> list[Any]:
    """Lines for the announcements among the events: a cleared column, the last lap, the round's end."""
    after, name = move.after, move.name
    out: list[Any] = []
    cleared: dict[int, list[int]] = {}
    for ev in move.events:
        if isinstance(ev, CardMoved) and ev.dst == "discard" and ev.src.startswith("grid:"):
            seat = int(ev.src.split(":")[1])
            cleared.setdefault(seat, []).append(ev.card)
        if not isinstance(ev, Announced):
            continue
        if ev.kind == "column_cleared":
            values = cleared.get(ev.seat, [])[-3:]
            out.append(LogLine(f"{name(ev.seat)} cleared column {ev.value + 1} (three {values[0]}s)"
                               if values else f"{name(ev.seat)} cleared column {ev.value + 1}", ev.seat))
        elif ev.kind == "last_lap":
            out.append(LogLine(f"{name(ev.seat)} turned over every card: one last turn for the others", ev.seat))
        elif ev.kind == "start":
            out.append(LogLine(f"First to play: {name(ev.seat)}", None))
        elif ev.kind == "round_over":
            result = after.rounds[-1]
            scores = " · ".join(f"{name(s)} {result.scores[s]}" for s in range(after.players))
            out.append(LogLine(f"Round {ev.value} over, every card turned: {scores}", None))
        elif ev.kind == "doubled":
            result = after.rounds[-1]
            out.append(LogLine(f"{possessive(name(ev.seat))} {result.raw[ev.seat]} doubled to {ev.value} "
                               "(not the lowest)", ev.seat))
        elif ev.kind == "game_over":
            low = min(after.totals)
            winners = " and ".join(name(s) for s in range(after.players) if after.totals[s] == low)
            out.append(LogLine(f"Game over. Lowest total: {winners} ({low})", None))
    return out
