"""`cardarcade --bot-join URL CODE` (or `python main.py --bot-join ...`): a headless player joins a
table on a server and plays its seat at random (net/bots.Bot) to the end of the game, or for
`--moves` moves; it prints one line and exits 0, or says why not and exits 1. The executable's
check (tools/check_exe.sh) joins the frozen server with it; so can anyone testing a server.

    cardarcade --server --host 127.0.0.1 --port 8765 --ai-delay 0 --table switch:away,computer:easy
    cardarcade --bot-join ws://127.0.0.1:8765 CODE [--name Bot] [--seed 1] [--moves N] [--timeout 120]
"""
from __future__ import annotations

import argparse
import ssl
import sys

from cardgames.net.bots import Bot, wait_for
from cardgames.net.client import NetError, NetHandle
from cardgames.net.config import Config


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="cardarcade --bot-join", description="A headless player at a table on a server.")
    p.add_argument("url", help="the server, ws://HOST:PORT or wss://HOST:PORT")
    p.add_argument("code", help="the table's room code")
    p.add_argument("--name", default="Bot", help="the player's name (default Bot)")
    p.add_argument("--seed", type=int, default=1, help="the bot's random choices (default 1)")
    p.add_argument("--moves", type=int, default=0, help="leave after this many of the table's moves (0: play to the end)")
    p.add_argument("--timeout", type=float, default=120.0, help="give up after this many seconds (default 120)")
    p.add_argument("--cafile", help="a certificate to trust for wss:// (a server's own self-signed one)")
    a = p.parse_args(argv)
    extra = {"ssl": ssl.create_default_context(cafile=a.cafile)} if a.cafile else {}
    try:
        line = NetHandle.join(a.url, a.code.strip().upper(), a.name, **extra)
    except NetError as exc:
        print(f"bot-join: could not join {a.code} at {a.url}: {exc.code}: {exc.text}", file=sys.stderr)
        return 1
    bot = Bot(line, seed=a.seed, pace=1 / (Config.rate / 2)).start()   # half a server's sustained rate at most
    try:
        if a.moves:
            done = wait_for(lambda: len(bot.played) >= a.moves or bot.done.is_set(), a.timeout, step=0.05)
        else:
            done = bot.join(a.timeout)
        if bot.failure is not None or not done or (not a.moves and not bot.over):
            why = bot.failure or line.error or f"no end in {a.timeout:g} s"
            print(f"bot-join: seat {line.seat} of {line.game} table {line.code}: {why}", file=sys.stderr)
            return 1
        result = bot.latest.result if bot.latest is not None else None
        scores = f", scores {list(result.scores)}" if result is not None else ""
        print(f"bot-join: seat {line.seat} of {line.game} table {line.code}: {len(bot.played)} moves{scores}")
        return 0
    finally:
        line.close()
