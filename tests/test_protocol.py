"""Every game's rules module provides the whole contract of core/protocol.py."""
import importlib

import pytest

from cardgames.core.protocol import RULES_FUNCTIONS
from cardgames.games import registry


@pytest.mark.parametrize("game", [g.name for g in registry.GAMES])
def test_every_rules_module_has_every_contract_function(game):
    rules = importlib.import_module(f"cardgames.games.{game}.rules")
    missing = [name for name in RULES_FUNCTIONS if not callable(getattr(rules, name, None))]
    assert not missing, f"{game}.rules lacks {missing}"


@pytest.mark.parametrize("game", [g.name for g in registry.GAMES])
def test_winners_is_empty_or_seats_and_decided_at_the_end(game):
    import random

    rules = importlib.import_module(f"cardgames.games.{game}.rules")
    state = rules.new_game({}, 3)
    rng = random.Random(3)
    while not rules.is_over(state):
        state, _ = rules.apply(state, rng.choice(rules.legal_actions(state)))
    won = rules.winners(state)
    assert isinstance(won, tuple) and all(isinstance(s, int) for s in won)
    assert rules.current_player(state) is None and rules.legal_actions(state) == ()
