"""Through a fault-injecting proxy (tests/net_proxy.py: frames split into 61-byte pieces, a
millisecond late, and connections cut at once): a game is played, a player's line is cut in the middle of
it, the player comes back with the token while a computer holds the seat, and the game ends as its
seed and actions played at a local Table. Loopback only, bounded in time."""
from __future__ import annotations

import pytest
from net_helpers import FAST, room_facts, start_server
from net_proxy import Proxy

from cardgames.net.bots import Bot, wait_for
from cardgames.net.client import NetHandle
from cardgames.net.config import Config
from cardgames.table.seats import AWAY, computer
from cardgames.table.table import Table


@pytest.mark.timeout(90)
@pytest.mark.parametrize("game", ["skyjo", "switch", "three_thirteen"])
def test_a_line_cut_mid_game_through_a_slow_split_proxy_comes_back_and_the_game_ends_the_same(game):
    server = start_server(Config(**{**FAST.__dict__, "grace": 0.0}))     # a computer takes over at once
    proxy = Proxy(server.port, split=61, delay=0.001).start()
    try:
        direct = NetHandle.host(server.url, game, "Direct", ["away", "away", "computer:easy"])
        cut = NetHandle.join(proxy.url, direct.code, "Through the proxy")
        token, code = cut.token, direct.code
        stayer, victim = Bot(direct, seed=1).start(), Bot(cut, seed=2).start()
        assert wait_for(lambda: victim.sent >= 3 or victim.over, 30)
        proxy.cut()
        assert cut.closed.wait(10) and victim.join(10)
        if not victim.over:       # (a short game may be over already: then there is nothing to take back)
            assert wait_for(lambda: room_facts(server, code)["infos"][1].computer_plays, 10)
        back = NetHandle.join(proxy.url, code, token=token)
        assert back.seat == 1
        returner = Bot(back, seed=3).start()
        for bot in (stayer, returner):
            assert bot.join(60) and bot.over and bot.failure is None
        facts = room_facts(server, code)
        local = Table(game, {}, facts["seed"], [AWAY, AWAY, computer("easy")])
        assert local.replay(returner.played) == len(facts["actions"])
        assert local.state == facts["state"] and returner.played == stayer.played
        assert returner.latest.result == local.result()
        direct.close()
        back.close()
    finally:
        proxy.stop()
        server.stop()


@pytest.mark.timeout(60)
def test_the_game_so_far_is_never_lost_when_it_arrives_slowly(net):
    """catch_up() before the whole story has arrived gives what has; the rest comes through
    receive(), in order, nothing lost and nothing twice."""
    host = NetHandle.host(net.url, "skyjo", "Host", ["away", "computer:easy"])
    assert Bot(host, seed=4).start().join(30)
    proxy = Proxy(net.port, split=1024, piece_delay=0.005).start()
    try:
        watcher = NetHandle.join(proxy.url, host.code, watch=True)
        story = watcher.catch_up(None, timeout=0)
        moves = len(room_facts(net, host.code)["actions"])
        got = list(story)
        assert wait_for(lambda: bool(got.extend(watcher.receive()) or (got and got[-1].moves == moves)), 30)
        assert [m.moves for m in got if hasattr(m, "moves")] == list(range(moves + 1))
        watcher.close()
    finally:
        proxy.stop()
    host.close()
