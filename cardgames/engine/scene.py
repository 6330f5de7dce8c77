"""The base every screen derives from.

A scene gets events already mapped to the logical canvas (1280x720), an
update(dt) with dt in seconds, and draw(surface) onto the canvas. An overlay
scene (pause, rules, round summary) is drawn over the scene below it, which
keeps drawing but no longer gets events or updates.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from cardgames.engine.scene_stack import SceneStack


class Scene:
    overlay = False  # True: the scene below is drawn first (and frozen)
    toast_bottom: int | None = None  # where app.notify() messages end on the canvas (None: as the scene below)

    def __init__(self, app: Any) -> None:
        self.app = app

    @property
    def stack(self) -> SceneStack:
        return self.app.stack

    # Lifecycle: called by the stack between frames.
    def on_enter(self) -> None:
        """Became the top scene (pushed, or the scene above it was popped)."""

    def on_exit(self) -> None:
        """Removed from the stack for good."""

    def on_cover(self) -> None:
        """Another scene was pushed on top of this one."""

    # Per frame.
    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass
