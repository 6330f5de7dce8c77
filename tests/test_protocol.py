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


# Autosaves hold the seed, the options and the actions as text (ui/game_scene.py replays them). These
# three were played on the rules before the contract (stock order, names); they must still replay to
# the same table: the same discard pile and the same next card of the stock.
OLD_SAVES = [
    ("skyjo", {"players": 3}, ("flip 7,flip 9,flip 7,flip 8,flip 8,flip 10,take 2,take 1,take 11,take 7,take 6,take 9,"
     "take 8,take 11,take 1,take 0,take 6,take 3,take 1,take 0,take 7,take 11,take 10,take 9,draw,swap 9,take 5,"
     "take 6,take 9,take 10,take 8,take 9,take 1,take 8,draw,swap 8,take 0,draw,swap 0,take 2"), "4 11 4 7", 110, "12"),
    ("three_thirteen", {"players": 2}, ("take,discard 8S,take,discard 5S,stock,discard 6C,take,discard 8S,stock,"
     "discard 8H,take,discard 6D,stock,discard 10C,stock,discard 2H,take,discard 3C,stock,discard 5H,stock,"
     "discard KC,stock,discard 8H,stock,discard 7C,take,discard 6S,take,discard JS,stock,discard 9S,take,"
     "discard QH,stock,discard 6C,take,discard 9S,take,discard AD"), "KC 8H JS QH AD", 35, "9D"),
    ("tripeaks", {}, "play 26,turn,turn,turn,turn,turn,play 24,turn,play 20,play 18,turn,turn",
     "JC 10H JH 10D KC", 15, "3C"),
]


@pytest.mark.parametrize(("game", "options", "actions", "pile_top", "stock_left", "next_card"), OLD_SAVES,
                         ids=[s[0] for s in OLD_SAVES])
def test_a_game_saved_before_the_contract_replays_to_the_same_table(game, options, actions, pile_top, stock_left,
                                                                    next_card):
    rules = importlib.import_module(f"cardgames.games.{game}.rules")
    state = rules.new_game(options, 11)
    for text in actions.split(","):
        state, _ = rules.apply(state, rules.parse_action(text))
    pile = state.waste if game == "tripeaks" else state.discard
    assert " ".join(map(str, pile[-5:])) == pile_top
    assert len(state.stock) == stock_left and str(state.stock[-1]) == next_card   # top card last
