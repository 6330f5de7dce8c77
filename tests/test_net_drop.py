"""A player drops: the others are told at once; after the grace a computer plays the seat; the
same token takes it back at the next turn (the seat's computer finishes the turn it began), and
the game ends as its seed and actions played at a local Table. Over real sockets (loopback), and
in a Room driven by a hand-made clock (no socket, no real time)."""
from __future__ import annotations

import heapq
import itertools
from typing import Any

import pytest
from net_helpers import FAST, room_facts, start_server

from cardgames.net.bots import Bot, wait_for
from cardgames.net.client import NetHandle
from cardgames.net.config import Config
from cardgames.net.rooms import Room
from cardgames.table import lobby
from cardgames.table.lobby import Seats, Welcome
from cardgames.table.messages import Intent, Update, decode
from cardgames.table.seats import AWAY, Kind, computer
from cardgames.table.table import Table
from cardgames.table.updates import whose_turn


def seats_heard(line: NetHandle, kept: list, predicate, timeout: float = 10) -> Seats | None:
    """Wait for a lobby.Seats message on `line` that satisfies `predicate` (other messages are kept)."""
    found: list[Seats] = []

    def look() -> bool:
        for msg in line.receive():
            kept.append(msg)
            if isinstance(msg, Seats) and predicate(msg):
                found.append(msg)
        return bool(found)
    wait_for(look, timeout)
    return found[0] if found else None


@pytest.mark.timeout(60)
def test_a_dropped_player_is_replaced_after_the_grace_and_takes_the_seat_back_with_the_token():
    server = start_server(Config(**{**FAST.__dict__, "grace": 0.3}))
    try:
        stay = NetHandle.host(server.url, "skyjo", "Stays", ["away", "away", "computer:easy"])
        drops = NetHandle.join(server.url, stay.code, "Drops")
        token, code = drops.token, stay.code
        stayer = Bot(stay, seed=1).start()
        dropper = Bot(drops, seed=2, stop_after=6).start()       # hangs up after six intents
        assert dropper.join(20) and drops.closed.is_set()
        # the other player's screen hears of it at once, then of the computer taking the seat
        def dropped(m: Seats) -> bool:
            return m.seats[1].kind == "player" and not m.seats[1].connected
        assert wait_for(lambda: any(dropped(m) for m in stayer.seats), 10)
        gone = next(m for m in stayer.seats if dropped(m))
        assert gone.seats[1].name == "Drops" and not gone.seats[1].computer_plays
        assert wait_for(lambda: any(m.seats[1].computer_plays for m in stayer.seats), 10)
        assert room_facts(server, code)["seats"][1].kind is Kind.COMPUTER
        assert wait_for(lambda: len(room_facts(server, code)["actions"]) > len(dropper.played) + 10, 20)
        # back with the token: the game so far, the seat's sequence numbers carried on
        back = NetHandle.join(server.url, code, token=token)
        assert back.seat == 1 and back.welcome.seq == dropper.sent and back.welcome.catch_up > len(dropper.played)
        story = back.catch_up(1)
        assert len(story) == back.welcome.catch_up and story[0].reset and story[0].moves == 0
        assert [m.moves for m in story] == list(range(len(story)))
        returner = Bot(back, seed=3).start()
        for bot in (stayer, returner):
            assert bot.join(40) and bot.over and bot.failure is None
        assert not [r for r in returner.refusals if r.code == "stale"]
        facts = room_facts(server, code)
        assert facts["seats"][1] == AWAY and not facts["infos"][1].computer_plays   # the player's seat again
        local = Table("skyjo", {}, facts["seed"], [AWAY, AWAY, computer("easy")])
        assert local.replay(returner.played) == len(facts["actions"])
        assert returner.played == stayer.played and local.state == facts["state"]
        stay.close()
        back.close()
    finally:
        server.stop()


@pytest.mark.timeout(30)
def test_a_short_drop_keeps_the_seat_and_leaving_on_purpose_gives_it_to_a_computer_at_once(net):
    host = NetHandle.host(net.url, "skyjo", "Host", ["away", "away", "away"])
    second = NetHandle.join(net.url, host.code, "Second")
    third = NetHandle.join(net.url, host.code, "Third")
    token = second.token
    second.close()                                       # a drop: the grace is 20 s here
    kept: list[Any] = []
    assert seats_heard(host, kept, lambda m: not m.seats[1].connected)
    second = NetHandle.join(net.url, host.code, token=token)
    assert second.seat == 1 and second.welcome.seats[1] == lobby.SeatInfo("player", "Second", True, False)
    assert room_facts(net, host.code)["seats"][1] == AWAY             # never a computer
    third.leave()
    left = seats_heard(host, kept, lambda m: m.seats[2].computer_plays)
    assert left is not None and not left.seats[2].connected
    assert room_facts(net, host.code)["seats"][2].kind is Kind.COMPUTER
    bots = [Bot(host, 1, earlier=kept).start(), Bot(second, 2).start()]
    for bot in bots:
        assert bot.join(30) and bot.over
    host.close()
    second.close()


# ---------------------------------------------------------------------- a Room on a hand-made clock
class Handle:
    def __init__(self, loop: FakeLoop, when: float, fn: Any, args: tuple) -> None:
        self.when, self.fn, self.args, self.cancelled = when, fn, args, False

    def cancel(self) -> None:
        self.cancelled = True


class FakeLoop:
    """time(), call_at and call_later on a clock that moves only when run_until() says."""

    def __init__(self) -> None:
        self.now = 0.0
        self._order = itertools.count()
        self._timers: list[tuple[float, int, Handle]] = []

    def time(self) -> float:
        return self.now

    def call_at(self, when: float, fn: Any, *args: Any) -> Handle:
        handle = Handle(self, when, fn, args)
        heapq.heappush(self._timers, (when, next(self._order), handle))
        return handle

    def call_later(self, delay: float, fn: Any, *args: Any) -> Handle:
        return self.call_at(self.now + delay, fn, *args)

    def run_until(self, end: float) -> None:
        while self._timers and self._timers[0][0] <= end:
            when, _, handle = heapq.heappop(self._timers)
            self.now = max(self.now, when)
            if not handle.cancelled:
                handle.fn(*handle.args)
        self.now = max(self.now, end)


class FakeLine:
    def __init__(self, name: str) -> None:
        self.name = name
        self.updates: list[Update] = []
        self.told: list[Any] = []
        self.failed: Any = None

    def push(self, data: bytes, bounded: bool = True) -> None:
        self.updates.append(decode(data, "skyjo"))

    def tell(self, msg: Any) -> None:
        self.told.append(msg)

    def fail(self, err: Any) -> None:
        self.failed = err


def test_the_player_takes_the_seat_back_at_the_next_turn_not_in_the_middle_of_the_computers():
    loop = FakeLoop()
    config = Config(grace=5.0, ai_delay=1.0)
    room = Room.open("ABCDE", "skyjo", {}, 11, ["away", "away"], config, loop)
    a, b = FakeLine("A"), FakeLine("B")
    room.join(a)
    room.join(b)
    token = room.seats[1].token
    seq = {0: 0, 1: 0}

    def play(line: FakeLine, seat: int) -> None:
        seq[seat] += 1
        room.intent(line, seat, Intent(seat=seat, seq=seq[seat], action=line.updates[-1].legal[0]))

    table = room.table
    # play until it is B's turn after the set-up flips
    while not (whose_turn(table.spec, table.state) == 1 and table.state.phase == table.spec.rules.Phase.TURN):
        seat = whose_turn(table.spec, table.state)
        play(a if seat == 0 else b, seat)
    room.drop(b)
    assert [m for m in a.told if isinstance(m, Seats)][-1].seats[1].connected is False
    loop.run_until(loop.now + 4.9)
    assert table.seats[1] == AWAY                 # the table waits through the grace
    loop.run_until(loop.now + 0.2)
    assert table.seats[1].computer and room.seats[1].computer_plays
    def mid_turn() -> bool:                       # the computer has drawn, and is still to place the card
        return whose_turn(table.spec, table.state) == 1 and table.spec.rules.current_player(table.history[-1]) == 1
    for _ in range(1000):
        if mid_turn():
            break
        if whose_turn(table.spec, table.state) == 0:
            play(a, 0)
        else:
            loop.run_until(loop.now + 0.1)
    assert mid_turn() and table.seats[1].computer
    b2 = FakeLine("B")
    assert room.rejoin(b2, token) == 1
    assert isinstance(b2.told[0], Welcome) and b2.told[0].catch_up == len(table.actions) + 1
    room.tick()
    assert table.seats[1].computer                # mid-turn: the computer finishes it
    while whose_turn(table.spec, table.state) == 1:
        loop.run_until(loop.now + 0.1)
    assert table.seats[1] == AWAY and not room.seats[1].computer_plays     # the next turn: the player's
    assert [m for m in a.told if isinstance(m, Seats)][-1].seats[1] == lobby.SeatInfo("player", "B", True, False)
    room.close()
    assert a.failed.code == "closed" and b2.failed.code == "closed"


def test_a_table_that_fails_is_closed_and_told_the_others_go_on():
    loop = FakeLoop()
    rooms = [Room.open(code, "skyjo", {}, 3, ["away", "away"], Config(ai_delay=0.0), loop) for code in ("AAAAA", "BBBBB")]
    lines = {room.code: (FakeLine("A"), FakeLine("B")) for room in rooms}
    for room in rooms:
        for line in lines[room.code]:
            room.join(line)
    broken, fine = rooms

    def bug(*args: Any) -> None:
        raise RuntimeError("a bug in the rules")
    broken.table.submit = bug
    a, _b = lines["AAAAA"]
    broken.intent(a, 0, Intent(seat=0, seq=1, action=a.updates[-1].legal[0]))
    assert broken.closed and all(line.failed.code == "broken" for line in lines["AAAAA"])
    a2, _b2 = lines["BBBBB"]
    fine.intent(a2, 0, Intent(seat=0, seq=1, action=a2.updates[-1].legal[0]))
    assert not fine.closed and len(fine.table.actions) == 1


def test_players_with_the_same_name_are_told_apart_at_the_table():
    """Seen in two real windows on one computer: both players took its host name, "vm", and the log
    read "vm played 7S" for either. A later player's name gets a number; a rejoin keeps its own."""
    loop = FakeLoop()
    room = Room.open("AAAAA", "skyjo", {}, 3, ["away", "away", "away"], Config(ai_delay=0.0), loop)
    first, second, third = FakeLine("vm"), FakeLine("VM"), FakeLine("x" * lobby.NAME_MAX)
    for line in (first, second, third):
        room.join(line)
    assert [info.name for info in room.seats] == ["vm", "VM 2", "x" * lobby.NAME_MAX]
    fourth = Room.open("BBBBB", "skyjo", {}, 3, ["away", "away"], Config(ai_delay=0.0), loop)
    for line in (FakeLine("x" * lobby.NAME_MAX), FakeLine("x" * lobby.NAME_MAX)):
        fourth.join(line)
    assert [info.name for info in fourth.seats] == ["x" * lobby.NAME_MAX, "x" * (lobby.NAME_MAX - 2) + " 2"]
    token = room.seats[1].token
    room.drop(second)
    back = FakeLine("VM")
    assert room.rejoin(back, token) == 1 and room.seats[1].name == "VM 2"
    room.close()
    fourth.close()
