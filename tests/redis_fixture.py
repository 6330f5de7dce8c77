"""The tests' own redis-server (cardgames/net/redis_local.py): the `redis_server` fixture, append-only
(what was written survives a stop and start), on a free loopback port, gone after the test."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardgames.net.redis_local import RedisServer

__all__ = ["RedisServer", "redis_server"]


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    with RedisServer(tmp_path / "redis", appendonly=True) as server:
        yield server
