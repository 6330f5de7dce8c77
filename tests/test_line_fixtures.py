"""The `line` fixture (tests/line_fixtures.py) keeps its list of two-line modules whole."""
from __future__ import annotations

import pytest
from line_fixtures import BOTH_LINES, line_fault
from scene_events import table_app

from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.table.handles import LocalHandle, WireHandle
from cardgames.ui.table_line import LINE_ENV


def skyjo(tmp_path, monkeypatch, kind, moves):
    """A Skyjo scene opened on line `kind`, the human's first `moves` set-up flips sent."""
    monkeypatch.setenv(LINE_ENV, kind)
    scene = SkyjoScene(table_app(tmp_path / kind), {"players": 2}, seed=3)
    for slot in range(moves):
        assert scene.act(scene.rules.parse_action(f"flip {slot}"))
    return scene


def test_a_module_that_plays_on_one_line_only_is_told_to_join_the_list(tmp_path, monkeypatch):
    played = skyjo(tmp_path, monkeypatch, "local", 1)
    assert type(played.line) is LocalHandle
    fault = line_fault("local", "test_somewhere_new", [played])
    assert fault is not None and "add test_somewhere_new to BOTH_LINES" in fault
    assert line_fault("local", "test_skyjo_scene", [played]) is None          # (listed: it runs on both)
    assert line_fault("local", "test_somewhere_new", [skyjo(tmp_path / "x", monkeypatch, "local", 0)]) is None


def test_a_wire_run_whose_scenes_were_local_is_caught(tmp_path, monkeypatch):
    local = skyjo(tmp_path, monkeypatch, "local", 0)
    wire = skyjo(tmp_path, monkeypatch, "wire", 0)
    assert type(wire.line) is WireHandle
    assert line_fault("wire", "test_skyjo_scene", [wire]) is None
    assert "LocalHandle" in line_fault("wire", "test_skyjo_scene", [wire, local])


@pytest.mark.parametrize("module", sorted(BOTH_LINES))
def test_every_two_line_module_exists(module):
    from pathlib import Path
    assert (Path(__file__).parent / f"{module}.py").exists()
