"""Helpers for the move-log tests of Switch and Three Thirteen: one action's lines, as a viewer reads them."""
from __future__ import annotations

from cardgames.core.cards import standard_deck
from cardgames.core.events import redact
from cardgames.core.movelog import Move, card_text

CARD_NAMES = {card_text(c) for c in standard_deck(1)}


def lines_of(rules, describe, before, action, viewer, names=None):
    """(the state after `action`, the texts of the lines `describe` writes for `viewer`)."""
    after, events = rules.apply(before, action)

    def name(seat):
        if names is not None:
            return names[seat]
        return "You" if seat == viewer else f"P{seat}"

    move = Move(seat=rules.current_player(before), action=action, before=rules.observe(before, viewer),
                after=rules.observe(after, viewer), events=redact(events, viewer), name=name, viewer=viewer)
    return after, [getattr(line, "text", line) for line in describe(move)]


def named_cards(text):
    """The card names ("7♠", "10♥") a line holds."""
    words = text.replace(",", " ").replace(":", " ").replace("(", " ").replace(")", " ").replace("!", " ").split()
    return {w for w in words if w in CARD_NAMES}
