"""LAN discovery end to end, run by tests/test_net_discovery.py INSIDE a network namespace of its
own (`unshare --net`: only its own loopback, multicast routed to it). Refuses to run anywhere else.

A table server (`python -m cardgames.server --announce`, another process) opens two tables; this
process browses, finds both with the right address, port, game, seats and host name and never a
room code; joins one by the announced address (its open seats go down), fills the other (it is
withdrawn), and stops the server with SIGTERM (the last table goes). Prints one line per step;
exits 0 when every step held, 1 (with the reason) when one did not.
"""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

STEP_TIMEOUT = 15.0
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def fail(why: str) -> None:
    print(f"FAIL {why}", flush=True)
    sys.exit(1)


def wait_for(what: str, check: Callable[[], Any], timeout: float = STEP_TIMEOUT) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    fail(f"{what}: not within {timeout:.0f} s")


def main() -> None:
    names = sorted(name for _, name in socket.if_nameindex())
    if names != ["lo"]:
        fail(f"this runs only in a network namespace of its own (interfaces here: {names})")
    from cardgames.net import discovery
    from cardgames.net.client import NetHandle

    env = dict(os.environ, CARDGAMES_LAN_INTERFACES="loopback")   # the server's setting: the variable
    server = subprocess.Popen(
        [sys.executable, "-m", "cardgames.server", "--port", "0", "--announce", "--name", "Asha\u202e.Home\n",
         "--ai-delay", "0", "--table", "skyjo:away,computer", "--table", "switch:away,away,computer"],
        env=env, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    log: list[str] = []
    threading.Thread(target=lambda: log.extend(server.stderr), daemon=True).start()   # type: ignore[arg-type]
    try:
        port = int(wait_for("the server listens", lambda: next(
            (m.group(1) for line in log if (m := re.search(r"listening on ws://127\.0\.0\.1:(\d+)", line))), None)))
        codes = dict(wait_for("the server opens two tables", lambda: (found := [
            m.groups() for line in log if (m := re.search(r"table (\w+): code (\w+)", line))]) and len(found) == 2
            and found))
        print(f"server on port {port}, tables {sorted(codes)}", flush=True)

        browser = discovery.Browser(interfaces="loopback")        # this process's setting: the argument
        tables = wait_for("both tables found", lambda: len(t := browser.tables()) == 2 and t)
        by_game = {t.game: t for t in tables}
        if set(by_game) != {"skyjo", "switch"}:
            fail(f"found {tables}")
        for game, (open_seats, seats) in {"skyjo": (1, 2), "switch": (2, 3)}.items():
            t = by_game[game]
            if (t.address, t.port, t.open_seats, t.seats, t.host, t.compatible) != \
                    ("127.0.0.1", port, open_seats, seats, "Asha Home", True):
                fail(f"{game} announced as {t}")
            info = browser._zc.get_service_info(discovery.SERVICE, t.name, 3000)
            said = b" ".join([info.name.encode(), *(k + b"=" + (v or b"") for k, v in info.properties.items())])
            if any(code.encode() in said for code in codes.values()):
                fail(f"a room code is announced: {said!r}")
        print(f"found {[(t.game, t.url, t.open_seats, t.seats, t.host) for t in tables]}; no code announced",
              flush=True)

        ravi = NetHandle.join(by_game["switch"].url, codes["switch"], "Ravi")
        wait_for("switch shows one seat open", lambda: any(
            t.game == "switch" and t.open_seats == 1 for t in browser.tables()))
        print("joined switch at the announced address: one seat open now", flush=True)

        mala = NetHandle.join(by_game["skyjo"].url, codes["skyjo"], "Mala")
        wait_for("skyjo withdrawn once full", lambda: [t.game for t in browser.tables()] == ["switch"])
        print("skyjo full and started: withdrawn", flush=True)

        server.send_signal(signal.SIGTERM)
        wait_for("switch gone when the server stops", lambda: browser.tables() == [])
        rc = server.wait(STEP_TIMEOUT)
        if rc != 0:
            fail(f"the server exited with {rc}")
        print("server stopped: no table left", flush=True)
        for line in (ravi, mala):
            line.close()
        browser.close()
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        if any("Traceback" in line for line in log):
            print("".join(log), file=sys.stderr)
    print("OK", flush=True)


if __name__ == "__main__":
    main()
