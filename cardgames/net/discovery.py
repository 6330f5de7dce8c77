"""Tables on the local network: announced and found with mDNS / DNS-SD (python-zeroconf).

    ads = Announcer(interfaces="loopback")        # its own zeroconf and thread: never blocks the caller
    ads.show([TableAd(...), ...])                 # the tables to announce now; the others are withdrawn
    ads.close()                                   # goodbyes: the browsers drop its tables at once

    lan = Browser(interfaces=None)                # None: the environment's CARDGAMES_LAN_INTERFACES, else all
    lan.tables()                                  # [LanTable], a copy, safe from any thread
    lan.found.generation                          # grows with every change: redraw the list then
    lan.close()
    if not lan.tables(): show _(NOTHING_FOUND)    # after a few seconds of looking

One service of type SERVICE per table that has a seat open (a table whose seats are all taken
has nothing to offer a stranger and is withdrawn). Its address and port are the table server's;
its TXT record says: v (lobby.VERSION), m (messages.VERSION), game, open (seats open), seats (all
seats), host (the host's name, sanitised), tls (1: wss), id (a random public id, not the code).

The room code is NOT announced. It is the table's key: whoever has it may take an open seat, and
what mDNS says every device on the network hears (a shared flat, a café's Wi-Fi). The list says
where the tables are and who hosts them; the host reads the code aloud to the friends it is for.

Which interfaces discovery uses is a setting (the `interfaces` argument: "all", "loopback", or a
comma list of interface addresses) and, when the setting is None, the environment variable
CARDGAMES_LAN_INTERFACES; default: all. Tests and benches use loopback only, inside a network
namespace of their own (tests/test_net_discovery.py). Everything read from the network is
checked (bad TXT records are skipped, names sanitised); nothing received can raise here.
"""
from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import secrets
import socket
import threading
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from cardgames.i18n import N_
from cardgames.table import lobby, messages

log = logging.getLogger("cardgames.net.discovery")
SERVICE = "_cardarcade._tcp.local."
ENV = "CARDGAMES_LAN_INTERFACES"
MAX_SEATS = 8
MAX_FOUND = 200             # tables a browser lists at most
LOOKUP_MS = 3000            # how long the browser waits for a found table's records
TTL = 120                   # seconds a table's records live: a host that dies without a goodbye is
                            # dropped from the lists after this (RFC 6762 would keep its PTR 75 min)
NOTHING_FOUND = N_("No tables found on this network. A firewall or another subnet can hide them: "
                   "join by address and code instead.")
DEFAULT_HOST = "Card Arcade"


class DiscoveryError(Exception):
    """Discovery cannot run: a bad interfaces setting, or the network refused (no multicast)."""


# ---------------------------------------------------------------------- the interfaces setting
def interfaces(setting: str | None = None) -> tuple[InterfaceChoice | list[str], IPVersion]:
    """The interfaces to use and the IP version, from `setting` (None: the environment variable
    CARDGAMES_LAN_INTERFACES): "" or "all": every interface (IPv4); "loopback": 127.0.0.1 only;
    else a comma list of interface addresses ("loopback" may be one of them). DiscoveryError when
    an item is not an address."""
    text = (os.environ.get(ENV, "") if setting is None else setting).strip()
    if text.lower() in ("", "all"):
        return InterfaceChoice.All, IPVersion.V4Only
    chosen: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        if item.lower() == "loopback":
            item = "127.0.0.1"
        try:
            address = ipaddress.ip_address(item)
        except ValueError:
            raise DiscoveryError(f"{ENV}: {item!r} is not an interface address "
                                 f"(give 'all', 'loopback' or addresses such as 192.168.1.20)") from None
        if str(address) not in chosen:
            chosen.append(str(address))
    if not chosen:
        return InterfaceChoice.All, IPVersion.V4Only
    versions = {ipaddress.ip_address(a).version for a in chosen}
    version = IPVersion.All if versions == {4, 6} else IPVersion.V6Only if versions == {6} else IPVersion.V4Only
    return chosen, version


def _zeroconf(setting: str | None) -> Zeroconf:
    chosen, version = interfaces(setting)
    try:
        return Zeroconf(interfaces=chosen, ip_version=version)
    except OSError as exc:
        raise DiscoveryError(f"local network discovery cannot start: {exc}") from exc


# ---------------------------------------------------------------------- names
def host_name(text: Any) -> str:
    """A host's name as it may be announced and shown: NFC, no control, format (but the joiners of
    Indic scripts), private-use or unassigned characters, no dots, at most lobby.NAME_MAX
    characters; DEFAULT_HOST when nothing is left."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    kept = []
    for ch in unicodedata.normalize("NFC", str(text)):
        category = unicodedata.category(ch)
        if ch in lobby.JOINERS or (category[0] not in "CZ" and ch != "\ufffd"):
            kept.append(ch)
        elif category[0] == "Z" or ch in "\t\n\r":
            kept.append(" ")
    name = " ".join("".join(kept).replace(".", " ").split())[:lobby.NAME_MAX].strip()
    return name or DEFAULT_HOST


def _instance(host: str, game: str, table_id: str) -> str:
    """The service's instance name (at most 63 bytes): who hosts which game, and the table's id."""
    tail = f" {game} {table_id}"
    head = host.encode()[:63 - len(tail.encode())].decode("utf-8", "ignore").strip()
    return f"{head}{tail}"


# ---------------------------------------------------------------------- announcing
@dataclass(frozen=True)
class TableAd:
    """A table to announce. `addresses`: where its server listens (IPv4 or IPv6 text)."""

    table_id: str
    game: str
    open_seats: int
    seats: int
    host: str
    port: int
    addresses: tuple[str, ...]
    tls: bool = False

    def properties(self) -> dict[str, str]:
        return {"v": str(lobby.VERSION), "m": str(messages.VERSION), "game": self.game,
                "open": str(self.open_seats), "seats": str(self.seats), "host": host_name(self.host),
                "tls": "1" if self.tls else "0", "id": self.table_id}

    def info(self, server: str, name: str = "", ttl: int = TTL) -> ServiceInfo:
        """Its service (under `name` when it has one already), its records living `ttl` seconds."""
        name = name or f"{_instance(host_name(self.host), self.game, self.table_id)}.{SERVICE}"
        return ServiceInfo(SERVICE, name, port=self.port, properties=self.properties(),
                           parsed_addresses=list(self.addresses), server=server, host_ttl=ttl, other_ttl=ttl)


class Announcer:
    """Announces tables (show) from a thread of its own; close() withdraws them all."""

    def __init__(self, interfaces: str | None = None, ttl: int = TTL) -> None:
        self._zc = _zeroconf(interfaces)
        self._ttl = ttl
        self._server = f"cardarcade-{secrets.token_hex(4)}.local."
        self._wanted: dict[str, TableAd] = {}
        self._shown: dict[str, tuple[TableAd, ServiceInfo]] = {}
        self._failed: dict[str, TableAd] = {}
        self._changed = threading.Condition()
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="lan-announcer", daemon=True)
        self._thread.start()

    def show(self, ads: Iterable[TableAd]) -> None:
        """The tables to announce from now on (the others are withdrawn). Returns at once."""
        with self._changed:
            self._wanted = {ad.table_id: ad for ad in ads}
            self._changed.notify()

    def shown(self) -> list[TableAd]:
        with self._changed:
            return [ad for ad, _ in self._shown.values()]

    def close(self) -> None:
        """Withdraw every table (browsers hear the goodbyes) and stop."""
        with self._changed:
            self._closing = True
            self._changed.notify()
        self._thread.join(15)
        self._zc.close()

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._closing and self._wanted == self._settled():
                    self._changed.wait()
                if self._closing:
                    break
                wanted = dict(self._wanted)
            self._sync(wanted)
        for key in list(self._shown):
            self._withdraw(key)

    def _settled(self) -> dict[str, TableAd]:
        """What was done about each table: announced as it is, or tried and failed (not retried
        until the table changes)."""
        return {**{k: ad for k, (ad, _) in self._shown.items()}, **self._failed}

    def _sync(self, wanted: dict[str, TableAd]) -> None:
        for key in [k for k in self._shown if k not in wanted]:
            self._withdraw(key)
        with self._changed:
            self._failed = {k: ad for k, ad in self._failed.items() if wanted.get(k) == ad}
        for key, ad in wanted.items():
            old = self._shown.get(key)
            if (old is not None and old[0] == ad) or self._failed.get(key) == ad:
                continue
            try:
                if old is None:
                    info = ad.info(self._server, ttl=self._ttl)
                    self._zc.register_service(info, allow_name_change=True)   # the name may get " (2)"
                else:
                    info = ad.info(self._server, old[1].name, self._ttl)
                    self._zc.update_service(info)
            except Exception:
                log.exception("table %s could not be announced", ad.table_id)
                with self._changed:
                    self._failed[key] = ad
                continue
            with self._changed:
                self._shown[key] = (ad, info)

    def _withdraw(self, key: str) -> None:
        with self._changed:
            _, info = self._shown.pop(key)
        try:
            self._zc.unregister_service(info)
        except Exception:
            log.exception("table %s could not be withdrawn", key)


class ServerAds:
    """What a table server announces: each of its rooms with a seat open, under a public id of its
    own (never the room's code), at the server's addresses and port."""

    def __init__(self, host: str, port: int, addresses: Sequence[str], tls: bool = False) -> None:
        self.host, self.port, self.addresses, self.tls = host_name(host), port, tuple(addresses), tls
        self._ids: dict[str, str] = {}

    def ads(self, rooms: Iterable[Any]) -> list[TableAd]:
        """Rooms (cardgames.net.rooms.Room: code, closed, started, seats, table.game) to TableAds."""
        out, live = [], set()
        for room in rooms:
            live.add(room.code)
            open_seats = sum(1 for seat in room.seats if seat.kind == "open")
            if room.closed or room.started or not open_seats:
                continue
            table_id = self._ids.setdefault(room.code, secrets.token_hex(3))
            out.append(TableAd(table_id, room.table.game, open_seats, len(room.seats), self.host, self.port,
                               self.addresses, self.tls))
        for code in [c for c in self._ids if c not in live]:
            del self._ids[code]
        return out


def listening_addresses(host: str, setting: str | None = None) -> list[str]:
    """The addresses to announce for a server listening on `host`: that address, or for a wildcard
    ("0.0.0.0", "::", "") the interfaces of the setting, or every IPv4 address of the machine."""
    if host not in ("", "0.0.0.0", "::"):
        try:
            return [str(ipaddress.ip_address(host))]
        except ValueError:
            return sorted({ai[4][0] for ai in socket.getaddrinfo(host, None, socket.AF_INET)})
    chosen, _ = interfaces(setting)
    if isinstance(chosen, list):
        return chosen
    import ifaddr  # zeroconf's own dependency

    found = [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips if ip.is_IPv4]
    outside = [a for a in found if not ipaddress.ip_address(a).is_loopback]
    return outside or found or ["127.0.0.1"]


class RoomsAnnounced:
    """A table server's rooms kept announced: every `every` seconds, on the server's event loop,
    its rooms are read (there, where they live) and handed to the Announcer's thread."""

    def __init__(self, rooms: Callable[[], Iterable[Any]], ads: ServerAds, announcer: Announcer,
                 every: float = 0.5) -> None:
        self.rooms, self.ads, self.announcer, self.every = rooms, ads, announcer, every
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            self.announcer.show(self.ads.ads(self.rooms()))
            await asyncio.sleep(self.every)

    async def stop(self) -> None:
        """Withdraw every table (the goodbyes are sent before this returns)."""
        self._task.cancel()
        await asyncio.to_thread(self.announcer.close)


def announce_rooms(server: Any, name: str, host: str, port: int, tls: bool = False,
                   setting: str | None = None) -> RoomsAnnounced:
    """Announce the open tables of `server` (cardgames.net.server.Server, listening on host:port)
    under the host name `name`; call in the server's loop. DiscoveryError when discovery cannot run."""
    addresses = listening_addresses(host, setting)
    chosen, _ = interfaces(setting)
    if all(ipaddress.ip_address(a).is_loopback for a in addresses) and chosen != ["127.0.0.1"]:
        log.warning("the server listens on %s only: other computers cannot join what is announced "
                    "(listen on 0.0.0.0 or a network address to be reachable)", ", ".join(addresses))
    ads = ServerAds(name, port, addresses, tls)
    return RoomsAnnounced(lambda: list(server.rooms.values()), ads, Announcer(setting))


# ---------------------------------------------------------------------- finding
@dataclass(frozen=True)
class LanTable:
    """A table found on the network."""

    name: str               # the service's instance name (one per table)
    address: str
    port: int
    game: str
    open_seats: int
    seats: int
    host: str
    version: int
    tls: bool = False

    @property
    def url(self) -> str:
        address = f"[{self.address}]" if ":" in self.address else self.address
        return f"{'wss' if self.tls else 'ws'}://{address}:{self.port}"

    @property
    def compatible(self) -> bool:
        """Whether this game speaks the table's protocol (another version is listed, not joinable)."""
        return self.version == lobby.VERSION

    @classmethod
    def from_info(cls, info: ServiceInfo) -> LanTable | None:
        """The table a service announces, or None when its records make no table."""
        try:
            props = {k.decode("ascii"): (v or b"").decode("utf-8", "replace")
                     for k, v in (info.properties or {}).items() if isinstance(k, bytes)}
            addresses = info.parsed_scoped_addresses()
            game = props.get("game", "")
            seats, open_seats = int(props.get("seats", "")), int(props.get("open", ""))
            version = int(props.get("v", ""))
            if not (addresses and 0 < (info.port or 0) < 65536 and 0 <= open_seats <= seats <= MAX_SEATS):
                return None
            if not (0 < len(game) <= 32 and game.isascii() and game.replace("_", "").isalnum()):
                return None
        except (ValueError, UnicodeDecodeError, TypeError, AttributeError):
            return None
        ipv4 = [a for a in addresses if ":" not in a]
        return cls(info.name, (ipv4 or addresses)[0], int(info.port), game, open_seats, seats,
                   host_name(props.get("host", "")), version, props.get("tls") == "1")


class FoundTables:
    """The tables found, safe from any thread: at most MAX_FOUND (a network flooding the list with
    announcements fills it, no more); `generation` grows with every change."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._found: dict[str, LanTable] = {}
        self.generation = 0

    def tables(self) -> list[LanTable]:
        """The tables (a copy), by host, game and name."""
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.host.casefold(), t.game, t.name))

    def names(self) -> list[str]:
        with self._lock:
            return list(self._found)

    def set(self, name: str, table: LanTable | None, known_only: bool = False) -> None:
        """The table of service `name` (None: gone); `known_only`: only if it is listed (a recheck
        must not bring back a table whose goodbye was heard meanwhile)."""
        with self._lock:
            if known_only and name not in self._found:
                return
            if table is None:
                changed = self._found.pop(name, None) is not None
            elif name not in self._found and len(self._found) >= MAX_FOUND:
                return
            else:
                changed = self._found.get(name) != table
                self._found[name] = table
            if changed:
                self.generation += 1


class Browser:
    """Finds the tables announced on the network, as they come and go (its own threads).

    A host that stops says goodbye and its tables go at once. One that dies silently (a crash, a
    closed lid) is caught by the recheck: every `recheck` seconds each table's records are looked
    up again, and once they are older than their TTL that asks the host, who must answer."""

    def __init__(self, interfaces: str | None = None, recheck: float = 15.0) -> None:
        self._zc = _zeroconf(interfaces)
        self.found = FoundTables()  # its `generation` grows with every change: a screen redraws its list then
        self._stop = threading.Event()
        self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._heard])
        self._checker = threading.Thread(target=self._recheck, args=(recheck,), name="lan-recheck", daemon=True)
        self._checker.start()

    def tables(self) -> list[LanTable]:
        """The tables found so far (a copy), by host, game and name."""
        return self.found.tables()

    def close(self) -> None:
        self._stop.set()
        self._browser.cancel()
        self._checker.join(LOOKUP_MS / 1000 + 2)
        self._zc.close()

    def _heard(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        table = self._look_up(name) if state_change is not ServiceStateChange.Removed else None
        self.found.set(name, table)

    def _look_up(self, name: str) -> LanTable | None:
        try:
            info = self._zc.get_service_info(SERVICE, name, LOOKUP_MS)
        except Exception:   # noqa: BLE001 - a lookup that fails is a table not found
            info = None
        return LanTable.from_info(info) if info is not None else None

    def _recheck(self, every: float) -> None:
        while not self._stop.wait(every):
            for name in self.found.names():
                if self._stop.is_set():
                    return
                self.found.set(name, self._look_up(name), known_only=True)
