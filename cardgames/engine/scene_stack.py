"""A stack of scenes whose changes are deferred to the end of the frame.

push/pop/replace only record a request; apply_pending() (called by the loop
after drawing) carries them out in order, so a scene may pop itself from
inside its own handle_event without the stack changing under the loop.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from cardgames.engine.scene import Scene


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []

    # Requests (deferred).
    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self._push(scene))

    def pop(self) -> None:
        self._pending.append(self._pop)

    def replace(self, scene: Scene) -> None:
        """Pop the top scene and push `scene` in its place."""
        self._pending.append(lambda: (self._pop(notify=False), self._push(scene, cover=False)))

    def reset(self, scene: Scene) -> None:
        """Clear the whole stack and start again with `scene` (e.g. quit to menu)."""

        def do() -> None:
            while self.scenes:
                self.scenes.pop().on_exit()
            self._push(scene)

        self._pending.append(do)

    @property
    def has_pending(self) -> bool:
        return bool(self._pending)

    def apply_pending(self) -> None:
        while self._pending:
            self._pending.pop(0)()

    # Queries.
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and every scene under a run of overlays."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        return self.scenes[max(start, 0):]

    def changing(self) -> bool:
        """Does the top scene's picture move by itself (see Scene.changing)? The scenes under an
        overlay get no updates, so they cannot change."""
        return self.top is not None and self.top.changing()

    # Per frame: only the top scene gets events and time.
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.top is not None:
            self.top.handle_event(event)

    def update(self, dt: float) -> None:
        if self.top is not None:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface,
             under_overlays: Callable[[pygame.Surface], None] | None = None) -> None:
        """Draw the visible scenes, bottom first; `under_overlays(surface)`, if given, runs right
        after the bottom one, so what it draws (the app's toasts) lies under any overlays."""
        for i, scene in enumerate(self.visible()):
            scene.draw(surface)
            if i == 0 and under_overlays is not None:
                under_overlays(surface)

    # Immediate changes.
    def _push(self, scene: Scene, cover: bool = True) -> None:
        if cover and self.top is not None:
            self.top.on_cover()
        self.scenes.append(scene)
        scene.on_enter()

    def _pop(self, notify: bool = True) -> None:
        if self.scenes:
            self.scenes.pop().on_exit()
        if notify and self.top is not None:
            self.top.on_enter()
