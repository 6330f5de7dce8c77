"""When the app draws and presents a frame, and when it lets the loop sleep.

Drawing a frame and handing it to a real window costs far more than the
frame's updates (a 1920x1080 window: scaling and presenting the canvas), so
the app draws only when the picture may have changed:
- an event came (input, a window change), or the scenes on screen changed:
  then for DRAW_AFTER_INPUT seconds, whatever the scenes say, so what the
  event set going (a hover, a scroll easing) is seen;
- something on screen says it is changing (Scene.changing(): animations,
  effects, a pulse; the toasts; the demo), and once more when it stops, so
  its last step is shown.
- what a visible scene's picture_key() says it shows changed (a clock's seconds, a banner gone):
  that one frame.
Otherwise the frame is idle: the updates run (timers, computer players) but
nothing is drawn, and the loop waits for the next event.

A safety net for a change nobody announced (a background result arriving,
a countdown on screen): while idle, every AUDIT_EVERY seconds the app draws
the canvas without presenting it and compares it with the frame on screen.
If they differ the new frame is presented and drawing goes on until two
frames in a row are the same (a clock's seconds: two frames a second). An unannounced change is therefore late by at most
AUDIT_EVERY, never lost; announcing it (Scene.changing) makes it immediate.

A scene that announces every change of its picture (Scene.announces_changes: the menus, whose
only moving part is the focus ring, and the card tables, through changing() and picture_key())
is audited every AUDIT_RARE seconds instead: the net is still there for a change it failed to
announce (late by at most AUDIT_RARE), at a fortieth of the cost. An audit of the pause menu
draws the table under it afresh, 2.6 ms a time: four a second were a third of the menu's idle
CPU in a 1920x1080 window; a table's four a second were 0.85% of a core of its 1.2%
(tests/test_idle_redraw.py audits every idle frame of the tables and finds nothing unannounced).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

DRAW_AFTER_INPUT = 0.25  # seconds drawn after an event or a change of the scenes on screen
AUDIT_EVERY = 0.25       # seconds between two checks, while idle, that the picture did not change
AUDIT_RARE = 10.0        # the same for a scene that announces every change (Scene.announces_changes)


class RedrawPolicy:
    def __init__(self) -> None:
        self.scenes: tuple = ()       # the scenes on screen when the canvas was last drawn
        self.was_changing = True
        self.draw_for = 0.0           # seconds left of drawing every frame
        self.since_shown = 0.0        # seconds since a frame was presented or audited
        self.watching = False         # an audit found an unannounced change: draw while frames differ
        self.picture: Any = None      # the visible scenes' picture keys when the canvas was last drawn

    def wanted(self, scenes: tuple, changing: bool, had_input: bool, dt: float, picture: Any = None) -> bool:
        """Should this frame be drawn and presented? `scenes`: what is on screen (the visible scenes and
        any app-level strip); when it differs from the last drawn frame's, the frame is drawn. `picture`:
        their picture keys (Scene.picture_key); when they changed, this one frame is drawn."""
        self.draw_for = max(0.0, self.draw_for - dt)
        new_scenes = scenes != self.scenes
        if had_input or new_scenes:
            self.draw_for = DRAW_AFTER_INPUT
        draw = changing or self.was_changing or self.draw_for > 0 or new_scenes or picture != self.picture
        self.was_changing = changing
        if draw:
            self.scenes, self.picture = scenes, picture
        return draw

    def presented(self, changed: bool) -> None:
        """A frame is about to be presented; `changed`: its pixels differ from the frame shown before
        (engine/canvas.py's changed_rows compares them)."""
        self.since_shown = 0.0
        if self.watching:
            if changed:
                self.draw_for = DRAW_AFTER_INPUT   # still changing: keep drawing
            else:
                self.watching, self.draw_for = False, 0.0  # it stopped: idle again from the next frame

    def audit_due(self, dt: float, every: float = AUDIT_EVERY) -> bool:
        """Idle: is it time to draw the canvas (without presenting it) and compare? `every`: seconds
        between two audits (AUDIT_RARE for a scene that announces its changes)."""
        self.since_shown += dt
        if self.since_shown < every - 1e-9:
            return False
        self.since_shown = 0.0
        return True

    def audit(self, changed: bool) -> bool:
        """The canvas drawn by an audit: `changed`, it differs from the frame on screen: present it."""
        if not changed:
            return False
        self.watching = True
        self.draw_for = DRAW_AFTER_INPUT
        return True


class Backdrop:
    """The scenes under an overlay, kept as one picture while they cannot change.

    Under an overlay (pause, a round summary, the move log, a dialog) only the top scene gets
    events and time (engine/scene_stack.py), so the table under it looks the same from frame to
    frame; drawing it again for every frame the overlay animates (a hover, a focus ring) cost
    most of such a frame. draw() draws the lower layers once, keeps a copy, and blits the copy
    while `key` stays the same; the caller puts in `key` whatever the lower picture depends on
    (the scenes themselves, the settings that change their look) and passes key=None when the
    picture must be drawn afresh (an audit, toasts moving under the overlay)."""

    def __init__(self) -> None:
        self.key: Any = None
        self.surface: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, key: Any, draw_lower: Callable[[pygame.Surface], None]) -> bool:
        """Put the lower layers on `surface`: from the copy if `key` matches the last one (True),
        else drawn by draw_lower(surface) (and kept, unless key is None)."""
        if key is not None and key == self.key and self.surface is not None \
                and self.surface.get_size() == surface.get_size():
            surface.blit(self.surface, (0, 0))
            return True
        draw_lower(surface)
        self.key = key
        if key is None:
            self.surface = None
        elif self.surface is None or self.surface.get_size() != surface.get_size():
            self.surface = surface.copy()
        else:
            self.surface.blit(surface, (0, 0))
        return False
