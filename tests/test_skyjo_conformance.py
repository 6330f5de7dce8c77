"""Random playouts of Skyjo for every seat count and option set, to the end of the game."""
import json
import random

import pytest

from cardgames.core.protocol import IllegalAction
from cardgames.games.skyjo import rules as R

EVERY_ACTION = (R.DRAW, R.DISCARD, R.NEXT) + R.TAKE + R.SWAP + R.FLIP


def playout(options, seed, check=True, prefer_draw=False):
    """Play random legal actions to the end; return the actions and the states.

    prefer_draw always draws from the draw pile when it may, so the pile runs out and is reshuffled.
    """
    rng = random.Random(seed)
    state = R.new_game(options, seed)
    actions, states = [], [state]
    while not R.is_over(state):
        legal = R.legal_actions(state)
        assert legal, f"no legal action in {state.phase.name}"
        assert len(set(legal)) == len(legal)
        if check and len(actions) % 7 == 0:
            for bad in EVERY_ACTION:
                if bad not in legal:
                    with pytest.raises(IllegalAction):
                        R.apply(state, bad)
        action = R.DRAW if prefer_draw and R.DRAW in legal else rng.choice(legal)
        new, _events = R.apply(state, action)
        assert R.card_count(new) == 150, f"a card appeared or vanished after {action}"
        assert new.totals == state.totals or new.phase in (R.Phase.ROUND_OVER, R.Phase.GAME_OVER)
        actions.append(action)
        states.append(new)
        state = new
    assert R.current_player(state) is None and R.legal_actions(state) == ()
    assert max(state.totals) >= state.target
    assert sum(r.scores[s] for r in state.rounds for s in [0]) == state.totals[0]
    return actions, states


OPTION_SETS = [{"players": n, "target": t, "start": st}
               for n in range(2, 9) for t, st in (((100, "finisher"), (60, "highest")))]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"{o['players']}p-{o['target']}-{o['start']}")
def test_random_playouts_keep_every_card_and_end(options):
    for seed in range(3):
        playout(options, seed * 101 + options["players"])


def test_long_playouts_reshuffle_the_discard_pile_and_lose_nothing():
    reshuffles = 0
    for players in (2, 8):
        _, states = playout({"players": players}, players, prefer_draw=True)
        reshuffles += states[-1].reshuffles
    assert reshuffles > 0


def test_same_seed_and_actions_give_the_same_game():
    actions, states = playout({"players": 4}, 9, check=False)
    state = R.new_game({"players": 4}, 9)
    for action, expected in zip(actions, states[1:]):
        state, _ = R.apply(state, R.parse_action(str(action)))
        assert state == expected
    assert R.new_game({"players": 4}, 10) != R.new_game({"players": 4}, 9)


def test_json_round_trip_is_exact_at_every_step():
    _, states = playout({"players": 5, "target": 60}, 4, check=False)
    for state in states:
        data = json.loads(json.dumps(R.to_json(state)))
        assert R.from_json(data) == state
        assert R.to_json(R.from_json(data)) == R.to_json(state)


def test_apply_never_mutates_its_input():
    state = R.new_game({"players": 3}, 2)
    frozen = json.dumps(R.to_json(state))
    rng = random.Random(1)
    for _ in range(60):
        new, _ = R.apply(state, rng.choice(R.legal_actions(state)))
        assert json.dumps(R.to_json(state)) == frozen
        state, frozen = new, json.dumps(R.to_json(new))
