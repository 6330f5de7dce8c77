"""Every data file the collection reads, declared once (the schemas `cardgames/schema.py` checks).

Storage validates each file against its declaration on load (see schema.py for
how to declare one). To add a file: declare it here (or in your own module,
imported at the end of this one), then `storage.load(name)` / `storage.save(name, data)`.

Files in the data folder:
    settings.json          SETTINGS
    stats.json             STATS (each game's record; cardgames/records.py refines it)
    saves/{game}.json      save_schema(game): a save that fails a vital field is moved aside
Files shipped with the game (levels/), read-only: a bad one is reported, never moved:
    levels/tripeaks/layouts/{name}.json   LAYOUT (cross-field checks in games/tripeaks/layout.py)
    levels/tripeaks/{name}.json           LEVEL (cross-field checks in games/tripeaks/levels.py)
    levels/ai/three_thirteen.json         TT_AI_PRESET
"""
from __future__ import annotations

from typing import Any

from cardgames.i18n import CODES, N_, said, word
from cardgames.schema import (
    Bool,
    Choice,
    Field,
    Float,
    Int,
    ListOf,
    MapOf,
    Record,
    Text,
    declare,
    problems_notice,
    validate,
)

NAME = r"[a-z0-9_]{1,40}"   # a game, card back, level or layout name; also keeps save paths inside saves/
ANIM_SPEEDS = ("off", "fast", "normal", "slow")
AI_SPEEDS = ("instant", "fast", "normal", "slow")
LANGUAGE_CODES = CODES  # cardgames/i18n.py names them; absent: the system's locale
MAX_ACTIONS = 20000         # far beyond any real game (a long Skyjo match is about 2,000 moves)

SETTINGS = Record({
    "sfx_volume": Float(0.8, lo=0.0, hi=1.0),
    "music_volume": Float(0.5, lo=0.0, hi=1.0),
    "anim_speed": Choice("normal", ANIM_SPEEDS),
    "four_colour": Bool(False),
    "card_back": Text("blue", pattern=NAME),
    "fullscreen": Bool(False),
    "ai_speed": Choice("normal", AI_SPEEDS),
    "last_game": Text("tripeaks", pattern=NAME),
    "last_options": MapOf(Record({}), key=NAME),   # each value is checked against the game's choices on use
    # the seats' names (cardgames/names.py cleans each one on use)
    "player_names": ListOf(Text("", max_len=40), default=[], max_len=8),
    "computer_names": ListOf(Text("", max_len=40), default=["Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gia",
                                                            "Hugo"], max_len=8),
    "language": Choice("en", LANGUAGE_CODES),
    # where tables are looked for and announced on the local network (cardgames/net/host.py):
    # "all", "loopback", or interface addresses a,b; $CARDGAMES_LAN_INTERFACES wins when set
    "lan_interfaces": Text("all", max_len=200),
    "join_address": Text("", max_len=200),          # the address last typed to join a table
}, optional=("last_game", "last_options", "language"))

DEFAULT_SETTINGS = {k: f.fresh_default() for k, f in SETTINGS.fields.items() if k not in SETTINGS.optional}

# Statistics: one record per game, declared with the statistics model (cardgames/records_schema.py).
from cardgames.records_schema import GAME_STATS, STATS  # noqa: F401


def _game_title(game: str) -> str:
    try:
        from cardgames.games import registry  # the game's own title ("TriPeaks")

        return registry.get(game).title
    except (ImportError, KeyError):
        return game.replace("_", " ").title()


def options_schema(game: str) -> Record:
    """A save's options: each menu option must be one of its choices (the replay depends on them)."""
    try:
        from cardgames.games import registry

        info = registry.get(game)
    except (ImportError, KeyError):
        info = None
    most = info.max_players if info else 8
    fields: dict[str, Field] = {
        "humans": ListOf(Int(0, lo=0, hi=most - 1), default=[0], max_len=most, vital=True),
        # agreed keys set outside the menu (see the brief's cross-branch agreements)
        "practice": Bool(False, vital=True),
        "names": ListOf(Text("", max_len=40), default=[], max_len=most),   # each seat's name (names.py)
        "daily": Text("2000-01-01", pattern=r"\d{4}-\d{2}-\d{2}", vital=True),
        "deal": Int(1, lo=0, vital=True),
        "level_id": Text("level_01", pattern=NAME, vital=True),
        "layout": Text("classic", pattern=NAME, vital=True),
    }
    for spec in info.options if info else ():
        fields[spec.key] = Choice(spec.default, tuple(v for v, _label in spec.choices), vital=True)
    return Record(fields, optional=tuple(fields), vital=True)


def save_schema(key: str) -> Record:
    """An autosave: the game replays from options + seed + actions, so those are vital. `key` is the
    game's name, or "<game>.<slot>" for a game with one saved game per slot (GameInfo.save_key)."""
    game = key.partition(".")[0]
    return Record({
        "game": Choice(game, (game,), vital=True),
        "options": options_schema(game),
        "seed": Int(1, lo=0, vital=True),
        "actions": ListOf(Text("", max_len=200), default=[], max_len=MAX_ACTIONS, vital=True),
        "extra": Record({}),   # scene data (a timer); each scene's load_extra checks what it reads
    }, optional=("extra",))


declare("settings.json", "settings", SETTINGS, what=N_("settings"))
declare("stats.json", "stats", STATS, what=N_("statistics"))
declare("saves/{game}.json", "save", save_schema,
        what=lambda key: said("saved {game} game", game=word(_game_title(key.partition(".")[0]))))

# ------------------------------------------------------------------ shipped level files
LAYOUT = Record({
    "name": Text("", pattern=NAME, vital=True),
    "title": Text("", max_len=60, vital=True),
    "slots": ListOf(Record({
        "x": Float(0.0, lo=-50.0, hi=50.0, vital=True),
        "y": Float(0.0, lo=-50.0, hi=50.0, vital=True),
        "covered_by": ListOf(Int(0, lo=0, hi=50), max_len=51, vital=True),
    }, extra=False), min_len=1, max_len=51, vital=True),
    "peaks": ListOf(Int(0, lo=0, hi=50), max_len=51, vital=True),
}, optional=("peaks",))

LEVEL = Record({
    "name": Text("", max_len=60, vital=True),
    "layout": Text("classic", pattern=NAME, vital=True),
    "clock": Int(240, lo=10, hi=3600, vital=True),
    "streak_seconds": Float(8.0, lo=0.5, hi=60.0, vital=True),
    "targets": ListOf(Int(0, lo=1), min_len=3, max_len=3, vital=True),
    "hints": Int(3, lo=0, hi=99, vital=True),
    "wrap": Bool(True, vital=True),
    "wild": Bool(False, vital=True),
    "open_peaks": Bool(False, vital=True),
    "empty_waste": Bool(False, vital=True),
    "intro": Text("", max_len=300, vital=True),
}, optional=("wrap", "wild", "open_peaks", "empty_waste", "intro"))

_TT_STYLE_KEYS = ("temperature", "cap", "stock_lean", "horizon", "memory")
_TT_STYLE = Record({
    "temperature": Float(1.0, lo=0.01, hi=100.0, vital=True),
    "cap": Float(3.0, lo=0.0, hi=1000.0, vital=True),
    "stock_lean": Float(0.0, lo=-100.0, hi=100.0, vital=True),
    "horizon": Int(1, lo=1, hi=6, vital=True),
    "memory": Int(2, lo=0, hi=100, vital=True),
}, optional=_TT_STYLE_KEYS, vital=True)
_TT_EXPERT_KEYS = ("horizon", "out_base", "out_small", "out_growth", "now_weight", "candidates", "budget", "feed_cost",
                   "take_margin")
TT_AI_PRESET = Record({     # a bad knob makes the file unusable: the built-in values are used (a note on stderr)
    "about": Text("", max_len=1000),
    "expert": Record({
        "horizon": Int(3, lo=1, hi=6, vital=True),
        "out_base": Float(0.05, lo=0.0, hi=1.0, vital=True),
        "out_small": Float(0.3, lo=0.0, hi=10.0, vital=True),
        "out_growth": Float(0.012, lo=0.0, hi=1.0, vital=True),
        "now_weight": Float(0.0, lo=0.0, hi=100.0, vital=True),
        "candidates": Int(6, lo=1, hi=100, vital=True),
        "budget": Int(110, lo=1, hi=100000, vital=True),
        "feed_cost": Float(5.0, lo=0.0, hi=1000.0, vital=True),
        "take_margin": Float(0.3, lo=-100.0, hi=100.0, vital=True),
    }, optional=_TT_EXPERT_KEYS, vital=True),
    "easy": _TT_STYLE, "normal": _TT_STYLE, "hard": _TT_STYLE,
}, optional=("expert", "easy", "normal", "hard"))

# Notices about shipped files (a damaged level or layout): the app shows them as toasts.
_notices: list[str] = []


def report(text: str) -> None:
    """Say something about a shipped file once (the app turns it into a toast)."""
    if text not in _notices:
        _notices.append(text)


def take_notices() -> list[str]:
    out = list(_notices)
    _notices.clear()
    return out


def check_shipped(file_schema: Field, data: Any, file: str, what: str) -> Any:
    """Validate a shipped file's data: the clean data (bad non-vital fields take their defaults, with one
    notice); schema.Untrusted when a vital field is wrong (the caller says what it does instead)."""
    clean, problems = validate(file_schema, data)
    if problems:
        report(problems_notice(what, file, problems))
    return clean


# Shipped files have no version/kind wrapper: they are declared by their path under levels/.
declare("levels/tripeaks/layouts/{name}.json", "layout", LAYOUT, what=lambda n: said("TriPeaks layout {name}", name=repr(n)))
declare("levels/tripeaks/{name}.json", "level", LEVEL, what=lambda n: said("TriPeaks level {name}", name=repr(n)))
declare("levels/ai/three_thirteen.json", "ai_preset", TT_AI_PRESET, what=N_("Three Thirteen computer settings"))


# Files declared by their owners' modules (imported here so every declared file is known).
import cardgames.games.tripeaks.deals
import cardgames.net.seat_token  # noqa: F401  declares online_seat.json
from cardgames.achievements import book as _achievements_book  # noqa: F401 - declares achievements.json
