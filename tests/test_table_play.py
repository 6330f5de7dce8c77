"""Every game played to the end at a Table, through the in-process and the wire handle alike.

The two handles must deliver the same updates (equal objects, the same bytes once encoded), the
game must end, and replaying the table's record must give the very State the table holds.
"""
from __future__ import annotations

import pytest
from table_games import CASES, play

from cardgames.table.handles import LocalHandle, WireHandle
from cardgames.table.messages import Public, Update, encode
from cardgames.table.table import Table

# every case once; the quick ones (under a thousand messages) with a second seed too
GAMES = [(game, i, seed) for game, cases in CASES.items() for i in range(len(cases))
         for seed in ((1,) if game == "three_thirteen" or (game, i) == ("switch", 1) else (1, 2))]


@pytest.mark.parametrize(("game", "case", "seed"), GAMES, ids=lambda v: str(v))
def test_both_handles_give_the_same_game_and_the_record_replays_it(game, case, seed):
    options, seats = CASES[game][case]
    local, local_log = play(game, options, seats, seed, LocalHandle)
    wire, wire_log = play(game, options, seats, seed, WireHandle)
    assert local.over and wire.over, f"{game} did not end in the steps given"
    assert local_log == wire_log
    assert [encode(m, game) for m in local_log] == [encode(m, game) for m in wire_log]
    assert local.state == wire.state and local.actions == wire.actions
    replayed, done = Table.resume(local.record())
    assert done == len(local.actions)
    assert replayed.state == local.state
    # the last message to each seat and the spectator carries the result
    last = {m.seat if isinstance(m, Update) else None: m for m in local_log}
    assert set(last) == {s for s, who in enumerate(seats) if who.human} | {None}
    for message in last.values():
        assert message.result == local.result() and message.result is not None
        assert message.legal == () if isinstance(message, Update) else True


def test_every_human_seat_and_the_spectator_hear_of_every_move():
    options, seats = CASES["switch"][2]
    table, log = play("switch", options, seats, 5, WireHandle)
    moves = {}
    for m in log:
        key = m.seat if isinstance(m, Update) else "public"
        if m.refusal is None if isinstance(m, Update) else True:
            assert m.moves >= moves.get(key, 0)
            moves[key] = m.moves
    assert set(moves) == {0, 3, 5, "public"}
    assert all(n == len(table.actions) for n in moves.values())
    assert any(isinstance(m, Public) and m.events for m in log)


@pytest.mark.parametrize("game", ["skyjo", "switch", "three_thirteen"])
def test_computers_thinking_in_a_worker_thread_play_the_same_game(game):
    from concurrent.futures import ThreadPoolExecutor

    options, seats = CASES[game][0]
    alone, alone_log = play(game, options, seats, 4, steps=300)
    with ThreadPoolExecutor(max_workers=1) as worker:
        beside, beside_log = play(game, options, seats, 4, steps=300, executor=worker)
    assert beside.actions == alone.actions and beside_log == alone_log
