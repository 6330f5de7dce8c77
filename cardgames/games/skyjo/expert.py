"""Skyjo's Expert, and the scored moves the lower levels choose among. It sees an Observation only.

What it knows is exact: the 150-card deck minus every card the observation shows (each seat's face-up
cards, the whole discard pile, a drawn card on show). A card seen once and then buried again (a
discard pile reshuffled into the stock) is unseen again, as it is for a person.

How it scores a move (lower is better, in points of its own grid, as planner.Planner scores them):
- every choice (take the discard or draw, keep or discard, where, which card to turn) by its expected
  value over the exact unseen cards; columns by their chance to clear; going out by the doubling it
  risks and the face-down cards it freezes in the others' grids; a discard by what it hands the next
  player (planner.Planner with smart=True; Hard before issue 27 was this alone);
- going out (revealing its last card) is timed by sampled worlds consistent with the observation (the
  unseen cards dealt at random to the face-down slots and the stock): in each, the card it lets go
  lands on the discard and the others play their last turn by a quick policy; the doubling's chance
  is read off their final grids (the planner's normal estimate counting as PRIOR_WEIGHT worlds), and
  in the game's last round also the chance that going out loses the game (WIN_WEIGHT points times
  how much likelier than the round ending with this grid's expected points);
- in the last lap of a round (someone went out: this seat's move is its last) the best few moves
  are played out in such worlds (the same worlds for every move, so the moves are compared on equal
  luck), each to the round's end by the quick policy for every seat; the move's worth is its own
  round score against the others', plus WIN_WEIGHT when the game ends there not won by this seat.
- the number of worlds falls with the table's size (LAP_WORK, EXIT_WORK over the other seats), so a
  decision stays within its CPU budget at 8 seats. Lower levels score without any of this.
  Playouts from earlier positions (the quick policy playing this seat's later turns too) measured
  no better, 25.0% (9.4-40.6%) against 29.7% (17.2-45.3%) without, 32 tuning games each.

Measured (python -m cardgames.arena, held-out reporting deals, 95% bootstrap intervals over deals,
2026-12-07 12:00-12:43 UTC, load 4-21): Expert + 3 Hard 33.6% (28.7-38.8%) of 232 games, deals
1000000-1000028 and 1000030-1000058 (parity 25%; goal: lower bound 35%, NOT met), -0.80 points a
round against the field (-1.53 to -0.08); Expert + 5 Hard 33.9% (23.8-45.2%) of 84 games (parity
17%; goal 30%, not met), -2.78 points (-3.64 to -2.02). Before (main c79540c): 28.1% (22.6-33.7%)
of 212 games and 29.8% (19.0-39.9%) of 84. Ladder, 32 deals x 4 rotations = 128 games at 4 seats,
openskill ordinal (mu, sigma): Hard 29.50 (38.26, 2.92), Expert 29.34 (38.24, 2.97), Normal 20.00
(28.87, 2.96), Easy -21.76 (-7.77, 4.66): Expert and Hard not separated. CPU per decision, p95 (max):
2 seats 13.9 ms (27 ms), 4 seats 25.5 ms (56 ms, tuning deals), 6 seats 25.2 ms (55 ms), 8 seats
28.4 ms (45 ms, one deal).
After the lower levels were set apart (levels/ai/skyjo.json: Hard temperature 0.8, cap 4, memory 8;
2026-12-07 14:36-15:37 UTC, load 2-29, same reporting deals): Expert + 3 Hard 43.3% (37.9-48.7%) of
232 games, deals 1000000-1000057 (goal met), -2.45 points a round (-3.15 to -1.71); Expert + 5 Hard
36.3% (27.4-46.4%) of 84 games, deals 1000000-1000013 (goal 30% not met). Ladder, 32 deals x 4
rotations = 128 games: Expert 28.53 (37.60, 3.02), Hard 28.33 (37.25, 2.97), Normal 19.59 (28.87,
3.09), Easy -16.71 (-2.97, 4.58): the ordinals still do not separate Expert from Hard, though in
those games Expert won 50.0%, Hard 37.9%, Normal 12.1%, Easy 0%, and Expert finished ahead of Hard
in 70.5 of 128. CPU per decision, p95 (max): Expert 32 ms (92 ms), Hard 6.5 ms (63 ms).

`scored(observation, legal, rng)` lists (action, value) for every legal move; `choose` takes the best.
The lower levels (people.py) pick among the same list with a temperature and a cap.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from cardgames.core.rng import shuffled
from cardgames.games.skyjo import planner
from cardgames.games.skyjo.rules import (
    ALL_SLOTS,
    CLEARED,
    HIDDEN,
    Action,
    Observation,
    Phase,
    State,
    apply,
    legal_actions,
    observe,
)

PLAYOUTS = True      # Expert plays out the end of a round (the arena may switch it off to compare)
CANDIDATES = 3       # how many of the best-scored moves are played out
LAP_WORK = 30        # last-lap worlds per decision times the other seats (fewer worlds at a big table)
MAX_TURNS = 14       # a playout stops after this many decisions and counts face-down cards as average
LEAD_WEIGHT = 1.0    # a playout's worth: own points minus this share of the others' mean
WIN_WEIGHT = 15.0    # points a playout's worth adds when the game ends there and this seat has not won
EXIT_WORK = 60       # going-out worlds per decision times the other seats
PRIOR_WEIGHT = 3.0   # the planner's doubling estimate counts as this many worlds


def scored(obs: Observation, legal: Sequence[Action], rng: random.Random, memory: int | None = None,
           playouts: bool = True) -> list[tuple[Action, float]]:
    """Every legal move with its value (lower is better), best first. `memory`: the discard pile's
    top cards remembered (None: all); `playouts`: re-value the best moves near the round's end."""
    if obs.phase not in (Phase.TURN, Phase.HOLD, Phase.FLIP) or len(legal) == 1:
        return [(a, 0.0) for a in legal]
    scorer = (_Planner(obs, memory, rng) if playouts else planner.Planner(obs, smart=True, memory=memory))
    options = [(o.action, o.value) for o in _options(scorer, obs) if o.action in legal]
    options += [(a, max((v for _, v in options), default=0.0) + 10.0) for a in legal
                if a not in {a for a, _ in options}]
    options.sort(key=lambda item: item[1])
    if playouts and _near_end(obs) and len(options) > 1:
        options = _played_out(obs, options, rng)
    return options


def choose(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    if len(legal) == 1:
        return legal[0]
    if obs.phase == Phase.SETUP:
        return rng.choice(legal)
    return scored(obs, legal, rng, playouts=PLAYOUTS)[0][0]


def _options(scorer: planner.Planner, obs: Observation) -> list:
    if obs.phase == Phase.TURN:
        options = scorer.swaps(obs.discard[-1], "take")
        options.append(planner._Option(planner.DRAW, scorer.draw_value()))
        return options
    if obs.phase == Phase.HOLD:
        return scorer.hold_options(obs.held)
    return scorer.flips()


def _worlds(work: int, obs: Observation, low: int, high: int) -> int:
    """How many sampled worlds a decision affords: `work` shared by the other seats."""
    return max(low, min(high, work // max(1, obs.players - 1)))


class _Planner(planner.Planner):
    """The planner with the finisher's doubling read off sampled worlds: this seat goes out, the
    others play their last turn (quick policy), and their final grids are noted. The planner's own
    estimate (a normal distribution) counts as PRIOR_WEIGHT worlds. In the game's last round, going
    out also weighs the game: WIN_WEIGHT times how much likelier it makes losing the game than the
    round ending with this grid's expected points and no doubling."""

    def __init__(self, obs: Observation, memory: int | None, rng: random.Random):
        super().__init__(obs, smart=True, memory=memory)
        self._rng = rng
        self._ends: list[tuple[int, ...]] | None = None   # per world: every seat's final grid

    def _sampled(self) -> list[tuple[int, ...]]:
        if self._ends is None:
            self._ends = [_others_last_lap(self.obs, world(self.obs, self._rng), self._rng)
                          for _ in range(_worlds(EXIT_WORK, self.obs, 6, 24))]
        return self._ends

    def _doubling_chance(self, score: int) -> float:
        prior = super()._doubling_chance(score)
        me = self.me
        hits = sum(1 for raw in self._sampled() if min(v for s, v in enumerate(raw) if s != me) <= score)
        return (hits + PRIOR_WEIGHT * prior) / (len(self._sampled()) + PRIOR_WEIGHT)

    def outcome(self, cells: list, value: float) -> float:
        worth = super().outcome(cells, value)
        if self.final_lap or planner._hidden_count(cells) > 0 or not self._last_round():
            return worth
        score = planner._known_sum(cells)
        expected = self.grid(self.cells)
        out = stay = 0.0
        for raw in self._sampled():
            doubled = score > 0 and min(v for s, v in enumerate(raw) if s != self.me) <= score
            out += _game_lost(self.obs, raw, self.me, 2 * score if doubled else score)
            stay += _game_lost(self.obs, raw, self.me, expected)
        return worth + WIN_WEIGHT * (out - stay) / len(self._sampled())

    def _last_round(self) -> bool:
        """Someone's total is close enough to the target for this round to end the game."""
        return max(self.obs.totals) + 20 >= self.obs.target


def _game_lost(obs: Observation, raw: tuple[int, ...], me: int, mine: float) -> float:
    """1 if the round ending with these grids (this seat's as `mine`) ends the game and not with this
    seat's win, a win shared by k counting 1 - 1/k; 0 if the game goes on."""
    totals = [t + (mine if s == me else v) for s, (t, v) in enumerate(zip(obs.totals, raw))]
    if max(totals) < obs.target:
        return 0.0
    low = min(totals)
    return 1.0 - 1.0 / sum(1 for t in totals if t == low) if totals[me] == low else 1.0


def _others_last_lap(obs: Observation, state: State, rng: random.Random) -> tuple[int, ...]:
    """This seat has just gone out in `state`: the others' last lap, and every seat's final grid."""
    me = obs.seat
    hidden = tuple(0 if s == me else h for s, h in enumerate(state.hidden))
    # the card it lets go lands on the discard: the one held, or (taking the discard) its last face-down card
    last = [state.grids[me][i] for i in range(12) if state.hidden[me] >> i & 1]
    if state.held is not None:
        discard = state.discard + (state.held,)
    else:
        discard = state.discard[:-1] + tuple(last[:1]) if last else state.discard
    state = state._replace(phase=Phase.TURN, current=(me + 1) % obs.players, held=None, finisher=me,
                           hidden=hidden, discard=discard or state.discard)
    round_no = state.round_no
    for _ in range(3 * obs.players + 2):
        if state.round_no != round_no or state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            break
        legal = legal_actions(state)
        move = legal[0] if len(legal) == 1 else planner.Planner(observe(state, state.current),
                                                                 smart=False).choose(legal, rng)
        state, _ = apply(state, move)
    if len(state.rounds) >= round_no:
        return state.rounds[round_no - 1].raw
    return tuple(round(_estimate(state, s)) for s in range(obs.players))


def _near_end(obs: Observation) -> bool:
    """The last lap: this seat's move is its last of the round, so a playout has no later move of
    its own to play badly (the quick policy playing this seat on would bias against waiting)."""
    return obs.finisher is not None


# ---------------------------------------------------------------- playouts


def _played_out(obs: Observation, options: list[tuple[Action, float]],
                rng: random.Random) -> list[tuple[Action, float]]:
    """The best CANDIDATES moves re-valued by playouts, anchored on the planner's best value."""
    head = options[:CANDIDATES]
    samples = _worlds(LAP_WORK, obs, 4, 12)
    worlds = [world(obs, rng) for _ in range(samples)]
    seeds = [rng.getrandbits(32) for _ in range(samples)]
    worth = {}
    for action, _ in head:
        total = 0.0
        for state, seed in zip(worlds, seeds):
            total += _playout(state, action, obs.seat, random.Random(seed))
        worth[action] = total / samples
    anchor_value, anchor_worth = head[0][1], worth[head[0][0]]
    out = [(a, anchor_value + worth[a] - anchor_worth) for a, _ in head]
    floor = max(v for _, v in out)
    out += [(a, max(v, floor + 0.01)) for a, v in options[CANDIDATES:]]
    out.sort(key=lambda item: item[1])
    return out


def world(obs: Observation, rng: random.Random) -> State:
    """A full state consistent with the observation: the unseen cards dealt at random."""
    counts = planner.unseen_counts(obs)
    pool = shuffled([v for v, n in sorted(counts.items()) for _ in range(max(0, n))], rng)
    grids, hidden, gone = [], [], []
    k = 0
    for seat in range(obs.players):
        cells, hid, gon = [], 0, 0
        for i, c in enumerate(obs.grids[seat]):
            if c is HIDDEN:
                cells.append(pool[k] if k < len(pool) else 5)
                k += 1
                hid |= 1 << i
            elif c is CLEARED:
                cells.append(None)
                gon |= 1 << i
            else:
                cells.append(c)
        grids.append(tuple(cells))
        hidden.append(hid & ALL_SLOTS)
        gone.append(gon)
    stock = tuple(pool[k:k + obs.stock_count])
    return State(obs.players, obs.target, "finisher", rng.getrandbits(31), obs.round_no, 0, obs.phase,
                 obs.current, tuple(grids), tuple(hidden), tuple(gone), stock, obs.discard, obs.held,
                 obs.finisher, obs.totals, obs.rounds)


def _playout(state: State, action: Action, me: int, rng: random.Random) -> float:
    """Play `action`, then every seat by the quick policy to the round's end; own points vs the others'."""
    round_no = state.round_no
    state, _ = apply(state, action)
    for _ in range(max(MAX_TURNS, 3 * state.players + 2)):
        if state.round_no != round_no or state.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            break
        legal = legal_actions(state)
        obs = observe(state, state.current)
        move = legal[0] if len(legal) == 1 else planner.Planner(obs, smart=False).choose(legal, rng)
        state, _ = apply(state, move)
    if state.rounds and len(state.rounds) >= round_no:
        scores = [float(v) for v in state.rounds[round_no - 1].scores]
    else:
        scores = [_estimate(state, seat) for seat in range(state.players)]
    others = [v for s, v in enumerate(scores) if s != me]
    worth = scores[me] - LEAD_WEIGHT * sum(others) / len(others)
    if state.phase == Phase.GAME_OVER:
        # the game ends here: what counts is winning it (a shared win counts its share)
        low = min(state.totals)
        if state.totals[me] == low:
            worth += WIN_WEIGHT * (1 - 1 / state.totals.count(low))
        else:
            worth += WIN_WEIGHT
    return worth


def _estimate(state: State, seat: int) -> float:
    """A grid's points with its face-down cards counted as the deck's average (about 5)."""
    total = 0.0
    for i, v in enumerate(state.grids[seat]):
        if v is None:
            continue
        total += 5.07 if state.hidden[seat] >> i & 1 else v
    return total
