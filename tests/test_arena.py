"""The shared arena (cardgames/arena.py): duplicate dealing, own random streams, held-out seeds,
confidence intervals, the ladder and the command line. Small sizes: only what must hold."""
from __future__ import annotations

import pytest

from cardgames import arena


def test_duplicate_dealing_plays_each_deal_once_per_seat_rotation():
    result = arena.match("skyjo", "hard", "normal", seats=3, deals=2, timed=False)
    assert len(result.games) == 6 and len(result.deal_shares) == 2
    for deal in range(2):
        seats = [g.levels.index("hard") for g in result.games[3 * deal:3 * deal + 3]]
        assert sorted(seats) == [0, 1, 2]                 # the candidate sat in every seat of the deal
        assert all(g.levels.count("hard") == 1 for g in result.games[3 * deal:3 * deal + 3])


def test_heads_up_deals_are_played_twice_with_the_seats_swapped():
    result = arena.match("switch", "hard", "normal", seats=2, deals=3, timed=False)
    assert [g.levels for g in result.games] == [("hard", "normal"), ("normal", "hard")] * 3


def test_the_same_deal_is_dealt_in_every_rotation():
    game = arena.adapter("skyjo")
    seed = arena.deal_seed("skyjo", "reporting", arena.REPORTING.start)
    a, b = game.new_game(3, seed), game.new_game(3, seed)
    assert a.grids == b.grids and a.stock == b.stock


def test_results_are_reproducible_from_the_seed():
    one = arena.match("skyjo", "hard", "easy", seats=2, deals=2, timed=False)
    two = arena.match("skyjo", "hard", "easy", seats=2, deals=2, timed=False)
    assert [(g.winners, g.round_scores) for g in one.games] == [(g.winners, g.round_scores) for g in two.games]
    other = arena.match("skyjo", "hard", "easy", seats=2, deals=2, timed=False, first=arena.REPORTING.start + 2)
    assert [g.round_scores for g in other.games] != [g.round_scores for g in one.games]


def test_each_ai_has_its_own_random_stream():
    # a seat's dice depend on the deal, the seat and the level only: another seat's level never changes them
    seed = arena.deal_seed("skyjo", "tuning", 5)
    assert arena.make_rng(seed, "ai", 0, "hard").random() != arena.make_rng(seed, "ai", 1, "hard").random()


def test_tuning_and_reporting_seeds_are_disjoint():
    assert not set(arena.TUNING) & set(range(arena.REPORTING.start, arena.REPORTING.start + 10))
    assert arena.TUNING.stop <= arena.REPORTING.start
    with pytest.raises(ValueError):
        arena.deal_seed("skyjo", "reporting", 3)
    with pytest.raises(ValueError):
        arena.match("skyjo", "hard", "easy", seats=2, deals=1, split="tuning", first=arena.REPORTING.start)


def test_a_random_player_loses_to_hard_with_an_interval_that_excludes_parity():
    result = arena.match("skyjo", "random", "hard", seats=2, deals=6)
    _low, high = result.ci()
    assert high < 0.5
    assert result.timings["hard"] and result.timings["random"]
    text = "\n".join(result.lines())
    assert "95% CI" in text and "p95" in text and "points per round" in text


def test_ties_share_the_win():
    assert arena.ranks_of([10, 5, 5, 20]) == [3, 1, 1, 4]
    assert arena.bootstrap_ci([1.0, 1.0, 1.0]) == (1.0, 1.0)
    low, high = arena.bootstrap_ci([0.0, 1.0] * 20)
    assert low < 0.5 < high


def test_the_ladder_rates_every_level():
    table = arena.ladder("switch", ["hard", "random"], seats=2, deals=4)
    assert table.games == 8 and set(table.ratings) == {"hard", "random"}
    assert "rating" in "\n".join(table.lines())


def test_command_line(capsys):
    arena.main(["--game", "three_thirteen", "--candidate", "normal", "--field", "easy", "--seats", "2",
                "--deals", "1"])
    assert "normal wins" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        arena.main(["--game", "skyjo", "--candidate", "grandmaster"])
    with pytest.raises(SystemExit):
        arena.main(["--game", "switch", "--seats", "9", "--candidate", "hard", "--field", "easy"])


def test_each_levels_cost_per_decision_against_expert_falls_as_the_level_rises():
    costs = {level: arena.mean(arena.decision_costs("skyjo", level, 3, 1, max_decisions=80))
             for level in ("easy", "normal", "hard")}
    assert costs["easy"] > costs["normal"] > costs["hard"] >= 0.0
    assert arena.decision_costs("switch", "hard", 2, 1) == []     # no expert.scored to ask (yet)
