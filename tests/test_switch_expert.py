"""Switch's Expert: the worlds it searches are consistent with what it saw, its choice depends on its
observation only (see test_switch_ai's hidden-card property, which covers "expert"), and the arena
deals duplicate games."""
from __future__ import annotations

import random
from collections import Counter

from cardgames.core.cards import parse_cards
from cardgames.games.switch import ai, arena, expert
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
                for s in range(players):     # a suit a seat could not follow is not in its dealt hand
                    if s != seat and len(expert._unseen(obs)) > 3 * sum(obs.hand_sizes):
                        assert not any(obs.voids[s] >> c.suit & 1 for c in world.hands[s]), (s, world.hands[s])
                checked += 1
    assert checked >= 60


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


def test_the_duplicate_arena_plays_each_deal_with_the_candidate_in_every_seat(monkeypatch):
    calls = []

    def fake(levels, seed, timings=None, streams=None):
        calls.append((tuple(levels), seed, tuple(streams)))
        return levels.index("expert") if seed % 2 else 0, 1

    monkeypatch.setattr(arena, "play_hand", fake)
    shares = arena.duplicate("expert", "hard", 3, 2, 7)
    assert [c[0] for c in calls[:3]] == [("expert", "hard", "hard"), ("hard", "expert", "hard"),
                                         ("hard", "hard", "expert")]
    assert len({c[1] for c in calls[:3]}) == 1 and calls[3][1] != calls[0][1]      # one deal per rotation
    assert all(c[2][c[0].index("expert")] == "candidate" for c in calls)          # its stream follows it
    assert shares == [1.0, 1 / 3] or shares == [1 / 3, 1.0]
    mean, low, high = arena.mean_ci(shares)
    assert low < mean < high
