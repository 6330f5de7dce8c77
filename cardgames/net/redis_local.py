"""A redis-server of one's own, for the tests and the benches: a free loopback port, its own
folder, started and stopped here (never the machine's Redis service). `make test` installs
redis-server where it is missing (Makefile, target `redis`).

    with RedisServer(folder) as redis:         # tests/redis_fixture.py: the `redis_server` fixture
        redis.url                              # redis://127.0.0.1:PORT/0
        redis.stop(); redis.start()            # down for a while, back on the same port (appendonly: its data too)
"""
from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    def __init__(self, folder: Path, appendonly: bool = False) -> None:
        self.binary = shutil.which("redis-server")
        if not self.binary:
            raise RuntimeError("redis-server is not installed: `make redis` installs it")
        self.folder, self.appendonly = Path(folder), appendonly
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 20) -> RedisServer:
        args = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--dir", str(self.folder),
                "--appendonly", "yes" if self.appendonly else "no", "--daemonize", "no", "--logfile", "redis.log"]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited: {self.log()[-1000:]}")
            if self.ping():
                return self
            time.sleep(0.05)
        raise RuntimeError(f"redis-server did not answer in {timeout} s")

    def ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), 0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)

    def log(self) -> str:
        path = self.folder / "redis.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def __enter__(self) -> RedisServer:  # noqa: PYI034 - start() returns it
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
