"""TLS: `python -m cardgames.server --cert C --key K` serves wss://. The test makes a throwaway
self-signed certificate with the `openssl` command (for 127.0.0.1 only), a client that trusts it
joins and plays, one that does not is refused by the handshake; then SIGTERM: every table is told
the server is closing and the process exits cleanly. Loopback only."""
from __future__ import annotations

import os
import re
import signal
import ssl
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames.net.bots import Bot, wait_for
from cardgames.net.client import NetError, NetHandle

ROOT = Path(__file__).resolve().parents[1]


def make_cert(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True, timeout=30)
    return cert, key


def read_until(proc: subprocess.Popen, pattern: str, lines: list[str], limit: int = 20) -> re.Match:
    for _ in range(limit):
        text = proc.stderr.readline()
        lines.append(text)
        found = re.search(pattern, text)
        if found:
            return found
    raise AssertionError(f"{pattern!r} not in the server's log: {''.join(lines)}")


@pytest.mark.timeout(90)
def test_the_server_serves_wss_with_a_certificate_and_tells_every_table_when_it_stops(tmp_path):
    cert, key = make_cert(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "cardgames.server", "--host", "127.0.0.1", "--port", "0",
                             "--cert", str(cert), "--key", str(key),
                             "--table", "switch:away,computer:easy", "--table", "skyjo:away,computer:easy", "--no-store"],
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "CARDGAMES_DATA_DIR": str(tmp_path)}, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    handles: list[NetHandle] = []
    try:
        port = int(read_until(proc, r"listening on wss://127\.0\.0\.1:(\d+)", lines).group(1))
        codes = [read_until(proc, r"table \w+: code ([A-Z2-9]{5})", lines).group(1) for _ in range(2)]
        url = f"wss://127.0.0.1:{port}"
        with pytest.raises(NetError) as refused:          # a client that does not trust the certificate
            NetHandle.join(url, codes[0], "Mallory")
        assert refused.value.code == "unreachable"
        trusted = ssl.create_default_context(cafile=str(cert))
        handles = [NetHandle.join(url, code, "Asha", ssl=trusted) for code in codes]
        assert [h.seat for h in handles] == [0, 0] and handles[0].game == "switch" and handles[1].game == "skyjo"
        bots = [Bot(h, seed=i).start() for i, h in enumerate(handles)]
        assert wait_for(lambda: all(len(b.played) >= 4 for b in bots), 30)   # both tables play over TLS
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0
        for handle in handles:                                # every table was told
            assert handle.closed.wait(10) and handle.error is not None and handle.error.code == "closing"
    finally:
        for handle in handles:
            handle.close()
        if proc.poll() is None:
            proc.kill()
    log = "".join(lines) + proc.stderr.read()
    assert "shutting down: telling 2 tables" in log and "stopped" in log
