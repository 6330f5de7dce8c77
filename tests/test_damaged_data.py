"""Damaged data met by the real app: a broken TriPeaks layout, a save with a wrong-typed field,
the command line's --data-dir "" and --screenshot to a place that cannot be written, a full disk,
leftover temporary files. Nothing crashes, nothing prints a traceback, the player is told once."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from scene_events import FRAME, key, settle

from cardgames import datafiles
from cardgames import storage as st
from cardgames.app import headless_app
from cardgames.games.tripeaks import layout as layout_module
from cardgames.storage import DEFAULT_SETTINGS, Storage

ROOT = Path(__file__).resolve().parent.parent


def run_main(*args, timeout=120):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], check=False, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def damaged_layouts(tmp_path, monkeypatch):
    """A layouts folder whose classic.json the test damages (the real file is never touched)."""
    folder = tmp_path / "layouts"
    folder.mkdir()
    for p in layout_module.LAYOUTS_DIR.glob("*.json"):
        (folder / p.name).write_text(p.read_text())
    monkeypatch.setattr(layout_module, "LAYOUTS_DIR", folder)
    layout_module.load_layout.cache_clear()
    datafiles.take_notices()
    yield folder / "classic.json"
    layout_module.load_layout.cache_clear()
    datafiles.take_notices()


def _damage(path, how):
    data = json.loads(path.read_text())
    if how == "not json":
        path.write_text('{"name": "classic", "slots": [')
    elif how == "x is text":
        data["slots"][3]["x"] = "left"
        path.write_text(json.dumps(data))
    elif how == "covered_by out of range":
        data["slots"][0]["covered_by"] = [3, 99]
        path.write_text(json.dumps(data))
    elif how == "peaks wrong type":
        data["peaks"] = "all"
        path.write_text(json.dumps(data))
    elif how == "empty":
        path.write_text("")


@pytest.mark.parametrize("how", ["not json", "x is text", "covered_by out of range", "peaks wrong type", "empty"])
@pytest.mark.parametrize("mode", ["classic", "relaxed"])
def test_damaged_classic_layout_still_deals_classic_and_relaxed(tmp_path, damaged_layouts, mode, how, capsys):
    from cardgames.games.tripeaks.scene import TriPeaksScene

    _damage(damaged_layouts, how)
    app = headless_app(tmp_path / "data")
    app.settings["anim_speed"] = "off"
    scene = TriPeaksScene(app, {"mode": mode, "winnable": False}, seed=5)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 1.0)
    assert scene.layout_obj == layout_module.builtin_classic()
    assert len(scene.host.state.tableau) == 28
    shown = [t[0] for t in app.toasts.queue]
    assert sum("classic.json" in t for t in shown) == 1, shown     # one notice naming the file
    assert "Traceback" not in capsys.readouterr().err


def test_builtin_classic_is_the_shipped_file():
    layout_module.load_layout.cache_clear()
    assert layout_module.builtin_classic() == layout_module.load_layout("classic")


def test_resuming_a_save_with_a_wrong_typed_field_is_a_notice_not_a_traceback(tmp_path):
    folder = tmp_path / "data"
    (folder / "saves").mkdir(parents=True)
    (folder / "saves" / "skyjo.json").write_text(json.dumps({"version": 1, "kind": "save", "data": {
        "game": "skyjo", "options": {"players": "many", "humans": [0]}, "seed": 4, "actions": ["x"]}}))
    r = run_main("--game", "skyjo", "--frames", "3", "--data-dir", str(folder))
    assert r.returncode == 0 and "Traceback" not in r.stderr
    code = ("from cardgames.app import headless_app\n"
            "from cardgames.scenes.select import SelectScene\n"
            f"app = headless_app({str(folder)!r})\n"
            "print(app.storage.load_game('skyjo'))\n"
            "print(app.storage.take_notices())\n")
    (folder / "saves" / "skyjo.json").write_text(json.dumps({"version": 1, "kind": "save", "data": {
        "game": "skyjo", "options": {"players": "many", "humans": [0]}, "seed": 4, "actions": ["x"]}}))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", code], check=False, cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "None" and "'options.players'" in lines[1] and "Skyjo" in lines[1]


def test_data_dir_empty_is_refused():
    for value in ("", "  "):
        r = run_main("--data-dir", value, "--frames", "1")
        assert r.returncode == 2 and "--data-dir: empty folder name" in r.stderr
    assert not (ROOT / "settings.json").exists() and not (ROOT / "saves").exists()


def test_screenshot_that_cannot_be_written_is_one_line_not_a_traceback(tmp_path):
    folder = tmp_path / "shots"
    folder.mkdir()
    target = folder / "x.png"
    target.mkdir()      # a folder where the file should go: the check at parse time refuses it
    r = run_main("--frames", "2", "--screenshot", str(target), "--data-dir", str(tmp_path / "d"))
    assert r.returncode == 2 and "is a folder" in r.stderr and "Traceback" not in r.stderr
    # a write that fails only after the frames ran (root passes every permission check): exit code 1
    r = run_main("--frames", "2", "--screenshot", "/proc/no_such_dir_x/x.png", "--data-dir", str(tmp_path / "d"))
    assert "Traceback" not in r.stderr
    assert r.returncode == 2 or (r.returncode == 1 and "could not save the screenshot" in r.stderr)


def test_screenshot_failure_after_the_frames_returns_1(tmp_path, monkeypatch, capsys):
    from cardgames.app import run
    from cardgames.launch import Launch

    def refuse(surface, path):
        raise pygame.error("Couldn't open file: read-only file system")

    monkeypatch.setattr(pygame.image, "save", refuse)
    assert run(Launch(data_dir=tmp_path, frames=2, screenshot=tmp_path / "x.png")) == 1
    err = capsys.readouterr().err
    assert "could not save the screenshot" in err and "Traceback" not in err


def test_full_disk_warning_stays_and_the_write_is_retried(tmp_path, monkeypatch):
    s = Storage(tmp_path)
    real = st.os.replace
    full = {"on": True}

    def replace(a, b):
        if full["on"]:
            raise OSError(28, "No space left on device")
        return real(a, b)

    monkeypatch.setattr(st.os, "replace", replace)
    assert not s.save_game("skyjo", {"game": "skyjo", "options": {}, "seed": 1, "actions": ["a"]})
    assert s.write_warning and "No space left" in s.write_warning and "saved Skyjo game" in s.write_warning
    s.take_notices()
    assert not s.save_settings(dict(DEFAULT_SETTINGS, sfx_volume=0.2))
    assert "settings" in s.write_warning and s.take_notices()  # the settings' first failure is told too
    assert not s.save_settings(dict(DEFAULT_SETTINGS, sfx_volume=0.3))
    assert s.take_notices() == []                             # not told again, but the warning stays
    assert s.write_warning
    full["on"] = False
    assert s.save_settings(dict(DEFAULT_SETTINGS, sfx_volume=0.4))   # this write retries the save too
    assert s.write_warning is None
    fresh = Storage(tmp_path)
    assert fresh.load_game("skyjo")["actions"] == ["a"] and fresh.load_settings()["sfx_volume"] == 0.4
    assert not [p for p in tmp_path.rglob("*.tmp")]


def test_the_app_shows_the_write_warning_until_a_write_succeeds(tmp_path, monkeypatch):
    app = headless_app(tmp_path)
    app.step(FRAME)
    before = app.canvas.surface.get_at((640, 4))
    app.storage.write_warning = "Not saved (No space left on device): your settings."
    app.step(FRAME)
    assert app.canvas.surface.get_at((640, 4))[:3] == (150, 30, 30)
    app.storage.write_warning = None
    app.step(FRAME)
    assert app.canvas.surface.get_at((640, 4)) == before


def test_a_cleared_game_is_not_written_back_by_a_retry(tmp_path, monkeypatch):
    s = Storage(tmp_path)
    monkeypatch.setattr(st.os, "replace", lambda a, b: (_ for _ in ()).throw(OSError(28, "No space")))
    s.save_game("skyjo", {"game": "skyjo", "options": {}, "seed": 1, "actions": ["a"]})
    s.clear_game("skyjo")
    monkeypatch.undo()
    assert s.flush() and s.write_warning is None
    assert not (tmp_path / "saves" / "skyjo.json").exists()


def test_leftover_temp_files_are_removed_at_start(tmp_path):
    (tmp_path / "saves").mkdir()
    left = [tmp_path / ".settings.json.abc123.tmp", tmp_path / "saves" / ".skyjo.json.x9.tmp"]
    for p in left:
        p.write_text('{"version": 1, "da')
    keep = tmp_path / "notes.tmp"          # not one of ours
    keep.write_text("mine")
    Storage(tmp_path)
    assert not any(p.exists() for p in left) and keep.exists()


def test_an_internal_error_goes_to_the_log_not_the_terminal(tmp_path, capsys):
    s = Storage(tmp_path)
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        where = s.log_error("a test")
    assert where.endswith("errors.log")
    text = (tmp_path / "errors.log").read_text()
    assert "RuntimeError: boom" in text and "a test" in text
    assert "Traceback" not in capsys.readouterr().err


def test_switch_catch_notice_reads_correctly(tmp_path):
    from scene_events import table_app

    from cardgames.games.switch.scene import SwitchScene

    app = table_app(tmp_path)
    scene = SwitchScene(app, {"players": 3}, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 2.0)
    scene.catch(None)
    scene.catch(2)
    shown = [t[0] for t in app.toasts.queue]
    assert any(t.startswith("Nobody can be caught now") for t in shown) and any(t.endswith(" cannot be caught now.") for t in shown)
    assert not any(t.startswith("Nobody cannot") for t in shown)


def test_escape_on_the_title_with_a_bad_settings_file(tmp_path, capsys):
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "kind": "settings", "data": {
        "sfx_volume": "loud", "card_back": 7, "last_options": {"skyjo": {"players": "many"}}}}))
    app = headless_app(tmp_path)
    app.stack.push(app.screens.first())
    app.stack.apply_pending()
    settle(app, 0.5)
    key(app, pygame.K_RETURN)
    settle(app, 0.5)
    shown = [t[0] for t in app.toasts.queue]
    assert sum("settings.json" in t for t in shown) == 1
    assert "Traceback" not in capsys.readouterr().err
