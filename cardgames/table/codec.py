"""A game's values (its Observation, the events) to plain data and back, guided by their types.

Plain data is what msgpack carries: None, bool, int, float, str and lists. A Codec is made
for one root type (a game's Observation, or its tuple of events) from the classes' type hints
and an explicit whitelist: it only ever builds the classes it was given, never one named by the
data, and it checks every value against its declared type on the way in, so decoding what a
peer sent either gives the very objects the table made (equal, field for field) or raises
CodecError.

How each type is carried:
    int, bool, str, None      as themselves (a bool is never taken for an int, nor the reverse)
    float                     an int or a float, kept as it was (a layout's x may be 1 or 1.5)
    Card                      one small int: rank * 5 + suit (4 for the Joker's missing suit)
    IntEnum, Enum             its value (Phase.TURN -> 1, Slot.HIDDEN -> "hidden")
    tuple[X, ...], tuple[X, Y]  a list (at most MAX_ITEMS items)
    a whitelisted dataclass or NamedTuple  a list of its fields in order
    X | Y                     as X or Y when their plain forms differ (int | Slot, Card | None);
                              else [member index, value] (the event union)
`stable` names the classes whose values stay the same through a game (TriPeaks' Layout): they are
remembered when sent (by identity) and when received (by their bytes), as tuples are: tuples of
structures (rounds, grids, per-seat hands) at any length, others from MEMO_FROM items. Most of the
rest is quick by type: a union finds its member by the value's exact type, a tuple of cards or ints
is checked and mapped as a whole list (cheaper, and refusing exactly the same). `overrides` gives the type of a field whose hint is loose (`card: Any` in core/events.py,
`hand: tuple` in Switch's Observation): {(Class, "field"): type}.
"""
from __future__ import annotations

import dataclasses
import math
import operator
import types
import typing
from collections.abc import Callable, Mapping
from enum import Enum, IntEnum
from typing import Any

import msgspec

from cardgames.core.cards import Card, Rank, Suit

MEMO_FROM = 6            # tuples this long or longer are remembered by identity when encoded (immutable values)
MEMO_SIZE = 16384        # at most this many remembered per tuple type (a server's thousand tables of
                         # four seats each hold some: Skyjo's grids); then the memory starts again (a memory
                         # of two halves, forgetting only what was not asked for lately, was tried: no less
                         # CPU, and what it kept lived on into the old generation: p99 at 1,000 tables 189 to
                         # 245 ms, against 29 to 41 ms)
MAX_ITEMS = 4096          # the longest tuple a peer may send (a Three Thirteen record of 11 rounds is ~1200 cards)


_PACK = msgspec.msgpack.Encoder().encode


class CodecError(ValueError):
    """The data is not a value of the expected type (says where and what)."""


Enc = Callable[[Any], Any]
Dec = Callable[[Any], Any]


def _card_code(card: Card) -> int:
    return int(card.rank) * 5 + (4 if card.suit is None else int(card.suit))


def card_pool(shared: Callable[[Card], Card] | None = None) -> dict[int, Card]:
    """Every card by its code; `shared` swaps each for the game's own object (Switch's deck)."""
    cards = [Card(r, s) for r in Rank if r is not Rank.JOKER for s in Suit] + [Card(Rank.JOKER, None)]
    return {_card_code(c): (shared(c) if shared else c) for c in cards}


def _is_struct(tp: Any) -> bool:
    return isinstance(tp, type) and (dataclasses.is_dataclass(tp) or (issubclass(tp, tuple) and hasattr(tp, "_fields")))


def _kind(tp: Any) -> str:
    """The plain form a type travels as: how a union tells its members apart."""
    if tp is type(None):
        return "none"
    if tp is bool:
        return "bool"
    if tp is str:
        return "str"
    if tp is float:
        return "number"
    if tp is int or tp is Card:
        return "int"
    if isinstance(tp, type) and issubclass(tp, Enum):
        return "int" if issubclass(tp, IntEnum) else "str"
    return "list"


class Codec:
    """to_plain(value) and from_plain(data) for one root type (see the module's notes)."""

    def __init__(self, root: Any, whitelist: tuple[type, ...], overrides: Mapping[tuple[type, str], Any] | None = None,
                 cards: Mapping[int, Card] | None = None, stable: tuple[type, ...] = ()) -> None:
        self.whitelist = frozenset(whitelist)
        self.stable = frozenset(stable)
        self.overrides = dict(overrides or {})
        self.cards = dict(cards) if cards is not None else card_pool()
        self._made: dict[Any, tuple[Enc, Dec]] = {}
        self._as_is: dict[Any, frozenset[type]] = {}     # a union -> its types carried as they are
        self._enc, self._dec = self._plan(root)
        self._like_the_last: Callable[[Any, list], Any] | None = None     # a struct or tuple root's
        self._shared: list[Any] = [None]        # its cell for every caller without one of its own
        if _is_struct(root) or typing.get_origin(root) is tuple:
            self._like_the_last = _like_the_last(
                self._enc, _field_values(root, _names(root)) if _is_struct(root) else None,
                self._plan_struct(root, fields_only=True) if _is_struct(root) else None)

    def to_plain(self, value: Any, last: list | None = None) -> Any:
        """`last`: a cell of one's own (a table's) for what was carried last (see _like_the_last);
        None: the codec's own, shared by every caller."""
        try:
            if self._like_the_last is None:
                return self._enc(value)
            return self._like_the_last(value, self._shared if last is None else last)
        except CodecError:
            raise
        except (TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
            raise CodecError(f"cannot carry {value!r}: {exc}") from None

    def from_plain(self, data: Any) -> Any:
        try:
            return self._dec(data)
        except CodecError:
            raise
        except (TypeError, ValueError, AttributeError, KeyError, IndexError, RecursionError) as exc:
            raise CodecError(f"not a value of the expected type: {exc}") from None

    # ------------------------------------------------------------------ plans
    def _plan(self, tp: Any) -> tuple[Enc, Dec]:
        key = tp
        made = self._made.get(key)
        if made is not None:
            return made
        if _is_struct(tp) and tp is not Card:   # recursive types: a placeholder filled in once the fields are planned
            cell: list[tuple[Enc, Dec]] = []
            self._made[key] = (lambda v: cell[0][0](v), lambda d: cell[0][1](d))
            made = self._plan_struct(tp)
            cell.append(made)
        else:
            made = self._plan_type(tp)
        self._made[key] = made
        return made

    def _plan_type(self, tp: Any) -> tuple[Enc, Dec]:
        if tp in _AS_IS:
            return _AS_IS[tp]
        if tp is float:
            return _number, _number
        if tp is Card:
            return self._plan_card()
        if isinstance(tp, type) and issubclass(tp, Enum):
            return self._plan_enum(tp)
        origin = typing.get_origin(tp)
        if origin is tuple:
            return self._plan_tuple(typing.get_args(tp))
        if origin in (typing.Union, types.UnionType):
            return self._plan_union(tp)
        raise TypeError(f"the codec cannot carry {tp!r}: give the field's type in `overrides`")

    def _plan_card(self) -> tuple[Enc, Dec]:
        cards = self.cards

        def enc(card: Any) -> int:
            if type(card) is not Card:
                raise CodecError(f"expected a card, got {card!r}")
            return int(card.rank) * 5 + (4 if card.suit is None else int(card.suit))

        def dec(data: Any) -> Card:
            if type(data) is not int or data not in cards:
                raise CodecError(f"not a card: {data!r}")
            return cards[data]
        return enc, dec

    def _plan_enum(self, tp: type[Enum]) -> tuple[Enc, Dec]:
        if tp not in self.whitelist and tp not in (Rank, Suit):
            raise TypeError(f"{tp.__name__} is not in the whitelist")
        members = {m.value: m for m in tp}
        plain = int if issubclass(tp, IntEnum) else type(next(iter(members)))

        def enc(value: Any) -> Any:
            if type(value) is not tp:
                raise CodecError(f"expected a {tp.__name__}, got {value!r}")
            return plain(value.value)

        def dec(data: Any) -> Any:
            if type(data) is not plain or data not in members:
                raise CodecError(f"not a {tp.__name__}: {data!r}")
            return members[data]
        return enc, dec

    def _plan_tuple(self, args: tuple) -> tuple[Enc, Dec]:
        if len(args) == 2 and args[1] is Ellipsis:
            return self._plan_items(args[0])
        plans = [self._plan(a) for a in args]
        encs, decs, n = [p[0] for p in plans], [p[1] for p in plans], len(plans)

        def enc_fixed(value: Any) -> list:
            if not isinstance(value, tuple) or len(value) != n:
                raise CodecError(f"expected a tuple of {n}, got {value!r}")
            return [e(v) for e, v in zip(encs, value)]

        def dec_fixed(data: Any) -> tuple:
            if type(data) is not list or len(data) != n:
                raise CodecError(f"expected a list of {n}")
            return tuple([d(x) for d, x in zip(decs, data)])
        return enc_fixed, dec_fixed

    def _plan_items(self, item: Any) -> tuple[Enc, Dec]:
        """tuple[item, ...]. Cards (a hand, a pile: most of an update) and plain ints, strs and bools
        go by whole lists: a dict lookup or a check of the items' types, no call per item."""
        item_enc, item_dec = self._plan(item)
        codes = {card: code for code, card in self.cards.items()} if item is Card else None
        plain = item if item in (int, str, bool) else None
        as_is = self._as_is.get(item, frozenset())    # a union's (int in int | Slot)
        # Remembered both ways (immutable values): a tuple of structures (rounds, grids, hands per seat)
        # at any length, of cards and simpler values from MEMO_FROM items (shorter ones are as quick to redo).
        memo_from = MEMO_FROM if codes is not None or plain is not None or as_is else 1
        sent: dict[int, tuple[Any, list]] = {}
        received: dict[bytes, tuple] = {}

        def enc_items(value: tuple) -> list:
            if codes is not None:
                try:       # (a Card is equal only to a Card: anything else is missing from `codes`)
                    return list(map(codes.__getitem__, value))
                except (KeyError, TypeError):
                    raise CodecError(f"expected cards, got {value!r}") from None
            if plain is not None:
                if not _all_of(value, plain):
                    raise CodecError(f"expected {plain.__name__}s, got {value!r}")
                return list(value)
            return [v if type(v) in as_is else item_enc(v) for v in value]

        def enc(value: Any) -> list:
            if not isinstance(value, tuple):
                raise CodecError(f"expected a tuple, got {type(value).__name__}")
            if len(value) < memo_from:
                return enc_items(value)
            known = sent.get(id(value))   # often the very tuple the last update held
            if known is not None and known[0] is value:
                return known[1]
            out = enc_items(value)
            if len(sent) >= MEMO_SIZE:
                sent.clear()
            sent[id(value)] = (value, out)   # holds the value: its id stays its own
            return out

        cards = self.cards

        def dec_items(data: list) -> tuple:
            if codes is not None:
                if not _all_of(data, int):     # (True and 1.0 would find card 1: refused first)
                    raise CodecError(f"not cards: {data!r}")
                try:
                    return tuple(map(cards.__getitem__, data))
                except KeyError as exc:
                    raise CodecError(f"not a card: {exc}") from None
            if plain is not None:
                if not _all_of(data, plain):
                    raise CodecError(f"expected {plain.__name__}s, got {data!r}")
                return tuple(data)
            return tuple([d if type(d) in as_is else item_dec(d) for d in data])

        def dec(data: Any) -> tuple:
            if type(data) is not list or len(data) > MAX_ITEMS:
                raise CodecError(f"expected a list (of at most {MAX_ITEMS} items)")
            if len(data) < memo_from:
                return dec_items(data)
            try:            # the same plain data (its bytes) is an equal value: remembered
                key = _PACK(data)
            except (TypeError, ValueError, OverflowError):
                return dec_items(data)          # not plain data: dec_items says what is wrong
            known = received.get(key)
            if known is None:
                known = dec_items(data)
                if len(received) >= MEMO_SIZE:
                    received.clear()
                received[key] = known
            return known
        return enc, dec

    def _plan_union(self, union: Any) -> tuple[Enc, Dec]:
        """X | Y: each value goes by the first member it is (found by its exact type, else by trying each)."""
        members = typing.get_args(union)
        kinds = [_kind(m) for m in members]
        plans = [self._plan(m) for m in members]
        checks = [_instance_check(m) for m in members]
        by_type: dict[type, int] = {}        # a value's exact type -> the first member that takes it
        for i, m in reversed(list(enumerate(members))):
            for t in _exact_types(m):
                by_type[t] = i

        def member(value: Any) -> int:
            i = by_type.get(type(value))
            if i is not None:
                return i
            for i, check in enumerate(checks):    # a type not planned for (a subclass): as it always was
                if check(value):
                    return i
            raise CodecError(f"{value!r} is none of {members}")

        if len(set(kinds)) == len(kinds):   # told apart by their plain form
            by_kind = dict(zip(kinds, plans))
            decs = {t: by_kind[k][1] for t, k in _PLAIN_KINDS.items() if k in by_kind}
            encs = {t: plans[i][0] for t, i in by_type.items()}
            # a value of these types is the member of its very type (int in int | Slot), both ways
            as_is = self._as_is[union] = frozenset(t for t, i in by_type.items() if plans[i] is _AS_IS.get(t))

            # an enum member's plain form, looked up (Slot.HIDDEN -> "hidden"), by its enum
            consts = {t: {x: encs[t](x) for x in t} for t in encs if isinstance(t, type) and issubclass(t, Enum)}

            def enc(value: Any) -> Any:
                t = type(value)
                if t in as_is:
                    return value
                if t in consts:
                    return consts[t][value]
                e = encs.get(t)
                return e(value) if e is not None else plans[member(value)][0](value)

            def dec(data: Any) -> Any:
                if type(data) in as_is:
                    return data
                d = decs.get(type(data))
                if d is None:
                    if "list" not in by_kind or type(data) in _PLAIN_KINDS:
                        raise CodecError(f"{data!r} is none of {members}")
                    d = by_kind["list"][1]       # (it says what is wrong)
                return d(data)
            return enc, dec

        def enc_tagged(value: Any) -> list:
            i = member(value)
            return [i, plans[i][0](value)]

        def dec_tagged(data: Any) -> Any:
            if type(data) is not list or len(data) != 2 or type(data[0]) is not int or not 0 <= data[0] < len(plans):
                raise CodecError(f"expected [member, value] of {members}")
            return plans[data[0]][1](data[1])
        return enc_tagged, dec_tagged

    def _plan_struct(self, cls: type, fields_only: bool = False) -> Any:
        if cls not in self.whitelist:
            raise TypeError(f"{cls.__name__} is not in the whitelist")
        hints = typing.get_type_hints(cls)
        names = _names(cls)
        plans = [self._plan(self.overrides.get((cls, name), hints[name])) for name in names]
        encs, decs, n = [p[0] for p in plans], [p[1] for p in plans], len(names)
        if fields_only:
            return encs
        fields = _field_values(cls, names)

        def enc(value: Any) -> list:
            if type(value) is not cls:
                raise CodecError(f"expected a {cls.__name__}, got {type(value).__name__}")
            return [e(v) for e, v in zip(encs, value if fields is None else fields(value))]

        def dec(data: Any) -> Any:
            if type(data) is not list or len(data) != n:
                raise CodecError(f"expected the {n} fields of a {cls.__name__}")
            return cls(*[d(x) for d, x in zip(decs, data)])
        if cls not in self.stable:
            return enc, dec
        # A value that stays the same through a game (TriPeaks' layout): remembered both ways, by
        # identity when sent and by its bytes when received (the same plain data: an equal value).
        sent: dict[int, tuple[Any, list]] = {}
        received: dict[bytes, Any] = {}

        def enc_stable(value: Any) -> list:
            known = sent.get(id(value))
            if known is not None and known[0] is value:
                return known[1]
            plain = enc(value)
            if len(sent) >= MEMO_SIZE:
                sent.clear()
            sent[id(value)] = (value, plain)
            return plain

        def dec_stable(data: Any) -> Any:
            try:
                key = _PACK(data)
            except (TypeError, ValueError, OverflowError):
                return dec(data)            # not plain data: dec says what is wrong
            known = received.get(key)
            if known is None:
                known = dec(data)
                if len(received) >= MEMO_SIZE:
                    received.clear()
                received[key] = known
            return known
        return enc_stable, dec_stable


def _names(cls: type) -> list[str]:
    if dataclasses.is_dataclass(cls):
        return [f.name for f in dataclasses.fields(cls) if f.init]
    return list(cls._fields)


def _like_the_last(enc: Enc, fields: Callable[[Any], tuple] | None,
                   encs: list[Enc] | None) -> Callable[[Any, list], Any]:
    """The root's encoder, remembering in a cell (`last`, a list of one item) the last value it carried:
    a value equal to it (the events every seat is told of one move), or a struct's field equal to the
    last one's (the public parts of the seats' observations of one position, made afresh for each
    seat; and of one table's positions one after the other, when the table keeps its own cell), is
    carried as its plain form was then, not made again. Equal values of the same type have the same
    plain form, so the bytes are the same as if each were made on its own (a seat's private parts
    differ: made anew). The cell is read and set whole (a codec is shared by the threads of a process:
    a server's, a local table's)."""

    def enc_tuple(value: Any, last: list) -> Any:
        then = last[0]
        if then is not None and type(value) is type(then[0]) and value == then[0]:
            return then[2]
        plain = enc(value)
        last[0] = (value, value, plain)
        return plain

    def enc_struct(value: Any, last: list) -> Any:
        then = last[0]
        if then is None or type(value) is not type(then[0]):
            plain = enc(value)
            last[0] = (value, (value if fields is None else fields(value)), plain)
            return plain
        now = value if fields is None else fields(value)
        plain = [p if (a is b or (type(a) is type(b) and a == b)) else e(a)
                 for e, a, b, p in zip(encs, now, then[1], then[2])]
        last[0] = (value, now, plain)
        return plain
    return enc_tuple if encs is None else enc_struct


def _exact(tp: type) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if type(value) is not tp:
            raise CodecError(f"expected {tp.__name__}, got {value!r}")
        return value
    return check


# The types that are their own plain form, and their one plan (checks the exact type, returns the value).
_AS_IS: dict[Any, tuple[Enc, Dec]] = {tp: (_exact(tp), _exact(tp)) for tp in (type(None), int, bool, str)}


def _number(value: Any) -> Any:
    if type(value) not in (int, float) or not math.isfinite(value):
        raise CodecError(f"expected a finite number, got {value!r}")
    return value


def _field_values(cls: type, names: list[str]) -> Callable[[Any], tuple] | None:
    """How to read a value's fields as one tuple: None for a NamedTuple (it is that tuple), else one
    attrgetter call for all of a dataclass's fields."""
    if issubclass(cls, tuple):
        return None
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda value: (one(value),)
    return operator.attrgetter(*names) if names else lambda value: ()


_PLAIN_KINDS = {type(None): "none", bool: "bool", int: "int", float: "number", str: "str", list: "list"}


def _all_of(items: Any, tp: type) -> bool:
    """Every item is exactly a `tp` (not a bool for an int, nor the reverse)."""
    return set(map(type, items)) <= {tp}


def _exact_types(tp: Any) -> tuple[type, ...]:
    """The exact types whose values _instance_check(tp) takes (the subclasses it takes are not listed)."""
    if tp is float:
        return (int, float)
    if isinstance(tp, type):
        return (tp,)
    return (tuple,) if typing.get_origin(tp) is tuple else ()


def _instance_check(tp: Any) -> Callable[[Any], bool]:
    if tp is type(None):
        return lambda v: v is None
    if tp is float:
        return lambda v: type(v) in (int, float)
    if tp in (int, bool, str):
        return lambda v: type(v) is tp
    if isinstance(tp, type):
        return lambda v: type(v) is tp
    origin = typing.get_origin(tp)
    if origin is tuple:
        return lambda v: isinstance(v, tuple) and not hasattr(v, "_fields")
    raise TypeError(f"the codec cannot tell {tp!r} apart in a union")
