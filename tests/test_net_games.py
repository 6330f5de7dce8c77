"""Whole games through real sockets (loopback): a server, bot clients at the open seats, computers
at the others and a spectator; the game ends with the same State as its seed and the actions each
client was told, played at a local Table, and each client's last update says what that State shows
it (its observation, the spectator's public one, the result)."""
from __future__ import annotations

import pytest
from net_helpers import room_facts

from cardgames.core.events import redact
from cardgames.net.bots import Bot, wait_for
from cardgames.net.client import NetHandle
from cardgames.table.games import spec
from cardgames.table.lobby import Seats
from cardgames.table.seats import AWAY, computer
from cardgames.table.table import Table

LEVELS = ("easy", "normal", "hard")
CASES = [("skyjo", 2), ("skyjo", 4), ("skyjo", 8), ("three_thirteen", 2), ("three_thirteen", 4),
         ("three_thirteen", 8), ("switch", 2), ("switch", 4), ("switch", 6)]   # Switch seats at most 6


def seats_of(players: int) -> list[str]:
    """Players at the first, middle and last seats, computers (of every level) at the others."""
    if players == 2:
        return ["away", "computer:easy"]
    away = {0, players // 2, players - 1}
    return ["away" if s in away else f"computer:{LEVELS[s % 3]}" for s in range(players)]


def spec_of(word: str):
    return AWAY if word == "away" else computer(word.partition(":")[2])


@pytest.mark.timeout(120)     # (a busy machine; a game takes 0.1 to 15 s)
@pytest.mark.parametrize("game,players", CASES)
def test_a_whole_game_over_the_network_ends_as_the_same_game_played_locally(net, game, players):
    seats = seats_of(players)
    away = [s for s, w in enumerate(seats) if w == "away"]
    host = NetHandle.host(net.url, game, "Host", seats, seat=away[0])
    lines = [host] + [NetHandle.join(net.url, host.code, f"Player {s}", seat=s) for s in away[1:]]
    assert [line.seat for line in lines] == away
    watcher = NetHandle.join(net.url, host.code.lower(), watch=True)     # a code is read aloud: any case
    bots = [Bot(line, seed=i).start() for i, line in enumerate(lines)]
    spectator = Bot(watcher).start()
    for bot in [*bots, spectator]:
        assert bot.join(110), "the game did not end"
        assert bot.failure is None and not bot.errors
    facts = room_facts(net, host.code)
    local = Table(game, {}, facts["seed"], [spec_of(w) for w in seats])
    assert local.replay(bots[0].played) == len(bots[0].played) == len(facts["actions"])
    assert local.state == facts["state"] and local.over
    rules = spec(game).rules
    for bot, seat in zip(bots, away):
        assert bot.played == bots[0].played
        assert bot.latest.seat == seat
        assert bot.latest.observation == rules.observe(local.state, seat)
        assert bot.latest.result == local.result() == facts["result"]
    assert spectator.played == bots[0].played
    assert spectator.latest.observation == spec(game).public(rules.observe(local.state, 0))
    assert spectator.latest.result == local.result()
    # nothing beyond what the seat may know: each move's update as the seat's own view of it at the
    # local table (its observation, the events redacted for it; the spectator's public view)
    states, events = [local.history[0] if local.history else local.state], [()]
    for text in local.actions:
        state, said = rules.apply(states[-1], rules.parse_action(text))
        states.append(state)
        events.append(tuple(said))
    public = spec(game).public
    for bot, seat in [*zip(bots, away), (spectator, None)]:
        for msg in bot.updates:
            if msg.played:
                seen = rules.observe(states[msg.moves], 0 if seat is None else seat)
                assert msg.observation == (seen if seat is not None else public(seen))
                assert msg.events == redact(events[msg.moves], seat)
    for line in [*lines, watcher]:
        line.close()


@pytest.mark.timeout(60)
def test_play_again_deals_anew_at_the_same_seats_once_every_player_asks(net):
    host = NetHandle.host(net.url, "skyjo", "Host", ["away", "computer:easy", "away"])
    other = NetHandle.join(net.url, host.code, "Other")
    first = [Bot(host, seed=1).start(), Bot(other, seed=2).start()]
    for bot in first:
        assert bot.join(30) and bot.over
    before = room_facts(net, host.code)
    host.again()
    host.again()                                     # (asking twice changes nothing)
    heard: list = []

    def told_of_it() -> bool:                        # the others see who asked
        heard.extend(m for m in other.receive() if isinstance(m, Seats))
        return any(m.seats[0].again and not m.seats[2].again for m in heard)
    assert wait_for(told_of_it, 10)
    assert room_facts(net, host.code)["actions"] == before["actions"]          # not before everyone asks
    other.again()
    second = [Bot(host, seed=3).start(), Bot(other, seed=4).start()]
    for bot in second:
        assert bot.join(30) and bot.over and bot.failure is None
        assert bot.updates[0].reset and bot.updates[0].moves == 0              # a new deal, seen from its start
    after = room_facts(net, host.code)
    assert after["seed"] != before["seed"] and [str(s) for s in after["seats"]] == ["away", "computer:easy", "away"]
    local = Table("skyjo", {}, after["seed"], [AWAY, computer("easy"), AWAY])
    assert local.replay(second[0].played) == len(after["actions"]) and local.state == after["state"]
    host.close()
    other.close()
