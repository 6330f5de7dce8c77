"""Switch: why an action is not allowed, in the words a player needs to put it right.

`reason(state, action)` is asked only once apply() has found the action illegal, so it may take
its time: it names the first rule the action breaks, checking them in the order a player
thinks of them (the game, the turn, the card, what it must answer, then the details).

The reason is an IllegalAction (core.protocol): an English sentence with placeholders and its
values (str() of it is the text the tests and the log read), plus, where the sentence names the
player who tried the move or a command, the `you` form the screen shows to that player; the scene
says either in the player's language.
"""
from __future__ import annotations

from cardgames.core.protocol import N_, IllegalAction, Seat
from cardgames.games.switch.actions import K_CALL, K_CATCH, K_DRAW, K_NEXT, K_PASS, K_PLAY, K_TAKE, Action
from cardgames.games.switch.moves import can_draw, can_play, chain_full, playable_cards
from cardgames.games.switch.state import DRAWN, EIGHT, HAND_OVER, JACK, OVER, TWO, State


def _pickup(state: State) -> IllegalAction:
    """What a player facing a pick-up may do."""
    two = state.pending_rank is TWO
    if chain_full(state):
        if two:
            return IllegalAction("facing a pick-up of {n}, the longest chain there is: take the cards "
                                 "(no fifth 2 may be added)", n=state.pending)
        return IllegalAction("facing a pick-up of {n}, the longest chain there is: take the cards "
                             "(no fifth Ace may be added)", n=state.pending)
    if two:
        return IllegalAction("facing a pick-up of {n}: play a 2 or take the cards", n=state.pending)
    return IllegalAction("facing a pick-up of {n}: play an Ace or take the cards", n=state.pending)


_NOT_NOW = N_("That move is not allowed now.")


def not_your_turn(turn: int, seat: int) -> IllegalAction:
    """`seat` moved on `turn`'s turn (public facts only: the table's view says it too)."""
    return IllegalAction("it is {turn}'s turn, not {seat}'s", N_("Wait for your turn: it is {turn}'s turn."),
                         turn=Seat(turn), seat=Seat(seat))


def reason(state: State, action: Action) -> IllegalAction:
    """A clear message for an illegal action (apply raises it)."""
    if state.phase is OVER:
        return IllegalAction("the game is over")
    kind, seat, players = action.kind, action.seat, state.table.players
    if not isinstance(seat, int) or not 0 <= seat < players:
        return IllegalAction("there is no player {seat} (players are 0 to {last})", N_("There is no such player."),
                             seat=str(seat), last=players - 1)
    if kind is K_CALL:
        return _call_reason(state, seat)
    if kind is K_CATCH:
        return _catch_reason(state, action)
    if state.phase is HAND_OVER:
        if kind is K_NEXT and seat != 0:
            return IllegalAction("the next hand is dealt by '0 next'", N_("The hand is over."))
        return IllegalAction("the hand is over: deal the next one ('0 next')", N_("The hand is over: deal the next one."))
    if kind is K_NEXT:
        return IllegalAction("the hand is still being played: the next hand is dealt once someone goes out")
    if seat != state.turn:
        return not_your_turn(state.turn, seat)
    if kind is K_PLAY:
        return _play_reason(state, action)
    if action.card is not None or action.suit is not None or action.target is not None:
        return IllegalAction("'{seat} {kind}' names no card, suit or player", _NOT_NOW,
                             seat=str(action.seat), kind=kind.name.lower())
    if kind is K_DRAW:
        return _draw_reason(state)
    if kind is K_TAKE:
        if state.phase is DRAWN:
            return IllegalAction("there is no pick-up to take: play the drawn card {card} or keep it (pass)",
                                 card=state.drawn)
        if state.skip:
            return IllegalAction("there is no pick-up to take: facing an 8, play an 8 or miss the turn (pass)")
        return IllegalAction("there is no pick-up to take")
    if kind is K_PASS:
        if state.pending:
            return _pickup(state)
        if can_draw(state) and not playable_cards(state):
            return IllegalAction("you may pass only when there is nothing to draw: draw a card")
        cards = playable_cards(state)
        if cards:
            return IllegalAction("you may not pass while you can play ({card} can be played)", card=cards[0])
    return IllegalAction("'{action}' is not allowed now", _NOT_NOW, action=str(action))


def _draw_reason(state: State) -> IllegalAction:
    if state.phase is DRAWN:
        return IllegalAction("you have drawn already: play the drawn card {card} or keep it (pass)", card=state.drawn)
    if state.skip:
        return IllegalAction("facing an 8 you do not draw: play an 8 or miss the turn (pass)")
    if state.pending:
        return _pickup(state)
    if not can_draw(state):
        return IllegalAction("there is nothing to draw (the stock is empty and the discard pile has only its top "
                             "card): pass")
    return IllegalAction("you may draw only when you cannot play, and {card} can be played",
                         card=playable_cards(state)[0])


def _play_reason(state: State, action: Action) -> IllegalAction:
    card, suit, seat = action.card, action.suit, action.seat
    if card is None:
        return IllegalAction("a play names the card played (e.g. '0 play 7H')", N_("Choose the card to play."))
    if action.target is not None:
        return IllegalAction("a play names no player", _NOT_NOW)
    if state.phase is DRAWN:
        if card != state.drawn:
            return IllegalAction("only the drawn card {card} may be played now (or pass to keep it)", card=state.drawn)
        if not can_play(card, state.discard[-1], state.suit):
            return IllegalAction("the drawn card {card} cannot be played: keep it (pass)", card=card)
    else:
        hand = state.hands[seat]
        if card not in hand:
            return IllegalAction("{card} is not in {player}'s hand", N_("{card} is not in your hand."),
                                 card=card, player=Seat(seat))
        if state.skip and card.rank is not EIGHT:
            return IllegalAction("facing an 8: play an 8 or miss the turn (pass)")
        if state.pending and (card.rank is not state.pending_rank or chain_full(state)):
            return _pickup(state)
        if not state.skip and not state.pending and not can_play(card, state.discard[-1], state.suit):
            return IllegalAction("{card} matches neither the suit ({suit}) nor the value of {top}",
                                 card=card, suit=state.suit, top=state.discard[-1])
    last = len(state.hands[seat]) == 1
    if card.rank is not JACK:
        if suit is not None:
            return IllegalAction("only a Jack names a suit: play '{seat} play {card}'",
                                 N_("Only a Jack names a suit: play {card} without one."), seat=str(seat), card=card)
    elif last and suit is not card.suit:
        return IllegalAction("a Jack played as your last card names no new suit (the hand ends): "
                             "play '{seat} play {card}>{letter}'",
                             N_("A Jack played as your last card names no new suit: the hand ends."),
                             seat=str(seat), card=card, letter=card.suit.letter)
    elif suit is None:
        return IllegalAction("a Jack must name a suit (e.g. '{seat} play {card}>H')", N_("A Jack must name a suit: choose one."),
                             seat=str(seat), card=card)
    return IllegalAction("'{action}' is not allowed now", _NOT_NOW, action=str(action))


def _call_reason(state: State, seat: int) -> IllegalAction:
    if state.phase is HAND_OVER:
        return IllegalAction("the hand is over: 'last card' is called during a hand")
    size = len(state.hands[seat])
    player = Seat(seat)
    if state.called[seat] and size <= 2:
        return IllegalAction("{player} has already called 'last card'", N_("You have already called 'last card'."),
                             player=player)
    if size == 2:
        return IllegalAction("{player} may call 'last card' with two cards only on their own turn "
                             "(before playing the second-to-last card)",
                             N_("With two cards you may call 'last card' only on your own turn (before playing "
                                "the second-to-last card)."), player=player)
    if size == 1:
        return IllegalAction("too late: {player} was left with one card and the next player has moved "
                             "(call before the next player acts)",
                             N_("Too late: you were left with one card and the next player has moved (call "
                                "before the next player acts)."), player=player)
    return IllegalAction("{player} holds {size} cards: call 'last card' when your play will leave you one "
                         "(with two cards, on your turn) or just after that play",
                         N_("You hold {size} cards: call 'last card' when your play will leave you one (with two "
                            "cards, on your turn) or just after that play."), player=player, size=size)


def _catch_reason(state: State, action: Action) -> IllegalAction:
    seat, target, exposed = action.seat, action.target, state.exposed
    players = state.table.players
    if state.phase is HAND_OVER:
        return IllegalAction("the hand is over: nobody can be caught")
    if target is None:
        return IllegalAction("a catch names the player caught (e.g. '1 catch 0')", N_("Choose the player to catch."))
    if not isinstance(target, int) or not 0 <= target < players:
        return IllegalAction("there is no player {target} to catch", N_("There is no such player."), target=str(target))
    if action.card is not None or action.suit is not None:
        return IllegalAction("a catch names a player, not a card or a suit")
    if target == seat:
        if exposed == seat:
            return IllegalAction("{player} cannot catch themselves: call 'last card' instead",
                                 N_("You cannot catch yourself: call 'last card' instead."), player=Seat(seat))
        return IllegalAction("{player} cannot catch themselves", N_("You cannot catch yourself."), player=Seat(seat))
    caught = Seat(target)
    if exposed is not None and target != exposed:
        return IllegalAction("{player} cannot be caught: only {exposed} can be caught now",
                             player=caught, exposed=Seat(exposed))
    size = len(state.hands[target])
    if size != 1:
        return IllegalAction("{player} cannot be caught: they hold {size} cards, not one", player=caught, size=size)
    if state.called[target]:
        return IllegalAction("{player} cannot be caught: they called 'last card'", player=caught)
    return IllegalAction("too late to catch {player}: the next player has moved since they were left with one card",
                         player=caught)


def window_closed(target: int) -> IllegalAction:
    """A catch that reached a server's table after its catch window closed (the server's clock)."""
    return IllegalAction("too late to catch {player}: the catch window has closed", player=Seat(target))
