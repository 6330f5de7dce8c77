"""Three Thirteen's easy, normal and hard players choose among Expert's scored moves, as people do."""
import random
from dataclasses import replace

import pytest

from cardgames.core.cards import parse_card
from cardgames.games.three_thirteen import ai, expert, people
from cardgames.games.three_thirteen import rules as R
from cardgames.games.three_thirteen.rules import OUT, STOCK, TAKE

CARELESS = people.Style(temperature=100.0, cap=1000.0, stock_lean=0.0, horizon=1, memory=0)


def test_no_level_throws_a_wild_however_careless():
    state = R.deal(None, ["3C KD QS", "2H 5C 8D"], stock="4C 9H", discard="JD", round_no=1)  # 3s wild
    state, _ = R.apply(state, STOCK)
    obs, legal = R.observe(state, 0), R.legal_actions(state)
    assert any(a.card == parse_card("3C") for a in legal)
    picks = {people.choose(obs, legal, random.Random(k), CARELESS) for k in range(60)}
    assert parse_card("3C") not in {a.card for a in picks} and len(picks) > 1


@pytest.mark.parametrize("level", ("easy", "normal", "hard"))
def test_every_level_takes_a_wild_and_goes_out(level):
    state = R.deal(None, ["9C 4D KS 2H", "2C 5C 8D 7S"], stock="QC", discard="4H", round_no=2)  # 4s wild
    for k in range(20):
        assert ai.choose(R.observe(state, 0), R.legal_actions(state), random.Random(k), level) == TAKE
    out = R.deal(None, ["9C 9D KS", "2H 5C 8D"], stock="4C 9H", discard="JD", round_no=1)
    out, _ = R.apply(out, STOCK)
    for k in range(20):
        assert ai.choose(R.observe(out, 0), R.legal_actions(out), random.Random(k), level) == OUT


@pytest.mark.parametrize("level", ("easy", "normal", "hard"))
def test_a_level_never_chooses_a_move_worse_than_its_cap(level):
    style = ai.DEFAULTS.styles[level]
    knobs = replace(expert.KNOBS, horizon=style.horizon)
    rng = random.Random(5)
    state = R.new_game({"players": 3}, 21)
    worse = []
    for _ in range(40):
        if R.is_over(state):
            break
        obs, legal = R.observe(state, state.current), R.legal_actions(state)
        action = ai.choose(obs, legal, rng, level)
        costs = expert.scored(obs, legal, None, knobs, memory=style.memory)
        if STOCK in costs:
            costs[STOCK] -= style.stock_lean
        tame = [a for a in legal if a.card is None or int(a.card.rank) != int(obs.wild)] or legal
        best = min(costs[a] for a in tame)
        assert costs[action] <= best + style.cap + 1e-9
        worse.append(costs[action] - best)
        state, _ = R.apply(state, action)
    if level != "hard":
        assert max(worse) > 0  # it does err, now and then


def test_levels_differ_in_temperature_cap_and_memory():
    styles = ai.DEFAULTS.styles
    assert styles["easy"].temperature > styles["normal"].temperature > styles["hard"].temperature
    assert styles["easy"].cap > styles["normal"].cap > styles["hard"].cap
    assert styles["easy"].memory < styles["normal"].memory < styles["hard"].memory


def test_bench_scores_each_level_against_expert():
    from cardgames.games.three_thirteen import bench

    costs = bench.level_costs(6, seed=4)
    assert set(costs) == set(ai.LEVELS) and all(n == 6 for _, n in costs.values())
    assert costs["expert"][0] == 0.0 and all(mean >= 0.0 for mean, _ in costs.values())


def test_lower_levels_forget_discards_thrown_long_ago():
    """A level with `memory` remembers the discard pile's last `memory` laps of throws only: cards
    buried deeper count as unseen again (its estimate falls back to the average); Expert forgets nothing."""
    pile = "KC KD KH 4C 5D"                                       # bottom first: the kings buried deepest
    state = R.deal(None, ["3C QS 7D", "2H 5C 8D"], stock="4H 9H", discard=pile, round_no=1)
    obs = R.observe(state, 0)
    king = parse_card("KC")
    assert expert.unseen(obs)[king] == 0                           # Expert counts the pile whole
    assert expert.unseen(obs, memory=1)[king] == 1                 # one lap (two throws): the kings forgotten
    assert expert.unseen(obs, memory=1)[parse_card("5D")] == 0     # the top ones remembered
    assert expert.unseen(obs, memory=3)[king] == 0
    costs = expert.scored(obs, R.legal_actions(state), None, memory=1)
    assert set(costs) == set(R.legal_actions(state))
