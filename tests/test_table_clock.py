"""The table's clock: computers act only once their thinking delay has passed on it, Switch's
"last card" window runs on it, and a table without a human deals the next round after a pause."""
from __future__ import annotations

import pytest

from cardgames.core.cards import parse_cards
from cardgames.core.rng import make_rng
from cardgames.games.skyjo import ai as skyjo_ai
from cardgames.games.skyjo import rules as skyjo
from cardgames.games.switch import ai as switch_ai
from cardgames.games.switch import rules as switch
from cardgames.table import pace
from cardgames.table.handles import LocalHandle, WireHandle
from cardgames.table.seats import HERE, computer
from cardgames.table.table import Table


@pytest.mark.parametrize("handle", [LocalHandle, WireHandle])
def test_a_computer_moves_only_when_its_thinking_delay_has_passed(handle):
    table = Table("skyjo", {}, 5, (computer("easy"), HERE), ai_delay=0.7)
    line = handle(table, (1,))
    table.start()
    first = line.receive()[-1]
    assert first.thinking == 0 and first.turn == 0 and first.legal == ()
    table.advance(0.69)
    assert table.actions == [] and line.receive() == []
    table.advance(0.02)
    # its two set-up flips land together, an update each, at the moment its delay ran out
    assert len(table.actions) == 2
    flip, update = line.receive()
    assert flip.moves == 1 and len(flip.events) == 1 and flip.played == (table.actions[0],)
    assert update.now == pytest.approx(0.7) and update.moves == 2 and len(update.events) == 1
    assert update.turn == 1 and update.thinking is None and update.legal


def test_after_a_humans_set_up_the_computers_flips_wait_for_their_delay_then_land_together():
    table = Table("skyjo", {}, 5, (HERE, computer("easy"), computer("easy")), ai_delay=0.6)
    line = LocalHandle(table, (0,))
    table.start()
    line.act(0, "flip 0")
    line.act(0, "flip 1")
    assert table.actions == ["flip 0", "flip 1"] and table.thinking == 1
    assert line.receive()[-1].played == ("flip 1",)
    table.advance(0.59)
    assert len(table.actions) == 2
    table.advance(0.01)
    updates = line.receive()
    update = updates[-1]
    assert len(table.actions) == 6 and [u.played for u in updates] == [(a,) for a in table.actions[2:]]
    assert update.now == pytest.approx(0.6)


def test_the_computer_plays_its_ai_choice_from_its_own_observation_and_random_stream():
    table = Table("skyjo", {}, 9, (computer("normal"), HERE))
    before = table.state
    table.start()
    table.advance(1.0)
    rng = make_rng(9, "ai", 0)
    expected = skyjo_ai.choose(skyjo.observe(before, 0), skyjo.legal_actions(before), rng, "normal")
    assert table.actions[0] == str(expected)


def test_the_rest_of_a_begun_turn_takes_half_the_delay_and_a_big_table_thinks_faster():
    assert pace.thinking_delay(0.7, 2, False) == 0.7
    assert pace.thinking_delay(0.7, 2, True) == pytest.approx(0.35)
    assert pace.thinking_delay(0.7, 6, False) == pytest.approx(0.35)
    table = Table("three_thirteen", {}, 2, (HERE, computer("easy")), ai_delay=1.0)
    line = LocalHandle(table, (0,))
    table.start()
    last = line.receive()[-1]
    while table.thinking != 1 or table.state.phase != table.spec.rules.Phase.DRAW:
        line.act(0, last.legal[0])
        last = line.receive()[-1]
    start = table.now
    table.advance(0.99)
    assert table.thinking == 1 and table.now == start + 0.99 and table.state.phase == table.spec.rules.Phase.DRAW
    table.advance(0.01)             # the draw lands at 1.0 ...
    assert table.state.phase == table.spec.rules.Phase.DISCARD and table.thinking == 1
    table.advance(0.49)
    assert table.state.phase == table.spec.rules.Phase.DISCARD
    table.advance(0.01)             # ... and the discard half a delay later
    assert table.state.current == 0 and table.thinking is None


def test_at_instant_speed_a_computer_moves_as_soon_as_the_clock_is_asked():
    table = Table("switch", {}, 3, (computer("easy"), computer("easy"), HERE), ai_delay=0.0)
    table.start()
    assert table.actions == []
    table.advance(0)
    assert table.actions and table.state.turn == 2 or table.over


def switch_table(seats, hands, discard="7S", **kw):
    deal = lambda options, seed: switch.deal(options, [parse_cards(h) for h in hands],
                                             parse_cards("3H 4H 5H 6H 8D 9D 10D"), parse_cards(discard), **kw)
    table = Table("switch", {}, 1, seats, deal=deal, ai_delay=0.5)
    lines = {s: LocalHandle(table, (s,)) for s, who in enumerate(seats) if who.human}
    table.start()
    return table, lines


def test_a_computer_who_plays_next_holds_its_move_while_a_missed_call_can_be_caught():
    table, lines = switch_table((HERE, computer("easy"), HERE), ["7H 9C", "2S 5D 6D", "KC QC 4D"])
    lines[0].act(0, "0 play 7H")                        # no "last card" call: seat 0 can be caught
    (deadline,) = lines[2].receive()[-1].deadlines
    assert (deadline.kind, deadline.seat, deadline.opened, deadline.closes) == ("catch", 0, 0.0, pace.CATCH_HOLD)
    # the easy computer's reaction time this once: drawn from its level's distribution (median 2.2 s)
    easy = switch_ai.reaction_time("easy", make_rng(table.seed, "reaction", 1, 1))
    assert deadline.soonest == pytest.approx(easy) and easy != pytest.approx(2.2)
    table.advance(min(easy, pace.CATCH_HOLD) - 0.01)
    assert table.state.turn == 1 and table.state.exposed == 0 and table.thinking == 1   # seat 1 waits
    lines[2].act(2, "2 catch 0")                        # seat 2 catches first
    assert table.state.exposed is None and len(table.state.hands[0]) == 3
    table.advance(0.49)
    assert table.state.turn == 1
    table.advance(0.01)                                 # now seat 1 thinks its ordinary delay, and plays
    assert table.state.turn != 1 or table.state.phase is switch.DRAWN


def test_the_computers_catch_after_their_reaction_time_when_a_human_plays_next():
    table, lines = switch_table((computer("hard"), HERE, computer("hard")), ["9C", "2S 5D 6D", "KC QC 4D"],
                                turn=1, exposed=0, called=(False, False, False))
    (deadline,) = lines[1].receive()[-1].deadlines
    hard = switch_ai.reaction_time("hard", make_rng(table.seed, "reaction", 2, 0))   # median 0.8 s
    assert deadline.closes is None and deadline.soonest == pytest.approx(hard)   # a human moves next: no limit
    table.advance(hard - 0.01)
    assert table.state.exposed == 0
    table.advance(0.01)                                 # a hard computer always notices
    assert table.state.exposed is None and len(table.state.hands[0]) == 3
    assert table.actions == ["2 catch 0"]
    events = lines[1].receive()[-1].events          # seat 1 sees the catch, not the cards seat 0 drew
    assert any(getattr(e, "kind", "") == "caught" for e in events)
    drawn = [e for e in events if getattr(e, "dst", "") == "hand:0"]
    assert len(drawn) == 2 and all(e.card is None for e in drawn)


def test_a_table_without_a_human_deals_the_next_round_after_a_pause_and_one_with_a_human_waits():
    for seats in ((computer("easy"), computer("easy")), (HERE, computer("easy"))):
        table = Table("skyjo", {"target": 500}, 2, seats, ai_delay=0.1)
        line = LocalHandle(table, (0,)) if seats[0].human else None
        spectator = LocalHandle(table, None)
        table.start()
        last = None
        for _ in range(2000):
            if table.spec.between(table.state):
                break
            if line is not None:
                for update in line.receive():
                    last = update
                if last is not None and last.legal and last.turn == 0:
                    line.act(0, last.legal[0])
                    continue
            table.advance(0.1)
        ended = next(m.now for m in spectator.receive() if m.observation.phase == skyjo.Phase.ROUND_OVER)
        table.advance_to(ended + pace.ROUND_PAUSE - 0.01)
        assert table.spec.between(table.state)
        table.advance_to(ended + pace.ROUND_PAUSE + 0.01)
        if line is None:
            assert table.state.round_no == 2 and not table.spec.between(table.state)
        else:
            assert table.spec.between(table.state)
            update = line.receive()[-1]
            assert update.legal == ("next",) and update.turn is None
            line.act(0, "next")
            assert table.state.round_no == 2
