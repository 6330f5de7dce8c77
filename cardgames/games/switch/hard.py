"""Switch's Hard heuristic (the level "hard" of ai.py, and Expert's starting point): it scores every
move. It counts the unseen cards (what is neither in its hand nor on the discard pile) to judge
whether the next player can answer a 2 or an Ace, remembers the suits each player could not follow
(the public `voids`), watches everyone's hand size, and turns its pick-ups, skips and suit changes
on a player about to go out. It sees an Observation only.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardgames.core.cards import standard_deck
from cardgames.games.switch.rules import (
    ACE,
    EIGHT,
    JACK,
    K_CALL,
    K_PLAY,
    MAX_CHAIN,
    PICKUP,
    TWO,
    Action,
    Observation,
    Phase,
    card_points,
    decks_for,
)

SPECIALS = (TWO, ACE, EIGHT, JACK)
_DECKS = {1: standard_deck(1), 2: standard_deck(2)}


def move(obs: Observation, moves: Sequence[Action]) -> Action:
    """Hard's move among `moves` (the seat's turn moves; a call among them is left aside)."""
    return _hard(obs, [a for a in moves if a.kind is not K_CALL])


def _unseen(obs: Observation) -> dict:
    """What we cannot see (neither in our hand nor on the discard pile): the cards themselves, how
    many copies of each special rank are among them, and how many there are in all."""
    left = Counter(_DECKS[decks_for(obs.players)])
    left.subtract(obs.hand)
    left.subtract(obs.discard)
    cards = [c for c, k in left.items() for _ in range(max(k, 0))]
    by_rank = {r: 0 for r in SPECIALS}
    for c in cards:
        if c.rank in by_rank:
            by_rank[c.rank] += 1
    return {"rank": by_rank, "pool": max(len(cards), 1), "cards": cards}


def _p_none(u: int, pool: int, hand_size: int) -> float:
    """Chance that a hidden hand of `hand_size` cards drawn from `pool` holds none of `u` given cards."""
    p = 1.0
    for i in range(min(hand_size, pool)):
        p *= max(pool - u - i, 0) / (pool - i)
    return p


def _p_blocked(obs: Observation, unseen: dict, seat: int, suit, rank) -> float:
    """Chance `seat` holds nothing to play on a `rank` of `suit`: no card of the suit (none at all if
    they showed they had none), of the value, and no Jack or Ace."""
    void = obs.voids[seat] >> suit & 1
    u = sum(1 for c in unseen["cards"]
            if (c.suit is suit and not void) or c.rank is rank or c.rank is JACK or c.rank is ACE)
    return _p_none(u, unseen["pool"], obs.hand_sizes[seat])


def _p_holds(unseen: dict, rank, hand_size: int) -> float:
    """Chance a hidden hand of `hand_size` cards holds at least one unseen card of `rank`."""
    u = unseen["rank"][rank]
    if u <= 0 or hand_size <= 0:
        return 0.0
    return 1.0 - _p_none(u, unseen["pool"], hand_size)


def _hard(obs: Observation, moves: Sequence[Action]) -> Action:
    plays = [a for a in moves if a.kind is K_PLAY]
    if not plays:
        return moves[0]
    rest = [a for a in moves if a.kind is not K_PLAY]
    unseen = _unseen(obs)
    scored = [(_score(obs, a, unseen), i, a) for i, a in enumerate(plays)]
    if obs.phase is Phase.DRAWN and rest:
        scored.append((_keep_score(obs, unseen), len(plays), rest[0]))
    if (obs.pending or obs.skip) and rest:
        scored.append((_decline_score(obs), len(plays) + 1, rest[0]))
    return max(scored, key=lambda t: (t[0], -t[1]))[2]


def _threat(obs: Observation, seat: int) -> float:
    """How urgently `seat` must be stopped: 1 with one card left, fading as the hand grows."""
    return THREAT.get(obs.hand_sizes[seat], 0.0)


THREAT = {1: 1.0, 2: 0.6, 3: 0.2}
W = {
    "follow": 0.5, "stuck": 1.5, "void": 0.6, "void_threat": 2.5,
    "jack": 8.0, "keep_pick": 6.0, "pick_gain": 0.8, "pick_threat": 5.0, "spare": 1.5, "sure": 2.0,
    "eight": 3.0, "eight_2p": 1.0, "eight_threat": 4.0, "points": 0.02,
    "block": 1.0, "block_threat": 3.0,
}


def _score(obs: Observation, action: Action, unseen: dict) -> float:
    """A heuristic value of a play: ordinary cards first, special cards kept as answers unless they
    hit for sure, are spare, or stop a player about to go out."""
    card = action.card
    rank = card.rank
    nxt = (obs.seat + 1) % obs.players
    rest = list(obs.hand)
    rest.remove(card)
    if not rest:
        return 1000.0                                     # going out wins the hand
    suit = action.suit if rank is JACK else card.suit
    threat = _threat(obs, nxt)
    score = 0.0
    follow = sum(1 for c in rest if c.suit is suit or c.rank is rank)
    score += W["follow"] * min(follow, 3) - (W["stuck"] if follow == 0 else 0.0)
    if obs.voids[nxt] >> suit & 1:                       # they could not follow this suit last time
        score += W["void"] + W["void_threat"] * threat
    if rank is not TWO and rank is not ACE and rank is not EIGHT:
        score += W["block"] * (1 + W["block_threat"] * threat) * _p_blocked(obs, unseen, nxt, suit, rank)
    if rank is JACK:
        score -= W["jack"] * (1 - threat)
    elif rank is TWO or rank is ACE:
        per = PICKUP[rank]
        pending = (obs.pending if obs.pending_rank is rank else 0) + per
        p_answer = 0.0 if pending >= per * MAX_CHAIN else _p_holds(unseen, rank, obs.hand_sizes[nxt])
        spare = sum(1 for c in rest if c.rank is rank)
        if not obs.pending:
            score -= W["keep_pick"] * (1 - threat)
            score += W["spare"] * min(spare, 1) + W["sure"] * (p_answer == 0.0)
        score += W["pick_gain"] * (1 - p_answer) * pending / per + W["pick_threat"] * threat * (1 - p_answer)
    elif rank is EIGHT and not obs.skip:
        p_answer = _p_holds(unseen, EIGHT, obs.hand_sizes[nxt])
        score -= W["eight"] * (1 - threat)
        if obs.players == 2:
            score += W["eight_2p"] * (1 - p_answer) * (1 if follow else 0)
        score += W["eight_threat"] * threat * (1 - p_answer)
        if obs.players > 2:                               # the 8 hands the turn to the player after next
            score -= W["eight_threat"] * _threat(obs, (obs.seat + 2) % obs.players)
    if obs.match:
        score += W["points"] * card_points(card)
    return score


def _keep_score(obs: Observation, unseen: dict) -> float:
    """Keeping a drawn card instead of playing it: only worth it for an answer card."""
    card = obs.drawn
    if card is not None and card.rank in (TWO, ACE) and _threat(obs, (obs.seat + 1) % obs.players) == 0:
        return 0.3
    return -2.0


def _decline_score(obs: Observation) -> float:
    """Taking the pick-up (or missing the turn) instead of answering."""
    return -obs.pending * 0.55 - (1.0 if obs.skip else 0.0)
