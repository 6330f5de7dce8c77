"""Skyjo rules: a pure function of seed, options and actions (see seeds/skyjo.md).

Cards are plain ints from -2 to 12; the deck holds 150 of them (DECK_COUNTS).

Grid slots are numbered 0..11 column by column: slot = 3 * column + row, so
column c is slots 3c, 3c+1, 3c+2 (four columns of three).

Each seat's grid is three things in the state:
- grids[s]: a tuple of 12 values (None where a column was cleared away),
- hidden[s]: a 12-bit mask of the face-down slots (bit i = slot i),
- gone[s]: a 12-bit mask of the cleared slots.
Bit masks make "has this player revealed everything?" a comparison with 0 and let
legal_actions() be a table lookup: the throughput benchmark plays thousands of
games a second through this module.

A turn: in phase TURN the player either takes the discard pile's top card into a
slot ("take 5", one action) or draws from the draw pile ("draw"). Holding a drawn
card (phase HOLD) they exchange it ("swap 5") or discard it ("discard") and then
must reveal a face-down card (phase FLIP, "flip 5"). Setup flips are "flip N" too.
After a round (phase ROUND_OVER) the action "next" deals the next one.

Event pile names: "draw" (draw pile), "discard" (discard pile), "held:S" (the
card seat S has just drawn, shown to everyone), "grid:S:I" (slot I of seat S).
Announcements: "start" (who begins), "column_cleared" (value = column),
"last_lap" (seat = the finisher), "round_over" (value = round number),
"doubled" (seat, value = doubled score), "new_round", "game_over".
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, NamedTuple

from cardgames.core.events import Announced, CardFlipped, CardMoved, Shuffled
from cardgames.core.protocol import IllegalAction
from cardgames.core.rng import make_rng, shuffled
from cardgames.core.rounds import lowest_seats, reshuffle_discard

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


class Action(NamedTuple):
    """kind is draw, take, swap, discard, flip or next; slot is -1 when unused."""

    kind: str
    slot: int = -1

    def __str__(self) -> str:
        return self.kind if self.slot < 0 else f"{self.kind} {self.slot}"


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
_FLIPS = tuple(tuple(FLIP[i] for i in slots_of(m)) for m in range(ALL_SLOTS + 1))
_TAKES = tuple(tuple(TAKE[i] for i in slots_of(m)) for m in range(ALL_SLOTS + 1))
_TURN = tuple((DRAW,) + t for t in _TAKES)
_HOLD = tuple(tuple(SWAP[i] for i in slots_of(m)) + (DISCARD,) for m in range(ALL_SLOTS + 1))
_COLUMN_MASKS = tuple(7 << (3 * c) for c in range(COLUMNS))


@dataclass(frozen=True)
class RoundResult:
    """One scored round: raw grid sums, the scores after doubling, who ended it."""

    raw: tuple[int, ...]
    scores: tuple[int, ...]
    finisher: int
    doubled: bool


class State(NamedTuple):
    """The whole game. A NamedTuple: immutable and cheap to copy with _replace()."""

    players: int
    target: int
    start_rule: str
    seed: int
    round_no: int
    reshuffles: int                       # seeds the next discard -> draw reshuffle
    phase: Phase
    current: int
    grids: tuple[tuple[int | None, ...], ...]
    hidden: tuple[int, ...]               # per seat: mask of face-down slots
    gone: tuple[int, ...]                 # per seat: mask of cleared slots
    draw: tuple[int, ...]                 # top card last
    discard: tuple[int, ...]              # top card last
    held: int | None                      # the card drawn from the draw pile
    finisher: int | None                  # who revealed everything first this round
    totals: tuple[int, ...]
    rounds: tuple[RoundResult, ...]


@dataclass(frozen=True)
class Observation:
    """What one seat may know: face-up cards, pile sizes, the public discard pile.

    values[s][i] is the card at seat s slot i when face up, else None (face down
    or cleared: see hidden/gone). No seed, no draw pile order, no hidden card.
    """

    seat: int
    players: int
    target: int
    round_no: int
    phase: Phase
    current: int | None
    values: tuple[tuple[int | None, ...], ...]
    hidden: tuple[int, ...]
    gone: tuple[int, ...]
    discard: tuple[int, ...]
    draw_count: int
    held: int | None
    finisher: int | None
    totals: tuple[int, ...]
    rounds: tuple[RoundResult, ...]


# ---------------------------------------------------------------- set-up


def _options(options: Mapping[str, Any] | None) -> tuple[int, int, str]:
    opts = dict(DEFAULT_OPTIONS)
    opts.update(options or {})
    players, target, start = opts["players"], opts["target"], opts["start"]
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Skyjo needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    if not isinstance(target, int) or target < 1:
        raise ValueError(f"the target score must be a positive whole number, not {target!r}")
    if start not in START_RULES:
        raise ValueError(f"start rule must be one of {START_RULES}, not {start!r}")
    return players, target, start


def _fresh_round(players: int, seed: int, round_no: int) -> tuple:
    """Shuffle the 150 cards for round `round_no`: grids, draw pile, discard."""
    deck = shuffled(DECK, make_rng(seed, "deal", round_no))
    grids = tuple(deck[12 * s:12 * s + 12] for s in range(players))
    rest = deck[12 * players:]
    return grids, rest[:-1], rest[-1:]


def new_game(options: Mapping[str, Any] | None, seed: int) -> State:
    """A new game: round 1 dealt from child_seed(seed, "deal", 1), in the set-up phase."""
    players, target, start = _options(options)
    grids, draw, discard = _fresh_round(players, seed, 1)
    return State(players, target, start, int(seed), 1, 0, Phase.SETUP, 0, grids,
                 (ALL_SLOTS,) * players, (0,) * players, draw, discard, None, None,
                 (0,) * players, ())


def deal(options: Mapping[str, Any] | None, grids: Sequence[Sequence[int]], draw: Sequence[int],
         discard: Sequence[int], *, face_up: Sequence[Sequence[int]] | None = None,
         current: int | None = None, totals: Sequence[int] | None = None, round_no: int = 1,
         seed: int = 0) -> State:
    """A scripted deal for tests and puzzles. `draw` and `discard` are listed top card first.

    Without face_up the round starts at the set-up flips; with it (slots per seat)
    the set-up is done and `current` (default: the start rule) plays first.
    """
    players, target, start = _options(options)
    if len(grids) != players or any(len(g) != SLOTS for g in grids):
        raise ValueError(f"deal needs {players} grids of {SLOTS} cards")
    if not discard:
        raise ValueError("the discard pile needs a card")
    for v in (*[v for g in grids for v in g], *draw, *discard):
        if v not in DECK_COUNTS:
            raise ValueError(f"{v!r} is not a Skyjo card (-2..12)")
    state = State(players, target, start, seed, round_no, 0, Phase.SETUP, 0,
                  tuple(tuple(g) for g in grids), (ALL_SLOTS,) * players, (0,) * players,
                  tuple(reversed(draw)), tuple(reversed(discard)), None, None,
                  tuple(totals) if totals else (0,) * players, ())
    if face_up is None:
        return state
    hidden = tuple(ALL_SLOTS & ~sum(1 << i for i in set(up)) for up in face_up)
    state = state._replace(hidden=hidden)
    first = _start_player(state) if current is None else current
    return state._replace(phase=Phase.TURN, current=first)


def _start_player(state: State) -> int:
    """Round 1 (or start rule "highest"): highest sum of face-up cards, then highest card, then seat order.

    Later rounds with the "finisher" rule: who ended the previous round.
    """
    if state.start_rule == "finisher" and state.rounds:
        return state.rounds[-1].finisher

    def key(seat: int) -> tuple[int, int, int]:
        up = [v for i, v in enumerate(state.grids[seat]) if not state.hidden[seat] >> i & 1]
        return (sum(up), max(up, default=-99), -seat)

    return max(range(state.players), key=key)


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
    seat = state.current
    if phase == Phase.TURN:
        present = ALL_SLOTS & ~state.gone[seat]
        if state.draw or len(state.discard) > 1:
            return _TURN[present]
        return _TAKES[present]
    if phase == Phase.HOLD:
        return _HOLD[ALL_SLOTS & ~state.gone[seat]]
    if phase == Phase.SETUP or phase == Phase.FLIP:
        return _FLIPS[state.hidden[seat]]
    if phase == Phase.ROUND_OVER:
        return (NEXT,)
    return ()


def observe(state: State, seat: int) -> Observation:
    values = tuple(
        tuple(None if hid >> i & 1 else v for i, v in enumerate(grid))
        for grid, hid in zip(state.grids, state.hidden)
    )
    return Observation(seat, state.players, state.target, state.round_no, state.phase,
                       current_player(state), values, state.hidden, state.gone, state.discard,
                       len(state.draw), state.held, state.finisher, state.totals, state.rounds)


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
    kind, slot = action if isinstance(action, tuple) and len(action) == 2 else (None, -1)
    if phase == Phase.TURN:
        if kind == "take":
            return _exchange(state, slot, state.discard[-1], state.discard[:-1], "discard")
        if kind == "draw":
            return _draw(state)
    elif phase == Phase.HOLD:
        if kind == "swap":
            return _exchange(state, slot, state.held, state.discard, f"held:{state.current}")
        if kind == "discard":
            return _discard(state)
    elif phase == Phase.FLIP or phase == Phase.SETUP:
        if kind == "flip":
            return _flip(state, slot)
    elif phase == Phase.ROUND_OVER and kind == "next":
        return _next_round(state)
    raise IllegalAction(f"{action} is not allowed now ({phase.name.lower()} phase); "
                        f"legal: {', '.join(map(str, legal_actions(state))) or 'nothing'}")


def _check_slot(state: State, slot: Any, mask: int, what: str) -> None:
    if not isinstance(slot, int) or not 0 <= slot < SLOTS or not mask >> slot & 1:
        raise IllegalAction(f"slot {slot} is not {what} for seat {state.current}")


def _draw(state: State) -> tuple[State, tuple]:
    seat = state.current
    draw, discard, reshuffles = state.draw, state.discard, state.reshuffles
    events: list = []
    if not draw:
        if len(discard) < 2:
            raise IllegalAction("the draw pile is empty and there is nothing to reshuffle")
        draw, discard = reshuffle_discard(discard, state.seed, reshuffles)
        reshuffles += 1
        events.append(Shuffled("discard", "draw", len(draw)))
    card = draw[-1]
    events.append(CardMoved(card, "draw", f"held:{seat}"))
    return state._replace(phase=Phase.HOLD, draw=draw[:-1], discard=discard, held=card,
                          reshuffles=reshuffles), tuple(events)


def _discard(state: State) -> tuple[State, tuple]:
    seat = state.current
    events = (CardMoved(state.held, f"held:{seat}", "discard"),)
    state = state._replace(discard=state.discard + (state.held,), held=None, phase=Phase.FLIP)
    if not state.hidden[seat]:  # nothing left to reveal (never happens in a normal round)
        return _end_turn(state, events)
    return state, events


def _exchange(state: State, slot: int, card: int, discard: tuple, src: str) -> tuple[State, tuple]:
    """Put `card` (from `src`) at `slot`; the old card goes face up onto the discard pile."""
    seat = state.current
    _check_slot(state, slot, ALL_SLOTS & ~state.gone[seat], "in the grid")
    grid = state.grids[seat]
    old = grid[slot]
    where = f"grid:{seat}:{slot}"
    events = [CardMoved(card, src, where), CardMoved(old, where, "discard")]
    grid = grid[:slot] + (card,) + grid[slot + 1:]
    state = state._replace(grids=_put(state.grids, seat, grid),
                           hidden=_put(state.hidden, seat, state.hidden[seat] & ~(1 << slot)),
                           discard=discard + (old,), held=None)
    state = _clear_column(state, seat, slot // 3, events)
    return _end_turn(state, events)


def _flip(state: State, slot: int) -> tuple[State, tuple]:
    seat = state.current
    _check_slot(state, slot, state.hidden[seat], "face down")
    grid = state.grids[seat]
    events = [CardFlipped(grid[slot], f"grid:{seat}:{slot}")]
    state = state._replace(hidden=_put(state.hidden, seat, state.hidden[seat] & ~(1 << slot)))
    if state.phase == Phase.SETUP:
        return _after_setup_flip(state, events)
    state = _clear_column(state, seat, slot // 3, events)
    return _end_turn(state, events)


def _put(items: tuple, seat: int, item: Any) -> tuple:
    """`items` with entry `seat` replaced."""
    return items[:seat] + (item,) + items[seat + 1:]


def _set_grid(state: State, seat: int, grid: tuple, hidden: int, gone: int) -> State:
    return state._replace(grids=_put(state.grids, seat, grid), hidden=_put(state.hidden, seat, hidden),
                          gone=_put(state.gone, seat, gone))


def _clear_column(state: State, seat: int, column: int, events: list) -> State:
    """Three equal face-up cards in a column go onto the discard pile (after the exchanged card)."""
    cmask = _COLUMN_MASKS[column]
    if (state.hidden[seat] | state.gone[seat]) & cmask:
        return state
    grid = state.grids[seat]
    a, b, c = column_slots(column)
    if not grid[a] == grid[b] == grid[c]:
        return state
    for i in (a, b, c):
        events.append(CardMoved(grid[i], f"grid:{seat}:{i}", "discard"))
    events.append(Announced("column_cleared", seat, column))
    discard = state.discard + (grid[a], grid[b], grid[c])
    grid = grid[:a] + (None, None, None) + grid[c + 1:]
    state = _set_grid(state, seat, grid, state.hidden[seat], state.gone[seat] | cmask)
    return state._replace(discard=discard)


def _after_setup_flip(state: State, events: list) -> tuple[State, tuple]:
    seat = state.current
    if state.hidden[seat].bit_count() > SLOTS - 2:
        return state, tuple(events)
    if seat + 1 < state.players:
        return state._replace(current=seat + 1), tuple(events)
    first = _start_player(state)
    events.append(Announced("start", first))
    return state._replace(phase=Phase.TURN, current=first), tuple(events)


def _end_turn(state: State, events: list | tuple) -> tuple[State, tuple]:
    """Mark the finisher, pass to the next player, or end the round after the final lap."""
    events = list(events)
    seat = state.current
    finisher = state.finisher
    if finisher is None and not state.hidden[seat]:
        finisher = seat
        events.append(Announced("last_lap", seat))
    nxt = (seat + 1) % state.players
    state = state._replace(finisher=finisher, phase=Phase.TURN, current=nxt)
    if nxt == finisher:
        return _end_round(state, events)
    return state, tuple(events)


def _end_round(state: State, events: list) -> tuple[State, tuple]:
    """Reveal every face-down card, clear completed columns, score, double, add up."""
    for seat in range(state.players):
        hidden = state.hidden[seat]
        for i in slots_of(hidden):
            events.append(CardFlipped(state.grids[seat][i], f"grid:{seat}:{i}"))
        state = _set_grid(state, seat, state.grids[seat], 0, state.gone[seat])
        for column in range(COLUMNS):
            if hidden & _COLUMN_MASKS[column]:
                state = _clear_column(state, seat, column, events)
    raw = tuple(sum(v for v in grid if v is not None) for grid in state.grids)
    result = round_scores(raw, state.finisher)
    totals = tuple(t + s for t, s in zip(state.totals, result.scores))
    events.append(Announced("round_over", None, state.round_no))
    if result.doubled:
        events.append(Announced("doubled", result.finisher, result.scores[result.finisher]))
    over = max(totals) >= state.target
    state = state._replace(phase=Phase.GAME_OVER if over else Phase.ROUND_OVER,
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
    grids, draw, discard = _fresh_round(state.players, state.seed, round_no)
    events: list = [Announced("new_round", None, round_no), Shuffled("discard", "draw", len(DECK))]
    for i in range(SLOTS):
        for seat in range(state.players):
            events.append(CardMoved(None, "draw", f"grid:{seat}:{i}", face_up=False))
    events.append(CardMoved(discard[-1], "draw", "discard"))
    state = state._replace(round_no=round_no, phase=Phase.SETUP, current=0, grids=grids,
                           hidden=(ALL_SLOTS,) * state.players, gone=(0,) * state.players,
                           draw=draw, discard=discard, held=None, finisher=None)
    return state, tuple(events)


# ---------------------------------------------------------------- saving


def to_json(state: State) -> dict:
    data = state._asdict()
    data["phase"] = int(state.phase)
    data["grids"] = [list(g) for g in state.grids]
    for key in ("hidden", "gone", "draw", "discard", "totals"):
        data[key] = list(data[key])
    data["rounds"] = [
        {"raw": list(r.raw), "scores": list(r.scores), "finisher": r.finisher, "doubled": r.doubled}
        for r in state.rounds
    ]
    return data


def from_json(data: Mapping[str, Any]) -> State:
    try:
        state = State(
            int(data["players"]), int(data["target"]), str(data["start_rule"]), int(data["seed"]),
            int(data["round_no"]), int(data["reshuffles"]), Phase(data["phase"]), int(data["current"]),
            tuple(tuple(g) for g in data["grids"]), tuple(data["hidden"]), tuple(data["gone"]),
            tuple(data["draw"]), tuple(data["discard"]), data["held"], data["finisher"],
            tuple(data["totals"]),
            tuple(RoundResult(tuple(r["raw"]), tuple(r["scores"]), r["finisher"], r["doubled"])
                  for r in data["rounds"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a saved Skyjo game: {exc!r}") from None
    _options({"players": state.players, "target": state.target, "start": state.start_rule})
    return state


def card_count(state: State) -> int:
    """Cards in play (grids, piles, hand): 150 at every moment of a dealt game."""
    on_grids = sum(1 for g in state.grids for v in g if v is not None)
    return on_grids + len(state.draw) + len(state.discard) + (state.held is not None)
