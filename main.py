"""Start the card collection: parse the command line, then hand over to the app.

    python main.py                     # the menu
    python main.py --game skyjo        # straight into a game
    python main.py --help              # every option
    python main.py --server ...        # the table server (`--server --help`: its options)
    python main.py --bot-join URL CODE # a headless player joins a table on a server (cardgames/net/bot_join.py)
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner on the terminal


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--server"]:            # the executable's own server and headless player: no window
        from cardgames.server import main as serve

        return serve(args[1:])
    if args[:1] == ["--bot-join"]:
        from cardgames.net.bot_join import main as bot_join

        return bot_join(args[1:])
    from cardgames.cli import parse_args

    launch = parse_args(argv)  # exits with code 2 and a message on a bad argument
    from cardgames.app import run  # imported after parsing: --help and errors need no pygame

    result = run(launch)
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())
