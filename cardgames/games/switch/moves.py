"""Switch: what may be done now.

- legal_actions(state): the current player's actions, in a fixed order: the plays (in hand
  order; a Jack once per suit it may name), then the one move that plays no card (draw, take
  the pick-up, keep the drawn card, miss the turn, pass), then "last card" if they hold two cards
  and have not called. After a hand of a match: "0 next". Nothing once the game is over.
- out_of_turn_actions(state, seat): what `seat` may do whoever's turn it is: the player just
  left with one card who did not call may still call; any other player may catch them. These
  belong to the catch window (see rules.py), which the current player's move closes.
- actions_for(state, seat): both, for one seat (what a seat's player or computer chooses from).
"""
from __future__ import annotations

from cardgames.core.cards import Card, Suit
from cardgames.games.switch.actions import (
    CALLS,
    CATCHES,
    DRAWS,
    NEXT,
    PASSES,
    SEAT_PLAYS,
    TAKES,
    Action,
    plays_of,
)
from cardgames.games.switch.state import (
    ACE,
    DRAWN,
    EIGHT,
    HAND_OVER,
    JACK,
    MAX_CHAIN,
    PICKUP,
    PLAY,
    State,
    current_player,
)

_tuple = tuple


def can_play(card: Card, top: Card, suit: Suit) -> bool:
    """May `card` go on `top` (with `suit` to follow) when nothing is pending?"""
    rank = card.rank
    return rank is JACK or rank is ACE or card.suit is suit or rank is top.rank


def chain_full(state: State) -> bool:
    """The pick-up chain is at its longest (four 2s or four Aces): it can only be taken."""
    return state.pending >= PICKUP[state.pending_rank] * MAX_CHAIN


def answers(state: State, card: Card) -> bool:
    """May `card` be played now by the current player (phase PLAY)?"""
    if state.skip:
        return card.rank is EIGHT
    if state.pending:
        return card.rank is state.pending_rank and not chain_full(state)
    return can_play(card, state.discard[-1], state.suit)


def playable_cards(state: State) -> list:
    """The cards of the current player's hand that may be played now (phase PLAY), in hand order."""
    hand = state.hands[state.turn]
    if state.skip:
        return [c for c in hand if c.rank is EIGHT]
    if state.pending:
        rank = state.pending_rank
        if chain_full(state):
            return []
        return [c for c in hand if c.rank is rank]
    suit, top_rank = state.suit, state.discard[-1].rank
    return [c for c in hand if c.suit is suit or c.rank is top_rank or c.rank is JACK or c.rank is ACE]


def can_draw(state: State) -> bool:
    """Is there a card to draw (in the stock, or under the top discard to turn into a stock)?"""
    return bool(state.stock) or len(state.discard) > 1


def legal_actions(state: State) -> tuple[Action, ...]:
    """The current player's actions now (see the module's docstring for their order)."""
    hands, stock, discard, seat, phase, suit, pending, _rank, skip, drawn, called, _exposed, _voids, _r, table = state
    if phase is PLAY and not skip and not pending:      # most decisions: the fast path, in plain bytecode
        hand = hands[seat]
        size = len(hand)
        if size > 1:
            top = discard[-1].rank
            plays = SEAT_PLAYS[seat]
            out: list = []
            for c in hand:
                rank = c.rank
                if rank is JACK or rank is ACE or rank is top or c.suit is suit:
                    out += plays[rank * 4 + c.suit]
            if not out:                                  # drawing is only for a player who cannot play
                out.append(DRAWS[seat] if stock or len(discard) > 1 else PASSES[seat])
            elif table.players >= 5:                     # two decks: one action per distinct card
                out = list(dict.fromkeys(out))
            if size == 2 and not called[seat]:
                out.append(CALLS[seat])
            return _tuple(out)
    elif phase is DRAWN:                                 # play the drawn card, or keep it
        rank = drawn.rank
        if rank is JACK or rank is ACE or drawn.suit is suit or rank is discard[-1].rank:
            out = [*SEAT_PLAYS[seat][rank * 4 + drawn.suit], PASSES[seat]]
        else:
            out = [PASSES[seat]]
        if len(hands[seat]) == 2 and not called[seat]:
            out.append(CALLS[seat])
        return _tuple(out)
    return _legal_actions(state)


def has_play(state: State) -> bool:
    """Has the current player a card that goes (phase PLAY, nothing pending)?"""
    suit, top = state.suit, state.discard[-1].rank
    for c in state.hands[state.turn]:
        rank = c.rank
        if rank is JACK or rank is ACE or rank is top or c.suit is suit:
            return True
    return False


def _legal_actions(state: State) -> tuple[Action, ...]:
    """legal_actions in every case (the fast path above covers the usual one)."""
    phase, seat = state.phase, state.turn
    if phase is PLAY:
        hand = state.hands[seat]
        out: list = []
        if state.skip:
            for c in hand:
                if c.rank is EIGHT:
                    out += plays_of(c, seat)
            out.append(PASSES[seat])
        elif state.pending:
            rank = state.pending_rank
            if not chain_full(state):
                for c in hand:
                    if c.rank is rank:
                        out += plays_of(c, seat)
            out.append(TAKES[seat])
        else:
            last = len(hand) == 1
            for c in playable_cards(state):
                out += plays_of(c, seat, last)
            if not out:                              # drawing is only for a player who cannot play
                out.append(DRAWS[seat] if can_draw(state) else PASSES[seat])
        if len(state.hands) >= 5:                    # two decks: one action per distinct card
            out = list(dict.fromkeys(out))
        if len(hand) == 2 and not state.called[seat]:
            out.append(CALLS[seat])
        return _tuple(out)
    if phase is DRAWN:
        hand = state.hands[seat]
        drawn = state.drawn
        out = list(plays_of(drawn, seat, len(hand) == 1)) if can_play(drawn, state.discard[-1], state.suit) else []
        out.append(PASSES[seat])
        if len(hand) == 2 and not state.called[seat]:
            out.append(CALLS[seat])
        return _tuple(out)
    if phase is HAND_OVER:
        return (NEXT,)
    return ()


def out_of_turn_actions(state: State, seat: int) -> tuple[Action, ...]:
    """What `seat` may do whoever's turn it is: call "last card" if it is the seat just left with
    one card without calling (`state.exposed`), or catch that seat. Empty when nobody can be caught."""
    exposed = state.exposed
    if exposed is None or state.phase > DRAWN:
        return ()
    if seat == exposed:
        return (CALLS[seat],)
    if 0 <= seat < state.table.players:
        return (CATCHES[seat][exposed],)
    return ()


def actions_for(state: State, seat: int) -> tuple[Action, ...]:
    """Everything `seat` may do now: its turn's actions if it is its turn, then its out-of-turn ones."""
    mine = legal_actions(state) if seat == current_player(state) else ()
    if state.exposed is None:
        return mine
    return mine + out_of_turn_actions(state, seat)
