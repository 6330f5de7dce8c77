"""Play a card table with one device only: the keyboard, or a (virtual) gamepad.

    press = Keyboard(app)              or   press = Gamepad(app, VirtualPad())
    press("right"); press("act")       the UI commands of cardgames/engine/gamepad.py
    play_action(app, scene, press, action)   steers the focus ring to the action's card with
                                       the arrows (Tab / a shoulder button when the arrows stall),
                                       presses act, then the target, the suit... until it is played

Everything goes through App.step as real events, so what the test does a player could do.
"""
from __future__ import annotations

from collections import Counter

import pygame
from scene_events import key, settle

from cardgames.engine.gamepad import COMMAND_KEYS
from cardgames.ui.cards import CardSprite

PAD_BUTTONS = {"up": "dpad_up", "down": "dpad_down", "left": "dpad_left", "right": "dpad_right",
               "act": "a", "back": "b", "next": "rightshoulder", "prev": "leftshoulder", "pause": "start",
               "undo": "back", "x": "x", "y": "y"}


class Keyboard:
    def __init__(self, app) -> None:
        self.app = app
        self.presses: Counter[str] = Counter()   # command -> times pressed

    def __call__(self, command: str, scene=None) -> None:
        self.presses[command] += 1
        if command in ("x", "y"):
            k, mod = scene.pad_keys[command], 0
        else:
            k, mod = COMMAND_KEYS[command]
        key(self.app, k, mod)


class Gamepad:
    """Presses buttons of an attached VirtualPad."""

    def __init__(self, app, pad) -> None:
        self.app, self.pad = app, pad
        self.presses: Counter[str] = Counter()

    def __call__(self, command: str, scene=None) -> None:
        self.presses[command] += 1
        self.pad.press(self.app, PAD_BUTTONS[command], frames_after=0)


def open_table(app, scene, state=None, wait=1.5):
    """Push a table (with a scripted `state` if given) and let its deal land."""
    if state is not None:       # the table goes on from the scripted position; the view is told afresh
        scene.host.jump(state)
        scene.take_updates()
        scene.sync(animate=False)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, wait)
    return scene


def key_for(scene, src):
    """The focus key of an action's source: a (pile, card) pair's sprite, a pile's top card, or the pile."""
    if isinstance(src, tuple):
        pile, card = src
        return next(s for s in scene.board.sprites(pile) if s.card == card)
    top = scene.board.top(src) if src in scene.board.piles else None
    return top if top is not None else src


def steer(app, scene, press, want, limit=60) -> None:
    """Move the focus ring onto `want` with the arrows; Tab (next) when the arrows get nowhere."""
    stalled = 0
    for _ in range(limit):
        scene.refresh_focus()
        ring = scene.focus
        if ring.visible and ring.current == want:
            return
        here = scene.focus_rect(ring.current) if ring.current is not None else None
        there = scene.focus_rect(want)
        assert there is not None and want in ring.keys, f"{want!r} is not reachable by the keys"
        if here is None or not ring.visible or stalled >= 2:
            press("next", scene)
            stalled = 0
            continue
        dx, dy = there.centerx - here.centerx, there.centery - here.centery
        before = ring.current
        if abs(dy) > 20 and (abs(dy) >= abs(dx) or abs(dx) <= 20):
            press("down" if dy > 0 else "up", scene)
        else:
            press("right" if dx > 0 else "left", scene)
        scene.refresh_focus()
        stalled = stalled + 1 if scene.focus.current == before else 0
    raise AssertionError(f"the focus never reached {want!r} (it is on {scene.focus.current!r})")


def play_action(app, scene, press, action, chooser=None) -> None:
    """Play `action` with the device: steer to its source, act, then to its target if a card was picked
    up, then `chooser(scene)` (a key to steer to) if a chooser opened. Asserts it was played."""
    before = len(scene.actions)
    src, dst = scene.action_ui(action)
    steer(app, scene, press, key_for(scene, src))
    press("act", scene)
    for _ in range(3):
        if len(scene.actions) > before:
            return
        if scene.picked is not None and dst is not None:
            scene.refresh_focus()
            steer(app, scene, press, dst)
            press("act", scene)
        elif chooser is not None and chooser(scene) is not None:
            steer(app, scene, press, chooser(scene))
            press("act", scene)
    assert len(scene.actions) > before, f"{action} was not played (picked: {scene.picked!r})"
    assert isinstance(scene.focus.current, (CardSprite, str, type(None)))
    pygame.event.pump()
