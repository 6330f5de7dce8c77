"""First-play tutorials: a guided hand on a scripted deal, over the real game scene.

    tutorial.first_play(app, game, open_game)   on a game's first start: the tutorial opens
        instead (True), and open_game() runs when it is finished or skipped; False when it
        was seen before (or the game has none): then the caller opens the game itself.
    tutorial.start(app, game, on_end=None)      from the rules screen: open it at any time;
        on_end() runs after it ends (default: back to the screen below).

The engine (steps, the panel, highlights, the move filter, scripted computer seats) is
engine.py; each game's script and scripted deal is games/<game>/tutorial.py, which
defines SCRIPT (an engine.Script) and SCENE (the game's scene class in tutorial mode).
"""
from __future__ import annotations

import importlib
import importlib.util
import sys
import traceback
from collections.abc import Callable
from typing import Any

from cardgames import achievements
from cardgames.i18n import N_

GAMES = ("tripeaks", "skyjo", "three_thirteen", "switch")


def module(game: str) -> Any | None:
    """The game's tutorial module, or None when it has none."""
    name = f"cardgames.games.{game}.tutorial"
    if game not in GAMES or importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def make_scene(app: Any, game: str, on_end: Callable[[], None] | None = None) -> Any:
    mod = module(game)
    if mod is None:
        raise KeyError(f"{game!r} has no tutorial")
    return mod.SCENE(app, mod.SCRIPT, on_end=on_end)


def start(app: Any, game: str, on_end: Callable[[], None] | None = None) -> Any:
    """Push the game's tutorial; when it ends it pops itself, then on_end() runs."""
    scene = make_scene(app, game, on_end)
    app.stack.push(scene)
    return scene


def first_play(app: Any, game: str, open_game: Callable[[], Any]) -> bool:
    """On a game's first start, play its tutorial first (open_game() afterwards).

    A tutorial that cannot be opened (a bug) is reported and skipped: the game opens as usual."""
    if achievements.book(app).tutorial_seen(game) or app.demo is not None:
        return False
    try:
        if module(game) is None:
            return False
        start(app, game, on_end=open_game)
    except Exception:  # noqa: BLE001 - a broken lesson must never keep the player from the game
        traceback.print_exc(file=sys.stderr)
        app.notify(N_("The tutorial could not be opened; the game starts without it."))
        return False
    return True
