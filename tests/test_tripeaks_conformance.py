"""TriPeaks conformance: random playouts to the end for every option combination and layout."""
import itertools
import json
import random
from collections import Counter

import pytest

from cardgames.core.cards import JOKER
from cardgames.core.events import CardFlipped, CardMoved
from cardgames.core.protocol import IllegalAction
from cardgames.games.tripeaks import rules
from cardgames.games.tripeaks.layout import layout_names
from cardgames.games.tripeaks.rules import Play, Turn

FLAGS = ("wrap", "wild", "open_peaks", "empty_waste")
COMBOS = [dict(zip(FLAGS, values)) for values in itertools.product((True, False), repeat=4)]


def all_cards(state):
    return Counter([c for c in state.tableau if c is not None] + list(state.stock) + list(state.waste))


def illegal_actions(state):
    """Every action the rules must refuse in this state."""
    legal = set(rules.legal_actions(state))
    out = [Play(i) for i in range(-1, state.layout.size + 1) if Play(i) not in legal]
    if Turn() not in legal:
        out.append(Turn())
    return out


def playout(options, seed):
    """Plays random legal actions to the end, checking the contract at every step."""
    rng = random.Random(seed)
    state = rules.new_game(options, seed)
    deck = all_cards(state)
    assert sum(deck.values()) == 52 + options["wild"] and len(deck) == 52 + options["wild"]
    actions = []
    while not rules.is_over(state):
        legal = rules.legal_actions(state)
        assert legal and len(set(legal)) == len(legal) and rules.current_player(state) == 0
        for bad in rng.sample(illegal_actions(state), 3):
            with pytest.raises(IllegalAction, match=r"\w"):
                rules.apply(state, bad)
        action = rng.choice(legal)
        assert rules.parse_action(str(action)) == action
        before = state
        state, events = rules.apply(state, action)
        assert before == rules.from_json(json.loads(json.dumps(rules.to_json(before))))  # apply never mutates
        actions.append(str(action))
        assert all_cards(state) == deck                                  # nothing appears or vanishes
        moved = [e for e in events if isinstance(e, CardMoved)]
        assert len(moved) == 1 and moved[0].dst == "waste" and moved[0].card == state.waste[-1]
        for e in events:
            if isinstance(e, CardFlipped):
                assert rules.observe(state).tableau[int(e.pile.split(":")[1])] == e.card
        check_observation(state)
    assert rules.legal_actions(state) == () and rules.current_player(state) is None
    return state, actions


def check_observation(state):
    obs = rules.observe(state, 0)
    for i, card in enumerate(state.tableau):
        assert obs.present[i] == (card is not None)
        assert obs.tableau[i] == (card if obs.face_up[i] else None)
        assert obs.face_up[i] == (card is not None and (state.options.open_peaks or rules.exposed(state, i)))
    assert obs.stock_count == len(state.stock)
    assert JOKER not in obs.tableau


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: "-".join(k for k in FLAGS if o[k]) or "plain")
def test_random_playouts_keep_the_contract(options):
    for seed in range(6):
        state, actions = playout(options, seed * 7919 + 1)
        # same seed + same actions -> same state, and the JSON round trip is exact
        replay = rules.new_game(options, seed * 7919 + 1)
        for text in actions:
            replay, _ = rules.apply(replay, rules.parse_action(text))
        assert replay == state
        assert rules.from_json(json.loads(json.dumps(rules.to_json(state)))) == state
        assert rules.is_won(state) != rules.is_lost(state)


@pytest.mark.parametrize("layout", layout_names())
def test_random_playouts_on_every_layout(layout):
    for seed, combo in enumerate(COMBOS[::3]):
        playout(dict(combo, layout=layout), seed)
