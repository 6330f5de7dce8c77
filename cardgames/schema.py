"""Declared schemas for the data files: one validation layer for every file the collection reads.

Every JSON file the game reads (settings, statistics, saves, achievements, level
and layout files) is declared once, in `cardgames/datafiles.py`, as a `Record`
of fields. `validate()` then checks a loaded file field by field:

- a field of the wrong type or out of its range is replaced by its default,
  and the problem is reported (file name + field path) so the caller can show
  ONE notice for the file; every other field is kept exactly as it was;
- a field declared `vital=True` cannot be replaced (a save's action log, its
  seed): a bad one raises `Untrusted`, and the caller moves the whole file aside;
- keys the schema does not know are kept as they are (a newer version's data
  is never thrown away), unless the record says `extra=False`.

How another engineer declares a file (in `cardgames/datafiles.py`):

    from cardgames.schema import Bool, Choice, Int, Float, Text, ListOf, MapOf, Record, declare

    ACHIEVEMENTS = declare("achievements.json", "achievements", Record({
        "unlocked": MapOf(Text("", max_len=40), key=r"^[a-z0-9_]{1,40}$"),  # id -> date
        "seen_intro": Bool(False),
        "progress": MapOf(Int(0, lo=0)),
    }), what="achievements")

then read and write it through Storage:

    data = app.storage.load("achievements.json")    # validated; defaults fill gaps; never raises
    app.storage.save("achievements.json", data)     # atomic; a failed write is retried next time

Field types: Int(default, lo, hi), Float(default, lo, hi) (ints are accepted and
made floats), Bool(default), Text(default, pattern, max_len), Choice(default,
choices), ListOf(item, default, min_len, max_len), MapOf(value, key pattern),
Record(fields, extra=True, optional=()), Anything(default). Every field takes
`vital=True`; a Record's `optional` names fields that may be absent (they stay absent).

Tests need no hand-written cases: `bad_samples(schema)` yields, for every field
path, values of the wrong type and values out of range (from the declaration),
and tests/test_schema_files.py feeds each one to every declared file.

Pure Python: no pygame, no disk. Storage does the reading and the notices.
"""
from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from cardgames.i18n import listing, said, said_en, said_en_n, word

MISSING: Any = object()  # a key absent from the file (it gets its default, without a notice)


class Untrusted(ValueError):
    """A vital field is bad: the file cannot be used at all (it is moved aside)."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}" if path else problem)
        self.path = path
        self.problem = problem


@dataclass
class Problem:
    """One field that was replaced by its default."""

    path: str      # "sfx_volume", "levels.level_01.stars", "slots[3].x"
    problem: str   # "expected a whole number, got 'x'"


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return (_is_int(v) or isinstance(v, float)) and not (isinstance(v, float) and not math.isfinite(v))


class Field:
    """A declared field. Subclasses say what a good value is (`check`) and give test samples."""

    vital = False
    default: Any = None

    def check(self, value: Any, path: str, problems: list[Problem]) -> Any:
        """The value to keep; raises _Bad(problem) when the value as a whole is unusable."""
        raise NotImplementedError

    def fresh_default(self) -> Any:
        return copy.deepcopy(self.default)

    def wrong_types(self) -> list[Any]:
        """Values of a wrong JSON type for this field (for generated tests)."""
        return []

    def out_of_range(self) -> list[Any]:
        """Values of the right type but outside the declared range (for generated tests)."""
        return []

    def children(self) -> Iterator[tuple[str, Field]]:
        """(relative path, field) for fields nested inside this one that a test can reach."""
        return iter(())


class _Bad(Exception):
    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


_WRONG = {  # one example of each JSON type, by name
    "text": "x", "whole": 7, "real": 2.5, "bool": True, "list": [1], "object": {"a": 1}, "null": None,
}


def _others(*keep: str) -> list[Any]:
    return [copy.deepcopy(v) for k, v in _WRONG.items() if k not in keep]


@dataclass
class Int(Field):
    default: int = 0
    lo: int | None = None
    hi: int | None = None
    vital: bool = False

    def check(self, value, path, problems):
        if not _is_int(value):
            raise _Bad(said_en("expected a whole number, got {value}", value=_show(value)))
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise _Bad(_out_of_range(value, self.lo, self.hi))
        return value

    def wrong_types(self):
        return _others("whole")

    def out_of_range(self):
        return [v for v in (None if self.lo is None else self.lo - 1, None if self.hi is None else self.hi + 1)
                if v is not None]


@dataclass
class Float(Field):
    default: float = 0.0
    lo: float | None = None
    hi: float | None = None
    vital: bool = False

    def check(self, value, path, problems):
        if not _is_number(value):
            raise _Bad(said_en("expected a number, got {value}", value=_show(value)))
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise _Bad(_out_of_range(value, self.lo, self.hi))
        return float(value)

    def wrong_types(self):
        return _others("whole", "real")

    def out_of_range(self):
        return [v for v in (None if self.lo is None else self.lo - 1.5, None if self.hi is None else self.hi + 1.5)
                if v is not None]


@dataclass
class Bool(Field):
    default: bool = False
    vital: bool = False

    def check(self, value, path, problems):
        if not isinstance(value, bool):
            raise _Bad(said_en("expected true or false, got {value}", value=_show(value)))
        return value

    def wrong_types(self):
        return _others("bool")


@dataclass
class Text(Field):
    default: str = ""
    pattern: str | None = None
    max_len: int | None = None
    vital: bool = False

    def check(self, value, path, problems):
        if not isinstance(value, str):
            raise _Bad(said_en("expected text, got {value}", value=_show(value)))
        if self.max_len is not None and len(value) > self.max_len:
            raise _Bad(said_en_n("longer than {n} character", "longer than {n} characters", self.max_len))
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            raise _Bad(said_en("{value} is not an allowed value", value=_show(value)))
        return value

    def wrong_types(self):
        return _others("text")

    def out_of_range(self):
        out = []
        if self.max_len is not None:
            out.append("a" * (self.max_len + 1))
        if self.pattern is not None and not re.fullmatch(self.pattern, "?/ Bad value \x00"):
            out.append("?/ Bad value \x00")
        return out


@dataclass
class Choice(Field):
    default: Any = None
    choices: tuple = ()
    vital: bool = False

    def check(self, value, path, problems):
        # bool is an int in Python: True must not pass for 1, nor 1 for True
        if not any(value == c and type(value) is type(c) for c in self.choices):
            raise _Bad(said_en("{value} is not one of {choices}", value=_show(value),
                                   choices=", ".join(_show(c) for c in self.choices)))
        return value

    def wrong_types(self):
        kinds = {type(c) for c in self.choices}
        names = {bool: "bool", int: "whole", str: "text", float: "real"}
        return _others(*(names[k] for k in kinds if k in names))

    def out_of_range(self):
        samples = {str: "not-a-choice", int: 987654, bool: None, float: -1e9}
        return [samples[t] for t in {type(c) for c in self.choices}
                if samples.get(t) is not None and samples[t] not in self.choices]


@dataclass
class Anything(Field):
    """Any JSON value (kept as it is): for data another part of the game checks itself."""

    default: Any = None
    vital: bool = False

    def check(self, value, path, problems):
        return value


@dataclass
class ListOf(Field):
    """A list whose every item is `item`. A bad item makes the whole list bad (it gets its default),
    unless drop_bad=True: then only the bad items are dropped (a list of high-score entries)."""

    item: Field = field(default_factory=Anything)
    default: list = field(default_factory=list)
    min_len: int = 0
    max_len: int | None = None
    drop_bad: bool = False
    vital: bool = False

    def check(self, value, path, problems):
        if not isinstance(value, list):
            raise _Bad(said_en("expected a list, got {value}", value=_show(value)))
        if len(value) < self.min_len or (self.max_len is not None and len(value) > self.max_len):
            raise _Bad(_bad_length(len(value), self.min_len, self.max_len))
        out = []
        for i, v in enumerate(value):
            sub: list[Problem] = []
            try:
                out.append(_check_child(self.item, v, f"{path}[{i}]", sub, replace=False))
            except _Bad as e:
                if not self.drop_bad:
                    raise _Bad(said_en("item {i}: {problem}", i=i, problem=e.problem)) from None
                problems.append(Problem(f"{path}[{i}]", said_en("{problem} (left out)", problem=e.problem)))
                continue
            problems.extend(sub)
        return out

    def wrong_types(self):
        return _others("list")

    def out_of_range(self):
        out = []
        if self.max_len is not None:
            out.append([self.item.fresh_default()] * (self.max_len + 1))
        if self.min_len > 0:
            out.append([])
        return out

    def children(self):
        yield "[0]", self.item


@dataclass
class MapOf(Field):
    """An object whose keys are free (matching `key`) and whose every value is `value`.
    A bad value is replaced by the value field's default, a bad key is dropped."""

    value: Field = field(default_factory=Anything)
    key: str | None = None
    default: dict = field(default_factory=dict)
    vital: bool = False

    def check(self, value, path, problems):
        if not isinstance(value, dict):
            raise _Bad(said_en("expected an object, got {value}", value=_show(value)))
        out = {}
        for k, v in value.items():
            sub = _join(path, k)
            if self.key is not None and not re.fullmatch(self.key, k):
                problems.append(Problem(sub, said_en("not an allowed name (left out)")))
                continue
            out[k] = _check_child(self.value, v, sub, problems)
        return out

    def wrong_types(self):
        return _others("object")

    def children(self):
        yield "sample", self.value


@dataclass
class Record(Field):
    """An object with named fields. Missing fields get their defaults quietly."""

    fields: dict[str, Field] = field(default_factory=dict)
    extra: bool = True          # keep keys the schema does not know (another version's data)
    optional: tuple = ()        # fields that may be absent (left absent, not filled with a default)
    vital: bool = False
    default: Any = MISSING      # MISSING: the defaults of its fields

    def fresh_default(self) -> Any:
        if self.default is MISSING:
            return {k: f.fresh_default() for k, f in self.fields.items() if k not in self.optional}
        return copy.deepcopy(self.default)

    def check(self, value, path, problems):
        if not isinstance(value, dict):
            raise _Bad(said_en("expected an object, got {value}", value=_show(value)))
        out = {}
        for k, v in value.items():
            if k in self.fields:
                continue
            if self.extra:
                out[k] = v
            else:
                problems.append(Problem(_join(path, k), said_en("unknown field (left out)")))
        for k, f in self.fields.items():
            if k not in value:
                if k in self.optional:
                    continue
                if f.vital:
                    raise Untrusted(_join(path, k), said_en("missing"))
                out[k] = f.fresh_default()
                continue
            out[k] = _check_child(f, value[k], _join(path, k), problems)
        return out

    def wrong_types(self):
        return _others("object")

    def children(self):
        yield from self.fields.items()


def _check_child(f: Field, value: Any, path: str, problems: list[Problem], replace: bool = True) -> Any:
    """Check one value; a bad one is replaced by the field's default (and noted), or Untrusted if vital."""
    try:
        return f.check(value, path, problems)
    except _Bad as e:
        if f.vital:
            raise Untrusted(path, e.problem) from None
        if not replace:
            raise
        problems.append(Problem(path, e.problem))
        return f.fresh_default()


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else str(key)


def _out_of_range(value: Any, lo: Any, hi: Any) -> str:
    """A number outside its range, as a whole sentence (its numbers written the language's way on screen)."""
    if lo is not None and hi is not None:
        return said_en("{value} is out of range {low}..{high}", value=value, low=lo, high=hi)
    if lo is not None:
        return said_en("{value} is less than {low}", value=value, low=lo)
    return said_en("{value} is more than {high}", value=value, high=hi)


def _bad_length(n: int, lo: int, hi: int | None) -> str:
    """A list of the wrong length, as a whole sentence."""
    if hi is None:
        return said_en_n("has {n} item, expected at least {low}", "has {n} items, expected at least {low}", n, low=lo)
    return said_en_n("has {n} item, expected {low} to {high}", "has {n} items, expected {low} to {high}", n,
                     low=lo, high=hi)


def validate(schema: Field, raw: Any) -> tuple[Any, list[Problem]]:
    """(clean data, problems). Bad non-vital fields become defaults; a bad vital one raises Untrusted.
    A top level of the wrong type is Untrusted too (nothing in it can be used)."""
    problems: list[Problem] = []
    try:
        return schema.check(raw, "", problems), problems
    except _Bad as e:
        raise Untrusted("", e.problem) from None


def problems_notice(what: str, name: str, problems: list[Problem], kept: str = "") -> str:
    """ONE notice for a file with bad fields: the file, the fields, what happens instead (said again
    in the language of the moment wherever it is drawn)."""
    fields = [p.path for p in problems if p.path]
    what = word(what)
    if not fields:
        return said("Your {what} ({file}) could not be used: {problem}. Defaults are used{kept}.",
                    what=what, file=name, problem=problems[0].problem, kept=kept)
    named = [repr(f) for f in fields[:4]] + ([said("{n} more", n=len(fields) - 4)] if len(fields) > 4 else [])
    if len(fields) == 1:
        return said("Your {what} ({file}): the field {fields} had a bad value; its default is used{kept}.",
                    what=what, file=name, fields=listing(named), kept=kept)
    return said("Your {what} ({file}): the fields {fields} had bad values; their defaults are used{kept}.",
                what=what, file=name, fields=listing(named), kept=kept)


# ------------------------------------------------------------------ declared files
@dataclass
class FileSpec:
    """A declared data file: its name in the data folder (or a pattern), the `kind` written in it,
    its schema (or a function of the name's part in braces, e.g. the game of saves/{game}.json),
    and what it holds in the player's words ("settings", "saved Skyjo game")."""

    name: str
    kind: str
    schema: Field | Callable[[str], Field]
    what: str | Callable[[str], str] = ""

    def schema_for(self, part: str = "") -> Field:
        return self.schema(part) if callable(self.schema) else self.schema

    def what_for(self, part: str = "") -> str:
        if callable(self.what):
            return self.what(part)
        return self.what or self.name


FILES: dict[str, FileSpec] = {}


def declare(name: str, kind: str, schema: Field | Callable[[str], Field],
            what: str | Callable[[str], str] = "") -> FileSpec:
    """Declare a data file (see the module docstring). Declaring a name again replaces it."""
    spec = FileSpec(name, kind, schema, what)
    FILES[name] = spec
    return spec


def spec_for(name: str) -> tuple[FileSpec, str] | None:
    """The declaration matching a file name, and the part in braces ("saves/skyjo.json" -> skyjo)."""
    if name in FILES:
        return FILES[name], ""
    for pattern, spec in FILES.items():
        head, brace, tail = pattern.partition("{")
        if not brace:
            continue
        tail = tail.partition("}")[2]
        if name.startswith(head) and name.endswith(tail) and len(name) > len(head) + len(tail):
            return spec, name[len(head):len(name) - len(tail)]
    return None


@dataclass
class Sample:
    """One generated bad value: put `value` at `path`; then the field at `replaced` takes its default
    (`replaced` is the enclosing list when a list item is bad), or the whole file is untrusted;
    `dropped`: the bad value is an item of a drop_bad list, which is left out instead."""

    path: str
    kind: str          # "type" or "range"
    value: Any
    replaced: str
    default: Any
    untrusted: bool
    dropped: bool = False


def bad_samples(schema: Field, path: str = "", owner: tuple[str, Field] | None = None,
                vital_above: bool = False, dropped: bool = False) -> Iterator[Sample]:
    """Every bad value the declaration implies (wrong JSON types, values out of range), for every
    field path, nested fields included (a list's first item, a map's entry named "sample")."""
    target_path, target = owner or (path, schema)
    untrusted = schema.vital or target.vital
    for kind, values in (("type", schema.wrong_types()), ("range", schema.out_of_range())):
        for v in values:
            if path:
                yield Sample(path, kind, v, target_path, target.fresh_default(), untrusted, dropped)
    for rel, child in schema.children():
        sub = f"{path}{rel}" if rel.startswith("[") else _join(path, rel)
        inner = (path, schema) if isinstance(schema, ListOf) and not schema.drop_bad else None
        drops = isinstance(schema, ListOf) and schema.drop_bad
        yield from bad_samples(child, sub, inner, vital_above, drops)


def example(schema: Field) -> Any:
    """A full, valid example document for a schema (defaults, with one entry in each list and map),
    so a generated test has a place for every nested field."""
    if isinstance(schema, Record):
        base = schema.fresh_default() if schema.default is not MISSING else {}
        if not isinstance(base, dict):
            base = {}
        return {**base, **{k: example(f) for k, f in schema.fields.items()}}
    if isinstance(schema, ListOf):
        n = max(1, schema.min_len)
        if schema.max_len is not None and schema.max_len < n:
            return schema.fresh_default()
        return [example(schema.item) for _ in range(n)]
    if isinstance(schema, MapOf):
        return {"sample": example(schema.value)}
    return schema.fresh_default()


def set_path(doc: Any, path: str, value: Any) -> None:
    """Put `value` at a field path of `example()`'s document ("a.b[0].c")."""
    parts = re.findall(r"[^.\[\]]+|\[\d+\]", path)
    target = doc
    for p in parts[:-1]:
        target = target[int(p[1:-1])] if p.startswith("[") else target[p]
    last = parts[-1]
    if last.startswith("["):
        target[int(last[1:-1])] = value
    else:
        target[last] = value


def get_path(doc: Any, path: str) -> Any:
    parts = re.findall(r"[^.\[\]]+|\[\d+\]", path)
    for p in parts:
        doc = doc[int(p[1:-1])] if p.startswith("[") else doc[p]
    return doc
