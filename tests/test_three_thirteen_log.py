"""Three Thirteen's move log: a line for each kind of action, and never a card the viewer may not see."""
from hypothesis import given, settings
from hypothesis import strategies as st
from log_helpers import assert_lines_name_only_seen_cards, lines_of, random_playout

from cardgames.core.cards import parse_cards
from cardgames.games.three_thirteen import log
from cardgames.games.three_thirteen import rules as R


def lines(state, action, viewer=1):
    return lines_of(R, log.describe, state, action, viewer)


def test_a_line_for_each_kind_of_three_thirteen_action():
    s = R.deal({"players": 3}, ["9C 9D KS", "2H 5C 8D", "4H 4S 7C"], stock="2D QS 6D 3H", discard="7S",
               round_no=1, dealer=2)
    s, out = lines(s, R.TAKE)                                     # seat 0 takes the 7S
    assert out == ["P0 took 7\u2660 from the discard pile"]
    s, out = lines(s, R.Action("discard", parse_cards("KS")[0]))
    assert out == ["P0 took 7\u2660 from the discard pile and discarded K\u2660"]
    s, out = lines(s, R.STOCK)                                    # the viewer draws 3H
    assert out == ["You drew 3\u2665 from the stock"]
    s, out = lines(s, R.Action("discard", parse_cards("8D")[0]))
    assert out == ["You drew from the stock and discarded 8\u2666"]
    s, out = lines(s, R.STOCK)                                    # seat 2 draws 6D: hidden from the viewer
    assert out == ["P2 drew from the stock"]
    s, out = lines(s, R.Action("discard", parse_cards("7C")[0]))
    assert out == ["P2 drew from the stock and discarded 7\u2663"]
    s, _ = lines(s, R.STOCK)                                      # seat 0: 9C 9D 7S + QS: three 9s, 7S... not out
    assert s.phase == R.Phase.DISCARD


def test_going_out_lines():
    s = R.deal(None, ["9C 9D KS", "2H 5C 8D"], stock="6D 4C 9S", discard="JD", round_no=1, dealer=1)
    s, _ = lines(s, R.STOCK, viewer=1)
    s, out = lines(s, R.OUT, viewer=1)
    assert out == ["P0 drew from the stock and went out"]
    s, out = lines(s, R.Action("discard", parse_cards("KS")[0]), viewer=1)
    assert out == ["P0 drew from the stock and went out, discarding K\u2660",
                   "Everyone else has one last turn (P0 went out)"]
    s, _ = lines(s, R.STOCK, viewer=1)
    s, out = lines(s, R.Action("discard", parse_cards("2H")[0]), viewer=1)
    assert out[0] == "You drew from the stock and discarded 2\u2665"
    assert out[-1].startswith("Round 1 over: P0 0 \u00b7 You ")


@settings(max_examples=80, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 100_000), steps=st.integers(0, 80), viewer=st.integers(0, 7))
def test_no_line_names_a_card_the_viewer_may_not_see(players, seed, steps, viewer):
    """Every card a line names is on the discard pile, in the viewer's hand, laid down, or was taken from
    the discard pile in view (before or after)."""
    viewer %= players
    state = random_playout(R, players, seed, steps, R.is_over)
    assert_lines_name_only_seen_cards(R, log.describe, state, viewer, seed, _round_ended, _seen)


def _round_ended(state):
    return R.is_over(state) or state.phase == R.Phase.ROUND_OVER


def _seen(before, after):
    """The discard piles, the viewer's hands, the melds laid down, the cards taken in view."""
    shown = tuple(c for o in (before, after) for h in o.shown + o.picked for c in h)
    return before.discard + after.discard + before.hand + after.hand + shown
