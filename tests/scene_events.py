"""Real pygame events for headless scene tests, fed through App.step one frame at a time.

Shared by the scene tests so each game's tests need not write them again:
    from scene_events import FRAME, click, drag, key, mouse, settle
and for the card tables (Skyjo, Three Thirteen, Switch):
    from scene_events import centre, play_round, table_app, wait_for_human
"""
from __future__ import annotations

import pygame

FRAME = 1 / 60


def settle(app, seconds=1.5):
    """Let `seconds` of frames pass (animations land, computer players move)."""
    for _ in range(int(seconds / FRAME)):
        app.step(FRAME)


def mouse(kind, pos, **kw):
    return pygame.event.Event(kind, {"pos": pos, "button": 1, "rel": (0, 0), "buttons": (1, 0, 0), **kw})


def click(app, pos, frames=1):
    """Press and release at `pos` (canvas coordinates) in one frame, then `frames - 1` more frames."""
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos)])
    for _ in range(frames - 1):
        app.step(FRAME)


def drag(app, start, end, steps=8):
    """Press at start, move in steps, release at end."""
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, start)])
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        app.step(FRAME, [mouse(pygame.MOUSEMOTION, p)])
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONUP, end)])


def key(app, k, mod=0, unicode=""):
    app.step(FRAME, [pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": mod, "unicode": unicode, "scancode": 0})])


# ---------------------------------------------------------------- card tables

def table_app(tmp_path):
    """A headless app with fast computer players and animations; app.sounds lists the sounds played."""
    from cardgames.app import headless_app

    app = headless_app(tmp_path)
    app.settings["ai_speed"] = "fast"
    app.settings["anim_speed"] = "fast"
    app.sounds = []
    app.play_sound = lambda name, volume=1.0: app.sounds.append(name)
    return app


def centre(scene, pile):
    """The middle of a pile's top card, or of the empty pile."""
    sprite = scene.board.top(pile)
    return sprite.rect.center if sprite is not None else scene.board.piles[pile].base_rect(scene.card_size).center


def wait_for_human(app, scene, limit=60.0, ready=lambda: True):
    """Let the computer play (and animations end) until it is the human's move (and `ready()`),
    or something covers the table, or the round's final table waits for the summary, or the game is over."""
    t = 0.0
    while t < limit:
        if app.stack.top is not scene or scene.over or getattr(scene, "summary_waiting", False):
            return
        if scene.human_turn and not scene.animator.busy and ready():
            return
        app.step(FRAME)
        t += FRAME
    raise AssertionError(f"the human never got a move ({getattr(scene.observation(), 'phase', '?')!r})")


def play_round(app, scene, move, summary, moves=600):
    """The human plays `move(app, scene)` whenever it is their turn until the round ends;
    then the round is scored and its `summary` overlay is up."""
    start_round = scene.observation().round_no
    for _ in range(moves):
        wait_for_human(app, scene)
        if app.stack.top is not scene or scene.over or getattr(scene, "summary_waiting", False):
            break
        move(app, scene)
    settle(app, 3.0)
    assert len(scene.observation().rounds) == start_round
    ask_for_summary(app, scene)
    assert isinstance(app.stack.top, summary)


def ask_for_summary(app, scene):
    """The round is over and its final table in view: press Enter for the summary (RoundGameScene)."""
    assert getattr(scene, "summary_waiting", False) and app.stack.top is scene, "the table is not waiting"
    key(app, pygame.K_RETURN)
    app.step(FRAME)


def jump(scene, state):
    """Set up a position: the scene's table goes on from `state` (a test's deal; no history before it)
    and the scene is told, as a tutorial's "later in the game" is (Table.jump)."""
    scene.host.jump(state)
    scene.take_updates()
