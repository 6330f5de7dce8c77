"""The base every screen derives from.

A scene gets events already mapped to the logical canvas (1280x720), an
update(dt) with dt in seconds, and draw(surface) onto the canvas. An overlay
scene (pause, rules, round summary) is drawn over the scene below it, which
keeps drawing but no longer gets events or updates.

Redrawing: the app draws and presents a frame only when something may have
changed: an event came, the stack changed, or a visible scene's changing()
says its picture moves by itself (an animation, a pulse, a countdown). When
nothing changes the loop sleeps until the next event (see cardgames/app.py).
A scene that only changes on input or through its animator/effects sets
`changes_by_itself = False` and, if it has its own moving parts, says so in
changing(); the default (True) keeps a scene that does not know about this
drawn every frame, which is always correct.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from cardgames.engine.scene_stack import SceneStack


class Scene:
    overlay = False  # True: the scene below is drawn first (and frozen)
    toast_bottom: int | None = None  # where app.notify() messages end on the canvas (None: as the scene below)
    changes_by_itself = True  # False: the picture changes only on input or while changing() says so

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

    def changing(self) -> bool:
        """Would the scene look different if drawn again now, with no input? True while its
        animator, effects or menu (the focus ring's pulse) run, or always when
        changes_by_itself. Scenes with other moving parts extend it (super().changing() or ...)."""
        if self.changes_by_itself:
            return True
        animator = getattr(self, "animator", None)
        if animator is not None and animator.busy:
            return True
        fx = getattr(self, "fx", None)
        if fx is not None and fx.active:
            return True
        menu = getattr(self, "menu", None)
        return bool(getattr(menu, "changing", False))
