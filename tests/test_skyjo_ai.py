"""Skyjo computer players: they see observations only, and those leak nothing."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.core.rng import make_rng, shuffled
from cardgames.games.skyjo import ai, planner
from cardgames.games.skyjo import rules as R


def advance(seed, steps, players):
    state = R.new_game({"players": players}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if R.is_over(state):
            break
        state, _ = R.apply(state, rng.choice(R.legal_actions(state)))
    return state


def with_hidden_cards_shuffled(state, seed):
    """The same table, but the face-down grid cards and the stock dealt differently."""
    spots = [(s, i) for s in range(state.players) for i in R.slots_of(state.hidden[s])]
    unseen = [state.grids[s][i] for s, i in spots] + list(state.stock)
    unseen = list(shuffled(unseen, make_rng(seed, "leak")))
    grids = [list(g) for g in state.grids]
    for s, i in spots:
        grids[s][i] = unseen.pop()
    return state._replace(grids=tuple(tuple(g) for g in grids), stock=tuple(unseen), seed=seed)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120), players=st.integers(2, 8),
       other=st.integers(0, 10**6))
def test_observation_reveals_no_hidden_card(seed, steps, players, other):
    state = advance(seed, steps, players)
    twin = with_hidden_cards_shuffled(state, other)
    assert R.card_count(twin) == R.card_count(state)
    for seat in range(players):
        assert R.observe(state, seat) == R.observe(twin, seat)
    # and so every level decides the same in both worlds
    if not R.is_over(state):
        seat = state.current
        for level in ai.LEVELS:
            a = ai.choose(R.observe(state, seat), R.legal_actions(state), random.Random(1), level)
            b = ai.choose(R.observe(twin, seat), R.legal_actions(twin), random.Random(1), level)
            assert a == b


def test_observation_has_no_seed_and_no_stock_order():
    fields = set(R.Observation.__dataclass_fields__)
    assert not fields & {"seed", "stock", "hidden", "gone", "reshuffles"}
    obs = R.observe(R.new_game({"players": 3}, 5), 1)
    assert all(c is R.HIDDEN for row in obs.grids for c in row) and obs.stock_count == 150 - 36 - 1


def test_every_level_picks_a_legal_action_through_whole_games():
    for level in ai.LEVELS:
        state = R.new_game({"players": 3}, 11)
        rng = random.Random(3)
        while not R.is_over(state):
            legal = R.legal_actions(state)
            action = ai.choose(R.observe(state, state.current), legal, rng, level)
            assert action in legal
            state, _ = R.apply(state, action)


def _obs(state):
    return R.observe(state, state.current)


def test_expert_completes_a_column_with_the_discard():
    grid = [9, 9, 4, 1, 2, 3, 1, 2, 3, 0, 1, 2]
    s = R.deal({"players": 2}, [grid, list(range(12))], [5], [9], face_up=[range(11), [0, 1]], current=0)
    assert ai.choose(_obs(s), R.legal_actions(s), random.Random(0), "expert") == R.TAKE[2]


def test_expert_does_not_go_out_into_a_foreseeable_doubling():
    # seat 0 holds 10 face up with one card to go; seat 1 already shows 3 and has one face-down card
    mine = [1, 0, 2, 1, 0, 2, 1, 0, -1, 3, 1, 0]
    theirs = [0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 5]
    s = R.deal({"players": 2}, [mine, theirs], [4], [12], face_up=[range(11), range(11)], current=0)
    s, _ = R.apply(s, R.DRAW)   # holding a 4; discarding it would force the last flip
    choice = ai.choose(_obs(s), R.legal_actions(s), random.Random(0), "expert")
    assert choice != R.DISCARD and choice != R.SWAP[11]


def test_expert_goes_out_when_clearly_lowest():
    mine = [1, 0, 2, 1, 0, 2, 1, 0, -1, 0, 0, 0]               # 6 face up, one to go
    theirs = [12, 11, 10, 12, 11, 10, 9, 9, 8, 7, 6, 5]
    s = R.deal({"players": 2}, [mine, theirs], [0], [12], face_up=[range(11), [0, 1]], current=0)
    s, _ = R.apply(s, R.DRAW)   # a 0: swapping it into the last slot ends the round with 6 points
    assert ai.choose(_obs(s), R.legal_actions(s), random.Random(0), "expert") == R.SWAP[11]


def test_expert_keeps_the_card_the_next_player_needs():
    mine = [1, 2, 3, 1, 2, 3, 0, 1, 2, 0, 8, 8]               # low cards up, two face down
    theirs = [7, 7, 1, 2, 2, 3, 3, 1, 1, 2, 3, 0]             # a pair of 7 in column 0
    s = R.deal({"players": 2}, [mine, theirs], [5, 7], [12], face_up=[range(10), [0, 1, 3]], current=0)
    s, _ = R.apply(s, R.DRAW)   # a 7: discarding it hands seat 1 a column of three 7s
    assert ai.choose(_obs(s), R.legal_actions(s), random.Random(0), "expert") in (R.SWAP[10], R.SWAP[11])


def test_unknown_level_is_refused():
    s = R.deal({"players": 2}, [list(range(12))] * 2, [5], [9], face_up=[[0], [0]], current=0)
    try:
        ai.choose(_obs(s), R.legal_actions(s), random.Random(0), "grandmaster")
    except ValueError as exc:
        assert "grandmaster" in str(exc)
    else:
        raise AssertionError("expected a ValueError")


def test_lower_levels_err_within_their_cap_and_more_often_the_lower_they_are():
    from cardgames.games.skyjo import people
    options = [(R.SWAP[0], 0.0), (R.SWAP[1], 0.8), (R.SWAP[2], 2.0), (R.DISCARD, 4.0), (R.SWAP[3], 30.0)]
    slips = {}
    for level, habits in people.HABITS.items():
        rng = random.Random(5)
        picks = [people.pick(options, habits, rng) for _ in range(400)]
        assert R.SWAP[3] not in picks                                    # 30 points worse: never
        assert all(dict(options)[p] <= habits.cap for p in picks)
        slips[level] = sum(p != R.SWAP[0] for p in picks)
    assert slips["easy"] > slips["normal"] > slips["hard"] > 0


def test_lower_levels_forget_old_discards():
    from cardgames.games.skyjo import people
    s = R.deal({"players": 2}, [list(range(12))] * 2, [5], [12, 12, 12, 12, 12, 3], face_up=[[0], [0]], current=0)
    obs = _obs(s)
    full, short = planner.unseen_counts(obs), planner.unseen_counts(obs, memory=2)
    assert full[12] == short[12] - 4 and full[3] == short[3]           # the four buried 12s are forgotten
    assert people.HABITS["easy"].memory < people.HABITS["normal"].memory < people.HABITS["hard"].memory


def test_expert_reads_the_doubling_off_the_others_last_turn():
    # seat 1 shows 3 with one card face down; seat 0 has one card to go and holds a drawn card that,
    # going out, lands on the discard: a -2 there lets seat 1 get under any score of 2 or more
    from cardgames.games.skyjo import expert
    mine = [1, 0, 2, 1, 0, 2, 1, 0, -1, 3, 1, 0]
    theirs = [0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 5]
    chances = {}
    for held in (-2, 12):
        s = R.deal({"players": 2}, [mine, theirs], [9, 9, 9, held], [7], face_up=[range(11), range(11)],
                   current=0)
        s, _ = R.apply(s, R.DRAW)
        assert s.held == held
        chances[held] = expert._Planner(_obs(s), None, random.Random(0))._doubling_chance(2)
        # the planner alone cannot tell the two apart
        assert planner.Planner(_obs(s), smart=True)._doubling_chance(2) == pytest.approx(
            planner.Planner(_obs(R.deal({"players": 2}, [mine, theirs], [12], [7],
                                         face_up=[range(11), range(11)], current=0)), smart=True)
            ._doubling_chance(2), abs=0.05)
    assert chances[-2] > 0.8 and chances[-2] > chances[12] + 0.2


def test_expert_playouts_count_the_game_lost_when_it_ends():
    # the last lap of the game's last round (seat 1 went out; seat 0 moves last): seat 0 is far behind,
    # so the playout's worth carries the lost game besides the points
    from cardgames.games.skyjo import expert
    grid = [1, 0, 2, 1, 0, 2, 1, 0, -1, 3, 1, 0]
    s = R.deal({"players": 2}, [grid, grid], [4, 4, 4], [7], face_up=[range(11), range(12)], current=0,
               finisher=1)
    behind = s._replace(totals=(95, 10))
    ahead = s._replace(totals=(10, 95))
    lost = expert._playout(behind, R.TAKE[11], 0, random.Random(0))
    won = expert._playout(ahead, R.TAKE[11], 0, random.Random(0))
    assert lost - won == pytest.approx(expert.WIN_WEIGHT) and expert.WIN_WEIGHT >= 10


def test_expert_will_not_go_out_into_a_doubling_that_ends_the_game_lost():
    # seat 0 could go out with 12; seat 1 shows 3 with a card to go, so the 12 is doubled. Early in the
    # game that costs points only; at 80 against 70 the doubled 24 ends the game, lost
    from cardgames.games.skyjo import expert
    mine = [1, 0, 2, 1, 0, 2, 1, 0, -1, 3, 1, 2]
    theirs = [0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 5]
    s = R.deal({"players": 2}, [mine, theirs], [9, 9, 9, 0], [7], face_up=[range(11), range(11)], current=0)
    s, _ = R.apply(s, R.DRAW)
    worth = {}
    for totals in ((0, 0), (80, 70)):
        scorer = expert._Planner(_obs(s._replace(totals=totals)), None, random.Random(0))
        cells, value = scorer.after(scorer.cells, 11, 0)          # the drawn 0 into the last slot: 12
        worth[totals] = scorer.outcome(cells, value)
    assert worth[(80, 70)] - worth[(0, 0)] > 0.8 * expert.WIN_WEIGHT
    assert expert._game_lost(_obs(s), (12, 20), 0, 12) == 0.0                   # the game goes on
    lost = _obs(s._replace(totals=(90, 70)))
    assert expert._game_lost(lost, (12, 3), 0, 12) == 1.0
    assert expert._game_lost(lost, (12, 30), 0, 10) == 0.5                     # 100 each: shared


# --- issue 27: the levels err like people, with habits from levels/ai/skyjo.json


def test_the_levels_habits_are_read_from_levels_ai_skyjo_json(tmp_path):
    from cardgames.games.skyjo import people
    assert people.PRESET_FILE.name == "skyjo.json" and people.PRESET_FILE.parent.name == "ai"
    assert people.load(people.PRESET_FILE) == people.HABITS        # the shipped file and the built-in values agree
    path = tmp_path / "skyjo.json"
    path.write_text('{"hard": {"temperature": 0.123, "cap": 2.5, "memory": 7}}')
    table = people.load(path)
    assert table["hard"] == people.Habits(0.123, 2.5, 7) and table["easy"] == people.HABITS["easy"]
    for bad in ('{"hard": {"temperature": -1, "cap": 2.5, "memory": 7}}', '{"hard": {"cap": 2.5}}', "[1]", "{"):
        path.write_text(bad)
        with pytest.raises(ValueError, match="skyjo.json"):
            people.load(path)


def test_a_level_plays_with_the_temperature_its_table_gives():
    """people.choose draws with the table's habits: a cold Hard always plays Expert's planner move,
    a careless one strays from it."""
    from cardgames.games.skyjo import expert, people
    state = advance(11, 40, 3)
    while state.phase not in (R.Phase.TURN, R.Phase.HOLD) or len(R.legal_actions(state)) < 3:
        state, _ = R.apply(state, random.Random(len(state.discard)).choice(R.legal_actions(state)))
    obs, legal = _obs(state), R.legal_actions(state)
    best = expert.scored(obs, legal, random.Random(0), memory=8, playouts=False)[0][0]
    cold = {"hard": people.Habits(temperature=0.01, cap=0.0, memory=8)}
    loose = {"hard": people.Habits(temperature=100.0, cap=1000.0, memory=8)}
    assert {people.choose(obs, legal, random.Random(k), "hard", cold) for k in range(30)} == {best}
    assert len({people.choose(obs, legal, random.Random(k), "hard", loose) for k in range(30)}) > 1


def test_the_levels_are_apart_hard_errs_more_than_a_shade_below_expert():
    """Hard played almost as Expert (temperature 0.35, cap 2.5, memory 20: rated level with it); now
    each level is looser and forgets more than the one above it, Hard clearly short of Expert."""
    from cardgames.games.skyjo import people
    table = people.habits_table()
    easy, normal, hard = table["easy"], table["normal"], table["hard"]
    assert easy.temperature > normal.temperature > hard.temperature >= 0.6
    assert easy.cap > normal.cap > hard.cap
    assert easy.memory < normal.memory < hard.memory <= 10     # a round's discard pile is longer


def test_no_level_breaks_a_column_pair_for_nothing():
    """Swapping out one of two equal face-up cards in a column for another card is a mistake nobody
    makes: however careless the habits, a level never does it unless it is Expert's best move."""
    from cardgames.games.skyjo import people
    grid = [7, 7, 4, 1, 2, 3, 1, 2, 3, 0, 1, 2]
    s = R.deal({"players": 2}, [grid, list(range(12))], [5], [9], face_up=[[0, 1, 3, 4, 5], [0, 1]], current=0)
    s, _ = R.apply(s, R.DRAW)   # holding a 5
    obs = _obs(s)
    assert people.breaks_pair(obs, R.SWAP[0]) and people.breaks_pair(obs, R.SWAP[1])
    assert not people.breaks_pair(obs, R.SWAP[2]) and not people.breaks_pair(obs, R.SWAP[5])
    assert not people.breaks_pair(obs, R.DISCARD)
    careless = people.Habits(temperature=100.0, cap=1000.0, memory=0)
    options = [(R.SWAP[5], 0.0), (R.SWAP[0], 0.1), (R.SWAP[1], 0.1), (R.DISCARD, 0.2)]
    picks = {people.pick(options, careless, random.Random(k), obs) for k in range(200)}
    assert picks == {R.SWAP[5], R.DISCARD}
    cold = people.Habits(temperature=0.01, cap=1.0, memory=0)     # Expert's own best may break a pair
    assert people.pick([(R.SWAP[0], 0.0), (R.DISCARD, 0.5)], cold, random.Random(1), obs) == R.SWAP[0]
    for level in ai.LEVELS[:3]:
        for k in range(20):
            assert ai.choose(obs, R.legal_actions(s), random.Random(k), level) not in (R.SWAP[0], R.SWAP[1])
