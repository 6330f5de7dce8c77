"""LAN discovery (cardgames/net/discovery.py).

The network part runs tests/lan_scenario.py inside a network namespace of its own (`unshare --net`,
as root): multicast there goes to that namespace's loopback only, never to the machine's real
interfaces. Without unshare (or root) the test FAILS and says so: it is never skipped. The other
tests read and write records without any network.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from zeroconf import InterfaceChoice, IPVersion, ServiceInfo

from cardgames.net import discovery
from cardgames.net.discovery import SERVICE, DiscoveryError, LanTable, ServerAds, TableAd, host_name, interfaces
from cardgames.table import lobby

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "tests" / "lan_scenario.py"
NAMESPACE = ("ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo "
             '&& exec "$0" "$1"')


@pytest.mark.timeout(120)
def test_a_table_is_found_from_another_process_and_goes_when_full_when_the_host_stops_or_dies() -> None:
    unshare = shutil.which("unshare")
    if unshare is None or shutil.which("ip") is None or os.geteuid() != 0:
        pytest.fail("LAN discovery is tested in a network namespace of its own: this needs `unshare` and `ip` "
                    "(util-linux, iproute2) and root; the test never multicasts on the machine's own network")
    run = subprocess.run([unshare, "--net", "sh", "-c", NAMESPACE, sys.executable, str(SCENARIO)], cwd=ROOT,
                         check=False, capture_output=True, text=True, timeout=100)
    said = run.stdout + run.stderr
    assert run.returncode == 0, said
    for step in ("found [('skyjo', 'ws://127.0.0.1:", "no code announced", "one seat open now",
                 "withdrawn", "no table left", "killed host gone after", "the live one stayed",
                 "logged once", "OK"):
        assert step in run.stdout, said


def test_the_scenario_refuses_to_run_outside_a_namespace_of_its_own() -> None:
    run = subprocess.run([sys.executable, str(SCENARIO)], cwd=ROOT, check=False, capture_output=True, text=True, timeout=30)
    assert run.returncode == 1 and "network namespace of its own" in run.stdout


# ---------------------------------------------------------------------- the interfaces setting
def test_the_interfaces_come_from_the_setting_else_the_environment_else_all(monkeypatch) -> None:
    monkeypatch.delenv(discovery.ENV, raising=False)
    assert interfaces() == (InterfaceChoice.All, IPVersion.V4Only)
    assert interfaces("all") == (InterfaceChoice.All, IPVersion.V4Only)
    assert interfaces("loopback") == (["127.0.0.1"], IPVersion.V4Only)
    monkeypatch.setenv(discovery.ENV, " 192.168.1.20 , loopback,192.168.1.20")
    assert interfaces() == (["192.168.1.20", "127.0.0.1"], IPVersion.V4Only)
    assert interfaces("loopback") == (["127.0.0.1"], IPVersion.V4Only)     # the setting wins
    assert interfaces("::1") == (["::1"], IPVersion.V6Only)
    assert interfaces("::1,127.0.0.1") == (["::1", "127.0.0.1"], IPVersion.All)


@pytest.mark.parametrize("bad", ["eth0", "192.168.1.300", "127.0.0.1;rm", "loopback,wlan0"])
def test_a_bad_interfaces_setting_is_a_clear_error(bad: str) -> None:
    with pytest.raises(DiscoveryError, match=discovery.ENV):
        interfaces(bad)


def test_a_bad_interfaces_setting_stops_the_server_with_a_clear_message() -> None:
    run = subprocess.run([sys.executable, "-m", "cardgames.server", "--port", "0", "--announce",
                          "--lan-interfaces", "eth0", "--no-store"], cwd=ROOT, check=False, capture_output=True, text=True, timeout=30)
    assert run.returncode == 1 and "cannot announce the tables" in run.stderr and "'eth0'" in run.stderr


# ---------------------------------------------------------------------- names and records
@pytest.mark.parametrize("given, shown", [
    ("Asha", "Asha"),
    ("  Asha\u202e.Home\n", "Asha Home"),                 # a bidi override, a dot, a line break
    ("\x00\x07", discovery.DEFAULT_HOST),
    (b"Ra\xffvi", "Ravi"),                                 # undecodable bytes
    ("x" * 80, "x" * lobby.NAME_MAX),
    ("ಕನ್\u200dನಡ", "ಕನ್\u200dನಡ"),                        # Kannada keeps its joiner
])
def test_a_host_name_is_sanitised(given: object, shown: str) -> None:
    assert host_name(given) == shown


def test_the_instance_name_fits_a_dns_label_even_for_a_long_indic_name() -> None:
    ad = TableAd("a1b2c3", "three_thirteen", 2, 4, "தமிழ்" * 10, 8765, ("127.0.0.1",))
    name = ad.info("h.local.").name
    assert name.endswith(" three_thirteen a1b2c3." + SERVICE)
    assert len(name[:-len("." + SERVICE)].encode()) <= 63


def _info(props: dict, port: int = 8765, addresses: tuple[str, ...] = ("192.168.1.20",)) -> ServiceInfo:
    return ServiceInfo(SERVICE, f"t.{SERVICE}", port=port, properties=props, parsed_addresses=list(addresses),
                       server="h.local.")


GOOD = {"v": "1", "m": "1", "game": "skyjo", "open": "1", "seats": "3", "host": "Asha", "tls": "0", "id": "abc"}


def test_a_record_reads_as_a_table() -> None:
    table = LanTable.from_info(_info(GOOD))
    assert table == LanTable(f"t.{SERVICE}", "192.168.1.20", 8765, "skyjo", 1, 3, "Asha", 1, False)
    assert table.url == "ws://192.168.1.20:8765" and table.compatible
    assert LanTable.from_info(_info({**GOOD, "tls": "1", "v": "9"}, addresses=("fe80::1",))).url == "wss://[fe80::1]:8765"
    assert not LanTable.from_info(_info({**GOOD, "v": "9"})).compatible


@pytest.mark.parametrize("change", [
    {"game": ""}, {"game": "../x"}, {"game": "sky jo"}, {"open": "many"}, {"open": "-1"}, {"open": "4"},
    {"seats": "99"}, {"seats": None}, {"v": "x"}, {"v": None},
])
def test_a_bad_record_is_no_table(change: dict) -> None:
    props = {k: v for k, v in {**GOOD, **change}.items() if v is not None}
    assert LanTable.from_info(_info(props)) is None


def test_a_record_without_address_or_port_is_no_table() -> None:
    assert LanTable.from_info(_info(GOOD, addresses=())) is None
    assert LanTable.from_info(_info(GOOD, port=0)) is None


def test_a_hostile_host_name_in_a_record_is_sanitised() -> None:
    table = LanTable.from_info(_info({**GOOD, "host": "Evil\u202e\x1b[2J" + "z" * 200}))
    assert table is not None and table.host == "Evil[2J" + "z" * (lobby.NAME_MAX - 7)


def _table(name: str, open_seats: int = 1) -> LanTable:
    return LanTable(name, "192.168.1.20", 8765, "skyjo", open_seats, 2, name, 1)


def test_the_found_list_follows_comings_and_goings_and_is_bounded() -> None:
    found = discovery.FoundTables()
    found.set("b", _table("Bala"))
    found.set("a", _table("asha"))
    assert [t.host for t in found.tables()] == ["asha", "Bala"] and found.generation == 2
    found.set("a", _table("asha"))                      # heard again, unchanged: no redraw
    assert found.generation == 2
    found.set("a", _table("asha", open_seats=0))
    found.set("b", None)
    assert [(t.host, t.open_seats) for t in found.tables()] == [("asha", 0)] and found.generation == 4
    found.set("b", _table("Bala"), known_only=True)     # a recheck never brings back a table that went
    assert found.names() == ["a"]
    for n in range(discovery.MAX_FOUND + 50):           # a network flooding the list fills it, no more
        found.set(f"x{n}", _table(f"x{n}"))
    assert len(found.tables()) == discovery.MAX_FOUND
    found.set("a", None)
    found.set("new", _table("new"))
    assert "new" in found.names()


# ---------------------------------------------------------------------- what a server announces
@dataclass
class _Seat:
    kind: str


@dataclass
class _Game:
    game: str


@dataclass
class _Room:                       # the attributes of cardgames.net.rooms.Room that ServerAds reads
    code: str
    game: str
    kinds: list[str]
    started: bool = False
    closed: bool = False
    seats: list[_Seat] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.seats = [_Seat(k) for k in self.kinds]
        self.table = _Game(self.game)


def test_a_server_announces_its_open_tables_under_ids_that_are_not_their_codes() -> None:
    ads = ServerAds("Asha\n", 8765, ["192.168.1.20"])
    rooms = [_Room("K7PQ3", "skyjo", ["open", "player", "computer"]),
             _Room("ABCDE", "switch", ["player", "computer"], started=True),
             _Room("FGHJK", "skyjo", ["open", "open"], closed=True),
             _Room("MNPQR", "three_thirteen", ["open", "open", "open", "computer"])]
    first = ads.ads(rooms)
    assert [(a.game, a.open_seats, a.seats, a.host, a.port, a.addresses) for a in first] == [
        ("skyjo", 1, 3, "Asha", 8765, ("192.168.1.20",)), ("three_thirteen", 3, 4, "Asha", 8765, ("192.168.1.20",))]
    for ad in first:
        said = " ".join([ad.info("h.local.").name, *ad.properties().values()])
        assert not any(room.code in said for room in rooms)
    rooms[0].seats[0].kind = "player"                 # the last seat taken: the table is withdrawn
    rooms[3].seats[0].kind = "player"
    second = ads.ads(rooms)
    assert [(a.game, a.open_seats) for a in second] == [("three_thirteen", 2)]
    assert second[0].table_id == first[1].table_id    # the same table keeps its id
    assert ads.ads([]) == [] and ads._ids == {}       # closed rooms are forgotten


@pytest.mark.parametrize("lang", ["ta", "te", "kn"])
def test_the_nothing_found_message_is_translated(lang: str) -> None:
    from babel.messages.pofile import read_po

    path = ROOT / "cardgames" / "locale" / lang / "LC_MESSAGES" / "cardgames.po"
    with path.open("rb") as f:
        message = read_po(f).get(discovery.NOTHING_FOUND)
    assert message is not None and message.string and message.string != discovery.NOTHING_FOUND
