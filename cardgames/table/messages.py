"""The one message schema between a table and its views (and, later, the network).

Every message is a msgspec Struct, tagged by its kind and carried as a msgpack array:
    Intent   a view asks its table for something: an action of its seat (str(action)), or a
             table command (undo, restart, redeal, resign). `seq` counts the seat's intents
             (each one higher than the last); `after`, when not -1, is the number of moves the
             view had seen: the table refuses the intent if the game has moved on since.
    Update   what one seat is told after a change: its observation, the events as that seat
             may see them, its legal and out-of-turn actions (as str(action)), whose turn it is
             and who is thinking, deadlines (a "last card" catch window), a refusal of its last
             intent, the result once the game is over.
    Public   the same for a spectator: only what everyone sees.
    Assist   TriPeaks' solver at the table, answering its seat (Update.assist): the live "still
             winnable" sign, a hint, how far back undo reaches a winnable position
             (cardgames/table/tripeaks_assist.py).
`v` is the schema's VERSION; a message of another version is refused like any bad message.

In this process the Update carries the game's own Observation and Event objects. On the wire
(encode / decode) they travel as plain data through the game's codec (codec.py, games.py), and
come back as equal objects; decode(data) of any bytes returns a valid message or raises
WireError, nothing else (messages over MAX_BYTES too).
"""
from __future__ import annotations

import math
from enum import Enum
from functools import cache
from typing import Annotated, Any, Literal

import msgspec

from cardgames.core.cards import Card, Suit
from cardgames.core.protocol import IllegalAction, Seat
from cardgames.table.codec import Codec, CodecError, card_pool
from cardgames.table.games import EVENT_TYPES, spec

VERSION = 1
MAX_BYTES = 256 * 1024     # the largest message a peer may send (the largest update seen is under 8 KB)

Time = Annotated[float, msgspec.Meta(ge=0, le=1e12)]   # seconds on a table's clock: never NaN or infinite
Command = Literal["", "undo", "restart", "redeal", "resign", "hint", "undo_to_winnable", "suggest"]


class WireError(ValueError):
    """The bytes are not a valid message of this schema (too long, unreadable, wrong version, a
    field of the wrong type, a card or class that does not exist); says why."""


class _Message(msgspec.Struct, frozen=True, array_like=True, tag_field="t"):
    pass


class Intent(_Message, tag="intent"):
    seat: int
    seq: int
    action: str = ""
    command: Command = ""
    after: int = -1
    v: int = VERSION


class Deadline(msgspec.Struct, frozen=True, array_like=True):
    """A time limit on the table's clock. kind "catch": `seat` forgot to call "last card" and may
    be caught from `opened`; `closes` is when the next player's move closes the window (None: a
    human moves next, whenever they do); `soonest` when a computer may first catch (None: none)."""

    kind: str
    seat: int
    opened: Time
    closes: Time | None = None
    soonest: Time | None = None


class Refusal(msgspec.Struct, frozen=True, array_like=True):
    """Why an intent was refused. `code` is stable (REFUSALS); `text` the English sentence (logs);
    `message`, `you` and `values` the rules' IllegalAction, to be said in the player's language."""

    code: str
    text: str
    seq: int = 0
    message: str = ""
    you: str = ""
    values: tuple[tuple[str, Any], ...] = ()

    def exception(self) -> IllegalAction:
        """The refusal as the rules' exception, for cardgames.i18n.refusal (the scene's toast)."""
        return IllegalAction(self.message or self.text, self.you or None, **dict(self.values))


REFUSALS = {
    "wrong_seat": "the intent names a seat this line does not play",
    "stale": "the intent's sequence number is not above the seat's last one",
    "moved_on": "the game has moved on since the view that sent it",
    "not_your_turn": "it is not this seat's turn",
    "unreadable": "the action cannot be read",
    "illegal": "the rules refuse the action (message and values say why)",
    "over": "the game is over",
    "no_undo": "undo is not allowed here now",
    "not_here": "only a human seat may ask that",
    "no_hint": "this table gives no hints",
    "no_suggest": "this table gives no suggestions (practice games of a game with an Expert only)",
}


class Result(msgspec.Struct, frozen=True, array_like=True):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    resigned: tuple[int, ...] = ()


class Assist(msgspec.Struct, frozen=True, array_like=True):
    """What TriPeaks' solver found for the position after `moves` moves (it sees the face-down cards, so
    it runs at the table; its seat is told only these answers). `winnable`: the live sign (None while
    the solver is at it, or when the table keeps no sign). `help`: the answer to the seat's "hint"
    command for this position: "" (none asked, or not found yet), "move" (`hint` keeps a win
    possible), "undo" (no move does; undo back to `undo_to` moves reaches a position that can
    still be won: the command "undo_to_winnable"), "lost" (neither; `hint` is a move that plays,
    or "" when none does). With "undo", `hint` is a move that plays too ("Keep playing")."""

    moves: int
    winnable: bool | None = None
    help: Literal["", "move", "undo", "lost"] = ""
    hint: str = ""
    undo_to: int = -1


class Update(_Message, tag="update"):
    seat: int
    moves: int                    # actions applied at the table so far
    seq: int                      # the seat's last accepted intent
    now: Time                     # the table's clock
    observation: Any
    events: tuple[Any, ...] = ()
    legal: tuple[str, ...] = ()
    out_of_turn: tuple[str, ...] = ()
    turn: int | None = None
    thinking: int | None = None
    deadlines: tuple[Deadline, ...] = ()
    refusal: Refusal | None = None
    result: Result | None = None
    undo: bool = False            # this seat may undo now
    reset: bool = False           # a new deal, an undo or a resume: draw the observation afresh
    played: tuple[str, ...] = ()  # the actions applied since the last update, str(action) (the move log)
    assist: Assist | None = None  # TriPeaks: the solver's answers for this position (none in the other games)
    v: int = VERSION
    suggestion: str = ""          # the answer to the seat's "suggest": the move Expert would make (table/suggest.py)


class Public(_Message, tag="public"):
    moves: int
    now: Time
    observation: Any
    events: tuple[Any, ...] = ()
    turn: int | None = None
    thinking: int | None = None
    deadlines: tuple[Deadline, ...] = ()
    result: Result | None = None
    reset: bool = False
    played: tuple[str, ...] = ()
    v: int = VERSION


Message = Intent | Update | Public
Memo = tuple[list, list]     # a table's own cells for what its updates carried last (new_memo())

_ENCODER = msgspec.msgpack.Encoder()
_DECODER = msgspec.msgpack.Decoder(Message)


class GameCodec:
    """Messages of one game to bytes and back (its Observation and events through codec.Codec)."""

    def __init__(self, game: str) -> None:
        s = spec(game)
        cards = card_pool(s.shared)
        self.game = game
        self.observation = Codec(s.observation, s.whitelist, s.overrides, cards, s.stable)
        self.events = Codec(tuple[EVENT_TYPES[0] | EVENT_TYPES[1] | EVENT_TYPES[2] | EVENT_TYPES[3], ...],
                            EVENT_TYPES, s.overrides, cards, s.stable_events)
        self.cards = cards

    def encode(self, msg: Message, memo: Memo | None = None) -> bytes:
        """`memo`: a table's own cells for what its updates carried last (new_memo()), or None."""
        if isinstance(msg, (Update, Public)):
            obs, events = memo if memo is not None else (None, None)
            changes: dict[str, Any] = {"observation": self.observation.to_plain(msg.observation, obs),
                                       "events": self.events.to_plain(tuple(msg.events), events)}
            if isinstance(msg, Update) and msg.refusal is not None and msg.refusal.values:
                changes["refusal"] = msgspec.structs.replace(
                    msg.refusal, values=tuple((k, _value_plain(v)) for k, v in msg.refusal.values))
            msg = msgspec.structs.replace(msg, **changes)
        return _ENCODER.encode(msg)

    def decode(self, data: bytes) -> Message:
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise WireError(f"a message is bytes, not {type(data).__name__}")
        if len(data) > MAX_BYTES:
            raise WireError(f"message too long: {len(data)} bytes (at most {MAX_BYTES})")
        try:
            msg = _DECODER.decode(data)
        except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as exc:
            # (msgspec's MessagePack reader lets a string that is not UTF-8 through as UnicodeDecodeError)
            raise WireError(f"not a message: {exc}") from None
        except RecursionError:
            raise WireError("not a message: nested too deeply") from None
        if msg.v != VERSION:
            raise WireError(f"message version {msg.v}, this table speaks {VERSION}")
        if isinstance(msg, Intent):
            return msg
        try:
            changes = {"observation": self.observation.from_plain(msg.observation),
                       "events": self.events.from_plain(list(msg.events))}
            if isinstance(msg, Update) and msg.refusal is not None and msg.refusal.values:
                changes["refusal"] = msgspec.structs.replace(
                    msg.refusal, values=tuple((str(k), self._value(v)) for k, v in msg.refusal.values))
        except CodecError as exc:
            raise WireError(f"not a {self.game} message: {exc}") from None
        except RecursionError:
            raise WireError("not a message: nested too deeply") from None
        return msgspec.structs.replace(msg, **changes)

    def _value(self, data: Any) -> Any:
        """A refusal's value back from _value_plain."""
        if type(data) in (str, int, bool) or data is None or (type(data) is float and math.isfinite(data)):
            return data
        if type(data) is list and len(data) >= 2 and data[0] == "card" and data[1] in self.cards:
            return self.cards[data[1]]
        if type(data) is list and len(data) == 2 and data[0] == "suit" and data[1] in range(4):
            return Suit(data[1])
        if type(data) is list and len(data) == 3 and data[0] == "seat" and type(data[1]) is int \
                and type(data[2]) is str:
            return Seat(data[1], data[2])
        if type(data) is list and len(data) == 2 and data[0] == "list" and type(data[1]) is list:
            return tuple(self._value(x) for x in data[1])
        raise CodecError(f"not a refusal's value: {data!r}")


def _value_plain(value: Any) -> Any:
    """A value of an IllegalAction (a Seat, a Card, a Suit, a number, words, a tuple of them)."""
    if isinstance(value, Seat):
        return ["seat", int(value), value.word]
    if isinstance(value, Card):
        return ["card", int(value.rank) * 5 + (4 if value.suit is None else int(value.suit))]
    if isinstance(value, Suit):
        return ["suit", int(value)]
    if isinstance(value, (tuple, list)):
        return ["list", [_value_plain(v) for v in value]]
    if isinstance(value, Enum):
        return value.name.lower()
    if type(value) in (str, int, float, bool) or value is None:
        return value
    return str(value)


@cache
def codec(game: str) -> GameCodec:
    """The game's codec, made once."""
    return GameCodec(game)


def new_memo() -> Memo:
    """Cells of one table's own for encode(): the observation and the events it carried last. Each
    position is then compared with the same table's last one (most of it the very same values), not
    with whatever another table sent last."""
    return [None], [None]


def encode(msg: Message, game: str, memo: Memo | None = None) -> bytes:
    return codec(game).encode(msg, memo)


def decode(data: bytes, game: str) -> Message:
    """A message of `game` from bytes; WireError for anything that is not one."""
    return codec(game).decode(data)
