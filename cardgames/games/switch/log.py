"""Switch's move log lines (see cardgames/ui/move_log.py): pure, from what the viewer saw.

A card is named only when the table saw it: a card played onto the discard
pile. Cards drawn or picked up are counted, never named, except in the
drawer's own log (the redacted events hold them for that seat alone). A draw
and what follows it are one line: "Dee drew a card", then "Dee drew a card
and kept it" or "Dee drew and played 7♠".
"""
from __future__ import annotations

from typing import Any

from cardgames.core.events import Announced, CardMoved, Shuffled
from cardgames.core.movelog import LogLine, card_text, lowest_total
from cardgames.games.switch.rules import (
    ACE,
    EIGHT,
    JACK,
    K_CALL,
    K_CATCH,
    K_DRAW,
    K_NEXT,
    K_PASS,
    K_PLAY,
    K_TAKE,
    TWO,
    Phase,
)
from cardgames.i18n import _


def _taken(move: Any, seat: int) -> list[Any]:
    """The cards that went into `seat`'s hand, as the viewer saw them (None: hidden)."""
    pile = f"hand:{seat}"
    return [ev.card for ev in move.events if isinstance(ev, CardMoved) and ev.dst == pile]


def _obj(name: str) -> str:
    """A name inside a sentence: "you" for the viewer, else the name."""
    return "you" if name == "You" else name


def _played(action: Any, nxt: str) -> str:
    """What a card played does, in words after its name."""
    card = action.card
    text = card_text(card)
    if card.rank is JACK:
        return f"{text}, naming {action.suit.name.lower()}"
    if card.rank is TWO or card.rank is ACE:
        return text
    if card.rank is EIGHT:
        return f"{text}: {_obj(nxt)} must play an 8 or miss a turn"
    return text


def describe(move: Any) -> list[Any]:
    """The lines one Switch action adds to the log. The actor is the action's seat (a call or a
    catch may come from a player whose turn it is not)."""
    action, before, after, name = move.action, move.before, move.after, move.name
    seat = action.seat
    who = name(seat)
    kind = action.kind
    nxt = name((seat + 1) % before.players)
    lines: list[Any] = [LogLine("The discard pile was shuffled into a new stock", None)
                        for ev in move.events if isinstance(ev, Shuffled) and ev.src == "discard"]
    if kind is K_PLAY:
        words = _played(action, nxt)
        if before.phase is Phase.DRAWN:
            lines.append(LogLine(f"{who} drew and played {words}", seat, amends=True))
        else:
            lines.append(LogLine(f"{who} played {words}", seat))
        if after.pending:
            lines.append(LogLine(f"{nxt} must pick up {after.pending} or play "
                                 f"{'a 2' if after.pending_rank is TWO else 'an Ace'}", None))
        if after.exposed == seat:
            lines.append(LogLine(f"{who} {'have' if who == 'You' else 'has'} one card left and did not "
                                 "call \u201clast card\u201d!", seat))
    elif kind is K_DRAW:
        card = next(iter(_taken(move, seat)), None)
        lines.append(LogLine(f"{who} drew {card_text(card)}" if card is not None else f"{who} drew a card", seat))
    elif kind is K_PASS:
        if before.phase is Phase.DRAWN:
            own = before.drawn if move.viewer == seat else None     # only the drawer saw the card
            kept = f"drew {card_text(own)} and kept it" if own is not None else "drew a card and kept it"
            lines.append(LogLine(f"{who} {kept}", seat, amends=True))
        elif before.skip:
            lines.append(LogLine(f"{who} missed a turn (no 8 to answer the 8)", seat))
        else:
            lines.append(LogLine(f"{who} passed: nothing left to draw", seat))
    elif kind is K_TAKE:
        lines.append(LogLine(f"{who} picked up {len(_taken(move, seat))}", seat))
    elif kind is K_CALL:
        lines.append(LogLine(f"{who} called \u201clast card\u201d", seat))
    elif kind is K_NEXT:
        lines.extend(opening(move))
    elif kind is K_CATCH:
        target = _obj(name(action.target))
        lines.append(LogLine(f"{who} caught {target} without a \u201clast card\u201d call: {target} picked up "
                             f"{len(_taken(move, action.target))}", seat))
    lines.extend(_news(move))
    return lines


def _news(move: Any) -> list[Any]:
    """The announcements: going out, the hand's and the match's end."""
    after, name = move.after, move.name
    out: list[Any] = []
    for ev in move.events:
        if not isinstance(ev, Announced):
            continue
        if ev.kind == "hand_over":
            if after.match:
                points = " · ".join(f"{name(s)} {after.last_points[s]}" for s in range(after.players))
                out.append(LogLine(f"{name(ev.seat)} went out! Points left in hand: {points}", ev.seat))
            else:
                out.append(LogLine(f"{name(ev.seat)} went out and won the hand!", ev.seat))
        elif ev.kind == "game_over" and after.match:
            out.append(LogLine(f"Match over. Lowest total: {lowest_total(after.totals, name)}", None))
    return out


def opening(move: Any) -> list[Any]:
    """A new deal: who dealt, who plays first and why, and the card that starts the discard pile
    (with any first card sent back into the stock: a 2, 8, Jack or Ace may not start it). The
    move's after is the new hand's observation, its events the deal's."""
    obs, name, viewer = move.after, move.name, move.viewer
    first = obs.turn
    dealer = (first - 1) % obs.players
    if viewer == first:
        text = _("{dealer} dealt: you sit on the dealer's left, so you play first").format(dealer=name(dealer))
    elif viewer == dealer:
        text = _("You dealt: {first} sits on your left, so {first} plays first").format(first=name(first))
    else:
        text = _("{dealer} dealt: {first} sits on the dealer's left, so {first} plays first").format(
            dealer=name(dealer), first=name(first))
    lines = [LogLine(text, None)]
    back, shown = [], None       # a card sent back moves face down: it is the one everyone saw turned up
    for ev in move.events:
        if isinstance(ev, CardMoved) and ev.dst == "discard":
            shown = ev.card
        elif isinstance(ev, CardMoved) and ev.src == "discard" and ev.dst == "stock" and shown is not None:
            back.append(shown)
    up = card_text(obs.discard[-1]) if obs.discard else "a card"
    if back:
        lines.append(LogLine(_("{cards} turned up first and went back into the stock (a 2, 8, Jack or Ace may "
                               "not start the pile): {card} starts it").format(
            cards=", ".join(card_text(c) for c in back), card=up), None))
    else:
        lines.append(LogLine(_("{card} starts the discard pile").format(card=up), None))
    return lines
