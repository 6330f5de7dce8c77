"""Switch: the actions and their notation ("0 play 7H", "1 play JS>H", "2 catch 0").

The actions of the deal's shared cards (state.CARDS) are made once here and handed out by
legal_actions: building them anew for every decision would cost more than the rules themselves.
"""
from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from cardgames.core.cards import Card, Suit, parse_card
from cardgames.games.switch.state import CARDS, JACK, MAX_PLAYERS, SUITS, shared


class Kind(IntEnum):
    PLAY = 0     # play `card` (a Jack names `suit`)
    DRAW = 1     # draw one card because nothing can be played
    TAKE = 2     # take the pending pick-up of 2s or Aces
    PASS = 3     # keep the drawn card, miss the turn facing an 8, or pass with nothing to draw
    CALL = 4     # call "last card"
    CATCH = 5    # catch `target`, who has one card and did not call
    NEXT = 6     # deal the next hand of a match


K_PLAY, K_DRAW, K_TAKE, K_PASS, K_CALL, K_CATCH, K_NEXT = tuple(Kind)
_WORDS = {Kind.PLAY: "play", Kind.DRAW: "draw", Kind.TAKE: "take", Kind.PASS: "pass",
          Kind.CALL: "call", Kind.CATCH: "catch", Kind.NEXT: "next"}
_KINDS = {w: k for k, w in _WORDS.items()}


class Action(NamedTuple):
    """Who does what. str() gives the notation: "0 play 7H", "1 play JS>H", "2 catch 0"."""

    kind: Kind
    seat: int
    card: Card | None = None
    suit: Suit | None = None     # the suit a Jack names; None for every other card
    target: int | None = None    # whom a catch is aimed at; None for every other action

    def __str__(self) -> str:
        word = _WORDS[self.kind]
        if self.kind is K_PLAY:
            tail = f">{self.suit.letter}" if self.suit is not None else ""
            return f"{self.seat} {word} {self.card}{tail}"
        if self.kind is K_CATCH:
            return f"{self.seat} {word} {self.target}"
        return f"{self.seat} {word}"


_SUIT_LETTERS = {s.letter: s for s in Suit}


def parse_action(text: str) -> Action:
    """The inverse of str(action); raises ValueError with the bad text."""
    parts = text.split()
    try:
        seat = int(parts[0])
        kind = _KINDS[parts[1]]
        if kind is K_PLAY:
            if len(parts) != 3:
                raise ValueError
            card_text, _, suit_text = parts[2].partition(">")
            suit = _SUIT_LETTERS[suit_text.upper()] if suit_text else None
            return Action(kind, seat, shared(parse_card(card_text)), suit)
        if kind is K_CATCH:
            if len(parts) != 3:
                raise ValueError
            return Action(kind, seat, target=int(parts[2]))
        if len(parts) != 2:
            raise ValueError
        return Action(kind, seat)
    except (ValueError, IndexError, KeyError):
        raise ValueError(f"not a Switch action: {text!r} (e.g. '0 play 7H', '1 play JS>H', "
                         "'1 draw', '1 take', '1 pass', '0 call', '2 catch 0', '0 next')") from None


# --- the actions made once ----------------------------------------------------
SEATS = range(MAX_PLAYERS)
DRAWS = tuple(Action(K_DRAW, s) for s in SEATS)
TAKES = tuple(Action(K_TAKE, s) for s in SEATS)
PASSES = tuple(Action(K_PASS, s) for s in SEATS)
CALLS = tuple(Action(K_CALL, s) for s in SEATS)
NEXT = Action(K_NEXT, 0)
CATCHES = tuple(tuple(Action(K_CATCH, s, target=t) for t in SEATS) for s in SEATS)   # [catcher][target]

# By id of a shared card, then by seat: the play of a card as a one-action tuple (a Jack: its four
# suits in suit order), and a Jack played as the last card (it names its own suit).
_PLAYS = {id(c): tuple((Action(K_PLAY, s, c, None),) if c.rank is not JACK else
                       tuple(Action(K_PLAY, s, c, suit) for suit in SUITS) for s in SEATS) for c in CARDS}
_LAST_JACKS = {id(c): tuple((Action(K_PLAY, s, c, c.suit),) for s in SEATS) for c in CARDS if c.rank is JACK}
# The same by seat, then by card value (rank * 4 + suit): legal_actions' hot path indexes a tuple,
# which costs less than any call (id(), dict.get) on the interpreter we ship.
SEAT_PLAYS = tuple(tuple(next((_PLAYS[id(c)][s] for c in CARDS if c.rank * 4 + c.suit == i), ())
                         for i in range(64)) for s in SEATS)


def plays_of(card: Card, seat: int, last: bool = False) -> tuple[Action, ...]:
    """The plays of `card` by `seat`: one action, or for a Jack one per suit named (only its own
    suit when it is the player's last card: the suit no longer matters)."""
    if card.rank is JACK:
        made = (_LAST_JACKS if last else _PLAYS).get(id(card))
        if made is not None:
            return made[seat]
        return (Action(K_PLAY, seat, card, card.suit),) if last else \
            tuple(Action(K_PLAY, seat, card, s) for s in SUITS)
    made = _PLAYS.get(id(card))
    return made[seat] if made is not None else (Action(K_PLAY, seat, card),)
