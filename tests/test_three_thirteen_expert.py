"""Three Thirteen's Expert: exact penalties with wilds, expected draws, no feeding the next player."""
import random
from collections import Counter
from dataclasses import replace

from cardgames.core.cards import parse_card, parse_cards, standard_deck
from cardgames.games.three_thirteen import ai, expert
from cardgames.games.three_thirteen import rules as R
from cardgames.games.three_thirteen.rules import STOCK, TAKE


def _choose(state, knobs=None):
    obs = R.observe(state, state.current)
    return expert.choose(obs, R.legal_actions(state), random.Random(0), knobs)


def test_expert_takes_a_wild_and_never_throws_one():
    state = R.deal(None, ["9C 4D KS 2H", "2C 5C 8D 7S"], stock="QC", discard="4H", round_no=2)  # 4s wild
    assert _choose(state) == TAKE
    state, _ = R.apply(state, STOCK)  # QC
    assert _choose(state).card != parse_card("4D")


def test_expert_takes_a_discard_that_completes_a_set_and_passes_a_useless_one():
    state = R.deal(None, ["9C 9D KS 2H", "2C 5C 8D 7S"], stock="4C QC", discard="9S", round_no=2)
    assert _choose(state) == TAKE
    state = R.deal(None, ["9C 9D KS 2H", "2C 5C 8D 7S"], stock="4C QC", discard="QD", round_no=2)
    assert _choose(state) == STOCK


def test_expert_does_not_feed_the_next_player_what_they_collect():
    # round 4 (6s wild): seat 0 holds a set of 9s, a loose 7S, 2D, 3C and 4C after drawing;
    # seat 1 was seen taking 7H and 7D from the discard pile: throwing 7S would feed them
    state = R.deal(None, ["9C 9D 9S 7S KD 2D", "7H 7D 2C 5C 8D JH"], stock="4C 3C", discard="10H", round_no=4)
    state = state._replace(picked=((), parse_cards("7H 7D")))
    state, _ = R.apply(state, STOCK)  # 3C
    state, _ = R.apply(state, R.parse_action("discard KD"))
    state = state._replace(current=0, phase=R.Phase.DRAW)
    state, _ = R.apply(state, STOCK)  # 4C
    # the hand: 9C 9D 9S 7S 2D 3C 4C; blind to what seat 1 collects, Expert throws the 7S
    assert _choose(state, expert.ExpertKnobs(feed_cost=0.0)).card == parse_card("7S")
    assert _choose(state).card != parse_card("7S")


def test_expert_on_a_last_turn_keeps_the_lowest_penalty():
    state = R.deal(None, ["9C 9D KS 2H", "2C 3C 4C 7S"], stock="QC 5C", discard="8H", round_no=2, current=1)
    state, _ = R.apply(state, STOCK)   # seat 1 draws 5C and goes out throwing 7S
    state, _ = R.apply(state, R.OUT)
    state, _ = R.apply(state, R.parse_action("discard 7S"))
    assert state.current == 0 and state.out_seat == 1
    state, _ = R.apply(state, STOCK)   # QC: 9C 9D KS 2H QC; only the final penalty counts
    assert _choose(state).card in parse_cards("KS QC")


def test_expert_scores_every_legal_move():
    state = R.new_game({"players": 3}, 11)
    for _ in range(3):
        legal = R.legal_actions(state)
        costs = expert.scored(R.observe(state, state.current), legal, random.Random(0))
        assert set(costs) == set(legal)
        state, _ = R.apply(state, min(legal, key=costs.get))


def test_memory_forgets_old_pickups():
    state = R.deal({"players": 3}, ["9C 9D KS", "7H 7D 2C", "5C 8D JH"], stock="4C 3C", discard="10H", round_no=1)
    state = state._replace(picked=((), parse_cards("7H 7D"), ()))
    obs = R.observe(state, 0)
    assert expert.known_hands(obs)[1] == {parse_card("7H"): 1, parse_card("7D"): 1}
    assert expert.known_hands(obs, memory=1)[1] == {parse_card("7D"): 1}
    seven = parse_card("7H")  # two decks: one 7H unseen, the other seen taken (and then forgotten)
    assert expert.unseen(obs)[seven] == 1 and expert.unseen(obs, memory=1)[seven] == 2
    assert ai.unseen_cards(obs) == sorted(expert.unseen(obs).elements(), key=lambda c: (int(c.suit), int(c.rank)))


def test_expert_sees_what_the_next_player_passed_on_and_feeds_them_that_more_readily():
    # round 4 (6s wild): seat 0 throws 7C; seat 1 leaves it on the pile and draws from the stock
    state = R.deal(None, ["9C 9D 9S 7S 7C 2D", "7H 7D 2C 5C 8D JH"], stock="4C 3C QH 5S", discard="10H",
                   round_no=4)
    state, _ = R.apply(state, STOCK)                              # 5S
    state, _ = R.apply(state, R.parse_action("discard 7C"))
    assert expert.passed(R.observe(state, 0))[1] == {}           # seat 1 has not chosen yet
    state, _ = R.apply(state, STOCK)                              # QH: the 7C passed on
    assert expert.passed(R.observe(state, 0))[1] == {parse_card("7C"): 1}
    state, _ = R.apply(state, R.parse_action("discard JH"))
    state = state._replace(picked=((), parse_cards("7H 7D")))    # seen collecting 7s earlier
    obs = R.observe(state, 0)
    assert expert.passed(obs) == [{}, {parse_card("7C"): 1}]     # the first player's first choice was the upcard
    ex = expert.Expert(obs)
    fed = ex.feed(parse_card("7S"))
    ex.passed = [Counter(), Counter()]                            # as if blind to the pass
    assert 0 < fed < ex.feed(parse_card("7S"))


def test_expert_lowers_its_deadwood_rather_than_wait_on_one_run():
    # round 3 (5s wild), after drawing 2D: 6H 8C 2H 3H 7C 2D. Keeping 7C 8C waits on 6C, 9C or a 5;
    # throwing the 8C lowers the deadwood now and keeps as many ways to improve. The best of several
    # draws (horizon 3) takes the gamble; the shipped Expert (one draw ahead, measured stronger) does not.
    used = parse_cards("6H 8C 2H 3H 7C 2D AS 5C 10S 4H 10D 7S KH 6D")
    rest = [c for c in standard_deck(1) if c not in used]
    state = R.deal(None, ["6H 8C 2H 3H 7C", "AS 5C 10S 4H 10D"], stock=[*rest, parse_card("2D")],
                   discard="7S KH 6D", round_no=3, dealer=1)
    state, _ = R.apply(state, STOCK)
    obs, legal = R.observe(state, 0), R.legal_actions(state)
    assert expert.choose(obs, legal, random.Random(0), replace(expert.KNOBS, horizon=3)).card == parse_card("6H")
    assert ai.choose(obs, legal, random.Random(0), "expert").card == parse_card("8C")
