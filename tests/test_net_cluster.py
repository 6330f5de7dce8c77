"""Several server processes on one Redis (cardgames/net/cluster.py), against a real redis-server
the tests start themselves (tests/redis_fixture.py) and real server processes (tests/server_procs.py).

Bot tables are spread over the processes (each player at a random one, as behind a load
balancer: a process that does not own a table relays its players to the owner). Then:
- SIGKILL a random process at random seeded moments: its tables are taken over by the others from
  their records in Redis, the players come back with their tokens (at any process), every table
  ends with the State its record replays to, and no action a client was told is lost;
- SIGTERM each process in turn (a rolling restart): the tables are handed over, no client is told
  anything but "moved" (join again), every table ends the same way;
- Redis stopped for 5 s: the tables go on, a new table is refused ("unavailable"), and once Redis
  is back every action is in the records.
CARDGAMES_CLUSTER_TABLES / CARDGAMES_CLUSTER_KILLS make it bigger (make cluster-soak: 200 / 20)."""
from __future__ import annotations

import asyncio
import os
import random
import time
from types import SimpleNamespace

import pytest
import redis
from redis_fixture import RedisServer
from server_procs import ServerProc, check_final, host_games, play_out, rejoin, settle

from cardgames.net.client import NetError, NetHandle
from cardgames.net.cluster import fold
from cardgames.net.config import Config
from cardgames.net.server import Line
from cardgames.table import lobby

TABLES = int(os.environ.get("CARDGAMES_CLUSTER_TABLES", "8"))
KILLS = int(os.environ.get("CARDGAMES_CLUSTER_KILLS", "3"))
PACE = max(0.05, TABLES / 200)   # seconds between a player's moves: 200 tables keep two cores about half busy
AI_DELAY = PACE if PACE > 0.05 else 0.0   # the computers too, once there are many tables (make cluster-soak)


def records(url: str, games) -> dict:
    client = redis.Redis.from_url(url)
    try:
        return {g.code: fold(g.code, client.lrange(f"cardgames:log:{g.code}", 0, -1)) for g in games}
    finally:
        client.close()


def finish(games, procs, rng, timeout: float = 240 + 2 * TABLES * (1 + 10 * PACE)) -> None:
    play_out(games, [p.url for p in procs], rng, timeout)


@pytest.fixture
def cluster(tmp_path):
    """A redis-server and three server processes on it."""
    store = RedisServer(tmp_path / "redis", appendonly=True).start()
    procs = [ServerProc(tmp_path, f"p{i}", ["--redis", store.url, "--ai-delay", str(AI_DELAY)]).start()
             for i in range(3)]
    yield store, procs
    for proc in procs:
        proc.kill()
    store.stop()


@pytest.mark.timeout(300 + 20 * KILLS + 5 * TABLES + 2 * TABLES * (1 + 10 * PACE))
def test_killed_processes_tables_are_taken_over_and_every_table_ends_as_its_record(cluster):
    store, procs = cluster
    rng = random.Random(2026)
    games = host_games([p.url for p in procs], TABLES, rng, pace=PACE)
    for _ in range(KILLS):
        if all(g.over for g in games):       # every table ended before the kills did: another round of tables
            games += host_games([p.url for p in procs], TABLES, rng, pace=PACE)
        time.sleep(rng.uniform(0.3, 2.0) * PACE / 0.05)     # (the kills spread over the games as they slow)
        victim = rng.choice(procs)
        victim.kill()
        settle(games)
        rejoin(games, [p.url for p in procs if p is not victim], rng)
        victim.start()
    finish(games, procs, rng)
    found = records(store.url, games)
    for g in games:
        check_final(g, found[g.code])
    assert any("taken over" in p.log() for p in procs)


@pytest.mark.timeout(600)
def test_a_rolling_restart_hands_every_table_over_and_no_client_sees_an_error(cluster):
    store, procs = cluster
    rng = random.Random(7)
    games = host_games([p.url for p in procs], 6, rng)
    for proc in procs:
        time.sleep(rng.uniform(0.5, 1.5))
        assert proc.term() == 0
        settle(games)
        rejoin(games, [p.url for p in procs if p is not proc], rng)
        proc.start()
    finish(games, procs, rng)
    found = records(store.url, games)
    for g in games:
        check_final(g, found[g.code])
        for p in g.players:
            assert {e.code for e in p.bot.errors} <= {"moved"}, p.bot.errors
    assert all("handed over" in p.log() for p in procs)


@pytest.mark.timeout(300)
def test_redis_down_for_five_seconds_tables_go_on_new_ones_wait_and_nothing_is_lost(cluster):
    store, procs = cluster
    rng = random.Random(5)
    games = host_games([p.url for p in procs], 4, rng, pace=0.1)
    time.sleep(1.0)
    store.stop()
    time.sleep(0.6)             # (the processes find out at their next lease renewal)
    before = {(g.code, p.seat): len(p.bot.played) for g in games for p in g.players}
    with pytest.raises(NetError, match="unavailable"):
        NetHandle.host(procs[0].url, "skyjo", "Late", ["away", "computer:easy"])
    time.sleep(5.0)
    moved = [(g.code, p.seat) for g in games for p in g.players if len(p.bot.played) > before[(g.code, p.seat)]]
    assert moved or all(g.over for g in games), "no table went on while Redis was down"
    store.start()
    finish(games, procs, rng)
    found = records(store.url, games)
    for g in games:
        check_final(g, found[g.code])
        assert all(not p.bot.errors for p in g.players)
    late = NetHandle.host(procs[1].url, "skyjo", "Late", ["away", "computer:easy"])   # new tables again
    late.close()
    assert not any("taken over" in p.log() for p in procs)


def test_a_record_folds_from_its_operations():
    ops = ['["new","skyjo",{},7,{"started":false},"h"]', '["act",0,"a"]', '["act",1,"b"]', '["cut",1]',
           '["act",1,"c"]', '["seats",{"started":true}]', '["deal",9]', '["act",0,"d"]']
    record = fold("CODE1", ops)
    assert record["seed"] == 9 and record["actions"] == ["d"] and record["seats"] == {"started": True}
    assert fold("CODE1", ops[:5])["actions"] == ["a", "c"]
    assert fold("CODE1", ['["act",0,"a"]']) is None
    assert fold("CODE1", [*ops, '["closed"]'])["closed"]


@pytest.mark.timeout(20)
@pytest.mark.parametrize("writable", [False, True], ids=["socket busy", "socket ready"])
def test_a_line_sends_an_update_only_once_the_store_has_written_what_it_tells(writable):
    """The cluster's writes are asynchronous: a line holds what waits for it until the store says the
    writes queued before are done (Cluster.pending / settled), so a client told of a move never loses it;
    also when its socket could take the update at once (the direct write that skips the line's task)."""
    from websockets.protocol import State

    async def run() -> list[bytes]:
        released = asyncio.Event()

        class SlowStore:
            waiting = True

            def pending(self) -> bool:
                return self.waiting

            async def settled(self) -> None:
                await released.wait()
                self.waiting = False

            def forwarded(self, ws) -> None:
                return None

        sent: list[bytes] = []

        class Transport:
            def get_write_buffer_size(self) -> int:
                return 0

            def write(self, frame: bytes) -> None:
                sent.append(frame[2:])        # (a short binary frame: two bytes of header)

        class Socket:
            remote_address = ("127.0.0.1", 1)
            transport = Transport() if writable else None
            protocol = SimpleNamespace(state=State.OPEN, extensions=[], writes=[], expect_continuation_frame=False,
                                       debug=False)
            send_in_progress = None

            async def send(self, data: bytes) -> None:
                sent.append(data)

            async def close(self, *args) -> None:
                pass

        store = SlowStore()
        server = SimpleNamespace(config=Config(), loop=asyncio.get_running_loop(), store=store)
        line = Line(server, Socket())
        task = asyncio.create_task(line._send())
        line.push(b"one")
        line.push(b"two")
        await asyncio.sleep(0.05)
        assert sent == []                       # not before the store has written
        released.set()
        await asyncio.sleep(0.05)
        assert sent == [b"one", b"two"]
        line.push(b"three")                     # nothing waits for the store now
        await asyncio.sleep(0.05)
        line.fail(lobby.error("closed", True))
        await task
        return sent

    assert asyncio.run(run())[:3] == [b"one", b"two", b"three"]


@pytest.mark.timeout(30)
def test_a_code_given_out_before_its_record_is_written_is_waited_for_not_refused(tmp_path):
    """Under load the host may be told the code before the owner's first write lands (a line waits
    for its first write): another process asked for that table is told to wait (""),
    not "no_table"; a code nobody reserved is no table (None)."""
    from cardgames.net.cluster import Cluster

    async def ask(url: str) -> tuple:
        cluster = Cluster(url, advertise="ws://127.0.0.1:1")
        try:
            await cluster._renew()
            await cluster.redis.set(cluster._k("owner", "ABCDE"), cluster.id)     # reserved, given out
            waiting = await cluster.owner_url("ABCDE")
            await cluster.redis.sadd(cluster._k("tables"), "ABCDE")             # its first record written
            found = await cluster.owner_url("ABCDE")
            return waiting, found, await cluster.owner_url("ZZZZZ")
        finally:
            await cluster.redis.aclose()

    with RedisServer(tmp_path / "redis") as store:
        assert asyncio.run(ask(store.url)) == ("", "ws://127.0.0.1:1", None)


@pytest.mark.timeout(30)
def test_a_line_waits_for_a_slow_write_and_goes_on_only_once_a_write_failed():
    """A write that takes long (the process starved of CPU, Redis busy) is waited for, however long:
    a line that went on after a timeout could tell a client of an action its process then dies
    before writing. Only a failed write (Redis unreachable) lets the lines go on unwritten."""
    from cardgames.net.cluster import Cluster

    async def run() -> tuple:
        cluster = Cluster("redis://127.0.0.1:1")
        cluster.queued = 1
        waiter = asyncio.create_task(cluster.settled())
        await asyncio.sleep(1.5)
        slow = waiter.done()
        cluster.written = 1
        cluster._notify()
        await asyncio.wait_for(waiter, 5)
        cluster.queued = 2
        waiter = asyncio.create_task(cluster.settled())
        await asyncio.sleep(0.05)
        cluster.down = True
        cluster._notify()
        await asyncio.wait_for(waiter, 5)
        await cluster.redis.aclose()
        return slow, waiter.done()

    assert asyncio.run(run()) == (False, True)


@pytest.mark.timeout(30)
def test_a_process_whose_lease_lapsed_closes_the_tables_another_process_took(tmp_path):
    """Starved past its lease, a process finds at its next renewal that the lease had lapsed: it reads
    its tables' owners and sends the players of each table another process has claimed meanwhile
    there ("moved"), instead of playing on a table that is played elsewhere."""
    from cardgames.net.cluster import Cluster

    class Room:
        def __init__(self) -> None:
            self.closed = None

        def close(self, why: str) -> None:
            self.closed = why

    async def run(url: str) -> dict:
        cluster = Cluster(url, advertise="ws://127.0.0.1:1")
        rooms = {"AAAAA": Room(), "BBBBB": Room()}
        cluster.server = SimpleNamespace(rooms=rooms)
        cluster.recorders = {code: SimpleNamespace(on=True) for code in rooms}
        try:
            await cluster._renew()                                           # the lease, first set
            for code in rooms:
                await cluster.redis.set(cluster._k("owner", code), cluster.id)
            await cluster._renew()                                           # renewed in time: nothing checked
            await cluster.redis.set(cluster._k("owner", "BBBBB"), "another")    # taken over meanwhile ...
            await cluster._renew()
            in_time = {code: room.closed for code, room in rooms.items()}
            await cluster.redis.delete(cluster._k("proc", cluster.id))          # ... while the lease had lapsed
            await cluster._renew()
            return {"in time": in_time, "lapsed": {code: room.closed for code, room in rooms.items()}}
        finally:
            await cluster.redis.aclose()

    with RedisServer(tmp_path / "redis") as store:
        found = asyncio.run(run(store.url))
    assert found == {"in time": {"AAAAA": None, "BBBBB": None}, "lapsed": {"AAAAA": None, "BBBBB": "moved"}}
