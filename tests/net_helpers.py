"""What the network tests share: a table server on loopback in a thread of its own, fast
(computers think for no time, no rate limit to speak of), and its rooms looked at from its thread.
Every test that uses it is bounded in time (@pytest.mark.timeout); only 127.0.0.1 is used."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cardgames.net.config import Config
from cardgames.net.server import ServerThread

FAST = Config(ai_delay=0.0, rate=100_000, burst=100_000, tables_per_address=1000,
              catch_base=0.75, catch_cap=1.5)   # short catch windows: a Switch game held by each lasts less


def start_server(config: Config = FAST) -> ServerThread:
    server = ServerThread(config, host="127.0.0.1", port=0)
    server.start()
    return server


@pytest.fixture(scope="module")
def net() -> Iterator[ServerThread]:
    server = start_server()
    yield server
    server.stop()


def room_facts(server: ServerThread, code: str) -> dict[str, Any]:
    """A room's table as it stands, read in the server's own thread."""
    def read() -> dict[str, Any]:
        room = server.server.rooms[code]
        table = room.table
        return {"seed": table.seed, "state": table.state, "actions": list(table.actions), "seats": list(table.seats),
                "infos": room._infos(), "result": table.result(), "room": room}
    return server.call(read)


def online_app(tmp_path: Any, monkeypatch: Any) -> Any:
    """A headless app for an online game's screen: answers waited for long (a loaded machine answers
    late; the answer ends the wait), and its notices kept in app.told."""
    import pygame
    from scene_events import table_app

    from cardgames.ui import remote_line
    monkeypatch.setattr(remote_line, "ANSWER_WAIT", 20.0)
    app = table_app(tmp_path)
    app.told = []
    app.notify = lambda text, *a, **k: app.told.append(str(text))
    pygame.event.clear()
    return app
