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
from cardgames.core.movelog import LogLine, card_text
from cardgames.games.switch.rules import (
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
from cardgames.i18n import N_, YOU, _, suit_word, tr


def _taken(move: Any, seat: int) -> list[Any]:
    """The cards that went into `seat`'s hand, as the viewer saw them (None: hidden)."""
    pile = f"hand:{seat}"
    return [ev.card for ev in move.events if isinstance(ev, CardMoved) and ev.dst == pile]


def _say(who: str, you: str, other: str, **fields: Any) -> str:
    """The sentence for the viewer ("You played 7♠") or for another player ("Ada played 7♠"), translated:
    the languages conjugate the verb by person, so each is a whole message of its own."""
    return tr(you if who == YOU else other).format(name=who, **fields)


def _played(who: str, drew: bool, action: Any, nxt: str) -> str:
    """The line of a card played (after a draw: "drew and played"), with what it does when it says so."""
    card = action.card
    text = card_text(card)
    if card.rank is JACK:
        suit = suit_word(action.suit)
        if drew:
            return _say(who, N_("You drew and played {card}, naming {suit}"),
                        N_("{name} drew and played {card}, naming {suit}"), card=text, suit=suit)
        return _say(who, N_("You played {card}, naming {suit}"), N_("{name} played {card}, naming {suit}"),
                    card=text, suit=suit)
    if card.rank is EIGHT:
        if nxt == YOU:
            line = (N_("{name} drew and played {card}: you must play an 8 or miss a turn") if drew
                    else N_("{name} played {card}: you must play an 8 or miss a turn"))
            return tr(line).format(name=who, card=text)
        if drew:
            return _say(who, N_("You drew and played {card}: {next} must play an 8 or miss a turn"),
                        N_("{name} drew and played {card}: {next} must play an 8 or miss a turn"),
                        card=text, next=nxt)
        return _say(who, N_("You played {card}: {next} must play an 8 or miss a turn"),
                    N_("{name} played {card}: {next} must play an 8 or miss a turn"), card=text, next=nxt)
    if drew:
        return _say(who, N_("You drew and played {card}"), N_("{name} drew and played {card}"), card=text)
    return _say(who, N_("You played {card}"), N_("{name} played {card}"), card=text)


def _pending(nxt: str, after: Any) -> str:
    if after.pending_rank is TWO:
        return _say(nxt, N_("You must pick up {n} or play a 2"), N_("{name} must pick up {n} or play a 2"),
                    n=after.pending)
    return _say(nxt, N_("You must pick up {n} or play an Ace"), N_("{name} must pick up {n} or play an Ace"),
                n=after.pending)


def _caught(who: str, target: str, n: int) -> str:
    if target == YOU:
        return tr(N_("{name} caught you without a \u201clast card\u201d call: you picked up {n}")).format(name=who, n=n)
    return _say(who, N_("You caught {target} without a \u201clast card\u201d call: {target} picked up {n}"),
                N_("{name} caught {target} without a \u201clast card\u201d call: {target} picked up {n}"),
                target=target, n=n)


def describe(move: Any) -> list[Any]:
    """The lines one Switch action adds to the log. The actor is the action's seat (a call or a
    catch may come from a player whose turn it is not)."""
    action, before, after, name = move.action, move.before, move.after, move.name
    seat = action.seat
    who = name(seat)
    kind = action.kind
    nxt = name((seat + 1) % before.players)
    lines: list[Any] = [LogLine(_("The discard pile was shuffled into a new stock"), None)
                        for ev in move.events if isinstance(ev, Shuffled) and ev.src == "discard"]
    if kind is K_PLAY:
        drew = before.phase is Phase.DRAWN
        lines.append(LogLine(_played(who, drew, action, nxt), seat, amends=drew))
        if after.pending:
            lines.append(LogLine(_pending(nxt, after), None))
        if after.exposed == seat:
            lines.append(LogLine(_say(who, N_("You have one card left and did not call \u201clast card\u201d!"),
                                      N_("{name} has one card left and did not call \u201clast card\u201d!")), seat))
    elif kind is K_DRAW:
        card = next(iter(_taken(move, seat)), None)
        text = (_say(who, N_("You drew {card}"), N_("{name} drew {card}"), card=card_text(card)) if card is not None
                else _say(who, N_("You drew a card"), N_("{name} drew a card")))
        lines.append(LogLine(text, seat))
    elif kind is K_PASS:
        if before.phase is Phase.DRAWN:
            own = before.drawn if move.viewer == seat else None     # only the drawer saw the card
            kept = (_say(who, N_("You drew {card} and kept it"), N_("{name} drew {card} and kept it"),
                         card=card_text(own)) if own is not None
                    else _say(who, N_("You drew a card and kept it"), N_("{name} drew a card and kept it")))
            lines.append(LogLine(kept, seat, amends=True))
        elif before.skip:
            lines.append(LogLine(_say(who, N_("You missed a turn (no 8 to answer the 8)"),
                                      N_("{name} missed a turn (no 8 to answer the 8)")), seat))
        else:
            lines.append(LogLine(_say(who, N_("You passed: nothing left to draw"),
                                      N_("{name} passed: nothing left to draw")), seat))
    elif kind is K_TAKE:
        lines.append(LogLine(_say(who, N_("You picked up {n}"), N_("{name} picked up {n}"),
                                  n=len(_taken(move, seat))), seat))
    elif kind is K_CALL:
        lines.append(LogLine(_say(who, N_("You called \u201clast card\u201d"), N_("{name} called \u201clast card\u201d")),
                             seat))
    elif kind is K_NEXT:
        lines.extend(opening(move))
    elif kind is K_CATCH:
        lines.append(LogLine(_caught(who, name(action.target), len(_taken(move, action.target))), seat))
    lines.extend(_news(move))
    return lines


def _news(move: Any) -> list[Any]:
    """The announcements: going out, the hand's and the match's end."""
    after, name = move.after, move.name
    out: list[Any] = []
    for ev in move.events:
        if not isinstance(ev, Announced):
            continue
        who = name(ev.seat)
        if ev.kind == "hand_over":
            if after.match:
                points = " · ".join(f"{tr(name(s))} {after.last_points[s]}" for s in range(after.players))
                out.append(LogLine(_say(who, N_("You went out! Points left in hand: {points}"),
                                        N_("{name} went out! Points left in hand: {points}"), points=points), ev.seat))
            else:
                out.append(LogLine(_say(who, N_("You went out and won the hand!"),
                                        N_("{name} went out and won the hand!")), ev.seat))
        elif ev.kind == "game_over" and after.match:
            low = min(after.totals)
            lowest = tr(" and ").join(tr(name(s)) for s, t in enumerate(after.totals) if t == low)
            out.append(LogLine(_("Match over. Lowest total: {names} ({total})").format(names=lowest, total=low), None))
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
