"""One server process, durable (cardgames/net/store.py): its tables' records in SQLite (WAL).

The real server (`python -m cardgames.server --store PATH`) is killed with SIGKILL at random
seeded moments while bot clients play several tables; it is started again on the same store and
port, every player comes back with their token, and every table is played to its end. Each
table's record, replayed at a local Table, ends the game with the final State each player was
shown; every action any line was told was accepted is in it, in order."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time

import pytest
from net_helpers import FAST
from server_procs import ROOT, ServerProc, check_final, host_games, play_out, rejoin, settle

from cardgames.net.bots import Bot, wait_for
from cardgames.net.client import NetError, NetHandle
from cardgames.net.server import ServerThread
from cardgames.net.store import Store
from cardgames.table.seats import AWAY, computer
from cardgames.table.table import Table

KILLS = int(os.environ.get("CARDGAMES_SERVER_KILLS", "4"))


@pytest.mark.timeout(300)
def test_a_killed_server_reopens_every_table_from_its_store_and_no_accepted_action_is_lost(tmp_path):
    rng = random.Random(26)
    server = ServerProc(tmp_path, "server", ["--store", str(tmp_path / "tables.sqlite3")]).start()
    try:
        games = host_games(server.url, 4, rng)
        for _ in range(KILLS):
            if all(g.over for g in games):   # every table ended before the kills did: another round of tables
                games += host_games(server.url, 4, rng)
            time.sleep(rng.uniform(0.2, 1.2))
            server.kill()
            settle(games)
            server.start()
            rejoin(games, [server.url], rng)
        play_out(games, [server.url], rng, 240)
        server.term()
        store = Store(tmp_path / "tables.sqlite3")
        for g in games:
            check_final(g, store.load(g.code))
        assert "reopened from its record" in server.log()
    finally:
        server.kill()


def test_the_record_follows_the_table_seats_tokens_actions_and_a_new_deal(tmp_path):
    """In one process (ServerThread): the record is the room's as it stands, after a game and
    after "play again" (a new seed, the actions cleared); a closed room's record is swept later."""
    clock = [1000.0]
    store = Store(tmp_path / "t.sqlite3", keep_closed=60, clock=lambda: clock[0])
    net = ServerThread(FAST, store=store)
    net.start()
    try:
        host = NetHandle.host(net.url, "skyjo", "Asha", ["away", "computer:easy"])
        bot = Bot(host, seed=3).start()
        assert bot.join(60) and bot.over
        record = net.call(store.load, host.code)
        assert record["actions"] == bot.played and record["seed"] == net.call(lambda: net.server.rooms[host.code].table.seed)
        assert record["seats"]["seats"][0][:4] == ["player", "normal", "Asha", host.token]
        assert record["seats"]["started"] and record["closed"] is None
        host.again()
        assert wait_for(lambda: net.call(lambda: len(net.server.rooms[host.code].table.actions)) == 0
                        or net.call(store.load, host.code)["seed"] != record["seed"], 10)
        again = net.call(store.load, host.code)
        table = net.call(lambda: net.server.rooms[host.code].table)
        assert again["seed"] == table.seed != record["seed"]
        assert again["actions"] == net.call(lambda: list(table.actions))
        net.call(lambda: net.server.rooms[host.code].close("closed"))
        assert net.call(store.load, host.code)["closed"] == 1000.0
        assert net.call(store.sweep) == 0
        clock[0] += 61
        assert net.call(store.sweep) == 1 and net.call(store.load, host.code) is None
        host.close()
    finally:
        net.stop()


@pytest.mark.timeout(60)
def test_a_reopened_tables_computers_think_beside_the_loop_as_a_new_tables_do(tmp_path):
    """A table reopened from its record (a restart; in a cluster, a takeover: the same reopen) hands
    its computers' choices to the server's AI worker, as a new table does: thinking on the loop, a
    process holding many reopened tables stopped answering its players and renewing its lease."""
    path = tmp_path / "t.sqlite3"
    net = ServerThread(FAST, store=Store(path))
    net.start()
    host = NetHandle.host(net.url, "skyjo", "Asha", ["away", "computer:easy"])
    fresh = net.call(lambda: net.server.rooms[host.code].table._executor)
    net.stop()
    host.close()
    again = ServerThread(FAST, store=Store(path), port=0)
    again.start()
    try:
        reopened = again.call(lambda: again.server.rooms[host.code].table._executor)
    finally:
        again.stop()
    assert fresh is not None and reopened is fresh


def test_a_clean_stop_keeps_the_tables_and_a_restart_seats_the_same_players(tmp_path):
    path = tmp_path / "t.sqlite3"
    net = ServerThread(FAST, store=Store(path))
    net.start()
    host = NetHandle.host(net.url, "three_thirteen", "Asha", ["away", "away"])
    other = NetHandle.join(net.url, host.code, "Ravi")
    room = net.call(lambda: net.server.rooms[host.code])
    bots = [Bot(host, seed=1, stop_after=3).start(), Bot(other, seed=2, stop_after=3).start()]
    assert all(bot.join(30) for bot in bots)
    net.stop()                                   # SIGTERM's path: the rooms close, their records stay open
    before = list(room.table.actions)
    again = ServerThread(FAST, store=Store(path), port=0)
    again.start()
    try:
        assert again.call(lambda: list(again.server.rooms[host.code].table.actions)) == before
        back = NetHandle.join(again.url, host.code, token=host.token)
        assert back.seat == 0 and back.welcome.seats[0].name == "Asha"
        with pytest.raises(NetError, match="bad_token"):
            NetHandle.join(again.url, host.code, token="not-a-token")
        back.close()
    finally:
        other.close()
        again.stop()


@pytest.mark.timeout(60)
def test_the_server_keeps_its_records_in_the_data_folder_unless_told_otherwise(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDGAMES_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.Popen([sys.executable, "-m", "cardgames.server", "--host", "127.0.0.1", "--port", "0"],
                            cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stderr.readline()
        assert f"the tables' records: {tmp_path / 'data' / 'server-tables.sqlite3'}" in line, line
        assert (tmp_path / "data" / "server-tables.sqlite3").exists()
    finally:
        if proc.poll() is None:
            proc.kill()


def test_a_reopened_table_records_the_computer_move_it_makes_at_once(tmp_path):
    """A table reopened where a computer is to play: the computer plays at once (no thinking time
    here), and that move is in the record like every other (it was lost when the recorder was
    given to the room only after it had started again)."""
    table = Table("switch", {}, 11, [AWAY, computer("easy")])
    rules = table.spec.rules
    while rules.current_player(table.state) != 1:
        table.replay([str(rules.legal_actions(table.state)[0])])
    store = Store(tmp_path / "t.sqlite3")
    blob = {"started": True, "seats": [["player", "normal", "Asha", "tok", False], ["computer", "easy", "", "", False]],
            "table": ["away", "computer:easy"], "resigned": []}
    store.db.execute("INSERT INTO tables VALUES ('ABCDE', 'switch', '{}', 11, ?, '', NULL)", (json.dumps(blob),))
    store.db.executemany("INSERT INTO actions VALUES ('ABCDE', ?, ?)", list(enumerate(table.actions)))
    net = ServerThread(FAST, store=store)
    net.start()
    try:
        played = lambda: net.call(lambda: list(net.server.rooms["ABCDE"].table.actions))
        assert wait_for(lambda: len(played()) > len(table.actions), 10)
        assert net.call(store.load, "ABCDE")["actions"] == played()
    finally:
        net.stop()


@pytest.mark.timeout(60)
def test_a_store_that_cannot_be_opened_stops_the_server_with_a_clear_line(tmp_path):
    (tmp_path / "file").write_text("")
    run = subprocess.run([sys.executable, "-m", "cardgames.server", "--port", "0", "--store",
                          str(tmp_path / "file" / "t.sqlite3")], cwd=ROOT, capture_output=True, text=True, timeout=30,
                         check=False, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 1 and "cannot serve on" in run.stderr and "Traceback" not in run.stderr
