"""TriPeaks tableau shapes, loaded from levels/tripeaks/layouts/<name>.json.

A layout is data, so an arcade level can use another shape than the classic
three peaks. A file looks like this (the classic file has 28 slots):

    {
      "name": "classic",                      # must match the file name
      "title": "Three Peaks",
      "slots": [                              # slot i is "tableau:i" in events
        {"x": 1.5, "y": 0, "covered_by": [3, 4]},
        ...
      ],
      "peaks": [0, 1, 2]                      # slots whose removal is a "peak cleared"
    }

- `x` is the centre of the card in card widths from the left of the shape,
  `y` the row (0 at the top). Rows overlap: the scene chooses how far apart
  to draw them (about half a card height suits the classic shape).
- `covered_by` lists the slots that lie on top of this one. A slot is
  exposed (face up and playable) once every slot in its list is cleared;
  slots with an empty list start face up.
- `peaks` lists the slots the scorer pays a peak bonus for, in the order
  shown to the player. Any number (zero or more) is allowed.

Every file is checked on load; a bad file raises LayoutError naming the file
and the field, and the other layouts still load.

Shipped layouts (slots, face up at the start, peaks):
classic "Three Peaks" (28, 10, 3), twin_peaks (28, 8, 2), pyramid (28, 7, 1),
wall (28, 7, 3: the top row's ends and middle), diamond (25, 1, 1). The stock
is 52 minus the slots, minus one for the starting waste card.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardgames import datafiles, schema
from cardgames.config import LEVELS_DIR
from cardgames.i18n import said, said_en
from cardgames.i18n_errors import read_error

LAYOUTS_DIR = LEVELS_DIR / "tripeaks" / "layouts"
MAX_SLOTS = 51  # a 52-card deck must leave at least one card for the stock or waste


class LayoutError(ValueError):
    """A layout file is missing or invalid; the message names the file and field. str() is English
    (the log); `said` is the same sentence said in the player's language wherever it is drawn."""

    def __init__(self, said: str) -> None:
        super().__init__(str(said))
        self.said = said


@dataclass(frozen=True, slots=True)
class Slot:
    x: float
    y: float
    covered_by: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Layout:
    name: str
    title: str
    slots: tuple[Slot, ...]
    peaks: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.slots)

    def covers(self, i: int) -> tuple[int, ...]:
        """The slots that slot i lies on top of (the inverse of covered_by)."""
        return _covers(self)[i]

    def blocked_by(self, i: int) -> tuple[int, ...]:
        """Every slot that cannot be exposed before slot i is cleared (transitively)."""
        return _blocked(self)[i]

    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "slots": [{"x": s.x, "y": s.y, "covered_by": list(s.covered_by)} for s in self.slots],
            "peaks": list(self.peaks),
        }


@lru_cache(maxsize=64)
def _covers(layout: Layout) -> tuple[tuple[int, ...], ...]:
    out: list[list[int]] = [[] for _ in layout.slots]
    for i, slot in enumerate(layout.slots):
        for j in slot.covered_by:
            out[j].append(i)
    return tuple(tuple(sorted(c)) for c in out)


@lru_cache(maxsize=64)
def _blocked(layout: Layout) -> tuple[tuple[int, ...], ...]:
    covers = _covers(layout)
    out = []
    for i in range(layout.size):
        seen: set[int] = set()
        todo = list(covers[i])
        while todo:
            j = todo.pop()
            if j not in seen:
                seen.add(j)
                todo.extend(covers[j])
        out.append(tuple(sorted(seen)))
    return tuple(out)


def parse_layout(data: Any, source: str = "layout") -> Layout:
    """Checks `data` (a decoded JSON object) and builds a Layout; LayoutError if bad."""

    def bad(field: str, why: str) -> LayoutError:
        return LayoutError(said_en("{file}: {field}: {problem}", file=source, field=field, problem=why))

    if not isinstance(data, Mapping):
        raise bad("(top level)", said_en("expected a JSON object"))
    try:  # types and ranges, field by field (cardgames/datafiles.py LAYOUT); the shape checks follow
        data = datafiles.check_shipped(datafiles.LAYOUT, dict(data), source, "TriPeaks layout")
    except schema.Untrusted as e:
        raise bad(e.path or "(top level)", e.problem) from None
    for key in ("name", "title"):
        if not isinstance(data.get(key), str) or not data.get(key):
            raise bad(key, said_en("expected a non-empty string"))
    raw_slots = data.get("slots")
    if not isinstance(raw_slots, list) or not 1 <= len(raw_slots) <= MAX_SLOTS:
        raise bad("slots", said_en("expected a list of 1 to {n} slots", n=MAX_SLOTS))
    n = len(raw_slots)
    slots = []
    for i, raw in enumerate(raw_slots):
        where = f"slots[{i}]"
        if not isinstance(raw, Mapping):
            raise bad(where, said_en("expected an object with x, y and covered_by"))
        for key in ("x", "y"):
            v = raw.get(key)
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise bad(f"{where}.{key}", said_en("expected a number"))
        cov = raw.get("covered_by")
        if not isinstance(cov, list) or not all(isinstance(j, int) and not isinstance(j, bool) for j in cov):
            raise bad(f"{where}.covered_by", said_en("expected a list of slot numbers"))
        for j in cov:
            if not 0 <= j < n or j == i:
                raise bad(f"{where}.covered_by", said_en("{j} is not another slot (0..{last})", j=j, last=n - 1))
        if len(set(cov)) != len(cov):
            raise bad(f"{where}.covered_by", said_en("a slot is listed twice"))
        slots.append(Slot(raw["x"], raw["y"], tuple(cov)))
    _check_acyclic(slots, bad)
    peaks = data.get("peaks", [])
    if not isinstance(peaks, list) or not all(isinstance(p, int) and not isinstance(p, bool) for p in peaks):
        raise bad("peaks", said_en("expected a list of slot numbers"))
    if any(not 0 <= p < n for p in peaks) or len(set(peaks)) != len(peaks):
        raise bad("peaks", said_en("slots must be distinct numbers 0..{last}", last=n - 1))
    return Layout(data["name"], data["title"], tuple(slots), tuple(peaks))


def _check_acyclic(slots: list[Slot], bad) -> None:
    """A slot may not (even indirectly) lie on top of itself: it could never be exposed."""
    state = [0] * len(slots)  # 0 new, 1 on the path, 2 done
    for start in range(len(slots)):
        stack = [(start, iter(slots[start].covered_by))]
        if state[start]:
            continue
        state[start] = 1
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[node] = 2
                stack.pop()
            elif state[nxt] == 1:
                raise bad(f"slots[{nxt}].covered_by", said_en("slots cover each other in a circle"))
            elif state[nxt] == 0:
                state[nxt] = 1
                stack.append((nxt, iter(slots[nxt].covered_by)))


def layout_names(directory: Path = LAYOUTS_DIR) -> tuple[str, ...]:
    """The names of the layout files present (valid or not), sorted."""
    return tuple(sorted(p.stem for p in directory.glob("*.json")))


@lru_cache(maxsize=32)
def load_layout(name: str, directory: Path = LAYOUTS_DIR) -> Layout:
    """The layout levels/tripeaks/layouts/<name>.json, checked; LayoutError if missing or bad."""
    if not isinstance(name, str) or not name.replace("_", "").isalnum():
        raise LayoutError(said_en("layout name {name}: expected letters, digits and '_'", name=repr(name)))
    path = directory / f"{name}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LayoutError(said_en("{file}: no such layout (have: {names})", file=path.name,
                                  names=", ".join(layout_names(directory)))) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise LayoutError(said_en("{file}: cannot read it: {error}", file=path.name, error=read_error(exc))) from None
    layout = parse_layout(data, path.name)
    if layout.name != name:
        raise LayoutError(said_en("{file}: name: {name} does not match the file name", file=path.name,
                                  name=repr(layout.name)))
    return layout


def usable_layout(name: str, directory: Path | None = None) -> Layout:
    """load_layout, except that a damaged classic file gives the built-in Three Peaks (with one notice):
    Classic and Relaxed always have their table. Other layouts raise LayoutError as before."""
    try:
        return load_layout(name, LAYOUTS_DIR if directory is None else directory)
    except LayoutError as exc:
        if name != "classic":
            raise
        datafiles.report(said("The TriPeaks layout file classic.json is damaged ({problem}); the built-in "
                              "Three Peaks layout is used.", problem=exc.said))
        return builtin_classic()


@lru_cache(maxsize=1)
def builtin_classic() -> Layout:
    """Three Peaks in code (the same as levels/tripeaks/layouts/classic.json): rows of 3, 6, 9 and 10."""
    rows = [[1.5, 4.5, 7.5], [1, 2, 4, 5, 7, 8], [0.5 + i for i in range(9)], list(range(10))]
    slots, first = [], 0
    for r, xs in enumerate(rows):
        below = first + len(xs)
        for x in xs:
            cover = () if r == len(rows) - 1 else tuple(
                below + j for j, bx in enumerate(rows[r + 1]) if abs(bx - x) == 0.5)
            slots.append(Slot(x, r, cover))
        first = below
    return Layout("classic", "Three Peaks", tuple(slots), (0, 1, 2))
