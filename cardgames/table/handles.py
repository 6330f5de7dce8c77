"""A view's line to its table: the same interface in this process and over bytes.

    handle = LocalHandle(table, seats=(0,))      # or WireHandle(table, seats=(0,)); seats=None: a spectator
    handle.act(0, "flip 3")                       # an Intent with the seat's next sequence number
    handle.command(0, "undo")
    handle.catch_up(0)                            # the game so far, one update per move (a resumed view's log)
    for update in handle.receive(): ...           # the updates since the last receive(), oldest first

LocalHandle passes the message objects both ways. WireHandle encodes every message to bytes on
one side and decodes it on the other (messages.encode / decode), exactly what a network would
carry; a view fed by either draws the same thing. `sent` and `received` count the bytes.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.table.messages import Intent, Message, decode, encode
from cardgames.table.table import Table


class Intents:
    """A view's side of any line: its intents, each numbered with its seat's next sequence number
    (self._seq). A line says how an intent travels (send) and what it has received (receive)."""

    _seq: dict[int, int]

    def send(self, intent: Intent) -> None:
        raise NotImplementedError

    def act(self, seat: int, action: str, after: int = -1) -> Intent:
        """Send `seat`'s action (str(action)) with the seat's next sequence number."""
        intent = Intent(seat=seat, seq=self._next_seq(seat), action=action, after=after)
        self.send(intent)
        return intent

    def command(self, seat: int, command: str) -> Intent:
        intent = Intent(seat=seat, seq=self._next_seq(seat), command=command)
        self.send(intent)
        return intent

    def _next_seq(self, seat: int) -> int:
        self._seq[seat] = self._seq.get(seat, 0) + 1
        return self._seq[seat]


class LocalHandle(Intents):
    """A line to a table in this process: messages pass as objects."""

    def __init__(self, table: Table, seats: Sequence[int] | None) -> None:
        self.table = table
        self.seats = tuple(seats) if seats is not None else None
        self._inbox: list[Any] = []
        self._seq: dict[int, int] = {}
        if self.seats is None:
            table.watch(self._deliver_from_table)
        else:
            for seat in self.seats:
                table.connect(seat, self._deliver_from_table)

    # ------------------------------------------------------------------ the view's side
    def send(self, intent: Intent) -> None:
        self._to_table(intent)

    def receive(self) -> list[Any]:
        out, self._inbox = self._inbox, []
        return out

    def catch_up(self, seat: int | None) -> list[Any]:
        """The game so far as `seat` saw it (Table.catch_up): for a view that resumes or joins it."""
        return [self._carried(msg) for msg in self.table.catch_up(seat)]

    def _carried(self, msg: Message) -> Message:
        return msg

    # ------------------------------------------------------------------ the table's side
    def _to_table(self, intent: Intent) -> None:
        self.table.submit(intent, allowed=self.seats or (), reply=self._deliver_from_table)

    def _deliver_from_table(self, msg: Message) -> None:
        self._inbox.append(msg)


class WireHandle(LocalHandle):
    """A line to a table through bytes: every message is encoded and decoded, as on a network."""

    def __init__(self, table: Table, seats: Sequence[int] | None) -> None:
        self.sent = self.received = 0
        super().__init__(table, seats)

    def send(self, intent: Intent) -> None:
        data = encode(intent, self.table.game)
        self.sent += len(data)
        intent = decode(data, self.table.game)
        if isinstance(intent, Intent):      # the table hears intents only
            self._to_table(intent)

    def _deliver_from_table(self, msg: Message) -> None:
        self._inbox.append(self._carried(msg))

    def _carried(self, msg: Message) -> Message:
        data = encode(msg, self.table.game)
        self.received += len(data)
        return decode(data, self.table.game)
