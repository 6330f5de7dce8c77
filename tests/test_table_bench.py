"""The table's benchmark (cardgames/table/bench.py, part of `make bench`) measures what it says: the
updates as a WireHandle carries them, and a table stopped at mid-game. It checks what is measured,
never how fast anything is."""
from __future__ import annotations

from cardgames.table import bench
from cardgames.table.handles import LocalHandle, WireHandle


def test_a_mid_game_table_is_played_to_half_its_moves():
    whole = bench.play("switch", 3)
    half = len(whole.actions) // 2
    mid = bench.play("switch", 3, stop=half)
    assert whole.over and not mid.over
    assert mid.actions == whole.actions[:len(mid.actions)]      # the same game, stopped
    assert half <= len(mid.actions) < len(whole.actions)


def test_the_timed_line_is_a_wire_handle_and_plays_the_same_game():
    log: list = []
    timed = bench.play("skyjo", 2, line=lambda t, seats: bench.TimedWire(t, seats, log))
    local = bench.play("skyjo", 2, line=LocalHandle)
    assert issubclass(bench.TimedWire, WireHandle)
    assert timed.actions == local.actions and timed.over
    kinds = {kind for kind, _us, _size in log}
    assert kinds == {"update", "intent"}
    assert all(us >= 0 and size > 0 for _kind, us, size in log)
    # every human seat and the spectator hear each change: more updates than moves
    assert sum(kind == "update" for kind, _u, _s in log) > 2 * len(timed.actions)


def test_the_figures_of_one_game():
    r = bench.measure("tripeaks", 1, 1)
    assert r["messages"] > 0 and r["intents"] > 0 and r["moves"] > 0
    assert 0 < r["us_median"] <= r["us_p99"]
    assert 0 < r["bytes_median"] <= r["bytes_p99"] <= r["bytes_max"]
    assert 0 < r["mid_kb"] and 0 < r["end_kb"]
