"""Switch conformance: random playouts of every seat count and option set, to the end."""
import json
import random
from collections import Counter

import pytest

from cardgames.core.cards import parse_cards, standard_deck
from cardgames.core.protocol import IllegalAction
from cardgames.games.switch import rules as R

OPTION_SETS = [{}, {"match": True}, {"open": True}]
CASES = [(n, opts, seed) for n in range(2, 7) for opts in OPTION_SETS for seed in (1, 2)]
ODD_CARDS = parse_cards("AS 2H 8D JC QS 5C")


def all_cards(state):
    return Counter(c for h in state.hands for c in h) + Counter(state.stock) + Counter(state.discard)


def candidate_actions(state):
    """A spread of actions, legal or not, to check that apply() refuses exactly the illegal ones."""
    out = []
    for seat in range(state.players):
        out += [R.Action(k, seat) for k in (R.K_DRAW, R.K_TAKE, R.K_PASS, R.K_CALL, R.K_NEXT)]
        out += [R.Action(R.K_CATCH, seat, target=t) for t in range(state.players)]
        out += [R.Action(R.K_PLAY, seat, c) for c in ODD_CARDS]
    return out


def everyone(state):
    """Everything anyone may do now: the current player's actions, then every seat's out-of-turn ones."""
    return R.legal_actions(state) + tuple(a for s in range(state.players) for a in R.out_of_turn_actions(state, s))


def playout(players, options, seed, check=True):
    rng = random.Random(seed)
    state = R.new_game({"players": players, **options}, seed)
    deck = Counter(standard_deck(R.decks_for(players)))
    actions, states = [], [state]
    while not R.is_over(state):
        legal = everyone(state)
        assert legal, "no legal action before the end"
        assert all(a.seat == R.current_player(state) for a in R.legal_actions(state))
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        if check:
            for cand in candidate_actions(state):
                if cand not in legal:
                    with pytest.raises(IllegalAction):
                        R.apply(state, cand)
        action = rng.choice(legal)
        assert R.parse_action(str(action)) == action
        state, _events = R.apply(state, action)
        assert all_cards(state) == deck, "a card appeared or vanished"
        if check:
            data = json.loads(json.dumps(R.to_json(state)))
            assert R.from_json(data) == state
        actions.append(action)
        states.append(state)
        assert len(actions) < 5000, "the game does not end"
    return actions, states


@pytest.mark.parametrize("players,options,seed", CASES)
def test_random_playout_conforms(players, options, seed):
    _actions, states = playout(players, options, seed, check=(seed == 1))
    final = states[-1]
    assert R.current_player(final) is None and everyone(final) == ()
    assert R.winners(final)
    if options.get("match"):
        assert max(final.totals) >= R.MATCH_TARGET
    else:
        assert any(len(h) == 0 for h in final.hands)


@pytest.mark.parametrize("players", [2, 5])
def test_same_seed_and_actions_give_the_same_game(players):
    actions, states = playout(players, {"match": True}, 9, check=False)
    state = R.new_game({"players": players, "match": True}, 9)
    assert state == states[0]
    for action, expected in zip(actions, states[1:]):
        state, _ = R.apply(state, R.parse_action(str(action)))
        assert state == expected


def test_different_seeds_deal_differently():
    assert R.new_game({"players": 2}, 1).hands != R.new_game({"players": 2}, 2).hands


def test_apply_never_changes_its_input():
    state = R.new_game({"players": 3}, 5)
    before = R.to_json(state)
    R.apply(state, R.legal_actions(state)[0])
    assert R.to_json(state) == before
