"""`python -m cardgames.server` (and `cardarcade --server`): the headless table server's command line.

    python -m cardgames.server --host 127.0.0.1 --port 8765 [--grace 20] [--cert C --key K]
                               [--table skyjo:away,away,computer:hard ...]
                               [--announce [--name NAME] [--lan-interfaces loopback|all|ADDRESSES]]
                               [--store PATH | --no-store | --redis URL [--advertise URL]]

Its options make a net.config.Config and a store (SQLite, Redis, or none), then a net.server.Server
runs on the loop net/loop.py chooses, until SIGTERM or Ctrl-C: the tables are told, the lines closed.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import socket
import ssl
import sys
from typing import Any

from cardgames.net import loop as loops
from cardgames.net.config import CATCH_TRIP_MAX, Config
from cardgames.net.rooms import JoinRefused, ai_worker
from cardgames.net.server import Server, tune_gc

log = logging.getLogger("cardgames.net")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardgames.server", description="Card Arcade's table server.")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8765, help="the port (0: any free one; default 8765)")
    parser.add_argument("--grace", type=float, default=Config.grace,
                        help="seconds before a computer plays a dropped player's seat (0-120, default 20)")
    parser.add_argument("--ai-delay", type=float, default=Config.ai_delay, help="a computer's thinking time (s)")
    parser.add_argument("--tables-per-address", type=int, default=Config.tables_per_address,
                        help="tables one address may host at once (default %(default)s)")
    parser.add_argument("--lines-per-address", type=int, default=Config.lines_per_address,
                        help="connections one address may hold at once (default %(default)s)")
    parser.add_argument("--rate", type=float, default=Config.rate,
                        help="messages a second a line may send (twice as many at once; default %(default)s)")
    parser.add_argument("--catch-window", type=float, default=Config.catch_base, metavar="SECONDS",
                        help="Switch: how long a missed 'last card' may be caught, before round trips (default 3)")
    parser.add_argument("--cert", help="TLS certificate (PEM): serve wss://")
    parser.add_argument("--key", help="TLS private key (PEM)")
    parser.add_argument("--announce", action="store_true",
                        help="announce the tables with a seat open on the local network (mDNS; never their codes)")
    parser.add_argument("--name", default=socket.gethostname(), help="the host name the announcements show")
    parser.add_argument("--lan-interfaces", default=None, metavar="ADDRESSES",
                        help="where to announce: all, loopback, or interface addresses a,b "
                             "(default: $CARDGAMES_LAN_INTERFACES, else all)")
    parser.add_argument("--store", metavar="PATH",
                        help="the tables' records (SQLite), reopened at start (default: "
                             "server-tables.sqlite3 in the data folder, $CARDGAMES_DATA_DIR or the user's)")
    parser.add_argument("--no-store", action="store_true", help="keep the tables in memory only")
    parser.add_argument("--redis", metavar="URL", help="one of several processes on this Redis "
                        "(redis://host:6379/0): the tables' records there, none lost when a process goes")
    parser.add_argument("--advertise", metavar="URL", help="with --redis: the address the other processes "
                        "reach this one at (default ws://HOST:PORT)")
    parser.add_argument("--table", action="append", default=[], metavar="GAME:SEATS",
                        help="open a table at start, e.g. skyjo:away,away,computer:hard (its code is logged)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("cardgames.net.websockets").setLevel(logging.WARNING)
    try:
        config = Config(grace=args.grace, ai_delay=args.ai_delay, tables_per_address=args.tables_per_address,
                        lines_per_address=args.lines_per_address, rate=args.rate, burst=max(1, int(2 * args.rate)),
                        catch_base=args.catch_window, catch_cap=args.catch_window + CATCH_TRIP_MAX)
    except ValueError as exc:
        parser.error(str(exc))
    tls = None
    if args.cert or args.key:
        if not (args.cert and args.key):
            parser.error("--cert and --key go together")
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(args.cert, args.key)
    return loops.run(_serve(args, config, tls))


def _store(args: argparse.Namespace) -> Any:
    if args.redis:
        from cardgames.net.cluster import Cluster
        return Cluster(args.redis, args.advertise or f"ws://{args.host}:{args.port}")
    if args.no_store:
        return None
    from cardgames.net.store import DEFAULT_NAME, Store
    from cardgames.storage import resolve_data_dir
    return Store(args.store or resolve_data_dir() / DEFAULT_NAME)


async def _serve(args: argparse.Namespace, config: Config, tls: ssl.SSLContext | None) -> int:
    tune_gc()
    try:
        server = Server(config, store=_store(args))
        port = await server.start(args.host, args.port, tls)
    except Exception as exc:   # noqa: BLE001 - the port is taken, the store out of reach: said, and out
        log.error("cannot serve on %s:%d: %s", args.host, args.port, exc)
        return 1
    if args.redis and not args.advertise:
        server.store.advertise = f"ws://{args.host}:{port}"
    stop = asyncio.Event()    # SIGTERM from the moment the server says it listens: a clean stop
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    kept = f"; the tables' records: {server.store.where}" if server.store is not None else ""
    log.info("listening on %s://%s:%d (%s)%s", "wss" if tls else "ws", args.host, port, loops.name(), kept)
    for text in args.table:
        game, _, seats = text.partition(":")
        try:
            room = server.open_room(game, {}, seats.split(","))
        except (ValueError, KeyError, TypeError, JoinRefused) as exc:
            log.error("cannot open table %r: %s", text, exc)
            continue
        log.info("table %s: code %s", game, room.code)
    lan = None
    if args.announce:
        from cardgames.net import discovery  # zeroconf only where it is asked for
        try:
            lan = discovery.announce_rooms(server, args.name, args.host, port, tls is not None, args.lan_interfaces)
        except discovery.DiscoveryError as exc:
            log.error("cannot announce the tables: %s", exc)
            await server.shutdown()
            return 1
        log.info("announcing the open tables on the local network (%s)", discovery.SERVICE)
    await stop.wait()
    if lan is not None:
        await lan.stop()
    log.info("shutting down: telling %d tables", len(server.rooms))
    await server.shutdown()
    ai_worker().shutdown(wait=False, cancel_futures=True)    # the process ends: no queued choice is made
    log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
