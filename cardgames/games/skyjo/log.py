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
from cardgames.i18n import N_, listing, name_scores, said, said_by

# a grid slot as the log says where a card went: the column, then the row
PLACES = (N_("column {n}, top"), N_("column {n}, middle"), N_("column {n}, bottom"))


def where(slot: int) -> str:
    """"column 2, top" for a grid slot (columns counted from 1, left to right)."""
    column, row = divmod(slot, ROWS)
    return said(PLACES[row], n=column + 1)


def _to_discard(move: Any, seat: int, slot: int) -> str:
    """What left the slot for the discard pile: "(5 to the discard)", "(a face-down 5 to the discard)"."""
    pile = f"grid:{seat}:{slot}"
    old = next((ev.card for ev in move.events if isinstance(ev, CardMoved) and ev.src == pile
                and ev.dst == "discard"), None)
    if old is None:
        return ""
    if move.before.grids[seat][slot] is HIDDEN:
        return said("(a face-down {card} to the discard)", card=old)
    return said("({card} to the discard)", card=old)


def describe(move: Any) -> list[Any]:
    """The lines one Skyjo action adds to the log."""
    seat, action, before, name = move.seat, move.action, move.before, move.name
    kind, slot = action
    who = name(seat) if seat is not None else ""
    lines: list[Any] = []
    if kind == "flip" and before.phase == Phase.SETUP:
        value = move.after.grids[seat][slot]
        if before.face_down(seat) == 12:
            lines.append(said_by(who, N_("You turned over {card}"), N_("{name} turned over {card}"), card=value))
        else:
            first = before.face_up(seat)[0]
            lines.append(LogLine(said_by(who, N_("You turned over {first} and {card}"), N_("{name} turned over {first} and {card}"),
                                    first=first, card=value), seat, amends=True))
    elif kind == "take":
        lines.append(said_by(who, N_("You took {card} from the discard into {place} {old}"),
                        N_("{name} took {card} from the discard into {place} {old}"),
                        card=before.discard[-1], place=where(slot), old=_to_discard(move, seat, slot)))
    elif kind == "draw":
        lines.append(said_by(who, N_("You drew {card}"), N_("{name} drew {card}"), card=move.after.held))
    elif kind == "swap":
        lines.append(LogLine(said_by(who, N_("You drew {card} and put it in {place} {old}"),
                                N_("{name} drew {card} and put it in {place} {old}"),
                                card=before.held, place=where(slot), old=_to_discard(move, seat, slot)),
                             seat, amends=True))
    elif kind == "discard":
        lines.append(LogLine(said_by(who, N_("You drew and discarded {card}"), N_("{name} drew and discarded {card}"),
                                card=before.held), seat, amends=True))
    elif kind == "flip":
        value = next((ev.card for ev in move.events if getattr(ev, "pile", None) == f"grid:{seat}:{slot}"), None)
        lines.append(LogLine(said_by(who, N_("You drew and discarded {card}, then turned over {value} in {place}"),
                                N_("{name} drew and discarded {card}, then turned over {value} in {place}"),
                                card=before.discard[-1], value=value, place=where(slot)), seat, amends=True))
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
        who = name(ev.seat) if ev.seat is not None else ""
        if ev.kind == "column_cleared":
            values = cleared.get(ev.seat, [])[-3:]
            text = said_by(who, N_("You cleared column {n} (three {card}s)"), N_("{name} cleared column {n} (three {card}s)"),
                      n=ev.value + 1, card=values[0]) if values else \
                said_by(who, N_("You cleared column {n}"), N_("{name} cleared column {n}"), n=ev.value + 1)
            out.append(LogLine(text, ev.seat))
        elif ev.kind == "last_lap":
            out.append(LogLine(said_by(who, N_("You turned over every card: one last turn for the others"),
                                  N_("{name} turned over every card: one last turn for the others")), ev.seat))
        elif ev.kind == "start":
            out.append(LogLine(said("First to play: {name}", name=who), None))
        elif ev.kind == "round_over":
            result = after.rounds[-1]
            scores = name_scores([name(s) for s in range(after.players)], list(result.scores))
            out.append(LogLine(said("Round {n} over, every card turned: {scores}", n=ev.value, scores=scores), None))
        elif ev.kind == "doubled":
            result = after.rounds[-1]
            out.append(LogLine(said_by(who, N_("Your {raw} doubled to {score} (not the lowest)"),
                                  N_("{name}'s {raw} doubled to {score} (not the lowest)"),
                                  raw=result.raw[ev.seat], score=ev.value), ev.seat))
        elif ev.kind == "game_over":
            low = min(after.totals)
            winners = listing([name(s) for s in range(after.players) if after.totals[s] == low])
            out.append(LogLine(said("Game over. Lowest total: {names} ({total})", names=winners, total=low), None))
    return out


def suggestion(action: Any, obs: Any) -> Any:
    """What a practice game's Suggest says (ui/suggest.py), in the log's words, from the viewer's
    observation: "Expert would take 3 from the discard into column 2, top"."""
    kind, slot = action
    if kind == "take":
        return said("Expert would take {card} from the discard into {place}", card=obs.discard[-1], place=where(slot))
    if kind == "draw":
        return said("Expert would draw from the stock")
    if kind == "swap":
        return said("Expert would put {card} in {place}", card=obs.held, place=where(slot))
    if kind == "discard":
        return said("Expert would discard {card} and turn over a card", card=obs.held)
    if kind == "flip":
        return said("Expert would turn over the card in {place}", place=where(slot))
    return None
