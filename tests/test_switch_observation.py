"""Switch: what a seat observes never depends on cards it cannot see, not even through what a
player did with them (the voids, the phase and the turn after a draw)."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from log_helpers import anyones_actions, random_playout

from cardgames.core.cards import parse_cards
from cardgames.games.switch import rules as R

CARDLESS = (R.K_DRAW, R.K_PASS, R.K_TAKE, R.K_CALL, R.K_CATCH)


def _twin(state, seat, rng, hands_too):
    """The same table as `seat` sees it: the stock in another order and, with `hands_too`, the
    other hidden hands dealt again from the same cards (sizes kept)."""
    hidden = list(state.stock)
    others = [s for s in range(state.players) if s != seat]
    if hands_too:
        hidden += [c for s in others for c in state.hands[s]]
    rng.shuffle(hidden)
    hands = list(state.hands)
    if hands_too:
        for s in others:
            n = len(state.hands[s])
            hands[s], hidden = tuple(hidden[:n]), hidden[n:]
    twin = state._replace(hands=tuple(hands), stock=tuple(hidden))
    if state.phase is R.DRAWN and state.turn != seat:
        twin = twin._replace(drawn=hands[state.turn][-1])
    return twin


@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 100_000), steps=st.integers(0, 80),
       seat=st.integers(0, 5), hands_too=st.booleans())
def test_same_public_moves_give_the_same_observation_whatever_the_hidden_cards(
        players, seed, steps, seat, hands_too):
    """Two states differing only in cards hidden from `seat`, then the same moves that show no card
    (draws, keeping the drawn card, pick-ups, missed turns, calls, catches): `seat` sees the same
    thing after every move, whether the drawn cards could have been played or not."""
    seat %= players
    a = random_playout(R, players, seed, steps, lambda s: R.is_over(s) or s.phase is R.HAND_OVER)
    if a.phase > R.DRAWN:
        return
    b = _twin(a, seat, random.Random(seed), hands_too)
    rng = random.Random(seed + 1)
    for _ in range(30):
        assert R.observe(a, seat) == R.observe(b, seat)
        if a.phase > R.DRAWN or a.turn == seat:
            break
        both = [x for x in anyones_actions(R, a) if x.kind in CARDLESS and seat not in (x.seat, x.target)
                and x in anyones_actions(R, b)]         # (a catch of `seat` deals them cards they see)
        if not both:
            break
        action = rng.choice(both)
        a, b = R.apply(a, action)[0], R.apply(b, action)[0]


def test_drawing_a_playable_card_and_keeping_it_looks_like_drawing_an_unplayable_one():
    """Seat 0 cannot follow clubs and draws: KC (playable) in one world, 4S (not) in the other.
    Seat 1 sees the same turn, phase and voids after the draw and after keeping it."""
    def world(stock):
        return R.deal({}, [parse_cards("5H 3D"), parse_cards("4D 8H")], parse_cards(stock), parse_cards("9C"))

    playable, unplayable = world("2D KC"), world("2D 4S")
    for step in ("0 draw", "0 pass"):
        playable = R.apply(playable, R.parse_action(step))[0]
        unplayable = R.apply(unplayable, R.parse_action(step))[0]
        seen, seen2 = R.observe(playable, 1), R.observe(unplayable, 1)
        assert seen == seen2, step
        assert seen.voids[0] == 1 << R.Suit.CLUBS              # everyone saw them fail to follow clubs
    assert R.observe(playable, 1).turn == 1
