"""Real pygame events for headless scene tests, fed through App.step one frame at a time.

Shared by the scene tests so each game's tests need not write them again:
    from scene_events import FRAME, click, drag, key, mouse, settle
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
