"""The table server: many tables (rooms.Room) by room code, over WebSocket (the `websockets` library).
Its command line, `python -m cardgames.server`, is cardgames/server.py.

One event loop runs everything: a Line per connection reads the client's messages (binary
frames, lobby.decode_client), checks its limits (config.Config: size, rate, unreadable messages,
join and idle timeouts; websockets' pings drop a silent peer) and hands the intents to its room;
what the room sends is written at once while the line keeps up (websockets' broadcast()), else
waits in a bounded queue, written by the line's own task (a line that does not read is closed,
never waited for). Bad input is answered with a lobby.Error (its
stable code), and the line closed when the error is fatal; the table goes on for everyone else.
shutdown() tells every table the server is closing and closes every line.

ServerThread runs a Server in a thread of its own with its own loop (the tests, the bench, and
later the game's own host).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import logging
import ssl
import threading
from collections import Counter, deque
from collections.abc import Callable, Sequence
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from cardgames.core.rng import new_seed
from cardgames.net.config import Bucket, Config
from cardgames.net.rooms import JoinRefused, Room, ai_worker, room_code
from cardgames.table import lobby
from cardgames.table.games import spec as game_spec
from cardgames.table.lobby import Again, Error, Host, Join, Leave, Ready, Remove, Say, SetSeat, Start, VersionError
from cardgames.table.messages import Intent, WireError

log = logging.getLogger("cardgames.net")
CLOSE_CODES = {"too_big": 1009, "closing": 1001, "closed": 1001, "left": 1000}   # else 1008 (policy)
FLUSH_TIMEOUT = 5.0     # seconds to send a closing line its last messages
WRITE_AT_ONCE = 64 * 1024   # a line's socket holds less than this unsent: a message is written at once
GC_THRESHOLDS = (200_000, 20, 100)  # the cyclic collector's generations (Python's default: 700, 10, 10)


def tune_gc() -> None:
    """For a server process (python -m cardgames.server, the bench's), not a game's: its heap is many
    small objects that live long (every table's states, the lines), and a full collection walks them
    all (~0.2 s at 300 tables, every ~20 s: the p99 of the moves it lands on). What the start made
    (modules, classes) is frozen out of every collection, and the collector runs less often, young
    objects (most of them die young) before they are old. A move leaves almost no cycles (632 objects
    collected in a run of 1,000 tables), but many objects that live a few seconds (each line's wait for
    its next message, what the codec remembers): at 50,000 the young collections came 3 a second, ~9 ms
    each, and the p99 at 1,000 tables was 54 and 109 ms in two runs; at 200,000, 43 and 39 ms."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def binary_frame(data: bytes) -> bytes:
    """One final Binary frame of `data`, unmasked as a server's are (RFC 6455 5.2): the bytes websockets'
    Frame(BINARY, data).serialize(mask=False) makes, without its layers (every update goes so)."""
    n = len(data)
    if n < 126:
        return b"\x82" + bytes((n,)) + data
    if n < 65536:
        return b"\x82\x7e" + n.to_bytes(2, "big") + data
    return b"\x82\x7f" + n.to_bytes(8, "big") + data


class Line:
    """One connection: its limits, its seat, and its queue of messages to send."""

    def __init__(self, server: Server, ws: ServerConnection) -> None:
        self.server, self.ws, self.config = server, ws, server.config
        peer = ws.remote_address
        self.store = store = getattr(server, "store", None)     # the tables' records (a cluster writes later)
        forwarded = store.forwarded(ws) if store is not None else None   # a cluster's relay passes it on
        self.address = forwarded or (str(peer[0]) if peer else "?")
        self.name = ""
        self.room: Room | None = None
        self.relay: Any = None              # the line is passed to the process that owns its table (cluster.py)
        self.seat: int | None = None
        self.bucket = Bucket(self.config.rate, self.config.burst, server.loop.time())
        self.strikes = 0
        self.outbox: deque[tuple[bytes, bool]] = deque()
        self.live = 0                       # bounded messages waiting in the outbox
        self.wake = asyncio.Event()
        self.closing: Error | None = None   # set once the line is to be closed, after this error is sent
        self.pinging: asyncio.Future | None = None   # the round trip measured as the line joins

    # ------------------------------------------------------------------ what the room sends
    def push(self, data: bytes, bounded: bool = True) -> None:
        if self.closing is not None:
            return
        if not self.outbox and self._writable():
            ws = self.ws
            protocol = ws.protocol
            if protocol.extensions or protocol.writes or protocol.expect_continuation_frame or protocol.debug:
                broadcast((ws,), data)      # written now: no task to wake, no await (websockets' own fast path)
            else:
                ws.transport.write(binary_frame(data))   # the very bytes websockets would frame it in
            return
        if bounded:
            if self.live >= self.config.send_queue:
                self.fail(lobby.error("slow", True))
                return
            self.live += 1
        self.outbox.append((data, bounded))
        self.wake.set()

    def tell(self, msg: Any) -> None:
        self.push(lobby.encode(msg), bounded=False)

    @property
    def latency(self) -> float:
        """The round trip to the client, seconds: websockets' last ping (at joining, then every ping_interval)."""
        return float(getattr(self.ws, "latency", 0.0) or 0.0)

    async def _ping(self) -> None:
        """Measure the round trip now (the keepalive pings measure it again later)."""
        try:
            async with asyncio.timeout(self.config.join_timeout):
                await (await self.ws.ping())
        except (ConnectionClosed, TimeoutError, RuntimeError):
            pass

    def _writable(self) -> bool:
        """Nothing waits before this message, the socket keeps up and the store has written what it tells
        (a cluster writes after the move): it may go at once. Else it waits in the outbox (bounded)."""
        if self.store is not None and self.store.pending():
            return False
        ws = self.ws
        transport = getattr(ws, "transport", None)
        return (transport is not None and ws.protocol.state is State.OPEN and ws.send_in_progress is None
                and transport.get_write_buffer_size() < WRITE_AT_ONCE)

    def fail(self, err: Error) -> None:
        """Send `err` (whatever waits is dropped) and close the line."""
        if self.closing is not None:
            return
        if err.code not in ("left", "closing", "closed"):
            log.info("line %s (%s): %s: %s", self.address, self.name or "-", err.code, err.text)
        self.outbox.clear()
        self.live = 0
        if err.code != "left":
            self.outbox.append((lobby.encode(err), False))
        self.closing = err
        self.wake.set()

    async def _send(self) -> None:
        try:
            while True:
                while self.outbox:
                    ready = len(self.outbox)
                    if self.store is not None and self.store.pending():
                        await self.store.settled()     # what these updates tell is in the store first (cluster.py)
                    for _ in range(ready):
                        if not self.outbox:
                            break
                        data, bounded = self.outbox.popleft()
                        if bounded:
                            self.live -= 1
                        await self.ws.send(data)
                if self.closing is not None:
                    break
                self.wake.clear()
                await self.wake.wait()
            await self.ws.close(CLOSE_CODES.get(self.closing.code, 1008), self.closing.code)
        except ConnectionClosed:
            pass

    # ------------------------------------------------------------------ what the client sends
    async def run(self) -> None:
        sender = asyncio.create_task(self._send())
        try:
            if self.server.lines_from(self.address) > self.config.lines_per_address:
                self.fail(lobby.error("too_many_lines", True))
            await self._receive()
        except ConnectionClosed:
            pass
        finally:
            if self.room is not None and (self.closing is None or self.closing.code != "left"):
                self.room.drop(self)
            if self.relay is not None:
                self.relay.close()
            if self.closing is None:
                sender.cancel()
            try:
                await asyncio.wait_for(sender, FLUSH_TIMEOUT)
            except (TimeoutError, asyncio.CancelledError):
                pass

    async def _receive(self) -> None:
        """Read until the line is closed. Once it is closing, what still arrives is read and dropped
        (unread, it would hold back the peer's answer to the close). The deadline (_timeout) is set
        once a stretch of messages, not a timer a message: when it passes, a line heard from since
        gets a new one from its last message; one silent for the whole timeout is closed."""
        loop = self.server.loop
        heard_at = loop.time()
        while True:
            timeout = self._timeout()
            try:
                async with asyncio.timeout_at(heard_at + timeout):
                    while self._timeout() == timeout:
                        data = await self.ws.recv()
                        heard_at = loop.time()
                        if self.closing is None:
                            self._hear(data)
            except TimeoutError:
                if loop.time() - heard_at < timeout:
                    continue                  # heard from within the timeout: a new deadline
                if self.closing is not None:
                    return
                self.fail(lobby.error("idle", True))

    def _timeout(self) -> float:
        """Seconds the line may stay silent now: to join (or host), once joined, once closing."""
        if self.closing is not None:
            return FLUSH_TIMEOUT
        joined = self.room is not None or self.relay is not None
        return self.config.idle_timeout if joined else self.config.join_timeout

    def _hear(self, data: Any) -> None:
        try:
            self.heard(data)
        except Exception:
            log.exception("line %s (%s): a message could not be handled", self.address, self.name or "-")
            self.fail(lobby.error("bad_message", True, "the server could not handle this message"))

    def heard(self, data: Any) -> None:
        """One message from the client."""
        if not self.bucket.take(self.server.loop.time()):
            self.fail(lobby.error("flood", True))
            return
        if self.relay is not None:
            self.relay.send(data)
            return
        if isinstance(data, str):
            self._strike("messages are binary frames (msgpack), not text")
            return
        if len(data) > self.config.max_bytes:
            self.fail(lobby.error("too_big", True, f"a message of {len(data)} bytes; at most {self.config.max_bytes}"))
            return
        try:
            msg = lobby.decode_client(data)
        except VersionError as exc:
            self.fail(lobby.error("version", True, str(exc)))
            return
        except WireError as exc:
            self._strike(str(exc))
            return
        if self.room is None:
            if isinstance(msg, Host):
                self._host(msg)
            elif isinstance(msg, Join):
                self._join(msg)
            else:
                self.fail(lobby.error("join_first", True))
            if self.room is not None:
                self.pinging = asyncio.ensure_future(self._ping())
        elif isinstance(msg, Intent):
            self.room.intent(self, self.seat, msg)
        elif isinstance(msg, Again):
            self.room.again(self, self.seat)
        elif isinstance(msg, Say):
            self.room.say(self, self.seat, msg.phrase)
        elif isinstance(msg, Leave):
            self.fail(Error("left", "left the table"))
            self.room.leave(self)
        elif isinstance(msg, Ready):
            self.room.ready(self, self.seat, msg.on)
        elif isinstance(msg, Start):
            self.room.start(self, self.seat)
        elif isinstance(msg, SetSeat):
            self.room.set_seat(self, self.seat, msg.seat, msg.kind)
        elif isinstance(msg, Remove):
            self.room.remove(self, self.seat, msg.seat)
        else:
            self.tell(lobby.error("not_allowed", False, "this line is at a table already"))

    def _strike(self, why: str) -> None:
        """An unreadable message: told, and the line closed before it has joined, or after too many."""
        self.strikes += 1
        if self.room is None or self.strikes > self.config.strikes:
            self.fail(lobby.error("bad_message", True, f"{why} (too many unreadable messages)"))
        else:
            self.tell(lobby.error("bad_message", False, why))

    def _named(self, name: str) -> bool:
        try:
            self.name = lobby.clean_name(name)
        except ValueError as exc:
            self.fail(lobby.error("bad_name", True, str(exc)))
            return False
        return True

    def _host(self, msg: Host) -> None:
        if not self._named(msg.name):
            return
        if self.server.hosted[self.address] >= self.config.tables_per_address \
                or len(self.server.rooms) >= self.config.max_tables:
            self.fail(lobby.error("too_many_tables", True))
            return
        try:
            if msg.start_when not in lobby.START_WHEN:
                raise ValueError(f"a table starts when {' or '.join(lobby.START_WHEN)}, not {msg.start_when!r}")
            room = self.server.open_room(msg.game, dict(msg.options), msg.seats, self.address, msg.start_when)
        except JoinRefused as exc:
            self.fail(lobby.error(exc.code, True))
            return
        except Exception as exc:   # noqa: BLE001 - whatever the rules say of the options, it is a bad table
            self.fail(lobby.error("bad_table", True, str(exc)))
            return
        room.host_seat = msg.seat
        try:
            self.seat = room.join(self, msg.seat)
        except JoinRefused as exc:
            room.close("closed")
            self.fail(lobby.error(exc.code, True))
            return
        self.room = room

    def _join(self, msg: Join) -> None:
        room = self.server.rooms.get(msg.code.strip().upper())
        if room is None and self.server.store is not None and self.server.store.relay(self, msg):
            return
        if room is None or room.closed:
            self.fail(lobby.error("no_table", True))
            return
        if msg.watch:
            self.name = "spectator"
            self.room = room
            room.watch(self)
            return
        if not (msg.token and not msg.name) and not self._named(msg.name):
            return
        try:
            self.seat = room.rejoin(self, msg.token) if msg.token else room.join(self, msg.seat)
        except JoinRefused as exc:
            self.fail(lobby.error(exc.code, True))
            return
        self.room = room


class Server:
    """Every room of one server process, and its lines."""

    def __init__(self, config: Config | None = None, seeds: Callable[[], int] = new_seed, store: Any = None) -> None:
        self.config = config or Config()
        self.seeds = seeds
        self.store = store                         # the tables' records (net/store.py), or None
        self.rooms: dict[str, Room] = {}
        self.hosted: Counter[str] = Counter()      # rooms open per hosting address
        self.lines: Counter[str] = Counter()       # connections per address
        self.every: set[Line] = set()              # every open line
        self.loop: Any = None                      # the running loop, once started
        self._ws: Any = None

    async def start(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> int:
        """Listen on host:port (0: any free port); the port."""
        self.loop = asyncio.get_running_loop()
        if self.store is not None:
            await self.store.start(self)           # the tables of the last run, before anyone rejoins
        c = self.config
        self._ws = await serve(self._handler, host, port, ssl=tls, max_size=c.frame_limit,
                               ping_interval=c.ping_interval, ping_timeout=c.ping_timeout,
                               compression="deflate" if c.compression else None,
                               logger=logging.getLogger("cardgames.net.websockets"))
        return self._ws.sockets[0].getsockname()[1]

    def lines_from(self, address: str) -> int:
        return self.lines[address]

    async def _handler(self, ws: ServerConnection) -> None:
        line = Line(self, ws)
        self.lines[line.address] += 1
        self.every.add(line)
        try:
            await line.run()
        finally:
            self.every.discard(line)
            self.lines[line.address] -= 1
            if self.lines[line.address] <= 0:
                del self.lines[line.address]

    def open_room(self, game: str, options: dict[str, Any], seats: Sequence[str], address: str = "",
                  start_when: str = "full") -> Room:
        """A new table; ValueError, KeyError or TypeError when the game, options or seats make none."""
        spec = game_spec(game)
        unknown = set(options) - set(spec.rules_keys)
        if unknown:
            raise ValueError(f"{game} has no option {', '.join(sorted(unknown))}")
        taken = self.rooms.__contains__
        code = self.store.new_code(taken) if self.store is not None else room_code(taken)
        room = Room.open(code, game, options, self.seeds(), seats, self.config, self.loop, ai_worker(),
                         on_close=self._closed, host_address=address, start_when=start_when)
        self.rooms[code] = room
        if self.store is not None:
            self.store.track(room)
        self.hosted[address] += 1
        log.info("table %s: %s opened by %s, seats %s", code, game, address or "the server", ",".join(seats))
        return room

    def _closed(self, room: Room) -> None:
        if self.store is not None:
            self.store.closed(room)
        self.rooms.pop(room.code, None)
        self.hosted[room.host_address] -= 1
        if self.hosted[room.host_address] <= 0:
            del self.hosted[room.host_address]

    async def shutdown(self) -> None:
        """Tell every table the server is closing, close every line, stop listening (a store
        keeps the tables open in their records: played on after a restart)."""
        farewell = "closing"
        if self.store is not None:
            farewell = self.store.farewell
            await self.store.stop()
        for room in list(self.rooms.values()):
            room.close(farewell)
        for line in list(self.every):
            line.fail(lobby.error(farewell, True))
        if self._ws is not None:
            self._ws.close(close_connections=False)     # no new lines; the open ones are told first
            for _ in range(int(FLUSH_TIMEOUT / 0.05)):
                if not self.every:
                    break
                await asyncio.sleep(0.05)
            self._ws.close()
            try:
                await asyncio.wait_for(self._ws.wait_closed(), FLUSH_TIMEOUT)
            except TimeoutError:
                pass


class ServerThread:
    """A Server on a thread of its own (its own event loop): start() -> port, call(fn) runs fn
    in the server's thread (to look at its rooms safely), stop()."""

    def __init__(self, config: Config | None = None, host: str = "127.0.0.1", port: int = 0,
                 seeds: Callable[[], int] = new_seed, store: Any = None) -> None:
        self.server = Server(config, seeds, store)
        self.host, self.port = host, port
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="table-server", daemon=True)
        self._error: BaseException | None = None

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    def start(self) -> int:
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise self._error
        return self.port

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:   # noqa: BLE001 - told to start()
            self._error = exc
            self._ready.set()

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        self.port = await self.server.start(self.host, self.port)
        self._ready.set()
        await self._stop.wait()
        await self.server.shutdown()

    def call(self, fn: Callable[..., Any], *args: Any, timeout: float = 10) -> Any:
        done: concurrent.futures.Future = concurrent.futures.Future()

        def run() -> None:
            try:
                done.set_result(fn(*args))
            except BaseException as exc:   # noqa: BLE001 - raised in the caller's thread
                done.set_exception(exc)
        self.server.loop.call_soon_threadsafe(run)
        return done.result(timeout)

    def stop(self) -> None:
        if self._stop is not None and self.server.loop is not None:
            self.server.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(FLUSH_TIMEOUT * 2)
