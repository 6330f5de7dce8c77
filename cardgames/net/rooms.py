"""A room: one Table on a server, its room code, who sits where, and the lines to them.

The room is driven by the server's event loop and never blocks: intents go straight to
Table.submit, the table's clock is the loop's monotonic clock (seconds since the room opened),
and a timer wakes the room at Table.next_due() to let the computers play. Each seat's updates are
encoded with the game's codec (messages.encode) and pushed to that seat's line; the spectators
get the Public updates. A Line is anything with push(bytes, bounded=True), tell(lobby message)
and fail(Error) (cardgames.net.server.Line; a test may pass its own).

Seats: "open" until a player joins it, "player", or "computer". The table starts once no seat is
open (start_when "full"), or, for a table whose host starts it (start_when "host"), at the host's
Start: every other player has said Ready, no seat is open. Before the start the host may open a
seat or give it to a computer (set_seat) and send a player away (remove: after the start a
computer takes the seat); a host who drops before the start closes the table. A player whose line drops keeps the seat: after `grace` seconds a computer plays
it (Table.sit), and the player's token takes it back at the next turn (when it is not, or no
longer, the seat's turn: a computer finishes the turn it began). A player who leaves on purpose
is replaced at once. Everyone is told who sits where (lobby.Seats) after each change. After a
game, once every player asks to play again (lobby.Again), a new deal at the same seats.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardgames.net.config import Config
from cardgames.table import lobby
from cardgames.table.lobby import Error, SeatInfo, Seats, Welcome
from cardgames.table.messages import Intent, Memo, encode, new_memo
from cardgames.table.seats import AWAY, SeatSpec, computer
from cardgames.table.table import Table
from cardgames.table.updates import whose_turn

log = logging.getLogger("cardgames.net")
COMMANDS = ("undo", "resign")      # restart and redeal would deal again for everyone: not over a network


_AI: list[ThreadPoolExecutor] = []


def ai_worker() -> ThreadPoolExecutor:
    """The thread where the computer seats of every room choose their moves (made once a process):
    a slow search never holds up the server's loop, the other tables go on meanwhile."""
    if not _AI:
        _AI.append(ThreadPoolExecutor(1, thread_name_prefix="table-ai"))
    return _AI[0]


class Line(Protocol):
    name: str

    def push(self, data: bytes, bounded: bool = True) -> None: ...

    def tell(self, msg: Any) -> None: ...

    def fail(self, err: Error) -> None: ...


class JoinRefused(Exception):
    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def room_code(taken: Callable[[str], bool]) -> str:
    """A fresh code of lobby.CODE_LENGTH characters from lobby.CODE_ALPHABET (secrets)."""
    while True:
        code = "".join(secrets.choice(lobby.CODE_ALPHABET) for _ in range(lobby.CODE_LENGTH))
        if not taken(code):
            return code


@dataclass
class Seat:
    kind: str                         # "open", "player", "computer"
    level: str = "normal"             # a computer seat's level
    name: str = ""
    token: str = ""
    line: Any = None                  # the player's line while it is up
    computer_plays: bool = False      # a computer plays for the player (dropped, or left)
    returning: bool = False           # the player is back: the seat is theirs at the next turn
    grace: asyncio.TimerHandle | None = None
    seq: int = 0                      # the highest intent number the seat's lines sent
    again: bool = False               # the player asked to play again
    ready: bool = False               # before the start: the player is ready
    said_at: float = -1e9             # when the seat last sent a quick message (the loop's clock)

    def info(self) -> SeatInfo:
        return SeatInfo(self.kind, self.name, self.line is not None, self.computer_plays, self.again, self.ready,
                        self.level if self.kind == "computer" else "")


@dataclass
class Room:
    code: str
    table: Table
    config: Config
    loop: asyncio.AbstractEventLoop
    seats: list[Seat]
    on_close: Callable[[Room], None] = lambda room: None
    host_address: str = ""
    start_when: str = "full"          # lobby.START_WHEN: start once no seat is open, or at the host's Start
    host_seat: int = -1               # the host's seat (-1: a table the server opened itself)
    on_record: Callable[[str], None] = lambda event: None   # "play" / "seats" changed (net/store.py)
    spectators: set[Any] = field(default_factory=set)
    started: bool = False
    closed: bool = False
    t0: float = 0.0
    _timer: asyncio.TimerHandle | None = None
    _empty: asyncio.TimerHandle | None = None
    _watching: bool = False
    _awaiting: Future | None = None     # a computer's choice the table waits for (made in ai_worker())
    _memo: Memo = field(default_factory=new_memo)          # what the seats' updates carried last (encode())
    _public_memo: Memo = field(default_factory=new_memo)   # the spectators'

    @classmethod
    def open(cls, code: str, game: str, options: dict[str, Any], seed: int, seats: Sequence[str], config: Config,
             loop: asyncio.AbstractEventLoop, executor: ThreadPoolExecutor | None = None, **kw: Any) -> Room:
        """A room for `game`: seats "away" (open to a player) or "computer:<level>"; ValueError or
        KeyError when the game, options or seats make no table. `executor`: where its computers
        choose (a server's: ai_worker(); None: in the loop, as a test's hand-made clock wants)."""
        specs: list[SeatSpec] = []
        room_seats: list[Seat] = []
        for text in seats:
            if text == "away":
                specs.append(AWAY)
                room_seats.append(Seat("open"))
            elif text.startswith("computer"):
                spec = computer(text.partition(":")[2] or config.level)
                specs.append(spec)
                room_seats.append(Seat("computer", spec.level))
            else:
                raise ValueError(f"a seat is 'away' or 'computer:<level>', not {text!r}")
        if not any(s.kind == "open" for s in room_seats):
            raise ValueError("a table on a server needs a seat for a player")
        table = Table(game, options, seed, specs, ai_delay=config.ai_delay, executor=executor)
        if not table.spec.multi_seat:
            raise ValueError(f"{game} is played alone")
        room = cls(code, table, config, loop, room_seats, t0=loop.time(), **kw)
        table.catch_window = room.catch_window
        for s in range(len(room_seats)):
            table.connect(s, room._sender(s))
        room._empty = loop.call_later(config.empty_ttl, room.close, "closed")
        return room

    # ------------------------------------------------------------------ the clock
    def clock(self) -> float:
        return self.loop.time() - self.t0

    def _safely(self, fn: Callable[..., Any], *args: Any) -> bool:
        """Run a step of the table; a bug in it closes this room (logged), never the server."""
        try:
            fn(*args)
        except Exception:
            log.exception("table %s: stopped on an error", self.code)
            self.close("broken")
            return False
        return True

    def _at_now(self, fn: Callable[..., Any], *args: Any) -> None:
        """The table's clock to now (what was due happens first, up to a computer's move whose
        choice is not made yet: never waited for here), then fn(*args)."""
        self.table.advance_to(self.clock(), wait=False)
        fn(*args)

    def tick(self) -> None:
        """Let the table's clock run to now, give back the seats of returning players, and set the
        timer for the table's next job (or, when it is a computer's move still being chosen in the
        worker, tick again once it is chosen)."""
        if self.closed or not self.started:
            return
        if not self._safely(self._at_now, self._give_back):
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        due, future = self.table.next_due(), self.table.pending()
        if future is not None and due is not None and self.t0 + due <= self.loop.time():
            if future is not self._awaiting:
                self._awaiting = future
                future.add_done_callback(self._chosen)
        elif due is not None:
            self._timer = self.loop.call_at(self.t0 + due, self.tick)

    def _chosen(self, _future: Future) -> None:
        """(In the worker's thread) a computer's choice is made: the room's loop ticks."""
        if not self.loop.is_closed():
            try:
                self.loop.call_soon_threadsafe(self.tick)
            except RuntimeError:      # the loop closed meanwhile: the server is gone
                pass

    def catch_window(self) -> float:
        """Switch's catch window, asked as it opens: Config.catch_base seconds and the slowest
        connected player's half round trip (their line's measured `latency`), at most catch_cap."""
        trips = [getattr(s.line, "latency", 0.0) for s in self.seats if s.line is not None]
        return min(self.config.catch_cap, self.config.catch_base + max(trips, default=0.0) / 2)

    # ------------------------------------------------------------------ joining
    def join(self, line: Line, seat: int = -1) -> int:
        """Seat a new player (seat -1: the first open one); JoinRefused says why not."""
        open_seats = [s for s, info in enumerate(self.seats) if info.kind == "open"]
        if not open_seats:
            raise JoinRefused("table_full")
        if seat == -1:
            seat = open_seats[0]
        if seat not in open_seats:
            raise JoinRefused("bad_seat")
        info = self.seats[seat]
        info.kind, info.name, info.token = "player", self._unclashed(line.name, seat), secrets.token_urlsafe(18)
        self._attach(line, seat)
        return seat

    def _unclashed(self, name: str, seat: int) -> str:
        """`name`, or `name 2`, `name 3`...: a player's name unlike every other player's at the table (two
        friends whose games took the same name, e.g. one computer's host name, would read alike in the log)."""
        taken = {info.name.casefold() for s, info in enumerate(self.seats) if s != seat and info.kind == "player"}
        candidate, n = name, 1
        while candidate.casefold() in taken:
            n += 1
            candidate = f"{name[:lobby.NAME_MAX - len(str(n)) - 1]} {n}"     # (no longer than a name may be)
        return candidate

    def rejoin(self, line: Line, token: str) -> int:
        """A player back with their token (after a drop, or from another screen: the old line is
        closed)."""
        for seat, info in enumerate(self.seats):
            if info.kind == "player" and token and secrets.compare_digest(info.token.encode(), token.encode()):
                if info.line is not None and info.line is not line:
                    info.line.fail(lobby.error("not_allowed", True, "the seat was taken back from another line"))
                if info.grace is not None:
                    info.grace.cancel()
                    info.grace = None
                info.returning = info.computer_plays
                info.name = self._unclashed(line.name, seat) if line.name else info.name
                self._attach(line, seat)
                return seat
        raise JoinRefused("bad_token")

    def watch(self, line: Line) -> None:
        if not self._watching:
            self.table.watch(self._to_spectators)
            self._watching = True
        self.spectators.add(line)
        self._welcome(line, None)
        self._someone_here()

    def _attach(self, line: Line, seat: int) -> None:
        self.seats[seat].line = line
        self._welcome(line, seat)
        self._someone_here()
        if (not self.started and self.start_when == "full" and all(s.kind != "open" for s in self.seats)
                and not self._start()):
            return
        self._tell_seats()
        self.tick()

    def _start(self) -> bool:
        self.started = True
        log.info("table %s: %s starts (%d seats)", self.code, self.table.game, len(self.seats))
        return self._safely(self._at_now, self.table.start)

    def _welcome(self, line: Line, seat: int | None) -> None:
        story = self.table.catch_up(seat) if self.started else []
        info = self.seats[seat] if seat is not None else None
        line.tell(Welcome(self.code, self.table.game, seat, info.token if info else "", info.seq if info else 0,
                          len(story), self._infos(), self.config.grace, self.started, host_seat=self.host_seat))
        game = self.table.game
        for msg in story:
            line.push(encode(msg, game), bounded=False)

    def _someone_here(self) -> None:
        if self._empty is not None:
            self._empty.cancel()
            self._empty = None

    # ------------------------------------------------------------------ before the start
    def _refused(self, line: Line, why: str) -> None:
        line.tell(lobby.error("not_allowed", False, why))

    def _by_host(self, line: Line, seat: int | None, what: str) -> bool:
        """Whether the line is the host's (else it is told, not closed)."""
        if seat is None or seat != self.host_seat:
            self._refused(line, f"only the table's host may {what}")
            return False
        return True

    def ready(self, line: Line, seat: int | None, on: bool) -> None:
        """A player is ready to play (or no longer), before the start."""
        if seat is None or self.started:
            self._refused(line, "ready is said from a seat, before the start")
            return
        self.seats[seat].ready = bool(on)
        self._tell_seats()

    def start(self, line: Line, seat: int | None) -> None:
        """The host's Start: once no seat is open and every other player is ready."""
        if not self._by_host(line, seat, "start the table"):
            return
        if self.started or self.start_when != "host":
            self._refused(line, "this table starts by itself once no seat is open")
            return
        if any(s.kind == "open" for s in self.seats):
            self._refused(line, "a seat is still open: wait for a player or give it to a computer")
            return
        if any(s.kind == "player" and not s.ready and n != seat for n, s in enumerate(self.seats)):
            self._refused(line, "not every player is ready")
            return
        if self._start():
            self._tell_seats()
            self.tick()

    def set_seat(self, line: Line, seat: int | None, which: int, kind: str) -> None:
        """The host, before the start: seat `which` open ("away") or a computer ("computer:<level>").
        A player's seat is not changed this way (remove the player first)."""
        if not self._by_host(line, seat, "change a seat"):
            return
        if self.started or not 0 <= which < len(self.seats) or self.seats[which].kind == "player":
            self._refused(line, "only an open or a computer's seat changes, before the start")
            return
        if kind == "away":
            self.seats[which] = Seat("open")
            self.table.seats[which] = AWAY
        else:
            try:
                spec = computer(kind.partition(":")[2]) if kind.startswith("computer:") else None
            except ValueError:
                spec = None
            if spec is None:
                self._refused(line, f"a seat is 'away' or 'computer:<level>', not {kind!r}")
                return
            self.seats[which] = Seat("computer", spec.level)
            self.table.seats[which] = spec       # not started: the table tells nobody yet
        self._tell_seats()

    def remove(self, line: Line, seat: int | None, which: int) -> None:
        """The host sends a player away: told "removed" (its token no longer holds the seat); the
        seat opens before the start, a computer takes it after."""
        if not self._by_host(line, seat, "remove a player"):
            return
        if not 0 <= which < len(self.seats) or which == seat or self.seats[which].kind != "player":
            self._refused(line, "there is no other player in that seat")
            return
        info = self.seats[which]
        gone = info.line
        if info.grace is not None:
            info.grace.cancel()
        log.info("table %s: the host removed seat %d (%s)", self.code, which, info.name)
        if not self.started:
            self.seats[which] = Seat("open")
        else:
            spec = computer(self.config.level)
            self.seats[which] = Seat("computer", spec.level, name=info.name)
            self._safely(self._at_now, self.table.sit, which, spec)
        if gone is not None:
            gone.fail(lobby.error("removed", True))
        self._tell_seats()
        self.tick()

    # ------------------------------------------------------------------ playing
    def intent(self, line: Line, seat: int | None, intent: Intent) -> None:
        """A line's intent: the table checks it (seat, turn, sequence, legality) and answers."""
        if seat is None:
            line.tell(lobby.error("not_allowed", False, "a spectator does not play"))
            return
        if intent.command and intent.command not in COMMANDS:
            line.tell(lobby.error("not_allowed", False, f"{intent.command!r} is not asked over a network"))
            return
        info = self.seats[seat]
        info.seq = max(info.seq, intent.seq)
        if not self.started:
            line.tell(lobby.error("not_allowed", False, "the game has not started: seats are still open"))
            return
        game = self.table.game
        memo = self._memo
        if self._safely(self._at_now, self.table.submit, intent, (seat,), lambda msg: line.push(encode(msg, game, memo))):
            self.tick()

    def again(self, line: Line, seat: int | None) -> None:
        """A player asks to play again after the game: once every player whose line is up has, a
        new deal with the same seats (the players who dropped or left keep their computers)."""
        if seat is None or not self.table.over:
            line.tell(lobby.error("not_allowed", False, "play again once the game is over, from a seat"))
            return
        self.seats[seat].again = True
        waiting = [s for s in self.seats if s.kind == "player" and s.line is not None and not s.again]
        if not waiting:
            for info in self.seats:
                info.again = False
            log.info("table %s: a new game, the same seats", self.code)
            if not self._safely(self._at_now, self.table.redeal):
                return
        self._tell_seats()
        self.tick()

    # ------------------------------------------------------------------ quick messages
    def say(self, line: Line, seat: int | None, phrase: int) -> None:
        """A seat's quick message, heard by everyone at the table (lobby.Said): one of
        lobby.PHRASES, at most one a seat every lobby.SAY_EVERY seconds (more: "too_fast")."""
        if seat is None or not 0 <= phrase < len(lobby.PHRASES):
            line.tell(lobby.error("not_allowed", False, "a quick message is one of the phrases, from a seat"))
            return
        info, now = self.seats[seat], self.loop.time()
        if now - info.said_at < lobby.SAY_EVERY:
            line.tell(lobby.error("too_fast"))
            return
        info.said_at = now
        msg = lobby.Said(seat, phrase)
        for other in [*self.spectators, *(s.line for s in self.seats if s.line is not None)]:
            other.tell(msg)

    # ------------------------------------------------------------------ leaving
    def drop(self, line: Line) -> None:
        """A line went down without saying goodbye: the seat waits `grace` seconds for its player."""
        self.spectators.discard(line)
        if self.closed:
            return
        for seat, info in enumerate(self.seats):
            if info.line is line and not self.started and seat == self.host_seat and self.start_when == "host":
                self.close("closed")                       # nobody else may start it
                return
            if info.line is line and not self.started:     # before the game: the seat is open again
                self.seats[seat] = Seat("open")
                self._tell_seats()
            elif info.line is line:
                info.line = None
                if not info.computer_plays:
                    info.grace = self.loop.call_later(self.config.grace, self._take_over, seat)
                log.info("table %s: seat %d (%s) dropped", self.code, seat, info.name)
                self._tell_seats()
        self._maybe_empty()

    def leave(self, line: Line) -> None:
        """A player leaves on purpose: a computer plays the seat at once."""
        self.spectators.discard(line)
        for seat, info in enumerate(self.seats):
            if info.line is line and not self.started and seat == self.host_seat and self.start_when == "host":
                info.line = None
                self.close("closed")
                return
            if info.line is line and not self.started:
                self.seats[seat] = Seat("open")
                self._tell_seats()
            elif info.line is line:
                info.line = None
                log.info("table %s: seat %d (%s) left", self.code, seat, info.name)
                self._take_over(seat)
        self._maybe_empty()

    def _take_over(self, seat: int) -> None:
        info = self.seats[seat]
        info.grace = None
        if self.closed or info.line is not None or info.computer_plays:
            return
        info.computer_plays, info.returning = True, False
        log.info("table %s: a computer plays seat %d (%s)", self.code, seat, info.name)
        if self.started and not self._safely(self._at_now, self.table.sit, seat, computer(self.config.level)):
            return
        self._tell_seats()
        self.tick()

    def _give_back(self) -> None:
        """Returning players take their seats back once it is not their seat's turn."""
        for seat, info in enumerate(self.seats):
            if info.returning and info.line is not None and whose_turn(self.table.spec, self.table.state) != seat:
                info.returning = info.computer_plays = False
                log.info("table %s: seat %d (%s) is played by its player again", self.code, seat, info.name)
                self.table.sit(seat, AWAY)
                self._tell_seats()

    def _maybe_empty(self) -> None:
        if self.closed or self.spectators or any(s.line is not None for s in self.seats):
            return
        if self._empty is None:
            self._empty = self.loop.call_later(self.config.empty_ttl, self.close, "closed")

    def close(self, code: str = "closed") -> None:
        """End the room: every line is told why and closed."""
        if self.closed:
            return
        self.closed = True
        for handle in (self._timer, self._empty, *(s.grace for s in self.seats), self.table.pending()):
            if handle is not None:
                handle.cancel()     # (a computer's choice still queued in the worker is not made)
        err = lobby.error(code, True)
        for line in [*self.spectators, *(s.line for s in self.seats if s.line is not None)]:
            line.fail(err)
        log.info("table %s: closed (%s)", self.code, code)
        self.on_close(self)

    # ------------------------------------------------------------------ sending
    def _sender(self, seat: int) -> Callable[[Any], None]:
        game, memo = self.table.game, self._memo

        def send(msg: Any) -> None:
            self.on_record("play")          # the record first: a line told of a move never loses it
            line = self.seats[seat].line
            if line is not None:
                line.push(encode(msg, game, memo))
        return send

    def _to_spectators(self, msg: Any) -> None:
        if self.spectators:
            data = encode(msg, self.table.game, self._public_memo)
            for line in list(self.spectators):
                line.push(data)

    def _infos(self) -> tuple[SeatInfo, ...]:
        return tuple(s.info() for s in self.seats)

    def _tell_seats(self) -> None:
        self.on_record("seats")
        msg = Seats(self._infos(), self.started)
        for line in [*self.spectators, *(s.line for s in self.seats if s.line is not None)]:
            line.tell(msg)
