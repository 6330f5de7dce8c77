"""Three Thirteen rules: a pure function of seed, options and actions.

See seeds/three_thirteen.md for the game in words. Eleven rounds deal 3 to 13
cards; in the round dealing N cards, cards of rank N are wild (3s first, Kings
last). Melds and penalties come from melds.py.

A turn is two actions. In phase DRAW the player takes the stock's top card
("stock") or the discard pile's top card ("take"). In phase DISCARD they throw a
card ("discard QH"), or, when all their cards but one can be laid down in melds,
go out ("out"): phase GOING_OUT, where they throw one of the cards that leave
the rest fully melded ("discard QH" again). The card just taken from the
discard pile, or a card identical to it (several decks), may not be thrown in
the same turn. After
someone goes out, each other player has one more turn; then the round is
scored: every hand at its exact lowest penalty. After a round (phase
ROUND_OVER) the action "next" deals the next one; round 11 ends the game.

Empty stock: at the start of a turn with an empty stock, the discard pile minus
its top card is shuffled into a new stock, once per round (seeded from the
game's seed and the round). The next time the stock is empty at the start of a
turn, or when the reshuffle would leave nothing to draw, the round ends and is
scored as it stands.

Seats are numbered clockwise; "left" of seat s is seat s + 1. The first dealer
is drawn from the seed; the deal passes left each round and the player left of
the dealer plays first.

Event pile names: "stock", "discard", "hand:S" (seat S's hand). Announcements:
"new_round" (value = round), "out" (seat who went out; the last turns begin),
"reshuffle", "stock_out" (the round ends on an empty stock), "penalty" (seat,
value = round score), "round_over" (value = round), "game_over" (seat = a winner).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, NamedTuple

from cardgames.core.cards import Card, Rank, cards_str, check_deal, parse_card, parse_cards, remove_one, standard_deck
from cardgames.core.events import Announced, CardMoved, Shuffled
from cardgames.core.protocol import N_, IllegalAction, Seat
from cardgames.core.rng import make_rng, shuffled
from cardgames.core.rounds import lowest_seats, reshuffle_discard
from cardgames.games.three_thirteen import melds

ROUNDS = 11
MIN_PLAYERS, MAX_PLAYERS = 2, 8
DEFAULT_OPTIONS = {"players": 2, "ace_high": False}


def decks_for(players: int) -> int:
    """One deck for 2 players, two for 3-4, three for 5-6, four for 7-8."""
    return 1 if players <= 2 else (players + 1) // 2


def hand_size(round_no: int) -> int:
    """Round 1 deals 3 cards, round 11 deals 13."""
    return round_no + 2


def wild_rank(round_no: int) -> Rank:
    """The wild rank equals the number of cards dealt: 3s in round 1 ... Kings in round 11."""
    return Rank(round_no + 2)


class Phase(IntEnum):
    DRAW = 0        # take the stock's or the discard pile's top card
    DISCARD = 1     # throw a card, or go out
    GOING_OUT = 2   # declared out: throw a card that leaves the rest melded
    ROUND_OVER = 3  # the round is scored; "next" deals the next one
    GAME_OVER = 4


class Action(NamedTuple):
    """kind is stock, take, discard, out or next; card is the card thrown (else None)."""

    kind: str
    card: Card | None = None

    def __str__(self) -> str:
        return self.kind if self.card is None else f"{self.kind} {self.card}"


STOCK = Action("stock")
TAKE = Action("take")
OUT = Action("out")
NEXT = Action("next")


@dataclass(frozen=True)
class RoundResult:
    """One scored round: the hands as they ended, each seat's penalty, who went out."""

    round_no: int
    hands: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]
    out_seat: int | None   # None: the round ended on an empty stock


class State(NamedTuple):
    """The whole game. A NamedTuple: immutable and cheap to copy with _replace()."""

    players: int
    ace_high: bool
    seed: int
    round_no: int
    dealer: int
    phase: Phase
    current: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]            # top card last
    discard: tuple[Card, ...]          # top card last
    taken: Card | None                 # the card taken from the discard pile this turn
    can_out: bool                      # in DISCARD: the player may go out
    outs: tuple[Card, ...]             # in GOING_OUT: the cards that may be thrown
    out_seat: int | None               # who went out this round
    laid: tuple[int, ...]              # seats whose melds lie face up (they went out or laid down)
    last_turns: int                    # turns left after someone went out
    reshuffles: int                    # reshuffles of the discard pile this round (0 or 1)
    picked: tuple[tuple[Card, ...], ...]  # per seat: cards taken from the discard pile this round
    thrown: tuple[tuple[Card, ...], ...]  # per seat: cards discarded this round
    totals: tuple[int, ...]
    rounds: tuple[RoundResult, ...]


@dataclass(frozen=True)
class Observation:
    """What one seat may know: its own hand, public piles and history, counts.

    No seed, no stock order, no other hand: only the melds of a player who went
    out (or laid down on a last turn) are shown, and every hand once the round
    is over (in `rounds`)."""

    seat: int
    players: int
    ace_high: bool
    round_no: int
    wild: Rank
    dealer: int
    phase: Phase
    current: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    discard: tuple[Card, ...]
    stock_count: int
    taken: Card | None
    out_seat: int | None
    shown: tuple[tuple[Card, ...], ...]   # per seat: the melded hand it laid down, else ()
    last_turns: int
    reshuffles: int
    picked: tuple[tuple[Card, ...], ...]
    thrown: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...]
    rounds: tuple[RoundResult, ...]
    decks: int


# ---------------------------------------------------------------- set-up


def _options(options: Mapping[str, Any] | None) -> tuple[int, bool]:
    opts = dict(DEFAULT_OPTIONS)
    opts.update(options or {})
    players, ace_high = opts["players"], opts["ace_high"]
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Three Thirteen needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    if not isinstance(ace_high, bool):
        raise ValueError(f"ace_high must be true or false, not {ace_high!r}")  # noqa: TRY004 - a bad option value
    return players, ace_high


def new_game(options: Mapping[str, Any] | None, seed: int) -> State:
    """A new game: the first dealer drawn from the seed, round 1 dealt."""
    players, ace_high = _options(options)
    dealer = make_rng(seed, "dealer").randrange(players)
    empty = ((),) * players
    state = State(players, ace_high, int(seed), 0, dealer, Phase.ROUND_OVER, dealer, empty, (), (),
                  None, False, (), None, (), 0, 0, empty, empty, (0,) * players, ())
    return _deal_round(state, 1, dealer)[0]


def _deal_round(state: State, round_no: int, dealer: int) -> tuple[State, tuple]:
    """Shuffle all decks for `round_no`, deal one card at a time from the dealer's left."""
    players = state.players
    deck = shuffled(standard_deck(decks_for(players)), make_rng(state.seed, "deal", round_no))
    n = hand_size(round_no)
    stock = list(deck)
    hands: list[list[Card]] = [[] for _ in range(players)]
    events: list = [Announced("new_round", dealer, round_no), Shuffled("discard", "stock", len(deck))]
    for _ in range(n):
        for k in range(1, players + 1):
            seat = (dealer + k) % players
            card = stock.pop()
            hands[seat].append(card)
            events.append(CardMoved(card, "stock", f"hand:{seat}", face_up=True, visible_to=(seat,)))
    up = stock.pop()
    events.append(CardMoved(up, "stock", "discard"))
    empty = ((),) * players
    state = state._replace(round_no=round_no, dealer=dealer, phase=Phase.DRAW, current=(dealer + 1) % players,
                           hands=tuple(tuple(h) for h in hands), stock=tuple(stock), discard=(up,),
                           taken=None, out_seat=None, laid=(), last_turns=0, reshuffles=0, picked=empty, thrown=empty)
    return state, tuple(events)


def deal(options: Mapping[str, Any] | None, hands: Sequence[Sequence[Card] | str], stock: Sequence[Card] | str,
         discard: Sequence[Card] | str, *, round_no: int | None = None, dealer: int | None = None,
         current: int | None = None, totals: Sequence[int] | None = None, rounds: Sequence[RoundResult] = (),
         reshuffles: int = 0, seed: int = 0) -> State:
    """A scripted deal for tests, tutorials and puzzles; ValueError says what is impossible.

    Cards may be given as text ("QH 10S"). Piles list their cards bottom first, top
    card last. Each hand holds the round's number of cards (3 in round 1 ... 13 in
    round 11) and no card appears more often than the decks hold it (one deck for 2
    players, two for 3-4, ...); the piles need not hold the rest of the decks.
    `rounds` are the earlier rounds' results: round_no defaults to the one after them and
    `totals` to their sums. `reshuffles` 1: this round's one reshuffle is used up.
    `current` (default: left of the dealer) is to draw."""
    players, ace_high = _options(options)

    def cards(x):
        return parse_cards(x) if isinstance(x, str) else tuple(x)

    hands = tuple(cards(h) for h in hands)
    stock, discard, rounds = cards(stock), cards(discard), tuple(rounds)
    round_no = len(rounds) + 1 if round_no is None else round_no
    if len(hands) != players:
        raise ValueError(f"deal needs {players} hands, got {len(hands)}")
    if isinstance(round_no, bool) or not isinstance(round_no, int) or not 1 <= round_no <= ROUNDS:
        raise ValueError(f"round must be 1..{ROUNDS}, not {round_no!r}")
    for seat, hand in enumerate(hands):
        if len(hand) != hand_size(round_no):
            raise ValueError(f"seat {seat}'s hand has {len(hand)} cards, but round {round_no} deals "
                             f"{hand_size(round_no)}")
    decks = decks_for(players)
    check_deal([c for h in hands for c in h] + list(stock) + list(discard), standard_deck(decks),
               f"{decks} deck{'s' if decks > 1 else ''} without Jokers")
    dealer = players - 1 if dealer is None else dealer
    current = (dealer + 1) % players if current is None else current
    if not (0 <= dealer < players and 0 <= current < players):
        raise ValueError(f"dealer and current must be seats 0..{players - 1}, not {dealer} and {current}")
    totals = tuple(totals) if totals is not None else tuple(sum(r.scores[s] for r in rounds) for s in range(players))
    if len(totals) != players or not all(isinstance(t, int) for t in totals):
        raise ValueError(f"totals needs {players} whole numbers, not {totals!r}")
    if reshuffles not in (0, 1):
        raise ValueError(f"a round has one reshuffle: reshuffles must be 0 or 1, not {reshuffles!r}")
    empty = ((),) * players
    return State(players, ace_high, seed, round_no, dealer, Phase.DRAW, current, hands, stock, discard,
                 None, False, (), None, (), 0, reshuffles, empty, empty, totals, rounds)


# ---------------------------------------------------------------- queries


def current_player(state: State) -> int | None:
    return None if state.phase == Phase.GAME_OVER else state.current


def is_over(state: State) -> bool:
    return state.phase == Phase.GAME_OVER


def scores(state: State) -> tuple[int, ...]:
    """Running totals (lower is better)."""
    return state.totals


def winners(state: State) -> tuple[int, ...]:
    """The seats with the lowest total (several share a win on a tie)."""
    return lowest_seats(state.totals)


def legal_actions(state: State) -> tuple[Action, ...]:
    phase = state.phase
    if phase == Phase.DRAW:
        return ((STOCK,) if state.stock else ()) + ((TAKE,) if state.discard else ())
    if phase == Phase.DISCARD:
        seen = dict.fromkeys(state.hands[state.current])  # distinct cards, in hand order
        seen.pop(state.taken, None)
        return tuple([Action("discard", c) for c in seen] + ([OUT] if state.can_out else []))
    if phase == Phase.GOING_OUT:
        return tuple(Action("discard", c) for c in state.outs)
    if phase == Phase.ROUND_OVER:
        return (NEXT,)
    return ()


def observe(state: State, seat: int) -> Observation:
    return Observation(seat, state.players, state.ace_high, state.round_no, wild_rank(state.round_no),
                       state.dealer, state.phase, current_player(state), state.hands[seat],
                       tuple(len(h) for h in state.hands), state.discard, len(state.stock), state.taken,
                       state.out_seat, tuple(h if s in state.laid else () for s, h in enumerate(state.hands)),
                       state.last_turns, state.reshuffles, state.picked, state.thrown,
                       state.totals, state.rounds, decks_for(state.players))


# ---------------------------------------------------------------- actions


def parse_action(text: str) -> Action:
    """"stock", "take", "out", "next", "discard QH"."""
    parts = text.split()
    if len(parts) == 1 and parts[0] in ("stock", "take", "out", "next"):
        return Action(parts[0])
    if len(parts) == 2 and parts[0] == "discard":
        return Action(parts[0], parse_card(parts[1]))
    raise ValueError(f"not a Three Thirteen action: {text!r} (expected stock, take, out, next or discard XX)")


def apply(state: State, action: Action) -> tuple[State, tuple]:
    """The state after `action` and the events, or IllegalAction saying why not."""
    kind, card = action if isinstance(action, tuple) and len(action) == 2 else (None, None)
    phase = state.phase
    if phase == Phase.DRAW and kind in ("stock", "take") and card is None:
        return _draw(state, kind)
    if phase == Phase.DISCARD and kind == "out" and card is None:
        return _go_out(state)
    if phase in (Phase.DISCARD, Phase.GOING_OUT) and kind == "discard":
        return _throw(state, card)
    if phase == Phase.ROUND_OVER and kind == "next":
        return _deal_round(state, state.round_no + 1, (state.dealer + 1) % state.players)
    raise IllegalAction("{action} is not allowed now ({phase} phase); legal: {legal}", N_("That move is not allowed now."),
                        action=str(action), phase=phase.name.lower(),
                        legal=", ".join(map(str, legal_actions(state))) or "nothing")


def _draw(state: State, kind: str) -> tuple[State, tuple]:
    """Take a card; work out once whether the player could go out."""
    seat = state.current
    pile = state.stock if kind == "stock" else state.discard
    if not pile:
        if kind == "stock":
            raise IllegalAction("the stock is empty")
        raise IllegalAction("the discard pile is empty")
    card = pile[-1]
    hand = state.hands[seat] + (card,)
    taken = None if kind == "stock" else card
    can_out = melds.can_go_out(hand, wild_rank(state.round_no), state.ace_high, taken)
    hands = _set(state.hands, seat, hand)
    if kind == "stock":
        event = CardMoved(card, "stock", f"hand:{seat}", face_up=True, visible_to=(seat,))
        state = state._replace(stock=pile[:-1], taken=None, hands=hands, phase=Phase.DISCARD, can_out=can_out)
    else:
        event = CardMoved(card, "discard", f"hand:{seat}")
        state = state._replace(discard=pile[:-1], taken=card, picked=_add(state.picked, seat, card),
                               hands=hands, phase=Phase.DISCARD, can_out=can_out)
    return state, (event,)


def _go_out(state: State) -> tuple[State, tuple]:
    """Declare going out; the melds are laid down and the discard comes next."""
    if not state.can_out:
        raise IllegalAction("{seat} cannot go out: not all cards but one meld",
                            N_("You cannot go out yet: all your cards but one must be in melds."),
                            seat=Seat(state.current, "seat"))
    seat = state.current
    outs = melds.go_out_discards(state.hands[seat], wild_rank(state.round_no), state.ace_high, state.taken)
    first = state.out_seat is None
    event = Announced("out", seat, state.players - 1 if first else 0, "last turn" if first else "laid down")
    return state._replace(phase=Phase.GOING_OUT, outs=outs, can_out=False), (event,)


def _throw(state: State, card: Any) -> tuple[State, tuple]:
    seat = state.current
    hand = state.hands[seat]
    if not isinstance(card, Card) or card not in hand:
        raise IllegalAction("{card} is not in {seat}'s hand ({hand})", N_("{card} is not in your hand."),
                            card=str(card), seat=Seat(seat, "seat"), hand=cards_str(hand))
    if card == state.taken:
        raise IllegalAction("{card} was just taken from the discard pile and cannot be thrown back this turn", card=card)
    going_out = state.phase == Phase.GOING_OUT
    if going_out and card not in state.outs:
        raise IllegalAction("{seat} cannot go out throwing {card}: the other cards do not all meld",
                            N_("You cannot go out throwing {card}: your other cards do not all meld."),
                            seat=Seat(seat, "seat"), card=card)
    events: list = [CardMoved(card, f"hand:{seat}", "discard")]
    out_seat, last_turns = state.out_seat, state.last_turns
    if out_seat is not None:  # a last turn
        last_turns -= 1
    elif going_out:
        out_seat, last_turns = seat, state.players - 1
    state = state._replace(hands=_set(state.hands, seat, remove_one(hand, card)), discard=state.discard + (card,),
                           thrown=_add(state.thrown, seat, card), taken=None, can_out=False, outs=(),
                           out_seat=out_seat, laid=state.laid + (seat,) if going_out else state.laid,
                           last_turns=last_turns, phase=Phase.DRAW, current=(seat + 1) % state.players)
    if out_seat is not None and last_turns == 0:
        return _end_round(state, events)
    if not state.stock:
        return _refill(state, events)
    return state, tuple(events)


def _refill(state: State, events: list) -> tuple[State, tuple]:
    """The stock is empty at the start of a turn: reshuffle once, or end the round."""
    if state.reshuffles == 0 and len(state.discard) > 1:
        stock, discard = reshuffle_discard(state.discard, state.seed, state.round_no, state.reshuffles)
        events.append(Announced("reshuffle", None, len(stock)))
        events.append(Shuffled("discard", "stock", len(stock)))
        return state._replace(stock=stock, discard=discard, reshuffles=state.reshuffles + 1), tuple(events)
    events.append(Announced("stock_out"))
    return _end_round(state, events)


def _end_round(state: State, events: list) -> tuple[State, tuple]:
    """Score every hand at its lowest penalty; add up; the game ends after round 11."""
    wild = wild_rank(state.round_no)
    round_scores = tuple(melds.penalty(h, wild, state.ace_high) for h in state.hands)
    result = RoundResult(state.round_no, state.hands, round_scores, state.out_seat)
    totals = tuple(t + s for t, s in zip(state.totals, round_scores))
    events.extend(Announced("penalty", seat, v) for seat, v in enumerate(round_scores))
    events.append(Announced("round_over", None, state.round_no))
    over = state.round_no >= ROUNDS
    state = state._replace(phase=Phase.GAME_OVER if over else Phase.ROUND_OVER, totals=totals,
                           rounds=state.rounds + (result,), taken=None,
                           current=(state.dealer + 2) % state.players)
    if over:
        events.append(Announced("game_over", winners(state)[0]))
    return state, tuple(events)


def _set(rows: tuple, seat: int, row: tuple) -> tuple:
    return rows[:seat] + (row,) + rows[seat + 1:]


def _add(rows: tuple, seat: int, card: Card) -> tuple:
    return _set(rows, seat, rows[seat] + (card,))


# ---------------------------------------------------------------- saving


def to_json(state: State) -> dict:
    return {
        "players": state.players, "ace_high": state.ace_high, "seed": state.seed, "round_no": state.round_no,
        "dealer": state.dealer, "phase": int(state.phase), "current": state.current,
        "hands": [cards_str(h) for h in state.hands], "stock": cards_str(state.stock),
        "discard": cards_str(state.discard), "taken": None if state.taken is None else str(state.taken), "can_out": state.can_out,
        "outs": cards_str(state.outs),
        "out_seat": state.out_seat, "laid": list(state.laid), "last_turns": state.last_turns, "reshuffles": state.reshuffles,
        "picked": [cards_str(p) for p in state.picked], "thrown": [cards_str(t) for t in state.thrown],
        "totals": list(state.totals),
        "rounds": [{"round_no": r.round_no, "hands": [cards_str(h) for h in r.hands], "scores": list(r.scores),
                    "out_seat": r.out_seat} for r in state.rounds],
    }


def from_json(data: Mapping[str, Any]) -> State:
    try:
        state = State(
            int(data["players"]), bool(data["ace_high"]), int(data["seed"]), int(data["round_no"]),
            int(data["dealer"]), Phase(data["phase"]), int(data["current"]),
            tuple(parse_cards(h) for h in data["hands"]), parse_cards(data["stock"]), parse_cards(data["discard"]),
            None if data["taken"] is None else parse_card(data["taken"]), bool(data["can_out"]),
            parse_cards(data["outs"]),
            None if data["out_seat"] is None else int(data["out_seat"]), tuple(int(s) for s in data["laid"]),
            int(data["last_turns"]),
            int(data["reshuffles"]), tuple(parse_cards(p) for p in data["picked"]),
            tuple(parse_cards(t) for t in data["thrown"]), tuple(int(t) for t in data["totals"]),
            tuple(RoundResult(int(r["round_no"]), tuple(parse_cards(h) for h in r["hands"]),
                              tuple(int(v) for v in r["scores"]),
                              None if r["out_seat"] is None else int(r["out_seat"])) for r in data["rounds"]),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"not a saved Three Thirteen game: {exc!r}") from None
    _options({"players": state.players, "ace_high": state.ace_high})
    if len(state.hands) != state.players or len(state.totals) != state.players:
        raise ValueError("not a saved Three Thirteen game: the seat count does not match")
    return state


def card_count(state: State) -> int:
    """Cards in play: every card of the decks, at every moment of a dealt game."""
    return sum(len(h) for h in state.hands) + len(state.stock) + len(state.discard)
