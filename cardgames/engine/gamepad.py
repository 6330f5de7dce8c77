"""Game controllers, turned into the same commands the keyboard gives, in this one place.

Every screen understands a small set of UI commands, and each command is the key a
keyboard player presses for it:

    up down left right   arrows        move the focus (Left/Right also change a value)
    act                  Enter         press the focused thing
    back                 Esc           back out (put a picked card back, leave a screen)
    next / prev          Tab / Shift+Tab
    pause                Pause         open (or close) the pause overlay
    undo                 Ctrl+Z        take the last move back (where the game has undo)
    extra1 / extra2      the scene's own keys for its main extra actions (draw, hint, call...)

Gamepads (SDL game controllers, through pygame._sdl2.controller) map onto them: the D-pad
and the left stick move (held, they repeat), A acts, B backs out, Start pauses, X and Y are
extra1 and extra2, Back (View) undoes, the shoulder buttons cycle like Tab / Shift+Tab. `Gamepads.translate`
turns a controller event into a KEYDOWN event carrying the command's key plus
`command` (its name) and `device="pad"`, so a scene handles commands, never devices. A
scene names its extra keys in `pad_keys` ({"x": key, "y": key}, with labels in
`pad_labels` for the on-screen glyphs). The joystick events SDL sends for the same
presses are dropped: a pad opened as a controller is read only as a controller.

Controllers plugged in before the start or during play are opened as they arrive
(CONTROLLERDEVICEADDED) and closed when they leave (CONTROLLERDEVICEREMOVED).

`InputTracker` remembers which device the player used last ("keyboard", "mouse" or
"pad"), so prompts can name its controls (cardgames/ui/controls.py).
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames.i18n import N_, said

try:
    from pygame._sdl2 import controller as _sdl_controller
except ImportError:  # a pygame without SDL's game controller API: no pads, the rest works
    _sdl_controller = None

COMMAND_KEYS: dict[str, tuple[int, int]] = {   # command -> (key, mod) a keyboard gives for it
    "up": (pygame.K_UP, 0), "down": (pygame.K_DOWN, 0), "left": (pygame.K_LEFT, 0),
    "right": (pygame.K_RIGHT, 0), "act": (pygame.K_RETURN, 0), "back": (pygame.K_ESCAPE, 0),
    "next": (pygame.K_TAB, 0), "prev": (pygame.K_TAB, pygame.KMOD_SHIFT), "pause": (pygame.K_PAUSE, 0),
    "undo": (pygame.K_z, pygame.KMOD_CTRL), "suggest": (pygame.K_e, 0),
}
BUTTON_COMMANDS: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: "act", pygame.CONTROLLER_BUTTON_B: "back",
    pygame.CONTROLLER_BUTTON_X: "extra1", pygame.CONTROLLER_BUTTON_Y: "extra2",
    pygame.CONTROLLER_BUTTON_START: "pause", pygame.CONTROLLER_BUTTON_BACK: "undo",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "prev", pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "next",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left", pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "suggest",    # a practice game's Suggest (ui/suggest.py)
}
EXTRA_BUTTONS = {"extra1": "x", "extra2": "y"}
DIRECTIONS = ("up", "down", "left", "right")
JOYSTICK_EVENTS = frozenset((pygame.JOYAXISMOTION, pygame.JOYBALLMOTION, pygame.JOYHATMOTION,
                             pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP,
                             pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED))
CONTROLLER_EVENTS = frozenset((pygame.CONTROLLERAXISMOTION, pygame.CONTROLLERBUTTONDOWN,
                               pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERDEVICEADDED,
                               pygame.CONTROLLERDEVICEREMOVED, pygame.CONTROLLERDEVICEREMAPPED))
DEAD_ZONE = 0.5        # of the stick's full travel: less than this is the stick at rest
REPEAT_DELAY = 0.38    # seconds a held direction waits before it repeats
REPEAT_EVERY = 0.11    # then one step every this many seconds
AXIS_MAX = 32767


def command_event(command: str, scene: Any = None) -> pygame.event.Event | None:
    """The KEYDOWN event a command stands for (extra1/extra2 from the scene's pad_keys), or None."""
    if command in EXTRA_BUTTONS:
        key = (getattr(scene, "pad_keys", None) or {}).get(EXTRA_BUTTONS[command])
        if key is None:
            return None
        mod = 0
    else:
        key, mod = COMMAND_KEYS[command]
    return pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": mod, "unicode": "", "scancode": 0,
                                               "command": command, "device": "pad"})


class Gamepads:
    """The open game controllers and the held direction that repeats."""

    def __init__(self) -> None:
        self.pads: dict[int, Any] = {}    # instance id -> pygame._sdl2.controller.Controller
        self.available = False
        self._held: str | None = None     # the direction held on a D-pad or stick
        self._held_for = 0.0
        self._repeats = 0
        self._stick: dict[int, str | None] = {}   # instance id -> the stick's direction now
        self.notices: list[str] = []      # "... connected" messages for the app to show
        if _sdl_controller is None:
            return
        try:
            # pygame.quit() shuts SDL's controller subsystem but leaves pygame's module believing
            # it is still up (so init() would do nothing): start it afresh
            if _sdl_controller.get_init():
                _sdl_controller.quit()
            _sdl_controller.init()
            self.available = True
        except pygame.error:
            return
        for index in range(_sdl_controller.get_count()):
            self._open(index)

    # ------------------------------------------------------------ devices
    def _open(self, index: int) -> str | None:
        """Open the controller at device `index`; its name, or None (not a controller, already open)."""
        try:
            if not _sdl_controller.is_controller(index):
                return None
            pad = _sdl_controller.Controller(index)
            instance = pad.as_joystick().get_instance_id()
        except (pygame.error, ValueError):
            return None
        if instance in self.pads:
            return None
        self.pads[instance] = pad
        return pad.name or "Controller"

    def _close(self, instance: int) -> bool:
        pad = self.pads.pop(instance, None)
        self._stick.pop(instance, None)
        if pad is None:
            return False
        try:
            pad.quit()
        except pygame.error:
            pass
        self._held = None
        return True

    @property
    def connected(self) -> int:
        return len(self.pads)

    # ------------------------------------------------------------ events
    def translate(self, event: pygame.event.Event, scene: Any = None) -> list[pygame.event.Event] | None:
        """None: not a pad event (handle it as it is). Otherwise the command events it makes
        (often none: a release, a stick inside its dead zone, a joystick echo)."""
        kind = event.type
        if kind in JOYSTICK_EVENTS:
            return []
        if kind not in CONTROLLER_EVENTS:
            return None
        if kind == pygame.CONTROLLERDEVICEADDED:
            name = self._open(event.device_index) if self.available else None
            if name:
                self.notices.append(said("{name} connected", name=name))   # (said in the player's language)
            return []
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            if self._close(event.instance_id):
                self.notices.append(N_("Controller disconnected"))
            return []
        if kind == pygame.CONTROLLERBUTTONDOWN:
            command = BUTTON_COMMANDS.get(event.button)
            if command is None:
                return []
            if command in DIRECTIONS:
                self._hold(command)
            made = command_event(command, scene)
            return [made] if made is not None else []
        if kind == pygame.CONTROLLERBUTTONUP:
            if BUTTON_COMMANDS.get(event.button) == self._held:
                self._held = None
            return []
        if kind == pygame.CONTROLLERAXISMOTION:
            return self._axis(event, scene)
        return []

    def _axis(self, event: pygame.event.Event, scene: Any) -> list[pygame.event.Event]:
        if event.axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        instance = getattr(event, "instance_id", -1)
        pad = self.pads.get(instance)
        if pad is not None:
            x = pad.get_axis(pygame.CONTROLLER_AXIS_LEFTX) / AXIS_MAX
            y = pad.get_axis(pygame.CONTROLLER_AXIS_LEFTY) / AXIS_MAX
        else:   # a posted event for a pad we do not hold: read the one axis it carries
            v = event.value / AXIS_MAX
            x, y = (v, 0.0) if event.axis == pygame.CONTROLLER_AXIS_LEFTX else (0.0, v)
        direction = stick_direction(x, y)
        before = self._stick.get(instance)
        self._stick[instance] = direction
        if direction == before:
            return []
        if direction is None:
            if self._held == before:
                self._held = None
            return []
        self._hold(direction)
        return [command_event(direction, scene)]

    def _hold(self, direction: str) -> None:
        self._held, self._held_for, self._repeats = direction, 0.0, 0

    def update(self, dt: float, scene: Any = None) -> list[pygame.event.Event]:
        """The repeats of a held direction due this frame."""
        if self._held is None:
            return []
        self._held_for += dt
        due = 0 if self._held_for < REPEAT_DELAY else 1 + int((self._held_for - REPEAT_DELAY) / REPEAT_EVERY)
        out = []
        while self._repeats < due:
            self._repeats += 1
            out.append(command_event(self._held, scene))
        return out

    def release(self) -> None:
        """Forget a held direction (e.g. the window lost the focus)."""
        self._held = None


def stick_direction(x: float, y: float) -> str | None:
    """The direction a stick at (x, y) (each -1..1, y down) points, or None inside the dead zone."""
    if max(abs(x), abs(y)) < DEAD_ZONE:
        return None
    if abs(x) >= abs(y):
        return "right" if x > 0 else "left"
    return "down" if y > 0 else "up"


class InputTracker:
    """Which device the player used last: "keyboard", "mouse" or "pad" (prompts name its controls)."""

    def __init__(self, device: str = "keyboard") -> None:
        self.device = device
        self.by_keys = False   # the last input was a key or a pad button (not the mouse, not nothing yet)

    def saw(self, event: pygame.event.Event) -> None:
        kind = event.type
        if kind == pygame.KEYDOWN:
            self.device = getattr(event, "device", "keyboard")
            self.by_keys = True
        elif kind == pygame.CONTROLLERDEVICEADDED:   # a pad plugged in: the player means to use it
            self.device = "pad"
        elif kind == pygame.MOUSEBUTTONDOWN:
            self.device = "mouse"
            self.by_keys = False
        elif kind == pygame.MOUSEMOTION:
            rel = getattr(event, "rel", (0, 0))
            if abs(rel[0]) + abs(rel[1]) >= 3:   # a real move, not a jitter or a synthetic event
                self.device = "mouse"
                self.by_keys = False
