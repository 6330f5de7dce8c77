"""The base every screen derives from, and the stack the screens live on (SceneStack).

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

The stack's changes are deferred to the end of the frame: push/pop/replace/reset
only record a request; apply_pending() (called by the loop after drawing) carries
them out in order, so a scene may pop itself from inside its own handle_event
without the stack changing under the loop. Only the top scene gets events and time.
The requests the frame's earlier events made are carried out before the next event is
handed on, so keys that arrive in one frame (a slow frame, a quick typist) go where they
would go a frame apart: H then J at a summary hides it, then opens the log on the table.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cardgames import config

_dim: pygame.Surface | None = None


def dim_surface() -> pygame.Surface:
    """The sheet that dims the scenes under an overlay: black at 60% opacity, the canvas's size. A plain
    surface with a surface alpha blits much faster than a per-pixel-alpha one; still it costs about
    1.25 ms at 1280x720, so it is laid once under an overlay that keeps still (cardgames/app.py)."""
    global _dim
    if _dim is None:
        _dim = pygame.Surface(config.CANVAS_SIZE)
        _dim.fill((4, 6, 14))
        _dim.set_alpha(160)
    return _dim


class Scene:
    overlay = False  # True: the scene below is drawn first (and frozen)
    toast_bottom: int | None = None  # where app.notify() messages end on the canvas (None: as the scene below)
    toast_area: Any = None  # with toast_bottom: a pygame.Rect the messages stay inside (None: centred, full width)
    pad_notices_as_toasts = False   # a card table: a controller's comings and goings are toasts, not the corner line
    changes_by_itself = True  # False: the picture changes only on input or while changing() says so
    announces_changes = False  # True: changing() is known to cover every change: audited rarely (engine/redraw.py)
    dims_below = False  # an overlay that dims what lies under it: the dim is laid by whoever draws the layers
    #                     under it (SceneStack.draw, or into the app's kept picture of them, once)

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

    def picture_key(self) -> Any:
        """What the picture shows that time changes in steps, with no input and no animation (a clock's
        seconds, a banner that goes): a new key draws one frame (engine/redraw.py). None: nothing such."""
        return None

    def holds_toasts(self) -> bool:
        """Is a banner up that no toast may cover ("OUT!")? The toasts wait, unseen, until it goes."""
        return False

    def needs_time(self) -> bool:
        """While idle, must the loop step this scene often (IDLE_WAKE_MS: a timer set, a clock running, a
        computer about to move)? False: nothing happens until input, and the loop sleeps up to IDLE_REST_MS."""
        return True

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
        self.apply_pending()        # the earlier events' changes first: this one goes to the scene now on top
        if self.top is not None:
            self.top.handle_event(event)

    def update(self, dt: float) -> None:
        if self.top is not None:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface,
             under_overlays: Callable[[pygame.Surface], None] | None = None,
             scenes: list[Scene] | None = None) -> None:
        """Draw the visible scenes (or `scenes`, some of them), bottom first; `under_overlays(surface)`,
        if given, runs right after the bottom one, so what it draws (the app's toasts) lies under any overlays."""
        for i, scene in enumerate(self.visible() if scenes is None else scenes):
            if i and scene.dims_below:
                surface.blit(dim_surface(), (0, 0))
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
