"""The rules contract: what every game's rules module provides, and the conventions they share.

A game's rules are one pure module (`games/<game>/rules.py`, no pygame) of
module-level functions over immutable states. The scene, the AI, the
benchmarks and the tests all call the same functions, so a fifth game that
follows this page plugs into the shell, the autosave, the move log and
`make bench` without special cases.

## The functions (RulesModule below)

```python
new_game(options, seed) -> State            # every shuffle from child_seed(seed, ...): same seed, same game
deal(options, <piles>, *, <set-up>) -> State  # a scripted position for tests, tutorials and puzzles
current_player(state) -> int | None         # None once the game is over
legal_actions(state) -> tuple[Action, ...]  # deterministic order, no duplicates; () once over
apply(state, action) -> (State, events)     # pure: never mutates `state`; IllegalAction says why not
observe(state, seat) -> Observation         # exactly what `seat` may know, nothing it may not
is_over(state) -> bool
scores(state) -> tuple[int, ...]            # per seat, in the game's own sense (see its docstring)
winners(state) -> tuple[int, ...]           # the seats that won (several on a tie; () while undecided)
to_json(state) -> dict; from_json(data) -> State   # autosave and resume; ValueError on a bad save
str(action) / parse_action(text) -> Action  # short notation for logs, replays and tests
```

A game where seats may act out of turn (Switch: calling "last card", catching
a player who forgot) lists the current player's actions in `legal_actions` and
the others' in `out_of_turn_actions(state, seat)`.

## Conventions (the same in every game)

- Piles list their cards bottom first, top card LAST: `pile[-1]` is the card
  you would take or see, in a State, in an Observation and in `deal()`'s
  arguments alike. A pile is a tuple.
- The face-down pile players draw from is `stock` (an Observation holds only
  its size, `stock_count`); the face-up pile cards are thrown on is
  `discard` (TriPeaks, which has no discarding, calls its pile `waste`).
  Event pile names follow the State: "stock", "discard", "hand:S", ...
- An action's argument that means "none" is `None` (never -1 or ""); an
  action is a small immutable value whose `str()` parses back with
  `parse_action`.
- `deal()` checks what it is given against the game's decks and rules and
  raises ValueError naming what is wrong: more copies of a card than the decks
  hold, a hand of the wrong size for the round, a seat count the options do
  not allow. Its keyword arguments can set up any position a test needs
  (the round, earlier totals, a reshuffle already used, ...), so tests never
  play into a position or edit saved JSON to reach it.
- States are immutable (NamedTuple or frozen dataclass, tuples inside, never
  sets) and carry their own seed, so a later chance event (a reshuffle) seeds
  itself and `apply` stays a pure function: seed + actions = the game.
- Hidden information stays in the State: an Observation shows a face-down
  card as a named marker (Skyjo's HIDDEN), never its value, and events that
  carry a card only one seat may see set `visible_to` (see events.redact).
- A scene draws from `observe(state, viewer)`; an AI module
  (AIModule below) chooses from an Observation and the legal actions only.
- Speed: `make bench` plays random games through these functions
  (cardgames/bench_rules.py); search opponents depend on it, so a change to a
  rules module reports games per CPU second before and after.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any, Protocol, Self

from cardgames.core.events import Event


def N_(message: str) -> str:
    """Marks a message for translation where it is written (`make translations` extracts it); the
    same no-op as cardgames.i18n.N_, so that rules modules need no i18n import."""
    return message


class Seat(int):
    """A seat index named in a message: "player 0" in the English text (str(exc), logs, tests); the
    scene shows the seat's name instead. `word` is how the English text names it ("player", "seat")."""

    word: str

    def __new__(cls, seat: int, word: str = "player") -> Self:
        obj = super().__new__(cls, seat)
        obj.word = word
        return obj

    def __str__(self) -> str:
        return f"{self.word} {int(self)}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _english(value: Any) -> Any:
    """A value as the English text shows it: an enum (a Suit) by its name, "hearts"."""
    return value.name.lower() if isinstance(value, Enum) else value


class IllegalAction(ValueError):
    """The action is not allowed in this state; the message says why.

    `message` is an English sentence with {placeholders} and `values` fill them: str(exc) is the
    English text (logs, tests, the command line), and the scene says it in the player's language
    (cardgames.i18n.refusal: cards in words, seats by name, numbers the language's way). `you`, when
    given, is the same refusal told to the player who tried it ("you have already called 'last
    card'" for "player 0 has already called 'last card'"): a refusal on the screen always speaks to
    the one at the screen. The message is extracted for translation as IllegalAction's first
    argument (the Makefile's KEYWORDS), `you` through N_.
    """

    def __init__(self, message: str, you: str | None = None, **values: Any) -> None:
        super().__init__(message.format(**{k: _english(v) for k, v in values.items()}) if values else message)
        self.message, self.you, self.values = message, you, values


class RulesModule(Protocol):
    """The functions every game's rules module defines (see the notes above)."""

    def new_game(self, options: Mapping[str, Any], seed: int) -> Any: ...
    def deal(self, options: Mapping[str, Any], *piles: Any, **setup: Any) -> Any: ...
    def current_player(self, state: Any) -> int | None: ...
    def legal_actions(self, state: Any) -> tuple[Any, ...]: ...
    def apply(self, state: Any, action: Any) -> tuple[Any, tuple[Event, ...]]: ...
    def observe(self, state: Any, seat: int) -> Any: ...
    def is_over(self, state: Any) -> bool: ...
    def scores(self, state: Any) -> tuple[int, ...]: ...
    def winners(self, state: Any) -> tuple[int, ...]: ...
    def to_json(self, state: Any) -> dict: ...
    def from_json(self, data: Mapping[str, Any]) -> Any: ...
    def parse_action(self, text: str) -> Any: ...


# The names above, for a test that every game's module has them all.
RULES_FUNCTIONS = ("new_game", "deal", "current_player", "legal_actions", "apply", "observe", "is_over",
                   "scores", "winners", "to_json", "from_json", "parse_action")


class AIModule(Protocol):
    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random, level: str) -> Any: ...
