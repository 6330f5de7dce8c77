"""Switch computer players. They see an Observation only, never the State.

- easy: plays the first legal card, names the suit it holds most after a Jack.
- normal: keeps its 2s, Aces and 8s as answers (plays them when
  answering or when nothing else goes), plays a Jack only when stuck and names
  the suit it holds most.
- hard: scores every move. It counts the unseen cards (what is neither in its
  hand nor on the discard pile) to judge whether the next player can answer a
  2 or an Ace, remembers the suits each player could not follow (the public
  `voids`), watches everyone's hand size, and turns its pick-ups, skips and
  suit changes on a player about to go out.

`random_choice` is the arena's baseline: a uniformly random playable card
(drawing only when it must), a random suit for a Jack, always calls.

A computer calls "last card" only when the move it has chosen is a play that leaves it one
card, and then forgets with its level's chance, once per such moment (so the rate a player
sees at the table is the preset's). Every level sometimes forgets (often at easy, rarely at hard), and
catches others who forget after a reaction time, if it notices: these habits are in
levels/ai/switch.json (presets.py).

Catching a player who did not call is not a turn move: the scene (or the arena)
asks `catch_action` after `reaction_time(level)` seconds of real time.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

from cardgames.core.cards import standard_deck
from cardgames.games.switch import expert
from cardgames.games.switch.presets import habits
from cardgames.games.switch.rules import (
    ACE,
    EIGHT,
    JACK,
    K_CALL,
    K_CATCH,
    K_NEXT,
    K_PLAY,
    MAX_CHAIN,
    PICKUP,
    SUITS,
    TWO,
    Action,
    Observation,
    Phase,
    card_points,
    decks_for,
)

LEVELS = ("easy", "normal", "hard", "expert")
SPECIALS = (TWO, ACE, EIGHT, JACK)
_DECKS = {1: standard_deck(1), 2: standard_deck(2)}


def reaction_time(level: str, rng: random.Random | None = None) -> float:
    """Seconds a computer player of `level` takes to catch a player who did not call "last card":
    drawn with `rng` from the level's skewed (log-normal) distribution, its median without rng."""
    return habits(level).reaction(rng)


def catch_action(obs: Observation, rng: random.Random, level: str) -> Action | None:
    """The catch this seat makes on the exposed player, if it notices; None otherwise."""
    if obs.exposed is None or obs.exposed == obs.seat:
        return None
    if rng.random() >= habits(level).notice:
        return None
    return Action(K_CATCH, obs.seat, target=obs.exposed)


def choose(obs: Observation, legal: Sequence[Action], rng: random.Random, level: str) -> Action:
    """The move for the seat `obs` belongs to, among `legal` (other seats' actions are ignored)."""
    mine = [a for a in legal if a.seat == obs.seat and a.kind is not K_CATCH]
    if not mine:
        raise ValueError(f"no legal action for seat {obs.seat}")
    if obs.phase is Phase.HAND_OVER:
        return next(a for a in mine if a.kind is K_NEXT)
    moves = [a for a in mine if a.kind is not K_CALL]
    if level == "random":
        move = random_choice(obs, moves, rng)
    elif level == "easy":
        move = _easy(obs, moves)
    elif level == "hard":
        move = _hard(obs, moves)
    elif level == "expert":
        move = expert.best(obs, moves, rng)
    else:
        move = _normal(obs, moves)
    if level != "expert" and level != "random":
        move = err_like_people(obs, moves, rng, level, move)
    call = next((a for a in mine if a.kind is K_CALL), None)
    # "Last card" is due only when this move leaves one card; the chance to forget is taken then, once
    # (calling before a draw, or rolling at every turn with two cards, made them forget far less often)
    if call is not None and move.kind is K_PLAY and len(obs.hand) == 2 \
            and rng.random() >= habits(level).forget_call:
        return call
    return move


LOWER_SHARE = 0.15     # the part of Expert's search budget a lower level's scores cost


def err_like_people(obs: Observation, moves: Sequence[Action], rng: random.Random, level: str,
                    own: Action) -> Action:
    """A lower level's move among the moves Expert scores: never one worse than the best by more
    than the level's cap, its own habitual move `own` favoured by its habit, and a draw with its
    temperature (presets.py says how). Without a temperature: `own`."""
    h = habits(level)
    if h.temperature <= 0.0 or len(set(moves)) < 2:
        return own
    options = allowed(expert.scores(obs, moves, rng, LOWER_SHARE), own, h)
    peak = max(v for v, _ in options)
    weights = [math.exp((v - peak) / h.temperature) for v, _ in options]
    r = rng.random() * sum(weights)
    for w, (_, a) in zip(weights, options):
        r -= w
        if r <= 0.0:
            return a
    return options[-1][1]


def allowed(scored, own: Action, h) -> list[tuple[float, Action]]:
    """The moves a level may play (within its cap of the best), each with its value (+ habit for `own`)."""
    top = max(v for v, _ in scored)
    return [(v + (h.habit if a == own else 0.0), a) for v, a in scored if v >= top - h.cap]


def random_choice(obs: Observation, moves: Sequence[Action], rng: random.Random) -> Action:
    """The baseline: a uniformly random playable card (a random suit for a Jack); choose() has it always
    call "last card" when due (its forget_call is 0)."""
    cards = []
    for a in moves:
        if a.kind is K_PLAY and a.card not in cards:
            cards.append(a.card)
    if not cards:
        return next(a for a in moves if a.kind is not K_CALL)
    card = cards[int(rng.random() * len(cards))]
    options = [a for a in moves if a.kind is K_PLAY and a.card == card]
    return options[int(rng.random() * len(options))]


# --- easy and normal ------------------------------------------------------------

def _suit_counts(hand) -> list[int]:
    counts = [0, 0, 0, 0]
    for c in hand:
        if c.rank is not JACK:
            counts[c.suit] += 1
    return counts


def _jack_suit(hand, played) -> int:
    """The suit the player holds most once `played` has left the hand (ties: the lower suit)."""
    rest = list(hand)
    rest.remove(played)
    counts = _suit_counts(rest)
    return max(range(4), key=lambda s: (counts[s], -s))


def _pick(moves: Sequence[Action], card, suit) -> Action:
    """The play of `card` naming `suit` if it is a Jack (a last Jack names no suit of our choosing)."""
    options = [a for a in moves if a.kind is K_PLAY and a.card == card]
    if not options:
        raise ValueError(f"{card} is not playable")
    return next((a for a in options if a.suit == suit), options[0])


def _easy(obs: Observation, moves: Sequence[Action]) -> Action:
    first = moves[0]
    if first.kind is K_PLAY and first.card.rank is JACK and len(obs.hand) > 1:
        return _pick(moves, first.card, SUITS[_jack_suit(obs.hand, first.card)])
    return first


def _normal(obs: Observation, moves: Sequence[Action]) -> Action:
    plays = [a for a in moves if a.kind is K_PLAY]
    if not plays:
        return moves[0]
    answering = obs.pending or obs.skip
    if answering:
        return plays[0]                          # a 2 on a 2, an Ace on an Ace, an 8 on an 8: always answer
    cards = []
    for a in plays:
        if a.card not in cards:
            cards.append(a.card)
    counts = _suit_counts(obs.hand)

    def rank_of(card):
        # Ordinary cards first (from the suit held most, higher points first), then 8s/2s/Aces, Jacks last.
        kind = 2 if card.rank is JACK else 1 if card.rank in (TWO, ACE, EIGHT) else 0
        return (kind, -counts[card.suit], -card_points(card))

    best = min(cards, key=rank_of)
    if obs.phase is Phase.DRAWN and best.rank in (TWO, ACE, EIGHT) and len(obs.hand) > 2:
        keep = next((a for a in moves if a.kind is not K_PLAY), None)
        if keep is not None:
            return keep                           # keep a drawn 2, Ace or 8 as an answer
    suit = SUITS[_jack_suit(obs.hand, best)] if best.rank is JACK else None
    return _pick(moves, best, suit)


# --- hard -----------------------------------------------------------------------

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


def hard_move(obs: Observation, moves: Sequence[Action]) -> Action:
    """Hard's move among `moves` (the seat's turn moves): Expert's starting point."""
    return _hard(obs, [a for a in moves if a.kind is not K_CALL])


def _hard(obs: Observation, moves: Sequence[Action]) -> Action:
    plays = [a for a in moves if a.kind is K_PLAY]
    if not plays:
        return moves[0]
    rest = [a for a in moves if a.kind is not K_PLAY]
    unseen = _unseen(obs)
    scored = [(_score(obs, a, unseen), i, a) for i, a in enumerate(plays)]
    if obs.phase is Phase.DRAWN and rest:
        scored.append((_keep_score(obs, unseen), len(plays), rest[0]))
    if obs.pending or obs.skip:
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
