"""The update one seat is sent (and a spectator's), made from what that seat may know.

seat_update() reads the State only through the rules' own functions that answer for a seat
(observe, legal_actions on its own turn, out_of_turn_actions) and the public facts of the table
(`Facts`); the events go through redact() for the seat. The leak test
(tests/test_table_leaks.py) runs it on a second world that differs only in the cards the seat
cannot see and checks that the bytes are the same.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgames.core.events import redact
from cardgames.core.same import by_identity
from cardgames.table.games import GameSpec
from cardgames.table.messages import Assist, Deadline, Public, Refusal, Result, Update


@dataclass(frozen=True)
class Facts:
    """What everyone at the table knows besides the game: the table's clock and move count, who is
    thinking, the deadlines, the result (set once the game is over), and whether the views should
    draw afresh."""

    moves: int
    now: float
    thinking: int | None = None
    deadlines: tuple[Deadline, ...] = ()
    result: Result | None = None
    reset: bool = False
    played: tuple[str, ...] = ()      # the actions applied since the last update (public in every game)


def whose_turn(spec: GameSpec, state: Any) -> int | None:
    """Whose turn it is; None when over and between rounds (a human deals on)."""
    if spec.rules.is_over(state) or spec.between(state):
        return None
    return spec.rules.current_player(state)


# Legal actions as text, by the identity of the rules' tuple (Skyjo's are made once, for every position
# alike); a tuple made afresh each time is worked out again.
_texts = by_identity(lambda actions: tuple([str(a) for a in actions]), 4096)


def legal_for(spec: GameSpec, state: Any, seat: int, human: bool) -> tuple[Any, ...]:
    """The actions `seat` may take on its turn (between rounds: a human may deal on)."""
    if spec.rules.is_over(state):
        return ()
    if spec.between(state):
        return (spec.next_action,) if human else ()
    if spec.rules.current_player(state) != seat:
        return ()
    return spec.rules.legal_actions(state)


class Turn:
    """What a position says alike to every seat: whose turn it is and that seat's legal actions
    (as text, worked out once however many seats are told): whose_turn() and legal_for() once a
    position, not once a seat."""

    __slots__ = ("_legal", "between", "current", "over", "spec", "state")

    def __init__(self, spec: GameSpec, state: Any) -> None:
        self.spec, self.state = spec, state
        self.over = bool(spec.rules.is_over(state))
        self.between = not self.over and bool(spec.between(state))
        self.current = None if self.over or self.between else spec.rules.current_player(state)
        self._legal: tuple[str, ...] | None = None

    def legal(self, seat: int, human: bool) -> tuple[str, ...]:
        """legal_for(spec, state, seat, human), as text."""
        if self.over:
            return ()
        if self.between:
            return (str(self.spec.next_action),) if human else ()
        if self.current != seat:
            return ()
        if self._legal is None:
            self._legal = _texts(self.spec.rules.legal_actions(self.state))
        return self._legal


def seat_update(spec: GameSpec, state: Any, seat: int, events: tuple, facts: Facts, *, seq: int = 0,
                human: bool = True, undo: bool = False, refusal: Refusal | None = None,
                assist: Assist | None = None, turn: Turn | None = None) -> Update:
    """`turn`: the position's Turn when several seats are told of it (made here when not given)."""
    over = facts.result is not None      # over by the rules, or every human resigned
    if turn is None or turn.state is not state:
        turn = Turn(spec, state)
    return Update(
        seat=seat, moves=facts.moves, seq=seq, now=facts.now,
        observation=spec.rules.observe(state, seat),
        events=redact(events, seat),
        legal=() if over else turn.legal(seat, human),
        out_of_turn=() if over else tuple(str(a) for a in spec.out_of_turn(state, seat)),
        turn=None if over else turn.current, thinking=facts.thinking, deadlines=facts.deadlines,
        refusal=refusal, result=facts.result, undo=undo, reset=facts.reset, played=facts.played, assist=assist,
    )


def public_update(spec: GameSpec, state: Any, events: tuple, facts: Facts) -> Public:
    return Public(
        moves=facts.moves, now=facts.now, observation=spec.public(spec.rules.observe(state, 0)),
        events=redact(events, None), turn=None if facts.result is not None else whose_turn(spec, state), thinking=facts.thinking,
        deadlines=facts.deadlines, result=facts.result, reset=facts.reset, played=facts.played,
    )
