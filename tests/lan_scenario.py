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


ANNOUNCE = """
import sys, time
sys.path.insert(0, sys.argv[1])
from cardgames.net.discovery import Announcer, TableAd
ads = Announcer("loopback", ttl=2)
ads.show([TableAd(sys.argv[2], "skyjo", 1, 2, sys.argv[2], 9999, ("127.0.0.1",))])
time.sleep(60)
"""


def silent_death(discovery: Any) -> None:
    """A host killed without a goodbye (records living 2 s) leaves the list after the recheck; a
    live one with the same short records stays all along."""
    hosts = {name: subprocess.Popen([sys.executable, "-c", ANNOUNCE, ROOT, name]) for name in ("Gone", "Stays")}
    browser = discovery.Browser(interfaces="loopback", recheck=0.5)
    try:
        wait_for("two hosts found", lambda: {t.host for t in browser.tables()} == {"Gone", "Stays"})
        hosts["Gone"].kill()
        killed = time.monotonic()
        seen: list[tuple[float, set[str]]] = []

        def gone_and_more() -> bool:
            seen.append((time.monotonic() - killed, {t.host for t in browser.tables()}))
            return "Gone" not in seen[-1][1] and seen[-1][0] > 8.0
        wait_for("the killed host leaves the list", gone_and_more, timeout=20)
        if not all("Stays" in hosts_seen for _, hosts_seen in seen):
            fail("a live host with short records left the list")
        print(f"killed host gone after {next(t for t, h in seen if 'Gone' not in h):.1f} s; "
              "the live one stayed", flush=True)
    finally:
        for child in hosts.values():
            child.kill()
            child.wait()
        browser.close()


def a_bad_table_is_logged_once(discovery: Any) -> None:
    """A table that cannot be announced (here: its address is no address) is logged once, not
    retried in a loop, and the good one beside it is announced all the same."""
    import logging

    errors: list[str] = []

    class Count(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            errors.append(record.getMessage())
    logging.getLogger("cardgames.net.discovery").addHandler(Count())
    ads = discovery.Announcer("loopback")
    browser = discovery.Browser(interfaces="loopback")
    try:
        bad = discovery.TableAd("bad001", "skyjo", 1, 2, "Bad", 9999, ("not-an-address",))
        good = discovery.TableAd("good01", "switch", 1, 2, "Good", 9999, ("127.0.0.1",))
        ads.show([bad, good])
        wait_for("the good table found", lambda: [t.host for t in browser.tables()] == ["Good"])
        time.sleep(1.0)
        ads.show([bad, good])
        time.sleep(0.5)
        if errors != ["table bad001 could not be announced"] or [a.table_id for a in ads.shown()] != ["good01"]:
            fail(f"a bad table: logged {errors}, shown {ads.shown()}")
        print("a table that cannot be announced is logged once; the others are announced", flush=True)
    finally:
        ads.close()
        browser.close()


def main() -> None:
    names = sorted(name for _, name in socket.if_nameindex())
    if names != ["lo"]:
        fail(f"this runs only in a network namespace of its own (interfaces here: {names})")
    from cardgames.net import discovery
    from cardgames.net.client import NetHandle

    env = dict(os.environ, CARDGAMES_LAN_INTERFACES="loopback")   # the server's setting: the variable
    server = subprocess.Popen(
        [sys.executable, "-m", "cardgames.server", "--port", "0", "--announce", "--name", "Asha\u202e.Home\n",
         "--ai-delay", "0", "--table", "skyjo:away,computer", "--table", "switch:away,away,computer", "--no-store"],
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
        silent_death(discovery)
        a_bad_table_is_logged_once(discovery)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        if any("Traceback" in line for line in log):
            print("".join(log), file=sys.stderr)
    print("OK", flush=True)


if __name__ == "__main__":
    main()
