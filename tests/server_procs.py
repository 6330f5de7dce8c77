"""What the durability and cluster tests share: table servers as real processes on loopback
(`python -m cardgames.server`), bot tables across them, and the checks at the end.

A ServerProc is started, killed (SIGKILL), stopped (SIGTERM) and started again on the same port;
its log goes to a file (read when a test fails). Players are bots (cardgames.net.bots.Bot) whose
lines come back with their tokens after a server goes; every line's `played` when it ended is
what that client was told was accepted, and must be a prefix of the table's final actions."""
from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardgames.net.bots import Bot
from cardgames.net.client import NetError, NetHandle
from cardgames.table.games import spec
from cardgames.table.seats import parse_seat
from cardgames.table.table import Table

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = [("skyjo", ["away", "away", "computer:easy"]), ("three_thirteen", ["away", "computer:normal", "away"]),
           ("switch", ["away", "away", "computer:hard"]), ("skyjo", ["away", "computer:hard"])]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProc:
    def __init__(self, folder: Path, name: str, args: list[str], port: int | None = None) -> None:
        self.folder, self.name, self.args = folder, name, args
        self.port = port or free_port()
        self.proc: subprocess.Popen | None = None
        self.runs = 0

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60) -> ServerProc:
        self.runs += 1
        env = dict(os.environ, PYTHONPATH=str(ROOT), CARDGAMES_DATA_DIR=str(self.folder / "data"))
        with open(self.folder / f"{self.name}.log", "a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "cardgames.server", "--host", "127.0.0.1", "--port", str(self.port),
                 "--ai-delay", "0", "--grace", "20", "--tables-per-address", "1000", "--lines-per-address", "10000",
                 "--rate", "1000", "--catch-window", "0.75", *self.args],    # short Switch windows: quicker games
                stdout=log, stderr=log, cwd=ROOT, env=env)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            assert self.proc.poll() is None, f"{self.name} exited: {self.log()[-2000:]}"
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise AssertionError(f"{self.name} did not listen in {timeout} s")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def term(self, timeout: float = 30) -> int:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout)

    def log(self) -> str:
        path = self.folder / f"{self.name}.log"
        return path.read_text() if path.exists() else ""


@dataclass
class Seat:
    """One player seat of one table: its bot now, and what each of its lines was told."""
    code: str
    seat: int
    token: str
    bot: Bot
    seed: int
    told: list[list[str]] = field(default_factory=list)   # each ended line's `played`


@dataclass
class Game:
    code: str
    game: str
    seats: list[str]
    players: list[Seat]

    @property
    def over(self) -> bool:
        return all(p.bot.over for p in self.players)


def host_games(url: str | list[str], count: int, rng: random.Random, pace: float = 0.05) -> list[Game]:
    """`count` tables of LAYOUTS, each hosted by its first player and joined by the others (a list
    of urls: each table's players at a random one of them, as behind a load balancer)."""
    urls = [url] if isinstance(url, str) else url
    games = []
    for i in range(count):
        game, seats = LAYOUTS[i % len(LAYOUTS)]
        away = [s for s, w in enumerate(seats) if w == "away"]
        host = NetHandle.host(rng.choice(urls), game, "Host", seats, seat=away[0])
        lines = [host] + [NetHandle.join(rng.choice(urls), host.code, f"P{s}", seat=s) for s in away[1:]]
        players = [Seat(host.code, s, line.token, Bot(line, seed=100 * i + s, pace=pace), 100 * i + s)
                   for s, line in zip(away, lines)]
        games.append(Game(host.code, game, seats, players))
    for g in games:
        for p in g.players:
            p.bot.start()
    return games


def settle(games: list[Game], timeout: float = 30, notice: float = 1.0) -> None:
    """After a server went: wait until every bot whose line it ended (noticed within `notice`
    seconds: loopback) has stopped."""
    time.sleep(notice)
    end = time.monotonic() + timeout
    for g in games:
        for p in g.players:
            if p.bot.line.closed.is_set():
                assert p.bot.join(max(0.1, end - time.monotonic())), f"table {g.code}: a bot did not stop"


def rejoin(games: list[Game], urls: list[str], rng: random.Random, timeout: float = 60) -> None:
    """Every player whose table is not over comes back with their token (to any of `urls`)."""
    for g in games:
        for p in g.players:
            if not p.bot.over and p.bot.done.is_set():
                come_back(g, p, urls, rng, timeout)


def come_back(g: Game, p: Seat, urls: list[str], rng: random.Random, timeout: float = 60) -> None:
    """A player whose line ended comes back with their token, as the game's client does."""
    p.told.append(list(p.bot.played))
    end = time.monotonic() + timeout
    while True:
        try:
            line = NetHandle.join(rng.choice(urls), g.code, token=p.token, timeout=5)
            break
        except NetError as exc:
            assert exc.code in ("unreachable", "no_table", "closing", "moved"), exc
            assert time.monotonic() < end, f"table {g.code}: no way back in {timeout} s ({exc})"
            time.sleep(0.1)
    assert line.seat == p.seat
    p.bot = Bot(line, seed=p.seed + 7 * len(p.told), pace=p.bot.pace).start()


def play_out(games: list[Game], urls: list[str], rng: random.Random, timeout: float) -> None:
    """Until every table is over: a player whose line ends before (told "moved" by a process that
    finds another one plays the table now, or cut off) comes back, as the game's client does."""
    end = time.monotonic() + timeout
    while True:
        left = False
        for g in games:
            for p in g.players:
                assert p.bot.failure is None, f"table {g.code}, seat {p.seat}: {p.bot.failure!r}"
                if not p.bot.done.is_set():
                    left = True
                elif not p.bot.over:
                    come_back(g, p, urls, rng, max(5.0, end - time.monotonic()))
                    left = True
        if not left:
            return
        assert time.monotonic() < end, "did not end:\n" + "\n".join(describe(g) for g in games if not g.over)
        time.sleep(0.2)


def describe(g: Game) -> str:
    """Where each player of a table that did not end stands (the failure message)."""
    parts = []
    for p in g.players:
        b, m = p.bot, p.bot.latest
        parts.append(f"seat {p.seat}: lines {len(p.told) + 1}, done {b.done.is_set()}, closed {b.line.closed.is_set()} "
                     f"({b.line.error}), played {len(b.played)}, moves {getattr(m, 'moves', None)}, "
                     f"legal {getattr(m, 'legal', None)!r:.60}, errors {[e.code for e in b.errors]}, failure {b.failure!r}")
    return f"table {g.code} ({g.game} {g.seats}):\n  " + "\n  ".join(parts)


def lost(g: Game, p: Seat, told: list[str], actions: list[str]) -> str:
    at = next((i for i, (a, b) in enumerate(zip(told, actions)) if a != b), min(len(told), len(actions)))
    return (f"table {g.code} ({g.game}), seat {p.seat}: an action a client was told is lost: told {len(told)}, "
            f"recorded {len(actions)}, first difference at {at}: told {told[at:at + 3]}, recorded {actions[at:at + 3]}")


def check_final(g: Game, record: dict[str, Any]) -> None:
    """The table's record replayed at a local table ends the game; each player's last update is that
    State as its seat sees it; nothing any line was told is missing from the record."""
    local = Table(g.game, record["options"], record["seed"], [parse_seat(s) for s in g.seats])
    assert local.replay(record["actions"]) == len(record["actions"])
    assert local.over, f"table {g.code} is not over"
    rules = spec(g.game).rules
    for p in g.players:
        assert p.bot.failure is None
        assert p.bot.latest.observation == rules.observe(local.state, p.seat)
        assert p.bot.latest.result == local.result()
        assert p.bot.played == record["actions"]
        for told in p.told:
            assert record["actions"][:len(told)] == told, lost(g, p, told, record["actions"])
