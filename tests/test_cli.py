"""The command line: every argument parsed, every mistake a clear message and exit code 2."""
import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames import cli
from cardgames.games import registry
from cardgames.launch import Launch

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def games(monkeypatch):
    """All four games 'available' (their scene pointing at a module that exists), except Switch."""
    by_name = {}
    for info in registry.GAMES:
        scene = "cardgames.cli:build_parser" if info.name != "switch" else "cardgames.no_such_module:X"
        by_name[info.name] = dataclasses.replace(info, scene=scene)
    monkeypatch.setattr(registry, "BY_NAME", by_name)
    monkeypatch.setattr(registry, "GAMES", tuple(by_name.values()))
    return by_name


def error_of(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        cli.parse_args(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: main.py")
    return err


def test_no_arguments_is_the_menu():
    assert cli.parse_args([]) == Launch()


def test_every_argument(games, tmp_path):
    got = cli.parse_args([
        "--game", "skyjo", "--seed", "123", "--players", "5", "--level", "hard", "--demo", "--windowed",
        "--mute", "--data-dir", str(tmp_path / "d"), "--frames", "5", "--screenshot", str(tmp_path / "x.png"),
    ])
    assert got == Launch(game="skyjo", seed=123, players=5, level="hard", demo=True, fullscreen=False, mute=True,
                         data_dir=tmp_path / "d", frames=5, screenshot=tmp_path / "x.png")
    assert cli.parse_args(["--fullscreen"]).fullscreen is True
    assert cli.parse_args(["--demo"]) == Launch(demo=True)


@pytest.mark.parametrize("argv, message", [
    (["--game", "poker"], "unknown game 'poker'"),
    (["--game", "switch"], "Switch is not available yet"),
    (["--game", "skyjo", "--players", "9"], "Skyjo is for 2 to 8 players, not 9"),
    (["--game", "skyjo", "--players", "1"], "not 1"),
    (["--game", "tripeaks", "--players", "2"], "TriPeaks is for one player, not 2"),
    (["--game", "tripeaks", "--level", "hard"], "TriPeaks has no computer opponents"),
    (["--players", "3"], "needs --game"),
    (["--players", "0", "--game", "skyjo"], "must be at least 1"),
    (["--level", "grandmaster"], "invalid choice: 'grandmaster'"),
    (["--seed", "-4"], "-4 is negative"),
    (["--seed", "abc"], "'abc' is not a whole number"),
    (["--windowed", "--fullscreen"], "not allowed with argument"),
    (["--frames", "0"], "must be at least 1"),
    (["--screenshot", "x.png"], "needs --frames"),
    (["--frames", "2", "--screenshot", "no/such/folder/x.png"], "does not exist"),
    (["--frames", "2", "--screenshot", "x.txt"], "use one of"),
    (["--bogus"], "unrecognized arguments: --bogus"),
])
def test_bad_arguments_exit_2_with_a_clear_message(games, capsys, argv, message):
    assert message in error_of(argv, capsys)


def test_data_dir_that_is_a_file(tmp_path, capsys):
    f = tmp_path / "file"
    f.write_text("x")
    assert "is a file, not a folder" in error_of(["--data-dir", str(f)], capsys)


def run_main(*args, timeout=60):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], check=False, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def test_main_py_bad_argument_exits_2():
    r = run_main("--game", "chess")
    assert r.returncode == 2
    assert "unknown game 'chess'" in r.stderr and "usage:" in r.stderr
    assert r.stdout == ""


def test_main_py_help_lists_the_options():
    r = run_main("--help")
    assert r.returncode == 0
    for option in ("--game", "--seed", "--players", "--level", "--demo", "--windowed", "--fullscreen",
                   "--mute", "--data-dir", "--frames", "--screenshot"):
        assert option in r.stdout


def test_main_py_frames_and_screenshot_write_a_png(tmp_path):
    shot = tmp_path / "x.png"
    r = run_main("--frames", "5", "--screenshot", str(shot), "--data-dir", str(tmp_path / "data"))
    assert r.returncode == 0, r.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    import pygame

    assert pygame.image.load(str(shot)).get_size() == (1280, 720)


def test_expert_level_only_where_a_game_has_it(monkeypatch):
    assert cli.parse_args(["--game", "three_thirteen", "--level", "expert"]).level == "expert"
    info = registry.get("three_thirteen")
    options = tuple(dataclasses.replace(o, choices=o.choices[:3]) if o.key == "level" else o for o in info.options)
    monkeypatch.setattr(registry, "get", lambda name: dataclasses.replace(info, options=options))
    with pytest.raises(SystemExit):   # a game whose levels stop at Hard refuses --level expert
        cli.parse_args(["--game", "three_thirteen", "--level", "expert"])
