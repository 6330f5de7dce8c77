"""The table and the scenes say the same of who made each move (undo's mover, cardgames/ui/fair_undo.py):
over random games of each game, Table._mover(i) == the scene's undo_mover(i) for every move, so the
two cannot drift apart."""
from __future__ import annotations

import random

import pytest
from scene_events import table_app

from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.games.switch.scene import SwitchScene
from cardgames.games.three_thirteen.scene import ThreeThirteenScene
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.table.games import spec as game_spec
from cardgames.table.table import Table

SCENES = {"tripeaks": (TriPeaksScene, {}, 1), "skyjo": (SkyjoScene, {"target": 40}, 3),
          "three_thirteen": (ThreeThirteenScene, {}, 2), "switch": (SwitchScene, {"match": True}, 3)}


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


@pytest.mark.parametrize("game", SCENES)
def test_the_tables_mover_and_the_scenes_undo_mover_agree(game, tmp_path):
    app = table_app(tmp_path)
    cls, options, players = SCENES[game]
    seen: set = set()
    for seed in range(6):
        actions = random_actions(game, options, players, seed, 400)
        seats = ["here"] * players
        table, done = Table.resume({"game": game, "options": options, "seed": seed, "seats": seats,
                                    "actions": actions})
        assert done == len(actions)
        scene = cls(app, {**options, "players": players}, seed=seed)
        scene.history, scene.actions, scene.state = list(table.history), list(table.actions), table.state
        table_says = [table._mover(i) for i in range(len(actions))]
        assert [scene.undo_mover(i) for i in range(len(actions))] == table_says
        seen.update(table_says)
        if game == "switch":   # a call or catch out of turn is its caller's, not the player whose turn it was
            seen.update("out of turn" for i, who in enumerate(table_says)
                        if who is not None and who != table.spec.rules.current_player(table.history[i]))
    expected = {0} if game == "tripeaks" else {None, *range(players)}
    assert expected <= seen
    if game == "switch":
        assert "out of turn" in seen
