"""Who made each move, as the table's undo sees it (the game's mover, cardgames/table/fair_undo.py):
over random games of each game, Table._mover(i) names every seat, None for the moves that closed a
round or hand, and in Switch a call or catch out of turn is its caller's. (The scenes used to keep
their own copy, undo_mover; the table is now the only one that decides.)"""
from __future__ import annotations

import random

import pytest

from cardgames.table.games import spec as game_spec
from cardgames.table.table import Table

GAMES = {"tripeaks": ({}, 1), "skyjo": ({"target": 40}, 3), "three_thirteen": ({}, 2), "switch": ({"match": True}, 3)}


def random_actions(game: str, options: dict, players: int, seed: int, steps: int) -> list[str]:
    """A random game's actions: every legal move, Switch's out-of-turn calls and catches too."""
    spec, rng = game_spec(game), random.Random(seed)
    rules = spec.rules
    state = rules.new_game(spec.rules_options(options, players), seed)
    actions: list[str] = []
    while len(actions) < steps and not rules.is_over(state):
        choices = list(rules.legal_actions(state))
        for seat in range(players):
            choices += [a for a in spec.out_of_turn(state, seat) if a not in choices]
        action = rng.choice(choices)
        state, _events = rules.apply(state, action)
        actions.append(str(action))
    return actions


@pytest.mark.parametrize("game", GAMES)
def test_the_tables_mover_names_each_seat_and_the_closing_moves(game):
    options, players = GAMES[game]
    seen: set = set()
    for seed in range(6):
        actions = random_actions(game, options, players, seed, 400)
        seats = ["here"] * players
        table, done = Table.resume({"game": game, "options": options, "seed": seed, "seats": seats,
                                    "actions": actions})
        assert done == len(actions)
        table_says = [table._mover(i) for i in range(len(actions))]
        seen.update(table_says)
        if game == "switch":   # a call or catch out of turn is its caller's, not the player whose turn it was
            seen.update("out of turn" for i, who in enumerate(table_says)
                        if who is not None and who != table.spec.rules.current_player(table.history[i]))
    expected = {0} if game == "tripeaks" else {None, *range(players)}
    assert expected <= seen
    if game == "switch":
        assert "out of turn" in seen
