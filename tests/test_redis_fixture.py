"""The tests' own redis-server (tests/redis_fixture.py): up on a free loopback port, down and up
again on the same port with what was written kept (append-only file), gone after the test."""
from __future__ import annotations

import pytest
import redis
from redis_fixture import redis_server  # noqa: F401 - the fixture


@pytest.mark.timeout(60)
def test_the_tests_redis_server_is_their_own_and_keeps_its_data_across_a_restart(redis_server):  # noqa: F811
    client = redis.Redis.from_url(redis_server.url)
    assert client.ping()
    assert client.config_get("bind")["bind"] == "127.0.0.1"
    client.rpush("k", "a", "b")
    redis_server.stop()
    with pytest.raises(redis.ConnectionError):
        client.ping()
    redis_server.start()
    assert client.lrange("k", 0, -1) == [b"a", b"b"]
    client.close()
