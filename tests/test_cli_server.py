"""The executable's table server and headless player, unfrozen: `main.py --server ...` serves a
table, `main.py --bot-join URL CODE` joins it and plays to the end (tools/check_exe.sh does the
same with the frozen `cardarcade`); a wrong code is refused with exit code 1. Loopback only."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


@pytest.mark.timeout(120)
def test_main_serves_a_table_and_a_headless_player_joins_it_and_plays_to_the_end():
    proc = subprocess.Popen([sys.executable, "main.py", "--server", "--host", "127.0.0.1", "--port", "0",
                             "--no-store", "--ai-delay", "0", "--table", "switch:away,computer:easy"],
                            cwd=ROOT, env=ENV, stderr=subprocess.PIPE, text=True)
    try:
        log = ""
        while not re.search(r"code [A-Z2-9]{5}", log) and proc.poll() is None:
            log += proc.stderr.readline()
        port = re.search(r"listening on ws://127\.0\.0\.1:(\d+)", log).group(1)
        code = re.search(r"code ([A-Z2-9]{5})", log).group(1)
        url = f"ws://127.0.0.1:{port}"
        played = subprocess.run([sys.executable, "main.py", "--bot-join", url, code, "--timeout", "90"],
                                cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=100, check=False)
        assert played.returncode == 0, played.stderr
        assert re.match(rf"bot-join: seat 0 of switch table {code}: \d+ moves, scores \[\d+, \d+\]", played.stdout)
        wrong = subprocess.run([sys.executable, "main.py", "--bot-join", url, "WRONG"],
                               cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60, check=False)
        assert wrong.returncode == 1 and "no_table" in wrong.stderr
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    assert "stopped" in proc.stderr.read()


def test_the_help_names_the_server_and_the_headless_player():
    shown = subprocess.run([sys.executable, "main.py", "--help"], cwd=ROOT, env=ENV, capture_output=True,
                           text=True, timeout=60, check=False)
    assert shown.returncode == 0 and "--server" in shown.stdout and "--bot-join" in shown.stdout
