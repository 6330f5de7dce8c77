"""A headless player at a table on a server (the tests' and the bench's): it plays its seat at
random through a NetHandle, from the updates it is sent, as a view would.

    bot = Bot(NetHandle.join(url, code, "Bot 1"), seed=1)
    bot.start(); bot.join(timeout=30)
    bot.played        # every action the table told this seat was applied, in order (the move log)
    bot.latest        # the last Update the seat was sent (its final observation and result)
"""
from __future__ import annotations

import random
import threading
import time
from typing import Any

from cardgames.net.client import NetHandle
from cardgames.table.lobby import Error, Seats
from cardgames.table.messages import Public, Update

OUT_OF_TURN = 0.3     # how often a bot tries one of its out-of-turn actions (Switch's calls and catches)


class Bot:
    def __init__(self, line: NetHandle, seed: int = 0, stop_after: int | None = None, earlier: list[Any] = (),
                 pace: float = 0.0) -> None:
        self.line = line
        self.rng = random.Random(seed)
        self.played: list[str] = []
        self.latest: Update | Public | None = None
        self.updates: list[Update | Public] = []      # every one, in order (the tests' leak check)
        self.errors: list[Error] = []
        self.seats: list[Seats] = []          # every lobby.Seats heard (who sits where, who dropped)
        self.refusals: list[Any] = []
        self.sent = 0
        self.stop_after = stop_after          # hang up after sending this many intents (a drop)
        self.pace = pace                      # at least this many seconds between two intents
        self._last = 0.0
        self._acted_at: int | None = None
        self._thread = threading.Thread(target=self._run, name="bot", daemon=True)
        self.done = threading.Event()
        self.failure: BaseException | None = None
        for msg in [*line.catch_up(line.seat), *earlier]:    # (earlier: what was received before the bot)
            self._take(msg)

    def start(self) -> Bot:
        self._thread.start()
        return self

    def join(self, timeout: float) -> bool:
        return self.done.wait(timeout)

    @property
    def over(self) -> bool:
        return self.latest is not None and self.latest.result is not None

    def _take(self, msg: Any) -> None:
        if isinstance(msg, Error):
            self.errors.append(msg)
        elif isinstance(msg, Seats):
            self.seats.append(msg)
        elif isinstance(msg, (Update, Public)):
            if msg.reset and not msg.played and msg.moves == 0:
                self.played = []
            self.played.extend(msg.played)
            self.latest = msg
            self.updates.append(msg)
            if isinstance(msg, Update) and msg.refusal is not None:
                self.refusals.append(msg.refusal)
                if msg.refusal.code == "illegal":
                    self._acted_at = None      # try again (another choice) on the same position

    def _run(self) -> None:
        try:
            while not self.over and not self.line.closed.is_set():
                for msg in self.line.receive(wait=0.5):
                    self._take(msg)
                self._act()
                if self.stop_after is not None and self.sent >= self.stop_after:
                    self.line.close()
                    break
        except BaseException as exc:   # noqa: BLE001 - the test reads it
            self.failure = exc
        finally:
            self.done.set()

    def _act(self) -> None:
        msg = self.latest
        if not isinstance(msg, Update) or msg.result is not None or self._acted_at == msg.moves:
            return
        choices: tuple[str, ...] = ()
        if msg.legal:
            choices = msg.legal
            if msg.out_of_turn and self.rng.random() < OUT_OF_TURN:
                choices = msg.out_of_turn
        elif msg.out_of_turn and self.rng.random() < OUT_OF_TURN:
            choices = msg.out_of_turn
        self._acted_at = msg.moves
        if choices:
            wait = self._last + self.pace - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            self._last = time.monotonic()
            self.line.act(msg.seat, self.rng.choice(choices), after=msg.moves)
            self.sent += 1


def wait_for(predicate: Any, timeout: float, step: float = 0.01) -> bool:
    """Poll `predicate` until it is true or `timeout` seconds pass (tests)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(step)
    return bool(predicate())
