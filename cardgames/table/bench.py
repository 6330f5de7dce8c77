"""What an update costs through the wire handle, and what a table holds in memory, per game.

    python -m cardgames.table.bench [--games N] [--seed S]

Plays N seeded games of each game at a Table, four seats (a human here, a human elsewhere, two
computers; TriPeaks has its one seat), the humans choosing at random among the legal actions
their last update gave. Every human seat and a spectator are connected through a WireHandle
(cardgames/table/handles.py), as a scene with CARDGAMES_LINE=wire is: each message the table sends
is encoded to bytes and decoded on the view's side, each intent the other way.

- update through the wire: the CPU time (time.process_time_ns) of the handle's encode + decode of
  each update and spectator's update (the game's codec made beforehand: that is once per process),
  in µs per message, median and 99th percentile; their sizes in bytes; the same for the intents.
- table KB: the memory (tracemalloc) taken by building a Table and playing it to mid-game (half
  the moves the same seeded game takes to its end), and to its end; the view's side is a plain
  listener keeping each seat's last update (the table's own memory: State, history, record, plans).
  The rules' caches and the codec are warmed by the same game played before, not counted.
Measures and prints only; nothing here is a test.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from cardgames.table.handles import WireHandle
from cardgames.table.messages import Intent, Message, Update, codec
from cardgames.table.seats import AWAY, HERE, computer
from cardgames.table.table import Table

SEATS = {"tripeaks": (HERE,), "skyjo": (HERE, AWAY, computer("easy"), computer("normal")),
         "three_thirteen": (HERE, AWAY, computer("easy"), computer("normal")),
         "switch": (HERE, AWAY, computer("easy"), computer("normal"))}
MAX_STEPS = 20_000


class TimedWire(WireHandle):
    """A WireHandle that notes the CPU time and size of each message it carries, both ways."""

    def __init__(self, table: Table, seats: Any, log: list[tuple[str, float, int]]) -> None:
        self.log = log
        super().__init__(table, seats)

    def send(self, intent: Intent) -> None:
        t0 = time.process_time_ns()
        data = self._round_trip(intent)
        self.log.append(("intent", (time.process_time_ns() - t0) / 1000, len(data)))
        self._to_table(self._back)

    def _carried(self, msg: Message) -> Message:
        t0 = time.process_time_ns()
        data = self._round_trip(msg)
        self.log.append(("update", (time.process_time_ns() - t0) / 1000, len(data)))
        return self._back

    def _round_trip(self, msg: Message) -> bytes:
        """WireHandle's own work: encode, then decode on the other side (kept in _back)."""
        c = codec(self.table.game)
        data = c.encode(msg)
        self._back = c.decode(data)
        return data


def play(game: str, seed: int, stop: int | None = None,
         line: Callable[[Table, Any], Any] | None = None) -> Table:
    """One seeded game, to its end (or MAX_STEPS), or until `stop` moves are made; the humans play
    at random from their seat's last update. With `line`, line(table, seats) connects each human seat
    and a spectator (seats None) and its receive() gives what they were sent; without it, a plain
    listener keeps each seat's last update."""
    seats = SEATS[game]
    table = Table(game, {}, seed, seats, ai_delay=0.5)
    humans = [s for s, who in enumerate(seats) if who.human]
    latest: dict[int, Update] = {}
    handles: dict[int, Any] = {}
    if line is None:
        for seat in humans:
            table.connect(seat, lambda msg: latest.__setitem__(msg.seat, msg))
    else:
        handles = {seat: line(table, (seat,)) for seat in humans}
        spectator = line(table, None)
    table.start()
    rng = random.Random(seed)
    seq = dict.fromkeys(humans, 0)
    for _ in range(MAX_STEPS):
        if table.over or (stop is not None and len(table.actions) >= stop):
            break
        if line is not None:
            spectator.receive()
            for handle in handles.values():
                for msg in handle.receive():
                    latest[msg.seat] = msg
        ready = [s for s in humans if s in latest and latest[s].legal]
        if not ready:
            table.advance(0.25)
            continue
        seat = rng.choice(ready)
        action = rng.choice(latest.pop(seat).legal)    # (the seat waits for the table's answer)
        if line is None:
            seq[seat] += 1
            table.submit(Intent(seat=seat, seq=seq[seat], action=action))
        else:
            handles[seat].act(seat, action)
    return table


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def table_memory(game: str, seed: int, stop: int | None) -> int:
    """Bytes allocated and still held after building a Table and playing it to `stop` moves."""
    tracemalloc.start()
    try:
        table = play(game, seed, stop)
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    del table
    return held


def measure(game: str, games: int, seed: int) -> dict[str, float]:
    codec(game)                  # made once per process, as a view's first message would
    log: list[tuple[str, float, int]] = []
    mid: list[int] = []
    end: list[int] = []
    moves: list[int] = []
    for k in range(games):
        table = play(game, seed + k, line=lambda t, seats: TimedWire(t, seats, log))
        length = len(table.actions)
        moves.append(length)
        mid.append(table_memory(game, seed + k, length // 2))
        end.append(table_memory(game, seed + k, None))
    times = [t for kind, t, _ in log if kind == "update"]
    sizes = [b for kind, _, b in log if kind == "update"]
    intents = [t for kind, t, _ in log if kind == "intent"]
    return {"messages": len(times), "us_median": statistics.median(times), "us_p99": percentile(times, 0.99),
            "bytes_median": statistics.median(sizes), "bytes_p99": percentile(sizes, 0.99),
            "bytes_max": max(sizes), "intents": len(intents),
            "intent_us": statistics.median(intents) if intents else 0.0,
            "moves": statistics.median(moves),
            "mid_kb": statistics.median(mid) / 1024, "end_kb": statistics.median(end) / 1024}


def main(argv: list[str] | None = None, out: Callable[[str], Any] = print) -> dict[str, dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    out(f"Updates through the wire handle (encode + decode, CPU µs per message), and a table's memory "
        f"(tracemalloc, KB); {args.games} game(s) each, 4 seats (TriPeaks 1):")
    out(f"  {'game':16} {'updates':>7} {'µs median':>9} {'µs p99':>7} {'B median':>8} {'B p99':>6} {'B max':>6}"
        f" {'intent µs':>9} {'moves':>6} {'KB mid-game':>11} {'KB at end':>9}")
    results = {}
    for game in SEATS:
        r = results[game] = measure(game, args.games, args.seed)
        out(f"  {game:16} {r['messages']:7d} {r['us_median']:9.1f} {r['us_p99']:7.1f} {r['bytes_median']:8.0f}"
            f" {r['bytes_p99']:6.0f} {r['bytes_max']:6d} {r['intent_us']:9.1f} {r['moves']:6.0f}"
            f" {r['mid_kb']:11.0f} {r['end_kb']:9.0f}")
    return results


if __name__ == "__main__":
    main()
