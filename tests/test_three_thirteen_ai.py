"""The computer players see only their observation, play legally, and pick sensible moves."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames import arena
from cardgames.core.cards import parse_card, parse_cards
from cardgames.core.rng import shuffled
from cardgames.games.three_thirteen import ai
from cardgames.games.three_thirteen import rules as R
from cardgames.games.three_thirteen.rules import OUT, STOCK, TAKE


def advance(state, steps, rng):
    for _ in range(steps):
        if R.is_over(state):
            break
        state, _ = R.apply(state, rng.choice(R.legal_actions(state)))
    return state


def reshuffle_hidden(state, seat, rng):
    """The same game as `seat` sees it, with every card it cannot see moved around:
    the stock and the other hands (except the cards they were seen taking) are redealt."""
    known = ai.known_hands(R.observe(state, seat))
    pool, keep = list(state.stock), []
    for s, hand in enumerate(state.hands):
        if s == seat or s in state.laid:  # laid-down melds are face up
            keep.append(None)
            continue
        held = known[s].copy()
        visible, hidden = [], []
        for c in hand:
            if held[c] > 0:
                held[c] -= 1
                visible.append(c)
            else:
                hidden.append(c)
        keep.append((visible, len(hidden)))
        pool += hidden
    pool = list(shuffled(pool, rng))
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat or s in state.laid:
            hands.append(hand)
        else:
            visible, n = keep[s]
            hands.append(tuple(visible) + tuple(pool[:n]))
            pool = pool[n:]
    return state._replace(hands=tuple(hands), stock=tuple(pool), seed=state.seed + 1)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(R.MIN_PLAYERS, R.MAX_PLAYERS), st.integers(0, 120), st.sampled_from(ai.LEVELS))
def test_nothing_hidden_leaks_into_the_observation_or_the_choice(seed, players, steps, level):
    rng = random.Random(seed)
    state = R.new_game({"players": players}, seed)
    state = advance(state, steps, rng)
    if R.is_over(state):
        return
    seat = state.current
    other = reshuffle_hidden(state, seat, random.Random(seed + 7))
    assert other != state or len(state.stock) <= 1
    assert R.observe(other, seat) == R.observe(state, seat)
    a = ai.choose(R.observe(state, seat), R.legal_actions(state), random.Random(1), level)
    b = ai.choose(R.observe(other, seat), R.legal_actions(state), random.Random(1), level)
    assert a == b
    assert a in R.legal_actions(state)


def test_observation_holds_no_other_hand_and_no_stock_order():
    state = R.new_game({"players": 3}, 4)
    obs = R.observe(state, 1)
    text = json.dumps(obs.__dict__, default=repr)
    for s in (0, 2):
        for c in state.hands[s]:
            assert c not in obs.hand
    assert obs.hand == state.hands[1] and obs.stock_count == len(state.stock)
    for c in state.stock[-3:]:  # the next cards of the stock are nowhere in the observation's text
        assert text.count(f"Card({c})") == sum(1 for x in obs.hand + obs.discard if x == c)


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_level_goes_out_when_it_can(level):
    state = R.deal(None, ["9C 9D KS", "2H 5C 8D"], stock="4C 3H", discard="JD", round_no=1)
    state, _ = R.apply(state, STOCK)
    assert ai.choose(R.observe(state, 0), R.legal_actions(state), random.Random(0), level) == OUT
    state, _ = R.apply(state, OUT)
    action = ai.choose(R.observe(state, 0), R.legal_actions(state), random.Random(0), level)
    assert action == R.parse_action("discard KS")


@pytest.mark.parametrize("level", ("normal", "hard", "expert"))
def test_normal_and_hard_take_a_discard_that_completes_a_set(level):
    state = R.deal(None, ["9C 9D KS 2H", "2C 5C 8D 7S"], stock="4C QC", discard="9S", round_no=2)
    assert ai.choose(R.observe(state, 0), R.legal_actions(state), random.Random(0), level) == TAKE


@pytest.mark.parametrize("level", ("normal", "hard", "expert"))
def test_normal_and_hard_throw_the_card_that_helps_least(level):
    state = R.deal(None, ["9C 9D 9S KS 2H", "2C 5C 8D 7S 6H"], stock="4C QC", discard="JS", round_no=3)
    state, _ = R.apply(state, STOCK)  # QC: the hand is 9C 9D 9S KS 2H QC
    action = ai.choose(R.observe(state, 0), R.legal_actions(state), random.Random(0), level)
    assert action.card in parse_cards("KS QC")


def test_hard_keeps_wilds_and_takes_a_wild_from_the_pile():
    state = R.deal(None, ["9C 4D KS 2H", "2C 5C 8D 7S"], stock="QC", discard="6S", round_no=2)  # 4s wild
    state = state._replace(discard=parse_cards("4H"))
    assert ai.choose(R.observe(state, 0), R.legal_actions(state), random.Random(0), "hard") == TAKE
    state, _ = R.apply(state, STOCK)
    action = ai.choose(R.observe(state, 0), R.legal_actions(state), random.Random(0), "hard")
    assert action.card != parse_card("4D")


def test_unseen_cards_leave_out_what_the_seat_has_seen():
    state = R.deal(None, ["9C 9D KS", "2H 5C 8D"], stock="4C QC", discard="7H JD", round_no=1)
    state, _ = R.apply(state, TAKE)          # seat 0 takes JD: seat 1 now knows it
    state, _ = R.apply(state, R.parse_action("discard KS"))
    unseen = ai.unseen_cards(R.observe(state, 1))
    for c in parse_cards("2H 5C 8D KS 7H JD"):
        assert c not in unseen
    assert parse_card("9C") in unseen and len(unseen) == 52 - 6


def test_unknown_level_is_refused():
    state = R.new_game(None, 1)
    with pytest.raises(ValueError, match="unknown Three Thirteen level"):
        ai.choose(R.observe(state, state.current), R.legal_actions(state), random.Random(0), "grandmaster")


def test_presets_file_is_checked(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"expert": {"horizon": 2}, "easy": {"temperature": 4.0}}))
    presets = ai.load_presets(good)
    assert presets.expert.horizon == 2 and presets.styles["easy"].temperature == 4.0
    assert presets.styles["hard"] == ai.DEFAULTS.styles["hard"]  # left out: the built-in values
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"expert": {"candidates": -1}}))
    with pytest.raises(ValueError, match="candidates"):
        ai.load_presets(bad)
    half = tmp_path / "half.json"
    half.write_text(json.dumps({"normal": {"memory": 2.5}}))
    with pytest.raises(ValueError, match="whole number"):
        ai.load_presets(half)
    assert ai.load_presets(ai.PRESET_FILE) == ai.DEFAULTS  # the shipped file holds the tuned values
    (tmp_path / "broken.json").write_text("{")
    with pytest.raises(ValueError, match="not a Three Thirteen AI preset"):
        ai.load_presets(tmp_path / "broken.json")


def test_the_shared_arena_plays_three_thirteen_in_duplicate_at_every_table_size():
    # one arena for every game (cardgames/arena.py): 3-13 plays through its adapter, 2 to 8 seats
    game = arena.adapter("three_thirteen")
    assert (game.min_seats, game.max_seats) == (R.MIN_PLAYERS, R.MAX_PLAYERS)
    assert set(ai.LEVELS) <= set(game.levels)
    seed = arena.deal_seed("three_thirteen", "tuning", 0)
    assert len(arena.play(game, ["random"] * R.MAX_PLAYERS, seed).round_scores) == R.ROUNDS
    result = arena.match("three_thirteen", "random", "random", seats=3, deals=1, timed=False)
    assert len(result.games) == 3 and all(len(g.round_scores) == R.ROUNDS for g in result.games)
    again = arena.match("three_thirteen", "random", "random", seats=3, deals=1, timed=False)
    assert [g.round_scores for g in again.games] == [g.round_scores for g in result.games]
