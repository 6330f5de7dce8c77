"""The statistics of every game, and the ONE function every game calls when a game ends.

    from cardgames.records import GameResult, record_game
    touched = record_game(app.storage, "skyjo", GameResult(won=True, options=opts, score=42,
                                                           figures={"total": 42}, seed=seed))
    # touched: ["New best total: 42", "Winning streak: 4"] for the end screen

What is kept, per game (in stats.json, under the game's name, key "records"):

    {"version": 2,
     "modes":    {mode: section},     # "arcade", "classic", "daily", "single", "standard", "online" ...
     "practice": {mode: section}}     # the same for practice games (undo allowed), kept apart
    section = {"games", "wins", "abandoned", "streak", "best_streak",
               "figures": {key: number},          # the game's own bests, sums and averages (FIGURES)
               "history": [entry, ...]}           # the last HISTORY games, oldest first
    entry   = {"date", "won", "abandoned", "score", "deal", "seed", "daily", "seconds",
               "options", "figures"}

A game abandoned (restarted, or a new game started over its save) counts as
played and lost: the streak ends, no best is set from it.

record_game cannot fail on bad stored data: the schema layer checks the file
on load (records_schema.py; a wrong-typed or out-of-range field takes its
default, one notice names the file and the fields), this module checks again
whatever it is handed (an unreadable section starts afresh) and settles what a
schema cannot say (wins no more than games), and the new result is always kept. The older flat shape ({"games", "wins",
"best_total", ...}) is read once and moved into the new one (migrate), so a
player's existing statistics are kept.

Beside "records" a game may keep its own progress in the same dict
(TriPeaks: "levels", "last_initials"): record_game leaves those keys alone,
and a result's `progress` function may update them in the same write.
This module is pure Python (no pygame).
"""
from __future__ import annotations

import copy
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardgames import dates
from cardgames.i18n import N_, _, format_number, tr
from cardgames.records_schema import HISTORY, LIMIT, OLD_COUNTS, OLD_NUMBERS

SHAPE = 2          # the shape of "records" this code writes (declared in records_schema.py)
COUNTS = ("games", "wins", "abandoned", "streak", "best_streak")
OLD_KEYS = (*OLD_COUNTS, *OLD_NUMBERS, "win_rate")   # the older flat shape, read once by migrate()
EARLIER = "earlier"   # the mode of statistics migrated from a shape that did not know the mode
ONLINE = "online"     # games played at a table on a server (options["online"]): never mixed with local ones


@dataclass(frozen=True)
class Figure:
    """One of a game's own statistics, built from result.figures[source] game after game."""

    key: str                  # stored name ("best_score"; an average keeps key_sum and key_n)
    label: str                # what the statistics screen calls it
    source: str               # the result's figure it comes from ("score" is result.score)
    rule: str                 # "max" | "min" (a best), "sum" (a running total), "avg" (an average)
    fmt: str = "int"          # "int" | "time" (seconds) | "money" | "float"
    modes: tuple[str, ...] = ()   # only in these modes (empty: every mode)
    finished_only: bool = True    # an abandoned game does not count toward it
    wins_only: bool = False       # only a won game counts (the best time of a clear)
    weight: str = ""          # "avg": the figure that counts how many it averages over (rounds), else 1 a game
    news: str = ""            # the end screen's words when a best improves ("New best score")


FIGURES: dict[str, tuple[Figure, ...]] = {
    "tripeaks": (
        Figure("best_score", "Best score", "score", "max", modes=("arcade", "relaxed", "daily"),
               news=N_("New best score")),
        Figure("best_hand", "Best hand", "score", "max", fmt="money", modes=("classic",), news=N_("New best hand")),
        Figure("best_time", "Best time (cleared)", "seconds", "min", fmt="time", wins_only=True,
               news=N_("New best time")),
        Figure("longest_run", "Longest run of cards", "run", "max", finished_only=False, news=N_("New longest run")),
        Figure("bank", "Classic bank", "money", "sum", fmt="money", modes=("classic",), finished_only=False),
    ),
    "skyjo": (
        Figure("best_total", "Best final total", "total", "min", news=N_("New best total")),
        Figure("average_total", "Average final total", "total", "avg", fmt="float"),
        Figure("average_round", "Average round score", "round_points", "avg", fmt="float", weight="rounds"),
    ),
    "three_thirteen": (
        Figure("best_total", "Lowest game", "total", "min", news=N_("New lowest game")),
        Figure("average_total", "Average final total", "total", "avg", fmt="float"),
        Figure("rounds_out", "Rounds gone out", "rounds_out", "sum", finished_only=False),
    ),
    "switch": (
        Figure("hands", "Hands played", "hands", "sum", finished_only=False),
        Figure("hands_won", "Hands won", "hands_won", "sum", finished_only=False),
        Figure("best_match", "Best match (fewest points)", "total", "min", modes=("match",),
               news=N_("New best match")),
        Figure("longest_pickup", "Longest pick-up survived", "longest_pickup", "max", finished_only=False),
        Figure("catches", "Catches made", "catches", "sum", finished_only=False),
        Figure("caught", "Times caught", "caught", "sum", finished_only=False),
    ),
}

MODE_LABELS = {"arcade": N_("Arcade"), "classic": N_("Classic"), "relaxed": N_("Relaxed"),
               "daily": N_("Daily challenge"),
               "single": N_("Single hand"), "match": N_("Match to 200"), "standard": N_("All games"),
               ONLINE: N_("Online"), EARLIER: N_("Earlier games")}
MODE_ORDER = ("standard", "arcade", "classic", "relaxed", "daily", "single", "match", ONLINE, EARLIER)


def mode_of(game: str, options: dict[str, Any]) -> str:
    """The mode a game's statistics are kept under, from its options (an online game: its own)."""
    if options.get("online"):
        return ONLINE
    if game == "tripeaks":
        if options.get("daily"):
            return "daily"
        mode = options.get("mode", "arcade")
        return mode if mode in ("arcade", "classic", "relaxed") else "arcade"
    if game == "switch":
        return "match" if options.get("match") else "single"
    return "standard"


def figures_for(game: str, mode: str) -> tuple[Figure, ...]:
    return tuple(f for f in FIGURES.get(game, ()) if not f.modes or mode in f.modes or mode == EARLIER)


@dataclass
class GameResult:
    """One finished (or abandoned) game, as the game scene sees it at the end."""

    won: bool
    options: dict[str, Any] = field(default_factory=dict)   # the game's options: mode, practice, daily, deal
    score: int | float | None = None     # the game's headline number (TriPeaks score, a final total)
    figures: dict[str, Any] = field(default_factory=dict)   # the game's own numbers (FIGURES' sources)
    seed: int | None = None
    seconds: float | None = None         # how long it was played
    abandoned: bool = False
    when: float | None = None            # epoch seconds of the end (dates.timestamp()); None: now
    progress: Callable[[dict[str, Any]], Any] | None = field(default=None, compare=False)  # game-owned keys

    @property
    def practice(self) -> bool:
        return bool(self.options.get("practice"))

    def number(self, source: str) -> float | None:
        value = self.score if source == "score" else self.seconds if source == "seconds" \
            else self.figures.get(source)
        return value if _is_number(value) else None


# ------------------------------------------------------------------ checking stored data
def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and abs(v) <= LIMIT


def _is_count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= LIMIT


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, (bool, str)) or _is_number(v)


def empty_section() -> dict[str, Any]:
    return {"games": 0, "wins": 0, "abandoned": 0, "streak": 0, "best_streak": 0, "figures": {}, "history": []}


def _clean_entry(raw: Any) -> dict[str, Any] | None:
    """A history entry with every field checked, or None when it cannot be read at all."""
    if not isinstance(raw, dict) or not isinstance(raw.get("won"), bool):
        return None
    date = raw.get("date")
    options = raw.get("options")
    figures = raw.get("figures")
    return {
        "date": date if isinstance(date, str) else "",
        "won": raw["won"],
        "abandoned": raw.get("abandoned") is True,
        "score": raw.get("score") if _is_number(raw.get("score")) else None,
        "deal": raw.get("deal") if _is_count(raw.get("deal")) else None,
        "seed": raw.get("seed") if isinstance(raw.get("seed"), int) and not isinstance(raw.get("seed"), bool)
        else None,
        "daily": raw.get("daily") if isinstance(raw.get("daily"), str) else None,
        "seconds": raw.get("seconds") if _is_number(raw.get("seconds")) and raw["seconds"] >= 0 else None,
        "options": {str(k): v for k, v in options.items() if _scalar(v)} if isinstance(options, dict) else {},
        "figures": {str(k): v for k, v in figures.items() if _is_number(v)} if isinstance(figures, dict) else {},
    }


def clean_section(raw: Any, problems: list[str], where: str) -> dict[str, Any]:
    """A section with every field checked; a bad one takes its default and is named in `problems`."""
    out = empty_section()
    if not isinstance(raw, dict):
        problems.append(where)
        return out
    bad = [key for key in COUNTS if not _is_count(raw.get(key, 0))]
    for key in COUNTS:
        if key not in bad:
            out[key] = raw.get(key, 0)
    problems.extend(f"{where}.{key}" for key in bad)
    figures = raw.get("figures", {})
    if isinstance(figures, dict):
        for key, value in figures.items():
            if _is_number(value):
                out["figures"][str(key)] = value
            elif value is not None:   # null: the schema layer already dropped a bad one
                problems.append(f"{where}.figures.{key}")
    else:
        problems.append(f"{where}.figures")
    history = raw.get("history", [])
    if isinstance(history, list):
        entries = [_clean_entry(e) for e in history]
        if any(e is None for e in entries):
            problems.append(f"{where}.history")
        out["history"] = [e for e in entries if e is not None][-HISTORY:]
    else:
        problems.append(f"{where}.history")
    # what a schema cannot say: a lost count of games is at least the wins and the games listed
    out["games"] = max(out["games"], out["wins"], len(out["history"]))
    out["abandoned"] = min(out["abandoned"], out["games"] - out["wins"])
    out["streak"] = min(out["streak"], out["wins"])
    out["best_streak"] = max(out["streak"], min(out["best_streak"], out["wins"]))
    return out


def _clean_sections(raw: Any, problems: list[str], where: str) -> dict[str, dict[str, Any]]:
    if not isinstance(raw, dict):
        if raw is not None:
            problems.append(where)
        return {}
    return {str(mode): clean_section(sec, problems, f"{where}.{mode}") for mode, sec in raw.items()}


def migrate(game: str, old: dict[str, Any], problems: list[str] | None = None) -> dict[str, Any]:
    """The records of the older flat shape, so nothing a player had is lost.

    Skyjo and Three Thirteen had one mode: their figures go straight into it.
    TriPeaks and Switch counted every mode together: those counts become the
    "Earlier games" section; the Classic bank and Switch's matches were of one
    mode and go into it. A wrong-typed old field counts as missing (named in `problems`)."""
    bad = problems if problems is not None else []
    bad.extend(k for k in OLD_KEYS if k != "win_rate" and k in old and not _is_number(old[k]))

    def count(key: str) -> int:
        v = old.get(key, 0)
        if _is_count(v):
            return v
        if key not in bad:
            bad.append(key)
        return 0

    def number(key: str) -> float | None:
        v = old.get(key)
        if v is None or _is_number(v):
            return v
        if key not in bad:
            bad.append(key)
        return None

    modes: dict[str, dict[str, Any]] = {}

    def section(mode: str) -> dict[str, Any]:
        return modes.setdefault(mode, empty_section())

    if game in ("skyjo", "three_thirteen"):
        if count("games"):
            sec = section("standard")
            sec["games"], sec["wins"] = count("games"), min(count("wins"), count("games"))
            if number("best_total") is not None:
                sec["figures"]["best_total"] = number("best_total")
            if game == "skyjo" and count("rounds"):
                sec["figures"]["average_round_sum"] = number("round_points") or 0
                sec["figures"]["average_round_n"] = count("rounds")
            if game == "three_thirteen" and count("rounds_out"):
                sec["figures"]["rounds_out"] = count("rounds_out")
    elif game == "tripeaks":
        if count("games"):
            sec = section(EARLIER)
            sec["games"], sec["wins"] = count("games"), min(count("wins"), count("games"))
            if count("longest_streak"):
                sec["figures"]["longest_run"] = count("longest_streak")
        if number("bank"):
            section("classic")["figures"]["bank"] = number("bank")
    elif game == "switch":
        if count("hands"):
            sec = section(EARLIER)
            sec["games"], sec["wins"] = count("hands"), min(count("wins"), count("hands"))
            figs = sec["figures"]
            figs["hands"], figs["hands_won"] = sec["games"], sec["wins"]
            for key in ("longest_pickup", "catches", "caught"):
                if count(key):
                    figs[key] = count(key)
        if count("matches"):
            sec = section("match")
            sec["games"], sec["wins"] = count("matches"), min(count("match_wins"), count("matches"))
    else:
        if count("games"):
            sec = section(EARLIER)
            sec["games"], sec["wins"] = count("games"), min(count("wins"), count("games"))
    return {"version": SHAPE, "modes": modes, "practice": {}}


def repaired(game: str, raw: Any, problems: list[str]) -> dict[str, Any]:
    """The game's whole stats dict with valid "records" (migrated from the old shape if need be);
    every other key (the game's own progress) is kept as it is, except the old flat figures."""
    entry = dict(raw) if isinstance(raw, dict) else {}
    recs = entry.get("records")
    if recs is None:
        recs = migrate(game, entry, problems)
    elif not isinstance(recs, dict):
        problems.append("records")
        recs = {}
    entry["records"] = {"version": SHAPE,
                        "modes": _clean_sections(recs.get("modes"), problems, "modes"),
                        "practice": _clean_sections(recs.get("practice"), problems, "practice")}
    for key in OLD_KEYS:
        entry.pop(key, None)
    return entry


# ------------------------------------------------------------------ recording a game
def _date(when: float | None) -> str:
    return dates.stamp("%Y-%m-%d %H:%M", when)


def _apply_figure(fig: Figure, figures: dict[str, Any], value: float, result: GameResult) -> str | None:
    """Fold one value into a figure; the end screen's words when a best improved, else None."""
    if fig.rule in ("max", "min"):
        old = figures.get(fig.key)
        better = old is None or (value > old if fig.rule == "max" else value < old)
        if better:
            figures[fig.key] = value
        if better and old is not None and fig.news:
            return _("{record}: {value}").format(record=tr(fig.news), value=format_figure(fig, value))
    elif fig.rule == "sum":
        figures[fig.key] = figures.get(fig.key, 0) + value
    elif fig.rule == "avg":
        n = result.number(fig.weight) if fig.weight else 1
        if n:
            figures[f"{fig.key}_sum"] = figures.get(f"{fig.key}_sum", 0) + value
            figures[f"{fig.key}_n"] = figures.get(f"{fig.key}_n", 0) + n
    return None


def add_result(game: str, records: dict[str, Any], result: GameResult) -> list[str]:
    """Count one result into valid records (changed in place); the records it touched, in words."""
    mode = mode_of(game, result.options)
    sections = records["practice" if result.practice else "modes"]
    sec = sections.setdefault(mode, empty_section())
    won = bool(result.won) and not result.abandoned
    touched: list[str] = []
    sec["games"] += 1
    if won:
        sec["wins"] += 1
        sec["streak"] += 1
        if sec["streak"] > sec["best_streak"]:
            sec["best_streak"] = sec["streak"]
            if sec["streak"] >= 2:
                touched.append(_("Best winning streak: {n}").format(n=sec["streak"]))
        if sec["streak"] >= 2 and not touched:
            touched.append(_("Winning streak: {n}").format(n=sec["streak"]))
    else:
        sec["streak"] = 0
        sec["abandoned"] += int(result.abandoned)
    for fig in figures_for(game, mode):
        value = result.number(fig.source)
        if value is None or (fig.finished_only and result.abandoned) or (fig.wins_only and not won):
            continue
        news = _apply_figure(fig, sec["figures"], value, result)
        if news:
            touched.insert(0, news)
    options = {str(k): v for k, v in result.options.items() if _scalar(v)}
    sec["history"].append({
        "date": _date(result.when), "won": won, "abandoned": bool(result.abandoned),
        "score": result.score if _is_number(result.score) else None,
        "deal": result.options.get("deal") if _is_count(result.options.get("deal")) else None,
        "seed": result.seed if isinstance(result.seed, int) and not isinstance(result.seed, bool) else None,
        "daily": result.options.get("daily") if isinstance(result.options.get("daily"), str) else None,
        "seconds": round(result.seconds, 1) if _is_number(result.seconds) and result.seconds >= 0 else None,
        "options": options,
        "figures": {str(k): v for k, v in result.figures.items() if _is_number(v)},
    })
    del sec["history"][:-HISTORY]
    if result.practice:
        touched = [_("{record} (practice)").format(record=t) for t in touched]
    return touched


def record_game(storage: Any, game: str, result: GameResult) -> list[str]:
    """Count a finished or abandoned game; returns the records it touched, in words, for the end screen.

    Never raises on bad stored data: damaged fields are repaired (with one notice), and the new
    result is always kept."""
    touched: list[str] = []
    problems: list[str] = []

    def update(raw: dict[str, Any]) -> dict[str, Any]:
        try:
            entry = repaired(game, raw, problems)
        except Exception as e:  # noqa: BLE001 - whatever is stored, the result must be kept
            print(f"cardgames: statistics of {game} could not be repaired ({e!r}); they start afresh",
                  file=sys.stderr)
            problems.append("records")
            entry = {"records": {"version": SHAPE, "modes": {}, "practice": {}}}
        touched[:] = add_result(game, entry["records"], result)
        if result.progress is not None:
            backup = copy.deepcopy(entry)
            try:
                result.progress(entry)
            except Exception as e:  # noqa: BLE001 - a game's own progress never costs the result
                print(f"cardgames: progress of {game} could not be recorded ({e!r})", file=sys.stderr)
                entry = backup
        return entry

    storage.update_stats(game, update)
    if problems:
        shown = ", ".join(problems[:3]) + (tr(" and ") + _("{n} more").format(n=len(problems) - 3)
                                           if len(problems) > 3 else "")
        storage.notices.append(_("Your statistics file (stats.json) had damaged {game} fields ({fields}); "
                                 "they were reset and this game was recorded.").format(game=game, fields=shown))
    return touched


# ------------------------------------------------------------------ reading, for the screens
def load(storage: Any, game: str) -> dict[str, Any]:
    """The game's valid records ({"modes", "practice"}), read from storage without writing."""
    return repaired(game, storage.stats(game), [])["records"]


def reset(storage: Any, game: str) -> None:
    """Forget a game's statistics (its own progress, e.g. TriPeaks' levels, is kept)."""
    def wipe(raw: dict[str, Any]) -> dict[str, Any]:
        entry = repaired(game, raw, [])
        entry["records"] = {"version": SHAPE, "modes": {}, "practice": {}}
        return entry

    storage.update_stats(game, wipe)


def figure_value(section: dict[str, Any], fig: Figure) -> float | None:
    """A figure of a section, the average worked out; None when there is none yet."""
    figures = section["figures"]
    if fig.rule == "avg":
        n = figures.get(f"{fig.key}_n", 0)
        return figures.get(f"{fig.key}_sum", 0) / n if n else None
    return figures.get(fig.key)


def format_time(seconds: float | None) -> str:
    """95.4 -> "1:35"; None -> "–"."""
    if seconds is None:
        return "–"
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def figure_named(game: str, key: str) -> Figure:
    return next(f for f in FIGURES[game] if f.key == key)


def format_figure(fig: Figure, value: float | None) -> str:
    if value is None:
        return "–"
    if fig.fmt == "time":
        return format_time(value)
    if fig.fmt == "money":
        return f"-${format_number(-int(value))}" if value < 0 else f"${format_number(int(value))}"
    if fig.fmt == "float":
        return f"{value:,.1f}"
    return format_number(int(value)) if float(value).is_integer() else f"{value:,.1f}"


def win_rate(section: dict[str, Any]) -> float | None:
    return section["wins"] / section["games"] if section["games"] else None


def figure(storage: Any, game: str, mode: str, key: str) -> float | None:
    """One figure of a game's (non-practice) mode, e.g. the TriPeaks Classic bank."""
    sec = load(storage, game)["modes"].get(mode)
    return figure_value(sec, figure_named(game, key)) if sec is not None else None


def sections(records: dict[str, Any]) -> list[tuple[str, bool, dict[str, Any]]]:
    """(mode, practice, section) of every mode played, in the screens' order, practice after."""
    def order(mode: str) -> int:
        return MODE_ORDER.index(mode) if mode in MODE_ORDER else len(MODE_ORDER)

    out = [(m, False, s) for m, s in sorted(records["modes"].items(), key=lambda kv: order(kv[0]))]
    out += [(m, True, s) for m, s in sorted(records["practice"].items(), key=lambda kv: order(kv[0]))]
    return out


def mode_label(mode: str, practice: bool = False) -> str:
    if mode == "standard" and practice:
        return N_("Practice")
    label = MODE_LABELS.get(mode, mode.replace("_", " ").capitalize())
    return _("{mode} (practice)").format(mode=tr(label)) if practice else label


def totals(records: dict[str, Any]) -> dict[str, int]:
    """Games and wins over every non-practice mode, and the best streak of any."""
    secs = list(records["modes"].values())
    return {"games": sum(s["games"] for s in secs), "wins": sum(s["wins"] for s in secs),
            "best_streak": max((s["best_streak"] for s in secs), default=0)}


def abandon_saved(storage: Any, game: str, key: str | None = None) -> None:
    """A new game started over a saved one: the saved game counts as played and lost, and its
    save goes (so Continue cannot bring back a game already counted). `key`: which of the game's
    saved games (GameInfo.save_key), the game's only one by default."""
    key = game if key is None else key
    data = storage.load_game(key)
    if data is None:
        return
    extra = data.get("extra") if isinstance(data.get("extra"), dict) else {}
    seconds = extra.get("play_seconds")
    if data.get("actions"):
        record_game(storage, game, GameResult(won=False, abandoned=True, seed=data.get("seed"),
                                              options={k: v for k, v in data["options"].items() if k != "humans"},
                                              seconds=seconds if _is_number(seconds) else None))
    storage.clear_game(key)
