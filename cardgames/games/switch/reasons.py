"""Switch: why an action is not allowed, in the words a player needs to put it right.

`reason(state, action)` is asked only once apply() has found the action illegal, so it may take
its time: it names the first rule the action breaks, checking them in the order a player
thinks of them (the game, the turn, the card, what it must answer, then the details).
"""
from __future__ import annotations

from cardgames.games.switch.actions import K_CALL, K_CATCH, K_DRAW, K_NEXT, K_PASS, K_PLAY, K_TAKE, Action
from cardgames.games.switch.moves import can_draw, can_play, chain_full, playable_cards
from cardgames.games.switch.state import DRAWN, EIGHT, HAND_OVER, JACK, OVER, TWO, State


def _rank_name(rank) -> str:
    return "a 2" if rank is TWO else "an Ace"


def _pickup(state: State) -> str:
    """What a player facing a pick-up may do."""
    if chain_full(state):
        return (f"facing a pick-up of {state.pending}, the longest chain there is: take the cards "
                f"(no fifth {'2' if state.pending_rank is TWO else 'Ace'} may be added)")
    return f"facing a pick-up of {state.pending}: play {_rank_name(state.pending_rank)} or take the cards"


def reason(state: State, action: Action) -> str:
    """A clear message for an illegal action."""
    if state.phase is OVER:
        return "the game is over"
    kind, seat, players = action.kind, action.seat, state.table.players
    if not isinstance(seat, int) or not 0 <= seat < players:
        return f"there is no player {seat} (players are 0 to {players - 1})"
    if kind is K_CALL:
        return _call_reason(state, seat)
    if kind is K_CATCH:
        return _catch_reason(state, action)
    if state.phase is HAND_OVER:
        if kind is K_NEXT and seat != 0:
            return "the next hand is dealt by '0 next'"
        return "the hand is over: deal the next one ('0 next')"
    if kind is K_NEXT:
        return "the hand is still being played: the next hand is dealt once someone goes out"
    if seat != state.turn:
        return f"it is player {state.turn}'s turn, not player {seat}'s"
    if kind is K_PLAY:
        return _play_reason(state, action)
    if action.card is not None or action.suit is not None or action.target is not None:
        return f"'{action.seat} {kind.name.lower()}' names no card, suit or player"
    if kind is K_DRAW:
        if state.phase is DRAWN:
            return f"you have drawn already: play the drawn card {state.drawn} or keep it (pass)"
        if state.skip:
            return "facing an 8 you do not draw: play an 8 or miss the turn (pass)"
        if state.pending:
            return _pickup(state)
        if not can_draw(state):
            return "there is nothing to draw (the stock is empty and the discard pile has only its top card): pass"
        cards = playable_cards(state)
        return f"you may draw only when you cannot play, and {cards[0]} can be played"
    if kind is K_TAKE:
        if state.phase is DRAWN:
            return f"there is no pick-up to take: play the drawn card {state.drawn} or keep it (pass)"
        if state.skip:
            return "there is no pick-up to take: facing an 8, play an 8 or miss the turn (pass)"
        return "there is no pick-up to take"
    if kind is K_PASS:
        if state.pending:
            return _pickup(state)
        if can_draw(state) and not playable_cards(state):
            return "you may pass only when there is nothing to draw: draw a card"
        cards = playable_cards(state)
        if cards:
            return f"you may not pass while you can play ({cards[0]} can be played)"
    return f"'{action}' is not allowed now"


def _play_reason(state: State, action: Action) -> str:
    card, suit, seat = action.card, action.suit, action.seat
    if card is None:
        return "a play names the card played (e.g. '0 play 7H')"
    if action.target is not None:
        return "a play names no player"
    if state.phase is DRAWN:
        if card != state.drawn:
            return f"only the drawn card {state.drawn} may be played now (or pass to keep it)"
        if not can_play(card, state.discard[-1], state.suit):
            return f"the drawn card {card} cannot be played: keep it (pass)"
    else:
        hand = state.hands[seat]
        if card not in hand:
            return f"{card} is not in player {seat}'s hand"
        if state.skip and card.rank is not EIGHT:
            return "facing an 8: play an 8 or miss the turn (pass)"
        if state.pending and (card.rank is not state.pending_rank or chain_full(state)):
            return _pickup(state)
        if not state.skip and not state.pending and not can_play(card, state.discard[-1], state.suit):
            return (f"{card} matches neither the suit ({state.suit.name.lower()}) nor the value of "
                    f"{state.discard[-1]}")
    last = len(state.hands[seat]) == 1
    if card.rank is not JACK:
        if suit is not None:
            return f"only a Jack names a suit: play '{seat} play {card}'"
    elif last and suit is not card.suit:
        return (f"a Jack played as your last card names no new suit (the hand ends): "
                f"play '{seat} play {card}>{card.suit.letter}'")
    elif suit is None:
        return f"a Jack must name a suit (e.g. '{seat} play {card}>H')"
    return f"'{action}' is not allowed now"


def _call_reason(state: State, seat: int) -> str:
    if state.phase is HAND_OVER:
        return "the hand is over: 'last card' is called during a hand"
    size = len(state.hands[seat])
    if state.called[seat] and size <= 2:
        return f"player {seat} has already called 'last card'"
    if size == 2:
        return (f"player {seat} may call 'last card' with two cards only on their own turn "
                "(before playing the second-to-last card)")
    if size == 1:
        return (f"too late: player {seat} was left with one card and the next player has moved "
                "(call before the next player acts)")
    return (f"player {seat} holds {size} cards: call 'last card' when your play will leave you one "
            "(with two cards, on your turn) or just after that play")


def _catch_reason(state: State, action: Action) -> str:
    seat, target, exposed = action.seat, action.target, state.exposed
    players = state.table.players
    if state.phase is HAND_OVER:
        return "the hand is over: nobody can be caught"
    if target is None:
        return "a catch names the player caught (e.g. '1 catch 0')"
    if not isinstance(target, int) or not 0 <= target < players:
        return f"there is no player {target} to catch"
    if action.card is not None or action.suit is not None:
        return "a catch names a player, not a card or a suit"
    if target == seat:
        if exposed == seat:
            return f"player {seat} cannot catch themselves: call 'last card' instead"
        return f"player {seat} cannot catch themselves"
    if exposed is not None and target != exposed:
        return f"player {target} cannot be caught: only player {exposed} can be caught now"
    size = len(state.hands[target])
    if size != 1:
        return f"player {target} cannot be caught: they hold {size} cards, not one"
    if state.called[target]:
        return f"player {target} cannot be caught: they called 'last card'"
    return (f"too late to catch player {target}: the next player has moved since they were left "
            "with one card")
