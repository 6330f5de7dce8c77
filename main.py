"""Start the card collection: parse the command line, then hand over to the app.

    python main.py                     # the menu
    python main.py --game skyjo        # straight into a game
    python main.py --help              # every option
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner on the terminal


def main(argv: list[str] | None = None) -> int:
    from cardgames.cli import parse_args

    launch = parse_args(argv)  # exits with code 2 and a message on a bad argument
    from cardgames.app import run  # imported after parsing: --help and errors need no pygame

    result = run(launch)
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())
