"""Settings, statistics and autosaves on disk: versioned JSON, atomic writes.

Layout of the data folder (see `resolve_data_dir`):

    settings.json         {"version": 1, "kind": "settings", "data": {key: value}}
    stats.json            {"version": 1, "kind": "stats", "data": {game: {key: value}}}
    saves/<game>.json     {"version": 1, "kind": "save", "data": {"game", "options", "seed", "actions", "extra"}}
    <name>.json           {"version": 1, "kind": "<name>", "data": ...}: a game's own records (load_doc, save_doc)

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
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardgames.config import DATA_DIR_ENV

VERSION = 1  # the format version this code writes; files with a higher one are moved aside
APP_DIR_NAME = "cardgames"

ANIM_SPEEDS = ("off", "fast", "normal", "slow")
AI_SPEEDS = ("fast", "normal", "slow")

DEFAULT_SETTINGS: dict[str, Any] = {
    "sfx_volume": 0.8,
    "music_volume": 0.5,
    "anim_speed": "normal",
    "four_colour": False,
    "card_back": "blue",
    "fullscreen": False,
    "ai_speed": "normal",
}

_GAME_NAME = re.compile(r"^[a-z0-9_]{1,40}$")   # also keeps save paths inside saves/
_BACK_NAME = re.compile(r"^[a-z0-9_]{1,40}$")


def _is_volume(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and 0.0 <= v <= 1.0


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


# One check per known setting; a value that fails falls back to DEFAULT_SETTINGS.
SETTING_CHECKS: dict[str, Callable[[Any], bool]] = {
    "sfx_volume": _is_volume,
    "music_volume": _is_volume,
    "anim_speed": lambda v: v in ANIM_SPEEDS,
    "four_colour": _is_bool,
    "card_back": lambda v: isinstance(v, str) and bool(_BACK_NAME.match(v)),
    "fullscreen": _is_bool,
    "ai_speed": lambda v: v in AI_SPEEDS,
}


def resolve_data_dir(explicit: str | os.PathLike | None = None) -> Path:
    """The data folder: the --data-dir argument, else $CARDGAMES_DATA_DIR, else the user's data folder."""
    if explicit:
        return Path(explicit).expanduser()
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env).expanduser()
    import platformdirs  # imported here: only needed when nothing overrides it

    return Path(platformdirs.user_data_dir(APP_DIR_NAME, appauthor=False))


class BadFile(ValueError):
    """A data file that exists but cannot be used; the message says why, for the notice."""


def validate_settings(raw: Any, notices: list[str] | None = None) -> dict[str, Any]:
    """Defaults overlaid with every valid value of `raw`; unknown keys are kept as they are."""
    out = dict(DEFAULT_SETTINGS)
    if not isinstance(raw, dict):
        return out
    for key, value in raw.items():
        check = SETTING_CHECKS.get(key)
        if check is None:
            out[key] = value  # a key a newer or older version knows about: keep it, don't lose it
        elif check(value):
            out[key] = float(value) if key.endswith("_volume") else value
        elif notices is not None:
            notices.append(f"Setting {key!r} had an invalid value {value!r}; using {DEFAULT_SETTINGS[key]!r}.")
    return out


def validate_save(game: str, data: Any) -> dict[str, Any]:
    """Check an autosave's shape; raise BadFile with the reason when it is wrong."""
    if not isinstance(data, dict):
        raise BadFile("the save is not an object")
    if data.get("game") != game:
        raise BadFile(f"the save is for {data.get('game')!r}, not {game!r}")
    if not isinstance(data.get("options"), dict):
        raise BadFile("'options' is missing or not an object")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadFile("'seed' is missing or not a whole number")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise BadFile("'actions' is missing or not a list of strings")
    if not isinstance(data.get("extra", {}), dict):
        raise BadFile("'extra' is not an object")
    return data


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


class Storage:
    """The player's settings, statistics and autosaves in one folder.

    All methods are safe to call at any time: problems become `notices`,
    never exceptions. Reads are cached, so stats() and load_settings() are cheap.
    """

    def __init__(self, data_dir: str | os.PathLike | None = None) -> None:
        self.data_dir = resolve_data_dir(data_dir)
        self.notices: list[str] = []
        self._cache: dict[str, Any] = {}       # file name -> its loaded data
        self._write_failed: set[str] = set()   # files we already told the player we could not write

    # ----------------------------------------------------------------- notices
    def take_notices(self) -> list[str]:
        """Return the pending notices and forget them (the app turns them into toasts)."""
        out, self.notices = self.notices, []
        return out

    # ---------------------------------------------------------------- settings
    def load_settings(self) -> dict[str, Any]:
        """The settings, every key present and valid (defaults fill the gaps)."""
        if "settings.json" not in self._cache:
            raw = self._read("settings.json", "settings")
            problems: list[str] = []
            settings = validate_settings(raw, problems)
            if problems:
                self._keep_copy("settings.json", "invalid")
                self.notices.extend(problems)
            self._cache["settings.json"] = settings
        return dict(self._cache["settings.json"])

    def save_settings(self, settings: dict[str, Any]) -> bool:
        """Validate and write the settings; returns False if the write failed (a notice says so)."""
        problems: list[str] = []
        clean = validate_settings(settings, problems)
        self.notices.extend(problems)
        self._cache["settings.json"] = clean
        return self._write("settings.json", "settings", clean)

    # -------------------------------------------------------------- statistics
    def _all_stats(self) -> dict[str, dict[str, Any]]:
        if "stats.json" not in self._cache:
            raw = self._read("stats.json", "stats")
            stats: dict[str, dict[str, Any]] = {}
            if isinstance(raw, dict):
                dropped = []
                for game, entry in raw.items():
                    if isinstance(entry, dict):
                        stats[game] = entry
                    else:
                        dropped.append(game)
                if dropped:
                    self._keep_copy("stats.json", "invalid")
                    self.notices.append(f"Statistics for {', '.join(dropped)} were unreadable and were reset.")
            self._cache["stats.json"] = stats
        return self._cache["stats.json"]

    def stats(self, game: str) -> dict[str, Any]:
        """A copy of one game's statistics ({} when none yet)."""
        return copy.deepcopy(self._all_stats().get(game, {}))

    def update_stats(self, game: str, fn: Callable[[dict[str, Any]], dict[str, Any] | None]) -> dict[str, Any]:
        """Apply `fn` to a copy of the game's stats (it may mutate and/or return it), store and write it."""
        current = self.stats(game)
        result = fn(current)
        new = current if result is None else result
        if not isinstance(new, dict):
            raise TypeError(f"update_stats: the function must return a dict, not {type(new).__name__}")
        all_stats = self._all_stats()
        all_stats[game] = copy.deepcopy(new)
        self._write("stats.json", "stats", all_stats)
        return copy.deepcopy(new)

    # ---------------------------------------------------------------- autosave
    def _save_name(self, game: str) -> str:
        if not _GAME_NAME.match(game):
            raise ValueError(f"not a valid game name: {game!r}")
        return f"saves/{game}.json"

    def save_game(self, game: str, data: dict[str, Any]) -> bool:
        """Write a game's autosave (shape checked first); False if the write failed."""
        name = self._save_name(game)
        validate_save(game, data)  # a malformed save is a programming error: fail loudly here
        self._cache[name] = copy.deepcopy(data)
        return self._write(name, "save", data)

    def load_game(self, game: str) -> dict[str, Any] | None:
        """The game's autosave, or None when there is none (or it was unusable and moved aside)."""
        name = self._save_name(game)
        if name not in self._cache:
            raw = self._read(name, "save")
            if raw is not None:
                try:
                    raw = validate_save(game, raw)
                except BadFile as e:
                    self._move_aside(name, "it is not in the expected format", str(e))
                    raw = None
            self._cache[name] = raw
        data = self._cache[name]
        return copy.deepcopy(data) if data is not None else None

    def has_save(self, game: str) -> bool:
        return self.load_game(game) is not None

    def discard_game(self, game: str, reason: str) -> None:
        """Move an autosave that could not be resumed aside (kept for inspection), with a notice."""
        name = self._save_name(game)
        self._cache[name] = None
        if (self.data_dir / name).exists():
            self._move_aside(name, reason)

    def clear_game(self, game: str) -> None:
        """Forget the game's autosave (the game ended or the player started afresh)."""
        name = self._save_name(game)
        self._cache[name] = None
        try:
            (self.data_dir / name).unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            self.notices.append(f"Could not delete the saved {game} game: {e.strerror or e}.")

    # ------------------------------------------------------- a game's own files
    def load_doc(self, name: str) -> Any:
        """The data of `<name>.json`, a file a game keeps of its own (e.g. "tripeaks_daily"); None when
        there is none yet (a bad file is moved aside with a notice, as every file is)."""
        file = self._doc_name(name)
        if file not in self._cache:
            self._cache[file] = self._read(file, name)
        return copy.deepcopy(self._cache[file])

    def save_doc(self, name: str, data: Any) -> bool:
        """Write `<name>.json` atomically; False if the write failed (a notice says so)."""
        file = self._doc_name(name)
        self._cache[file] = copy.deepcopy(data)
        return self._write(file, name, data)

    def _doc_name(self, name: str) -> str:
        if not _GAME_NAME.match(name) or name in ("settings", "stats"):
            raise ValueError(f"not a valid file name: {name!r}")
        return f"{name}.json"

    # ----------------------------------------------------------- file helpers
    def _read(self, name: str, kind: str) -> Any:
        """The `data` of a file, or None if it is missing or unusable (then it is moved aside)."""
        path = self.data_dir / name
        try:
            text = path.read_text(encoding="utf-8")
        except (FileNotFoundError, NotADirectoryError):
            return None  # no file yet (or no folder yet): not a problem
        except (OSError, UnicodeDecodeError) as e:
            reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            self._move_aside(name, "it could not be read", reason)
            return None
        try:
            doc = json.loads(text, parse_constant=_reject_constant)
        except ValueError as e:
            self._move_aside(name, "it is damaged", str(e))
            return None
        if not isinstance(doc, dict) or "data" not in doc:
            self._move_aside(name, "it is not in the expected format")
            return None
        version = doc.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            self._move_aside(name, "it is not in the expected format", f"version {version!r}")
            return None
        if version > VERSION:
            self._move_aside(name, "it was written by a newer version of the game", f"format {version}")
            return None
        if doc.get("kind", kind) != kind:
            self._move_aside(name, "it is not in the expected format", f"it holds {doc.get('kind')!r} data")
            return None
        return doc["data"]

    def _aside_path(self, name: str, tag: str) -> Path:
        path = self.data_dir / name
        stamp = time.strftime("%Y%m%d-%H%M%S")
        candidate = path.with_name(f"{path.name}.{tag}-{stamp}")
        n = 1
        while candidate.exists():
            n += 1
            candidate = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
        return candidate

    @staticmethod
    def _what(name: str) -> str:
        """What a file holds, in the player's words."""
        if name.startswith("saves/"):
            game = Path(name).stem
            try:
                from cardgames.games import registry  # the game's own title ("TriPeaks")

                title = registry.get(game).title
            except (ImportError, KeyError):
                title = game.replace("_", " ").title()
            return f"saved {title} game"
        return {"settings.json": "settings", "stats.json": "statistics"}.get(name, name)

    @staticmethod
    def _fallback(name: str) -> str:
        """What the player gets instead of a bad file (a bad save is simply not offered)."""
        return "It is left out" if name.startswith("saves/") else "Defaults are used"

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
            self.notices.append(f"Your {what} could not be used: {reason}. {self._fallback(name)} "
                                f"(the file could not be moved aside: {e.strerror or e}).")
            return
        self.notices.append(f"Your {what} could not be used: {reason}. {self._fallback(name)}; "
                            f"the old file is kept as {target.name}.")

    def _keep_copy(self, name: str, tag: str) -> None:
        """Copy a partly bad file aside before the good part is written back over it."""
        path = self.data_dir / name
        try:
            target = self._aside_path(name, tag)
            target.write_bytes(path.read_bytes())
        except OSError:
            pass  # the notice about the bad values is already there; the copy is a courtesy

    def _write(self, name: str, kind: str, data: Any) -> bool:
        """Atomically write {"version", "kind", "data"} to `name`; never raises on I/O errors."""
        path = self.data_dir / name
        text = json.dumps({"version": VERSION, "kind": kind, "data": data}, indent=1, sort_keys=True)
        tmp: str | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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
            if name not in self._write_failed:  # say it once, not on every move
                self._write_failed.add(name)
                self.notices.append(f"Could not save {name} in {self.data_dir}: {e.strerror or e}.")
            return False
        self._write_failed.discard(name)
        return True
