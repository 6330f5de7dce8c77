"""A malicious client: every bad input is answered as promised (a lobby.Error with its stable
code; the line closed when the error is fatal), and the table goes on for everyone else (after
them all, the game is played to its end). Loopback only, each test bounded in time."""
from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import msgspec
import pytest
from net_helpers import FAST, room_facts, start_server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from cardgames.net.bots import Bot, wait_for
from cardgames.net.client import NetError, NetHandle
from cardgames.net.config import Config
from cardgames.net.server import Line
from cardgames.table import lobby
from cardgames.table.lobby import Error, Host, Join
from cardgames.table.messages import Intent, Update, WireError, encode

GAME = "skyjo"     # (short games: the table goes on to its end after each test)


@pytest.fixture(scope="module")
def net() -> Iterator:
    server = start_server(Config(**{**FAST.__dict__, "grace": 0.0, "strikes": 3}))
    yield server
    server.stop()


@pytest.fixture()
def table(net):
    """Two players (seat 0 the suspect, seat 1 honest) and a computer, the game started."""
    suspect = NetHandle.host(net.url, GAME, "Suspect", ["away", "away", "computer:easy"])
    honest = NetHandle.join(net.url, suspect.code, "Honest")
    assert wait_for(lambda: room_facts(net, suspect.code)["room"].started, 5)
    yield SimpleNamespace(suspect=suspect, honest=honest, code=suspect.code)
    suspect.close()
    honest.close()


def raw(net):
    return connect(net.url, max_size=None, open_timeout=5, close_timeout=2)


def answer(ws) -> object:
    """The next lobby message the server sends this raw line (the game's messages are skipped)."""
    while True:
        data = ws.recv(timeout=5)
        try:
            return lobby.decode_server(data, None)
        except WireError:   # a game message: not what is looked for
            continue


def closed_with(ws) -> int | None:
    """The close code once the server has closed the line."""
    try:
        while True:
            ws.recv(timeout=5)
    except ConnectionClosed:
        return ws.protocol.close_rcvd.code if ws.protocol.close_rcvd else None


KEPT: dict[int, list] = {}     # what a line received besides errors, for its bot (play_to_the_end)


def errors_of(line: NetHandle, timeout: float = 5) -> list[Error]:
    seen: list[Error] = []

    def look() -> bool:
        for msg in line.receive():
            (seen if isinstance(msg, Error) else KEPT.setdefault(id(line), [])).append(msg)
        return bool(seen)
    wait_for(look, timeout)
    return seen


def play_to_the_end(net, code: str, *lines: NetHandle, pace: float = 0.0) -> None:
    """The table is unharmed: the game goes on to its end."""
    bots = [Bot(line, seed=i, earlier=KEPT.pop(id(line), []), pace=pace).start() for i, line in enumerate(lines)]
    for bot in bots:
        assert bot.join(30) and bot.over and bot.failure is None
    assert room_facts(net, code)["result"] is not None


BAD_MESSAGES = {
    "not msgpack": b"\xc1\xc1 not msgpack",
    "wrong schema": msgspec.msgpack.encode(["intent", "zero", "one"]),
    "unknown type": msgspec.msgpack.encode(["hello", 1]),
    "a reply's type": msgspec.msgpack.encode(["welcome", "X", "skyjo", 0, "", 0, 0, [], 1.0, True, 1]),
    "text frame": "hello",
    "a seat that is no number": msgspec.msgpack.encode(["intent", 0.5, 1]),
}


@pytest.mark.timeout(40)
@pytest.mark.parametrize("what", list(BAD_MESSAGES))
def test_an_unreadable_message_is_answered_and_the_line_and_table_go_on(net, table, what):
    before = room_facts(net, table.code)["actions"]
    table.suspect.send_raw(BAD_MESSAGES[what])
    [err] = errors_of(table.suspect)
    assert (err.code, err.fatal) == ("bad_message", False)
    assert room_facts(net, table.code)["actions"] == before and not table.suspect.closed.is_set()
    play_to_the_end(net, table.code, table.suspect, table.honest)


@pytest.mark.timeout(40)
def test_too_many_unreadable_messages_close_the_line_and_a_computer_plays_on(net, table):
    for _ in range(4):                # strikes=3: the fourth is one too many
        table.suspect.send_raw(b"\xc1")
    assert wait_for(table.suspect.closed.is_set, 5)
    assert table.suspect.error.code == "bad_message" and table.suspect.error.fatal
    assert wait_for(lambda: room_facts(net, table.code)["infos"][0].computer_plays, 5)   # grace 0 here
    play_to_the_end(net, table.code, table.honest)


@pytest.mark.timeout(40)
def test_another_seats_action_is_refused_to_the_sender_alone(net, table):
    assert wait_for(lambda: bool(KEPT.setdefault(id(table.honest), []).extend(table.honest.receive())
                                 or KEPT[id(table.honest)]), 5)
    before = room_facts(net, table.code)["actions"]
    table.suspect.send(Intent(seat=1, seq=1, action="draw"))
    table.suspect.command(0, "restart")                # would deal again for everyone: never over a network
    table.suspect.command(0, "redeal")
    seen: list = []

    def answered() -> bool:
        seen.extend(table.suspect.receive())
        return len([m for m in seen if isinstance(m, Error) or (isinstance(m, Update) and m.refusal)]) >= 3
    assert wait_for(answered, 5)
    KEPT[id(table.suspect)] = seen
    refusals = [m.refusal.code for m in seen if isinstance(m, Update) and m.refusal]
    errors = [(m.code, m.fatal) for m in seen if isinstance(m, Error)]
    assert refusals == ["wrong_seat"] and all(m.seat == 0 for m in seen if isinstance(m, Update))
    assert errors == [("not_allowed", False)] * 2
    assert room_facts(net, table.code)["actions"] == before
    heard = table.honest.receive()
    assert not [m for m in heard if isinstance(m, Update)]    # the others heard nothing
    KEPT[id(table.honest)].extend(heard)
    play_to_the_end(net, table.code, table.suspect, table.honest)


@pytest.mark.timeout(40)
def test_an_oversized_message_closes_the_line(net, table):
    table.suspect.send_raw(encode(Intent(seat=0, seq=1, action="x" * 20_000), GAME))
    assert wait_for(table.suspect.closed.is_set, 5)
    assert table.suspect.error.code == "too_big"
    with raw(net) as ws:                               # beyond the frame limit websockets itself refuses it
        ws.send(b"\0" * (FAST.frame_limit + 1))
        assert closed_with(ws) == 1009
    play_to_the_end(net, table.code, table.honest)


def handshake(net, data) -> tuple[object, int | None]:
    with raw(net) as ws:
        ws.send(data)
        return answer(ws), closed_with(ws)


@pytest.mark.timeout(40)
def test_bad_handshakes_are_refused_and_closed(net, table):
    facts = room_facts(net, table.code)
    token = "x" * 24
    cases = {
        "no_table": Join("ZZZZZ", "Someone"),
        "bad_token": Join(table.code, "Someone", token=token),
        "bad_token ": Join(table.code, "Someone", token="ತಪ್ಪು"),        # not even ASCII
        "table_full": Join(table.code, "Someone"),
        "bad_name": Join(table.code, "Bell\x07"),
        "join_first": Intent(seat=0, seq=1, action="draw"),
        "bad_table": Host("chess", "Someone", ("away",)),
    }
    for code, msg in cases.items():
        reply, close = handshake(net, lobby.encode(msg))
        assert isinstance(reply, Error) and (reply.code, reply.fatal) == (code.strip(), True), code
        assert close == 1008, code
    reply, close = handshake(net, lobby.encode(Join(table.code, "Someone", v=99)))
    assert (reply.code, close) == ("version", 1008)
    reply, close = handshake(net, b"\xc1")       # unreadable before joining: no second chance
    assert (reply.code, reply.fatal, close) == ("bad_message", True, 1008)
    for name in ("", "x" * 25, "\u202eevil", "two\nlines"):
        reply, _ = handshake(net, lobby.encode(Join(table.code, name)))
        assert reply.code == "bad_name", name
    for host in (Host("skyjo", "A", ("computer:easy", "computer:easy")),         # nobody to play
                 Host("skyjo", "A", ("away",) * 9), Host("tripeaks", "A", ("away",)),
                 Host("skyjo", "A", ("away", "chair")), Host("skyjo", "A", ("away", "away"), {"colour": 1}),
                 Host("skyjo", "A", ("away", "away"), seat=5)):
        reply, _ = handshake(net, lobby.encode(host))
        assert reply.code in ("bad_table", "bad_seat", "bad_message") and reply.fatal, host
    assert room_facts(net, table.code)["actions"] == facts["actions"]
    assert len(net.server.rooms) >= 1
    play_to_the_end(net, table.code, table.suspect, table.honest)


@pytest.mark.timeout(40)
def test_a_spectator_cannot_play_and_a_seated_line_cannot_join_again(net, table):
    watcher = NetHandle.join(net.url, table.code, watch=True)
    watcher.act(0, "draw")
    [err] = errors_of(watcher)
    assert (err.code, err.fatal) == ("not_allowed", False)
    watcher.again()
    [err] = errors_of(watcher)
    assert (err.code, err.fatal) == ("not_allowed", False)
    watcher.close()
    table.suspect.again()                            # the game is not over: no new deal
    [err] = errors_of(table.suspect)
    assert (err.code, err.fatal) == ("not_allowed", False)
    table.suspect.send_raw(lobby.encode(Join(table.code, "Again")))
    [err] = errors_of(table.suspect)
    assert (err.code, err.fatal) == ("not_allowed", False)
    play_to_the_end(net, table.code, table.suspect, table.honest)


@pytest.mark.timeout(40)
def test_a_flood_closes_the_line_and_the_table_goes_on():
    server = start_server(Config(**{**FAST.__dict__, "rate": 40.0, "burst": 40, "grace": 0.0}))
    try:
        suspect = NetHandle.host(server.url, GAME, "Flood", ["away", "away"])
        honest = NetHandle.join(server.url, suspect.code, "Honest")
        for _ in range(200):
            suspect.command(0, "undo")
        assert wait_for(suspect.closed.is_set, 5)
        assert suspect.error.code == "flood"
        play_to_the_end(server, suspect.code, honest, pace=0.05)     # within the limit
    finally:
        server.stop()


@pytest.mark.timeout(20)
def test_a_line_that_does_not_join_in_time_is_closed():
    server = start_server(Config(**{**FAST.__dict__, "join_timeout": 0.2}))
    try:
        with raw(server) as ws:
            reply = answer(ws)
            assert (reply.code, reply.fatal) == ("idle", True)
            assert closed_with(ws) == 1008
    finally:
        server.stop()


@pytest.mark.timeout(20)
def test_a_line_that_does_not_read_is_closed_not_waited_for():
    """More updates waiting than Config.send_queue: the line is closed ("slow"), the room never blocks."""
    import asyncio

    async def run() -> Line:
        server = SimpleNamespace(config=Config(send_queue=3), loop=asyncio.get_running_loop())
        line = Line(server, SimpleNamespace(remote_address=("127.0.0.1", 1)))   # its sender never runs
        for _ in range(3):
            line.push(b"update")
        assert line.closing is None
        line.push(b"one too many")
        return line
    line = asyncio.run(run())
    assert line.closing.code == "slow" and len(line.outbox) == 1      # only the error is left to send


@pytest.mark.timeout(30)
def test_one_address_hosts_and_connects_only_so_much():
    server = start_server(Config(**{**FAST.__dict__, "tables_per_address": 1, "lines_per_address": 3}))
    try:
        first = NetHandle.host(server.url, GAME, "One", ["away", "away"])
        with pytest.raises(NetError) as refused:
            NetHandle.host(server.url, GAME, "Two", ["away", "away"])
        assert refused.value.code == "too_many_tables"
        second = NetHandle.join(server.url, first.code, "Three")
        watcher = NetHandle.join(server.url, first.code, watch=True)
        with pytest.raises(NetError) as refused:
            NetHandle.join(server.url, first.code, watch=True)
        assert refused.value.code == "too_many_lines"
        play_to_the_end(server, first.code, first, second)
        for line in (first, second, watcher):
            line.close()
    finally:
        server.stop()


@pytest.mark.timeout(30)
def test_a_bug_in_handling_a_message_costs_that_line_only(net, table, monkeypatch):
    from cardgames.net.rooms import Room

    def bug(self, line):
        raise RuntimeError("a bug in watching")
    monkeypatch.setattr(Room, "watch", bug)
    with pytest.raises(NetError) as refused:
        NetHandle.join(net.url, table.code, watch=True)
    assert refused.value.code == "bad_message"
    monkeypatch.undo()
    play_to_the_end(net, table.code, table.suspect, table.honest)
