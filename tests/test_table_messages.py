"""The message schema (cardgames/table/messages.py): exact round trips, and any bytes at all either
decode to a valid message or raise WireError, never anything else."""
from __future__ import annotations

import random
from functools import cache

import msgspec
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from table_games import CASES, play

from cardgames.core.cards import Card, Rank, Suit
from cardgames.core.protocol import IllegalAction, Seat
from cardgames.games.skyjo import rules as skyjo
from cardgames.table.codec import Codec, CodecError
from cardgames.table.messages import (
    MAX_BYTES,
    VERSION,
    GameCodec,
    Intent,
    Public,
    Refusal,
    Update,
    WireError,
    codec,
    decode,
    encode,
    new_memo,
)

GAMES = tuple(CASES)


@cache
def corpus(game: str) -> tuple[bytes, ...]:
    """The encoded messages of one short random game (every kind the table sends), and intents."""
    options, seats = CASES[game][0]
    _table, log = play(game, options, seats, 3, steps=400)
    messages = [encode(m, game) for m in log[:150]]
    messages.append(encode(Intent(seat=0, seq=4, action="draw", after=3), game))
    messages.append(encode(Intent(seat=1, seq=9, command="undo"), game))
    return tuple(messages)


def is_valid(msg, game: str) -> bool:
    """A decoded message is one of the schema's and encodes again to something that decodes equal."""
    assert isinstance(msg, (Intent, Update, Public))
    again = decode(encode(msg, game), game)
    return again == msg


@pytest.mark.parametrize("game", GAMES)
def test_every_message_of_a_game_comes_back_equal_and_as_the_same_types(game):
    for data in corpus(game):
        msg = decode(data, game)
        assert encode(msg, game) == data
        if isinstance(msg, Update):
            raw = msgspec.msgpack.decode(data)
            assert raw[0] == "update"
            assert type(msg.observation).__name__ == "Observation"
            assert all(type(e).__module__ == "cardgames.core.events" for e in msg.events)


@pytest.mark.parametrize("game", ("skyjo", "three_thirteen", "switch"))
def test_a_tables_own_memory_sends_the_very_bytes_each_update_alone_would(game):
    """Two tables' updates (every seat's and the spectator's), interleaved, each encoded with its own
    table's memory of what it sent last (new_memo(), as a server's rooms keep; Skyjo's shared events
    remembered by identity too) are byte for byte what a codec that never sent anything makes."""
    options, seats = CASES[game][-1]
    logs = [play(game, options, seats, seed, steps=60)[1] for seed in (5, 6)]
    memos = (new_memo(), new_memo())
    checked = 0
    for i in range(max(map(len, logs))):
        for log, memo in zip(logs, memos):
            if i < len(log):
                assert encode(log[i], game, memo) == GameCodec(game).encode(log[i]), (game, i)
                checked += 1
    assert checked > 100


def test_a_refusal_carries_the_rules_exception_with_its_values():
    exc = IllegalAction("{card} does not follow {suit} for {seat}", "You cannot play {card}.",
                        card=Card(Rank.QUEEN, Suit.HEARTS), suit=Suit.CLUBS, seat=Seat(2), cards=(Card(Rank.ACE, Suit.SPADES),))
    refusal = Refusal("illegal", str(exc), 3, exc.message, exc.you, tuple(exc.values.items()))
    obs = skyjo.observe(skyjo.new_game({"players": 2}, 1), 0)
    update = Update(seat=0, moves=0, seq=2, now=1.5, observation=obs, refusal=refusal)
    back = decode(encode(update, "skyjo"), "skyjo")
    assert back == update
    again = back.refusal.exception()
    assert str(again) == str(exc) == "QH does not follow clubs for player 2"
    assert again.you == "You cannot play {card}." and isinstance(again.values["seat"], Seat)


@pytest.mark.parametrize("data", [b"", b"\x00", b"\xc1", b"\x92\xa6intent", b"\xff" * 40, b"\x91\xa6intent"])
def test_garbage_is_a_wire_error(data):
    with pytest.raises(WireError):
        decode(data, "switch")


def test_too_long_and_other_versions_are_refused():
    with pytest.raises(WireError, match="too long"):
        decode(b"\x90" * (MAX_BYTES + 1), "skyjo")
    old = msgspec.msgpack.encode(["intent", 0, 1, "draw", "", -1, VERSION + 1])
    with pytest.raises(WireError, match="version"):
        decode(old, "skyjo")
    assert decode(msgspec.msgpack.encode(["intent", 0, 1, "draw", "", -1, VERSION]), "skyjo") == \
        Intent(seat=0, seq=1, action="draw")
    with pytest.raises(WireError):   # a command that does not exist
        decode(msgspec.msgpack.encode(["intent", 0, 1, "", "format_disk", -1, VERSION]), "skyjo")


@pytest.mark.parametrize("number", [float("nan"), float("inf"), -1.0])
def test_a_clock_or_a_layout_that_is_not_a_finite_number_is_refused(number):
    from cardgames.games.tripeaks import rules as tripeaks

    obs = tripeaks.observe(tripeaks.new_game({}, 1))
    data = encode(Update(seat=0, moves=0, seq=0, now=2.0, observation=obs), "tripeaks")
    raw = msgspec.msgpack.decode(data)
    clock = list(raw)
    clock[4] = number
    with pytest.raises(WireError):
        decode(msgspec.msgpack.encode(clock), "tripeaks")
    if number > 0:                   # a slot's x: a number, but a finite one
        raw[5][1][2][0][0] = number
        with pytest.raises(WireError):
            decode(msgspec.msgpack.encode(raw), "tripeaks")


def test_the_codec_builds_only_whitelisted_classes():
    with pytest.raises(TypeError, match="whitelist"):
        Codec(skyjo.Observation, (skyjo.Observation, skyjo.Phase, skyjo.Slot))   # RoundResult left out
    obs_codec = codec("skyjo").observation
    plain = obs_codec.to_plain(skyjo.observe(skyjo.new_game({"players": 2}, 1), 0))
    for bad in (["os.system", "ls"], {"__class__": "os.system"}, msgspec.msgpack.Ext(1, b"x"), plain[:-1],
                [*plain[:4], 99, *plain[5:]]):   # 99 is no Phase
        with pytest.raises(CodecError):
            obs_codec.from_plain(bad)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=150)
@given(data=st.binary(max_size=600))
@example(data=b"\xa1\x80")            # a string that is not UTF-8: msgspec raises UnicodeDecodeError
@example(data=b"\x92\xa6update\xa2\x80\x80")
def test_random_bytes_never_crash_decode(game, data):
    try:
        msg = decode(data, game)
    except WireError:
        return
    assert is_valid(msg, game)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=150)
@given(pick=st.integers(0, 10_000), edits=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255),
                                                            st.sampled_from("set insert delete cut")), max_size=6))
def test_mutated_messages_never_crash_decode(game, pick, edits):
    messages = corpus(game)
    data = bytearray(messages[pick % len(messages)])
    for at, byte, how in edits:
        at %= len(data) + 1
        if how == "set" and at < len(data):
            data[at] = byte
        elif how == "insert":
            data.insert(at, byte)
        elif how == "delete" and at < len(data):
            del data[at]
        elif how == "cut":
            del data[at:]
    try:
        msg = decode(bytes(data), game)
    except WireError:
        return
    assert is_valid(msg, game)


LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-2**63, 2**64 - 1), st.floats(allow_nan=True),
                   st.text(max_size=8), st.lists(st.integers(-3, 70), max_size=4), st.just([]),
                   st.binary(max_size=3))


def _paths(value, path=()):
    yield path
    if isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*path, i))


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=200)
@given(pick=st.integers(0, 10_000), where=st.integers(0, 10**6), leaf=LEAVES)
def test_a_message_with_any_field_replaced_is_decoded_valid_or_refused(game, pick, where, leaf):
    """Structured mutations reach deep into the observation and the events, past msgpack's own checks."""
    messages = corpus(game)
    raw = msgspec.msgpack.decode(messages[pick % len(messages)])
    paths = list(_paths(raw))[1:]
    path = paths[where % len(paths)]
    node = raw
    for i in path[:-1]:
        node = node[i]
    node[path[-1]] = leaf
    try:
        msg = decode(msgspec.msgpack.encode(raw), game)
    except WireError:
        return
    assert is_valid(msg, game)


def test_the_fuzzing_reaches_valid_messages_too():
    """The mutations are not all refused: a changed number of moves or a clock still decodes."""
    rng = random.Random(1)
    ok = 0
    for data in corpus("switch")[:40]:
        raw = msgspec.msgpack.decode(data)
        if raw[0] == "update":
            raw[2] = rng.randrange(1000)
            ok += isinstance(decode(msgspec.msgpack.encode(raw), "switch"), Update)
    assert ok > 10

