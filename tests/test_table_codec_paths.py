"""The codec's quick paths (cardgames/table/codec.py) take exactly what the plain, one-call-a-value
paths took: whole-list card and int checks, unions picked by exact type, the memory of tuples met
before. Any plain data either decodes to a value that encodes back to the very same data (types
and all: True is not 1, 1.0 is not 1) or raises CodecError; and remembering never changes that."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.core.cards import JOKER, Card, Rank, Suit
from cardgames.core.events import Announced, CardFlipped, CardMoved, Shuffled
from cardgames.games.skyjo import rules as skyjo
from cardgames.games.three_thirteen import rules as tt
from cardgames.table.codec import Codec, CodecError

EVENTS = (CardMoved, CardFlipped, Shuffled, Announced)
ROOTS = {
    "cards": (tuple[Card, ...], ()),
    "ints": (tuple[int, ...], ()),
    "bools": (tuple[bool, ...], ()),
    "optional card": (Card | None, ()),
    "skyjo grids": (tuple[tuple[int | skyjo.Slot, ...], ...], (skyjo.Slot,)),
    "int or none": (tuple[int | None, ...], ()),
    "rounds": (tuple[tt.RoundResult, ...], (tt.RoundResult,)),
    "events": (tuple[CardMoved | CardFlipped | Shuffled | Announced, ...], EVENTS),
}
OVERRIDES = {(CardMoved, "card"): Card | None, (CardFlipped, "card"): Card | None}

LEAF = st.one_of(st.none(), st.booleans(), st.integers(-3, 75), st.integers(-2**63, 2**64 - 1),
                 st.floats(-2, 75), st.integers(-3, 75).map(float), st.sampled_from(["hidden", "cleared", "x", "hand:1", ""]))
PLAIN = st.recursive(LEAF, lambda inner: st.lists(inner, max_size=8), max_leaves=40)


def same(a, b) -> bool:
    """Equal, and of the same types all the way down (1, 1.0 and True are three different things)."""
    if type(a) is not type(b):
        return False
    if type(a) is list:
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def valid_samples(name: str) -> list:
    """Plain data the codec must take, so the property meets accepted data too, not only refusals."""
    return {
        "cards": [[5, 51, 74], [5, 6, 7, 8, 10, 11, 12, 13]],
        "ints": [[1, 2, 3], list(range(9))],
        "bools": [[True, False], [False] * 7],
        "optional card": [None, 12],
        "skyjo grids": [[[1, "hidden", -2, "cleared"] * 3] * 4, [[5] * 12, ["hidden"] * 12]],
        "int or none": [[None, 3, None, 4, 5, 6, 7]],
        "rounds": [[[1, [[5, 10], [74]], [3, 0], None], [2, [[]], [0], 1]] * 3],
        "events": [[[0, [None, "stock", "hand:0", False, [0]]], [3, ["last_card", 1, None, ""]],
                    [1, [12, "grid:0:1", True, None]], [2, ["discard", "stock", 30]]]],
    }[name]


def check(codec: Codec, data) -> None:
    try:
        value = codec.from_plain(data)
    except CodecError:
        return
    assert same(codec.to_plain(value), data), (data, value)


@pytest.mark.parametrize("name", ROOTS)
@settings(max_examples=150)
@given(batch=st.lists(PLAIN, min_size=1, max_size=6), picks=st.lists(st.integers(0, 10), max_size=4))
def test_any_plain_data_comes_back_exactly_or_is_refused_even_after_being_remembered(name, batch, picks):
    root, whitelist = ROOTS[name]
    codec = Codec(root, whitelist, OVERRIDES)
    samples = valid_samples(name)
    for data in samples:                     # accepted, and remembered
        assert same(codec.to_plain(codec.from_plain(data)), data)
    for i in picks:                          # the samples nested where a list may be (grids of grids...)
        batch.append(samples[i % len(samples)])
    for data in batch + batch:               # twice: the second time meets what the first remembered
        check(codec, data)


@pytest.mark.parametrize(("root", "whitelist", "data"), [
    (tuple[Card, ...], (), [5.0]),           # 5.0 == 5, the ace of clubs' code (and hashes alike)
    (tuple[Card, ...], (), [5, 6, 7, 8, 10, 11, 12.0]),
    (tuple[Card, ...], (), [True]),
    (tuple[Card, ...], (), [4] * 7),          # no card has code 4 (rank 0): also once the list is long
    (tuple[int, ...], (), [1, True]),
    (tuple[int, ...], (), [1, 2.0, 3, 4, 5, 6, 7]),
    (tuple[bool, ...], (), [0]),
    (tuple[int | skyjo.Slot, ...], (skyjo.Slot,), [1, "HIDDEN"]),
    (tuple[int | skyjo.Slot, ...], (skyjo.Slot,), [1, 2.5]),
    (tuple[int | None, ...], (), [None, False]),
    (tuple[tt.RoundResult, ...], (tt.RoundResult,), [[1, [[True]], [0], None]]),
])
def test_what_the_quick_paths_refuse(root, whitelist, data):
    codec = Codec(root, whitelist, OVERRIDES)
    with pytest.raises(CodecError):
        codec.from_plain(data)


class NotACard:
    """Hashes and compares like nothing in the pool."""


class CardLike(tuple):
    pass


@pytest.mark.parametrize(("root", "whitelist", "value"), [
    (tuple[Card, ...], (), (Card(Rank.ACE, Suit.SPADES), (Rank.ACE, Suit.SPADES))),   # a plain tuple equal in fields
    (tuple[Card, ...], (), (JOKER, NotACard())),
    (tuple[Card, ...], (), (JOKER,) * 6 + ([],)),                                      # unhashable, in a long tuple
    (tuple[int, ...], (), (1, True)),
    (tuple[bool, ...], (), (True, 1)),
    (tuple[int | skyjo.Slot, ...], (skyjo.Slot,), (1, "hidden")),
    (tuple[int | skyjo.Slot, ...], (skyjo.Slot,), (1, skyjo.Phase.TURN)),
    (tuple[int | None, ...], (), (None, 1.0)),
    (Card | None, (), CardLike((Rank.ACE, Suit.SPADES))),
])
def test_what_the_quick_paths_will_not_send(root, whitelist, value):
    codec = Codec(root, whitelist, OVERRIDES)
    with pytest.raises(CodecError):
        codec.to_plain(value)


def test_a_remembered_tuple_is_the_same_value_and_a_changed_one_is_not_mistaken_for_it():
    codec = Codec(tuple[tuple[int | skyjo.Slot, ...], ...], (skyjo.Slot,))
    grid = tuple((i, skyjo.Slot.HIDDEN, -2) for i in range(4))
    plain = codec.to_plain(grid)
    assert codec.to_plain(grid) == plain and codec.from_plain(plain) == grid
    assert codec.from_plain(plain) is codec.from_plain([list(row) for row in plain])   # remembered by its bytes
    changed = [list(row) for row in plain]
    changed[1][0] = True                   # equal to the 1 remembered there, but no int
    with pytest.raises(CodecError):
        codec.from_plain(changed)
