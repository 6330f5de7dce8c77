"""Nothing a seat may not know reaches it: every update the table sends seat s (and every public
update) is the same, byte for byte, in a second world that differs from the real one only in the
cards s cannot see.

For each update of random games of each game (2 to 8 seats where the game has them), the test
takes the State the table sent it from and deals the cards hidden from s again among their
places (the stock, the others' hands, the face-down cards), checks that s's observation of that
twin world is the same, gives the events' hidden cards other values, and builds the update again
from the twin: the encoded bytes must be equal. A table that read anything beyond what s may know
(another hand, the stock, an unredacted event, the mover's legal moves) would differ.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from table_games import play

from cardgames.core.cards import standard_deck
from cardgames.core.events import CardFlipped, CardMoved
from cardgames.games.switch.state import HAND_OVER, OVER
from cardgames.games.three_thirteen import rules as tt
from cardgames.games.tripeaks import rules as tripeaks
from cardgames.table import updates
from cardgames.table.games import spec as game_spec
from cardgames.table.messages import Public, encode
from cardgames.table.seats import AWAY, HERE, computer
from cardgames.table.table import Table
from cardgames.table.updates import Facts

# ------------------------------------------------------------------ twin worlds, game by game


def _shuffled_into(values: list, rng: random.Random) -> list:
    out = list(values)
    rng.shuffle(out)
    return out


def twin_skyjo(state: Any, viewer: int | None, rng: random.Random) -> Any:
    """Every face-down grid card and the stock are hidden from everyone (the held card is shown)."""
    places = [(s, i) for s in range(state.players) for i in range(12) if state.hidden[s] >> i & 1]
    cards = _shuffled_into([state.grids[s][i] for s, i in places] + list(state.stock), rng)
    grids = [list(g) for g in state.grids]
    for (s, i), card in zip(places, cards):
        grids[s][i] = card
    return state._replace(grids=tuple(map(tuple, grids)), stock=tuple(cards[len(places):]))


def twin_three_thirteen(state: Any, viewer: int | None, rng: random.Random) -> Any:
    """The stock and the hands of the others that are not laid down (all hands show once scored)."""
    scored = state.phase in (tt.Phase.ROUND_OVER, tt.Phase.GAME_OVER)
    seats = [] if scored else [s for s in range(state.players) if s != viewer and s not in state.laid]
    cards = _shuffled_into([c for s in seats for c in state.hands[s]] + list(state.stock), rng)
    hands, at = list(state.hands), 0
    for s in seats:
        hands[s], at = tuple(cards[at:at + len(hands[s])]), at + len(hands[s])
    return state._replace(hands=tuple(hands), stock=tuple(cards[at:]))


def twin_switch(state: Any, viewer: int | None, rng: random.Random) -> Any:
    """The stock and the others' hands, unless shown (start mode, or once the hand is over)."""
    if state.open_hands:
        return state
    shown = state.phase is HAND_OVER or state.phase is OVER
    seats = [] if shown else [s for s in range(state.players) if s != viewer]
    cards = _shuffled_into([c for s in seats for c in state.hands[s]] + list(state.stock), rng)
    hands, at = list(state.hands), 0
    for s in seats:
        hands[s], at = tuple(cards[at:at + len(hands[s])]), at + len(hands[s])
    drawn = state.drawn
    if drawn is not None and state.turn in seats:
        drawn = hands[state.turn][-1]         # the drawn card is the last one of its holder's hand
    return state._replace(hands=tuple(hands), stock=tuple(cards[at:]), drawn=drawn)


def twin_tripeaks(state: Any, viewer: int | None, rng: random.Random) -> Any:
    """The face-down tableau cards and the stock."""
    places = [i for i, c in enumerate(state.tableau) if c is not None and not tripeaks.face_up(state, i)]
    cards = _shuffled_into([state.tableau[i] for i in places] + list(state.stock), rng)
    tableau = list(state.tableau)
    for i, card in zip(places, cards):
        tableau[i] = card
    return replace(state, tableau=tuple(tableau), stock=tuple(cards[len(places):]))


TWINS = {"skyjo": twin_skyjo, "three_thirteen": twin_three_thirteen, "switch": twin_switch,
         "tripeaks": twin_tripeaks}
OTHER_CARDS = {"skyjo": list(range(-2, 13)), "three_thirteen": list(standard_deck()),
               "switch": list(standard_deck()), "tripeaks": list(standard_deck())}


def twin_events(game: str, events: tuple, viewer: int | None, rng: random.Random) -> tuple:
    """The events with every card `viewer` may not see given another value."""
    out = []
    for ev in events:
        hidden = isinstance(ev, (CardMoved, CardFlipped)) and ev.visible_to is not None and viewer not in ev.visible_to
        out.append(replace(ev, card=rng.choice(OTHER_CARDS[game])) if hidden and ev.card is not None else ev)
    return tuple(out)


# ------------------------------------------------------------------ the table, watched

class WatchedTable(Table):
    """A Table that keeps, for every update it makes, the State and the events it made it from."""

    made: list

    def _update_for(self, seat, events, facts, refusal=None, **kw):
        update = super()._update_for(seat, events, facts, refusal, **kw)
        self.made.append((seat, self.state, events, update))
        return update

    def _public_for(self, events, facts):
        public = super()._public_for(events, facts)
        self.made.append((None, self.state, events, public))
        return public


def facts_of(msg: Any) -> Facts:
    return Facts(msg.moves, msg.now, msg.thinking, msg.deadlines, msg.result, msg.reset, msg.played)


def check_no_leak(game: str, made: list, rng: random.Random, build: Any = None) -> tuple[int, int]:
    """Every update equals, in bytes, the one built from a twin world; returns how many were checked
    and in how many the twin world differed from the real one."""
    build = build or updates
    differed = 0
    for seat, state, events, sent in made:
        twin = TWINS[game](state, seat, rng)
        differed += twin != state
        spec = game_spec(game)
        if seat is None:
            assert spec.public(spec.rules.observe(twin, 0)) == spec.public(spec.rules.observe(state, 0))
        else:
            assert spec.rules.observe(twin, seat) == spec.rules.observe(state, seat)
        evs = twin_events(game, events, seat, rng)
        if isinstance(sent, Public):
            again = build.public_update(spec, twin, evs, facts_of(sent))
        else:
            again = build.seat_update(spec, twin, seat, evs, facts_of(sent), seq=sent.seq, human=True,
                                      undo=sent.undo, refusal=sent.refusal)
        assert encode(again, game) == encode(sent, game), (game, seat, sent.moves)
    return len(made), differed


SEATS = {"tripeaks": (1, 1), "skyjo": (2, 8), "three_thirteen": (2, 8), "switch": (2, 6)}


def seats_for(game: str, n: int, rng: random.Random) -> tuple:
    low, high = SEATS[game]
    n = max(low, min(high, n))
    seats = [rng.choice((HERE, AWAY, computer("easy"), computer("random"))) for _ in range(n)]
    seats[0] = HERE
    return tuple(seats)


def watched_game(game: str, seed: int, players: int, options: dict) -> list:
    rng = random.Random(seed)
    seats = seats_for(game, players, rng)
    made: list = []

    class Watched(WatchedTable):
        pass
    Watched.made = made
    play(game, options, seats, seed, steps=250, table_class=Watched)
    return made


def _options(game: str, rng: random.Random) -> dict:
    if game == "switch":
        return {"match": rng.random() < 0.5}      # (start mode shows every card: nothing to hide)
    if game == "skyjo":
        return {"target": 30}
    if game == "tripeaks":
        return {"open_peaks": rng.random() < 0.3, "wild": rng.random() < 0.5}
    return {}


@pytest.mark.parametrize("game", list(TWINS))
@settings(max_examples=5)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8))
def test_no_update_to_a_seat_depends_on_what_it_cannot_see(game, seed, players):
    made = watched_game(game, seed, players, _options(game, random.Random(seed)))
    checked, differed = check_no_leak(game, made, random.Random(seed))
    assert checked > 10 and differed > checked // 2     # most updates were checked against another world


def test_the_check_catches_a_table_that_leaks():
    """A builder that forgot to redact the events, or sent every seat the mover's legal moves, is caught."""
    made = watched_game("three_thirteen", 4, 3, {})

    class Unredacted:
        public_update = staticmethod(updates.public_update)

        @staticmethod
        def seat_update(spec, state, seat, events, facts, **kw):
            honest = updates.seat_update(spec, state, seat, events, facts, **kw)
            from msgspec.structs import replace as struct_replace
            return struct_replace(honest, events=tuple(events))

    class EveryonesMoves(Unredacted):
        @staticmethod
        def seat_update(spec, state, seat, events, facts, **kw):
            honest = updates.seat_update(spec, state, seat, events, facts, **kw)
            from msgspec.structs import replace as struct_replace
            return struct_replace(honest, legal=tuple(map(str, spec.rules.legal_actions(state))))

    for leaky in (Unredacted, EveryonesMoves):
        sent = [(seat, state, events, leaky.seat_update(
            game_spec("three_thirteen"), state, seat, events, facts_of(msg),
            seq=msg.seq, human=True, undo=msg.undo, refusal=msg.refusal))
            for seat, state, events, msg in made if seat is not None]
        try:
            check_no_leak("three_thirteen", sent, random.Random(1))
        except AssertionError:
            continue
        raise AssertionError(f"{leaky.__name__} was not caught")
