"""The server process's event loop (cardgames/net/loop.py): uvloop where it is installed, asyncio's
own when CARDGAMES_LOOP=asyncio or without uvloop; the real server says which it runs on and serves
a game on it (tests/test_cli_server.py plays one through `main.py --server`)."""
from __future__ import annotations

import asyncio
import builtins
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames.net import loop as loops

ROOT = Path(__file__).resolve().parents[1]


async def _kind() -> str:
    return type(asyncio.get_running_loop()).__module__.split(".")[0]


def _uvloop_installed() -> bool:
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return False
    return True


def test_run_runs_on_uvloop_where_it_is_installed(monkeypatch):
    monkeypatch.delenv("CARDGAMES_LOOP", raising=False)
    expected = "uvloop" if _uvloop_installed() else "asyncio"
    assert loops.name() == expected
    assert loops.run(_kind()) == expected


def test_cardgames_loop_asyncio_chooses_asyncios_own(monkeypatch):
    monkeypatch.setenv("CARDGAMES_LOOP", " Asyncio ")
    assert loops.name() == "asyncio"
    assert loops.run(_kind()) == "asyncio"


def test_without_uvloop_the_server_runs_on_asyncios_loop(monkeypatch):
    """As on Windows and in the executable (cardgames.spec leaves uvloop out)."""
    real_import = builtins.__import__

    def no_uvloop(name, *args, **kwargs):
        if name == "uvloop":
            raise ImportError("no uvloop here")
        return real_import(name, *args, **kwargs)
    monkeypatch.delenv("CARDGAMES_LOOP", raising=False)
    monkeypatch.delitem(sys.modules, "uvloop", raising=False)
    monkeypatch.setattr(builtins, "__import__", no_uvloop)
    assert loops.name() == "asyncio"
    assert loops.run(_kind()) == "asyncio"


def test_the_requirements_bring_uvloop_where_it_builds():
    """make install puts it in the venv on this machine (Linux): the server's figures are measured on it."""
    line = next(l for l in (ROOT / "requirements.txt").read_text().splitlines() if l.startswith("uvloop"))
    assert 'sys_platform != "win32"' in line
    if sys.platform != "win32":
        assert _uvloop_installed()


@pytest.mark.timeout(60)
@pytest.mark.parametrize("choice", ["", "asyncio"])
def test_the_server_says_which_loop_it_runs_on(choice):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDGAMES_LOOP": choice}
    proc = subprocess.Popen([sys.executable, "-m", "cardgames.server", "--host", "127.0.0.1", "--port", "0",
                             "--no-store"], cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    try:
        line = ""
        while "listening on" not in line and proc.poll() is None:
            line = proc.stderr.readline()
        expected = "asyncio" if choice == "asyncio" or not _uvloop_installed() else "uvloop"
        assert re.search(rf"listening on ws://127\.0\.0\.1:\d+ \({expected}\)", line), line
        proc.terminate()
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
