"""Switch: applying an action. apply(state, action) -> (new state, events); never changes its input.

The common moves (plays, draws) are checked directly rather than looked up in legal_actions, and
the new state is built positionally with tuple.__new__ (a NamedTuple's own constructor and
_replace cost several times more); the events of the shared cards are made once. When a check
fails, reasons.reason() words the message.
"""
from __future__ import annotations

from cardgames.core.events import Announced, CardMoved, Shuffled
from cardgames.core.rounds import reshuffle_discard
from cardgames.games.switch.actions import K_CALL, K_CATCH, K_DRAW, K_NEXT, K_PASS, K_PLAY, K_TAKE, SEATS, Action
from cardgames.games.switch.dealing import DEALT, deal_hand
from cardgames.games.switch.moves import can_draw, has_play
from cardgames.games.switch.reasons import reason
from cardgames.games.switch.state import (
    ACE,
    CARDS,
    DRAWN,
    EIGHT,
    HAND_OVER,
    HAND_PILES,
    JACK,
    MATCH_TARGET,
    MAX_CHAIN,
    OVER,
    PENALTY,
    PICKUP,
    PLAY,
    SUITS,
    TWO,
    State,
    hand_points,
)

_new = tuple.__new__

# --- the events made once (by id of a shared card, then by seat) ----------------
_PLAYED = {id(c): tuple((CardMoved(c, pile, "discard"),) for pile in HAND_PILES) for c in CARDS}
_DRAWN = {i: tuple((e,) for e in by_seat) for i, by_seat in DEALT.items()}
_PENDING = {(seat, rank, k * per): Announced("pickup_pending", seat, k * per,
                                             f"Pick up {k * per}, or play {'a 2' if rank is TWO else 'an Ace'}")
            for seat in SEATS for rank, per in PICKUP.items() for k in range(1, MAX_CHAIN + 1)}
_PICKUPS = {(seat, n): Announced("pickup", seat, n, f"Player {seat} picks up {n}")
            for seat in SEATS for n in range(1, 4 * MAX_CHAIN + 1)}
_SKIP_PENDING = tuple(Announced("skip_pending", seat, text="Play an 8 or miss a turn") for seat in SEATS)
_SKIPPED = tuple((Announced("skipped", seat, text=f"Player {seat} misses a turn"),) for seat in SEATS)
_SUIT_NAMED = {(seat, suit): Announced("suit", seat, int(suit), f"Suit: {suit.name.lower()}")
               for seat in SEATS for suit in SUITS}
_LAST_CARD = tuple((Announced("last_card", seat, text="Last card!"),) for seat in SEATS)
_CAUGHT = {(seat, target): Announced("caught", target, seat, f"Player {seat} caught player {target}!")
           for seat in SEATS for target in SEATS}


# The same by seat, then by card value (rank * 4 + suit): an index costs less than id() and dict.get.
_PLAYED_BY_VALUE = tuple(tuple(next((_PLAYED[id(c)][seat] for c in CARDS if c.rank * 4 + c.suit == v), ())
                               for v in range(64)) for seat in SEATS)


_DRAWN_BY_VALUE = tuple(tuple(next((_DRAWN[id(c)][seat] for c in CARDS if c.rank * 4 + c.suit == v), ())
                              for v in range(64)) for seat in SEATS)


def _played(card, seat: int) -> tuple:
    made = _PLAYED.get(id(card))     # an id found there is one of CARDS, which live for ever
    return made[seat] if made is not None else (CardMoved(card, HAND_PILES[seat], "discard"),)


def _with(seq: tuple, i: int, value) -> tuple:
    """`seq` with item `i` replaced by `value`."""
    if len(seq) == 2:                               # (the usual table: one tuple built instead of five)
        return (value, seq[1]) if i == 0 else (seq[0], value)
    return seq[:i] + (value,) + seq[i + 1:]


def _apply_other(state: State, action: Action) -> tuple[State, tuple]:
    """apply() for every action but a play."""
    kind, seat = action.kind, action.seat
    if kind is K_DRAW:
        return _draw(state, action)
    hands, stock, discard, turn, phase, suit, _pending, _rank, skip, _drawn, called, _exposed, voids, \
        reshuffles, table = state
    if kind is K_PASS and seat == turn and phase is DRAWN and action.card is None and action.suit is None \
            and action.target is None:       # the usual pass: keep the drawn card (checked here, cheaply)
        nxt = seat + 1 if seat + 1 < table.players else 0
        return _new(State, (hands, stock, discard, nxt, PLAY, suit, 0, None, False, None, called, None, voids,
                            reshuffles, table)), ()
    if not _allowed(state, action):
        raise reason(state, action)
    if kind is K_PASS:       # keep the drawn card, miss the turn facing an 8, or nothing to draw. (Keeping a
        nxt = seat + 1 if seat + 1 < table.players else 0     # drawn card leaves the void as it was:
        events = _SKIPPED[seat] if skip else ()                 # whether it could be played is not public.)
        return _new(State, (hands, stock, discard, nxt, PLAY, suit, 0, None, False, None, called, None, voids,
                            reshuffles, table)), events
    if kind is K_CALL:
        exposed = None if state.exposed == seat else state.exposed
        return _new(State, (hands, stock, discard, state.turn, state.phase, suit, state.pending, state.pending_rank,
                            state.skip, state.drawn, _with(called, seat, True), exposed, voids, state.reshuffles,
                            table)), _LAST_CARD[seat]
    if kind is K_TAKE:
        events = [_PICKUPS[seat, state.pending]]
        hand, stock, discard, reshuffles = _take(state, seat, state.pending, events)
        nxt = seat + 1 if seat + 1 < table.players else 0
        if called[seat]:
            called = _with(called, seat, False)    # a player who takes cards must call again
        if voids[seat]:
            voids = _with(voids, seat, 0)          # they may hold any suit now
        return _new(State, (_with(hands, seat, hand), stock, discard, nxt, PLAY, suit, 0, None, False, None,
                            called, None, voids, reshuffles, table)), tuple(events)
    if kind is K_CATCH:
        target = action.target
        events = [_CAUGHT[seat, target]]
        hand, stock, discard, reshuffles = _take(state, target, PENALTY, events)
        return _new(State, (_with(hands, target, hand), stock, discard, state.turn, state.phase, suit,
                            state.pending, state.pending_rank, state.skip, state.drawn, called, None,
                            _with(voids, target, 0), reshuffles, table)), tuple(events)
    events = []              # K_NEXT
    return deal_hand(state, events), tuple(events)


def _allowed(state: State, action: Action) -> bool:
    """Is `action` (not a play or a draw) allowed now?"""
    kind, seat, phase = action.kind, action.seat, state.phase
    if action.card is not None or action.suit is not None:
        return False
    if kind is K_CATCH:
        exposed = state.exposed
        return exposed is not None and phase <= DRAWN and action.target == exposed and seat != exposed \
            and type(seat) is int and 0 <= seat < state.table.players
    if action.target is not None:
        return False
    if kind is K_CALL:
        if phase > DRAWN:
            return False
        if seat == state.exposed:
            return True
        return seat == state.turn and len(state.hands[seat]) == 2 and not state.called[seat]
    if kind is K_NEXT:
        return phase is HAND_OVER and seat == 0
    if seat != state.turn or phase > DRAWN:
        return False
    if kind is K_TAKE:
        return phase is PLAY and state.pending > 0
    if kind is K_PASS:
        return phase is DRAWN or state.skip or (not state.pending and not can_draw(state) and not has_play(state))
    return False


def _take(state: State, seat: int, count: int, events: list) -> tuple:
    """Move up to `count` cards from the stock to `seat`'s hand, turning the discard pile (minus its
    top card) into a new stock whenever the stock runs out. Returns (hand, stock, discard, reshuffles)."""
    hand, stock, discard, reshuffles = state.hands[seat], state.stock, state.discard, state.reshuffles
    if len(stock) >= count:                         # the usual case: all of them off the top, at once
        cards = stock[:-count - 1:-1]               # the top card first
        drawn = _DRAWN_BY_VALUE[seat]
        for c in cards:
            events += drawn[c.rank * 4 + c.suit]
        return hand + cards, stock[:-count], discard, reshuffles
    for _ in range(count):
        if not stock:
            if len(discard) < 2:
                break                                   # nothing left anywhere: take what there was
            stock, discard = reshuffle_discard(discard, state.seed, reshuffles)
            reshuffles += 1
            events.append(Shuffled("discard", "stock", len(stock)))
        card = stock[-1]
        stock = stock[:-1]
        hand = hand + (card,)
        made = _DRAWN.get(id(card))
        events.append(made[seat][0] if made is not None else CardMoved(card, "stock", HAND_PILES[seat], False, (seat,)))
    return hand, stock, discard, reshuffles


def _draw(state: State, action: Action) -> tuple[State, tuple]:
    """Draw one card because nothing can be played. Everyone sees that the player could not follow
    (the void) and that the turn waits for their decision, whether the card drawn can be played
    or not: nothing else is public."""
    hands, stock, discard, turn, phase, suit, pending, _rank, skip, _drawn, called, _exposed, voids, reshuffles, \
        table = state
    _kind, seat, card, named, target = action
    ok = seat == turn and phase is PLAY and not pending and not skip and card is None and named is None \
        and target is None and (stock or len(discard) > 1)
    if ok:
        top = discard[-1].rank
        for c in hands[seat]:                      # drawing is only for a player who cannot play
            rank = c.rank
            if rank is JACK or rank is ACE or rank is top or c.suit is suit:
                ok = False
                break
    if not ok:
        raise reason(state, action)
    if stock:                                      # the usual case: one card off the top
        card = stock[-1]
        stock = stock[:-1]
        hand = hands[seat] + (card,)
        events = _DRAWN_BY_VALUE[seat][card.rank * 4 + card.suit]
    else:
        taken: list = []
        hand, stock, discard, reshuffles = _take(state, seat, 1, taken)
        card, events = hand[-1], tuple(taken)
    if called[seat]:
        called = _with(called, seat, False)        # a player who takes cards must call again
    bit = 1 << suit
    if not voids[seat] & bit:
        voids = _with(voids, seat, voids[seat] | bit)
    return _new(State, (_with(hands, seat, hand), stock, discard, seat, DRAWN, suit, 0, None, False, card, called, None, voids,
                        reshuffles, table)), events


def apply(state: State, action: Action) -> tuple[State, tuple]:
    """The state after `action` and what happened. Raises IllegalAction with the reason.

    Plays are most moves: they are checked and made right here; the rest go to _apply_other."""
    kind, seat, card, named, target = action
    if kind is not K_PLAY:
        return _apply_other(state, action)
    hands, stock, discard, turn, phase, suit, pending, pending_rank, skip, drawn, called, _exposed, voids, \
        reshuffles, table = state
    if seat != turn or card is None or target is not None:
        raise reason(state, action)
    hand = hands[seat]
    rank = card.rank
    i = -1
    if phase is PLAY:
        j = 0
        for c in hand:                              # by identity: cheaper than comparing Cards
            if c is card:
                i = j
                break
            j += 1                                  # noqa: SIM113 - enumerate costs more here
        else:
            if card in hand:                        # a card not from the shared deck (a hand-built state)
                i = hand.index(card)
        if skip:
            ok = rank is EIGHT
        elif pending:
            ok = rank is pending_rank and pending < PICKUP[rank] * MAX_CHAIN
        else:
            ok = rank is JACK or rank is ACE or card.suit is suit or rank is discard[-1].rank
    elif phase is DRAWN:
        i = len(hand) - 1                           # the drawn card is the last one in the hand
        ok = (card is drawn or card == drawn) and (rank is JACK or rank is ACE or card.suit is suit or rank is discard[-1].rank)
    else:
        ok = False
    if rank is not JACK:
        ok = ok and named is None
    elif named is None or (len(hand) == 1 and named is not card.suit):
        ok = False
    if i < 0 or not ok:
        raise reason(state, action)
    hand = hand[:i] + hand[i + 1:]
    if table.players == 2:                          # (the usual table: one tuple built instead of five)
        hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
    else:
        hands = hands[:seat] + (hand,) + hands[seat + 1:]
    discard = discard + (card,)
    if not hand:
        return _hand_over(state, hands, discard, named if rank is JACK else card.suit, seat, card)
    nxt = seat + 1 if seat + 1 < table.players else 0
    events = _PLAYED_BY_VALUE[seat][rank * 4 + card.suit]
    if rank is TWO or rank is ACE:
        pending = (pending if pending_rank is rank else 0) + PICKUP[rank]
        events += (_PENDING[nxt, rank, pending],)
        return _new(State, (hands, stock, discard, nxt, PLAY, card.suit, pending, rank, False, None, called,
                            seat if len(hand) == 1 and not called[seat] else None, voids, reshuffles, table)), events
    if rank is EIGHT:
        events += (_SKIP_PENDING[nxt],)
        suit, skip = card.suit, True
    elif rank is JACK:
        events += (_SUIT_NAMED[seat, named],)
        suit, skip = named, False
    else:
        suit, skip = card.suit, False
    return _new(State, (hands, stock, discard, nxt, PLAY, suit, 0, None, skip, None, called,
                        seat if len(hand) == 1 and not called[seat] else None, voids, reshuffles, table)), events


def _hand_over(state: State, hands: tuple, discard: tuple, suit, seat: int, card) -> tuple[State, tuple]:
    """`seat` went out: score the cards left; a match goes on until someone reaches the target."""
    points = tuple(hand_points(h) for h in hands)
    totals = tuple(t + p for t, p in zip(state.totals, points)) if state.match else state.totals
    done = not state.match or max(totals) >= MATCH_TARGET
    events = [*_played(card, seat), Announced("hand_over", seat, text=f"Player {seat} goes out!")]
    if done:
        events.append(Announced("game_over", seat))
    table = state.table._replace(winner=seat, totals=totals, last_points=points)
    new = State(hands, state.stock, discard, seat, OVER if done else HAND_OVER, suit, 0, None, False, None,
                state.called, None, state.voids, state.reshuffles, table)
    return new, tuple(events)
