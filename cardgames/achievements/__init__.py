"""Achievements across the collection: the catalogue, the player's book, and the hook scenes call.

The hook API (one line in a scene):
    achievements.after_move(scene, action, before_obs, after_obs, events, ended)
        called by GameScene for every move its table tells it of (any seat's), with
        the viewer's observations, the events as the viewer was sent them and the
        table's result when the move ended the game. It runs checks.check and
        unlocks what is new: a toast (and a chime) after the move's animation, and
        the book is written at once.
    achievements.tutorial_ended(app, game, how)   a tutorial was "finished" or "skipped".
    achievements.book(app)                         the player's Book (loaded once per app).

Nothing is earned in the demo, with no human seat, in a tutorial, or in a Practice game
(options["practice"]: undo allowed).

Online (scene.online: a table on a server, Play with others) the games' own achievements are
earned as locally, from the same view of the seat (the server sends each seat only its own
observation and redacted events), and the book marks them earned online; the "Online" page's own
(online.py) ask for another player at the table. Only a game this screen saw from its deal counts
(scene.from_the_deal): a game rejoined midway may have been played by a computer for a while,
so it earns nothing (its statistics still count it, under "Online").
"""
from __future__ import annotations

import weakref
from typing import Any

from cardgames.achievements.book import Book
from cardgames.achievements.catalogue import ACHIEVEMENTS, BY_ID, ONLINE, WIN_IDS, Achievement
from cardgames.achievements.checks import Move, check
from cardgames.i18n import _, tr

__all__ = ["ACHIEVEMENTS", "BY_ID", "ONLINE", "Achievement", "Book", "after_move", "book", "tutorial_ended"]

_MEMORY: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # scene -> what checks remember
GAMES = ("tripeaks", "skyjo", "three_thirteen", "switch")


def book(app: Any) -> Book:
    """The app's book of achievements, read from its storage the first time it is asked for."""
    existing = getattr(app, "achievement_book", None)
    if existing is None:
        existing = Book(app.storage)
        app.achievement_book = existing
    return existing


def counts(scene: Any) -> bool:
    """Whether this scene's moves may earn anything."""
    whole = not getattr(scene, "online", False) or getattr(scene, "from_the_deal", False)
    return (bool(scene.humans) and scene.app.demo is None and not getattr(scene, "tutorial", None)
            and not scene.options.get("practice") and whole)


def after_move(scene: Any, action: Any, before: Any, after: Any, events: Any, ended: Any = None) -> list[str]:
    """The hook: what `action` earned, from the viewer's observations before and after it, its
    events as the viewer was sent them and the table's result if it ended the game; unlock and
    announce it."""
    if not counts(scene):
        return []
    try:
        online = bool(getattr(scene, "online", False))
        move = Move(scene.info.name, scene.viewer, action, before, after, tuple(events),
                    _MEMORY.setdefault(scene, {}), online=online,
                    seats=tuple(scene.seat_infos) if online else (), ended=ended)
        return announce(scene, check(move), online=online)
    except Exception:  # noqa: BLE001 - an achievement must never break a game
        import traceback

        traceback.print_exc()
        return []


def announce(scene: Any, ids: list[str], online: bool = False) -> list[str]:
    """Unlock `ids` (and Grand Tour when it follows; `online`: earned in an online game, marked so);
    toast each new one after the move's animation."""
    app = scene.app
    b = book(app)
    new = b.unlock(ids, online=online)
    if new and all(b.unlocked(i) for i in WIN_IDS):
        new += b.unlock(["all_wins"], online=online)
    for i in new:
        _toast(scene, BY_ID.get(i))
    return new


def unlocked_text(achievement: Achievement) -> str:
    """The unlock toast, in the chosen language."""
    return _("Achievement unlocked: {name}. {text}").format(name=tr(achievement.name), text=tr(achievement.text))


def _toast(scene: Any, achievement: Achievement | None) -> None:
    if achievement is None:
        return
    from cardgames.engine.tween import Call

    def show() -> None:
        scene.app.notify(unlocked_text(achievement))
        scene.app.play_sound("win", 0.5)

    scene.animator.queue(Call(show))


def tutorial_ended(app: Any, game: str, how: str) -> list[str]:
    """Remember the tutorial's end; every tutorial finished earns Quick Study (returned if new)."""
    b = book(app)
    b.end_tutorial(game, how)
    if all(b.tutorial_state(g) == "finished" for g in GAMES):
        new = b.unlock(["all_tutorials"])
        for i in new:
            app.notify(unlocked_text(BY_ID[i]))
        return new
    return []
