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


def anyones_actions(rules, state):
    """What anyone may do now: legal_actions, and every seat's out_of_turn_actions where the game has them."""
    extra = getattr(rules, "out_of_turn_actions", None)
    legal = tuple(rules.legal_actions(state))
    if extra is None:
        return legal
    return legal + tuple(a for seat in range(len(rules.scores(state))) for a in extra(state, seat))


def random_playout(rules, players, seed, steps, stop):
    """A new game of `players`, then up to `steps` random legal moves (seeded), until stop(state)."""
    import random

    rng = random.Random(seed)
    s = rules.new_game({"players": players}, seed)
    for _ in range(steps):
        if stop(s):
            break
        s, _ = rules.apply(s, rng.choice(anyones_actions(rules, s)))
    return s


def assert_lines_name_only_seen_cards(rules, describe, state, viewer, seed, stop, seen, moves=40):
    """Play up to `moves` random moves from `state`: every card each line names must be among
    seen(observation before, observation after) (cards, as the viewer saw them)."""
    import random

    rng = random.Random(seed)
    for _ in range(moves):
        if stop(state):
            break
        action = rng.choice(anyones_actions(rules, state))
        before = rules.observe(state, viewer)
        state, out = lines_of(rules, describe, state, action, viewer)
        names = {card_text(c) for c in seen(before, rules.observe(state, viewer))}
        for text in out:
            assert named_cards(text) <= names, (text, str(action))
