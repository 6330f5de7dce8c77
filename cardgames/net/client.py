"""A view's line to a table on a server: the same interface as table/handles.LocalHandle.

    line = NetHandle.join("ws://127.0.0.1:8765", "K7PQ3", "Asha")          # the first open seat
    line = NetHandle.join(url, code, "Asha", token=saved_token)             # back in one's own seat
    line = NetHandle.host(url, "skyjo", "Asha", ["away", "away", "computer:hard"], {"target": 100})
    line.seat, line.token, line.code                                        # keep the token: it takes the seat back
    line.catch_up(line.seat)              # the game so far (the updates the server sent on joining)
    line.act(line.seat, "flip 3", after=moves)
    for msg in line.receive(): ...        # Update (Public for a spectator), and lobby.Seats / lobby.Error
    line.say(0)                           # a quick message: lobby.PHRASES[0] (everyone hears lobby.Said)
    line.again()                          # after a game: play again (same seats, a new deal)
    line.ready(True); line.start()        # before the start (a table hosted with start_when="host")
    line.set_seat(2, "computer:hard"); line.remove(1)     # the host, before the start
    line.leave()                          # on purpose: a computer plays the seat at once
    line.close()                          # just hang up (the server counts it as a drop)

The websocket client runs in a thread of its own (its own asyncio loop); what it receives is
decoded there (lobby.decode_server: the game's codec for the game's messages) and handed over
through a queue, so a view's frame never waits for the network. act() and command() return at
once: the answer arrives later through receive(). A fatal lobby.Error (or a lost line) ends the
line: `closed` is set and `error` says why.
"""
from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Sequence
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from cardgames.table import lobby
from cardgames.table.handles import Intents
from cardgames.table.lobby import Again, Error, Host, Join, Leave, Ready, Remove, SetSeat, Start, Welcome
from cardgames.table.messages import MAX_BYTES, Intent, WireError, encode

CONNECT_TIMEOUT = 10.0


class NetError(Exception):
    """The line could not be made, or the server refused it: `code` is lobby.ERRORS' key (or
    "unreachable")."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(f"{code}: {text}")
        self.code, self.text = code, text


class NetHandle(Intents):
    hosted_here = False     # this computer hosts the table (net/host.LocalHost): its kept seat says so

    def __init__(self, url: str, hello: Host | Join, timeout: float = CONNECT_TIMEOUT, **connect_kw: Any) -> None:
        self.url = url
        self.welcome: Welcome | None = None
        self.game: str | None = None
        self.seat: int | None = None
        self.seats: tuple[int, ...] | None = None
        self.token = self.code = ""
        self.error: Error | None = None
        self.closed = threading.Event()
        self._inbox: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._story: list[Any] = []
        self._story_left = 0
        self._story_lock = threading.Lock()   # the story is handed over once, whole or not
        self._told = threading.Event()        # welcomed, refused, or unreachable
        self._caught_up = threading.Event()
        self._seq: dict[int, int] = {}
        self._loop = asyncio.new_event_loop()
        self._out: asyncio.Queue[bytes | None] | None = None
        self._thread = threading.Thread(target=self._run, args=(hello, connect_kw), name="table-line", daemon=True)
        self._thread.start()
        if not self._told.wait(timeout):
            self.close()
            raise NetError("unreachable", f"no answer from {url} in {timeout:.0f} s")
        if self.welcome is None:
            err = self.error or lobby.error("closed", True)
            raise NetError(err.code, err.text)

    @classmethod
    def join(cls, url: str, code: str, name: str = "", token: str = "", seat: int = -1, watch: bool = False,
             **kw: Any) -> NetHandle:
        return cls(url, Join(code, name, token, seat, watch), **kw)

    @classmethod
    def host(cls, url: str, game: str, name: str, seats: Sequence[str], options: dict[str, Any] | None = None,
             seat: int = 0, start_when: str = "full", **kw: Any) -> NetHandle:
        return cls(url, Host(game, name, tuple(seats), dict(options or {}), seat, start_when=start_when), **kw)

    @property
    def host_seat(self) -> int:
        """The seat of the table's host (-1: a table the server opened)."""
        return self.welcome.host_seat if self.welcome is not None else -1

    # ------------------------------------------------------------------ the view's side (LocalHandle's)
    def send(self, intent: Intent) -> None:
        self._put(encode(intent, self.game or ""))

    def receive(self, wait: float = 0.0) -> list[Any]:
        """What arrived since the last receive(), oldest first; with `wait`, up to that many
        seconds for the first message when none is there yet."""
        out: list[Any] = []
        try:
            if wait > 0:
                out.append(self._inbox.get(timeout=wait))
            while True:
                out.append(self._inbox.get_nowait())
        except queue.Empty:
            pass
        return out

    def catch_up(self, seat: int | None, timeout: float | None = None) -> list[Any]:
        """The game so far as this line's seat saw it (sent by the server on joining), once it has
        all arrived (or the line closed, or `timeout` seconds passed: then what has arrived, and
        the rest comes through receive(); nothing is lost)."""
        if seat != self.seat:
            return []
        self._caught_up.wait(timeout)
        with self._story_lock:
            self._story_left = 0
            return list(self._story)

    def again(self) -> None:
        """After a game: play again (a new deal once every player at the table asks)."""
        self._put(lobby.encode(Again()))

    def ready(self, on: bool = True) -> None:
        """Before the start: ready to play (or no longer)."""
        self._put(lobby.encode(Ready(on)))

    def start(self) -> None:
        """The host starts the table (refused, not fatally, until every other player is ready)."""
        self._put(lobby.encode(Start()))

    def set_seat(self, seat: int, kind: str) -> None:
        """The host, before the start: `seat` open ("away") or a computer ("computer:<level>")."""
        self._put(lobby.encode(SetSeat(seat, kind)))

    def remove(self, seat: int) -> None:
        """The host sends the player of `seat` away."""
        self._put(lobby.encode(Remove(seat)))
    def say(self, phrase: int) -> None:
        """A quick message to the table: lobby.PHRASES[phrase] (everyone hears a lobby.Said)."""
        self._put(lobby.encode(lobby.Say(phrase)))

    def leave(self) -> None:
        """Leave on purpose: a computer plays the seat at once; then the line closes."""
        self._put(lobby.encode(Leave()))
        self._put(None)

    def close(self) -> None:
        """Hang up (for the server, a drop: the seat waits its grace for this player)."""
        if self._out is not None and not self.closed.is_set():
            self._loop.call_soon_threadsafe(self._out.put_nowait, None)
        self._thread.join(CONNECT_TIMEOUT)

    def send_raw(self, data: bytes | str) -> None:
        """Any bytes (or text) as one message: the tests' malicious client."""
        self._put(data)

    def _put(self, data: bytes | str | None) -> None:
        if self._out is not None and not self.closed.is_set():
            self._loop.call_soon_threadsafe(self._out.put_nowait, data)

    # ------------------------------------------------------------------ the network thread
    def _run(self, hello: Host | Join, connect_kw: dict[str, Any]) -> None:
        try:
            self._loop.run_until_complete(self._main(hello, connect_kw))
        finally:
            self.closed.set()
            self._told.set()
            self._caught_up.set()
            self._loop.close()

    async def _main(self, hello: Host | Join, connect_kw: dict[str, Any]) -> None:
        self._out = asyncio.Queue()
        try:
            async with connect(self.url, max_size=MAX_BYTES, open_timeout=CONNECT_TIMEOUT, **connect_kw) as ws:
                try:
                    await ws.send(lobby.encode(hello))
                except ConnectionClosed:
                    pass          # refused at once (too many lines): the server's error is read below
                writer = asyncio.create_task(self._write(ws))
                try:
                    async for data in ws:
                        self._heard(data)
                finally:
                    writer.cancel()
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            if self.error is None:
                self.error = Error("unreachable", f"cannot reach {self.url}: {exc}", True)
        except ConnectionClosed:
            pass

    async def _write(self, ws: Any) -> None:
        assert self._out is not None
        while True:
            data = await self._out.get()
            if data is None:
                await ws.close()
                return
            await ws.send(data)

    def _heard(self, data: Any) -> None:
        try:
            msg = lobby.decode_server(data, self.game) if isinstance(data, bytes) else None
        except WireError:
            msg = None
        if msg is None:
            self._inbox.put(Error("bad_message", "the server sent something unreadable"))
            return
        if isinstance(msg, Welcome) and self.welcome is None:
            self.welcome, self.game, self.seat, self.token, self.code = msg, msg.game, msg.seat, msg.token, msg.code
            self.seats = (msg.seat,) if msg.seat is not None else None
            if msg.seat is not None:
                self._seq[msg.seat] = msg.seq
            self._story_left = msg.catch_up
            if not self._story_left:
                self._caught_up.set()
            self._told.set()
            return
        if isinstance(msg, Error) and msg.fatal:
            self.error = msg
            self._told.set()
        with self._story_lock:
            if self._story_left and not isinstance(msg, lobby.Seats | lobby.Said | Error):
                self._story.append(msg)
                self._story_left -= 1
                if not self._story_left:
                    self._caught_up.set()
                return
        self._inbox.put(msg)
