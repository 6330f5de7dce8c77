"""TriPeaks Arcade levels: loading and checking the level files, and progress.

Each level is one JSON file in levels/tripeaks/ (the layouts/ folder beside
them holds the shapes of peaks). Files are played in the order of their names
(level_01.json, level_02.json ...). A file looks like:

    {"name": "First Light", "layout": "classic", "clock": 240,
     "streak_seconds": 8, "targets": [6000, 9000, 12000], "hints": 5,
     "wrap": true, "wild": false, "open_peaks": false, "empty_waste": false,
     "intro": "One line shown before the level."}

The daily challenge's level is daily/daily_arcade.json (daily_level): not
in the level list, and its results go to the daily records, not the progress.

Every file is checked on load. A bad file does not stop the others: its
entry carries an error that names the file and the field, and the level is
shown as unavailable.

Progress lives in the game's statistics dict (Storage.update_stats("tripeaks",
fn); the game's results go through cardgames.records) under "levels": {level id: {"stars", "best", "table"}}, where "table" is
the level's high-score table, a list of {"initials", "score"} best first.
The functions here take and return that dict, so they can be passed to
update_stats and tested without a disk.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgames import datafiles, schema
from cardgames.config import LEVELS_DIR
from cardgames.games.tripeaks import initials
from cardgames.games.tripeaks.layout import layout_names, load_layout
from cardgames.i18n import N_, _, said_en, tr
from cardgames.i18n_errors import read_error

LEVELS_PATH = LEVELS_DIR / "tripeaks"
TABLE_SIZE = 8            # entries in a level's high-score table
VARIANTS = ("wrap", "wild", "open_peaks", "empty_waste")
# the layouts' names in the level list ("{name} layout"); a layout not named here shows its file name
LAYOUT_NAMES = {"twin_peaks": N_("twin peaks"), "pyramid": N_("pyramid"), "wall": N_("wall"), "diamond": N_("diamond")}


class LevelError(ValueError):
    """A level file is wrong; the message names the file and the field. str() is English (the log,
    the tests); `said` says it in the player's language wherever it is drawn (the level list)."""

    def __init__(self, file: str, field_name: str, problem: str) -> None:
        self.said = said_en("{file}: {field}: {problem}", file=file, field=field_name, problem=problem)
        super().__init__(str(self.said))
        self.file = file
        self.field = field_name
        self.problem = problem


@dataclass(frozen=True)
class Level:
    id: str                   # the file name without .json: the key for progress
    name: str
    layout: str               # a layout file name in levels/tripeaks/layouts/, without .json
    clock: int                # seconds on the level clock
    streak_seconds: float     # the streak timer
    targets: tuple[int, int, int]   # scores for one, two and three stars
    hints: int
    wrap: bool = True
    wild: bool = False
    open_peaks: bool = False
    empty_waste: bool = False
    intro: str = ""

    def variants(self) -> dict[str, bool]:
        """The level's rule variants, by name."""
        return {name: getattr(self, name) for name in VARIANTS}

    def summary(self) -> str:
        """One line for the level list: clock, streak timer and variants."""
        parts = [_("{time} clock").format(time=f"{self.clock // 60}:{self.clock % 60:02d}"),
                 _("{n}s streaks").format(n=f"{self.streak_seconds:g}")]
        labels = {"wild": _("wild Joker"), "open_peaks": _("peaks face up"), "empty_waste": _("empty waste")}
        parts += [label for key, label in labels.items() if getattr(self, key)]
        if not self.wrap:
            parts.append(_("no K-A wrap"))
        if self.layout != "classic":
            name = LAYOUT_NAMES.get(self.layout, self.layout.replace("_", " "))
            parts.append(_("{name} layout").format(name=tr(name)))
        return ", ".join(parts)


@dataclass(frozen=True)
class LevelEntry:
    """One level file as loaded: the level, or the error that makes it unavailable."""

    id: str
    path: Path
    level: Level | None = None
    error: str | None = None

    @property
    def available(self) -> bool:
        return self.level is not None


# ---------------------------------------------------------------- checking


def _require(data: Mapping[str, Any], file: str, key: str, kinds: tuple[type, ...], what: str) -> Any:
    if key not in data:
        raise LevelError(file, key, said_en("missing (expected {what})", what=said_en(what)))
    value = data[key]
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        raise LevelError(file, key, said_en("expected {what}, got {value}", what=said_en(what), value=repr(value)))
    return value


def _in_range(file: str, key: str, value: float, low: float, high: float) -> None:
    if not low <= value <= high:
        raise LevelError(file, key, said_en("{value} is out of range {low}..{high}", value=repr(value),
                                            low=f"{low:g}", high=f"{high:g}"))


def parse_level(data: Any, file: str, layouts: Iterable[str] | None = None) -> Level:
    """A Level from a file's JSON data, or LevelError naming `file` and the field.

    `layouts` is the names of the layouts that exist (None: do not check).
    """
    if not isinstance(data, dict):
        raise LevelError(file, "(file)", said_en("expected a JSON object"))
    try:  # types and ranges, field by field (cardgames/datafiles.py LEVEL); the checks below add the rest
        data = datafiles.check_shipped(datafiles.LEVEL, data, file, "TriPeaks level")
    except schema.Untrusted as e:
        raise LevelError(file, e.path or "(file)", e.problem) from None
    known = {"name", "layout", "clock", "streak_seconds", "targets", "hints", "intro", *VARIANTS}
    for key in data:
        if key not in known:
            raise LevelError(file, key, said_en("unknown field (known: {names})", names=", ".join(sorted(known))))
    name = _require(data, file, "name", (str,), N_("a name"))
    if not name.strip():
        raise LevelError(file, "name", said_en("empty"))
    layout = _require(data, file, "layout", (str,), N_("a layout name"))
    if layouts is not None and layout not in set(layouts):
        raise LevelError(file, "layout", said_en("no layout named {name} in layouts/", name=repr(layout)))
    clock = _require(data, file, "clock", (int,), N_("whole seconds"))
    _in_range(file, "clock", clock, 10, 3600)
    streak = _require(data, file, "streak_seconds", (int, float), N_("seconds"))
    _in_range(file, "streak_seconds", streak, 0.5, 60)
    targets = _require(data, file, "targets", (list,), N_("three target scores"))
    if len(targets) != 3 or not all(isinstance(t, int) and not isinstance(t, bool) and t > 0 for t in targets):
        raise LevelError(file, "targets", said_en("expected three positive whole scores, got {value}",
                                                  value=repr(targets)))
    if not targets[0] < targets[1] < targets[2]:
        raise LevelError(file, "targets", said_en("must rise (one star < two < three), got {value}",
                                                  value=repr(targets)))
    hints = _require(data, file, "hints", (int,), N_("a number of hints"))
    _in_range(file, "hints", hints, 0, 99)
    variants = {}
    for key in VARIANTS:
        if key in data:
            variants[key] = _require(data, file, key, (bool,), N_("true or false"))
    intro = data.get("intro", "")
    if not isinstance(intro, str):
        raise LevelError(file, "intro", said_en("expected text, got {value}", value=repr(intro)))
    return Level(
        id=Path(file).stem, name=name.strip(), layout=layout, clock=clock, streak_seconds=float(streak),
        targets=tuple(targets), hints=hints, intro=intro, **variants,
    )


def load_levels(
    directory: Path = LEVELS_PATH,
    check_layout: Callable[[str], object] | None = None,
) -> tuple[LevelEntry, ...]:
    """Every level file in `directory`, in name order; a bad one is an entry with an error.

    A level's layout must load from directory/layouts (through layout.py's
    checks); `check_layout(name)` replaces that check (it raises ValueError
    for a layout that cannot be used).
    """
    directory = Path(directory)
    layouts_dir = directory / "layouts"
    names = layout_names(layouts_dir)
    if check_layout is None:
        def check_layout(name: str) -> object:
            return load_layout(name, layouts_dir)
    entries = []
    for path in sorted(directory.glob("*.json")):
        try:
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError) as exc:
                raise LevelError(path.name, "(file)", said_en("cannot be read: {error}", error=read_error(exc))) from None
            except json.JSONDecodeError as exc:
                raise LevelError(path.name, "(file)", read_error(exc)) from None
            level = parse_level(data, path.name, names)
            try:
                check_layout(level.layout)
            except ValueError as exc:
                raise LevelError(path.name, "layout", said_en("layout {name} is unusable: {problem}", name=repr(level.layout),
                                                              problem=getattr(exc, "said", str(exc)))) from None
            entries.append(LevelEntry(path.stem, path, level))
        except LevelError as exc:
            entries.append(LevelEntry(path.stem, path, None, exc.said))
    return tuple(entries)


def daily_level(directory: Path = LEVELS_PATH) -> Level:
    """The daily challenge's Arcade level (daily/daily_arcade.json); a built-in default if that file is bad."""
    path = directory / "daily" / "daily_arcade.json"
    try:
        return parse_level(json.loads(path.read_text(encoding="utf-8")), path.name, layout_names(directory / "layouts"))
    except (OSError, ValueError):
        return Level(id="daily_arcade", name="Daily Challenge", layout="classic", clock=240, streak_seconds=6.0,
                     targets=(22000, 34000, 44000), hints=3)


# ---------------------------------------------------------------- progress


def level_record(stats: Mapping[str, Any], level_id: str) -> dict[str, Any]:
    """The saved progress of one level: {"stars", "best", "table"} (zeros when never played)."""
    rec = stats.get("levels", {}).get(level_id, {}) if isinstance(stats.get("levels"), dict) else {}
    if not isinstance(rec, dict):
        rec = {}
    table = [e for e in rec.get("table", []) if isinstance(e, dict) and isinstance(e.get("score"), int)]
    return {"stars": _count(rec, "stars"), "best": _count(rec, "best"), "table": table}


def unlocked(entries: tuple[LevelEntry, ...], stats: Mapping[str, Any]) -> tuple[bool, ...]:
    """Which levels may be played: the first available one, and each one whose
    previous available level has at least one star. Unavailable files are skipped."""
    out = []
    previous_starred = True
    for entry in entries:
        if not entry.available:
            out.append(False)
            continue
        out.append(previous_starred)
        previous_starred = level_record(stats, entry.id)["stars"] >= 1
    return tuple(out)


def playable(entries: tuple[LevelEntry, ...], stats: Mapping[str, Any]) -> list[LevelEntry]:
    """The levels that can be played now: unlocked, and their files good."""
    return [e for e, ok in zip(entries, unlocked(entries, stats)) if ok and e.available]


def pick_level(entries: tuple[LevelEntry, ...], stats: Mapping[str, Any],
               level_id: str | None = None) -> LevelEntry | None:
    """The level asked for (if its file is good), else the first unlocked level without a star, else
    the last unlocked one: the level an Arcade game opens on."""
    available = [e for e in entries if e.available]
    if not available:
        return None
    asked = next((e for e in available if e.id == level_id), None)
    if asked is not None:
        return asked
    open_ = playable(entries, stats)
    return next((e for e in open_ if level_record(stats, e.id)["stars"] == 0), (open_ or available)[-1])


def table_rank(stats: Mapping[str, Any], level_id: str, score: int) -> int | None:
    """Where `score` would enter the level's high-score table (0 = top), or None if it does not."""
    if score <= 0:
        return None
    table = level_record(stats, level_id)["table"]
    for i, entry in enumerate(table):
        if score > int(entry["score"]):
            return i
    return len(table) if len(table) < TABLE_SIZE else None


def clean_initials(text: str) -> str:
    """Three letters, arcade style: capitals, digits, or letters of the players' scripts
    (initials.py): 'ab' -> 'AB ', '' -> '???'"""
    return initials.clean(text)


def record_level(stats: dict[str, Any], level_id: str, score: int, stars: int,
                 initials: str | None = None) -> dict[str, Any]:
    """Store one finished attempt: best score, best stars and (with initials) a table entry."""
    levels = stats.setdefault("levels", {})
    if not isinstance(levels, dict):
        levels = stats["levels"] = {}
    rec = level_record(stats, level_id)
    rec["stars"] = max(rec["stars"], stars)
    rec["best"] = max(rec["best"], score)
    if initials is not None and table_rank(stats, level_id, score) is not None:
        rec["table"].append({"initials": clean_initials(initials), "score": score})
        # sorted() is stable: an older entry with the same score stays above the new one
        rec["table"] = sorted(rec["table"], key=lambda e: -int(e["score"]))[:TABLE_SIZE]
    levels[level_id] = rec
    return stats


def total_stars(entries: Iterable[LevelEntry], stats: Mapping[str, Any]) -> int:
    return sum(level_record(stats, e.id)["stars"] for e in entries if e.available)


def _count(stats: Mapping[str, Any], key: str) -> int:
    """A stored whole number, or 0 when it is missing or damaged."""
    value = stats.get(key, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
