"""Switch: the state of a hand, the numbers of the rules, and the questions every game answers
(whose turn, is it over, the scores, the winners). Pure Python; rules.py gathers the parts.

Every pile lists its cards bottom first, top card LAST: `stock[-1]` is the next card drawn and
`discard[-1]` the card to follow. A field meaning "nobody" holds None.
"""
from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from cardgames.core.cards import Card, Rank, Suit, standard_deck
from cardgames.core.rounds import lowest_seats

HAND_SIZE = 7
MATCH_TARGET = 200     # a match ends after the hand in which someone reaches this many points
MAX_CHAIN = 4          # at most four 2s (pick up 8) or four Aces (pick up 16) in one chain
PENALTY = 2            # cards drawn by a player caught without calling "last card"
MAX_PLAYERS = 6

TWO, EIGHT, JACK, ACE = Rank.TWO, Rank.EIGHT, Rank.JACK, Rank.ACE
PICKUP = {TWO: 2, ACE: 4}                       # cards per 2 / per Ace in a chain
UP_CARD_REDRAW = (TWO, EIGHT, JACK, ACE)        # a first up-card of these goes back into the stock
SUITS = tuple(Suit)
HAND_PILES = tuple(f"hand:{seat}" for seat in range(MAX_PLAYERS))     # event pile names, built once


class Phase(IntEnum):
    PLAY = 0         # the current player plays, draws, takes a pick-up or passes
    DRAWN = 1        # the current player drew: play the drawn card if it goes, or keep it (pass)
    HAND_OVER = 2    # match only: someone went out; the next hand is dealt on NEXT
    OVER = 3         # the game (single hand or whole match) is over


PLAY, DRAWN, HAND_OVER, OVER = Phase.PLAY, Phase.DRAWN, Phase.HAND_OVER, Phase.OVER

# Every deal uses the same 52 Card objects (two decks repeat them). Hands, actions and events then
# share objects, identity checks find cards quickly, and actions and events can be made once.
CARDS = standard_deck(1)
DECKS = {1: CARDS, 2: CARDS * 2}
_SHARED = {c: c for c in CARDS}


def shared(card: Card) -> Card:
    """The deal's own Card object equal to `card` (parsed or loaded cards are swapped for it)."""
    return _SHARED.get(card, card)


def decks_for(players: int) -> int:
    """One deck for two to four players, two decks for five or six."""
    return 2 if players >= 5 else 1


class Table(NamedTuple):
    """What stays the same during a hand: the game's settings and the match around the hand."""

    seed: int
    players: int
    match: bool               # several hands, points for cards left in hand
    open_hands: bool          # "start mode": everything is shown to everyone
    hand_no: int
    totals: tuple             # match points by seat (lower is better)
    last_points: tuple        # points of the cards left in each hand when the last hand ended
    winner: int | None        # who went out in the last hand; None while playing


class State(NamedTuple):
    """One moment of a hand. Stock and discard list their cards bottom first, top card last.

    The fields that change with every move come first; the moves rebuild the state positionally
    in this order (tuple.__new__ with one tuple: several times faster than _replace).
    """

    hands: tuple              # tuple of tuples of Card, by seat
    stock: tuple
    discard: tuple
    turn: int                 # whose turn it is (the hand's winner once it is over)
    phase: Phase
    suit: Suit                # the suit to follow (the Jack's chosen suit after a Jack)
    pending: int              # cards the current player must pick up unless they answer
    pending_rank: Rank | None  # TWO or ACE while a pick-up is pending
    skip: bool                # the current player faces an 8
    drawn: Card | None        # the card just drawn (phase DRAWN), playable or not
    called: tuple             # bool by seat: has called "last card" since last taking cards
    exposed: int | None       # seat with one card who did not call, catchable now; None: nobody
    voids: tuple              # int bitmask of suits each seat was seen unable to follow
    reshuffles: int           # how many times the discard pile became the stock
    table: Table

    # The table's fields read like the state's own.
    seed = property(lambda self: self.table.seed)
    players = property(lambda self: self.table.players)
    match = property(lambda self: self.table.match)
    open_hands = property(lambda self: self.table.open_hands)
    hand_no = property(lambda self: self.table.hand_no)
    totals = property(lambda self: self.table.totals)
    last_points = property(lambda self: self.table.last_points)
    winner = property(lambda self: self.table.winner)


# --- scoring ---------------------------------------------------------------

def card_points(card: Card) -> int:
    """Points a card left in hand costs its holder in a match: 8s and Aces 25, J/Q/K 10, else face value."""
    if card.rank is EIGHT or card.rank is ACE:
        return 25
    return 10 if card.rank >= JACK else int(card.rank)


def hand_points(hand) -> int:
    return sum(card_points(c) for c in hand)


# --- asking about a state ---------------------------------------------------

def current_player(state: State) -> int | None:
    """Who must act now; None when the game is over. (Calls and catches may also come from
    others: see out_of_turn_actions.)"""
    if state.phase is OVER:
        return None
    if state.phase is HAND_OVER:
        return 0
    return state.turn


def is_over(state: State) -> bool:
    return state.phase is OVER


def scores(state: State) -> tuple[int, ...]:
    """Points against each seat (lower is better): match totals, or the points left in hand in one hand."""
    if state.match:
        return state.totals
    return tuple(hand_points(h) for h in state.hands)


def winners(state: State) -> tuple[int, ...]:
    """Who won the game: the player who went out, or in a match the lowest total(s). Empty while playing."""
    if state.phase is not OVER:
        return ()
    if not state.match:
        return (state.winner,)
    return lowest_seats(state.totals)
