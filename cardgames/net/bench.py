"""The server under load: its CPU per action and the time from an intent to every seat's update.

    python -m cardgames.net.bench [--tables 200,500,1000] [--seconds 10] [--rate 1] [--game skyjo] [--find-max]

A table server runs in a process of its own (`--serve`: a Server with the limits opened wide for
one loopback address). This process is the load: for each table, four bot clients on one event
loop (raw websockets, the game's codec) host and join it; the seat whose turn it is plays a
random legal action, each table at `rate` actions a second. After a warm-up, for `seconds`:
- server CPU per action: the server process's user + system time (/proc/<pid>/stat) over the
  actions the tables applied, each second: the median of the seconds (and the system part);
- latency: for every action, the time from sending its intent to each of the four seats
  receiving the update that shows it (p50, p99);
- memory: the server's resident set growth per table (/proc/<pid>/status);
- the load process's own CPU share (near 100%: the bots, not the server, set the latency) and the
  machine's load average (the machine is shared: read the figures with it).
--find-max: after the table counts, more tables (x1.5 each step) until p99 reaches 100 ms, or,
when none of them held, fewer (halved): the most tables one server process held with p99 under
100 ms (a count the server could not seat counts as over).
The bots read only the few fields they need of each update (msgpack, not the game's codec): the
load stays light beside the server it measures.
Both processes run on the loop python -m cardgames.server runs on (net/loop.py: uvloop where it is
installed; CARDGAMES_LOOP=asyncio for asyncio's own, to compare).
Loopback only (127.0.0.1). Measures and prints; nothing here is a test.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import msgspec
from websockets.asyncio.client import connect

from cardgames.net import loop as loops
from cardgames.table import lobby
from cardgames.table.lobby import Host, Join, Welcome
from cardgames.table.messages import Intent, Update, encode

ROOT = Path(__file__).resolve().parents[2]
SEATS = 4
P99_GOAL_MS = 100.0
OPEN_TIMEOUT = 60.0     # seconds for a bot to connect (a server busy with the tables already open is slow to answer)
_AT = {name: i + 1 for i, name in enumerate(Update.__struct_fields__)}   # an update's fields (after its tag)
MOVES, LEGAL, TURN, RESULT, PLAYED = (_AT[k] for k in ("moves", "legal", "turn", "result", "played"))


def serve_main() -> None:
    """The server process: wide limits for one loopback address; prints its port."""
    from cardgames.net.config import Config
    from cardgames.net.server import Server, tune_gc

    async def run() -> None:
        tune_gc()                            # as python -m cardgames.server does
        config = Config(rate=1000, burst=1000, lines_per_address=100_000, tables_per_address=100_000,
                        max_tables=100_000, ai_delay=0.0, compression=os.environ.get("BENCH_DEFLATE", "0") == "1")
        server = Server(config)
        port = await server.start("127.0.0.1", 0)
        print(port, flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)   # until the bench closes stdin
        await server.shutdown()
    loops.run(run())


def _cpu_seconds(pid: int) -> tuple[float, float]:
    """The process's user and system CPU seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Load:
    """Every bot of the run, on one loop."""

    def __init__(self, url: str, game: str, rate: float, seed: int) -> None:
        self.url, self.game, self.period = url, game, 1.0 / rate
        self.rng = random.Random(seed)
        self.sent: dict[tuple[str, int], float] = {}       # (table, moves before) -> when its intent left
        self.latency: list[float] = []
        self.actions = 0
        self.measuring = False
        self.next_at: dict[str, float] = {}
        self.lines: list = []

    async def table(self) -> None:
        host = await connect(self.url, max_size=None, open_timeout=OPEN_TIMEOUT)
        await host.send(lobby.encode(Host(self.game, "Bench", ("away",) * SEATS)))
        welcome = lobby.decode_server(await host.recv(), None)
        assert isinstance(welcome, Welcome), welcome
        lines = [host]
        for s in range(1, SEATS):
            ws = await connect(self.url, max_size=None, open_timeout=OPEN_TIMEOUT)
            await ws.send(lobby.encode(Join(welcome.code, f"Bench {s}")))
            lines.append(ws)
        self.lines.extend(lines)
        for seat, ws in enumerate(lines):
            asyncio.create_task(self.bot(ws, welcome.code, seat))

    async def bot(self, ws, code: str, seat: int) -> None:
        seq = 0
        clock = time.perf_counter      # (not loop.time(): uvloop's counts whole milliseconds)
        try:
            async for data in ws:
                msg = msgspec.msgpack.decode(data)
                if type(msg) is not list or msg[0] != "update":
                    continue
                now = clock()
                moves, played = msg[MOVES], msg[PLAYED]
                sent = self.sent.pop((code, moves - 1, seat), None) if played else None
                if sent is not None and self.measuring:
                    self.latency.append(now - sent)
                if seat == 0 and played and self.measuring:
                    self.actions += len(played)
                if len(msg) > RESULT and msg[RESULT] is not None:
                    return
                legal, turn = msg[LEGAL], msg[TURN]
                if legal and (turn == seat or (turn is None and seat == 0)):
                    at = max(now, self.next_at.get(code, now))
                    self.next_at[code] = at + self.period
                    await asyncio.sleep(at - now)
                    seq += 1
                    for s in range(SEATS):
                        self.sent[(code, moves, s)] = clock()
                    await ws.send(encode(Intent(seat=seat, seq=seq, action=self.rng.choice(legal),
                                                after=moves), self.game))
        except Exception:   # noqa: BLE001 - a line closed at the end of the run
            return


async def _measure(url: str, pid: int, tables: int, seconds: float, rate: float, game: str) -> dict[str, float]:
    load = Load(url, game, rate, seed=tables)
    rss0 = _rss_kb(pid)
    for _ in range(tables):
        await load.table()
    await asyncio.sleep(min(3.0, seconds / 2))                  # warm-up: every table dealt and playing
    rss1 = _rss_kb(pid)
    per_action: list[float] = []
    system: list[float] = []
    load.measuring = True
    mine0, cpu0 = time.process_time(), _cpu_seconds(pid)
    cpu, actions = cpu0, 0
    for _ in range(max(1, round(seconds))):                     # each second: the server's CPU over its actions
        await asyncio.sleep(1.0)
        cpu_now, actions_now = _cpu_seconds(pid), load.actions
        if actions_now > actions:
            per_action.append((sum(cpu_now) - sum(cpu)) / (actions_now - actions) * 1e6)
            system.append((cpu_now[1] - cpu[1]) / (actions_now - actions) * 1e6)
        cpu, actions = cpu_now, actions_now
    load.measuring = False
    mine = (time.process_time() - mine0) / max(1, round(seconds))
    for ws in load.lines:
        await ws.close()
    lat = sorted(load.latency) or [float("nan")]
    return {"tables": tables, "actions": load.actions,
            "cpu_us": statistics.median(per_action) if per_action else float("nan"),
            "sys_us": statistics.median(system) if system else float("nan"),
            "p50_ms": statistics.median(lat) * 1000, "p99_ms": lat[min(len(lat) - 1, int(0.99 * len(lat)))] * 1000,
            "kb_table": (rss1 - rss0) / tables, "load_cpu": mine * 100}


def _one(n: int, seconds: float, rate: float, game: str) -> dict[str, float]:
    """A fresh server process, `n` tables on it for `seconds`: the figures, printed."""
    proc = subprocess.Popen([sys.executable, *os.environ.get("BENCH_SERVE", "-m cardgames.net.bench --serve").split()],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        port = int(proc.stdout.readline())
        try:
            r = loops.run(_measure(f"ws://127.0.0.1:{port}", proc.pid, n, seconds, rate, game))
        except (OSError, TimeoutError) as exc:     # the server could not take them all: over its limit
            print(f"{n:7d}  could not seat every table: {type(exc).__name__}: {exc} (load {os.getloadavg()[0]:.2f})",
                  flush=True)
            return {"tables": n, "p99_ms": float("inf")}
        print(f"{r['tables']:7d} {r['actions']:8d} {r['cpu_us']:14.0f} {r['sys_us']:9.0f} {r['p50_ms']:8.2f} "
              f"{r['p99_ms']:8.2f} {r['kb_table']:13.0f} {r['load_cpu']:7.0f}% {os.getloadavg()[0]:6.2f}", flush=True)
        return r
    finally:
        proc.stdin.close()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()


def run(tables: list[int], seconds: float, rate: float, game: str, find_max: bool = False) -> None:
    print(f"table server on loopback ({loops.name()} loop): {game}, {SEATS} bot clients a table, {rate:g} action/s a table, "
          f"{seconds:g} s measured")
    print(f"{'tables':>7} {'actions':>8} {'CPU µs/action':>14} {'(system)':>9} {'p50 ms':>8} {'p99 ms':>8} "
          f"{'RSS KB/table':>13} {'bots CPU':>8} {'load':>6}")
    best = 0
    for n in tables:
        r = _one(n, seconds, rate, game)
        if r["p99_ms"] < P99_GOAL_MS:
            best = max(best, n)
    if find_max:
        n = max(tables)
        while best == n:                     # every count held: more
            n = int(n * 1.5)
            if _one(n, seconds, rate, game)["p99_ms"] < P99_GOAL_MS:
                best = n
        n = min(tables)
        while not best and n >= 20:          # none held: fewer
            n //= 2
            if _one(n, seconds, rate, game)["p99_ms"] < P99_GOAL_MS:
                best = n
        print(f"the most tables with p99 under {P99_GOAL_MS:.0f} ms: {best or 'none of those tried'}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="200,500,1000", help="table counts, comma-separated")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rate", type=float, default=1.0, help="actions a second a table")
    parser.add_argument("--game", default="skyjo")
    parser.add_argument("--find-max", action="store_true",
                        help=f"then more tables until p99 reaches {P99_GOAL_MS:.0f} ms: the most one process holds")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve_main()
        return
    run([int(n) for n in args.tables.split(",")], args.seconds, args.rate, args.game, args.find_max)


if __name__ == "__main__":
    main()
