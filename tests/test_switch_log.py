"""Switch's move log: a line for each kind of action, and never a card the viewer may not see."""
from hypothesis import given, settings
from hypothesis import strategies as st
from log_helpers import assert_lines_name_only_seen_cards, lines_of, random_playout

from cardgames.core.cards import parse_cards
from cardgames.games.switch import log
from cardgames.games.switch import rules as R


def lines(state, text, viewer=1):
    return lines_of(R, log.describe, state, R.parse_action(text), viewer)


def deal(hands, stock=None, up="9C", **kw):
    if stock is None:       # five cards from this list that are dealt nowhere else
        used = {c for h in hands for c in parse_cards(h)} | set(parse_cards(up))
        stock = " ".join([str(c) for c in parse_cards("4H 4S 6D 7S KH 10C 10D 10H 10S QC") if c not in used][:5])
    return R.deal({}, [parse_cards(h) for h in hands], parse_cards(stock), parse_cards(up), **kw)


def test_a_line_for_each_kind_of_switch_action():
    s = deal(["5C 9H 3D 8D", "6C KS 4H 2C 4D", "JD 8C AS 2D 7D"], turn=0)
    s, out = lines(s, "0 play 5C")
    assert out == ["P0 played 5\u2663"]
    s, out = lines(s, "1 play 2C")                      # the viewer's own play
    assert out == ["You played 2\u2663", "P2 must pick up 2 or play a 2"]
    s, out = lines(s, "2 play 2D")
    assert out == ["P2 played 2\u2666", "P0 must pick up 4 or play a 2"]
    s, out = lines(s, "0 take")
    assert out == ["P0 picked up 4"]                    # counted, never named
    s, out = lines(s, "1 play 4D")
    assert out == ["You played 4\u2666"]
    s, out = lines(s, "2 play 7D")
    s, out = lines(s, "0 play 8D")
    assert out == ["P0 played 8\u2666: you must play an 8 or miss a turn"]
    s, out = lines(s, "1 pass")
    assert out == ["You missed a turn (no 8 to answer the 8)"]
    s, out = lines(s, "2 play JD>H")
    assert out == ["P2 played J\u2666, naming hearts"]
    s, out = lines(s, "0 play 9H")
    s, out = lines(s, "1 play 4H")
    s, out = lines(s, "2 play AS")
    assert out == ["P2 played A\u2660", "P0 must pick up 4 or play an Ace",
                   "P2 has one card left and did not call \u201clast card\u201d!"]


def test_draw_lines_say_what_the_viewer_saw():
    s = deal(["5H 3D", "4D 8H", "KD QD"], stock="2D KC", up="9C")
    after, out = lines(s, "0 draw", viewer=1)
    assert out == ["P0 drew a card"]                     # KC is hidden from seat 1
    assert lines(s, "0 draw", viewer=0)[1] == ["You drew K\u2663"]
    _, out = lines(after, "0 pass", viewer=1)
    assert out == ["P0 drew a card and kept it"]
    _, out = lines(after, "0 pass", viewer=0)
    assert out == ["You drew K\u2663 and kept it"]
    _, out = lines(after, "0 play KC", viewer=1)
    assert out == ["P0 drew and played K\u2663"]          # now everyone sees it
    empty = deal(["5H 3D", "4D 8H", "KD QD"], stock="", up="9C")
    assert lines(empty, "0 pass")[1] == ["P0 passed: nothing left to draw"]


def test_last_card_lines_call_catch_and_a_missed_call():
    s = deal(["5C 6C", "3D 4D 7H", "KD QD 9S"])
    _, out = lines(s, "0 call")
    assert out == ["P0 called \u201clast card\u201d"]
    s, out = lines(s, "0 play 5C")
    assert out == ["P0 played 5\u2663", "P0 has one card left and did not call \u201clast card\u201d!"]
    _, out = lines(s, "1 catch 0")
    assert out == ["You caught P0 without a \u201clast card\u201d call: P0 picked up 2"]
    _, out = lines(s, "2 catch 0", viewer=0)
    assert out == ["P2 caught you without a \u201clast card\u201d call: you picked up 2"]


def test_going_out_and_the_reshuffle():
    s = deal(["5C", "3D 4D"], called=(True, False))
    _, out = lines(s, "0 play 5C")
    assert out == ["P0 played 5\u2663", "P0 went out and won the hand!"]
    s = deal(["5H 3D", "4D"], stock="", up="KC 7S 9S 2S QC")
    _, out = lines(s, "0 draw")
    assert out == ["The discard pile was shuffled into a new stock", "P0 drew a card"]


@settings(max_examples=120, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 100_000), steps=st.integers(0, 60), viewer=st.integers(0, 5))
def test_no_line_names_a_card_the_viewer_may_not_see(players, seed, steps, viewer):
    """Every card a line names is on the discard pile or in the viewer's own hand (before or after)."""
    viewer %= players
    state = random_playout(R, players, seed, steps, _ended)
    assert_lines_name_only_seen_cards(R, log.describe, state, viewer, seed, _ended,
                                      lambda b, a: b.discard + a.discard + b.hand + a.hand)


def _ended(state):
    return R.is_over(state) or state.phase is R.HAND_OVER
