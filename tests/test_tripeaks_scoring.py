"""TriPeaks scoring, to the exact number: Classic money, Arcade streaks, stars."""
import pytest

from cardgames.core.cards import parse_card
from cardgames.core.events import Announced, CardFlipped, CardMoved
from cardgames.games.tripeaks.scoring import (
    ArcadeScore,
    Award,
    ClassicScore,
    Moves,
    read_events,
    stars,
)

PLAY = (CardMoved(parse_card("7H"), "tableau:20", "waste"), CardFlipped(parse_card("9C"), "tableau:11"))
TURN = (CardMoved(parse_card("2S"), "stock", "waste"),)
PEAK = PLAY + (Announced("peak_cleared", value=1),)


def feed(score, *steps):
    awards = []
    for step in steps:
        score, got = score.after_events(step)
        awards += got
    return score, awards


def test_events_are_read_as_plays_turns_and_peaks():
    assert read_events(PLAY) == Moves(plays=1)
    assert read_events(TURN) == Moves(turns=1)
    assert read_events(PEAK) == Moves(plays=1, peaks=1)
    assert read_events((CardFlipped(parse_card("9C"), "tableau:3"),)) == Moves()


# ---------------------------------------------------------------- Classic


def test_classic_run_pays_one_two_three_dollars():
    score, awards = feed(ClassicScore(), PLAY, PLAY, PLAY)
    assert [a.amount for a in awards] == [1, 2, 3]
    assert score.hand == 6 and score.run == 3


def test_classic_stock_turn_costs_five_and_resets_the_run():
    score, awards = feed(ClassicScore(), PLAY, PLAY, TURN, PLAY)
    assert [a.amount for a in awards] == [1, 2, -5, 1]
    assert score.hand == -1 and score.run == 1 and score.longest_run == 2


def test_classic_peaks_pay_15_15_30_in_clearing_order():
    score, awards = feed(ClassicScore(), PEAK, PEAK, PEAK)
    assert [(a.kind, a.amount) for a in awards] == [
        ("card", 1), ("peak", 15), ("card", 2), ("peak", 15), ("card", 3), ("peak", 30)]
    assert score.hand == 1 + 15 + 2 + 15 + 3 + 30
    assert score.peaks == 3


def test_classic_a_whole_hand_to_the_dollar():
    # 5 plays, turn, 4 plays and a peak, turn, turn, 3 plays: 15 - 5 + 10 + 15 - 10 + 6
    steps = [PLAY] * 5 + [TURN] + [PLAY] * 3 + [PEAK] + [TURN, TURN] + [PLAY] * 3
    score, _ = feed(ClassicScore(), *steps)
    assert score.hand == 15 - 5 + 10 + 15 - 10 + 6 == 31
    assert score.longest_run == 5


def test_one_peak_layout_pays_the_big_bonus_and_two_peaks_small_then_big():
    _one, awards = feed(ClassicScore(peak_count=1), PEAK)
    assert [a.amount for a in awards if a.kind == "peak"] == [30]
    _two, awards = feed(level(peak_count=2), PEAK, PEAK)
    assert [a.amount for a in awards if a.kind == "peak"] == [1000, 5000]


def test_classic_bank_carries_over_from_hand_to_hand():
    first, _ = feed(ClassicScore(bank=100), TURN, TURN, PLAY)
    assert first.hand == -9 and first.total == 91
    second = first.next_hand()
    assert second == ClassicScore(bank=91)
    second, _ = feed(second, PLAY, PLAY)
    assert second.total == 94


def test_classic_json_round_trip():
    score, _ = feed(ClassicScore(bank=7), PLAY, PEAK, TURN, PLAY)
    assert ClassicScore.from_json(score.to_json()) == score


# ---------------------------------------------------------------- Arcade


def level(**kw):
    return ArcadeScore(clock=kw.pop("clock", 120), streak_seconds=kw.pop("streak_seconds", 4), **kw)


def test_arcade_nth_card_of_a_streak_scores_100_times_n():
    score, awards = feed(level(), PLAY, PLAY, PLAY, PLAY)
    assert [a.amount for a in awards] == [100, 200, 300, 400]
    assert score.score == 1000 and score.streak == 4


def test_arcade_stock_turn_ends_the_streak_without_cost():
    score, awards = feed(level(), PLAY, PLAY, TURN, PLAY)
    assert [a.amount for a in awards] == [100, 200, 100]
    assert score.score == 400 and score.streak == 1 and score.longest_streak == 2


def test_arcade_streak_ends_when_its_timer_runs_out_between_plays():
    score, _ = feed(level(streak_seconds=2), PLAY, PLAY)
    score = score.advance(1.5)
    score, awards = score.after_events(PLAY)      # 1.5 s after the last play: the streak goes on
    assert awards == (Award("card", 300, 3),)
    score = score.advance(1.75).advance(0.25)     # exactly 2 s: the timer has run out
    assert score.streak == 0 and score.streak_left == 0
    score, awards = score.after_events(PLAY)
    assert awards == (Award("card", 100, 1),)
    assert score.score == 100 + 200 + 300 + 100


def test_arcade_each_play_restarts_the_streak_timer():
    score, _ = feed(level(streak_seconds=3), PLAY)
    for _ in range(5):
        score = score.advance(2.5)
        score, _ = score.after_events(PLAY)
        assert score.streak_left == 3
    assert score.streak == 6 and score.score == 100 * (1 + 2 + 3 + 4 + 5 + 6)


def test_arcade_peaks_score_1000_1000_5000():
    score, awards = feed(level(), PEAK, TURN, PEAK, PEAK)
    assert [(a.kind, a.amount) for a in awards if a.kind == "peak"] == [("peak", 1000), ("peak", 1000), ("peak", 5000)]
    assert score.score == 100 + 1000 + 100 + 1000 + 200 + 5000


def test_arcade_clock_runs_down_and_stops_at_zero():
    score = level(clock=10)
    score = score.advance(4).advance(4)
    assert score.time_left == 2 and not score.out_of_time
    score = score.advance(5)
    assert score.time_left == 0 and score.out_of_time


def test_arcade_clear_bonus_whole_seconds_and_stock_cards():
    score, _ = feed(level(clock=90), PLAY, PLAY)
    score = score.advance(30.5)                   # 59.5 s left: 59 whole seconds
    bonus = score.clear_bonus(stock_left=7)
    assert bonus == (Award("time_bonus", 5900, 59), Award("stock_bonus", 3500, 7))
    final, _ = score.with_clear_bonus(7)
    assert final.score == 300 + 5900 + 3500


def test_arcade_float_steps_never_lose_a_bonus_second():
    score = level(clock=60)
    for _ in range(600):                          # ten seconds in 60 Hz frames
        score = score.advance(1 / 60)
    assert score.whole_seconds_left == 50


def test_arcade_rejects_a_bad_clock():
    with pytest.raises(ValueError):
        ArcadeScore(clock=0, streak_seconds=3)


def test_arcade_json_round_trip():
    score, _ = feed(level(), PLAY, PEAK)
    score = score.advance(1.25)
    assert ArcadeScore.from_json(score.to_json()) == score


@pytest.mark.parametrize("score,expected", [(0, 0), (9999, 0), (10000, 1), (19999, 1), (20000, 2), (30000, 3), (99999, 3)])
def test_stars_from_the_target_scores(score, expected):
    assert stars(score, (10000, 20000, 30000)) == expected


# ---------------------------------------------------------------- fed by the real rules


def small_deal(stock):
    """A peak (slot 0) on two cards (slots 1 and 2); the waste shows 2S."""
    from cardgames.core.cards import parse_cards
    from cardgames.games.tripeaks import rules
    from cardgames.games.tripeaks.layout import parse_layout

    layout = parse_layout({"name": "tiny", "title": "Tiny", "peaks": [0], "slots": [
        {"x": 0.5, "y": 0, "covered_by": [1, 2]}, {"x": 0, "y": 1, "covered_by": []},
        {"x": 1, "y": 1, "covered_by": []}]})
    return rules.deal({}, parse_cards("5H 3C 4D"), parse_cards(stock), parse_cards("2S"), layout=layout)


def play_out(score, state, moves):
    from cardgames.games.tripeaks import rules

    for text in moves:
        state, events = rules.apply(state, rules.parse_action(text))
        score, _ = score.after_events(events)
    return score, state


def test_scorers_fed_with_rules_events_to_the_exact_number():
    # 3C on 2S; turn 9C, turn 3S (each ends the run); 4D on 3S; 5H (the peak) on 4D: a clear
    moves = ["play 1", "turn", "turn", "play 2", "play 0"]
    state = small_deal("3S 9C")                  # top card last: 9C turns first
    classic, end = play_out(ClassicScore(peak_count=1), state, moves)
    # $1 (3C) - $5 - $5, then 4D on 3S ($1) and 5H on 4D ($2) with the last peak ($30)
    assert classic.hand == 1 - 5 - 5 + 1 + 2 + 30 == 24
    arcade, end = play_out(ArcadeScore(clock=60, streak_seconds=3, peak_count=1), state, moves)
    assert arcade.score == 100 + 100 + 200 + 5000
    final, bonus = arcade.with_clear_bonus(len(end.stock))
    assert [b.amount for b in bonus] == [6000, 0] and final.score == 5400 + 6000
