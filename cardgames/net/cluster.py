"""Several server processes on one Redis (`python -m cardgames.server --redis URL`).

    server = Server(config, store=Cluster("redis://127.0.0.1:6379/0", advertise="ws://10.0.0.5:8765"))

Any process accepts any player. Each table is played by exactly one process, its owner; the
others relay a player's line to it (a websocket from process to process, see below). In Redis
(redis-py's asyncio client), with KEY = cardgames:

    KEY:proc:<id>     the process's lease: its address for the relays, expiring LEASE s after the
                      last renewal (every RENEW s)
    KEY:owner:<code>  the process that owns the table ("" once handed over); a code is reserved
                      with SET NX before it is given out, so codes are unique across processes
    KEY:log:<code>    the table's record, a list of JSON operations: ["new", game, options, seed,
                      seats, host], ["seats", seats], ["deal", seed], ["act", n, action], ["cut", n],
                      ["closed"] (folded by `fold` into the record net/store.py reopens)
    KEY:tables        the codes of the open tables

Writes: the room's Recorder (net/store.py) queues operations here; a writer task sends them in
order, every table's queued operations in one call of the APPEND script, which appends only while
this process still owns the table (a fence: a process that lost a table can never write to it).
One command per action on the owner's path, fewer under load (a batch). The lines wait for the
write before they send (Server's Line asks `settled()`): a client told an action was accepted never
loses it, however long the write takes (a slow write is waited for: a line that went on after a
timeout could tell a client of an action its process then dies before writing). Redis unreachable
(a write failed: refused, or no answer in the client's socket timeout): the queue keeps everything
in order and is retried; the lines go on (the tables in play go on in memory); new tables are
refused ("unavailable") until Redis is back and codes can be reserved again.

Takeover: every SCAN s each process reads the owners of the open tables; a table whose owner's
lease has been missing for CONFIRM s (on this process's clock: a Redis restart that lost the
leases does not count as their owners' death until they have had time to renew), or that was
handed over, is claimed (CLAIM: compare and set), its record read and replayed (store.reopen):
the players come back with their tokens. A process that finds its own lease had lapsed when it
renews it (starved of CPU, or cut off from Redis for longer than LEASE) may have lost tables to
such a takeover: it reads their owners at once and closes those it lost ("moved"), rather than
play on a table another process now plays until its next write is refused.

SIGTERM: the queue is written, every table handed over (owner ""), the lease dropped, and every
line told "moved" (join again with the token: any process takes the player to the table's new owner).

Relay, not redirect: behind a plain load balancer a client cannot choose its process, so a
process that does not own a table opens a websocket to its owner (the owner's lease holds its
address) and passes the frames both ways unchanged, telling the owner the player's own address
(X-Cardgames-For, believed only with the cluster's secret). It costs no Redis command per message
and one extra loopback hop (make bench: net/cluster_bench.py).
"""
from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
from collections import deque
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import NoScriptError, RedisError
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from cardgames.net.rooms import JoinRefused, Room
from cardgames.net.store import KEEP_CLOSED, Recorder, reopen, seats_of
from cardgames.table import lobby

log = logging.getLogger("cardgames.net")
KEY = "cardgames"
LEASE, RENEW, SCAN, CONFIRM = 1.0, 0.25, 0.25, 0.75   # seconds
POOL = 32             # room codes reserved ahead (a new table needs one at once; more are reserved at once)
ANSWER = 5.0          # seconds without an answer from Redis before it counts as unreachable
RETRY = 0.2           # seconds between two tries of a failed write
PEER_HEADER, FOR_HEADER = "X-Cardgames-Peer", "X-Cardgames-For"

APPEND = f"""
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
for i = 3, #ARGV do
  local op = ARGV[i]
  if string.sub(op, 1, 6) == '["new"' then
    redis.call('PERSIST', KEYS[1]); redis.call('DEL', KEYS[2]); redis.call('SADD', KEYS[3], ARGV[2])
  end
  redis.call('RPUSH', KEYS[2], op)
  if op == '["closed"]' then
    redis.call('SREM', KEYS[3], ARGV[2])
    redis.call('PEXPIRE', KEYS[1], {int(KEEP_CLOSED * 1000)}); redis.call('PEXPIRE', KEYS[2], {int(KEEP_CLOSED * 1000)})
  end
end
return 1
"""
CLAIM = """
if (redis.call('GET', KEYS[1]) or '') == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2]) return 1 end
return 0
"""


def fold(code: str, ops: list[bytes | str]) -> dict[str, Any] | None:
    """A table's record from its log (None: no "new" in it)."""
    record: dict[str, Any] | None = None
    for raw in ops:
        op = json.loads(raw)
        if op[0] == "new":
            _, game, options, seed, seats, host = op
            record = {"code": code, "game": game, "options": options, "seed": seed, "seats": seats, "host": host,
                      "actions": [], "closed": None}
        elif record is None:
            continue
        elif op[0] == "seats":
            record["seats"] = op[1]
        elif op[0] == "deal":
            record["seed"], record["actions"] = op[1], []
        elif op[0] == "act":
            del record["actions"][op[1]:]
            record["actions"].append(op[2])
        elif op[0] == "cut":
            del record["actions"][op[1]:]
        elif op[0] == "closed":
            record["closed"] = True
    return record


class Cluster:
    farewell = "moved"       # what a stopping process tells its lines: join again, the table goes on

    def __init__(self, url: str, advertise: str = "") -> None:
        self.url, self.advertise = url, advertise
        self.where = f"Redis at {url}"
        self.id = secrets.token_hex(6)
        # (a refused connection is Redis gone at once; a late answer is taken for it only after
        # ANSWER s: a process starved of CPU must not take its own slowness for Redis being down)
        self.redis = aioredis.Redis.from_url(url, socket_timeout=ANSWER, socket_connect_timeout=ANSWER)
        self.server: Any = None
        self.recorders: dict[str, Recorder] = {}
        self.queue: deque[tuple[str, str]] = deque()    # (code, operation) not yet written
        self.queued = self.written = 0
        self.down = False               # the last write failed: the lines do not wait for the writes
        self.reachable = True           # the last lease renewal went through
        self.codes: list[str] = []      # reserved, not given out yet
        self.secret = ""
        self.missing: dict[str, float] = {}   # a process id -> when its lease was first seen missing
        self.takeovers: list[float] = []      # seconds from a lease seen missing to the table reopened
        self._wake = asyncio.Event()
        self._progress = asyncio.Event()
        self._refill = asyncio.Event()
        self._tasks: list[asyncio.Task] = []
        self._stopping = False
        self._renewed = False           # the lease was set once (a later renewal that finds none: it lapsed)

    def _k(self, *parts: str) -> str:
        return ":".join((KEY, *parts))

    # ------------------------------------------------------------------ the Server's side
    async def start(self, server: Any) -> None:
        self.server = server
        await self.redis.set(self._k("secret"), secrets.token_hex(16), nx=True)
        self.secret = (await self.redis.get(self._k("secret"))).decode()
        self._append, self._claim = self.redis.register_script(APPEND), self.redis.register_script(CLAIM)
        await self._renew()
        await self._reserve()
        self._tasks = [asyncio.create_task(f()) for f in (self._writer, self._leases, self._scanner)]

    def new_code(self, taken: Any) -> str:
        if self.down or not self.reachable or not self.codes:
            raise JoinRefused("unavailable")
        self._refill.set()
        return self.codes.pop()

    def track(self, room: Room) -> None:
        t = room.table
        self._put(room.code, ["new", t.game, t.record()["options"], t.seed, seats_of(room), room.host_address])
        for n, action in enumerate(t.actions):
            self.append(room.code, n, action)
        self._hook(room)

    def _hook(self, room: Room) -> None:
        recorder = Recorder(self, room)
        self.recorders[room.code] = recorder
        room.on_record = lambda event: recorder(event, room)

    def closed(self, room: Room) -> None:
        recorder = self.recorders.get(room.code) if self._stopping else self.recorders.pop(room.code, None)
        if recorder is not None and recorder.on and not self._stopping:   # (stopping: handed over, not closed)
            recorder.on = False
            self._put(room.code, ["closed"])

    # the sink a Recorder writes to (net/store.py)
    def seats(self, code: str, blob: dict[str, Any]) -> None:
        self._put(code, ["seats", blob])

    def deal(self, code: str, seed: int) -> None:
        self._put(code, ["deal", seed])

    def append(self, code: str, n: int, action: str) -> None:
        self._put(code, ["act", n, action])

    def cut(self, code: str, n: int) -> None:
        self._put(code, ["cut", n])

    def _put(self, code: str, op: list[Any]) -> None:
        self.queue.append((code, json.dumps(op, separators=(",", ":"))))
        self.queued += 1
        self._wake.set()

    # ------------------------------------------------------------------ the lines' side
    def pending(self) -> bool:
        return self.written < self.queued and not self.down

    async def settled(self) -> None:
        """Until what is queued now is written (at once while Redis is down: a write failed)."""
        target = self.queued
        while self.written < target and not self.down:
            await self._progress.wait()

    def forwarded(self, ws: Any) -> str | None:
        """The player's own address, when a peer of this cluster relays the line."""
        headers = ws.request.headers if ws.request is not None else {}
        if self.secret and secrets.compare_digest(headers.get(PEER_HEADER, ""), self.secret):
            return headers.get(FOR_HEADER) or None
        return None

    def relay(self, line: Any, hello: Any) -> bool:
        """A Join for a table this process does not play: the line is passed to its owner."""
        relay = Relay(self, line, hello)
        line.relay = relay
        relay.task = asyncio.create_task(relay.run())
        return True

    async def owner_url(self, code: str) -> str | None:
        """Where the table is played now ("" while it changes hands, or while its first record is on
        its way: its host may be told the code before the owner's write lands), None: no such table."""
        owner = await self.redis.get(self._k("owner", code))
        if owner is None:
            return None
        if not owner or not await self.redis.sismember(self._k("tables"), code):
            return ""
        url = await self.redis.get(self._k("proc", owner.decode()))
        return url.decode() if url else ""

    # ------------------------------------------------------------------ background tasks
    async def _writer(self) -> None:
        while True:
            if not self.queue:
                self._wake.clear()
                await self._wake.wait()
            batch = list(self.queue)
            by: dict[str, list[str]] = {}
            for code, op in batch:
                by.setdefault(code, []).append(op)
            try:
                results = await self._send(by)
            except Exception as exc:     # (RedisError, OSError; anything else is logged as well)
                if not isinstance(exc, (RedisError, OSError)):
                    log.exception("redis: a write failed")
                if not self.down:
                    log.warning("redis: writes wait (%s)", exc)
                self.down = True
                self._notify()
                await asyncio.sleep(RETRY)
                continue
            for _ in batch:
                self.queue.popleft()
            self.written += len(batch)
            if self.down:
                log.info("redis: back; the waiting writes are written")
            self.down = False
            self._notify()
            for code, ok in zip(by, results):
                if not ok:
                    self._lost(code)

    async def _send(self, by: dict[str, list[str]]) -> list[Any]:
        if len(by) == 1:
            code, ops = next(iter(by.items()))
            return [await self._append(keys=[self._k("owner", code), self._k("log", code), self._k("tables")],
                                      args=[self.id, code, *ops])]
        for _ in range(2):
            pipe = self.redis.pipeline(transaction=False)
            for code, ops in by.items():
                pipe.evalsha(self._append.sha, 3, self._k("owner", code), self._k("log", code), self._k("tables"),
                             self.id, code, *ops)
            try:
                return await pipe.execute()
            except NoScriptError:
                await self.redis.script_load(APPEND)
        raise RedisError("the append script could not be loaded")

    def _notify(self) -> None:
        self._progress.set()
        self._progress = asyncio.Event()

    def _lost(self, code: str) -> None:
        """Another process owns the table now: it is closed here, its players sent there."""
        room = self.server.rooms.get(code)
        recorder = self.recorders.pop(code, None)
        if recorder is not None:
            recorder.on = False
        if room is not None and not room.closed:
            log.warning("table %s: owned by another process now; its lines are sent there", code)
            room.close("moved")

    async def _renew(self) -> None:
        """Renew the lease; if it had lapsed, another process may have taken tables over: see which."""
        held = await self.redis.set(self._k("proc", self.id), self.advertise, px=int(LEASE * 1000), get=True)
        if held is None and self._renewed:
            await self._check_owners()
        self._renewed = True

    async def _check_owners(self) -> None:
        codes = [code for code, room in self.server.rooms.items() if not room.closed and code in self.recorders]
        if not codes:
            return
        owners = await self.redis.mget([self._k("owner", c) for c in codes])
        lost = [c for c, o in zip(codes, owners) if o is not None and o.decode() != self.id]
        log.warning("redis: this process's lease had lapsed; %d of its %d tables are played elsewhere now",
                    len(lost), len(codes))
        for code in lost:
            self._lost(code)

    async def _reserve(self) -> None:
        """Reserve codes (SET NX: no other process gives them out) until POOL are ready."""
        while len(self.codes) < POOL:
            codes = ["".join(secrets.choice(lobby.CODE_ALPHABET) for _ in range(lobby.CODE_LENGTH))
                     for _ in range(POOL - len(self.codes))]
            pipe = self.redis.pipeline(transaction=False)
            for code in codes:
                pipe.set(self._k("owner", code), self.id, nx=True, ex=3600)
            self.codes += [code for code, ok in zip(codes, await pipe.execute()) if ok]

    async def _leases(self) -> None:
        """Renew the lease every RENEW s (and reserve codes again when some were given out)."""
        while True:
            try:
                async with asyncio.timeout(RENEW):
                    await self._refill.wait()
            except TimeoutError:
                pass
            self._refill.clear()
            try:
                await self._renew()
                self.reachable = True
                await self._reserve()
            except (RedisError, OSError):
                self.reachable = False

    async def _scanner(self) -> None:
        while True:
            await asyncio.sleep(SCAN)
            try:
                await self._scan()
            except (RedisError, OSError):
                self.missing.clear()      # nothing is known of the others while Redis does not answer
            except Exception:
                log.exception("cluster: the scan failed")

    async def _scan(self) -> None:
        loop = self.server.loop
        codes = [c.decode() for c in await self.redis.smembers(self._k("tables"))]
        codes = [c for c in codes if c not in self.server.rooms]
        if not codes or self._stopping:
            return
        owners = await self.redis.mget([self._k("owner", c) for c in codes])
        ids = sorted({o.decode() for o in owners if o})
        alive = dict(zip(ids, await self.redis.mget([self._k("proc", i) for i in ids]))) if ids else {}
        now = loop.time()
        for i in ids:
            if alive[i] is not None:
                self.missing.pop(i, None)
            else:
                self.missing.setdefault(i, now)
        free = [(c, o.decode()) for c, o in zip(codes, owners)
                if o is not None and (not o or now - self.missing.get(o.decode(), now) >= CONFIRM)]
        random.shuffle(free)
        for code, owner in free:
            if await self._claim(keys=[self._k("owner", code)], args=[owner, self.id]):
                await self._take(code, self.missing.get(owner, now))

    async def _take(self, code: str, since: float) -> None:
        record = fold(code, await self.redis.lrange(self._k("log", code), 0, -1))
        if record is None or record["closed"]:
            return
        try:
            room = reopen(record, self.server, self._hook)
        except Exception:
            log.exception("table %s: its record makes no table", code)
            return
        self.server.rooms[code] = room
        self.server.hosted[room.host_address] += 1
        self.takeovers.append(self.server.loop.time() - since)
        log.info("table %s: taken over (%d actions)", code, len(room.table.actions))

    async def stop(self) -> None:
        """SIGTERM: write what waits, hand every table over, drop the lease."""
        self._stopping = True
        for room in list(self.server.rooms.values()):     # no more moves here; the lines are sent on
            room.close(self.farewell)
        for recorder in self.recorders.values():
            recorder.on = False
        try:
            async with asyncio.timeout(5):
                while self.queue and not self.down:
                    await self._progress.wait()
                for code in list(self.recorders):
                    await self._claim(keys=[self._k("owner", code)], args=[self.id, ""])
                for code in self.codes:
                    await self.redis.delete(self._k("owner", code))
                await self.redis.delete(self._k("proc", self.id))
        except (RedisError, OSError, TimeoutError) as exc:
            log.warning("redis: the tables could not all be handed over (%s); they are taken over later", exc)
        self.recorders.clear()
        for task in self._tasks:
            task.cancel()
        log.info("handed over to the other processes")


class Relay:
    """A player's line passed to the process that owns its table, frame for frame."""

    def __init__(self, cluster: Cluster, line: Any, hello: Any) -> None:
        self.cluster, self.line, self.hello = cluster, line, hello
        self.up: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.task: asyncio.Task | None = None

    def send(self, data: Any) -> None:
        self.up.put_nowait(data)

    def close(self) -> None:
        self.up.put_nowait(None)

    async def run(self) -> None:
        code = self.hello.code.strip().upper()
        try:
            url = None
            for _ in range(int(10 / SCAN)):            # a table changing hands: its new owner, soon
                url = await self.cluster.owner_url(code)
                if url or url is None or code in self.cluster.server.rooms:
                    break
                await asyncio.sleep(SCAN)
        except (RedisError, OSError):
            self.line.fail(lobby.error("unavailable", True, "the table's server cannot be found now"))
            return
        if code in self.cluster.server.rooms:              # taken over here meanwhile
            self.line.relay = None
            self.line.heard(lobby.encode(self.hello))
            while not self.up.empty():
                data = self.up.get_nowait()
                if data is not None:
                    self.line.heard(data)
            return
        if not url:
            self.line.fail(lobby.error("no_table", True))
            return
        headers = {PEER_HEADER: self.cluster.secret, FOR_HEADER: self.line.address}
        try:
            async with connect(url, additional_headers=headers, max_size=None, compression=None) as ws:
                await ws.send(lobby.encode(self.hello))
                pump = asyncio.create_task(self._pump(ws))
                try:
                    async for data in ws:
                        self.line.push(data, bounded=False)
                finally:
                    pump.cancel()
                reason = ws.close_reason or ""
            if reason in lobby.ERRORS or reason == "left":   # closed by the owner, its error sent: the same here
                self.line.closing = lobby.Error(reason, reason, True)
                self.line.wake.set()
                return
        except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError):
            pass
        self.line.fail(lobby.error("moved", True))

    async def _pump(self, ws: Any) -> None:
        while True:
            data = await self.up.get()
            if data is None:
                await ws.close()
                return
            await ws.send(data)
