"""Several server processes on Redis, measured (cardgames/net/cluster.py).

    python -m cardgames.net.cluster_bench [--tables 10] [--rounds 4] [--seconds 8] [--samples 200]

A redis-server of its own (net/redis_local.py) and server processes (`python -m cardgames.server
--redis URL`) on loopback; the players are bots (net/bots.py) and NetHandles in this process.
- takeover: `tables` tables hosted on process A; A is killed (SIGKILL); each table's player asks
  process B for its seat with its token until B has it: the time from the kill to the player's
  Welcome, p50 / p99 over `rounds` kills (the lease is cluster.LEASE s, a lease seen missing is
  believed after cluster.CONFIRM s);
- Redis commands per action on the owner's path: total_commands_processed over a run of bot
  tables, less the same processes' idle rate (leases, code reserve, scans), over the actions applied;
- CPU per action with one process and with two (the tables split between them, each player at its
  table's owner): the servers' user+system CPU (/proc) and Redis's, over the actions applied;
- the extra latency through another process: a two-player table on A, one player at A, the other at
  B (relayed): the time from an intent to the player's update of it, p50 / p99 for each.
The bots share this machine's two cores with the servers: the figures are for this machine, loaded.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import redis

from cardgames.net.bots import Bot
from cardgames.net.client import NetError, NetHandle
from cardgames.net.redis_local import RedisServer, free_port
from cardgames.table.messages import Update

ROOT = Path(__file__).resolve().parents[2]
GAMES = [("skyjo", ["away", "away", "computer:easy"]), ("three_thirteen", ["away", "away", "computer:easy"])]


class Proc:
    def __init__(self, folder: Path, name: str, redis_url: str) -> None:
        self.folder, self.name, self.redis_url = folder, name, redis_url
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Proc:
        env = dict(os.environ, PYTHONPATH=str(ROOT), CARDGAMES_DATA_DIR=str(self.folder / "data"))
        with open(self.folder / f"{self.name}.log", "a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "cardgames.server", "--host", "127.0.0.1", "--port", str(self.port),
                 "--ai-delay", "0", "--rate", "1000", "--tables-per-address", "100000",
                 "--lines-per-address", "100000", "--redis", self.redis_url], stdout=log, stderr=log, env=env)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"{self.name} did not start")

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:      # said, not hidden: a SIGTERM should end it well within
                print(f"   {self.name} had not stopped 60 s after the signal: killed")
                self.proc.kill()
                self.proc.wait(10)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def takeover(folder: Path, url: str, tables: int, rounds: int) -> list[float]:
    a, b = Proc(folder, "a", url).start(), Proc(folder, "b", url).start()
    times: list[float] = []
    try:
        for _ in range(rounds):
            lines = [NetHandle.host(a.url, "skyjo", "Host", ["away", "computer:easy"]) for _ in range(tables)]
            time.sleep(0.5)
            a.stop(signal.SIGKILL)
            killed = time.monotonic()

            def back(line: NetHandle, killed: float = killed) -> None:
                while time.monotonic() < killed + 30:
                    try:
                        NetHandle.join(b.url, line.code, token=line.token, timeout=5).close()
                        times.append(time.monotonic() - killed)
                        return
                    except NetError:
                        time.sleep(0.02)
            threads = [threading.Thread(target=back, args=(line,)) for line in lines]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            for line in lines:
                line.close()
            a.start()
    finally:
        a.stop(), b.stop()
    return times


INNER = ("rpush", "persist", "sadd", "srem", "pexpire", "del")   # called only inside the cluster's scripts


def top_level(client: redis.Redis) -> tuple[int, int]:
    """The commands the processes sent (not those their scripts called: Redis counts both), and of
    them the EVALSHA calls (the owner's path), since the last CONFIG RESETSTAT."""
    calls = {k.removeprefix("cmdstat_"): v["calls"] for k, v in client.info("commandstats").items()}
    evalsha = calls.get("evalsha", 0)
    inner = sum(calls.get(c, 0) for c in INNER) + evalsha           # + the GET each call of APPEND makes
    skip = calls.get("config|resetstat", 0) + calls.get("info", 0)
    return sum(calls.values()) - inner - skip, evalsha


def actions_in(client: redis.Redis) -> int:
    total = 0
    for key in client.scan_iter("cardgames:log:*"):
        total += sum(1 for op in client.lrange(key, 0, -1) if json.loads(op)[0] == "act")
    return total


def load(folder: Path, url: str, processes: int, tables: int, seconds: float) -> dict[str, float]:
    """Bot tables on `processes` processes, each table's players at its owner."""
    client = redis.Redis.from_url(url)
    client.flushall()
    procs = [Proc(folder, f"l{processes}{i}", url).start() for i in range(processes)]
    try:
        time.sleep(1.0)
        client.config_resetstat()
        t0 = time.monotonic()
        time.sleep(seconds / 2)
        idle = top_level(client)[0] / (time.monotonic() - t0)   # leases, code reserve, scans: a second
        bots = []
        rng = random.Random(1)
        for i in range(tables):
            game, seats = GAMES[i % len(GAMES)]
            owner = procs[i % processes]
            host = NetHandle.host(owner.url, game, "H", seats)
            other = NetHandle.join(owner.url, host.code, "O")
            bots += [Bot(host, rng.randrange(1 << 30), pace=0.05).start(), Bot(other, rng.randrange(1 << 30), pace=0.05)
                     .start()]
        time.sleep(1.0)
        acts0, info0, cpu0 = actions_in(client), client.info(), [p.cpu() for p in procs]
        client.config_resetstat()
        t0 = time.monotonic()
        time.sleep(seconds)
        (sent, evalsha), info1 = top_level(client), client.info()
        cpu1, dt = [p.cpu() for p in procs], time.monotonic() - t0
        acts = actions_in(client) - acts0
        for bot in bots:
            bot.line.close()
        commands = sent - idle * dt
        redis_cpu = (info1["used_cpu_user"] + info1["used_cpu_sys"]) - (info0["used_cpu_user"] + info0["used_cpu_sys"])
        server_cpu = sum(c1 - c0 for c0, c1 in zip(cpu0, cpu1))
        return {"actions_per_s": acts / dt, "commands_per_action": commands / max(1, acts), "idle": idle,
                "evalsha_per_action": evalsha / max(1, acts),
                "server_us": 1e6 * server_cpu / max(1, acts), "redis_us": 1e6 * redis_cpu / max(1, acts)}
    finally:
        for p in procs:
            p.stop()
        client.close()


def latency(folder: Path, url: str, samples: int) -> tuple[list[float], list[float]]:
    a, b = Proc(folder, "ra", url).start(), Proc(folder, "rb", url).start()
    direct: list[float] = []
    relayed: list[float] = []
    try:
        while len(direct) < samples or len(relayed) < samples:
            host = NetHandle.host(a.url, "skyjo", "A", ["away", "away"])
            other = NetHandle.join(b.url, host.code, "B")
            lines = {host.seat: (host, direct), other.seat: (other, relayed)}
            latest = {}
            for seat, (line, _) in lines.items():
                for msg in [*line.catch_up(seat), *line.receive(0.5)]:
                    if isinstance(msg, Update):
                        latest[seat] = msg
            rng = random.Random(3)
            while all(seat in latest for seat in lines) and not latest[0].result and len(relayed) < samples * 2:
                mover = next((s for s in lines if latest[s].legal), None)
                if mover is None:
                    break
                line, out = lines[mover]
                before = latest[mover].moves
                t0 = time.perf_counter()
                line.act(mover, rng.choice(latest[mover].legal), after=before)
                got = False
                while not got:
                    for msg in line.receive(5.0):
                        if isinstance(msg, Update):
                            latest[mover] = msg
                            if msg.moves > before and not got:
                                out.append(time.perf_counter() - t0)
                                got = True
                for seat, (peer, _) in lines.items():
                    if seat != mover:
                        while latest[seat].moves < latest[mover].moves:
                            for msg in peer.receive(5.0):
                                if isinstance(msg, Update):
                                    latest[seat] = msg
            host.close(), other.close()
    finally:
        a.stop(), b.stop()
    return direct, relayed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardgames.net.cluster_bench")
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--samples", type=int, default=200)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp, RedisServer(Path(tmp) / "redis") as store:
        folder = Path(tmp)
        times = takeover(folder, store.url, args.tables, args.rounds)
        print(f"takeover after a SIGKILL, kill to the player's Welcome at another process: "
              f"p50 {pct(times, 0.5):.2f} s, p99 {pct(times, 0.99):.2f} s ({len(times)} tables)")
        one = load(folder, store.url, 1, args.tables * 2, args.seconds)
        two = load(folder, store.url, 2, args.tables * 2, args.seconds)
        for name, r in (("one process", one), ("two processes", two)):
            print(f"{name}: {r['actions_per_s']:.0f} actions/s, {r['commands_per_action']:.2f} Redis commands "
                  f"per action ({r['evalsha_per_action']:.2f} EVALSHA, the owner's path; besides, "
                  f"{r['idle']:.0f} a second for leases and scans), server CPU {r['server_us']:.0f} µs/action, Redis CPU {r['redis_us']:.0f} µs/action")
        print(f"CPU per action, two processes / one: {two['server_us'] / one['server_us']:.2f}")
        direct, relayed = latency(folder, store.url, args.samples)
        print(f"intent to update: at the owner p50 {1e3 * statistics.median(direct):.2f} ms "
              f"p99 {1e3 * pct(direct, 0.99):.2f} ms; through another process p50 "
              f"{1e3 * statistics.median(relayed):.2f} ms p99 {1e3 * pct(relayed, 0.99):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
