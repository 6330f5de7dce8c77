"""Skyjo rules: a pure function of seed, options and actions (see seeds/skyjo.md).

Cards are plain ints from -2 to 12; the deck holds 150 of them (DECK_COUNTS). Grid slots
are numbered 0..11 column by column: slot = 3 * column + row (four columns of three).

Each seat's grid is three things in the state:
- grids[s]: a tuple of 12 values (None where a column was cleared away),
- hidden[s]: a 12-bit mask of the face-down slots (bit i = slot i),
- gone[s]: a 12-bit mask of the cleared slots.
Bit masks make "has this player revealed everything?" a comparison with 0 and let
legal_actions() be a table lookup: search opponents play thousands of games a
second through this module (`make bench`). They stay inside the State: an
Observation shows each slot as a card value, HIDDEN or CLEARED (see Cell).
Piles list their cards bottom first, top card last (core/protocol.py): the stock (its count) and the discard.

A turn: in phase TURN the player either takes the discard pile's top card into a
slot ("take 5", one action) or draws from the stock ("draw"). Holding a drawn
card (phase HOLD) they exchange it ("swap 5") or discard it ("discard") and then
must reveal a face-down card (phase FLIP, "flip 5"). Setup flips are "flip N" too.
After a round (phase ROUND_OVER) the action "next" deals the next one. An action
without a slot has slot None.
Event pile names: "stock", "discard", "held:S" (the card seat S has just drawn,
shown to everyone), "grid:S:I" (slot I of seat S); events are shared values. Announcements: "start" (who begins), "column_cleared" (value = column),
"last_lap" (seat = the finisher), "round_over" (value = round number),
"doubled" (seat, value = doubled score), "new_round", "game_over".
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import cache
from typing import Any, NamedTuple

from cardgames.core.cards import check_deal
from cardgames.core.events import Announced, CardFlipped, CardMoved, Shuffled
from cardgames.core.protocol import N_, IllegalAction, Seat
from cardgames.core.rng import make_rng, shuffled
from cardgames.core.rounds import lowest_seats, reshuffle_discard
from cardgames.core.same import by_identity

DECK_COUNTS: dict[int, int] = {-2: 5, -1: 10, 0: 15, **{v: 10 for v in range(1, 13)}}
DECK: tuple[int, ...] = tuple(v for v, n in sorted(DECK_COUNTS.items()) for _ in range(n))
SLOTS = 12
ROWS = 3
COLUMNS = 4
ALL_SLOTS = (1 << SLOTS) - 1
MIN_PLAYERS, MAX_PLAYERS = 2, 8
START_RULES = ("finisher", "highest")
DEFAULT_OPTIONS = {"players": 4, "target": 100, "start": "finisher"}


class Phase(IntEnum):
    SETUP = 0       # players reveal two cards each, seat by seat
    TURN = 1        # take the discard top into a slot, or draw
    HOLD = 2        # holding a drawn card: swap it in or discard it
    FLIP = 3        # discarded the drawn card: reveal a face-down card
    ROUND_OVER = 4  # round scored; "next" deals the next round
    GAME_OVER = 5


# The phases as module constants: looking a member up on the enum class costs more than a turn's arithmetic.
_SETUP, _TURN, _HOLD, _FLIP, _ROUND_OVER, _GAME_OVER = Phase


class Slot(Enum):
    """What an Observation shows in a grid slot that has no face-up card."""

    HIDDEN = "hidden"     # a face-down card
    CLEARED = "cleared"   # its column of three equal cards went to the discard pile

    def __repr__(self) -> str:
        return self.name


HIDDEN, CLEARED = Slot.HIDDEN, Slot.CLEARED
Cell = int | Slot   # one slot as a seat sees it: the face-up card's value, HIDDEN or CLEARED


class Action(NamedTuple):
    """kind is draw, take, swap, discard, flip or next; slot is None when unused."""

    kind: str
    slot: int | None = None

    def __str__(self) -> str:
        return self.kind if self.slot is None else f"{self.kind} {self.slot}"


DRAW = Action("draw")
DISCARD = Action("discard")
NEXT = Action("next")
TAKE = tuple(Action("take", i) for i in range(SLOTS))
SWAP = tuple(Action("swap", i) for i in range(SLOTS))
FLIP = tuple(Action("flip", i) for i in range(SLOTS))


def slots_of(mask: int) -> tuple[int, ...]:
    """The slot numbers whose bits are set in `mask`, ascending."""
    return tuple(i for i in range(SLOTS) if mask >> i & 1)


def column_slots(column: int) -> tuple[int, int, int]:
    return (3 * column, 3 * column + 1, 3 * column + 2)


# Legal-action tables indexed by a slot mask (4096 entries each), built once.
_FLIP_ACTIONS = tuple(tuple(FLIP[i] for i in slots_of(m)) for m in range(ALL_SLOTS + 1))
_TAKE_ACTIONS = tuple(tuple(TAKE[i] for i in slots_of(m)) for m in range(ALL_SLOTS + 1))
_TURN_ACTIONS = tuple((DRAW,) + t for t in _TAKE_ACTIONS)
_HOLD_ACTIONS = tuple(tuple(SWAP[i] for i in slots_of(m)) + (DISCARD,) for m in range(ALL_SLOTS + 1))
_COLUMN_MASKS = tuple(7 << (3 * c) for c in range(COLUMNS))
_GRID = tuple(tuple(f"grid:{s}:{i}" for i in range(SLOTS)) for s in range(MAX_PLAYERS))   # pile names
_HELD = tuple(f"held:{s}" for s in range(MAX_PLAYERS))
_EVENTS: dict[tuple, Any] = {}   # the shared CardMoved / CardFlipped values (frozen, so sharing is safe)


def _moved(card: int, src: str, dst: str) -> CardMoved:
    key = (card, src, dst)
    event = _EVENTS.get(key)
    if event is None:
        event = _EVENTS[key] = CardMoved(card, src, dst)
    return event


def _flipped(card: int, pile: str) -> CardFlipped:
    key = (card, pile)
    event = _EVENTS.get(key)
    if event is None:
        event = _EVENTS[key] = CardFlipped(card, pile)
    return event


@dataclass(frozen=True)
class RoundResult:
    """One scored round: raw grid sums, the scores after doubling, who ended it."""

    raw: tuple[int, ...]
    scores: tuple[int, ...]
    finisher: int
    doubled: bool


class State(NamedTuple):
    """The whole game. A NamedTuple: immutable and cheap to copy."""

    players: int
    target: int
    start_rule: str
    seed: int
    round_no: int
    reshuffles: int                       # seeds the next discard -> stock reshuffle
    phase: Phase
    current: int
    grids: tuple[tuple[int | None, ...], ...]
    hidden: tuple[int, ...]               # per seat: mask of face-down slots
    gone: tuple[int, ...]                 # per seat: mask of cleared slots
    stock: tuple[int, ...]                # top card last
    discard: tuple[int, ...]              # top card last
    held: int | None                      # the card drawn from the stock
    finisher: int | None                  # who revealed everything first this round
    totals: tuple[int, ...]
    rounds: tuple[RoundResult, ...]


@dataclass(frozen=True)
class Observation:
    """What one seat may know: face-up cards, pile sizes, the public discard pile.

    grids[s][i] is what seat s's slot i shows: the card's value when face up,
    HIDDEN when face down, CLEARED when its column was cleared away. No seed,
    no stock order, no face-down card.
    """

    seat: int
    players: int
    target: int
    round_no: int
    phase: Phase
    current: int | None
    grids: tuple[tuple[Cell, ...], ...]
    discard: tuple[int, ...]              # top card last
    stock_count: int
    held: int | None
    finisher: int | None
    totals: tuple[int, ...]
    rounds: tuple[RoundResult, ...]

    def face_down(self, seat: int) -> int:
        """How many face-down cards seat `seat` has."""
        return self.grids[seat].count(HIDDEN)

    def face_up(self, seat: int) -> tuple[int, ...]:
        """The values of seat `seat`'s face-up cards, in slot order."""
        return tuple(c for c in self.grids[seat] if not isinstance(c, Slot))


# ---------------------------------------------------------------- set-up


def _options(options: Mapping[str, Any] | None) -> tuple[int, int, str]:
    opts = dict(DEFAULT_OPTIONS)
    opts.update(options or {})
    players, target, start = opts["players"], opts["target"], opts["start"]
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Skyjo needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise ValueError(f"the target score must be a positive whole number, not {target!r}")
    if start not in START_RULES:
        raise ValueError(f"start rule must be one of {START_RULES}, not {start!r}")
    return players, target, start


def _fresh_round(players: int, seed: int, round_no: int) -> tuple:
    """Shuffle the 150 cards for round `round_no`: grids, stock, discard."""
    deck = shuffled(DECK, make_rng(seed, "deal", round_no))
    grids = tuple(deck[12 * s:12 * s + 12] for s in range(players))
    rest = deck[12 * players:]
    return grids, rest[:-1], rest[-1:]


def new_game(options: Mapping[str, Any] | None, seed: int) -> State:
    """A new game: round 1 dealt from child_seed(seed, "deal", 1), in the set-up phase."""
    players, target, start = _options(options)
    grids, stock, discard = _fresh_round(players, seed, 1)
    return State(players, target, start, int(seed), 1, 0, Phase.SETUP, 0, grids,
                 (ALL_SLOTS,) * players, (0,) * players, stock, discard, None, None,
                 (0,) * players, ())


def deal(options: Mapping[str, Any] | None, grids: Sequence[Sequence[int | None]], stock: Sequence[int],
         discard: Sequence[int], *, face_up: Sequence[Sequence[int]] | None = None,
         current: int | None = None, held: int | None = None, finisher: int | None = None,
         totals: Sequence[int] | None = None, rounds: Sequence[RoundResult] = (), round_no: int | None = None,
         reshuffles: int = 0, seed: int = 0) -> State:
    """A scripted position for tests, tutorials and puzzles; ValueError says what is impossible.

    Piles list their cards bottom first, top card last. A grid slot of None is a
    cleared slot (a whole column of three). The cards given (grids, piles, held)
    may not hold more of a value than the 150-card deck; they need not hold all of it.
    Without face_up the round starts at the set-up flips; with it (slots per seat)
    the set-up is done and `current` (default: the start rule) is to play, holding
    `held` (phase HOLD) when given. `finisher` has revealed everything: the last lap.
    `totals` and `rounds` are the earlier rounds' (round_no defaults to one after
    them); `reshuffles` counts the reshuffles used (it seeds the next one).
    """
    players, target, start = _options(options)
    grids = tuple(tuple(g) for g in grids)
    if len(grids) != players or any(len(g) != SLOTS for g in grids):
        raise ValueError(f"deal needs {players} grids of {SLOTS} cards, got {[len(g) for g in grids]}")
    stock, discard = tuple(stock), tuple(discard)
    if not discard:
        raise ValueError("the discard pile needs a card")
    cards = [v for g in grids for v in g if v is not None] + list(stock) + list(discard)
    cards += [] if held is None else [held]
    check_deal(cards, DECK, "the 150-card deck")
    gone = tuple(sum(1 << i for i in range(SLOTS) if g[i] is None) for g in grids)
    for seat, mask in enumerate(gone):
        if any(mask & m not in (0, m) for m in _COLUMN_MASKS):
            raise ValueError(f"seat {seat}: a cleared column is three empty slots (None), not {bin(mask)}")
    totals = tuple(totals) if totals is not None else tuple(sum(r.scores[s] for r in rounds) for s in range(players))
    if len(totals) != players or not all(isinstance(t, int) for t in totals):
        raise ValueError(f"totals needs {players} whole numbers, not {totals!r}")
    round_no = len(rounds) + 1 if round_no is None else round_no
    if not isinstance(round_no, int) or round_no < 1 or not isinstance(reshuffles, int) or reshuffles < 0:
        raise ValueError(f"round {round_no!r} and reshuffles {reshuffles!r} must be whole numbers (round from 1)")
    state = State(players, target, start, seed, round_no, reshuffles, Phase.SETUP, 0, grids,
                  tuple(ALL_SLOTS & ~m for m in gone), gone, stock, discard, None, None, totals, tuple(rounds))
    if face_up is None:
        if held is not None or finisher is not None or current is not None:
            raise ValueError("current, held and finisher need face_up (the set-up flips done)")
        return state
    if len(face_up) != players or any(not 0 <= i < SLOTS for up in face_up for i in up):
        raise ValueError(f"face_up needs {players} lists of slots 0..{SLOTS - 1}")
    hidden = tuple(ALL_SLOTS & ~m & ~sum(1 << i for i in set(up)) for m, up in zip(gone, face_up))
    state = state._replace(hidden=hidden, phase=Phase.TURN)
    if finisher is not None and (not 0 <= finisher < players or hidden[finisher]):
        raise ValueError(f"the finisher (seat {finisher}) must have every card face up")
    first = _start_player(state) if current is None else current
    if not 0 <= first < players:
        raise ValueError(f"current must be a seat 0..{players - 1}, not {first}")
    return state._replace(current=first, finisher=finisher,
                          phase=Phase.TURN if held is None else Phase.HOLD, held=held)


def _start_player(state: State) -> int:
    """Round 1 (or start rule "highest"): highest sum of face-up cards, then highest card, then seat order.

    Later rounds with the "finisher" rule: who ended the previous round.
    """
    if state.start_rule == "finisher" and state.rounds:
        return state.rounds[-1].finisher

    def key(seat: int) -> tuple[int, int, int]:
        up = [v for i, v in enumerate(state.grids[seat]) if v is not None and not state.hidden[seat] >> i & 1]
        return (sum(up), max(up, default=-99), -seat)

    return max(range(state.players), key=key)


# ---------------------------------------------------------------- queries


def current_player(state: State) -> int | None:
    return None if state.phase == _GAME_OVER else state.current


def is_over(state: State) -> bool:
    return state.phase == _GAME_OVER


def scores(state: State) -> tuple[int, ...]:
    """Running totals (lower is better)."""
    return state.totals


def winners(state: State) -> tuple[int, ...]:
    """The seats with the lowest total (several share a win on a tie)."""
    return lowest_seats(state.totals)


def legal_actions(state: State) -> tuple[Action, ...]:
    phase = state.phase
    seat = state.current
    if phase == _TURN:
        present = ALL_SLOTS & ~state.gone[seat]
        if state.stock or len(state.discard) > 1:
            return _TURN_ACTIONS[present]
        return _TAKE_ACTIONS[present]
    if phase == _HOLD:
        return _HOLD_ACTIONS[ALL_SLOTS & ~state.gone[seat]]
    if phase == _SETUP or phase == _FLIP:
        return _FLIP_ACTIONS[state.hidden[seat]]
    if phase == _ROUND_OVER:
        return (NEXT,)
    return ()


_SHOWN: list = [None]    # the grids as shown last, with the state's (immutable) grids and masks they came from
_seat_shown = by_identity(lambda grid, hid, gon: tuple(CLEARED if gon >> i & 1 else HIDDEN if hid >> i & 1 else v
                                                     for i, v in enumerate(grid)), 16384)   # a seat's: kept


def observe(state: State, seat: int) -> Observation:
    last = _SHOWN[0]          # every seat of a position: the same grids (made once: a table tells them all)
    if last is None or last[0] is not state.grids or last[1] is not state.hidden or last[2] is not state.gone:
        last = _SHOWN[0] = (state.grids, state.hidden, state.gone,   # (the seats a move left alone: the same tuples)
                            tuple(map(_seat_shown, state.grids, state.hidden, state.gone)))
    return Observation(seat, state.players, state.target, state.round_no, state.phase,
                       current_player(state), last[3], state.discard, len(state.stock), state.held,
                       state.finisher, state.totals, state.rounds)


# ---------------------------------------------------------------- actions


def parse_action(text: str) -> Action:
    """"draw", "discard", "next", "take 5", "swap 5", "flip 5" (slots 0..11)."""
    parts = text.split()
    if len(parts) == 1 and parts[0] in ("draw", "discard", "next"):
        return Action(parts[0])
    if len(parts) == 2 and parts[0] in ("take", "swap", "flip") and parts[1].isdigit():
        slot = int(parts[1])
        if slot < SLOTS:
            return Action(parts[0], slot)
    raise ValueError(f"not a Skyjo action: {text!r} (expected draw, discard, next, take N, swap N or flip N, N 0..11)")


def apply(state: State, action: Action) -> tuple[State, tuple]:
    """The state after `action` and the events, or IllegalAction saying why not."""
    phase = state.phase
    try:
        kind, slot = action
    except (TypeError, ValueError):
        kind = slot = None
    if phase == _TURN:
        if kind == "take":
            return _exchange(state, slot, state.discard[-1], state.discard[:-1], "discard")
        if kind == "draw" and slot is None:
            return _draw(state)
    elif phase == _HOLD:
        if kind == "swap":
            return _exchange(state, slot, state.held, state.discard, _HELD[state.current])
        if kind == "discard" and slot is None:
            return _discard(state)
    elif phase == _FLIP or phase == _SETUP:
        if kind == "flip":
            return _flip(state, slot)
    elif phase == _ROUND_OVER and kind == "next" and slot is None:
        return _next_round(state)
    raise IllegalAction("{action} is not allowed now ({phase} phase); legal: {legal}", N_("That move is not allowed now."),
                        action=str(action), phase=phase.name.lower(),
                        legal=", ".join(map(str, legal_actions(state))) or "nothing")


def _draw(state: State) -> tuple[State, tuple]:
    seat = state.current
    stock, discard, reshuffles = state.stock, state.discard, state.reshuffles
    if stock:
        card = stock[-1]
        events: tuple = (_moved(card, "stock", _HELD[seat]),)
    else:
        if len(discard) < 2:
            raise IllegalAction("the stock is empty and there is nothing to reshuffle")
        stock, discard = reshuffle_discard(discard, state.seed, reshuffles)
        reshuffles += 1
        card = stock[-1]
        events = (Shuffled("discard", "stock", len(stock)), _moved(card, "stock", _HELD[seat]))
    return State(state.players, state.target, state.start_rule, state.seed, state.round_no, reshuffles,
                 _HOLD, seat, state.grids, state.hidden, state.gone, stock[:-1], discard, card,
                 state.finisher, state.totals, state.rounds), events


def _discard(state: State) -> tuple[State, tuple]:
    seat = state.current
    events = (_moved(state.held, _HELD[seat], "discard"),)
    state = State(state.players, state.target, state.start_rule, state.seed, state.round_no, state.reshuffles,
                  _FLIP, seat, state.grids, state.hidden, state.gone, state.stock, state.discard + (state.held,),
                  None, state.finisher, state.totals, state.rounds)
    if not state.hidden[seat]:  # nothing left to reveal (never happens in a normal round)
        return _end_turn(state, seat, state.grids[seat], 0, state.gone[seat], state.discard, events)
    return state, events


def _exchange(state: State, slot: Any, card: int, discard: tuple, src: str) -> tuple[State, tuple]:
    """Put `card` (from `src`) at `slot`; the old card goes face up onto the discard pile."""
    seat = state.current
    gone = state.gone[seat]
    if slot.__class__ is not int or not 0 <= slot < SLOTS or gone >> slot & 1:
        raise IllegalAction("slot {slot} is not in the grid for {seat}", N_("There is no card there in your grid."),
                            slot=str(slot), seat=Seat(seat, "seat"))
    grid = state.grids[seat]
    old = grid[slot]
    where = _GRID[seat][slot]
    events = (_EVENTS.get((card, src, where)) or _moved(card, src, where),      # the card in,
              _EVENTS.get((old, where, "discard")) or _moved(old, where, "discard"))   # the old one out
    cells = list(grid)
    cells[slot] = card
    return _end_turn(state, seat, tuple(cells), state.hidden[seat] & ~(1 << slot), gone, discard + (old,),
                     events, slot // 3)


def _flip(state: State, slot: Any) -> tuple[State, tuple]:
    seat = state.current
    hidden = state.hidden[seat]
    if slot.__class__ is not int or not 0 <= slot < SLOTS or not hidden >> slot & 1:
        raise IllegalAction("slot {slot} is not face down for {seat}", N_("That card is already face up: turn over a "
                            "face-down card."), slot=str(slot), seat=Seat(seat, "seat"))
    grid = state.grids[seat]
    events = (_flipped(grid[slot], _GRID[seat][slot]),)
    hidden &= ~(1 << slot)
    if state.phase == _SETUP:
        return _after_setup_flip(state._replace(hidden=_put(state.hidden, seat, hidden)), events)
    return _end_turn(state, seat, grid, hidden, state.gone[seat], state.discard, events, slot // 3)


def _put(items: tuple, seat: int, item: Any) -> tuple:
    """`items` with entry `seat` replaced."""
    out = list(items)
    out[seat] = item
    return tuple(out)


def _cleared(seat: int, column: int, grid: tuple, hidden: int, gone: int, discard: tuple,
             events: list) -> tuple[tuple, int, tuple]:
    """Three equal face-up cards in `column` go onto the discard pile: (grid, gone, discard) after it."""
    cmask = _COLUMN_MASKS[column]
    if (hidden | gone) & cmask:
        return grid, gone, discard
    a = 3 * column
    value = grid[a]
    if not value == grid[a + 1] == grid[a + 2]:
        return grid, gone, discard
    piles = _GRID[seat]
    events += [_moved(value, piles[a], "discard"), _moved(value, piles[a + 1], "discard"),
               _moved(value, piles[a + 2], "discard"), Announced("column_cleared", seat, column)]
    return grid[:a] + (None, None, None) + grid[a + 3:], gone | cmask, discard + (value, value, value)


def _after_setup_flip(state: State, events: tuple) -> tuple[State, tuple]:
    seat = state.current
    if state.hidden[seat].bit_count() > SLOTS - 2:
        return state, events
    if seat + 1 < state.players:
        return state._replace(current=seat + 1), events
    first = _start_player(state)
    return state._replace(phase=_TURN, current=first), (*events, Announced("start", first))


def _end_turn(state: State, seat: int, grid: tuple, hidden: int, gone: int, discard: tuple, events: tuple,
              column: int | None = None) -> tuple[State, tuple]:
    """Seat's grid is now (grid, hidden, gone): clear `column` if complete, mark the finisher,
    pass to the next player, or end the round after the final lap. One new State."""
    if column is not None and not (hidden | gone) & _COLUMN_MASKS[column]:
        events = list(events)
        grid, gone, discard = _cleared(seat, column, grid, hidden, gone, discard, events)
    finisher = state.finisher
    if finisher is None and not hidden:
        finisher = seat
        events = (*events, Announced("last_lap", seat))
    nxt = seat + 1 if seat + 1 < state.players else 0
    hiddens, gones = state.hidden, state.gone       # rebuilt only when they change (a column clears rarely)
    state = State(state.players, state.target, state.start_rule, state.seed, state.round_no, state.reshuffles,
                  _TURN, nxt, _put(state.grids, seat, grid),
                  hiddens if hiddens[seat] == hidden else _put(hiddens, seat, hidden),
                  gones if gones[seat] == gone else _put(gones, seat, gone),
                  state.stock, discard, None, finisher, state.totals, state.rounds)
    if nxt == finisher:
        return _end_round(state, list(events))
    return state, tuple(events)


def _end_round(state: State, events: list) -> tuple[State, tuple]:
    """Reveal every face-down card, clear completed columns, score, double, add up."""
    grids, gone, discard = list(state.grids), list(state.gone), state.discard
    for seat in range(state.players):
        hidden = state.hidden[seat]
        for i in slots_of(hidden):
            events.append(_flipped(grids[seat][i], _GRID[seat][i]))
        for column in range(COLUMNS):
            if hidden & _COLUMN_MASKS[column]:
                grids[seat], gone[seat], discard = _cleared(seat, column, grids[seat], 0, gone[seat], discard,
                                                            events)
    raw = tuple(sum(v for v in grid if v is not None) for grid in grids)
    result = round_scores(raw, state.finisher)
    totals = tuple(t + s for t, s in zip(state.totals, result.scores))
    events.append(Announced("round_over", None, state.round_no))
    if result.doubled:
        events.append(Announced("doubled", result.finisher, result.scores[result.finisher]))
    over = max(totals) >= state.target
    state = state._replace(phase=_GAME_OVER if over else _ROUND_OVER, grids=tuple(grids),
                           hidden=(0,) * state.players, gone=tuple(gone), discard=discard,
                           current=state.finisher, totals=totals, rounds=state.rounds + (result,))
    if over:
        events.append(Announced("game_over", min(range(state.players), key=lambda s: totals[s])))
    return state, tuple(events)


def round_scores(raw: Sequence[int], finisher: int) -> RoundResult:
    """The finisher's positive score doubles unless it is strictly the lowest."""
    own = raw[finisher]
    doubled = own > 0 and any(v <= own for s, v in enumerate(raw) if s != finisher)
    final = tuple(v * 2 if doubled and s == finisher else v for s, v in enumerate(raw))
    return RoundResult(tuple(raw), final, finisher, doubled)


def _next_round(state: State) -> tuple[State, tuple]:
    round_no = state.round_no + 1
    grids, stock, discard = _fresh_round(state.players, state.seed, round_no)
    events = (Announced("new_round", None, round_no), *_dealing(state.players), _moved(discard[-1], "stock", "discard"))
    state = state._replace(round_no=round_no, phase=_SETUP, current=0, grids=grids,
                           hidden=(ALL_SLOTS,) * state.players, gone=(0,) * state.players,
                           stock=stock, discard=discard, held=None, finisher=None)
    return state, events


@cache
def _dealing(players: int) -> tuple:
    """The events of a new round's shuffle and deal: twelve face-down cards to each grid, slot by slot."""
    return (Shuffled("discard", "stock", len(DECK)),
            *(CardMoved(None, "stock", _GRID[seat][i], face_up=False) for i in range(SLOTS) for seat in range(players)))


# ---------------------------------------------------------------- saving

def to_json(state: State) -> dict:
    data = state._asdict()
    data["phase"] = int(state.phase)
    data["grids"] = [list(g) for g in state.grids]
    for key in ("hidden", "gone", "stock", "discard", "totals"):
        data[key] = list(data[key])
    data["rounds"] = [
        {"raw": list(r.raw), "scores": list(r.scores), "finisher": r.finisher, "doubled": r.doubled}
        for r in state.rounds
    ]
    return data


def from_json(data: Mapping[str, Any]) -> State:
    """The state to_json saved; ValueError when the data is not one. (Autosaves hold seed and actions.)"""
    try:
        state = State(
            int(data["players"]), int(data["target"]), str(data["start_rule"]), int(data["seed"]),
            int(data["round_no"]), int(data["reshuffles"]), Phase(data["phase"]), int(data["current"]),
            tuple(tuple(g) for g in data["grids"]), tuple(data["hidden"]), tuple(data["gone"]),
            tuple(data["stock"]), tuple(data["discard"]), data["held"], data["finisher"],
            tuple(data["totals"]),
            tuple(RoundResult(tuple(r["raw"]), tuple(r["scores"]), r["finisher"], r["doubled"])
                  for r in data["rounds"]),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"not a saved Skyjo game: {exc!r}") from None
    _options({"players": state.players, "target": state.target, "start": state.start_rule})
    return state


def card_count(state: State) -> int:
    """Cards in play (grids, piles, hand): 150 at every moment of a dealt game."""
    on_grids = sum(1 for g in state.grids for v in g if v is not None)
    return on_grids + len(state.stock) + len(state.discard) + (state.held is not None)
