"""Switch's Expert: the worlds it searches are consistent with what it saw, its choice depends on its
observation only (see test_switch_ai's hidden-card property, which covers "expert"). The arena that
measures it is the shared one (tests/test_arena.py: duplicate deals, a stream per player)."""
from __future__ import annotations

import random
from collections import Counter

from cardgames.core.cards import parse_cards
from cardgames.games.switch import ai, expert
from cardgames.games.switch import rules as R
from cardgames.games.switch.state import DECKS


def _position(players: int, seed: int, steps: int):
    state, rng = R.new_game({"players": players}, seed), random.Random(seed)
    for _ in range(steps):
        if R.is_over(state):
            break
        seat = state.turn
        state, _ = R.apply(state, ai.choose(R.observe(state, seat), R.legal_actions(state), rng, "hard"))
    return state


def test_the_worlds_keep_every_public_fact_and_deal_the_unseen_cards_again():
    checked = 0
    for players in (2, 4, 6):
        for seed in range(6):
            state = _position(players, seed, 25)
            if R.is_over(state):
                continue
            seat = state.turn
            obs = R.observe(state, seat)
            for k in range(5):
                world = expert._world(obs, expert._unseen(obs), random.Random(k))
                assert R.observe(world, seat)._replace(exposed=obs.exposed, reshuffles=obs.reshuffles) == obs
                every = Counter(c for h in world.hands for c in h) + Counter(world.stock) + Counter(world.discard)
                assert every == Counter(DECKS[R.decks_for(players)])
                checked += 1
    assert checked >= 60


def _drew_lately(players: int, count: int):
    """Positions (Hard playing) where the player to move sees another who drew on the suit to follow."""
    found = []
    for seed in range(300):
        state, rng = R.new_game({"players": players}, seed), random.Random(seed)
        while not R.is_over(state) and state.phase is not R.HAND_OVER:
            obs = R.observe(state, state.turn)
            if obs.phase is R.PLAY and any(s != obs.seat and v >> obs.suit & 1 for s, v in enumerate(obs.voids)):
                found.append(obs)
                break
            state, _ = R.apply(state, ai.choose(obs, R.legal_actions(state), rng, "hard"))
        if len(found) == count:
            break
    return found


def test_a_player_who_drew_is_dealt_few_cards_they_could_have_played():
    """A player seen drawing could play nothing then: the worlds seldom give them a card of the suit
    they drew on, a Jack or an Ace (they may have drawn one since: seldom, not never). Before, the
    worlds dealt them Jacks and Aces as often as any card."""
    for players in (2, 4):
        dealt = expected = now_suit = 0
        for obs in _drew_lately(players, 12):
            pool = expert._unseen(obs)
            wild = sum(1 for c in pool if c.rank in (R.JACK, R.ACE)) / len(pool)
            for k in range(20):
                world = expert._world(obs, pool, random.Random(k))
                for s, void in enumerate(obs.voids):
                    if s == obs.seat or not void >> obs.suit & 1:
                        continue
                    hand = world.hands[s]
                    dealt += sum(1 for c in hand if c.rank in (R.JACK, R.ACE))
                    expected += wild * len(hand)
                    now_suit += sum(1 for c in hand if c.suit is obs.suit and c.rank not in (R.JACK, R.ACE))
        assert expected > 20
        assert dealt < 0.4 * expected, (players, dealt, expected)       # uniform dealing: about 1.0
        assert now_suit <= 0.05 * expected, (players, now_suit)


def test_expert_names_the_suit_the_player_about_to_go_out_cannot_follow():
    # seat 1 holds one card and was seen unable to follow hearts; Expert holds a heart and a spade
    # (no suit held most): its Jack names hearts, the suit that stops seat 1 going out
    hands = [parse_cards("JC 4H 5S"), parse_cards("KD")]
    state = R.deal({}, hands, parse_cards("3H 5H 6D 7S 10C 10D QC QS"), parse_cards("9C"), voids=(0, 1 << R.Suit.HEARTS),
                   called=(False, True))
    obs = R.observe(state, 0)
    for k in range(3):
        scored = {str(a): v for v, a in expert.scores(obs, R.legal_actions(state), random.Random(k))}
        assert max(scored, key=scored.get) == "0 play JC>H", scored
        assert str(expert.choose(obs, R.legal_actions(state), random.Random(k))) == "0 play JC>H"
