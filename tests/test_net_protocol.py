"""The handshake's schema (table/lobby.py), names, room codes, the rate limit, and the server as
a command: `python -m cardgames.server` on loopback, plain log lines, a clean stop on SIGTERM
that tells every table."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.net.client import NetError, NetHandle
from cardgames.net.config import Bucket, Config
from cardgames.net.rooms import room_code
from cardgames.table import lobby
from cardgames.table.lobby import Again, Host, Join, Leave, SeatInfo, Seats, Welcome
from cardgames.table.messages import Intent, WireError, encode

ROOT = Path(__file__).resolve().parents[1]


def test_every_client_message_comes_back_as_itself_and_anything_else_is_a_wire_error():
    for msg in (Host("skyjo", "Asha", ("away", "computer:hard"), {"target": 50}, 0), Join("K7PQ3", "Ravi"),
                Join("K7PQ3", token="t" * 24), Join("K7PQ3", watch=True), Leave(), Again()):
        assert lobby.decode_client(lobby.encode(msg)) == msg
    intent = Intent(seat=1, seq=3, action="flip 2", after=7)
    assert lobby.decode_client(encode(intent, "skyjo")) == intent        # the game's codec, byte for byte
    for bad in (b"", b"\xc1", msgspec.msgpack.encode(["update", 0]), lobby.encode(Seats(())), "text",
                b"\x91" * 100_000, msgspec.msgpack.encode(["join", "X" * 100])):
        with pytest.raises(WireError):
            lobby.decode_client(bad)
    with pytest.raises(lobby.VersionError):
        lobby.decode_client(lobby.encode(Join("K7PQ3", "Ravi", v=2)))


@given(st.binary(max_size=300))
def test_no_bytes_crash_the_client_decoder(data):
    try:
        lobby.decode_client(data)
    except WireError:
        pass


def test_a_server_message_is_told_apart_from_the_games():
    welcome = Welcome("K7PQ3", "skyjo", 1, "tok", 4, 0, (SeatInfo("player", "Asha", True),), 20.0)
    assert lobby.decode_server(lobby.encode(welcome), None) == welcome
    with pytest.raises(WireError):
        lobby.decode_server(b"\xc1", "skyjo")
    with pytest.raises(WireError):
        lobby.decode_server(encode(Intent(seat=0, seq=1), "skyjo"), None)


def test_names_are_trimmed_and_checked():
    assert lobby.clean_name("  Asha ") == "Asha"
    assert lobby.clean_name("ಅನು\u200cಪಮಾ") == "ಅನು\u200cಪಮಾ"                     # a joiner: part of a Kannada name
    assert lobby.clean_name("e\u0301") == "\u00e9"                                # one form (NFC)
    for bad in ("", "   ", "x" * 25, "bell\x07", "tab\tbed", "two\nlines", "\u202eevil", "\u2028", "\ue000"):
        with pytest.raises(ValueError):
            lobby.clean_name(bad)


def test_a_room_code_is_easy_to_read_aloud_and_never_one_taken():
    codes = {room_code(lambda c: False) for _ in range(200)}
    assert all(len(c) == lobby.CODE_LENGTH and not set(c) & set("0O1I") for c in codes)
    assert len(codes) > 190
    taken = {room_code(lambda c: False) for _ in range(5)}
    assert room_code(lambda c: c in taken) not in taken


def test_the_rate_limit_lets_a_burst_through_then_the_rate():
    bucket = Bucket(rate=2.0, burst=3, now=0.0)
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.take(0.5) and not bucket.take(0.5)
    assert bucket.take(10.0)


def test_the_grace_is_zero_to_two_minutes():
    assert Config(grace=0).grace == 0 and Config(grace=120).grace == 120
    for bad in (-1, 121):
        with pytest.raises(ValueError):
            Config(grace=bad)


@pytest.mark.timeout(30)
def test_the_server_command_logs_plain_lines_and_stops_cleanly_on_sigterm():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "cardgames.server", "--host", "127.0.0.1", "--port", "0",
                             "--table", "switch:away,computer:easy", "--no-store"],
                            cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    try:
        lines = [proc.stderr.readline() for _ in range(3)]
        port = int(re.search(r"listening on ws://127\.0\.0\.1:(\d+)", "".join(lines)).group(1))
        code = re.search(r"code ([A-Z2-9]{5})", "".join(lines)).group(1)
        line = NetHandle.join(f"ws://127.0.0.1:{port}", code, "Asha")
        assert line.seat == 0
        with pytest.raises(NetError) as refused:
            NetHandle.join(f"ws://127.0.0.1:{port}", "WRONG", "Ravi")
        assert refused.value.code == "no_table"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
        assert line.closed.wait(10) and line.error.code == "closing"        # the table was told
    finally:
        if proc.poll() is None:
            proc.kill()
    log = "".join(lines) + proc.stderr.read()
    assert "shutting down" in log and "stopped" in log
    assert all(re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ (INFO|WARNING|ERROR) ", text) for text in log.splitlines())


def test_a_net_line_has_the_local_lines_interface():
    """A GameScene may use a NetHandle where it uses a LocalHandle: the same calls, the same arguments."""
    import inspect

    from cardgames.table.handles import LocalHandle
    for name in ("act", "command", "receive", "catch_up", "send"):
        local = list(inspect.signature(getattr(LocalHandle, name)).parameters)
        net = list(inspect.signature(getattr(NetHandle, name)).parameters)
        assert net[:len(local)] == local, name
