"""The "suggest" command of a practice game: what the game's Expert would play, from the seat's own view.

A game with an Expert has a module cardgames/games/<game>/expert.py with a function
`choose(observation, legal, rng) -> action` (Skyjo's today; Switch's and Three Thirteen's plug in the
same way). The table asks it with the seat's observation (rules.observe(state, seat), exactly what
the seat is sent: never the State) and the seat's legal actions, and answers in the seat's Update
(`suggestion`: the action's text). The view rings the card or pile and says the move in words.

Suggestions are for practice games only (options["practice"]), on the seat's own turn.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from cardgames.core.protocol import N_
from cardgames.core.rng import make_rng
from cardgames.table.updates import legal_for

_EXPERTS: dict[str, ModuleType | None] = {}


def expert_of(game: str) -> ModuleType | None:
    """The game's expert module (None when the game has none)."""
    if game not in _EXPERTS:
        try:
            module = importlib.import_module(f"cardgames.games.{game}.expert")
        except ImportError:
            module = None
        _EXPERTS[game] = module if callable(getattr(module, "choose", None)) else None
    return _EXPERTS[game]


def why_not(table: Any, seat: int) -> tuple[str, str] | None:
    """(refusal code, English text) when the seat may not have a suggestion now, else None."""
    if not table.options.get("practice"):
        return "no_suggest", N_("Suggestions are for practice games.")
    if expert_of(table.game) is None:
        return "no_suggest", N_("This game has no suggestions yet.")
    if not legal_for(table.spec, table.state, seat, True) or table.spec.between(table.state):
        return "not_your_turn", N_("Wait for your turn.")
    return None


def suggestion(table: Any, seat: int) -> str:
    """The move the game's Expert would make for `seat`, as the action's text."""
    legal = legal_for(table.spec, table.state, seat, True)
    observation = table.spec.rules.observe(table.state, seat)
    rng = make_rng(table.seed, "suggest", seat, len(table.actions))
    return str(expert_of(table.game).choose(observation, legal, rng))
