"""Switch: the rules as pure functions (no pygame). See seeds/switch.md.

Shed your hand by matching the suit or the value of the top discard. 2s and
Aces make the next player pick up (stacking), Jacks change the suit, 8s make
the next player miss a turn, and a player left with one card must have called
"last card" or be caught and pick up two.

Piles named in events: "stock", "discard", "hand:<seat>".

The "last card" window: when a play leaves its player with one card and they
had not called, `exposed` names them. Until the next player acts (plays,
draws, takes the pick-up or passes) the offender may still call, and any
other player may catch them (they then draw two). The window has no length
here; the scene gives it one in real time.

Performance matters (arenas and search AIs play thousands of hands), so the
state is a NamedTuple rebuilt in one go per action (positionally on the hot
paths), cards are the deck's shared Card objects, and the hot paths avoid enum
attribute lookups.
"""
from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import Any, NamedTuple

from cardgames.core.cards import Card, Rank, Suit, parse_card, standard_deck
from cardgames.core.events import Announced, CardMoved, Shuffled
from cardgames.core.protocol import IllegalAction
from cardgames.core.rng import make_rng, shuffled
from cardgames.core.rounds import lowest_seats, reshuffle_discard

HAND_SIZE = 7
MATCH_TARGET = 200     # a match ends after the hand in which someone reaches this many points
MAX_CHAIN = 4          # at most four 2s (pick up 8) or four Aces (pick up 16) in one chain
PENALTY = 2            # cards drawn by a player caught without calling "last card"

TWO, EIGHT, JACK, ACE = Rank.TWO, Rank.EIGHT, Rank.JACK, Rank.ACE
PICKUP = {TWO: 2, ACE: 4}                       # cards per 2 / per Ace in a chain
UP_CARD_REDRAW = (TWO, EIGHT, JACK, ACE)        # a first up-card of these goes back into the stock
SUITS = tuple(Suit)
HAND_PILES = tuple(f"hand:{seat}" for seat in range(6))     # event pile names, built once


class Phase(IntEnum):
    PLAY = 0         # the current player plays, draws, takes a pick-up or passes
    DRAWN = 1        # the current player drew: play the drawn card if it goes, or keep it (pass)
    HAND_OVER = 2    # match only: someone went out; the next hand is dealt on NEXT
    OVER = 3         # the game (single hand or whole match) is over


PLAY, DRAWN, HAND_OVER, OVER = Phase.PLAY, Phase.DRAWN, Phase.HAND_OVER, Phase.OVER


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
    suit: Suit | None = None     # the suit a Jack names
    target: int = -1             # whom a catch is aimed at

    def __str__(self) -> str:
        word = _WORDS[self.kind]
        if self.kind is K_PLAY:
            tail = f">{self.suit.letter}" if self.suit is not None else ""
            return f"{self.seat} {word} {self.card}{tail}"
        if self.kind is K_CATCH:
            return f"{self.seat} {word} {self.target}"
        return f"{self.seat} {word}"


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
            suit = None
            if suit_text:
                suit = {s.letter: s for s in Suit}[suit_text.upper()]
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


# Every deal uses the same 52 Card objects (two decks repeat them). Hands, actions and events then
# share objects, identity checks find cards quickly, and the card-moving events can be made once.
_CARDS = standard_deck(1)
_DECKS = {1: _CARDS, 2: _CARDS * 2}
_SHARED = {c: c for c in _CARDS}
_PLAYED = {id(c): tuple(CardMoved(c, pile, "discard") for pile in HAND_PILES) for c in _CARDS}
_DRAWN = {id(c): tuple(CardMoved(c, "stock", pile, False, (seat,)) for seat, pile in enumerate(HAND_PILES))
          for c in _CARDS}


def shared(card: Card) -> Card:
    """The deal's own Card object equal to `card` (parsed or loaded cards are swapped for it)."""
    return _SHARED.get(card, card)


_PLAYS = {id(c): tuple(Action(K_PLAY, seat, c) for seat in range(6)) for c in _CARDS}


def _play_of(card: Card, seat: int) -> Action:
    made = _PLAYS.get(id(card))
    return made[seat] if made is not None else Action(K_PLAY, seat, card)


_PENDING_TEXT = {(rank, k * per): f"Pick up {k * per}, or play {'a 2' if rank is TWO else 'an Ace'}"
                 for rank, per in PICKUP.items() for k in range(1, MAX_CHAIN + 1)}
_SUIT_TEXT = {suit: f"Suit: {suit.name.lower()}" for suit in Suit}


def _played(card: Card, seat: int) -> CardMoved:
    made = _PLAYED.get(id(card))     # an id found there is one of _CARDS, which live for ever
    return made[seat] if made is not None else CardMoved(card, HAND_PILES[seat], "discard")


def _drawn(card: Card, seat: int) -> CardMoved:
    made = _DRAWN.get(id(card))
    return made[seat] if made is not None else CardMoved(card, "stock", HAND_PILES[seat], False, (seat,))


class Table(NamedTuple):
    """What stays the same during a hand: the game's settings and the match around the hand."""

    seed: int
    players: int
    match: bool               # several hands, points for cards left in hand
    open_hands: bool          # "start mode": everything is shown to everyone
    hand_no: int
    totals: tuple             # match points by seat (lower is better)
    last_points: tuple        # points of the cards left in each hand when the last hand ended
    winner: int               # who went out in the last hand; -1 while playing


class State(NamedTuple):
    """One moment of a hand. Stock and discard tops are their last cards.

    The fields that change with every move come first; plays and draws rebuild the state
    positionally in this order (three times faster than _replace), the rest use _replace.
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
    exposed: int              # seat with one card who did not call, catchable now; -1 none
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


# --- setting up ------------------------------------------------------------

def _option(options: Mapping[str, Any], key: str, default):
    return options.get(key, default) if options else default


def new_game(options: Mapping[str, Any], seed: int) -> State:
    """A fresh game: options "players" (2-6), "match" (bool), "open" (start mode)."""
    players = int(_option(options, "players", 2))
    if not 2 <= players <= 6:
        raise ValueError(f"Switch needs 2 to 6 players, not {players}")
    table = Table(seed=int(seed), players=players, match=bool(_option(options, "match", False)),
                  open_hands=bool(_option(options, "open", False)), hand_no=-1,
                  totals=(0,) * players, last_points=(0,) * players, winner=-1)
    blank = State(hands=(), stock=(), discard=(), turn=0, phase=PLAY, suit=Suit.CLUBS, pending=0,
                  pending_rank=None, skip=False, drawn=None, called=(False,) * players, exposed=-1,
                  voids=(0,) * players, reshuffles=0, table=table)
    return _deal_hand(blank)[0]


def decks_for(players: int) -> int:
    return 2 if players >= 5 else 1


def _deal_hand(state: State) -> tuple[State, tuple]:
    """Shuffle and deal the next hand; the first up-card may not be a 2, 8, Jack or Ace."""
    n, hand_no = state.players, state.hand_no + 1
    rng = make_rng(state.seed, "deal") if hand_no == 0 else make_rng(state.seed, "deal", hand_no)
    stock = list(shuffled(_DECKS[decks_for(n)], rng))
    hands = [[] for _ in range(n)]
    first = hand_no % n                        # the player to the dealer's left starts; dealing starts there too
    events = [Shuffled("stock", "stock", len(stock))]
    for i in range(HAND_SIZE * n):
        seat = (first + i) % n
        card = stock.pop()
        hands[seat].append(card)
        events.append(_drawn(card, seat))
    up = stock.pop()
    events.append(CardMoved(up, "stock", "discard"))
    while up.rank in UP_CARD_REDRAW:
        stock.insert(int(rng.random() * (len(stock) + 1)), up)
        events.append(CardMoved(up, "discard", "stock", False, ()))
        up = stock.pop()
        events.append(CardMoved(up, "stock", "discard"))
    new = state._replace(
        hands=tuple(tuple(h) for h in hands), stock=tuple(stock), discard=(up,),
        turn=first, phase=PLAY, suit=up.suit, pending=0, pending_rank=None, skip=False, drawn=None,
        called=(False,) * n, exposed=-1, voids=(0,) * n, table=state.table._replace(hand_no=hand_no, winner=-1),
    )
    return new, tuple(events)


def deal_events(state: State) -> tuple:
    """The events of dealing the current hand, for the scene's opening animation."""
    before = state._replace(table=state.table._replace(hand_no=state.hand_no - 1))
    return _deal_hand(before)[1]


def deal(options: Mapping[str, Any], hands, stock=(), discard=(), *, turn: int = 0, suit: Suit | None = None,
         seed: int = 0, pending: int = 0, pending_rank: Rank | None = None, skip: bool = False,
         called=None) -> State:
    """A scripted position, for tests and puzzles. The stock's top card is its LAST one."""
    hands = tuple(tuple(shared(c) for c in h) for h in hands)
    players = len(hands)
    base = new_game({**dict(options or {}), "players": players}, seed)
    discard, stock = tuple(map(shared, discard)), tuple(map(shared, stock))
    if not discard:
        raise ValueError("a scripted deal needs at least one discard (the up-card)")
    return base._replace(
        hands=hands, stock=stock, discard=discard, turn=turn,
        suit=suit if suit is not None else discard[-1].suit, pending=pending, pending_rank=pending_rank,
        skip=skip, called=tuple(called) if called is not None else (False,) * players,
    )


# --- asking about a state ---------------------------------------------------

def current_player(state: State) -> int | None:
    """Who must act now; None when the game is over. (Calls and catches may also come from others.)"""
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


def can_play(card: Card, top: Card, suit: Suit) -> bool:
    """May `card` go on `top` (with `suit` to follow) when nothing is pending?"""
    rank = card.rank
    return rank is JACK or rank is ACE or card.suit is suit or rank is top.rank


def _answers(state: State, card: Card) -> bool:
    """May `card` be played now by the current player (phase PLAY)?"""
    if state.skip:
        return card.rank is EIGHT
    if state.pending:
        return card.rank is state.pending_rank and state.pending < PICKUP[state.pending_rank] * MAX_CHAIN
    return can_play(card, state.discard[-1], state.suit)


def playable_cards(state: State) -> list:
    """The cards of the current player's hand that may be played now (phase PLAY), in hand order."""
    hand = state.hands[state.turn]
    if state.skip:
        return [c for c in hand if c.rank is EIGHT]
    if state.pending:
        rank = state.pending_rank
        if state.pending >= PICKUP[rank] * MAX_CHAIN:
            return []
        return [c for c in hand if c.rank is rank]
    suit, top_rank = state.suit, state.discard[-1].rank
    return [c for c in hand if c.suit is suit or c.rank is top_rank or c.rank is JACK or c.rank is ACE]


def _play_actions(seat: int, card: Card, last: bool) -> list:
    if card.rank is JACK:
        if last:                     # going out: the suit no longer matters; the Jack names its own
            return [Action(K_PLAY, seat, card, card.suit)]
        return [Action(K_PLAY, seat, card, s) for s in SUITS]
    return [_play_of(card, seat)]


def _can_draw(state: State) -> bool:
    return bool(state.stock) or len(state.discard) > 1


def _no_play_action(state: State) -> Action:
    """The move of a player who does not (or cannot) play a card now."""
    seat = state.turn
    if state.skip:
        return Action(K_PASS, seat)
    if state.pending:
        return Action(K_TAKE, seat)
    return Action(K_DRAW, seat) if _can_draw(state) else Action(K_PASS, seat)


def turn_actions(state: State) -> list:
    """The current player's own moves (no calls or catches), in a fixed order: plays, then the rest."""
    phase, seat = state.phase, state.turn
    if phase is PLAY:
        cards = playable_cards(state)
        if state.table.players >= 5:                  # two decks: one action per distinct card
            cards = list(dict.fromkeys(cards))
        out = [_play_of(c, seat) for c in cards if c.rank is not JACK]
        if len(out) != len(cards):                    # Jacks: one action per suit named, in hand order
            last = len(state.hands[seat]) == 1
            out = []
            for card in cards:
                out += _play_actions(seat, card, last)
        if out and not state.skip and not state.pending:
            return out                                 # drawing is only for a player who cannot play
        out.append(_no_play_action(state))
        return out
    if phase is DRAWN:
        hand = state.hands[seat]
        drawn = state.drawn
        plays = _play_actions(seat, drawn, len(hand) == 1) if can_play(drawn, state.discard[-1], state.suit) else []
        return plays + [Action(K_PASS, seat)]
    if phase is HAND_OVER:
        return [Action(K_NEXT, 0)]
    return []


def side_actions(state: State) -> list:
    """Calls and catches: the current player may call with two cards; the exposed seat may still
    call; anyone else may catch the exposed seat."""
    out = []
    if state.phase is PLAY or state.phase is DRAWN:
        seat = state.turn
        if len(state.hands[seat]) == 2 and not state.called[seat]:
            out.append(Action(K_CALL, seat))
        exposed = state.exposed
        if exposed >= 0:
            out.append(Action(K_CALL, exposed))
            out += [Action(K_CATCH, b, target=exposed) for b in range(state.players) if b != exposed]
    return out


def legal_actions(state: State) -> tuple[Action, ...]:
    """Everything anyone may do now: the current player's moves, then calls, then catches."""
    moves = turn_actions(state)
    if state.exposed >= 0 or (state.phase <= DRAWN and len(state.hands[state.turn]) == 2):
        moves += side_actions(state)             # (skipped when there can be none: it is the usual case)
    return tuple(moves)


def actions_for(state: State, seat: int) -> tuple[Action, ...]:
    """What one seat may do now (its turn's moves if it is its turn, and its calls or catches)."""
    return tuple(a for a in legal_actions(state) if a.seat == seat)


# --- applying an action ----------------------------------------------------

def _take(state: State, seat: int, count: int, events: list) -> tuple:
    """Move up to `count` cards from the stock to `seat`'s hand, turning the discard pile (minus its
    top card) into a new stock whenever the stock runs out. Returns (hand, stock, discard, reshuffles)."""
    hand, stock, discard, reshuffles = state.hands[seat], state.stock, state.discard, state.reshuffles
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
        events.append(_drawn(card, seat))
    return hand, stock, discard, reshuffles


def _with(seq: tuple, i: int, value) -> tuple:
    return seq[:i] + (value,) + seq[i + 1:]


def _not_called(called: tuple, seat: int) -> tuple:
    """A player who takes cards must call "last card" again before their next last card."""
    return _with(called, seat, False) if called[seat] else called


def _next(state: State, seat: int) -> int:
    return (seat + 1) % state.players


def _hand_index(hand: tuple, card: Card) -> int:
    """Where `card` is in `hand`, or -1. Looks by identity first: hands and legal actions share the
    deck's Card objects, and identity is much cheaper than comparing Card dataclasses."""
    for i, c in enumerate(hand):
        if c is card:
            return i
    return hand.index(card) if card in hand else -1


def _check_play(state: State, action: Action) -> int:
    """The hand position of the card a legal play plays; raises IllegalAction for an illegal play.
    Checked directly rather than by lookup in legal_actions: plays are most moves and must be cheap."""
    card, suit, seat = action.card, action.suit, action.seat
    i = -1
    if seat == state.turn and card is not None and action.target == -1:
        hand = state.hands[seat]
        if state.phase is PLAY:
            i = _hand_index(hand, card)
            if i >= 0 and not _answers(state, card):
                i = -1
        elif state.phase is DRAWN and card == state.drawn and can_play(card, state.discard[-1], state.suit):
            i = len(hand) - 1          # the drawn card is the last one in the hand
        if card.rank is not JACK:
            ok = suit is None
        elif len(hand) == 1:
            ok = suit is card.suit
        else:
            ok = suit is not None
        if i >= 0 and ok:
            return i
    raise IllegalAction(_why(state, action))


def _check(state: State, action: Action) -> None:
    """Raise IllegalAction unless `action` (not a play) is among legal_actions(state); the usual
    moves are checked directly, which is cheaper than building the whole list."""
    kind = action.kind
    if kind is K_CALL or kind is K_CATCH:
        if action in side_actions(state):
            return
    elif state.phase is DRAWN:
        if action == Action(K_PASS, state.turn):
            return
    elif state.phase is PLAY:
        if action.seat == state.turn and action.card is None and action.suit is None and action.target == -1:
            if state.skip or state.pending:
                if kind is (K_PASS if state.skip else K_TAKE):
                    return
            elif (kind is K_DRAW or kind is K_PASS) and (kind is K_DRAW) == _can_draw(state) \
                    and not playable_cards(state):
                return
    elif action in turn_actions(state):
        return
    raise IllegalAction(_why(state, action))


def _why(state: State, action: Action) -> str:
    """A clear message for an illegal action."""
    if state.phase is OVER:
        return "the game is over"
    kind, seat = action.kind, action.seat
    if kind in (K_CALL, K_CATCH):
        if kind is K_CATCH and state.exposed < 0:
            return "nobody can be caught now: nobody is left with one card without calling"
        if kind is K_CATCH:
            return f"only player {state.exposed} can be caught now, and not by themselves"
        return f"player {seat} cannot call 'last card' now (call with two cards, before or just after playing)"
    if state.phase is HAND_OVER:
        return "the hand is over: deal the next one ('0 next')"
    if seat != state.turn:
        return f"it is player {state.turn}'s turn, not player {seat}'s"
    if kind is K_PLAY:
        if state.phase is DRAWN and action.card != state.drawn:
            return f"only the drawn card {state.drawn} may be played now (or pass to keep it)"
        if state.phase is DRAWN and not can_play(action.card, state.discard[-1], state.suit):
            return f"the drawn card {action.card} cannot be played: keep it (pass)"
        if action.card not in state.hands[seat]:
            return f"{action.card} is not in player {seat}'s hand"
        if action.card.rank is JACK and action.suit is None:
            return "a Jack must name a suit (e.g. '0 play JS>H')"
        if state.skip:
            return "facing an 8: play an 8 or pass (miss the turn)"
        if state.pending:
            name = "a 2" if state.pending_rank is TWO else "an Ace"
            return f"facing a pick-up of {state.pending}: play {name} or take the cards"
        return f"{action.card} matches neither the suit ({state.suit.name.lower()}) nor the value of {state.discard[-1]}"
    if kind is K_DRAW:
        return "you may draw only when you cannot play (or take the pick-up, or pass facing an 8)"
    return f"'{action}' is not allowed now"


def apply(state: State, action: Action) -> tuple[State, tuple]:
    """The state after `action` and what happened. Raises IllegalAction with the reason."""
    kind, seat = action.kind, action.seat
    if kind is K_PLAY:
        return _play(state, action, _check_play(state, action))
    _check(state, action)
    events: list = []
    if kind is K_CALL:
        new = state._replace(called=_with(state.called, seat, True),
                             exposed=-1 if state.exposed == seat else state.exposed)
        return new, (Announced("last_card", seat, text="Last card!"),)
    if kind is K_CATCH:
        target = action.target
        events.append(Announced("caught", target, seat, f"Player {seat} caught player {target}!"))
        hand, stock, discard, reshuffles = _take(state, target, PENALTY, events)
        new = state._replace(hands=_with(state.hands, target, hand), stock=stock, discard=discard,
                             reshuffles=reshuffles, exposed=-1, voids=_with(state.voids, target, 0))
        return new, tuple(events)
    if kind is K_NEXT:
        return _deal_hand(state)
    # A turn move: the catch window of the previous play closes.
    nxt = _next(state, seat)
    if kind is K_DRAW:
        # Everyone sees that they could not follow (the void) and that the turn waits for their
        # decision, whether the card they drew can be played or not: nothing else is public.
        hand, stock, discard, reshuffles = _take(state, seat, 1, events)
        new = State(_with(state.hands, seat, hand), stock, discard, seat, DRAWN, state.suit, 0, None, False,
                    hand[-1], _not_called(state.called, seat), -1,
                    _with(state.voids, seat, state.voids[seat] | (1 << state.suit)), reshuffles, state.table)
        return new, tuple(events)
    if kind is K_TAKE:
        events.append(Announced("pickup", seat, state.pending, f"Player {seat} picks up {state.pending}"))
        hand, stock, discard, reshuffles = _take(state, seat, state.pending, events)
        new = state._replace(hands=_with(state.hands, seat, hand), stock=stock, discard=discard,
                             reshuffles=reshuffles, exposed=-1, voids=_with(state.voids, seat, 0),
                             called=_not_called(state.called, seat), pending=0, pending_rank=None, turn=nxt)
        return new, tuple(events)
    # K_PASS: keep the drawn card, miss the turn facing an 8, or nothing to draw. (Keeping a drawn
    # card leaves the void as it was: whether it could have been played is not public.)
    if state.skip:
        events.append(Announced("skipped", seat, text=f"Player {seat} misses a turn"))
    return state._replace(phase=PLAY, drawn=None, skip=False, exposed=-1, turn=nxt), tuple(events)


def _play(state: State, action: Action, i: int) -> tuple[State, tuple]:
    """Play the card at position `i` of the player's hand (already checked)."""
    seat, card = action.seat, action.card
    hand = state.hands[seat]
    hand = hand[:i] + hand[i + 1:]
    discard = state.discard + (card,)
    events = [_played(card, seat)]
    hands = _with(state.hands, seat, hand)
    rank = card.rank
    suit = action.suit if rank is JACK else card.suit
    if not hand:
        return _hand_over(state._replace(hands=hands, discard=discard, suit=suit, drawn=None, exposed=-1,
                                         pending=0, pending_rank=None, skip=False), seat, events)
    pending, pending_rank, skip = state.pending, state.pending_rank, False
    if rank is TWO or rank is ACE:
        pending = (pending if pending_rank is rank else 0) + PICKUP[rank]
        pending_rank = rank
        events.append(Announced("pickup_pending", _next(state, seat), pending, _PENDING_TEXT[rank, pending]))
    elif rank is EIGHT:
        skip = True
        events.append(Announced("skip_pending", _next(state, seat), text="Play an 8 or miss a turn"))
    if rank is JACK:
        events.append(Announced("suit", seat, int(suit), _SUIT_TEXT[suit]))
    exposed = -1
    if len(hand) == 1 and not state.called[seat]:
        exposed = seat
    table = state.table
    new = State(hands, state.stock, discard, (seat + 1) % table.players, PLAY, suit, pending, pending_rank,
                skip, None, state.called, exposed, state.voids, state.reshuffles, table)
    return new, tuple(events)


def _hand_over(state: State, seat: int, events: list) -> tuple[State, tuple]:
    """`seat` went out: score the cards left; a match goes on until someone reaches the target."""
    points = tuple(hand_points(h) for h in state.hands)
    totals = tuple(t + p for t, p in zip(state.totals, points)) if state.match else state.totals
    done = not state.match or max(totals) >= MATCH_TARGET
    events.append(Announced("hand_over", seat, text=f"Player {seat} goes out!"))
    if done:
        events.append(Announced("game_over", seat))
    new = state._replace(phase=OVER if done else HAND_OVER, turn=seat,
                         table=state.table._replace(winner=seat, totals=totals, last_points=points))
    return new, tuple(events)


# --- what a seat may know ---------------------------------------------------

class Observation(NamedTuple):
    """What `seat` may know. `all_hands` and `stock` are filled only in start mode (open hands)."""

    seat: int
    players: int
    hand: tuple
    hand_sizes: tuple
    discard: tuple            # every card on the discard pile (all were seen face up), top last
    stock_count: int
    turn: int
    phase: Phase
    suit: Suit
    pending: int
    pending_rank: Rank | None
    skip: bool
    drawn: Card | None        # the seat's own drawn card; None for everyone else
    called: tuple
    exposed: int
    voids: tuple
    reshuffles: int
    match: bool
    hand_no: int
    totals: tuple
    last_points: tuple
    winner: int
    all_hands: tuple | None
    stock: tuple | None


def observe(state: State, seat: int) -> Observation:
    """Exactly what `seat` may know: its own hand, the public piles and counts (everything in start mode)."""
    open_ = state.open_hands or state.phase is HAND_OVER or state.phase is OVER  # hands are shown at the end
    return Observation(
        seat=seat, players=state.players, hand=state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands), discard=state.discard, stock_count=len(state.stock),
        turn=state.turn, phase=state.phase, suit=state.suit, pending=state.pending,
        pending_rank=state.pending_rank, skip=state.skip,
        drawn=state.drawn if state.turn == seat else None, called=state.called, exposed=state.exposed,
        voids=state.voids, reshuffles=state.reshuffles, match=state.match, hand_no=state.hand_no,
        totals=state.totals, last_points=state.last_points, winner=state.winner,
        all_hands=state.hands if open_ else None, stock=state.stock if state.open_hands else None,
    )


# --- saving -----------------------------------------------------------------

def _cards_json(cards) -> list[str]:
    return [str(c) for c in cards]


def _cards_back(items) -> tuple:
    return tuple(shared(parse_card(t)) for t in items)


def to_json(state: State) -> dict:
    d = state._asdict()
    d["table"] = dict(state.table._asdict(), totals=list(state.totals), last_points=list(state.last_points))
    d["hands"] = [_cards_json(h) for h in state.hands]
    d["stock"] = _cards_json(state.stock)
    d["discard"] = _cards_json(state.discard)
    d["phase"] = int(state.phase)
    d["suit"] = int(state.suit)
    d["pending_rank"] = None if state.pending_rank is None else int(state.pending_rank)
    d["drawn"] = None if state.drawn is None else str(state.drawn)
    d["called"] = list(state.called)
    d["voids"] = list(state.voids)
    return d


def from_json(data: Mapping[str, Any]) -> State:
    """Rebuild a state from to_json(); raises ValueError on malformed data."""
    try:
        d, t = dict(data), dict(data["table"])
        table = Table(
            seed=int(t["seed"]), players=int(t["players"]), match=bool(t["match"]),
            open_hands=bool(t["open_hands"]), hand_no=int(t["hand_no"]),
            totals=tuple(int(x) for x in t["totals"]), last_points=tuple(int(x) for x in t["last_points"]),
            winner=int(t["winner"]),
        )
        state = State(
            hands=tuple(_cards_back(h) for h in d["hands"]), stock=_cards_back(d["stock"]),
            discard=_cards_back(d["discard"]), turn=int(d["turn"]), phase=Phase(d["phase"]),
            suit=Suit(d["suit"]), pending=int(d["pending"]),
            pending_rank=None if d["pending_rank"] is None else Rank(d["pending_rank"]),
            skip=bool(d["skip"]), drawn=None if d["drawn"] is None else shared(parse_card(d["drawn"])),
            called=tuple(bool(x) for x in d["called"]), exposed=int(d["exposed"]),
            voids=tuple(int(x) for x in d["voids"]), reshuffles=int(d["reshuffles"]), table=table,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a saved Switch game: {exc!r}") from None
    n = table.players
    if not 2 <= n <= 6 or any(len(x) != n for x in (state.hands, state.called, state.voids, table.totals)):
        raise ValueError("not a saved Switch game: the seats do not add up")
    return state
