"""One test per rule of seeds/three_thirteen.md (scripted deals), then conformance playouts."""
import json
import random
from collections import Counter

import pytest

from cardgames.core.cards import Rank, parse_card, parse_cards, standard_deck
from cardgames.core.events import Announced, CardMoved, Shuffled
from cardgames.core.protocol import IllegalAction
from cardgames.games.three_thirteen import melds
from cardgames.games.three_thirteen import rules as R
from cardgames.games.three_thirteen.rules import NEXT, OUT, STOCK, TAKE, Phase


def act(state, *texts):
    """Apply actions given as text; return the final state and all events."""
    events = []
    for t in texts:
        state, ev = R.apply(state, R.parse_action(t))
        events += ev
    return state, events


def finish_round(state, rng=None):
    """Play plain turns (stock, then throw the first legal card) until the round is over."""
    rng = rng or random.Random(0)
    while state.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
        legal = [a for a in R.legal_actions(state) if a.kind != "out"]
        state, _ = R.apply(state, legal[0] if state.phase == Phase.DRAW else rng.choice(legal))
    return state


# -- the deal ------------------------------------------------------------------------------

def test_eleven_rounds_deal_three_to_thirteen_cards_with_the_matching_wild_rank():
    state = R.new_game({"players": 3}, seed=11)
    for round_no in range(1, 12):
        assert state.round_no == round_no
        assert [len(h) for h in state.hands] == [round_no + 2] * 3
        assert R.wild_rank(round_no) == Rank(round_no + 2)
        assert R.observe(state, 0).wild == Rank(round_no + 2)
        state = finish_round(state)
        if round_no < 11:
            assert state.phase == Phase.ROUND_OVER and R.legal_actions(state) == (NEXT,)
            state, _ = R.apply(state, NEXT)
    assert R.is_over(state) and len(state.rounds) == 11
    assert R.wild_rank(1) == Rank.THREE and R.wild_rank(9) == Rank.JACK and R.wild_rank(11) == Rank.KING


@pytest.mark.parametrize("players,decks", [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4)])
def test_decks_for_two_to_eight_seats(players, decks):
    assert R.decks_for(players) == decks
    state = R.new_game({"players": players}, seed=3)
    everything = [c for h in state.hands for c in h] + list(state.stock) + list(state.discard)
    assert Counter(everything) == Counter(standard_deck(decks))
    assert len(state.discard) == 1  # the stock's top card starts the discard pile


def test_player_counts_outside_two_to_eight_are_refused():
    for bad in (1, 9, "3", True):
        with pytest.raises(ValueError, match="2 to 8 players"):
            R.new_game({"players": bad}, seed=1)
    with pytest.raises(ValueError, match="ace_high"):
        R.new_game({"ace_high": "yes"}, seed=1)


def test_dealer_passes_left_and_the_player_left_of_the_dealer_starts():
    state = R.new_game({"players": 4}, seed=5)
    first_dealer = state.dealer
    assert state.current == (first_dealer + 1) % 4
    for k in range(1, 4):
        state = finish_round(state)
        state, events = R.apply(state, NEXT)
        assert state.dealer == (first_dealer + k) % 4
        assert state.current == (first_dealer + k + 1) % 4
        assert events[0] == Announced("new_round", state.dealer, k + 1)


def test_the_first_dealer_comes_from_the_seed():
    dealers = {R.new_game({"players": 5}, seed=s).dealer for s in range(40)}
    assert len(dealers) > 1
    assert R.new_game({"players": 5}, seed=7) == R.new_game({"players": 5}, seed=7)


# -- a turn --------------------------------------------------------------------------------

def test_draw_from_the_stock():
    state = R.deal(None, ["2C 5D 9H", "4S 7S JD"], stock="QS KH", discard="8C")
    assert R.legal_actions(state) == (STOCK, TAKE)
    state, events = R.apply(state, STOCK)
    assert state.hands[0] == parse_cards("2C 5D 9H KH")
    assert state.stock == parse_cards("QS") and state.phase == Phase.DISCARD
    assert events[0].visible_to == (0,)  # only the drawer sees the stock card


def test_take_the_discard_pile_top():
    state = R.deal(None, ["2C 5D 9H", "4S 7S JD"], stock="QS KH", discard="6D 8C")
    state, events = R.apply(state, TAKE)
    assert state.hands[0][-1] == parse_card("8C") and state.discard == parse_cards("6D")
    assert events[0] == CardMoved(parse_card("8C"), "discard", "hand:0")
    assert R.observe(state, 1).picked[0] == parse_cards("8C")  # everyone saw it taken


def test_discard_then_the_turn_passes_left():
    state = R.deal({"players": 3}, ["2C 5D 9H", "4S 7S JD", "AC AD 6H"], stock="10C QS KH", discard="8C")
    state, events = act(state, "stock", "discard 5D")
    assert state.discard[-1] == parse_card("5D") and state.hands[0] == parse_cards("2C 9H KH")
    assert state.current == 1 and state.phase == Phase.DRAW
    assert CardMoved(parse_card("5D"), "hand:0", "discard") in events


def test_the_card_just_taken_cannot_be_thrown_back():
    state = R.deal(None, ["9C 9D KS", "4S 7S JD"], stock="2H", discard="QH")
    state, _ = R.apply(state, TAKE)
    assert R.parse_action("discard QH") not in R.legal_actions(state)
    with pytest.raises(IllegalAction, match="just taken"):
        R.apply(state, R.parse_action("discard QH"))
    # an identical card from another deck cannot be thrown in its place either
    state = R.deal({"players": 3}, ["QH 9C 9D", "4S 7S JD", "2C 2D 2S"], stock="2H", discard="QH")
    state, _ = R.apply(state, TAKE)
    assert all(a.card != parse_card("QH") for a in R.legal_actions(state))
    # a card drawn from the stock may be thrown at once
    state = R.deal(None, ["9C 9D KS", "4S 7S JD"], stock="QH", discard="2H")
    state, _ = act(state, "stock", "discard QH")
    assert state.discard[-1] == parse_card("QH")


def test_illegal_actions_are_refused_with_a_reason():
    state = R.deal(None, ["9C 9D KS", "4S 7S JD"], stock="2H", discard="QH")
    with pytest.raises(IllegalAction, match="draw phase"):
        R.apply(state, R.parse_action("discard KS"))
    state, _ = R.apply(state, STOCK)
    with pytest.raises(IllegalAction, match="not in seat 0's hand"):
        R.apply(state, R.parse_action("discard AS"))
    with pytest.raises(IllegalAction, match="cannot go out"):
        R.apply(state, OUT)
    with pytest.raises(ValueError, match="not a Three Thirteen action"):
        R.parse_action("throw KS")


# -- going out -----------------------------------------------------------------------------

def go_out_test(hands, stock, discard, *, round_no, take=False, options=None, expect_outs=None):
    state = R.deal(options, hands, stock=stock, discard=discard, round_no=round_no)
    state, _ = R.apply(state, TAKE if take else STOCK)
    if expect_outs is None:
        assert OUT not in R.legal_actions(state)
        return state
    assert OUT in R.legal_actions(state)
    state, events = R.apply(state, OUT)
    assert events[0] == Announced("out", 0, state.players - 1, "last turn")
    assert state.phase == Phase.GOING_OUT
    assert state.outs == parse_cards(expect_outs)
    return state


def test_going_out_in_round_one_with_three_cards():
    # 3s are wild: 9C 9D and the wild 3H make a set; the King is thrown.
    state = go_out_test(["9C 9D KS", "2H 5C 8D"], "4C 3H", "JD", round_no=1, expect_outs="KS")
    state, _ = R.apply(state, R.parse_action("discard KS"))
    assert state.out_seat == 0 and state.last_turns == 1 and state.current == 1
    state, _ = act(state, "stock", "discard 8D")
    assert state.phase == Phase.ROUND_OVER
    assert state.rounds[-1].scores == (0, 2 + 5 + 4) and state.totals == (0, 11)
    assert state.rounds[-1].out_seat == 0


def test_runs_with_the_ace_low():
    go_out_test(["AH 2H 3H 9C 9D 9S", "2C 5C 8D 4D 10S QC"], "KC", "JD", round_no=4, expect_outs="KC")


def test_ace_high_variant_allows_q_k_a():
    hands = ["QH KH AH 9C 9D 9S", "2C 5C 8D 4D 10S QC"]
    go_out_test(hands, "2S", "JD", round_no=4, expect_outs=None)  # Aces low: no Q-K-A
    go_out_test(hands, "2S", "JD", round_no=4, options={"ace_high": True}, expect_outs="2S")


def test_no_wrap_from_king_through_ace_to_two():
    for ace_high in (False, True):
        go_out_test(["KH AH 2H 9C 9D 9S", "2C 5C 8D 4D 10S QC"], "5D", "JD", round_no=4,
                    options={"ace_high": ace_high}, expect_outs=None)


def test_sets_may_hold_identical_cards_from_two_decks():
    go_out_test(["7H 7H KC", "2C 5C 8D", "4D 10S QC"], "7S", "JD", round_no=1,
                options={"players": 3}, expect_outs="KC")
    # ... but a run never holds one rank twice
    go_out_test(["7H 7H KC", "2C 5C 8D", "4D 10S QC"], "8H", "JD", round_no=1,
                options={"players": 3}, expect_outs=None)


def test_a_meld_of_wilds_only():
    go_out_test(["3H 3S 3D", "2C 5C 8D"], "KC", "JD", round_no=1, expect_outs="3H 3S 3D KC")


def test_wilds_fill_gaps_in_runs():
    go_out_test(["4S 6S 8S 5H 5D", "2C 3C 8D 9D JC"], "KC", "JD", round_no=3, expect_outs="KC")


def test_going_out_after_taking_the_discard():
    state = go_out_test(["9C 9D KS", "2H 5C 8D"], "4C", "9S", round_no=1, take=True, expect_outs="KS")
    assert state.taken == parse_card("9S")


def test_everyone_else_gets_one_more_turn_after_someone_goes_out():
    hands = ["9C 9D KS", "2H 5C 8D", "4D 6D JS"]
    state = R.deal({"players": 3}, hands, stock="10S 10H 10D 10C 3H", discard="QD", round_no=1)
    state, _ = act(state, "stock", "out", "discard KS")
    assert (state.current, state.last_turns) == (1, 2)
    state, _ = act(state, "stock", "discard 2H")
    assert (state.current, state.last_turns, state.phase) == (2, 1, Phase.DRAW)
    state, events = act(state, "stock", "discard JS")
    assert state.phase == Phase.ROUND_OVER  # seat 0 does not play again
    assert Announced("round_over", None, 1) in events


def test_the_melds_of_a_player_who_went_out_are_shown_to_everyone():
    state = R.deal(None, ["9C 9D KS", "2H 5C 8D"], stock="4C 3H", discard="JD", round_no=1)
    state, _ = act(state, "stock", "out")
    assert R.observe(state, 1).shown == ((), ())  # not before the discard
    state, _ = act(state, "discard KS")
    assert R.observe(state, 1).shown == (parse_cards("9C 9D 3H"), ())


def test_a_player_on_a_last_turn_may_lay_down_too():
    hands = ["9C 9D KS", "2H 2C 8D"]
    state = R.deal(None, hands, stock="3C 3H", discard="QD", round_no=1)
    state, _ = act(state, "stock", "out", "discard KS", "stock", "out", "discard 8D")
    assert state.phase == Phase.ROUND_OVER and state.rounds[-1].scores == (0, 0)
    assert state.rounds[-1].out_seat == 0


# -- scoring and the end -------------------------------------------------------------------

def test_scoring_takes_the_lowest_penalty_for_every_hand():
    # Seat 1 never arranged anything; the score is still the best arrangement.
    hands = ["9C 9D KS", "7H 8H 9H"]  # round 1: 3s wild
    state = R.deal(None, hands, stock="4C 3D", discard="QD", round_no=1)
    state, _ = act(state, "stock", "out", "discard KS", "stock", "discard 4C")
    assert state.rounds[-1].scores == (0, 0)
    hands = ["9C 9D 9S 4D", "7H 8H 9H 5S"]
    state = R.deal(None, hands, stock="2D KS", discard="QD", round_no=2)  # 4s wild
    state, _ = act(state, "stock", "out", "discard KS", "stock", "discard 2D")
    assert state.rounds[-1].scores == (0, 5)
    assert state.rounds[-1].scores[1] == melds.penalty(state.hands[1], Rank.FOUR)


def test_an_unmelded_wild_costs_its_face_value_at_scoring():
    # Round 1: 3s are wild. Seat 1's lone wild 3H and 7C, 10D cost 3 + 7 + 10.
    state = R.deal(None, ["9C 9D 9S", "3H 7C 10D"], stock="4C QH", discard="JD", round_no=1)
    state, _ = act(state, "stock", "out", "discard QH", "stock", "discard 4C")
    assert state.rounds[-1].scores == (0, 20)


def test_ace_costs_fifteen_in_the_ace_high_variant():
    state = R.deal({"ace_high": True}, ["9C 9D 9S", "AH 2C 5D"], stock="4C QH", discard="JD", round_no=1)
    state, _ = act(state, "stock", "out", "discard QH", "stock", "discard 4C")
    assert state.rounds[-1].scores == (0, 22)
    state = R.deal(None, ["9C 9D 9S", "AH 2C 5D"], stock="4C QH", discard="JD", round_no=1)
    state, _ = act(state, "stock", "out", "discard QH", "stock", "discard 4C")
    assert state.rounds[-1].scores == (0, 8)


# Round 11 deals 13 cards: seat 0 goes out at once, seat 1 holds pairs and nothing that melds.
OUT_13 = "9C 9D 9S 2H 3H 4H 5H 6D 7D 8D 10S JS QS"
LOOSE_13 = "AD AS 2D 2S 4D 4S 6C 6H 8C 8H 10C 10H QC"     # 1+1+2+2+4+4+6+6+8+8+10+10+10 = 72


def test_the_lowest_total_after_round_eleven_wins():
    state = R.deal(None, [OUT_13, LOOSE_13], stock="4C QH", discard="JD", round_no=11, totals=(130, 50))
    state, events = act(state, "stock", "out", "discard QH", "stock", "discard 4C")
    assert R.is_over(state) and state.phase == Phase.GAME_OVER
    assert R.scores(state) == (130, 50 + 72) and R.winners(state) == (1,)
    assert events[-1] == Announced("game_over", 1)
    assert R.legal_actions(state) == () and R.current_player(state) is None


def test_equal_lowest_totals_share_the_win():
    state = R.deal(None, [OUT_13, LOOSE_13], stock="4C QH", discard="JD", round_no=11, totals=(122, 50))
    state, _ = act(state, "stock", "out", "discard QH", "stock", "discard 4C")
    assert R.winners(state) == (0, 1)


# -- the empty stock -----------------------------------------------------------------------

def test_empty_stock_is_refilled_once_from_the_discard_pile_then_the_round_ends():
    state = R.deal(None, ["2C 5D 9H", "4S 7S JD"], stock="KH", discard="10S 6D 8C", round_no=1, seed=9)
    state, events = act(state, "stock", "discard KH")
    assert Shuffled("discard", "stock", 3) in events
    assert state.reshuffles == 1 and len(state.stock) == 3 and state.discard == parse_cards("KH")
    assert Counter(state.stock) == Counter(parse_cards("8C 6D 10S"))
    again, _ = act(R.deal(None, ["2C 5D 9H", "4S 7S JD"], stock="KH", discard="10S 6D 8C", seed=9),
                   "stock", "discard KH")
    assert again.stock == state.stock  # the reshuffle is seeded from the state
    state, _ = act(state, "stock", "discard 4S", "stock", "discard 2C", "stock")
    state, events = act(state, "discard 7S")
    assert Announced("stock_out") in events and state.phase == Phase.ROUND_OVER
    assert state.rounds[-1].out_seat is None
    assert state.rounds[-1].scores == tuple(melds.penalty(h, Rank.THREE) for h in state.hands)


def test_the_round_ends_when_the_reshuffle_would_leave_nothing_to_draw():
    state = R.deal(None, ["2C 5D 9H", "4S 7S JD"], stock="KH", discard="", round_no=1)
    state, events = act(state, "stock", "discard KH")
    assert Announced("stock_out") in events and state.phase == Phase.ROUND_OVER


# -- conformance ---------------------------------------------------------------------------

def playout(options, seed, check_json_every=97):
    rng = random.Random(seed)
    state = R.new_game(options, seed)
    decks = R.decks_for(state.players)
    actions = []
    step = 0
    while not R.is_over(state):
        legal = R.legal_actions(state)
        assert legal, f"no legal action in {state.phase.name}"
        assert len(set(legal)) == len(legal)
        action = rng.choice(legal)
        if state.phase == Phase.DISCARD and OUT in legal and rng.random() < 0.7:
            action = OUT
        state, _ = R.apply(state, action)
        actions.append(str(action))
        assert R.card_count(state) == 52 * decks
        step += 1
        if step % check_json_every == 0:
            data = json.loads(json.dumps(R.to_json(state)))
            assert R.from_json(data) == state
            probe = R.parse_action("discard AS") if state.phase == Phase.DRAW else STOCK
            with pytest.raises(IllegalAction):
                R.apply(state, probe)
    return state, actions


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("ace_high", [False, True])
def test_random_playouts_reach_the_end_without_losing_a_card(players, ace_high):
    options = {"players": players, "ace_high": ace_high}
    state, actions = playout(options, seed=players * 10 + ace_high)
    assert len(state.rounds) == 11
    assert R.scores(state) == tuple(sum(r.scores[s] for r in state.rounds) for s in range(players))
    # same seed and actions: the same game
    again = R.new_game(options, players * 10 + ace_high)
    for text in actions:
        again, _ = R.apply(again, R.parse_action(text))
    assert again == state
    assert R.from_json(json.loads(json.dumps(R.to_json(state)))) == state


def test_actions_print_and_parse_back():
    for text in ("stock", "take", "out", "next", "discard QH", "discard 10S"):
        assert str(R.parse_action(text)) == text


def test_a_corrupt_save_is_refused_clearly():
    with pytest.raises(ValueError, match="not a saved Three Thirteen game"):
        R.from_json({"players": 2})
    data = R.to_json(R.new_game(None, 1))
    data["hands"][0] = "ZZ"
    with pytest.raises(ValueError, match="not a saved Three Thirteen game"):
        R.from_json(data)


# -- scripted deals ------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "hands", "stock", "discard", "setup", "message"), [
    (2, ["7H 7H 7H", "2C 5D 9H"], "KC 7H", "7H", {}, "5 x 7H \\(at most 1 in 1 deck without Jokers\\)"),
    (3, ["7H 7H 7H", "2C 5D 9H", "4S 7S JD"], "", "QS", {}, "3 x 7H \\(at most 2 in 2 decks without Jokers\\)"),
    (2, ["7H", "2C 5D 9H"], "", "QS", {}, "seat 0's hand has 1 cards, but round 1 deals 3"),
    (2, ["7H 8H 9H", "2C 5D 9S"], "", "QS", {"round_no": 2}, "round 2 deals 4"),
    (2, ["7H 8H 9H"], "", "QS", {}, "deal needs 2 hands"),
    (2, ["7H 8H 9H", "2C 5D 9S"], "JK", "QS", {}, "JK is not in 1 deck without Jokers"),
    (2, ["7H 8H 9H", "2C 5D 9S"], "", "QS", {"round_no": 12}, "round must be 1..11"),
    (2, ["7H 8H 9H", "2C 5D 9S"], "", "QS", {"totals": (1, 2, 3)}, "totals needs 2"),
    (2, ["7H 8H 9H", "2C 5D 9S"], "", "QS", {"reshuffles": 2}, "one reshuffle"),
    (2, ["7H 8H 9H", "2C 5D 9S"], "", "QS", {"dealer": 2}, "seats 0..1"),
])
def test_impossible_deals_are_refused_saying_what_is_wrong(players, hands, stock, discard, setup, message):
    with pytest.raises(ValueError, match=message):
        R.deal({"players": players}, hands, stock, discard, **setup)


def test_deal_sets_up_a_later_round_from_the_earlier_results():
    earlier = tuple(R.RoundResult(n, ((), ()), (n, 2 * n), 0) for n in range(1, 5))
    state = R.deal(None, ["9C 9D 9S 2H 3H 4H 5H", "AD AS 2D 2S 4D 4S 6C"], "KH 8C", "JD", rounds=earlier)
    assert (state.round_no, state.totals, R.observe(state, 0).wild) == (5, (10, 20), Rank.SEVEN)
    assert R.observe(state, 1).stock_count == 2 and state.stock[-1] == parse_card("8C")   # top card last


def test_a_used_reshuffle_means_the_next_empty_stock_ends_the_round():
    state = R.deal(None, ["2C 5D 9H", "4S 7S JD"], stock="KH", discard="8C 6D 10S", reshuffles=1)
    state, events = act(state, "stock", "discard KH")
    assert Announced("stock_out") in events and state.phase == Phase.ROUND_OVER
