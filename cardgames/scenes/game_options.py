"""A game's options as the menus show them: the rows, which apply, the remembered choices.

The select screen (cardgames/scenes/select.py) shows menu_options(info) as rows,
dims those option_applies() says do not matter, adds a game's own buttons
(game_buttons) and starts from remembered_options(); the statistics screen asks
option_applies() too. A game's package (cardgames/games/<game>/__init__.py) may
define option_applies(key, options); GameInfo.select_buttons names a game's extra buttons.
"""
from __future__ import annotations

import importlib
from typing import Any

from cardgames.games.info import GameInfo, OptionSpec, level_option
from cardgames.i18n import N_

PRACTICE = OptionSpec("practice", N_("Practice (undo allowed)"), ((False, N_("Off")), (True, N_("On"))), False)


def menu_options(info: GameInfo) -> tuple[OptionSpec, ...]:
    """The game's options, plus a players and a level choice where the game allows one but lists none."""
    options = list(info.options)
    keys = {o.key for o in options}
    if "players" not in keys and info.min_players < info.max_players:
        counts = tuple((n, str(n)) for n in range(info.min_players, info.max_players + 1))
        options.insert(0, OptionSpec("players", "Players", counts, info.min_players))
    if "level" not in keys and info.max_players > 1:
        options.insert(1 if "players" in {o.key for o in options} else 0,
                       level_option())
    if info.max_players > 1 and "practice" not in keys:
        options.append(PRACTICE)
    return tuple(options)


def option_applies(info: GameInfo, key: str, options: dict[str, Any]) -> bool:
    """Whether an option matters with the others as chosen; the row is dimmed when it does not.

    A game's package may define option_applies(key, options) for this (TriPeaks: each
    Arcade level sets its own variants); without one, every option applies."""
    try:
        module = importlib.import_module(f"cardgames.games.{info.name}")
    except ImportError:
        return True
    check = getattr(module, "option_applies", None)
    return True if check is None else bool(check(key, options))


def game_buttons(info: GameInfo, scene: Any) -> list[tuple[str, Any]]:
    """Extra buttons a game offers on the select screen, as (label, action) pairs, from the function
    GameInfo.select_buttons names (TriPeaks: "Play deal #..." and "Daily challenge"); none by default.
    It is imported by name, as the game's scene is (GameInfo.scene), so the menus and the registry
    never import a game's screens."""
    module, _, name = info.select_buttons.partition(":")
    try:
        make = getattr(importlib.import_module(module), name) if module else None
    except (ImportError, AttributeError):
        return []
    from cardgames.net.play import rejoin_entries  # the seat kept at a table on a server
    return ([] if make is None else list(make(scene))) + rejoin_entries(scene)


def remembered_options(settings: dict[str, Any], info: GameInfo) -> dict[str, Any]:
    """The options last used for `info` (from the settings), each checked against its choices."""
    saved = settings.get("last_options", {})
    saved = saved.get(info.name, {}) if isinstance(saved, dict) else {}
    saved = saved if isinstance(saved, dict) else {}
    out = {}
    for spec in menu_options(info):
        value = saved.get(spec.key, spec.default)
        valid = [v for v, _ in spec.choices]
        # JSON has no tuples and 1 == True in Python: match the value and its type
        out[spec.key] = next((v for v in valid if v == value and type(v) is type(value)), spec.default)
    return out
