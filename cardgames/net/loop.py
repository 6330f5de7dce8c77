"""The event loop a server process runs on: uvloop (libuv's loop, made for asyncio servers) where it
is installed, else asyncio's own. The table server spends much of each action in the loop (reading
a frame, writing an update to four sockets); on uvloop the same bench server takes 6 to 16% less
CPU per action (`make bench`'s net bench, paired runs at 200 to 1,000 tables). requirements.txt installs it where it builds (not
Windows); the executable leaves it out (cardgames.spec: 14 MB) and runs asyncio's loop, as does
the game's own host (net/host.py: a thread beside the game). CARDGAMES_LOOP=asyncio chooses
asyncio's loop anyway (to compare the two).
"""
from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def name() -> str:
    """The loop run() would run on: "uvloop" or "asyncio"."""
    if os.environ.get("CARDGAMES_LOOP", "").strip().lower() == "asyncio":
        return "asyncio"
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return "asyncio"
    return "uvloop"


def run(main: Coroutine[Any, Any, T]) -> T:
    """asyncio.run(main), on uvloop when name() says so."""
    if name() == "uvloop":
        import uvloop
        return uvloop.run(main)
    return asyncio.run(main)
