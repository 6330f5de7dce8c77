"""One test per Skyjo rule (seeds/skyjo.md and clarifications), with scripted deals."""
from collections import Counter

import pytest

from cardgames.core.events import Announced, CardFlipped, CardMoved, Shuffled
from cardgames.core.protocol import IllegalAction
from cardgames.core.rng import make_rng, shuffled
from cardgames.games.skyjo import rules as R
from cardgames.games.skyjo.rules import Phase

# Grids with no column of three equal values; sums noted.
TEN = [1, 0, 2, 1, 0, 2, 1, 0, -1, 3, 1, 0]          # sum 10
TWENTY_FOUR = [2, 5, 6, 0, 4, -1, 3, 4, 0, -2, 3, 0]  # sum 24
ALL_UP = list(range(12))


def play(state, *texts):
    """Apply actions given in notation; return the final state and all events."""
    events = []
    for text in texts:
        state, evs = R.apply(state, R.parse_action(text))
        events += evs
    return state, events


def test_deck_is_150_cards_with_the_printed_counts():
    counts = Counter(R.DECK)
    assert len(R.DECK) == 150
    assert counts[-2] == 5 and counts[-1] == 10 and counts[0] == 15
    assert all(counts[v] == 10 for v in range(1, 13))
    assert set(counts) == set(range(-2, 13))


@pytest.mark.parametrize("players", range(2, 9))
def test_new_game_deals_twelve_each_one_discard_rest_stock(players):
    s = R.new_game({"players": players}, 7)
    assert all(len(g) == 12 for g in s.grids) and len(s.grids) == players
    assert len(s.discard) == 1 and len(s.stock) == 150 - 12 * players - 1
    assert Counter(v for g in s.grids for v in g) + Counter(s.stock) + Counter(s.discard) == Counter(R.DECK)
    assert s.phase == Phase.SETUP and s.hidden == (R.ALL_SLOTS,) * players


@pytest.mark.parametrize("players", [1, 9, "4"])
def test_player_count_outside_two_to_eight_is_refused(players):
    with pytest.raises(ValueError, match="2 to 8"):
        R.new_game({"players": players}, 1)


def test_setup_each_player_reveals_two_then_highest_sum_starts():
    s = R.deal({"players": 3}, [ALL_UP, ALL_UP, ALL_UP], [5] * 5, [4])
    assert R.legal_actions(s) == tuple(R.FLIP)
    s, _ = play(s, "flip 0", "flip 1")          # seat 0: 0 + 1
    assert s.current == 1
    s, _ = play(s, "flip 5", "flip 6")          # seat 1: 5 + 6 = 11
    s, events = play(s, "flip 2", "flip 3")     # seat 2: 2 + 3
    assert s.phase == Phase.TURN and s.current == 1
    assert Announced("start", 1) in events


def test_setup_flip_must_be_a_face_down_card():
    s, _ = play(R.deal({"players": 2}, [ALL_UP, ALL_UP], [5], [4]), "flip 0")
    with pytest.raises(IllegalAction, match="face down"):
        R.apply(s, R.FLIP[0])


def test_start_tie_goes_to_higher_single_card_then_seat_order():
    rest = [6, 7, 8, 9, 10, 11, 12, 6, 7, 8]                            # face down
    grids = [[3, 3] + rest, [1, 5] + rest, [5, 1] + rest]                 # face up: sums 6, 6, 6
    s = R.deal({"players": 3}, grids, [5], [4], face_up=[[0, 1]] * 3)
    assert s.current == 1  # 5 beats 3; seat 1 before seat 2


def test_take_discard_exchanges_with_a_hidden_card_which_goes_face_up_to_discard():
    s = R.deal({"players": 2}, [ALL_UP, ALL_UP], [9], [-2], face_up=[[0, 1], [0, 1]], current=0)
    s, events = play(s, "take 7")
    assert s.grids[0][7] == -2 and not s.hidden[0] >> 7 & 1
    assert s.discard == (7,)
    assert events[:2] == [CardMoved(-2, "discard", "grid:0:7"), CardMoved(7, "grid:0:7", "discard")]
    assert s.current == 1 and s.phase == Phase.TURN


def test_take_discard_may_replace_a_face_up_card():
    s = R.deal({"players": 2}, [ALL_UP, ALL_UP], [9], [-2], face_up=[[0, 1], [0, 1]], current=0)
    s, _ = play(s, "take 1")
    assert s.grids[0][1] == -2 and s.discard == (1,)


def test_draw_then_exchange_the_drawn_card():
    s = R.deal({"players": 2}, [ALL_UP, ALL_UP], [8, -1], [12], face_up=[[0, 1], [0, 1]], current=0)
    s, events = play(s, "draw")
    assert s.phase == Phase.HOLD and s.held == -1 and s.stock == (8,)
    assert events == [CardMoved(-1, "stock", "held:0")]
    s, _ = play(s, "swap 11")
    assert s.grids[0][11] == -1 and s.discard == (12, 11) and s.held is None and s.current == 1


def test_draw_then_discard_then_must_reveal_a_card():
    s = R.deal({"players": 2}, [ALL_UP, ALL_UP], [8, 12], [3], face_up=[[0, 1], [0, 1]], current=0)
    s, _ = play(s, "draw", "discard")
    assert s.phase == Phase.FLIP and s.discard == (3, 12) and s.current == 0
    assert R.legal_actions(s) == tuple(R.FLIP[i] for i in range(2, 12))
    with pytest.raises(IllegalAction):
        R.apply(s, R.DRAW)
    s, events = play(s, "flip 4")
    assert events == [CardFlipped(4, "grid:0:4")]
    assert s.current == 1 and not s.hidden[0] >> 4 & 1


def test_only_a_drawn_card_may_be_discarded():
    s = R.deal({"players": 2}, [ALL_UP, ALL_UP], [12], [3], face_up=[[0, 1], [0, 1]], current=0)
    assert R.DISCARD not in R.legal_actions(s)
    with pytest.raises(IllegalAction, match="not allowed"):
        R.apply(s, R.DISCARD)


def test_column_of_three_equal_cards_goes_after_the_exchanged_card_onto_discard():
    grid = [7, 7, 1] + list(range(3, 12))      # column 0: 7 7 1
    s = R.deal({"players": 2}, [grid, ALL_UP], [9], [7], face_up=[[0, 1], [0, 1]], current=0)
    s, events = play(s, "take 2")
    assert s.discard == (1, 7, 7, 7)            # exchanged card first, the column on top
    assert s.grids[0][:3] == (None, None, None) and s.gone[0] == 0b111
    assert Announced("column_cleared", 0, 0) in events
    assert [e.src for e in events if isinstance(e, CardMoved)][-3:] == ["grid:0:0", "grid:0:1", "grid:0:2"]
    holding, _ = R.apply(s._replace(current=0), R.DRAW)
    assert R.SWAP[0] not in R.legal_actions(holding) and R.SWAP[3] in R.legal_actions(holding)


def test_column_cleared_by_a_revealed_card():
    grid = [5, 5, 5] + list(range(3, 12))
    s = R.deal({"players": 2}, [grid, ALL_UP], [12], [3], face_up=[[0, 1], [0, 1]], current=0)
    s, _events = play(s, "draw", "discard", "flip 2")
    assert s.gone[0] == 0b111 and s.discard == (3, 12, 5, 5, 5)


def test_equal_values_do_not_clear_while_one_is_face_down():
    grid = [5, 5, 5] + list(range(3, 12))
    s = R.deal({"players": 2}, [grid, ALL_UP], [12], [3], face_up=[[0, 1], [0, 1]], current=0)
    s, _ = play(s, "take 11")
    assert s.gone[0] == 0 and s.grids[0][2] == 5


def test_final_lap_everyone_else_plays_once_more():
    grid = list(range(12))
    s = R.deal({"players": 3}, [grid, grid, grid], [12, 12, 12], [3],
               face_up=[range(11), [0, 1], [0, 1]], current=0)
    s, events = play(s, "take 11")
    assert s.finisher == 0 and Announced("last_lap", 0) in events
    s, _ = play(s, "take 2")
    assert s.phase == Phase.TURN and s.current == 2 and s.finisher == 0
    s, events = play(s, "draw", "discard", "flip 5")
    assert s.phase == Phase.ROUND_OVER and len(s.rounds) == 1
    # seat 1 revealed nothing more, yet it does not get another turn
    assert Announced("round_over", None, 1) in events


def test_a_grid_emptied_by_clears_counts_as_all_revealed():
    grid = [None] * 9 + [4, 4, 5]                      # three columns cleared earlier in the round
    s = R.deal({"players": 2}, [grid, ALL_UP], [9], [4], face_up=[[9, 10], [0]], current=0)
    assert s.gone == (0b111111111, 0) and s.hidden[0] == 1 << 11
    s, events = play(s, "take 11")
    assert s.grids[0] == (None,) * 12 and s.finisher == 0
    assert Announced("last_lap", 0) in events


def test_end_of_round_reveal_turns_every_card_and_clears_completed_columns():
    finisher = [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 4]
    other = [6, 6, 6, 0, 1, 2, 0, 1, 2, 0, 1, 2]     # column 0 completed by the reveal
    s = R.deal({"players": 2}, [finisher, other], [12], [0], face_up=[range(11), [0]], current=0)
    s, events = play(s, "draw", "discard", "flip 11", "take 3")
    assert s.phase == Phase.ROUND_OVER
    assert CardFlipped(6, "grid:1:1") in events and CardFlipped(6, "grid:1:2") in events
    assert s.gone[1] == 0b111 and s.hidden == (0, 0)
    # seat 1 took the discarded 12 into slot 3 (a 0 went away): 3 + 3 + 3 for the rest plus 12 + 1 + 2
    assert s.rounds[0].raw[1] == 12 + 1 + 2 + 3 + 3 == sum(v for v in s.grids[1] if v is not None)
    assert s.discard[-3:] == (6, 6, 6)


def test_seed_example_finisher_not_strictly_lowest_is_doubled():
    # A ends with 10, B has 24, C has 10: A's 10 becomes 20.
    s = R.deal({"players": 3}, [TEN, TWENTY_FOUR, TEN], [1, 2, 5], [7],
               face_up=[range(11), [0, 1], [0, 1]], current=0)
    s, events = play(s, "draw", "discard", "flip 11", "draw", "swap 0", "draw", "swap 0")
    r = s.rounds[0]
    assert r.raw == (10, 24, 10) and r.scores == (20, 24, 10) and r.doubled and r.finisher == 0
    assert s.totals == (20, 24, 10)
    assert Announced("doubled", 0, 20) in events


def test_finisher_strictly_lowest_is_not_doubled():
    eleven = TEN[:-1] + [1]
    s = R.deal({"players": 3}, [TEN, TWENTY_FOUR, eleven], [1, 2, 5], [7],
               face_up=[range(11), [0, 1], [0, 1]], current=0)
    s, _ = play(s, "draw", "discard", "flip 11", "draw", "swap 0", "draw", "swap 0")
    assert s.rounds[0].scores == (10, 24, 11) and not s.rounds[0].doubled


def test_negative_finisher_score_is_never_doubled():
    minus_three = [-1, 0, -2, 0, -1, 1, 0, 1, -1, 0, 0, 0]      # sum -3
    minus_five = [-2, 0, -1, 0, -1, -2, 0, 1, 0, 0, 0, 0]       # sum -5
    s = R.deal({"players": 2}, [minus_three, minus_five], [0, 5], [7],
               face_up=[range(11), [0, 1]], current=0)
    s, _ = play(s, "draw", "discard", "flip 11", "draw", "swap 1")
    assert s.rounds[0].raw == (-3, -5) and s.rounds[0].scores == (-3, -5)
    assert not s.rounds[0].doubled


def test_zero_finisher_score_is_not_doubled():
    assert R.round_scores((0, -4), 0).scores == (0, -4)
    assert R.round_scores((6, 6), 1).scores == (6, 12)


def _finish_round(s):
    """Seat 0 takes into its last hidden slot 11, seat 1 then takes into slot 0."""
    return play(s, "take 11", "take 0")


def test_totals_add_up_and_the_game_ends_at_100():
    s = R.deal({"players": 2}, [TWENTY_FOUR, TEN], [5], [7], face_up=[range(11), [0]], current=0,
               totals=[70, 10])
    s, events = _finish_round(s)
    assert s.phase == Phase.GAME_OVER and R.is_over(s) and R.current_player(s) is None
    assert s.totals[0] >= 100 and R.winners(s) == (1,)
    assert R.legal_actions(s) == ()
    assert Announced("game_over", 1) in events


def test_below_the_target_the_next_round_is_dealt():
    s = R.deal({"players": 2}, [TEN, TWENTY_FOUR], [5], [7], face_up=[range(11), [0]], current=0,
               totals=[10, 10])
    s, _ = _finish_round(s)
    assert s.phase == Phase.ROUND_OVER and R.legal_actions(s) == (R.NEXT,)
    s, events = R.apply(s, R.NEXT)
    assert s.phase == Phase.SETUP and s.round_no == 2 and s.totals == (10 + 10 + 7, 10 + 24 - 2 + 0)
    assert R.card_count(s) == 150 and Announced("new_round", None, 2) in events


def test_target_option_changes_the_end():
    s = R.deal({"players": 2, "target": 40}, [TWENTY_FOUR, TEN], [5], [7],
               face_up=[range(11), [0]], current=0, totals=[10, 0])
    s, _ = _finish_round(s)
    assert s.phase == Phase.GAME_OVER


def test_equal_lowest_totals_share_the_win():
    s = R.deal({"players": 3}, [ALL_UP] * 3, [5], [7], totals=[40, 100, 40])
    assert R.winners(s) == (0, 2)


def _round_two(start_rule):
    grids = [[0, 0, -1, 0, -1, 0, 1, 0, -1, 0, 1, 0], [6, 6, 5, 6, 5, 6, 4, 6, 5, 6, 4, 5]]
    s = R.deal({"players": 2, "start": start_rule}, grids, [5], [7], face_up=[range(11), [0]],
               current=0)
    s, _ = play(s, "take 11", "take 0")
    assert s.rounds[0].finisher == 0
    s, _ = R.apply(s, R.NEXT)
    # set-up flips: seat 0 reveals its two lowest cards, seat 1 its two highest
    low = sorted(range(12), key=lambda i: s.grids[0][i])[:2]
    high = sorted(range(12), key=lambda i: -s.grids[1][i])[:2]
    s, _ = play(s, *(f"flip {i}" for i in low + high))
    return s


def test_later_rounds_start_with_who_ended_the_last_one():
    s = _round_two("finisher")
    assert s.phase == Phase.TURN and s.current == 0


def test_start_option_highest_sum_every_round():
    s = _round_two("highest")
    assert s.current == R._start_player(s) and s.current == 1


def test_empty_stock_reshuffles_the_discard_minus_its_top():
    s = R.deal({"players": 2}, [ALL_UP, ALL_UP], [], [4, 3, 2, 1, 9], face_up=[[0, 1], [0, 1]],
               current=0, seed=55)
    assert R.DRAW in R.legal_actions(s)
    s2, events = R.apply(s, R.DRAW)
    expected = shuffled((4, 3, 2, 1), make_rng(55, "reshuffle", 0))
    assert events[0] == Shuffled("discard", "stock", 4)
    assert s2.held == expected[-1] and s2.stock == expected[:-1]
    assert s2.discard == (9,) and s2.reshuffles == 1
    again, _ = R.apply(s, R.DRAW)
    assert again == s2                                   # seeded: the same every time
    one_used = R.deal({"players": 2}, [ALL_UP, ALL_UP], [], [4, 3, 2, 1, 9], face_up=[[0, 1], [0, 1]],
                      current=0, seed=55, reshuffles=1)
    later, _ = R.apply(one_used, R.DRAW)                 # the counter seeds the next one
    assert later.reshuffles == 2 and later.stock + (later.held,) == shuffled((4, 3, 2, 1), make_rng(55, "reshuffle", 1))


def test_nothing_to_draw_when_both_piles_are_spent():
    s = R.deal({"players": 2}, [ALL_UP, ALL_UP], [], [9], face_up=[[0, 1], [0, 1]], current=0)
    assert R.DRAW not in R.legal_actions(s)
    with pytest.raises(IllegalAction, match="nothing to reshuffle"):
        R.apply(s, R.DRAW)


@pytest.mark.parametrize("action", [("take", 12), ("take", -1), ("take", None), ("swap", 0),
                                    ("flip", 3), ("next", None), ("draw", 0), ("bogus", 1), "draw", None])
def test_illegal_actions_raise_with_a_clear_message(action):
    s = R.deal({"players": 2}, [ALL_UP, ALL_UP], [9], [4], face_up=[[0, 1], [0, 1]], current=0)
    with pytest.raises(IllegalAction):
        R.apply(s, action)


def test_action_notation_round_trips_and_rejects_nonsense():
    for a in (R.DRAW, R.DISCARD, R.NEXT, R.TAKE[3], R.SWAP[11], R.FLIP[0]):
        assert R.parse_action(str(a)) == a
    assert str(R.TAKE[5]) == "take 5"
    for bad in ("", "take", "take 12", "flip x", "jump 1"):
        with pytest.raises(ValueError, match="not a Skyjo action"):
            R.parse_action(bad)


def test_corrupt_saved_game_gives_a_clear_error():
    with pytest.raises(ValueError, match="not a saved Skyjo game"):
        R.from_json({"players": 2})


def test_observation_shows_each_slot_as_a_value_hidden_or_cleared():
    grid = [None, None, None] + [4, 5, 6, 7, 8, 9, 10, 11, 12]
    s = R.deal({"players": 2}, [grid, ALL_UP], [3, 2], [1], face_up=[[3, 4], [0]], current=1)
    obs = R.observe(s, 1)
    assert obs.grids[0] == (R.CLEARED,) * 3 + (4, 5) + (R.HIDDEN,) * 7
    assert obs.grids[1] == (0,) + (R.HIDDEN,) * 11
    assert obs.face_down(0) == 7 and obs.face_up(0) == (4, 5) and obs.stock_count == 2
    assert obs.discard == (1,) and repr(R.HIDDEN) == "HIDDEN"


@pytest.mark.parametrize(("grids", "stock", "discard", "setup", "message"), [
    ([[-2] * 12, ALL_UP], [5], [7], {}, "12 x -2 \\(at most 5 in the 150-card deck\\)"),
    ([ALL_UP, ALL_UP], [0] * 14, [7], {}, "16 x 0 \\(at most 15 in the 150-card deck\\)"),
    ([ALL_UP, ALL_UP], [13], [7], {}, "13 is not in the 150-card deck"),
    ([ALL_UP, ALL_UP[:11]], [5], [7], {}, "2 grids of 12 cards"),
    ([ALL_UP], [5], [7], {}, "2 grids of 12 cards"),
    ([ALL_UP, ALL_UP], [5], [], {}, "discard pile needs a card"),
    ([[None] + ALL_UP[1:], ALL_UP], [5], [7], {}, "cleared column is three empty slots"),
    ([ALL_UP, ALL_UP], [5], [7], {"totals": [3]}, "totals needs 2"),
    ([ALL_UP, ALL_UP], [5], [7], {"round_no": 0}, "round 0"),
    ([ALL_UP, ALL_UP], [5], [7], {"held": 3}, "need face_up"),
    ([ALL_UP, ALL_UP], [5], [7], {"face_up": [[12], []]}, "slots 0..11"),
    ([ALL_UP, ALL_UP], [5], [7], {"face_up": [[0], [0]], "finisher": 0}, "finisher .* every card face up"),
    ([ALL_UP, ALL_UP], [5], [7], {"face_up": [[0], [0]], "current": 2}, "current must be a seat"),
])
def test_impossible_deals_are_refused_saying_what_is_wrong(grids, stock, discard, setup, message):
    with pytest.raises(ValueError, match=message):
        R.deal({"players": 2}, grids, stock, discard, **setup)


def test_deal_sets_up_a_later_round_a_held_card_and_the_last_lap():
    earlier = (R.RoundResult((30, 12), (60, 12), 0, True),)
    s = R.deal({"players": 2}, [TEN, ALL_UP], [8, 3], [7], face_up=[range(12), [0, 1]], current=1, held=-2,
               finisher=0, rounds=earlier, reshuffles=2)
    assert (s.round_no, s.totals, s.phase, s.held, s.finisher, s.reshuffles) == (2, (60, 12), Phase.HOLD, -2, 0, 2)
    assert R.legal_actions(s) == R.SWAP + (R.DISCARD,)
    s, events = play(s, "swap 2")                         # seat 1 plays its last turn: the round ends
    assert s.phase == Phase.ROUND_OVER and s.totals == (60 + 10, 12 + sum(ALL_UP) - 2 - 2)   # its 2 became -2
    assert Announced("round_over", None, 2) in events
