"""Switch: one named test per rule of seeds/switch.md, on scripted deals."""
import pytest

from cardgames.core.cards import Rank, Suit, parse_card, parse_cards
from cardgames.core.events import Announced, CardMoved, Shuffled
from cardgames.core.protocol import IllegalAction
from cardgames.games.switch import rules as R

C = parse_card


def P(seat, card, suit=None):
    return R.Action(R.K_PLAY, seat, C(card), None if suit is None else Suit[suit])


def A(seat, kind, target=None):
    return R.Action(kind, seat, target=target)


def run(state, *actions):
    """Apply the actions in order (given as text or Action); return the last state and all events."""
    events = []
    for a in actions:
        state, ev = R.apply(state, R.parse_action(a) if isinstance(a, str) else a)
        events += ev
    return state, events


def two(h0, h1, stock="", up="9C", **kw):
    return R.deal({}, [parse_cards(h0), parse_cards(h1)], parse_cards(stock), parse_cards(up), **kw)


# --- matching ------------------------------------------------------------

def test_match_suit_or_value():
    s = two("5C 9H KD 2S", "3D 4D 5D")
    plays = {str(a.card) for a in R.legal_actions(s) if a.kind is R.K_PLAY}
    assert plays == {"5C", "9H"}                  # 5C by suit, 9H by value; KD and 2S match neither
    with pytest.raises(IllegalAction, match="matches neither"):
        R.apply(s, P(0, "KD"))
    s, _ = run(s, "0 play 9H")
    assert s.suit is Suit.HEARTS and s.turn == 1


def test_draw_only_when_you_cannot_play():
    s = two("5C 9H", "3D", stock="4S KD")
    with pytest.raises(IllegalAction, match="draw only"):
        R.apply(s, A(0, R.K_DRAW))
    s = two("5H 3D", "4D", stock="4S KD")
    assert [str(a) for a in R.legal_actions(s)] == ["0 draw", "0 call"]     # two cards: "last card" may be called


def test_drawn_card_can_be_played_at_once():
    s = two("5H 3D", "4D", stock="4S 9S KC")       # the stock's top is KC: it matches the clubs
    s, _ev = run(s, "0 draw")
    assert s.phase is R.DRAWN and s.drawn == C("KC") and s.turn == 0
    assert [str(a) for a in R.legal_actions(s)] == ["0 play KC", "0 pass"]
    with pytest.raises(IllegalAction, match="only the drawn card"):
        R.apply(s, P(0, "5H"))
    s, _ = run(s, "0 play KC")
    assert s.discard[-1] == C("KC") and s.turn == 1 and s.hands[0] == parse_cards("5H 3D")


def test_drawn_card_may_be_kept():
    s, _ = run(two("5H 3D", "4D", stock="4S KC"), "0 draw", "0 pass")
    assert s.turn == 1 and C("KC") in s.hands[0]


def test_unplayable_drawn_card_is_kept_and_ends_the_turn():
    s, ev = run(two("5H 3D", "4D", stock="KC 4S"), "0 draw")
    assert CardMoved(C("4S"), "stock", "hand:0", False, (0,)) in ev
    # The turn waits for the drawer's decision as after a playable card (the others cannot tell),
    # but keeping it is the only choice.
    assert s.phase is R.DRAWN and s.turn == 0 and s.drawn == C("4S")
    assert [str(a) for a in R.legal_actions(s)] == ["0 pass"]
    with pytest.raises(IllegalAction, match="cannot be played: keep it"):
        R.apply(s, P(0, "4S"))
    s, _ = run(s, "0 pass")
    assert s.phase is R.PLAY and s.turn == 1 and s.hands[0][-1] == C("4S")


# --- 2s ----------------------------------------------------------------------

def test_twos_stack_to_eight():
    hands = [parse_cards("2C 2H 5D"), parse_cards("2D 2S 5S")]
    s = R.deal({}, hands, parse_cards("4C 4D 4H 4S 6C 6D 6H 6S 7C 7D"), parse_cards("9C"))
    s, ev = run(s, "0 play 2C")
    assert (s.pending, s.turn) == (2, 1)
    assert [str(a) for a in R.legal_actions(s)] == ["1 play 2D", "1 play 2S", "1 take"]
    s, _ = run(s, "1 play 2D", "0 play 2H")
    assert s.pending == 6
    s, _ = run(s, "1 play 2S")
    assert s.pending == 8
    assert [str(a) for a in R.legal_actions(s)] == ["0 take"]
    s, ev = run(s, "0 take")
    assert len(s.hands[0]) == 1 + 8 and s.pending == 0 and s.turn == 1
    assert Announced("pickup", 0, 8, "Player 0 picks up 8") in ev


def test_taking_a_pickup_ends_the_turn_and_play_goes_on_from_the_two():
    s, _ = run(two("2C 5D", "3D 5C KC", stock="4H 4S 6C"), "0 play 2C", "1 take")
    assert s.turn == 0 and s.pending == 0 and len(s.hands[1]) == 5
    # Seat 0 now plays on the 2 of clubs as usual: the 5D matches neither, so seat 0 must draw.
    assert [str(a) for a in R.legal_actions(s)] == ["0 draw"]


# --- Aces ------------------------------------------------------------------

def test_aces_stack_to_sixteen():
    hands = [parse_cards("AC AH 5D"), parse_cards("AD AS 5S")]
    stock = parse_cards("3C 3D 3H 3S 4C 4D 4H 4S 6C 6D 6H 6S 7C 7D 7H 7S 9D")
    s, _ = run(R.deal({}, hands, stock, parse_cards("9H")), "0 play AC")
    assert s.pending == 4 and s.suit is Suit.CLUBS
    s, _ = run(s, "1 play AD", "0 play AH", "1 play AS")
    assert s.pending == 16
    assert [str(a) for a in R.legal_actions(s)] == ["0 take"]
    s, _ = run(s, "0 take")
    assert len(s.hands[0]) == 17 and s.turn == 1


def test_ace_plays_on_anything_and_play_goes_on_in_its_suit():
    s, _ = run(two("AS 5D", "3S 5C", up="9H"), "0 play AS", "1 take")
    assert s.suit is Suit.SPADES and s.turn == 0


def test_a_two_does_not_answer_an_ace_nor_an_ace_a_two():
    s, _ = run(two("AC 5D", "2C 2D 5S", stock="4H 4S 6C 6D 7H"), "0 play AC")
    assert [str(a) for a in R.legal_actions(s)] == ["1 take"]
    with pytest.raises(IllegalAction, match="pick-up of 4: play an Ace"):
        R.apply(s, P(1, "2C"))
    s, _ = run(two("2C 5D", "AC AD 5S", stock="4H 4S 6C"), "0 play 2C")
    assert [str(a) for a in R.legal_actions(s)] == ["1 take"]


# --- Jacks -------------------------------------------------------------------

def test_jack_plays_on_anything_and_names_the_suit():
    s = two("JD 5D 7C", "3S 5H 4H 8D", up="9C")
    jacks = [str(a) for a in R.legal_actions(s) if a.card == C("JD")]
    assert jacks == ["0 play JD>C", "0 play JD>D", "0 play JD>H", "0 play JD>S"]
    with pytest.raises(IllegalAction, match="must name a suit"):
        R.apply(s, P(0, "JD"))
    s, ev = run(s, "0 play JD>H")
    assert s.suit is Suit.HEARTS
    assert Announced("suit", 0, int(Suit.HEARTS), "Suit: hearts") in ev
    # The next player plays as though the Jack were a heart: 5H and 4H, not the diamond 8D.
    assert {str(a.card) for a in R.legal_actions(s)} == {"5H", "4H"}


def test_last_card_jack_needs_no_choice():
    s = two("JD", "3S 5H", up="9C")
    assert [str(a) for a in R.legal_actions(s)] == ["0 play JD>D"]


# --- 8s ----------------------------------------------------------------------

def test_eight_answered_by_an_eight_passes_the_skip_on():
    hands = [parse_cards("8C 3C 4C"), parse_cards("8H 5H 9D"), parse_cards("8S 5S 6S")]
    s = R.deal({}, hands, parse_cards("KD KH"), parse_cards("9C"))
    s, _ = run(s, "0 play 8C")
    assert s.skip and s.turn == 1
    assert [str(a) for a in R.legal_actions(s)] == ["1 play 8H", "1 pass"]
    s, _ = run(s, "1 play 8H")
    assert s.skip and s.turn == 2
    s, ev = run(s, "2 pass")
    assert not s.skip and s.turn == 0 and s.suit is Suit.HEARTS
    assert Announced("skipped", 2, None, "Player 2 misses a turn") in ev


def test_eight_makes_the_next_player_miss_a_turn():
    s, _ = run(two("8C 3C 4C", "5C 6C 7C"), "0 play 8C")
    assert [str(a) for a in R.legal_actions(s)] == ["1 pass"]       # clubs in hand do not help
    s, _ = run(s, "1 pass")
    assert s.turn == 0 and len(s.hands[1]) == 3


# --- setting up --------------------------------------------------------------

@pytest.mark.parametrize("seed", range(40))
def test_first_up_card_is_never_a_special(seed):
    s = R.new_game({"players": 3}, seed)
    assert len(s.discard) == 1 and s.discard[0].rank not in (Rank.TWO, Rank.EIGHT, Rank.JACK, Rank.ACE)
    assert s.suit is s.discard[0].suit


def test_first_up_card_special_goes_back_into_the_stock():
    # Find a seed whose first turned card is special; the events show it going back.
    for seed in range(200):
        ev = R.deal_events(R.new_game({"players": 2}, seed))
        backs = [e for e in ev if isinstance(e, CardMoved) and e.src == "discard" and e.dst == "stock"]
        if backs:
            assert backs[0].card.rank in (Rank.TWO, Rank.EIGHT, Rank.JACK, Rank.ACE)
            s = R.new_game({"players": 2}, seed)
            assert backs[0].card in s.stock
            return
    pytest.fail("no seed turned a special up-card")


@pytest.mark.parametrize("players,decks", [(2, 1), (3, 1), (4, 1), (5, 2), (6, 2)])
def test_two_to_six_seats_seven_cards_each(players, decks):
    s = R.new_game({"players": players}, 11)
    assert all(len(h) == 7 for h in s.hands)
    assert sum(map(len, s.hands)) + len(s.stock) + len(s.discard) == 52 * decks
    assert s.turn == 0 and R.current_player(s) == 0


def test_seat_counts_outside_two_to_six_are_refused():
    for n in (1, 7):
        with pytest.raises(ValueError, match="2 to 6"):
            R.new_game({"players": n}, 1)


# --- the empty stock ---------------------------------------------------------

def test_reshuffle_when_the_stock_is_empty():
    s = two("5H 3D", "4D", stock="", up="KC 7S 9S 2S QC", seed=5)
    s2, ev = run(s, "0 draw")
    assert isinstance(ev[0], Shuffled) and ev[0].count == 4
    assert s2.discard == (C("QC"),) and s2.reshuffles == 1
    assert len(s2.stock) == 3 and len(s2.hands[0]) == 3
    # Seeded from the state's seed and the reshuffle counter: the same every time, different seeds differ.
    assert run(s, "0 draw")[0] == s2
    other = [run(two("5H 3D", "4D", stock="", up="KC 7S 9S 2S QC", seed=k), "0 draw")[0].stock for k in range(8)]
    assert len(set(other)) > 1


def test_take_what_there_is():
    s = two("2C 5D", "3D 5S", stock="4H", up="9C")
    s, _ev = run(s, "0 play 2C", "1 take")                # 2 to take, 1 in the stock, 1 under the top: 2 taken
    assert len(s.hands[1]) == 4
    s = two("2C 2D 5D", "3D 5S", stock="", up="9C")
    s, _ = run(s, "0 play 2C", "1 take")                 # only the 9C under the 2C can be taken
    assert len(s.hands[1]) == 3 and s.stock == () and s.discard == (C("2C"),)


def test_pass_when_there_is_nothing_to_draw():
    s = two("5H 3D 4H", "4D", stock="", up="9C")
    assert [str(a) for a in R.legal_actions(s)] == ["0 pass"]
    s, _ = run(s, "0 pass")
    assert s.turn == 1 and len(s.hands[0]) == 3


# --- winning -----------------------------------------------------------------

def test_first_player_without_cards_wins_the_hand():
    s = two("5C", "3D 4D", called=(True, False))
    s, ev = run(s, "0 play 5C")
    assert R.is_over(s) and R.current_player(s) is None and R.winners(s) == (0,)
    assert R.scores(s) == (0, 7)
    assert Announced("hand_over", 0, None, "Player 0 goes out!") in ev


def test_going_out_on_a_pickup_card_still_wins():
    s, _ = run(two("2C", "3D 4D", called=(True, False)), "0 play 2C")
    assert R.is_over(s) and R.winners(s) == (0,)


# --- last card -----------------------------------------------------------------

def test_last_card_called_before_playing():
    s = two("5C 6C", "3D 4D 7H")
    assert R.Action(R.K_CALL, 0) in R.legal_actions(s)
    s, ev = run(s, "0 call", "0 play 5C")
    assert ev[0] == Announced("last_card", 0, None, "Last card!")
    assert s.exposed is None and R.out_of_turn_actions(s, 1) == ()


def test_last_card_called_just_after_playing():
    s, _ = run(two("5C 6C", "3D 4D 7H"), "0 play 5C")
    assert s.exposed == 0 and R.out_of_turn_actions(s, 0) == (R.Action(R.K_CALL, 0),)
    assert R.Action(R.K_CALL, 0) not in R.legal_actions(s)          # not seat 0's turn: an out-of-turn call
    s, _ = run(s, "0 call")
    assert s.exposed is None and R.out_of_turn_actions(s, 1) == () and R.out_of_turn_actions(s, 0) == ()


def test_missed_call_caught_draws_two():
    s, _ = run(two("5C 6C", "3D 4D 7H", stock="KH QH JH"), "0 play 5C")
    assert R.actions_for(s, 1)[-1] == A(1, R.K_CATCH, target=0)
    s, ev = run(s, "1 catch 0")
    assert len(s.hands[0]) == 3 and s.exposed is None and s.turn == 1
    assert ev[0] == Announced("caught", 0, 1, "Player 1 caught player 0!")
    with pytest.raises(IllegalAction, match="player 0 cannot be caught: they hold 3 cards"):
        R.apply(s, A(1, R.K_CATCH, target=0))


def test_missed_call_not_caught_before_the_next_player_acts_is_safe():
    s, _ = run(two("5C 6C", "3D 4D 7H", stock="KH QH JH"), "0 play 5C")
    s, _ = run(s, "1 draw")                               # the next player acts: the window closes
    assert s.exposed is None
    with pytest.raises(IllegalAction):
        R.apply(s, A(1, R.K_CATCH, target=0))
    with pytest.raises(IllegalAction):
        R.apply(s, A(0, R.K_CALL))


def test_any_player_may_catch_not_only_the_next():
    hands = [parse_cards("5C 6C"), parse_cards("3D"), parse_cards("4D 7H")]
    s, _ = run(R.deal({}, hands, parse_cards("KH QH JH"), parse_cards("9C")), "0 play 5C")
    catchers = [a.seat for seat in range(3) for a in R.out_of_turn_actions(s, seat) if a.kind is R.K_CATCH]
    assert not any(a.kind is R.K_CATCH for a in R.legal_actions(s))   # the current player's list has none
    assert catchers == [1, 2]
    s, _ = run(s, "2 catch 0")
    assert len(s.hands[0]) == 3 and s.turn == 1


def test_call_must_be_renewed_after_taking_cards():
    s, _ = run(two("5C 6C", "2C 9D 7H", stock="KH QH JH 4S"), "0 call", "0 play 5C", "1 play 2C", "0 take")
    assert not s.called[0]


# --- match -------------------------------------------------------------------

def test_card_points_for_a_match():
    assert [R.card_points(c) for c in parse_cards("2C 7D 10H JS QC KD 8H AS")] == [2, 7, 10, 10, 10, 10, 25, 25]


def test_match_goes_on_until_someone_reaches_the_target():
    s = R.deal({"match": True}, [parse_cards("5C"), parse_cards("8D AD KD")], called=(True, False),
               discard=parse_cards("9C"))
    s, _ev = run(s, "0 play 5C")
    assert s.phase is R.HAND_OVER and s.totals == (0, 60) and s.last_points == (0, 60)
    assert [str(a) for a in R.legal_actions(s)] == ["0 next"]
    s, _ev = run(s, "0 next")
    assert s.hand_no == 1 and s.turn == 1 and all(len(h) == 7 for h in s.hands) and s.totals == (0, 60)
    s = s._replace(hands=(parse_cards("8D AD 8C AC"), parse_cards("5C")), discard=parse_cards("9C"),
                   suit=Suit.CLUBS, called=(False, True), turn=1,
                   table=s.table._replace(totals=(100, 60)))
    s, _ = run(s, "1 play 5C")
    assert R.is_over(s) and s.totals == (200, 60) and R.winners(s) == (1,)


# --- notation and saving ---------------------------------------------------

def test_action_notation_round_trip_and_bad_text():
    for text in ["0 play 7H", "1 play JS>H", "1 draw", "1 take", "1 pass", "0 call", "2 catch 0", "0 next"]:
        assert str(R.parse_action(text)) == text
    for bad in ["", "0", "x play 7H", "0 play", "0 play 1Z", "0 jump", "0 catch", "0 play JS>X"]:
        with pytest.raises(ValueError, match="not a Switch action"):
            R.parse_action(bad)


def test_from_json_rejects_bad_data_clearly():
    s = R.new_game({"players": 3}, 4)
    assert R.from_json(R.to_json(s)) == s
    bad = R.to_json(s)
    bad["hands"] = bad["hands"][:2]
    with pytest.raises(ValueError, match="not a saved Switch game"):
        R.from_json(bad)
    with pytest.raises(ValueError, match="not a saved Switch game"):
        R.from_json({"hands": 3})


def test_illegal_actions_explain_themselves():
    s = two("5C 6C", "3D")
    with pytest.raises(IllegalAction, match="player 0's turn"):
        R.apply(s, P(1, "3D"))
    with pytest.raises(IllegalAction, match="not in player 0's hand"):
        R.apply(s, P(0, "9D"))
