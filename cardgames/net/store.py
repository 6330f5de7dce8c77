"""Table records that outlive the server process: SQLite in WAL mode (the standard library's sqlite3).

    server = Server(config, store=Store("tables.sqlite3"))    # python -m cardgames.server --store PATH

A game is fully given by its options, its seed and its actions, so a table's record is small:
the code, the game, the options, the seed of the deal in play, who sits where (each seat's kind,
level, name and token, whether a computer plays for its player, whether the game has started)
and every action applied, in order. The Room reports each change (Room.on_record, rooms.py):
"play" when the table may have moved (told from the room's sender, before any update of it is
pushed to a line: a client that is told an action was accepted never loses it), "seats" when
who sits where changed. A Recorder keeps what it last wrote and writes only the difference: one
INSERT per accepted action (a row each, in WAL mode one commit without fsync: durable against
the process being killed, which is what a server restart is; synchronous=NORMAL), an UPDATE of
the seats when they change, a new seed and the actions cleared after "play again", the actions
after an undo deleted.

Started again on the same file, the server reopens every table whose room was not closed (in
play, waiting for players, or over and waiting for "play again"): the same code, seats and tokens,
the table replayed from seed and actions (Table.replay). Each player's seat waits `grace` for
them as after a drop; they rejoin with their token (NetHandle.join(url, code, token=...)).
A room that closes (nobody there for Config.empty_ttl, 10 minutes, or broken) is marked closed;
a closed record is deleted KEEP_CLOSED (an hour) later, by a sweep at start and every SWEEP_EVERY.
A server stopped with SIGTERM leaves its records open: they are played on after its restart.
"""
from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from cardgames.net.rooms import Room, Seat, ai_worker, room_code
from cardgames.table.seats import parse_seat
from cardgames.table.table import Table

log = logging.getLogger("cardgames.net")
KEEP_CLOSED = 3600.0       # seconds a closed table's record is kept (to look at after a problem)
SWEEP_EVERY = 600.0        # how often closed records are swept
DEFAULT_NAME = "server-tables.sqlite3"   # in the data folder (storage.resolve_data_dir) by default

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
    seats TEXT NOT NULL, host TEXT NOT NULL, closed REAL);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (code, n)) WITHOUT ROWID;
"""


def seats_of(room: Room) -> dict[str, Any]:
    """Who sits where, as the record keeps it (a seat's line and timers are not kept)."""
    table = room.table
    return {"started": room.started, "start_when": room.start_when, "host_seat": room.host_seat,
            "seats": [[s.kind, s.level, s.name, s.token, s.computer_plays] for s in room.seats],
            "table": [str(s) for s in table.seats], "resigned": list(table.resigned)}


class Recorder:
    """One room's record: what was last written, and the writes that bring it up to the room.
    `sink` does the writing: new(room), seats(code, blob), deal(code, seed), append(code, n, action),
    cut(code, n) (delete the actions from n on)."""

    def __init__(self, sink: Any, room: Room) -> None:
        self.sink, self.code = sink, room.code
        self.seed = room.table.seed
        self.actions: list[str] = list(room.table.actions)
        self.seats = seats_of(room)
        self.on = True

    def __call__(self, event: str, room: Room) -> None:
        if not self.on:
            return
        try:
            if event == "seats":
                self._seats(room)
            else:
                self._play(room)
        except Exception:
            log.exception("table %s: its record could not be written", self.code)

    def _play(self, room: Room) -> None:
        table = room.table
        if table.seed != self.seed:
            self.seed, self.actions = table.seed, []
            self.sink.deal(self.code, self.seed)
        actions, mine = table.actions, self.actions
        if room.started != self.seats["started"] or list(table.resigned) != self.seats["resigned"]:
            self._seats(room)
        if len(actions) == len(mine) and (not mine or actions[-1] == mine[-1]):
            return
        keep = min(len(actions), len(mine))
        while keep and actions[keep - 1] != mine[keep - 1]:
            keep -= 1
        if keep < len(mine):
            del mine[keep:]
            self.sink.cut(self.code, keep)
        for n in range(keep, len(actions)):
            mine.append(actions[n])
            self.sink.append(self.code, n, actions[n])

    def _seats(self, room: Room) -> None:
        blob = seats_of(room)
        if blob != self.seats:
            self.seats = blob
            self.sink.seats(self.code, blob)


def reopen(record: dict[str, Any], server: Any, hook: Callable[[Room], None]) -> Room:
    """A room again from its record, on `server` (its config, loop and close hook); ValueError or
    KeyError when the record makes no table. hook(room) gives it its Recorder before it plays on
    (a computer's move at once is recorded like any other)."""
    config, loop = server.config, server.loop
    blob = record["seats"]
    table = Table(record["game"], record["options"], record["seed"], [parse_seat(s) for s in blob["table"]],
                  ai_delay=config.ai_delay, executor=ai_worker())    # (its computers think beside the loop)
    done = table.replay(record["actions"])
    if done != len(record["actions"]):
        log.error("table %s: %d of %d actions replayed (%s)", record["code"], done, len(record["actions"]),
                  table.resume_error)
    table.resigned = tuple(blob["resigned"])
    started = bool(blob["started"])
    seats = []
    for kind, level, name, token, computer_plays in blob["seats"]:
        if kind == "player" and not started:       # before the game, a dropped player's seat opens again
            seats.append(Seat("open"))
        else:
            seats.append(Seat(kind, level, name, token, computer_plays=computer_plays))
    room = Room(record["code"], table, config, loop, seats, on_close=server._closed,
                host_address=record["host"], started=started, t0=loop.time(),
                start_when=str(blob.get("start_when", "full")), host_seat=int(blob.get("host_seat", -1)))
    for s, seat in enumerate(seats):
        table.connect(s, room._sender(s))
        if seat.kind == "player" and not seat.computer_plays:    # as after a drop: the seat waits its grace
            seat.grace = loop.call_later(config.grace, room._take_over, s)
    room._empty = loop.call_later(config.empty_ttl, room.close, "closed")
    hook(room)
    if started and room._safely(room._at_now, table.start):
        room.tick()
    return room


class Store:
    """The records of one server's tables in an SQLite file (WAL). The Server calls start(server)
    (its tables reopened), new_code(taken) and track(room) for a new room, closed(room) when it
    closes, stop() at a clean stop; net/cluster.py's Cluster answers the same calls, and relays."""

    farewell = "closing"     # what the lines are told at a clean stop

    async def start(self, server: Any) -> None:
        self.reopen(server)

    def new_code(self, taken: Any) -> str:
        return room_code(lambda c: taken(c) or self.taken(c))

    def pending(self) -> bool:     # every write is done before the room goes on (sqlite3 blocks)
        return False

    def relay(self, line: Any, hello: Any) -> bool:    # one process: a code not here is no table
        return False

    def forwarded(self, ws: Any) -> None:
        return None

    def __init__(self, path: str | Path, keep_closed: float = KEEP_CLOSED, clock: Any = time.time) -> None:
        self.path = Path(path)
        self.where = str(self.path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        self.keep_closed, self.clock = keep_closed, clock
        self.recorders: dict[str, Recorder] = {}
        self._sweeper: Any = None

    @contextmanager
    def _tx(self) -> Iterator[None]:
        """One transaction (the connection is in autocommit mode: a lone statement is one)."""
        self.db.execute("BEGIN")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # ------------------------------------------------------------------ the sink a Recorder writes to
    def new(self, room: Room) -> None:
        t = room.table
        with self._tx():
            self.db.execute("DELETE FROM actions WHERE code = ?", (room.code,))
            self.db.execute("INSERT OR REPLACE INTO tables VALUES (?, ?, ?, ?, ?, ?, NULL)",
                            (room.code, t.game, json.dumps(t.record()["options"]), t.seed,
                             json.dumps(seats_of(room)), room.host_address))
            self.db.executemany("INSERT INTO actions VALUES (?, ?, ?)",
                                [(room.code, n, a) for n, a in enumerate(t.actions)])

    def seats(self, code: str, blob: dict[str, Any]) -> None:
        self.db.execute("UPDATE tables SET seats = ? WHERE code = ?", (json.dumps(blob), code))

    def deal(self, code: str, seed: int) -> None:
        with self._tx():
            self.db.execute("UPDATE tables SET seed = ? WHERE code = ?", (seed, code))
            self.db.execute("DELETE FROM actions WHERE code = ?", (code,))

    def append(self, code: str, n: int, action: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO actions VALUES (?, ?, ?)", (code, n, action))

    def cut(self, code: str, n: int) -> None:
        self.db.execute("DELETE FROM actions WHERE code = ? AND n >= ?", (code, n))

    # ------------------------------------------------------------------ the server's side
    def track(self, room: Room) -> None:
        """Record a room from now on (its record as it stands is written at once)."""
        self.new(room)
        self._hook(room, Recorder(self, room))

    def _hook(self, room: Room, recorder: Recorder) -> None:
        self.recorders[room.code] = recorder
        room.on_record = lambda event: recorder(event, room)

    def closed(self, room: Room) -> None:
        recorder = self.recorders.pop(room.code, None)
        if recorder is not None and recorder.on:
            recorder.on = False
            self.db.execute("UPDATE tables SET closed = ? WHERE code = ?", (self.clock(), room.code))

    def load(self, code: str) -> dict[str, Any] | None:
        row = self.db.execute("SELECT code, game, options, seed, seats, host, closed FROM tables WHERE code = ?",
                              (code,)).fetchone()
        return None if row is None else self._record(row)

    def _record(self, row: Sequence[Any]) -> dict[str, Any]:
        code, game, options, seed, seats, host, closed = row
        actions = [a for (a,) in self.db.execute("SELECT action FROM actions WHERE code = ? ORDER BY n", (code,))]
        return {"code": code, "game": game, "options": json.loads(options), "seed": seed,
                "seats": json.loads(seats), "host": host, "closed": closed, "actions": actions}

    def open_records(self) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT code, game, options, seed, seats, host, closed FROM tables "
                               "WHERE closed IS NULL").fetchall()
        return [self._record(row) for row in rows]

    def reopen(self, server: Any) -> list[Room]:
        """Every table whose room was not closed, open again on `server` (its loop running)."""
        self.sweep()
        rooms = []
        for record in self.open_records():
            try:
                room = reopen(record, server, lambda room: self._hook(room, Recorder(self, room)))
            except Exception:
                log.exception("table %s: its record makes no table; closed", record["code"])
                self.db.execute("UPDATE tables SET closed = ? WHERE code = ?", (self.clock(), record["code"]))
                continue
            server.rooms[room.code] = room
            server.hosted[room.host_address] += 1
            rooms.append(room)
            log.info("table %s: %s reopened from its record, %d actions", room.code, room.table.game,
                     len(room.table.actions))
        self._sweeper = server.loop.call_later(SWEEP_EVERY, self._sweep_again, server.loop)
        return rooms

    def _sweep_again(self, loop: Any) -> None:
        self.sweep()
        self._sweeper = loop.call_later(SWEEP_EVERY, self._sweep_again, loop)

    def sweep(self) -> int:
        """Delete the records closed more than keep_closed seconds ago: how many."""
        before = self.clock() - self.keep_closed
        with self._tx():
            old = [c for (c,) in self.db.execute("SELECT code FROM tables WHERE closed < ?", (before,))]
            self.db.executemany("DELETE FROM actions WHERE code = ?", [(c,) for c in old])
            self.db.executemany("DELETE FROM tables WHERE code = ?", [(c,) for c in old])
        return len(old)

    def taken(self, code: str) -> bool:
        return self.db.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone() is not None

    async def stop(self) -> None:
        self.halt()

    def halt(self) -> None:
        """A clean stop: the rooms about to be closed stay open in their records (played on after a
        restart)."""
        for recorder in self.recorders.values():
            recorder.on = False
        self.recorders.clear()
        if self._sweeper is not None:
            self._sweeper.cancel()

    def close(self) -> None:
        self.halt()
        self.db.close()
