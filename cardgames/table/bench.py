"""What an update costs through the wire: encode + decode CPU time and size, per game (4 seats).

    python -m cardgames.table.bench [--games N] [--seed S]

Plays N seeded games of each game at a Table (four seats: one human here, one elsewhere, two
computers; TriPeaks has its one seat), catches every message the table sends (each seat's
updates and the spectator's), and times messages.encode + messages.decode of each one on the CPU
clock (time.process_time_ns). Prints the median and the 99th percentile of the time (µs) and of
the size (bytes), and the memory of a table at the end of its game (tracemalloc). Measures and
prints only; nothing here is a test.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc
from typing import Any

from cardgames.table.messages import Intent, decode, encode
from cardgames.table.seats import AWAY, HERE, computer
from cardgames.table.table import Table

SEATS = {"tripeaks": (HERE,), "skyjo": (HERE, AWAY, computer("easy"), computer("normal")),
         "three_thirteen": (HERE, AWAY, computer("easy"), computer("normal")),
         "switch": (HERE, AWAY, computer("easy"), computer("normal"))}
MAX_STEPS = 20_000


def play(game: str, seed: int, keep: bool = True) -> tuple[Table, list[Any]]:
    """One game to its end (or MAX_STEPS): the humans play at random; every message the table sent
    (none kept without `keep`)."""
    seats = SEATS[game]
    table = Table(game, {}, seed, seats, ai_delay=0.5)
    sent: list[Any] = []
    latest: dict[int, Any] = {}

    def heard(msg: Any) -> None:
        if keep:
            sent.append(msg)
        if hasattr(msg, "seat"):
            latest[msg.seat] = msg
    humans = [s for s, who in enumerate(seats) if who.human]
    for seat in humans:
        table.connect(seat, heard)
    table.watch(heard)
    table.start()
    rng = random.Random(seed)
    seq = dict.fromkeys(humans, 0)
    for _ in range(MAX_STEPS):
        if table.over:
            break
        ready = [s for s in humans if s in latest and latest[s].legal]
        if ready:
            seat = rng.choice(ready)
            seq[seat] += 1
            table.submit(Intent(seat=seat, seq=seq[seat], action=rng.choice(latest[seat].legal)))
        else:
            table.advance(0.25)
    return table, sent


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(game: str, games: int, seed: int) -> dict[str, float]:
    times: list[float] = []
    sizes: list[int] = []
    memory: list[int] = []
    for k in range(games):
        tracemalloc.start()
        table, _ = play(game, seed + k, keep=False)
        memory.append(tracemalloc.get_traced_memory()[0])   # the table, its history and the last updates
        tracemalloc.stop()
        del table
        _table, sent = play(game, seed + k)
        for msg in sent:
            t0 = time.process_time_ns()
            data = encode(msg, game)
            back = decode(data, game)
            times.append((time.process_time_ns() - t0) / 1000)
            sizes.append(len(data))
            assert back == msg
    return {"messages": len(times), "us_median": statistics.median(times), "us_p99": percentile(times, 0.99),
            "bytes_median": statistics.median(sizes), "bytes_p99": percentile(sizes, 0.99),
            "bytes_max": max(sizes), "table_kb": statistics.median(memory) / 1024}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print("update through the wire (encode + decode, CPU), per game, 4 seats (TriPeaks 1):")
    print(f"{'game':16} {'messages':>8} {'µs median':>10} {'µs p99':>8} {'B median':>9} {'B p99':>7} "
          f"{'B max':>7} {'table KB':>9}")
    for game in SEATS:
        r = measure(game, args.games, args.seed)
        print(f"{game:16} {r['messages']:8d} {r['us_median']:10.1f} {r['us_p99']:8.1f} {r['bytes_median']:9.0f} "
              f"{r['bytes_p99']:7.0f} {r['bytes_max']:7d} {r['table_kb']:9.0f}")


if __name__ == "__main__":
    main()
