"""What the table knows of each game: rules, AI, options, rounds, and the types it may carry.

One GameSpec per game (SPECS, by name). The table, the codec and the tests read it; a fifth game
adds one entry. Everything here is pure (no pygame).

- rules, ai: the game's modules (ai None: a computer picks at random among the legal actions).
- rules_keys: the options the rules module reads (the rest, "practice", "names", ..., stay at
  the table); "players" is set from the seats.
- observation, whitelist, overrides: the codec's root type, the only classes it may build, and
  the types of loosely hinted fields (codec.py).
- card: how an event's card travels (Skyjo's cards are ints, the others' Card).
- shared: the game's own Card objects (Switch compares cards by identity).
- next_action: the action that deals the next round or hand (None: a game of one round);
  between(state): the table is between rounds (nobody plays until a human deals on).
- public(observation): an observation with what only its seat may know taken out: the view of a
  spectator (built from seat 0's observation).
- stable: classes whose values stay the same through a game (the codec remembers them);
  stable_events: the event classes whose values the rules share from move to move (Skyjo's).
- choose(spec, state, seat, rng, level): a computer's move, from its observation only (but
  TriPeaks' demo, which shows the solver playing).
- mover(rules, before, after, action_text): who made a move, None for one that closed a round or
  hand (undo never takes that back; `closed` says why): a function of cardgames/table/fair_undo.py.
- fair_undo: undo only in practice (the multiplayer tables).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any

from cardgames.core.cards import Card
from cardgames.core.events import Announced, CardFlipped, CardMoved, Shuffled
from cardgames.games.skyjo import ai as skyjo_ai
from cardgames.games.skyjo import rules as skyjo
from cardgames.games.switch import ai as switch_ai
from cardgames.games.switch import rules as switch
from cardgames.games.switch.state import shared as switch_shared
from cardgames.games.three_thirteen import ai as tt_ai
from cardgames.games.three_thirteen import rules as tt
from cardgames.games.tripeaks import layout as tp_layout
from cardgames.games.tripeaks import rules as tripeaks
from cardgames.games.tripeaks import solver as tp_solver
from cardgames.table import fair_undo

EVENT_TYPES = (CardMoved, CardFlipped, Shuffled, Announced)


def _playable(ai: ModuleType, level: str) -> str:
    """The level a game's AI plays: every game lists Expert (games/info.py); one whose ai.py has no
    Expert yet plays Hard in its place rather than fail."""
    return "hard" if level == "expert" and level not in getattr(ai, "LEVELS", ()) else level


def _default_choose(spec: GameSpec, state: Any, seat: int, rng: random.Random, level: str) -> Any:
    legal = spec.rules.legal_actions(state)
    if spec.ai is None or level == "random":
        return rng.choice(legal)
    return spec.ai.choose(spec.rules.observe(state, seat), legal, rng, _playable(spec.ai, level))


def _switch_choose(spec: GameSpec, state: Any, seat: int, rng: random.Random, level: str) -> Any:
    """A Switch computer chooses among its own actions: its turn's and its own "last card" call."""
    return switch_ai.choose(switch.observe(state, seat), switch.actions_for(state, seat), rng,
                            _playable(switch_ai, level))


def _tripeaks_choose(spec: GameSpec, state: Any, seat: int, rng: random.Random, level: str) -> Any:
    """The demo's TriPeaks player shows the solver at work: it plays the first move of a winning line
    (the solver sees the face-down cards, as the table's hints do: tripeaks_assist.py), else the first
    legal move. It runs in the table's worker thread, within half a second."""
    move = tp_solver.hint(state, max_nodes=100_000, time_limit=0.5)
    return move if move is not None else tripeaks.legal_actions(state)[0]


@dataclass(frozen=True)
class GameSpec:
    name: str
    rules: ModuleType
    ai: ModuleType | None
    rules_keys: tuple[str, ...]
    observation: type
    whitelist: tuple[type, ...]
    overrides: dict[tuple[type, str], Any] = field(default_factory=dict)
    card: Any = Card
    shared: Callable[[Card], Card] | None = None
    next_action: Any = None
    between: Callable[[Any], bool] = lambda state: False
    public: Callable[[Any], Any] = lambda obs: obs
    choose: Callable[..., Any] = _default_choose
    mover: Callable[[ModuleType, Any, Any, str], int | None] = fair_undo.turn_mover
    closed: str = fair_undo.SCORED_ROUND
    fair_undo: bool = True
    multi_seat: bool = True       # "players" comes from the seats (TriPeaks has one seat)
    stable: tuple[type, ...] = ()   # values that stay the same through a game (remembered by the codec)
    stable_events: tuple[type, ...] = ()   # events made once and shared by the rules (remembered likewise)

    def rules_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        out = {k: v for k, v in options.items() if k in self.rules_keys}
        if self.multi_seat:
            out["players"] = players
        return out

    def made(self, before: Any, after: Any, action: str) -> int | None:
        """Who made `action`, played from `before` to `after` (None: it closed a round or hand)."""
        return self.mover(self.rules, before, after, action)

    def out_of_turn(self, state: Any, seat: int) -> tuple[Any, ...]:
        fn = vars(self.rules).get("out_of_turn_actions")   # (getattr's default costs a raised AttributeError)
        return fn(state, seat) if fn is not None else ()


def _card_events(card: Any) -> dict[tuple[type, str], Any]:
    return {(CardMoved, "card"): card | None, (CardFlipped, "card"): card | None}


_SWITCH_OBS = switch.Observation
_CARDS = tuple[Card, ...]

SKYJO = GameSpec(
    name="skyjo", rules=skyjo, ai=skyjo_ai, rules_keys=("target", "start"),
    observation=skyjo.Observation, whitelist=(skyjo.Observation, skyjo.RoundResult, skyjo.Phase, skyjo.Slot),
    overrides=_card_events(int), card=int, next_action=skyjo.NEXT,
    between=lambda state: state.phase == skyjo.Phase.ROUND_OVER,
    public=lambda obs: replace(obs, seat=-1), choose=_default_choose, mover=fair_undo.round_mover,
    stable_events=(CardMoved, CardFlipped),      # (skyjo.rules makes each one once: _EVENTS)
)

THREE_THIRTEEN = GameSpec(
    name="three_thirteen", rules=tt, ai=tt_ai, rules_keys=("ace_high",),
    observation=tt.Observation, whitelist=(tt.Observation, tt.RoundResult, tt.Phase),
    overrides=_card_events(Card), next_action=tt.NEXT,
    between=lambda state: state.phase == tt.Phase.ROUND_OVER,
    public=lambda obs: replace(obs, seat=-1, hand=()), mover=fair_undo.round_mover,
)

SWITCH = GameSpec(
    name="switch", rules=switch, ai=switch_ai, rules_keys=("match", "open"),
    observation=_SWITCH_OBS, whitelist=(_SWITCH_OBS, switch.Phase),
    overrides={**_card_events(Card), (_SWITCH_OBS, "hand"): _CARDS, (_SWITCH_OBS, "hand_sizes"): tuple[int, ...],
               (_SWITCH_OBS, "discard"): _CARDS, (_SWITCH_OBS, "called"): tuple[bool, ...],
               (_SWITCH_OBS, "voids"): tuple[int, ...], (_SWITCH_OBS, "totals"): tuple[int, ...],
               (_SWITCH_OBS, "last_points"): tuple[int, ...], (_SWITCH_OBS, "all_hands"): tuple[_CARDS, ...] | None,
               (_SWITCH_OBS, "stock"): _CARDS | None},
    shared=switch_shared, next_action=switch.Action(switch.K_NEXT, 0),
    between=lambda state: state.phase is switch.HAND_OVER,
    public=lambda obs: obs._replace(seat=-1, hand=() if obs.all_hands is None else obs.hand, drawn=None),
    choose=_switch_choose, mover=fair_undo.switch_mover, closed=fair_undo.FINISHED_HAND,
)

TRIPEAKS = GameSpec(
    name="tripeaks", rules=tripeaks, ai=None, rules_keys=("wrap", "wild", "open_peaks", "empty_waste", "layout"),
    observation=tripeaks.Observation,
    whitelist=(tripeaks.Observation, tripeaks.Options, tp_layout.Layout, tp_layout.Slot),
    overrides=_card_events(Card), choose=_tripeaks_choose, fair_undo=False, multi_seat=False,
    stable=(tp_layout.Layout, tripeaks.Options),
)

SPECS: dict[str, GameSpec] = {s.name: s for s in (TRIPEAKS, SKYJO, THREE_THIRTEEN, SWITCH)}


def spec(name: str) -> GameSpec:
    try:
        return SPECS[name]
    except KeyError:
        raise KeyError(f"no table for game {name!r}; one of: {', '.join(SPECS)}") from None
