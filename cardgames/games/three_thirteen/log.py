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
from cardgames.core.movelog import LogLine, card_text
from cardgames.i18n import N_, listing, name_scores, said, said_by, word

# How a turn that ends the mover's hand reads, by how it began (a card taken from the discard
# pile, or one drawn from the stock) and how it ended (going out first, or laying every card
# down on a last turn): (sentence about "You", sentence about {name}). Whole sentences, so each
# language words them its own way.
OUT = {
    ("take", "went out"): (N_("You took {card} from the discard pile and went out"),
                           N_("{name} took {card} from the discard pile and went out")),
    ("stock", "went out"): (N_("You drew from the stock and went out"),
                            N_("{name} drew from the stock and went out")),
    ("take", "laid down"): (N_("You took {card} from the discard pile and laid every card down"),
                            N_("{name} took {card} from the discard pile and laid every card down")),
    ("stock", "laid down"): (N_("You drew from the stock and laid every card down"),
                             N_("{name} drew from the stock and laid every card down")),
}
OUT_DISCARDING = {
    ("take", "went out"): (N_("You took {card} from the discard pile and went out, discarding {thrown}"),
                           N_("{name} took {card} from the discard pile and went out, discarding {thrown}")),
    ("stock", "went out"): (N_("You drew from the stock and went out, discarding {thrown}"),
                            N_("{name} drew from the stock and went out, discarding {thrown}")),
    ("take", "laid down"): (N_("You took {card} from the discard pile and laid every card down, discarding {thrown}"),
                            N_("{name} took {card} from the discard pile and laid every card down, "
                               "discarding {thrown}")),
    ("stock", "laid down"): (N_("You drew from the stock and laid every card down, discarding {thrown}"),
                             N_("{name} drew from the stock and laid every card down, discarding {thrown}")),
}
DISCARDED = {
    "take": (N_("You took {card} from the discard pile and discarded {thrown}"),
             N_("{name} took {card} from the discard pile and discarded {thrown}")),
    "stock": (N_("You drew from the stock and discarded {thrown}"),
              N_("{name} drew from the stock and discarded {thrown}")),
}


def card(c: Any) -> str:
    """A card as the log writes it: "7♠", "Q♦" (as its corner shows it, in every language), a Joker in words."""
    return word("Joker") if c is not None and getattr(c, "suit", None) is None else card_text(c)


def _drawn(move: Any) -> Any:
    """The card the mover drew, as the viewer saw it (None when it was hidden from them)."""
    return next((ev.card for ev in move.events if isinstance(ev, CardMoved) and ev.dst.startswith("hand:")), None)


def _began(before: Any) -> str:
    """How the mover's turn began, as everyone saw it (the card taken from the discard pile is public)."""
    return "take" if before.taken is not None else "stock"


def _ended(before: Any) -> str:
    return "went out" if before.out_seat is None else "laid down"


def describe(move: Any) -> list[Any]:
    """The lines one Three Thirteen action adds to the log."""
    seat, action, before = move.seat, move.action, move.before
    who = move.name(seat) if seat is not None else ""
    kind = action.kind
    taken = card(before.taken) if before.taken is not None else ""
    lines: list[Any] = []
    if kind == "stock":
        drawn = _drawn(move)
        text = said_by(who, N_("You drew {card} from the stock"), N_("{name} drew {card} from the stock"),
                       card=card(drawn)) if drawn is not None else \
            said_by(who, N_("You drew from the stock"), N_("{name} drew from the stock"))
        lines.append(LogLine(text, seat))
    elif kind == "take":
        lines.append(LogLine(said_by(who, N_("You took {card} from the discard pile"),
                                     N_("{name} took {card} from the discard pile"), card=card(_drawn(move))), seat))
    elif kind == "out":
        lines.append(LogLine(said_by(who, *OUT[_began(before), _ended(before)], card=taken), seat, amends=True))
    elif kind == "discard":
        thrown = card(action.card)
        if before.phase.name == "GOING_OUT":
            text = said_by(who, *OUT_DISCARDING[_began(before), _ended(before)], card=taken, thrown=thrown)
        else:
            text = said_by(who, *DISCARDED[_began(before)], card=taken, thrown=thrown)
        lines.append(LogLine(text, seat, amends=True))
        if before.phase.name == "GOING_OUT" and before.out_seat is None:
            lines.append(LogLine(said_by(who, N_("Everyone else has one last turn (you went out)"),
                                         N_("Everyone else has one last turn ({name} went out)")), None))
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
            out.append(LogLine(word(N_("The stock ran out: the discard pile was shuffled into a new stock")), None))
        elif ev.kind == "stock_out":
            out.append(LogLine(word(N_("The stock ran out again: the round ends")), None))
        elif ev.kind == "round_over":
            result = after.rounds[-1]
            scores = name_scores([name(s) for s in range(after.players)], list(result.scores))
            out.append(LogLine(said("Round {n} over: {scores}", n=ev.value, scores=scores), None))
        elif ev.kind == "game_over":
            low = min(after.totals)
            winners = listing([name(s) for s, t in enumerate(after.totals) if t == low])
            out.append(LogLine(said("Game over. Lowest total: {names} ({total})", names=winners, total=low), None))
    return out
