"""Settings, statistics and autosaves on disk: versioned JSON, atomic writes.

Layout of the data folder (see `resolve_data_dir`):

    settings.json         {"version": 1, "kind": "settings", "data": {key: value}}
    stats.json            {"version": 1, "kind": "stats", "data": {game: {key: value}}}
    saves/<game>.json     {"version": 1, "kind": "save", "data": {"game", "options", "seed", "actions", "extra"}}
    saves/<game>.<slot>.json   the same, for a game that keeps one per slot (GameInfo.save_key: "tripeaks.relaxed")

Why it is built this way:
- Every write goes to a temporary file in the same folder, is flushed and
  fsync'ed, then renamed over the old file (os.replace is atomic), so a crash
  or power cut leaves either the old file or the new one, never half of one.
- A file that cannot be read, is not valid JSON, has the wrong shape or was
  written by a newer version is moved aside (settings.json.corrupt-<time>),
  a line is added to `notices` (the app shows them as toasts) and defaults are
  used. The game never crashes on a bad file and never silently throws away
  a player's data: the bad file is still there for them (or us) to look at.
- Each file is independent: a broken stats file never touches settings or saves.
- Settings are checked key by key; one bad value falls back to its default
  with a notice and the other keys are kept.
- Storage never raises on a failed write (read-only folder, full disk): it
  keeps working in memory and says once that saving failed.
"""
from __future__ import annotations

import copy
import json
import os
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardgames import datafiles, dates, schema
from cardgames.config import DATA_DIR_ENV
from cardgames.datafiles import AI_SPEEDS, ANIM_SPEEDS, DEFAULT_SETTINGS  # noqa: F401 - re-exported
from cardgames.i18n import N_, listing, said, said_en, word
from cardgames.i18n_errors import os_error

VERSION = 1  # the format version this code writes; files with a higher one are moved aside
APP_DIR_NAME = "cardgames"
TEMP_PREFIX = "."            # atomic writes go to ".<name>.<random>.tmp" beside the file
TEMP_SUFFIX = ".tmp"
ERROR_LOG = "errors.log"     # internal errors, with their tracebacks (never shown on the terminal)
ERROR_LOG_MAX = 256 * 1024   # then it is renamed errors.log.old and a new one started

_GAME_NAME = re.compile(r"^[a-z0-9_]{1,40}(\.[a-z0-9_]{1,40})?$")   # a save key; keeps save paths inside saves/


def resolve_data_dir(explicit: str | os.PathLike | None = None) -> Path:
    """The data folder: the --data-dir argument, else $CARDGAMES_DATA_DIR, else the user's data folder."""
    if explicit is not None and str(explicit).strip():
        return Path(explicit).expanduser()
    env = os.environ.get(DATA_DIR_ENV)
    if env and env.strip():
        return Path(env).expanduser()
    import platformdirs  # imported here: only needed when nothing overrides it

    return Path(platformdirs.user_data_dir(APP_DIR_NAME, appauthor=False))


class BadFile(ValueError):
    """A data file that exists but cannot be used; the message says why, for the notice."""


def validate_save(game: str, data: Any) -> dict[str, Any]:
    """Check an autosave against its schema; raise BadFile with the reason when it is wrong."""
    try:
        clean, _problems = schema.validate(datafiles.save_schema(game), data)
    except schema.Untrusted as e:
        raise BadFile(str(e)) from None
    return clean


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


class Storage:
    """The player's settings, statistics, autosaves and any other declared file, in one folder.

    All methods are safe to call at any time: problems become `notices`,
    never exceptions. Reads are cached, so stats() and load_settings() are cheap.
    `write_warning` is a lasting message while some data could not be written
    (full disk, read-only folder): the app shows it until a retry succeeds.
    """

    def __init__(self, data_dir: str | os.PathLike | None = None) -> None:
        self.data_dir = resolve_data_dir(data_dir)
        self.notices: list[str] = []
        self.write_warning: str | None = None
        self._cache: dict[str, Any] = {}                  # file name -> its loaded data
        self._pending: dict[str, tuple[str, Any]] = {}    # failed writes, retried on every later write
        self._write_failed: set[str] = set()              # files we already told the player about
        self.clean_temp_files()

    # ----------------------------------------------------------------- notices
    def take_notices(self) -> list[str]:
        """Return the pending notices and forget them (the app turns them into toasts)."""
        out, self.notices = self.notices, []
        return out

    # ------------------------------------------------------------ any declared file
    def load(self, name: str, absent: Any = schema.MISSING) -> Any:
        """A declared file's data, validated field by field (see cardgames/schema.py).

        A missing or unusable file gives `absent` (default: the schema's defaults); bad fields
        get their defaults with ONE notice naming the file and the fields. Never raises."""
        spec, part = self._spec(name)
        if name not in self._cache:
            file_schema = spec.schema_for(part)
            fallback = file_schema.fresh_default() if absent is schema.MISSING else absent
            raw = self._read(name, spec.kind)
            data = fallback
            if raw is not schema.MISSING:
                try:
                    data, problems = schema.validate(file_schema, raw)
                except schema.Untrusted as e:
                    self._move_aside(name, said_en("the field {field} is wrong ({problem})", field=repr(e.path),
                                                   problem=e.problem) if e.path
                                     else said_en("it is not in the expected format ({problem})", problem=e.problem))
                else:
                    if problems:
                        copied = self._keep_copy(name, "invalid")
                        for p in problems:
                            print(f"cardgames: {self.data_dir / name}: {p.path}: {p.problem}", file=sys.stderr)
                        kept = said(" (the old file is kept as {file})", file=copied) if copied else ""
                        self.notices.append(schema.problems_notice(spec.what_for(part), name, problems, kept))
            self._cache[name] = data
        return copy.deepcopy(self._cache[name])

    def save(self, name: str, data: Any) -> bool:
        """Validate and atomically write a declared file; False if the write failed (it is retried
        on the next write, and `write_warning` says so). A vital field that is wrong raises
        ValueError: that is a bug in the caller, not bad data on disk."""
        spec, part = self._spec(name)
        try:  # as JSON will read it back: tuples become lists
            clean, problems = schema.validate(spec.schema_for(part), json.loads(json.dumps(data)))
        except schema.Untrusted as e:
            raise ValueError(f"{name}: {e}") from None
        if problems:
            self.notices.append(schema.problems_notice(spec.what_for(part), name, problems))
        self._cache[name] = copy.deepcopy(clean)
        return self._write(name, spec.kind, clean)

    def _spec(self, name: str) -> tuple[schema.FileSpec, str]:
        found = schema.spec_for(name)
        if found is None:
            raise ValueError(f"{name!r} is not a declared data file (declare it in cardgames/datafiles.py)")
        return found

    # ---------------------------------------------------------------- settings
    def load_settings(self) -> dict[str, Any]:
        """The settings, every key present and valid (defaults fill the gaps)."""
        return self.load("settings.json")

    def save_settings(self, settings: dict[str, Any]) -> bool:
        """Validate and write the settings; returns False if the write failed (a notice says so)."""
        return self.save("settings.json", settings)

    # -------------------------------------------------------------- statistics
    def stats(self, game: str) -> dict[str, Any]:
        """A copy of one game's statistics ({} when none yet)."""
        return self.load("stats.json").get(game, {})

    def update_stats(self, game: str, fn: Callable[[dict[str, Any]], dict[str, Any] | None]) -> dict[str, Any]:
        """Apply `fn` to a copy of the game's stats (it may mutate and/or return it), store and write it."""
        current = self.stats(game)
        result = fn(current)
        new = current if result is None else result
        if not isinstance(new, dict):
            raise TypeError(f"update_stats: the function must return a dict, not {type(new).__name__}")
        all_stats = self.load("stats.json")
        all_stats[game] = copy.deepcopy(new)
        self.save("stats.json", all_stats)
        return self.stats(game)

    # ---------------------------------------------------------------- autosave
    # `game` below is a save key: the game's name, or "<game>.<slot>" for a game with a saved game per slot
    def _save_name(self, game: str) -> str:
        if not isinstance(game, str) or not _GAME_NAME.match(game):
            raise ValueError(f"not a valid game name: {game!r}")
        return f"saves/{game}.json"

    def migrate_saves(self, games: Any) -> None:
        """A saved game from before its game kept one per slot (saves/<game>.json) moves to its slot's
        file, so Continue still finds it; if that slot already holds one, it is moved aside and kept."""
        for info in games:
            if info.save_key({}) == info.name or not (self.data_dir / self._save_name(info.name)).exists():
                continue
            data = self.load_game(info.name)
            if data is None:
                continue   # unusable: already moved aside with a notice
            old, new = self.data_dir / self._save_name(info.name), self._save_name(info.save_key(data["options"]))
            if (self.data_dir / new).exists():
                self.discard_game(info.name, N_("another saved game of that mode is kept"))
                continue
            try:
                os.replace(old, self.data_dir / new)   # atomic: the save is in one place or the other
            except OSError as e:
                self.notices.append(said("Could not save {file} in {folder}: {error}.", file=new,
                                         folder=str(self.data_dir), error=os_error(e)))
                continue
            self._cache.pop(self._save_name(info.name), None)
            self._cache.pop(new, None)

    def save_game(self, game: str, data: dict[str, Any]) -> bool:
        """Write a game's autosave (shape checked first: a malformed one raises ValueError); False if
        the write failed."""
        return self.save(self._save_name(game), data)

    def load_game(self, game: str) -> dict[str, Any] | None:
        """The game's autosave, or None when there is none (or it was unusable and moved aside)."""
        return self.load(self._save_name(game), absent=None)

    def has_save(self, game: str) -> bool:
        return self.load_game(game) is not None

    def discard_game(self, game: str, reason: str) -> None:
        """Move an autosave that could not be resumed aside (kept for inspection), with a notice."""
        name = self._save_name(game)
        self._cache[name] = None
        self._forget_pending(name)
        if (self.data_dir / name).exists():
            self._move_aside(name, reason)

    def clear_game(self, game: str) -> None:
        """Forget the game's autosave (the game ended or the player started afresh)."""
        name = self._save_name(game)
        self._cache[name] = None
        self._forget_pending(name)
        try:
            (self.data_dir / name).unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            self.notices.append(said("Could not delete the saved {game} game: {error}.",
                                     game=word(_game_words(game)), error=os_error(e)))

    # ------------------------------------------------------------ crash leftovers
    def clean_temp_files(self) -> int:
        """Delete temporary files a killed write left behind (".settings.json.x1y2.tmp"); the real
        file beside each is intact (writes rename into place). Returns how many were removed."""
        removed = 0
        for folder in (self.data_dir, self.data_dir / "saves"):
            try:
                leftovers = [p for p in folder.iterdir()
                             if p.name.startswith(TEMP_PREFIX) and p.name.endswith(TEMP_SUFFIX) and p.is_file()]
            except OSError:
                continue
            for p in leftovers:
                try:
                    p.unlink()
                    removed += 1
                except OSError:
                    pass
        return removed

    def log_error(self, context: str) -> str:
        """Append the exception being handled to errors.log in the data folder (never a traceback on
        the terminal or the screen); returns where it went, for a one-line message."""
        import traceback

        text = f"--- {dates.stamp('%Y-%m-%d %H:%M:%S')} {context}\n{traceback.format_exc()}"
        path = self.data_dir / ERROR_LOG
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            if path.exists() and path.stat().st_size > ERROR_LOG_MAX:
                os.replace(path, path.with_name(ERROR_LOG + ".old"))
            with path.open("a", encoding="utf-8") as f:
                f.write(text)
        except OSError:
            return "(the error log could not be written)"
        return str(path)

    def flush(self) -> bool:
        """Retry every write that failed; True when nothing is left unsaved (call before quitting)."""
        for name, (kind, data) in list(self._pending.items()):
            self._write_once(name, kind, data)
        self._update_warning()
        return not self._pending

    def _forget_pending(self, name: str) -> None:
        if self._pending.pop(name, None) is not None:
            self._update_warning()

    # ----------------------------------------------------------- file helpers
    def _read(self, name: str, kind: str) -> Any:
        """The `data` of a file, or MISSING if it is missing or unusable (then it is moved aside)."""
        path = self.data_dir / name
        try:
            text = path.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):
            return schema.MISSING  # no file yet (or no folder yet): not a problem
        except (OSError, UnicodeDecodeError) as e:
            reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            self._move_aside(name, N_("it could not be read"), reason)
            return schema.MISSING
        try:
            doc = json.loads(text, parse_constant=_reject_constant)
        except ValueError as e:
            self._move_aside(name, N_("it is damaged"), str(e))
            return schema.MISSING
        if not isinstance(doc, dict) or "data" not in doc:
            self._move_aside(name, N_("it is not in the expected format"))
            return schema.MISSING
        version = doc.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            self._move_aside(name, N_("it is not in the expected format"), f"version {version!r}")
            return schema.MISSING
        if version > VERSION:
            self._move_aside(name, N_("it was written by a newer version of the game"), f"format {version}")
            return schema.MISSING
        if doc.get("kind", kind) != kind:
            self._move_aside(name, N_("it is not in the expected format"), f"it holds {doc.get('kind')!r} data")
            return schema.MISSING
        return doc["data"]

    def _aside_path(self, name: str, tag: str) -> Path:
        path = self.data_dir / name
        stamp = dates.stamp("%Y%m%d-%H%M%S")
        candidate = path.with_name(f"{path.name}.{tag}-{stamp}")
        n = 1
        while candidate.exists():
            n += 1
            candidate = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
        return candidate

    @staticmethod
    def _what(name: str) -> str:
        """What a file holds, in the player's words ("saved TriPeaks game", "settings"), said in the
        language of the moment wherever it is drawn."""
        found = schema.spec_for(name)
        return word(found[0].what_for(found[1])) if found else name

    @staticmethod
    def _fallback(name: str) -> str:
        """What the player gets instead of a bad file (a bad save is simply not offered)."""
        return word(N_("It is left out") if name.startswith("saves/") else N_("Defaults are used"))

    def _move_aside(self, name: str, reason: str, detail: str = "") -> None:
        """Rename a bad file out of the way so it is neither used nor overwritten, and say so:
        a short notice for the player, the technical detail on stderr."""
        path = self.data_dir / name
        target = self._aside_path(name, "corrupt")
        what = self._what(name)
        print(f"cardgames: {path}: {reason}{f' ({detail})' if detail else ''}", file=sys.stderr)
        try:
            os.replace(path, target)
        except OSError as e:
            self.notices.append(said("Your {what} could not be used: {reason}. {fallback} (the file could not be "
                                     "moved aside: {error}).", what=what, reason=word(reason),
                                     fallback=self._fallback(name), error=os_error(e)))
            return
        self.notices.append(said("Your {what} could not be used: {reason}. {fallback}; the old file is kept as "
                                 "{file}.", what=what, reason=word(reason), fallback=self._fallback(name),
                                 file=target.name))

    def _keep_copy(self, name: str, tag: str) -> str:
        """Copy a partly bad file aside before the good part is written back over it; its name."""
        path = self.data_dir / name
        try:
            target = self._aside_path(name, tag)
            target.write_bytes(path.read_bytes())
        except OSError:
            return ""  # the notice about the bad values is already there; the copy is a courtesy
        return target.name

    def _write(self, name: str, kind: str, data: Any) -> bool:
        """Write `name`, then retry any earlier write that failed; never raises on I/O errors."""
        ok = self._write_once(name, kind, data)
        for other, (other_kind, other_data) in list(self._pending.items()):
            if other != name:
                self._write_once(other, other_kind, other_data)
        self._update_warning()
        return ok

    def _write_once(self, name: str, kind: str, data: Any) -> bool:
        """Atomically write {"version", "kind", "data"} to `name`; a failure is kept for a retry."""
        path = self.data_dir / name
        text = json.dumps({"version": VERSION, "kind": kind, "data": data}, indent=1, sort_keys=True)
        tmp: str | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
            tmp = None
        except OSError as e:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
            self._pending[name] = (kind, copy.deepcopy(data))
            self._last_error = os_error(e)
            if name not in self._write_failed:  # say it once, not on every move
                self._write_failed.add(name)
                self.notices.append(said("Could not save {file} in {folder}: {error}.", file=name,
                                         folder=str(self.data_dir), error=self._last_error))
            return False
        self._pending.pop(name, None)
        self._write_failed.discard(name)
        return True

    def _update_warning(self) -> None:
        if not self._pending:
            self.write_warning = None
            return
        what = sorted({self._what(n) for n in self._pending})
        self.write_warning = said("Not saved ({error}): your {what}. Kept in memory; saving is retried on every "
                                  "change.", error=getattr(self, "_last_error", None) or word(N_("write failed")),
                                  what=listing(what))


def _game_words(game: str) -> str:
    return datafiles._game_title(game)
