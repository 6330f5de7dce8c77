"""Switch: setting up a game: new_game (a seeded deal), the next hand of a match, the deal's
events for the opening animation, and deal(): any position a test or a tutorial needs, checked
against the decks so that an impossible one is refused with the reason.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from cardgames.core.cards import Card, Rank, Suit
from cardgames.core.events import CardMoved, Shuffled
from cardgames.core.rng import make_rng, shuffled
from cardgames.games.switch.state import (
    CARDS,
    DECKS,
    DRAWN,
    EIGHT,
    HAND_PILES,
    HAND_SIZE,
    JACK,
    MATCH_TARGET,
    MAX_CHAIN,
    PICKUP,
    PLAY,
    SUITS,
    UP_CARD_REDRAW,
    State,
    Table,
    decks_for,
    shared,
)

_new = tuple.__new__        # builds a NamedTuple from one tuple, without its keyword-parsing __new__

# The card-moving events of the deal, made once: by id of a shared card, then by seat.
DEALT = {id(c): tuple(CardMoved(c, "stock", pile, False, (seat,)) for seat, pile in enumerate(HAND_PILES))
         for c in CARDS}


def _dealt(card: Card, seat: int) -> CardMoved:
    made = DEALT.get(id(card))     # an id found there is one of CARDS, which live for ever
    return made[seat] if made is not None else CardMoved(card, "stock", HAND_PILES[seat], False, (seat,))


def _option(options: Mapping[str, Any] | None, key: str, default):
    return options.get(key, default) if options else default


def _table(options: Mapping[str, Any] | None, seed: int, players: int) -> Table:
    if not 2 <= players <= 6:
        raise ValueError(f"Switch needs 2 to 6 players, not {players}")
    return Table(seed=int(seed), players=players, match=bool(_option(options, "match", False)),
                 open_hands=bool(_option(options, "open", False)), hand_no=-1,
                 totals=(0,) * players, last_points=(0,) * players, winner=None)


def new_game(options: Mapping[str, Any] | None, seed: int) -> State:
    """A fresh game: options "players" (2-6, default 2), "match" (bool), "open" (start mode)."""
    table = _table(options, seed, int(_option(options, "players", 2)))
    n = table.players
    blank = State((), (), (), 0, PLAY, Suit.CLUBS, 0, None, False, None, (False,) * n, None, (0,) * n, 0, table)
    return deal_hand(blank, None)


def deal_hand(state: State, events: list | None) -> State:
    """Shuffle and deal the next hand (the first up-card may not be a 2, 8, Jack or Ace); the
    deal's events are added to `events` unless it is None."""
    n, hand_no = state.table.players, state.table.hand_no + 1
    rng = make_rng(state.seed, "deal") if hand_no == 0 else make_rng(state.seed, "deal", hand_no)
    stock = list(shuffled(DECKS[decks_for(n)], rng))
    first = hand_no % n                        # the player to the dealer's left starts; dealing starts there too
    dealt = stock[:-HAND_SIZE * n - 1:-1]      # one card at a time off the top, round the table from `first`
    del stock[-HAND_SIZE * n:]
    hands = [tuple(dealt[(seat - first) % n::n]) for seat in range(n)]
    if events is not None:
        events.append(Shuffled("stock", "stock", len(stock) + len(dealt)))
        events += [_dealt(card, (first + i) % n) for i, card in enumerate(dealt)]
    up = stock.pop()
    turned = [up]                              # the up-cards turned, the last one stays
    while up.rank in UP_CARD_REDRAW:
        stock.insert(int(rng.random() * (len(stock) + 1)), up)
        up = stock.pop()
        turned.append(up)
    if events is not None:
        for back in turned[:-1]:
            events += (CardMoved(back, "stock", "discard"), CardMoved(back, "discard", "stock", False, ()))
        events.append(CardMoved(up, "stock", "discard"))
    seed, _n, match, open_hands, _no, totals, last_points, _winner = state.table
    table = _new(Table, (seed, n, match, open_hands, hand_no, totals, last_points, None))
    return _new(State, (tuple(hands), tuple(stock), (up,), first, PLAY, up.suit, 0, None, False, None,
                        (False,) * n, None, (0,) * n, state.reshuffles, table))


def deal_events(state: State) -> tuple:
    """The events of dealing the current hand, for the scene's opening animation."""
    events: list = []
    deal_hand(state._replace(table=state.table._replace(hand_no=state.hand_no - 1)), events)
    return tuple(events)


# --- a scripted position ------------------------------------------------------

def deal(options: Mapping[str, Any] | None, hands: Sequence[Sequence[Card]], stock: Sequence[Card] = (),
         discard: Sequence[Card] = (), *, turn: int = 0, suit: Suit | None = None, seed: int = 0,
         pending: int = 0, pending_rank: Rank | None = None, skip: bool = False,
         called: Sequence[bool] | None = None, drawn: Card | None = None, exposed: int | None = None,
         voids: Sequence[int] | None = None, reshuffles: int = 0, hand_no: int = 0,
         totals: Sequence[int] | None = None) -> State:
    """A scripted position, for tests, tutorials and puzzles.

    Piles are listed bottom first, top card LAST (the stock's last card is drawn next, the
    discard's last card is the one to follow). Cards not listed are out of play. options as for
    new_game ("players", when given, must match the hands). `suit`: the suit to follow (None: the
    top card's; another suit only on a Jack). `pending` cards to pick up (their rank, None: the
    top card's). `skip`: the current player faces the 8 on top. `drawn`: the current player just
    drew this card, the last of their hand (phase DRAWN). `exposed`: the seat left with one card
    without calling, catchable now. `totals`: a match's points so far (match only), with
    `hand_no` the hand being played (0 the first). Raises ValueError saying what is impossible.
    """
    hands = tuple(tuple(shared(c) for c in h) for h in hands)
    stock, discard = tuple(map(shared, stock)), tuple(map(shared, discard))
    n = len(hands)
    wanted = _option(options, "players", None)
    if wanted is not None and int(wanted) != n:
        raise ValueError(f"options ask for {wanted} players but {n} hands were given")
    table = _table(options, seed, n)
    _check_cards(hands, stock, discard, decks_for(n))
    if not 0 <= turn < n:
        raise ValueError(f"turn {turn} is not a seat (0 to {n - 1})")
    top = discard[-1]
    suit = _suit_to_follow(top, suit)
    pending, pending_rank = _pickup(top, pending, pending_rank, skip)
    if skip and top.rank is not EIGHT:
        raise ValueError(f"a skip is faced only with an 8 on top of the discard pile, not {top}")
    called = _per_seat("called", called, n, False, lambda v: isinstance(v, bool))
    voids = _per_seat("voids", voids, n, 0, lambda v: isinstance(v, int) and 0 <= v < 16)
    phase = PLAY
    if drawn is not None:
        drawn = shared(drawn)
        if hands[turn][-1] != drawn:
            raise ValueError(f"the drawn card {drawn} must be the last card of player {turn}'s hand")
        if pending or skip:
            raise ValueError("a player facing a pick-up or an 8 does not draw")
        phase = DRAWN
    if exposed is not None:
        if not 0 <= exposed < n or exposed == turn:
            raise ValueError(f"exposed must be a seat other than the current player's, not {exposed}")
        if len(hands[exposed]) != 1 or called[exposed]:
            raise ValueError(f"player {exposed} can be exposed only with one card and no call")
    if reshuffles < 0 or hand_no < 0:
        raise ValueError("reshuffles and hand_no count from 0")
    if hand_no and not table.match:
        raise ValueError("only a match has more than one hand (options match=True)")
    if totals is not None:
        if not table.match:
            raise ValueError("only a match keeps totals (options match=True)")
        totals = _per_seat("totals", totals, n, 0, lambda v: isinstance(v, int) and 0 <= v)
        if max(totals) >= MATCH_TARGET:
            raise ValueError(f"a match is over once someone has {MATCH_TARGET} points: totals {totals}")
        table = table._replace(totals=totals)
    table = table._replace(hand_no=hand_no)
    return State(hands, stock, discard, turn, phase, suit, pending, pending_rank, bool(skip), drawn, called,
                 exposed, voids, reshuffles, table)


def _check_cards(hands: tuple, stock: tuple, discard: tuple, decks: int) -> None:
    """Every hand holds a card, the discard pile one, and no card is there more often than the decks hold it."""
    for seat, hand in enumerate(hands):
        if not hand:
            raise ValueError(f"player {seat}'s hand is empty: a player without cards has gone out")
    if not discard:
        raise ValueError("a scripted deal needs at least one discard (the up-card)")
    counts = Counter(c for pile in (*hands, stock, discard) for c in pile)
    for card, count in counts.items():
        if card not in DECKS[1]:
            raise ValueError(f"{card} is not a card of Switch's decks")
        if count > decks:
            held = "once" if decks == 1 else "twice"
            who = "two to four players play with one deck" if decks == 1 else "five or six play with two decks"
            raise ValueError(f"{card} is dealt {count} times, but the decks hold it {held} ({who})")


def _suit_to_follow(top: Card, suit: Suit | None) -> Suit:
    if suit is None:
        return top.suit
    if suit not in SUITS:
        raise ValueError(f"suit must be a Suit or None, not {suit!r}")
    suit = Suit(suit)
    if top.rank is not JACK and suit is not top.suit:
        raise ValueError(f"the suit to follow is the top card's ({top}) unless a Jack is on top")
    return suit


def _pickup(top: Card, pending: int, rank: Rank | None, skip: bool) -> tuple[int, Rank | None]:
    """The pending pick-up, checked: a whole number of 2s or Aces, a 2 or an Ace on top."""
    if not pending:
        if rank is not None:
            raise ValueError("pending_rank is given only with a pending pick-up")
        return 0, None
    rank = top.rank if rank is None else rank
    if rank not in PICKUP or top.rank is not rank:
        raise ValueError(f"a pick-up is pending only with a 2 or an Ace on top of the discard pile, not {top}")
    per = PICKUP[rank]
    if pending % per or not per <= pending <= per * MAX_CHAIN:
        raise ValueError(f"a pick-up of {rank.name.lower()}s is {per} to {per * MAX_CHAIN} cards in steps of "
                         f"{per}, not {pending}")
    if skip:
        raise ValueError("a pick-up and a skip cannot be pending together")
    return pending, rank


def _per_seat(name: str, values, n: int, default, ok) -> tuple:
    if values is None:
        return (default,) * n
    values = tuple(values)
    if len(values) != n or not all(ok(v) for v in values):
        raise ValueError(f"{name} needs one valid value per seat ({n}), not {values!r}")
    return values
