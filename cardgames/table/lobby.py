"""The handshake of a line to a table over a network: who joins which table, in which seat.

Beside messages.py (the game's messages: Intent, Update, Public), a second small schema, also
msgspec Structs carried as tagged msgpack arrays (the tag first: a peer tells the two schemas
apart by it), with its own VERSION:

    client -> server   Host    open a table: the game, its options, each seat ("away": open to a
                               player, "computer:<level>"), and the host's own seat
                       Join    sit at the table of `code`: a seat (-1: the first open one), or
                               back in one's own seat with its `token`, or watch (a spectator)
                       Leave   leave on purpose: a computer plays the seat at once
                       Again   after a game, play again (a new deal once every player asks)
                       Ready   before the start: this player is ready (or no longer)
                       Start   the host starts the table (a Host with start_when="host"), once
                               every other player is ready and no seat is open
                       SetSeat the host, before the start: a seat open ("away") or a computer
                       Remove  the host sends a player away (told "removed"; the seat opens, or
                               after the start a computer takes it)
                       Say     a quick message: one of PHRASES by its index (at most one a
                               seat every SAY_EVERY seconds: else Error "too_fast", not fatal)
                       then only messages.Intent (the game's codec), one per action or command
    server -> client   Welcome the seat and its token (keep it: it takes the seat back after a
                               drop), the last sequence number the seat sent, how many updates
                               of the game so far follow (Table.catch_up), who sits where
                       Seats   who sits where, after every change (a join, a drop, a computer
                               taking over, a player taking the seat back)
                       Said    a seat's quick message, to everyone at the table
                       Error   what was wrong (a stable `code`, ERRORS; the English `text` for the
                               logs); `fatal`: the server closes the line after it
                       then the game's Update (a seat) or Public (a spectator) messages

decode_client(data) returns one of ClientMessage (a lobby message or messages.Intent), or raises WireError (for
anything else, for a message of another version, for more than MAX_BYTES). Names are checked
by clean_name (length, control and format characters) before anyone else sees them.
"""
from __future__ import annotations

import unicodedata
from typing import Annotated, Any

import msgspec

from cardgames.table import messages
from cardgames.table.messages import Intent, WireError

VERSION = 1
MAX_BYTES = 16 * 1024         # the largest message a client may send (an intent is under 100 bytes)
NAME_MAX = 24                 # characters in a player's name
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O or 1/I: a room code is read aloud
CODE_LENGTH = 5
JOINERS = "\u200c\u200d"        # zero-width (non-)joiner: part of how Tamil, Telugu and Kannada names are written

Name = Annotated[str, msgspec.Meta(max_length=4 * NAME_MAX)]      # checked again by clean_name
Word = Annotated[str, msgspec.Meta(max_length=64)]
OptionValue = int | float | bool | str
ERRORS = {
    "bad_message": "the message is not one of this protocol (msgpack, the right fields and types)",
    "version": "the message is of another version of the protocol",
    "too_big": "the message is longer than the server accepts",
    "flood": "too many messages in too short a time",
    "join_first": "join a table (or host one) before anything else",
    "no_table": "there is no table with this code",
    "bad_token": "this token holds no seat at this table",
    "table_full": "no seat is open at this table",
    "bad_seat": "there is no such seat open at this table",
    "bad_name": "the name is empty, too long or holds control characters",
    "bad_table": "the game, its options or its seats cannot make a table",
    "too_many_tables": "this address hosts as many tables as it may",
    "too_many_lines": "this address has as many connections as it may",
    "not_allowed": "this line may not ask that",
    "idle": "nothing was heard from this line for too long",
    "slow": "this line does not read what it is sent",
    "closing": "the server is shutting down",
    "closed": "the table was closed",
    "broken": "the table stopped on an error (the server's log says which)",
    "removed": "the host removed this player from the table",
    "too_fast": "one quick message every few seconds",
    "moved": "the table is played by another server process now: join again with the seat's token",
    "unavailable": "the server cannot open new tables now (its store is out of reach): try again soon",
}
START_WHEN = ("full", "host")   # a table starts once no seat is open, or when its host says so


class VersionError(WireError):
    """A message of another version of the protocol (the peer is older or newer)."""


class _Lobby(msgspec.Struct, frozen=True, array_like=True, tag_field="t"):
    pass


class Host(_Lobby, tag="host"):
    game: Word
    name: Name
    seats: Annotated[tuple[Word, ...], msgspec.Meta(max_length=8)]
    options: Annotated[dict[Word, OptionValue], msgspec.Meta(max_length=16)] = {}
    seat: int = 0                 # the host's own seat (one of the "away" ones)
    v: int = VERSION
    start_when: Word = "full"     # START_WHEN: "full" (no seat open) or "host" (the host's Start)


class Join(_Lobby, tag="join"):
    code: Word
    name: Name = ""
    token: Word = ""
    seat: int = -1
    watch: bool = False
    v: int = VERSION


class Leave(_Lobby, tag="leave"):
    v: int = VERSION


class Again(_Lobby, tag="again"):
    """After a game: "play again". Once every player at the table has said it, a new deal, the
    same seats."""

    v: int = VERSION


class Ready(_Lobby, tag="ready"):
    """Before the start: this player is ready to play (on) or not yet (off)."""

    on: bool = True
    v: int = VERSION


class Start(_Lobby, tag="start"):
    """The host starts the table: every other player is ready, no seat is open."""

    v: int = VERSION


class SetSeat(_Lobby, tag="set_seat"):
    """The host, before the start: seat `seat` open to a player ("away") or "computer:<level>"."""

    seat: int
    kind: Word
    v: int = VERSION


class Remove(_Lobby, tag="remove"):
    """The host sends the player of `seat` away."""

    seat: int
    v: int = VERSION


class Say(_Lobby, tag="say"):
    """A quick message to the table: the index of one of PHRASES (never typed text)."""

    phrase: int
    v: int = VERSION


class Said(_Lobby, tag="said"):
    """Everyone hears a seat's quick message (the client says PHRASES[phrase] in its language)."""

    seat: int
    phrase: int
    v: int = VERSION


class SeatInfo(msgspec.Struct, frozen=True, array_like=True):
    """One seat as everyone sees it. kind: "open" (waiting for a player), "player", "computer".
    For a player: whether their line is up, and whether a computer plays for them meanwhile."""

    kind: str
    name: str = ""
    connected: bool = False
    computer_plays: bool = False
    again: bool = False           # asked to play again (after a game)
    ready: bool = False           # before the start: ready to play
    level: str = ""               # a computer seat's level


class Welcome(_Lobby, tag="welcome"):
    code: str
    game: str
    seat: int | None              # None: a spectator
    token: str
    seq: int                      # the seat's last intent's number: the next one must be higher
    catch_up: int                 # this many game messages follow: the game so far
    seats: tuple[SeatInfo, ...]
    grace: float                  # seconds before a computer plays a dropped player's seat
    started: bool = True
    v: int = VERSION
    host_seat: int = 0            # the seat of the table's host (-1: a table the server opened)


class Seats(_Lobby, tag="seats"):
    seats: tuple[SeatInfo, ...]
    started: bool = True
    v: int = VERSION


class Error(_Lobby, tag="error"):
    code: str
    text: str
    fatal: bool = False
    v: int = VERSION


ClientMessage = Host | Join | Leave | Again | Ready | Start | SetSeat | Remove | Say | Intent
ServerMessage = Welcome | Seats | Error | Said
PHRASES = ("good_game", "your_turn", "oops", "well_played")   # the quick messages (Say.phrase indexes them)
SAY_EVERY = 3.0               # seconds: at most one quick message per seat in this time (else "too_fast")

_ENCODER = msgspec.msgpack.Encoder()
_CLIENT = msgspec.msgpack.Decoder(ClientMessage)
_SERVER = msgspec.msgpack.Decoder(ServerMessage)


def error(code: str, fatal: bool = False, text: str = "") -> Error:
    return Error(code, text or ERRORS[code], fatal)


def encode(msg: _Lobby | Intent) -> bytes:
    return _ENCODER.encode(msg)


def decode_client(data: Any) -> ClientMessage:
    """What a client sent, checked: one of ClientMessage, of this version; else WireError."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise WireError(f"a message is bytes, not {type(data).__name__}")
    if len(data) > MAX_BYTES:
        raise WireError(f"message too long: {len(data)} bytes (at most {MAX_BYTES})")
    try:
        msg = _CLIENT.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError) as exc:
        raise WireError(f"not a message: {exc}") from None
    except RecursionError:
        raise WireError("not a message: nested too deeply") from None
    wanted = messages.VERSION if isinstance(msg, Intent) else VERSION
    if msg.v != wanted:
        raise VersionError(f"message version {msg.v}, this server speaks {wanted}")
    return msg


def decode_server(data: bytes, game: str | None) -> Any:
    """What a server sent: a Welcome, Seats or Error, or (once the game is known) the game's
    Update or Public; WireError for anything else."""
    try:
        msg = _SERVER.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError, RecursionError):
        if game is None:
            raise WireError("not a message of this protocol") from None
        return messages.decode(data, game)
    if msg.v != VERSION:
        raise VersionError(f"message version {msg.v}, this client speaks {VERSION}")
    return msg


def clean_name(text: str) -> str:
    """A player's name as others will see it (NFC, trimmed), or ValueError: empty, longer than
    NAME_MAX characters, or holding a control, format (bidirectional overrides; the joiners of
    Indic scripts are fine), private-use or unassigned character, or a line break."""
    name = unicodedata.normalize("NFC", str(text)).strip()
    if not name:
        raise ValueError("a name cannot be empty")
    if len(name) > NAME_MAX:
        raise ValueError(f"a name has at most {NAME_MAX} characters")
    for ch in name:
        if ch not in JOINERS and unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"):
            raise ValueError(f"a name cannot hold the character U+{ord(ch):04X}")
    return name
