"""The server's speed, as behaviour: the public parts of one position are made into plain data once
for every seat (the same bytes as each made on its own), and a computer thinking long at one
table never holds up the others (its choice is made in a worker thread, beside the loop)."""
from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import random
import subprocess
import sys
import threading
import time

import pytest
from net_helpers import FAST, start_server

from cardgames.net.bots import Bot, wait_for
from cardgames.net.client import NetHandle
from cardgames.table.games import spec as game_spec
from cardgames.table.messages import GameCodec, Intent
from cardgames.table.seats import AWAY
from cardgames.table.table import Table
from cardgames.table.updates import seat_update


def _updates(game: str, moves: int = 120) -> list[list]:
    """Each position's updates to the four seats of a seeded game played at random."""
    rng = random.Random(3)
    table = Table(game, {}, 11, [AWAY] * 4, ai_delay=0)
    batches: list[list] = [[]]
    last: dict[int, object] = {}
    for s in range(4):
        table.connect(s, lambda msg, s=s: (last.__setitem__(s, msg), batches[-1].append(msg)))
    table.start()
    seqs = [0] * 4
    for _ in range(moves):
        turn = next((s for s in range(4) if last[s].legal), None)
        if turn is None or table.over:
            break
        seqs[turn] += 1
        batches.append([])
        table.submit(Intent(seat=turn, seq=seqs[turn], action=rng.choice(last[turn].legal), after=last[turn].moves))
    return [b for b in batches if b]


@pytest.mark.parametrize("game", ["skyjo", "three_thirteen", "switch"])
def test_the_seats_of_one_position_share_its_public_parts_and_get_the_same_bytes(game):
    batches = _updates(game)
    shared = GameCodec(game)
    for batch in batches:
        for msg in batch:
            assert shared.encode(msg) == GameCodec(game).encode(msg)   # a codec that remembers nothing
    if game == "skyjo":   # the grids (public), made afresh for another seat, are made plain once
        first = batches[-1][0].observation
        second = dataclasses.replace(first, seat=1, grids=tuple(tuple(v for v in g) for g in first.grids))
        assert first.grids == second.grids and first.grids is not second.grids
        codec = GameCodec(game).observation
        index = list(type(first).__dataclass_fields__).index("grids")
        assert codec.to_plain(first)[index] is codec.to_plain(second)[index]


def test_the_seats_of_one_skyjo_position_are_shown_the_same_grids():
    batch = _updates("skyjo")[-1]
    assert len(batch) == 4 and all(u.observation.grids is batch[0].observation.grids for u in batch)


@pytest.mark.parametrize("game", ["skyjo", "three_thirteen", "switch"])
def test_each_seat_told_of_a_position_gets_what_its_own_update_would_be(game):
    """Whose turn and the legal actions are worked out once a position (Turn): each seat's update is
    still the very one seat_update() makes for that seat alone (the same bytes)."""
    rng = random.Random(5)
    table = Table(game, {"practice": True}, 7, [AWAY] * 4, ai_delay=0)
    told: list[tuple] = []
    for s in range(4):
        table.connect(s, lambda msg, s=s: told.append((s, table.state, table._facts(msg.reset, msg.played), msg)))
    table.start()
    codec, seqs = GameCodec(game), [0] * 4
    for _ in range(150):
        last = {seat: msg for seat, _state, _facts, msg in told}
        seat = next((s for s in range(4) if last[s].legal), None)
        if seat is None or table.over:
            break
        seqs[seat] += 1
        table.submit(Intent(seat=seat, seq=seqs[seat], action=rng.choice(last[seat].legal), after=last[seat].moves))
    assert len(told) > 200
    for seat, state, facts, msg in told:
        alone = seat_update(table.spec, state, seat, tuple(msg.events), facts, seq=msg.seq, human=True,
                            undo=msg.undo)
        assert codec.encode(alone) == codec.encode(msg)


def test_whose_turn_is_worked_out_once_for_every_seat_of_a_position():
    calls = []
    spec = dataclasses.replace(game_spec("skyjo"), between=lambda state: calls.append(1) or False)
    table = Table(spec, {}, 3, [AWAY] * 4, ai_delay=0)
    for s in range(4):
        table.connect(s, lambda msg: None)
    calls.clear()
    table._tell(())
    assert len(calls) == 1      # (once a seat, twice: whose_turn and legal_for, before)


@pytest.mark.timeout(90)
def test_a_computer_thinking_long_never_holds_up_the_other_tables(monkeypatch):
    """Table A's computer is stuck thinking (its choice waits on a gate); table B's players go on."""
    gate, thinking = threading.Event(), threading.Event()
    real = Table._choice

    def slow(self, seat, state=None):
        if not thinking.is_set():
            thinking.set()
            gate.wait(40)
        return real(self, seat, state)
    server = start_server()
    lines: list[NetHandle] = []
    try:
        b_host = NetHandle.host(server.url, "three_thirteen", "B1", ["away", "away"])
        b_join = NetHandle.join(server.url, b_host.code, "B2")
        monkeypatch.setattr(Table, "_choice", slow)
        a = NetHandle.host(server.url, "three_thirteen", "A", ["away", "computer:easy"])
        lines += [b_host, b_join, a]
        Bot(a, seed=1).start()                   # plays until it is the computer's turn
        assert thinking.wait(30)
        bots = [Bot(b_host, seed=2).start(), Bot(b_join, seed=3).start()]
        assert wait_for(lambda: len(bots[0].played) >= 6, 20), "table B waited for table A's computer"
        assert not gate.is_set()
    finally:
        gate.set()
        for line in lines:
            line.close()
        server.stop()


def test_a_server_process_freezes_what_its_start_made_and_collects_less_often():
    code = ("import gc; from cardgames.net.server import tune_gc, GC_THRESHOLDS; tune_gc(); "
            "print(gc.get_threshold() == GC_THRESHOLDS, gc.get_freeze_count() > 1000)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.split() == ["True", "True"]


def test_the_server_command_tunes_its_collector_first(monkeypatch):
    import argparse

    from cardgames import server as command
    tuned: list[bool] = []
    monkeypatch.setattr(command, "tune_gc", lambda: tuned.append(True))

    async def refused(self, *args, **kw):
        raise OSError("no port here")
    monkeypatch.setattr(command.Server, "start", refused)
    args = argparse.Namespace(redis=None, no_store=True, host="127.0.0.1", port=0)
    assert asyncio.run(command._serve(args, command.Config(), None)) == 1
    assert tuned == [True]


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_an_update_written_at_once_is_framed_as_websockets_frames_it(size):
    from websockets.frames import Frame, Opcode

    from cardgames.net.server import binary_frame
    data = bytes(random.Random(size).randrange(256) for _ in range(size))
    assert binary_frame(data) == Frame(Opcode.BINARY, data).serialize(mask=False, extensions=[])


@contextlib.contextmanager
def _hosted(server):
    from websockets.sync.client import connect

    from cardgames.table import lobby
    with connect(server.url, max_size=None, open_timeout=5, close_timeout=2) as ws:
        ws.send(lobby.encode(lobby.Host("skyjo", "T", ("away", "away"))))
        assert isinstance(lobby.decode_server(ws.recv(5), None), lobby.Welcome)
        yield ws


@pytest.mark.timeout(30)
def test_a_line_sets_its_deadline_once_a_stretch_of_messages_not_once_a_message(monkeypatch):
    from asyncio import timeouts

    from cardgames.table import lobby
    entered: list[str] = []
    real = timeouts.Timeout.__aenter__

    async def counted(self):
        entered.append(threading.current_thread().name)
        return await real(self)
    monkeypatch.setattr(timeouts.Timeout, "__aenter__", counted)
    server = start_server()
    try:
        with _hosted(server) as ws:
            before = entered.count("table-server")
            for _ in range(30):
                ws.send(lobby.encode(lobby.Say(0)))
            for _ in range(30):
                ws.recv(5)
            assert entered.count("table-server") - before <= 3     # (the joined line's stretch, its first
            # ping's; was one a message: 30 more)
    finally:
        server.stop()


@pytest.mark.timeout(30)
def test_a_line_heard_from_stays_past_its_first_deadline_and_a_silent_one_is_closed():
    from cardgames.net.config import Config
    from cardgames.table import lobby
    server = start_server(Config(**{**FAST.__dict__, "idle_timeout": 1.5}))
    try:
        with _hosted(server) as ws:
            for _ in range(35):                  # 3.5 s, a message every 0.1 s: never 1.5 s silent
                ws.send(lobby.encode(lobby.Say(0)))
                time.sleep(0.1)
            answers = 0
            while True:                          # every message answered, then, silent, the idle error
                reply = lobby.decode_server(ws.recv(10), None)
                if isinstance(reply, lobby.Error) and reply.code == "idle":
                    break
                assert not (isinstance(reply, lobby.Error) and reply.fatal), reply
                answers += isinstance(reply, lobby.Said) or (isinstance(reply, lobby.Error) and reply.code == "too_fast")
            assert answers == 35
    finally:
        server.stop()


def test_a_skyjo_move_leaves_the_other_seats_grids_the_very_tuples_shown_before():
    from cardgames.games.skyjo import rules as skyjo
    state = skyjo.new_game({"players": 4}, 5)
    moved = 0
    for _ in range(60):
        before = skyjo.observe(state, 0).grids
        seat = skyjo.current_player(state)
        state, _events = skyjo.apply(state, skyjo.legal_actions(state)[0])
        after = skyjo.observe(state, 1).grids
        for s in range(4):
            if state.grids[s] is not None and after[s] == before[s] and s != seat:
                assert after[s] is before[s]
                moved += 1
    assert moved > 60


def test_the_codec_remembers_the_grids_of_a_thousand_tables():
    codec = GameCodec("skyjo").observation
    plan = codec._plan(tuple[tuple[int, ...], ...])[0]
    grids = [tuple(tuple(range(t, t + 12)) for _ in range(1)) for t in range(4000)]
    first = [plan(g)[0] for g in grids]
    assert all(plan(g)[0] is f for g, f in zip(grids, first))   # each seat's grid as it was sent
