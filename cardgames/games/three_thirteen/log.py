"""Three Thirteen's move log lines (see cardgames/ui/move_log.py): pure, from what the viewer saw.

A turn is one line, written as it unfolds: "Ada drew from the stock", then
"Ada drew from the stock and discarded 8♠". A card is named only when the
table saw it: the discard pile's top taken, a card thrown, the melds laid
down. A card drawn from the stock is named only in the drawer's own log
(the redacted event holds it for them alone).
"""
from __future__ import annotations

from typing import Any

from cardgames.core.events import Announced, CardMoved
from cardgames.core.movelog import LogLine, card_text, lowest_total


def _drawn(move: Any) -> Any:
    """The card the mover drew, as the viewer saw it (None when it was hidden from them)."""
    return next((ev.card for ev in move.events if isinstance(ev, CardMoved) and ev.dst.startswith("hand:")), None)


def _draw_words(kind: str, card: Any) -> str:
    if kind == "stock":
        return f"drew {card_text(card)} from the stock" if card is not None else "drew from the stock"
    return f"took {card_text(card)} from the discard pile"


def _turn_words(before: Any) -> str:
    """How the mover's turn began, as everyone saw it (the card taken from the discard pile is public)."""
    took = before.taken
    return f"took {card_text(took)} from the discard pile" if took is not None else "drew from the stock"


def _out_words(before: Any) -> str:
    return "went out" if before.out_seat is None else "laid every card down"


def describe(move: Any) -> list[Any]:
    """The lines one Three Thirteen action adds to the log."""
    seat, action, before = move.seat, move.action, move.before
    who = move.name(seat) if seat is not None else ""
    kind = action.kind
    lines: list[Any] = []
    if kind in ("stock", "take"):
        lines.append(LogLine(f"{who} {_draw_words(kind, _drawn(move))}", seat))
    elif kind == "out":
        lines.append(LogLine(f"{who} {_turn_words(before)} and {_out_words(before)}", seat, amends=True))
    elif kind == "discard":
        thrown = card_text(action.card)
        if before.phase.name == "GOING_OUT":
            text = f"{who} {_turn_words(before)} and {_out_words(before)}, discarding {thrown}"
        else:
            text = f"{who} {_turn_words(before)} and discarded {thrown}"
        lines.append(LogLine(text, seat, amends=True))
        if before.phase.name == "GOING_OUT" and before.out_seat is None:
            lines.append(LogLine(f"Everyone else has one last turn ({who} went out)", None))
    lines.extend(_news(move))
    return lines


def _news(move: Any) -> list[Any]:
    """The announcements: last turns, the reshuffle, the stock running out, the round's end."""
    after, name = move.after, move.name
    out: list[Any] = []
    for ev in move.events:
        if not isinstance(ev, Announced):
            continue
        if ev.kind == "reshuffle":
            out.append(LogLine("The stock ran out: the discard pile was shuffled into a new stock", None))
        elif ev.kind == "stock_out":
            out.append(LogLine("The stock ran out again: the round ends", None))
        elif ev.kind == "round_over":
            result = after.rounds[-1]
            scores = " · ".join(f"{name(s)} {result.scores[s]}" for s in range(after.players))
            out.append(LogLine(f"Round {ev.value} over: {scores}", None))
        elif ev.kind == "game_over":
            out.append(LogLine(f"Game over. Lowest total: {lowest_total(after.totals, name)}", None))
    return out
