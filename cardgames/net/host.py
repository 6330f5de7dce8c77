"""The game's own table server: a player hosts a table on their computer for friends on the network.

    host = LocalHost(lan="all", name="Asha")   # listens on every address (0.0.0.0), port 8765 or any free one
    host.start()                               # -> the url the host's own screen joins (ws://127.0.0.1:PORT)
    host.addresses()                           # ["192.168.1.20:8765"]: what friends type to join by address
    host.announce_error                        # None, or why the table is not listed on the network
    host.stop()                                # every other player is told "closing"; the announcement goes
    LocalHost(..., records=PATH)               # the tables' records in SQLite (net/store.py): the game
                                               # hosted again later opens them again, the same seats

A LocalHost is a net.server.ServerThread (the same table code as the dedicated server, in a thread
of its own: the pygame loop never waits for it) and, unless asked not to, the announcement of its
open tables on the local network (net.discovery, on the interfaces of the "LAN interfaces"
setting or $CARDGAMES_LAN_INTERFACES). The host's own screen joins the table through a NetHandle,
like everyone else. Tests listen on 127.0.0.1 with announce=False or lan="loopback".
"""
from __future__ import annotations

import asyncio
import logging
import os
import socket
from collections.abc import Mapping
from typing import Any

from cardgames.net import discovery
from cardgames.net.config import Config
from cardgames.net.server import ServerThread

log = logging.getLogger("cardgames.net")
DEFAULT_PORT = 8765          # the port a friend types (the dedicated server's default too)
SETTING = "lan_interfaces"   # the settings' key: "all", "loopback", or interface addresses a,b
RECORDS = "hosted-tables.sqlite3"   # in the data folder: the tables this game hosts (hosted again after a quit)


def lan_setting(settings: Mapping[str, Any]) -> str:
    """Where discovery looks and announces: $CARDGAMES_LAN_INTERFACES when it is set, else the setting."""
    env = os.environ.get(discovery.ENV, "").strip()
    if env:
        return env
    value = settings.get(SETTING, "all")
    return value.strip() if isinstance(value, str) and value.strip() else "all"


def join_url(text: str) -> str | None:
    """The url for what a player typed as a table's address: "192.168.1.20", "host:8765",
    "[::1]:8765", "ws://..." or "wss://..."; None when it makes no address."""
    text = text.strip()
    if not text or any(c.isspace() for c in text):
        return None
    if text.startswith(("ws://", "wss://")):
        return text
    host, port = text, DEFAULT_PORT
    if text.startswith("["):                        # [IPv6]:port
        close = text.find("]")
        if close < 0:
            return None
        host, rest = text[1:close], text[close + 1:]
        if rest:
            if not rest.startswith(":") or not rest[1:].isdigit():
                return None
            port = int(rest[1:])
    elif text.count(":") == 1:
        host, _, tail = text.partition(":")
        if not tail.isdigit():
            return None
        port = int(tail)
    if not host or not 0 < port < 65536:
        return None
    return f"ws://[{host}]:{port}" if ":" in host else f"ws://{host}:{port}"


class LocalHost:
    """A table server in this game, for the player who hosts (see the module's notes)."""

    def __init__(self, lan: str = "all", name: str = "", address: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 config: Config | None = None, announce: bool = True, records: str | os.PathLike | None = None) -> None:
        self.lan, self.address, self.port = lan, address, port
        self.records = records       # the tables' records (net/store.py): a hosted game can be hosted again
        self.name = discovery.host_name(name or socket.gethostname())
        self.config = config or Config()
        self.announce = announce
        self.announce_error: str | None = None
        self.thread: ServerThread | None = None
        self._ads: Any = None

    def start(self) -> str:
        """Listen (the port asked for, else any free one) and announce; the url this screen joins.
        OSError when no port can be had."""
        try:
            self.thread = self._listen(self.port)
        except OSError:
            self.thread = self._listen(0)             # the usual port is taken: any free one
        self.port = self.thread.port
        if self.announce:
            try:
                self._ads = self.thread.call(self._announce)
            except (discovery.DiscoveryError, OSError) as exc:
                self.announce_error = str(exc)
                log.warning("the table is not announced on the local network: %s", exc)
        own = "127.0.0.1" if self.address in ("", "0.0.0.0") else "::1" if self.address == "::" else self.address
        return f"ws://[{own}]:{self.port}" if ":" in own else f"ws://{own}:{self.port}"

    def _listen(self, port: int) -> ServerThread:
        store = None
        if self.records is not None:      # the tables of the last time this game hosted are open again
            from cardgames.net.store import Store
            store = Store(self.records)
        thread = ServerThread(self.config, host=self.address, port=port, store=store)
        thread.start()
        return thread

    def _announce(self) -> Any:
        """In the server's own loop: its open tables kept announced."""
        return discovery.announce_rooms(self.thread.server, self.name, self.address, self.port, False, self.lan)

    def addresses(self) -> list[str]:
        """What a friend types to join by address: this computer's addresses and the port."""
        try:
            found = discovery.listening_addresses(self.address, self.lan)
        except (discovery.DiscoveryError, OSError):
            found = []
        return [f"[{a}]:{self.port}" if ":" in a else f"{a}:{self.port}" for a in found]

    def stop(self) -> None:
        """The host leaves: the announcement is withdrawn, every table told "closing", the server stopped."""
        thread, self.thread = self.thread, None
        if thread is None:
            return
        if self._ads is not None and thread.server.loop is not None:
            try:
                asyncio.run_coroutine_threadsafe(self._ads.stop(), thread.server.loop).result(20)
            except Exception:
                log.exception("the table's announcement could not be withdrawn")
            self._ads = None
        thread.stop()
