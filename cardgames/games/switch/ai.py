"""Switch computer players. They see an Observation only, never the State.

- easy: plays the first legal card, names the suit it holds most after a Jack (its habit: the
  three lower levels also err, see below).
- normal: keeps its 2s, Aces and 8s as answers (plays them when
  answering or when nothing else goes), plays a Jack only when stuck and names
  the suit it holds most.
- hard: scores every move by a heuristic (hard.py).
- expert: a determinized search over the hands the others may hold (expert.py).
- A level below Expert errs like people (err_like_people): it chooses among the moves Expert
  scores with its temperature and cap (levels/ai/switch.json), so it makes the mistakes people
  make (holding a 2 too long, following the wrong suit, keeping a drawn answer card), and never
  one nobody makes (`nobody_would`: taking a pick-up or missing a turn it could pass on, not going
  out when it can, keeping a drawn ordinary card it could play, i.e. drawing for nothing).

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
from collections.abc import Sequence

from cardgames.games.switch import expert, hard
from cardgames.games.switch.presets import habits, remembers_call
from cardgames.games.switch.rules import (
    ACE,
    EIGHT,
    JACK,
    K_CALL,
    K_CATCH,
    K_NEXT,
    K_PLAY,
    SUITS,
    TWO,
    Action,
    Observation,
    Phase,
    card_points,
)

LEVELS = ("easy", "normal", "hard", "expert")


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
    if level == "expert":
        return expert.choose(obs, legal, rng)
    if obs.phase is Phase.HAND_OVER:
        return next(a for a in mine if a.kind is K_NEXT)
    moves = expert.kept_word(obs, [a for a in mine if a.kind is not K_CALL])
    if level == "random":
        move = random_choice(obs, moves, rng)
    else:
        move = err_like_people(obs, moves, rng, level, habit(obs, moves, level))
    call = next((a for a in mine if a.kind is K_CALL), None)
    # "Last card" is due only when this move leaves one card; the chance to forget is taken then, once
    # (calling before a draw, or rolling at every turn with two cards, made them forget far less often)
    if call is not None and move.kind is K_PLAY and len(obs.hand) == 2 and remembers_call(level, rng):
        return call
    return move


def habit(obs: Observation, moves: Sequence[Action], level: str) -> Action:
    """The move `level`'s own heuristic favours (easy, normal or hard; an unknown level: normal's)."""
    if level == "easy":
        return _easy(obs, moves)
    if level == "hard":
        return hard.move(obs, moves)
    return _normal(obs, moves)


LOWER_SHARE = 0.15     # the part of Expert's search budget a lower level's scores cost


def err_like_people(obs: Observation, moves: Sequence[Action], rng: random.Random, level: str,
                    own: Action) -> Action:
    """A lower level's move among the moves Expert scores: never one worse than the best by more
    than the level's cap, its own habitual move `own` favoured by its habit, and a draw with its
    temperature (presets.py says how). Without a temperature: `own`."""
    h = habits(level)
    sensible = [a for a in moves if not nobody_would(obs, a, moves)] or list(moves)
    if own not in sensible:
        own = sensible[0]
    if h.temperature <= 0.0 or len(set(sensible)) < 2:
        return own
    options = allowed(expert.scores(obs, sensible, rng, LOWER_SHARE), own, h)
    peak = max(v for v, _ in options)
    weights = [math.exp((v - peak) / h.temperature) for v, _ in options]
    r = rng.random() * sum(weights)
    for w, (_, a) in zip(weights, options):
        r -= w
        if r <= 0.0:
            return a
    return options[-1][1]


def nobody_would(obs: Observation, action: Action, moves: Sequence[Action]) -> bool:
    """Is `action` a mistake nobody makes, with `moves` (the seat's turn moves) to choose from?
    Taking a pick-up or missing a turn when a card in hand passes it on (a 2 on a 2, an Ace on an
    Ace, an 8 on an 8); not going out when a play empties the hand; keeping a drawn ordinary card
    that could be played (the draw was for nothing). Keeping a drawn 2, Ace, 8 or Jack is a habit."""
    if action.kind is K_PLAY or action.kind is K_CALL:     # a computer calls only before a play
        return False
    plays = [a for a in moves if a.kind is K_PLAY]
    if not plays:
        return False
    if len(obs.hand) == 1 or obs.pending or obs.skip:
        return True
    if obs.phase is Phase.DRAWN and obs.drawn is not None:
        return obs.drawn.rank not in (TWO, ACE, EIGHT, JACK)
    return False


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
