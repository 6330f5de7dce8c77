"""The command line: parse and check the arguments, return a Launch.

Checks that need the game registry (known names, each game's player range,
whether it has computer opponents) are made here, so a mistake is reported
before a window opens, with a clear message and exit code 2 (argparse's
convention for usage errors).
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from cardgames import config
from cardgames.games import registry
from cardgames.games.info import LEVEL_NAMES
from cardgames.launch import Launch

LEVELS = LEVEL_NAMES
SCREENSHOT_TYPES = (".png", ".jpg", ".jpeg", ".bmp", ".tga")


def _non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def _positive_int(text: str) -> int:
    value = _non_negative_int(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _data_dir(text: str) -> Path:
    """--data-dir: Path("") would be ".", silently the current folder, so an empty name is refused."""
    if not text.strip():
        raise argparse.ArgumentTypeError("empty folder name (leave the option out for the usual folder)")
    return Path(text).expanduser()


def build_parser() -> argparse.ArgumentParser:
    names = ", ".join(g.name for g in registry.GAMES)
    p = argparse.ArgumentParser(
        prog="main.py",
        description=f"{config.TITLE}: TriPeaks, Skyjo, Three Thirteen and Switch. "
        "Without arguments, opens the menu.",
        epilog="Also: --server [OPTIONS] runs the table server instead (--server --help lists its options); "
        "--bot-join URL CODE joins a table on a server with a headless player.",
    )
    p.add_argument("--game", metavar="NAME", help=f"open this game directly ({names})")
    p.add_argument("--seed", type=_non_negative_int, metavar="N", help="deal from this seed (same seed, same deal), also for new games started from the menu")
    p.add_argument("--players", type=_positive_int, metavar="N", help="number of players (needs --game)")
    p.add_argument("--level", choices=LEVELS, help="computer opponents' level")
    p.add_argument("--demo", action="store_true",
                   help="attract mode: computer players play the chosen game (or every game) until a key is pressed")
    screen = p.add_mutually_exclusive_group()
    screen.add_argument("--windowed", dest="fullscreen", action="store_false", default=None, help="open in a window")
    screen.add_argument("--fullscreen", dest="fullscreen", action="store_true", help="open full screen")
    p.add_argument("--mute", action="store_true", help="no sound effects or music")
    p.add_argument("--data-dir", type=_data_dir, metavar="DIR",
                   help=f"keep settings, statistics and saves here (default: ${config.DATA_DIR_ENV}, "
                   "else the user's data folder)")
    p.add_argument("--join", metavar="URL", help="join a table on a server, e.g. ws://192.168.1.5:8765 (with --code)")
    p.add_argument("--code", metavar="CODE", help="the table's room code (with --join)")
    p.add_argument("--frames", type=_positive_int, metavar="N", help="render N frames, then quit")
    p.add_argument("--screenshot", type=Path, metavar="PATH", help="save the last frame as an image (with --frames)")
    return p


def _check(p: argparse.ArgumentParser, a: argparse.Namespace) -> None:
    """Cross-argument checks; p.error() prints usage and the message, then exits with code 2."""
    if a.game is not None:
        if a.game not in registry.BY_NAME:
            p.error(f"argument --game: unknown game {a.game!r} (choose from {', '.join(registry.BY_NAME)})")
        info = registry.get(a.game)
        if not info.available:
            p.error(f"argument --game: {info.title} is not available yet")
        if a.players is not None and not info.min_players <= a.players <= info.max_players:
            if info.min_players == info.max_players:
                span = "one player" if info.min_players == 1 else f"exactly {info.min_players} players"
            else:
                span = f"{info.min_players} to {info.max_players} players"
            p.error(f"argument --players: {info.title} is for {span}, not {a.players}")
        levels = {o.key: [v for v, _ in o.choices] for o in info.options}.get("level")
        if a.level is not None and levels is None:
            p.error(f"argument --level: {info.title} has no computer opponents")
        if a.level is not None and a.level not in levels:
            p.error(f"argument --level: {info.title} has no {a.level} level")
    elif a.players is not None:
        p.error("argument --players: needs --game (player counts differ between games)")
    if a.screenshot is not None:
        if a.frames is None:
            p.error("argument --screenshot: needs --frames N (the frame to save)")
        if a.screenshot.suffix.lower() not in SCREENSHOT_TYPES:
            p.error(f"argument --screenshot: use one of {', '.join(SCREENSHOT_TYPES)}, not {a.screenshot.name!r}")
        folder = a.screenshot.parent
        if not folder.is_dir():
            p.error(f"argument --screenshot: folder {str(folder)!r} does not exist")
        if not os.access(folder, os.W_OK) or (a.screenshot.exists() and not os.access(a.screenshot, os.W_OK)):
            p.error(f"argument --screenshot: {str(a.screenshot)!r} cannot be written (no permission)")
        if a.screenshot.is_dir():
            p.error(f"argument --screenshot: {str(a.screenshot)!r} is a folder")
    if (a.join is None) != (a.code is None):
        p.error("arguments --join and --code go together (the server's address and the table's code)")
    if a.join is not None and not a.join.startswith(("ws://", "wss://")):
        p.error(f"argument --join: an address starts with ws:// or wss://, not {a.join!r}")
    if a.data_dir is not None and a.data_dir.exists() and not a.data_dir.is_dir():
        p.error(f"argument --data-dir: {str(a.data_dir)!r} is a file, not a folder")


def parse_args(argv: list[str] | None = None) -> Launch:
    """Parse `argv` (default: sys.argv[1:]) into a Launch; exits with code 2 on a bad argument."""
    p = build_parser()
    a = p.parse_args(argv)
    _check(p, a)
    return Launch(
        game=a.game,
        seed=a.seed,
        players=a.players,
        level=a.level,
        demo=a.demo,
        fullscreen=a.fullscreen,
        mute=a.mute,
        data_dir=a.data_dir,
        frames=a.frames,
        screenshot=a.screenshot,
        join=a.join,
        code=a.code,
    )
