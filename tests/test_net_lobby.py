"""The lobby before a table starts (lobby.Ready, Start, SetSeat, Remove; Host.start_when="host"):
players say they are ready, the host starts once everyone is, changes seats, removes a player.
Over real sockets on 127.0.0.1 (a ServerThread), each test bounded in time."""
from __future__ import annotations

from typing import Any

import pytest
from net_helpers import room_facts

from cardgames.net.bots import wait_for
from cardgames.net.client import NetError, NetHandle
from cardgames.table import lobby
from cardgames.table.lobby import Error, Ready, Remove, Seats, SetSeat, Start
from cardgames.table.messages import Update
from cardgames.table.seats import Kind

pytestmark = pytest.mark.timeout(60)


class Ear:
    """What a line heard, kept (receive() hands each message over once)."""

    def __init__(self, line: NetHandle) -> None:
        self.line, self.heard = line, []

    def poll(self) -> list[Any]:
        self.heard.extend(self.line.receive())
        return self.heard

    def seats(self) -> Seats | None:
        found = [m for m in self.poll() if isinstance(m, Seats)]
        return found[-1] if found else None

    def until(self, predicate, timeout: float = 10) -> bool:
        return wait_for(lambda: predicate(self.poll()), timeout)

    def errors(self) -> list[str]:
        return [m.code for m in self.poll() if isinstance(m, Error)]


def last_seats(ear: Ear, predicate, timeout: float = 10) -> Seats:
    assert ear.until(lambda heard: any(isinstance(m, Seats) and predicate(m) for m in heard), timeout)
    return ear.seats()


def hosted(net, seats=("away", "away", "computer:easy")) -> tuple[NetHandle, Ear]:
    line = NetHandle.host(net.url, "skyjo", "Host", list(seats), start_when="host")
    return line, Ear(line)


def test_the_new_messages_come_back_as_themselves():
    for msg in (Ready(True), Ready(False), Start(), SetSeat(2, "computer:hard"), Remove(1),
                lobby.Host("skyjo", "Asha", ("away",), {}, 0, start_when="host")):
        assert lobby.decode_client(lobby.encode(msg)) == msg
    old = lobby.Host("skyjo", "Asha", ("away",))            # an older client's Host: starts when full
    assert lobby.decode_client(lobby.encode(old)).start_when == "full"


def test_a_table_whose_host_starts_it_waits_for_ready_players_and_the_hosts_start(net):
    host, h = hosted(net)
    assert host.host_seat == 0 and host.seat == 0 and not host.welcome.started
    guest = NetHandle.join(net.url, host.code, "Guest")
    g = Ear(guest)
    assert guest.host_seat == 0
    # full, but not started: it waits for the host
    seats = last_seats(h, lambda m: m.seats[1].kind == "player")
    assert not seats.started and not room_facts(net, host.code)["room"].started
    # the host's Start before the guest is ready: refused, not fatally
    host.start()
    assert h.until(lambda heard: any(isinstance(m, Error) and m.code == "not_allowed" for m in heard))
    assert not host.closed.is_set() and not room_facts(net, host.code)["room"].started
    # a guest may not start it, nor change or remove seats
    guest.start()
    guest.set_seat(2, "computer:hard")
    guest.remove(0)
    assert g.until(lambda heard: sum(isinstance(m, Error) and m.code == "not_allowed" for m in heard) == 3)
    assert not guest.closed.is_set() and room_facts(net, host.code)["seats"][0].kind is Kind.AWAY
    # ready: everyone sees the mark; then the host starts it and the game's updates come
    guest.ready(True)
    seats = last_seats(h, lambda m: m.seats[1].ready)
    assert [s.ready for s in seats.seats] == [False, True, False]
    host.start()
    last_seats(g, lambda m: m.started)
    assert g.until(lambda heard: any(isinstance(m, Update) for m in heard))
    assert room_facts(net, host.code)["room"].started
    guest.close()
    host.close()


def test_start_is_refused_while_a_seat_is_open(net):
    host, h = hosted(net)
    host.start()
    assert h.until(lambda heard: any(isinstance(m, Error) and m.code == "not_allowed" for m in heard))
    assert not room_facts(net, host.code)["room"].started
    host.close()


def test_the_host_changes_seats_before_the_start(net):
    host, h = hosted(net, ("away", "away", "away"))
    host.set_seat(2, "computer:hard")
    seats = last_seats(h, lambda m: m.seats[2].kind == "computer")
    assert seats.seats[1].kind == "open"
    facts = room_facts(net, host.code)
    assert facts["seats"][2].kind is Kind.COMPUTER and facts["seats"][2].level == "hard"
    h.poll()
    h.heard.clear()                                         # from here: what follows the change
    host.set_seat(2, "away")
    last_seats(h, lambda m: m.seats[2].kind == "open")
    assert room_facts(net, host.code)["seats"][2].kind is Kind.AWAY
    host.set_seat(2, "computer:nonsense")
    host.set_seat(0, "computer:easy")                       # the host's own seat (a player's): refused
    assert h.until(lambda heard: sum(isinstance(m, Error) and m.code == "not_allowed" for m in heard) == 2)
    host.set_seat(1, "computer:easy")
    host.set_seat(2, "computer:normal")
    last_seats(h, lambda m: all(s.kind != "open" for s in m.seats))
    host.start()                                            # only computers besides the host: starts
    last_seats(h, lambda m: m.started)
    host.close()


def test_the_host_removes_a_player_before_the_start_the_seat_opens_and_the_token_is_void(net):
    host, h = hosted(net)
    guest = NetHandle.join(net.url, host.code, "Guest")
    token = guest.token
    last_seats(h, lambda m: m.seats[1].kind == "player")
    h.poll()
    h.heard.clear()
    host.remove(1)
    assert wait_for(guest.closed.is_set, 10)
    assert guest.error is not None and guest.error.code == "removed" and guest.error.fatal
    last_seats(h, lambda m: m.seats[1].kind == "open")
    with pytest.raises(NetError) as refused:
        NetHandle.join(net.url, host.code, token=token)
    assert refused.value.code == "bad_token"
    again = NetHandle.join(net.url, host.code, "Another")     # the seat is open to someone else
    assert again.seat == 1
    again.close()
    host.close()


def test_a_player_removed_after_the_start_is_replaced_by_a_computer(net):
    host, h = hosted(net)
    guest = NetHandle.join(net.url, host.code, "Guest")
    guest.ready(True)
    last_seats(h, lambda m: m.seats[1].ready)
    host.start()
    last_seats(h, lambda m: m.started)
    host.remove(1)
    assert wait_for(guest.closed.is_set, 10) and guest.error.code == "removed"
    seats = last_seats(h, lambda m: m.seats[1].kind == "computer")
    assert seats.seats[1].name == "Guest"
    assert wait_for(lambda: room_facts(net, host.code)["seats"][1].kind is Kind.COMPUTER, 10)
    host.close()


def test_a_host_who_leaves_before_the_start_closes_the_table(net):
    host, _h = hosted(net)
    guest = NetHandle.join(net.url, host.code, "Guest")
    code = host.code
    host.close()
    assert wait_for(guest.closed.is_set, 10) and guest.error.code == "closed"
    assert wait_for(lambda: net.call(lambda: code not in net.server.rooms), 10)


def test_a_table_that_starts_when_full_still_does(net):
    host = NetHandle.host(net.url, "skyjo", "Host", ["away", "away"])
    guest = NetHandle.join(net.url, host.code, "Guest")
    last_seats(Ear(guest), lambda m: m.started)
    host.start()                                           # nothing to start: told so, not closed
    assert Ear(host).until(lambda heard: any(isinstance(m, Error) and m.code == "not_allowed" for m in heard))
    assert not host.closed.is_set()
    guest.close()
    host.close()


def test_a_bad_start_when_is_a_bad_table(net):
    with pytest.raises(NetError) as refused:
        NetHandle.host(net.url, "skyjo", "Host", ["away", "away"], start_when="never")
    assert refused.value.code == "bad_table"


# ---------------------------------------------------------------------- what a player is told
def test_every_error_a_player_can_meet_has_a_sentence_translated_in_every_language():
    from cardgames import i18n
    from cardgames.net.texts import TEXTS, error_text
    codes = [*lobby.ERRORS, "unreachable"]
    assert set(codes) <= set(TEXTS)
    try:
        for lang in ("ta", "te", "kn"):
            i18n.set_language(lang)
            for code in codes:
                assert error_text(code) != TEXTS[code], (lang, code)
    finally:
        i18n.set_language("en")
    assert error_text("no_table").startswith("There is no table with this code")
    assert error_text("something new") == "The connection to the table ended."


# ---------------------------------------------------------------------- the game's own server
def test_the_games_own_server_hosts_a_table_and_tells_everyone_when_the_host_leaves():
    from net_helpers import FAST

    from cardgames.net.host import LocalHost
    host = LocalHost(address="127.0.0.1", port=0, config=FAST, announce=False)
    url = host.start()
    assert url == f"ws://127.0.0.1:{host.port}" and host.addresses() == [f"127.0.0.1:{host.port}"]
    mine = NetHandle.host(url, "skyjo", "Host", ["away", "away"], start_when="host")
    guest = NetHandle.join(url, mine.code, "Guest")
    host.stop()
    assert wait_for(guest.closed.is_set, 10) and guest.error.code == "closing"
    assert mine.closed.is_set()
    with pytest.raises(NetError) as gone:
        NetHandle.join(url, mine.code, "Late", timeout=5)
    assert gone.value.code == "unreachable"


def test_a_taken_port_falls_back_to_any_free_one():
    from net_helpers import FAST

    from cardgames.net.host import LocalHost
    first = LocalHost(address="127.0.0.1", port=0, config=FAST, announce=False)
    first.start()
    second = LocalHost(address="127.0.0.1", port=first.port, config=FAST, announce=False)
    try:
        second.start()
        assert second.port not in (0, first.port)
    finally:
        second.stop()
        first.stop()


def test_an_address_typed_by_a_player_becomes_a_url():
    from cardgames.net.host import join_url
    assert join_url(" 192.168.1.20 ") == "ws://192.168.1.20:8765"
    assert join_url("example.org:9000") == "ws://example.org:9000"
    assert join_url("[::1]:9000") == "ws://[::1]:9000"
    assert join_url("[fe80::1]") == "ws://[fe80::1]:8765"
    assert join_url("wss://cards.example.org:443") == "wss://cards.example.org:443"
    for bad in ("", "a b", "host:port", "host:0", "host:70000", "[::1", "[::1]x", ":80"):
        assert join_url(bad) is None, bad


def test_the_lan_interfaces_come_from_the_environment_else_the_setting(monkeypatch):
    from cardgames.net import discovery
    from cardgames.net.host import lan_setting
    monkeypatch.delenv(discovery.ENV, raising=False)
    assert lan_setting({}) == "all"
    assert lan_setting({"lan_interfaces": "192.168.1.20"}) == "192.168.1.20"
    monkeypatch.setenv(discovery.ENV, "loopback")
    assert lan_setting({"lan_interfaces": "192.168.1.20"}) == "loopback"
