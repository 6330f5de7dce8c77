"""The tests' own redis-server (tests/redis_fixture.py): up on a free loopback port, down and up
again on the same port with what was written kept (append-only file), gone after the test."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import redis
from redis_fixture import redis_server  # noqa: F401 - the fixture

ROOT = Path(__file__).resolve().parent.parent


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


def _stub(folder, name: str, script: str) -> None:
    path = folder / name
    path.write_text("#!/bin/sh\n" + script + "\n")
    path.chmod(0o755)


@pytest.mark.timeout(60)
def test_make_installs_redis_server_where_it_is_missing_and_leaves_it_where_it_is(tmp_path):
    """`make test` needs no step by hand: its `redis` target installs Debian's package (as root here;
    apt-get is a stub that writes down how it was called), and does nothing where redis-server is."""
    make = shutil.which("make")
    calls = tmp_path / "calls"
    _stub(tmp_path, "id", "echo 0")
    _stub(tmp_path, "apt-get", f'echo "$*" >> {calls}')
    run = subprocess.run([make, "-s", "-C", str(ROOT), "redis"], env={"PATH": str(tmp_path)},
                         capture_output=True, text=True, timeout=30, check=False)
    assert run.returncode == 0, run.stderr
    assert calls.read_text().splitlines() == ["install -y -q redis-server"]
    calls.unlink()
    _stub(tmp_path, "redis-server", "exit 0")
    run = subprocess.run([make, "-s", "-C", str(ROOT), "redis"], env={"PATH": str(tmp_path)},
                         capture_output=True, text=True, timeout=30, check=False)
    assert run.returncode == 0 and not calls.exists()
