"""A virtual game controller for headless tests: SDL's own virtual joystick, no device needed.

SDL (2.24 and later) can attach a virtual joystick; attached with the game-controller
type, SDL maps its buttons and axes in SDL's own order (button 0 is A, ... the D-pad
11-14; axis 0 and 1 the left stick), so pygame opens it as a game controller and its
presses arrive as CONTROLLERBUTTONDOWN / CONTROLLERAXISMOTION events (and, like a real
pad's, as joystick events too), through pygame's ordinary event queue. The SDL library
is the one bundled in the pygame-ce wheel, reached through ctypes.

    with VirtualPad() as pad:          # attach (the app sees CONTROLLERDEVICEADDED)
        pad.press(app, "a")            # button down and up, one frame each, through app.step
        pad.hold(app, "dpad_down", frames=40)
        pad.stick(app, 0.9, 0.0)       # push the left stick right (x, y in -1..1), one frame
    # detached (CONTROLLERDEVICEREMOVED)

Frames are stepped with pygame.event.get(), so the app reads the pad as it would in play.
"""
from __future__ import annotations

import ctypes
import glob
import os
from typing import Self

import pygame

FRAME = 1 / 60
BUTTONS = {name: i for i, name in enumerate((
    "a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick", "leftshoulder",
    "rightshoulder", "dpad_up", "dpad_down", "dpad_left", "dpad_right"))}
JOYSTICK_TYPE_GAMECONTROLLER = 1


class _Desc(ctypes.Structure):
    """SDL_VirtualJoystickDesc (version 1)."""
    _fields_ = [("version", ctypes.c_uint16), ("type", ctypes.c_uint16), ("naxes", ctypes.c_uint16),
                ("nbuttons", ctypes.c_uint16), ("nhats", ctypes.c_uint16), ("vendor_id", ctypes.c_uint16),
                ("product_id", ctypes.c_uint16), ("padding", ctypes.c_uint16),
                ("button_mask", ctypes.c_uint32), ("axis_mask", ctypes.c_uint32),
                ("name", ctypes.c_char_p), ("userdata", ctypes.c_void_p)] + [
        (name, ctypes.c_void_p) for name in ("Update", "SetPlayerIndex", "Rumble", "RumbleTriggers",
                                             "SetLED", "SendEffect")]


def sdl_library() -> ctypes.CDLL:
    """The SDL2 that pygame-ce was built with (the wheel's bundled copy, else the system's)."""
    here = os.path.dirname(pygame.__file__)
    found = sorted(glob.glob(os.path.join(here, "..", "pygame_ce.libs", "libSDL2-2*"))
                   + glob.glob(os.path.join(here, "libSDL2*")))
    lib = ctypes.CDLL(found[0] if found else "libSDL2-2.0.so.0")
    lib.SDL_JoystickAttachVirtualEx.argtypes = [ctypes.POINTER(_Desc)]
    lib.SDL_JoystickAttachVirtualEx.restype = ctypes.c_int
    lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
    lib.SDL_JoystickOpen.argtypes = [ctypes.c_int]
    lib.SDL_JoystickOpen.restype = ctypes.c_void_p
    lib.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
    lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
    lib.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
    lib.SDL_GetError.restype = ctypes.c_char_p
    return lib


class VirtualPad:
    """One virtual game controller, attached on enter and detached on exit."""

    def __init__(self, name: str = "Virtual Pad") -> None:
        self.name = name.encode()
        self.sdl = sdl_library()
        self.index = -1
        self.handle = None

    def __enter__(self) -> Self:
        from pygame._sdl2 import controller

        controller.init()
        desc = _Desc(version=1, type=JOYSTICK_TYPE_GAMECONTROLLER, naxes=6, nbuttons=len(BUTTONS),
                     name=self.name)
        self.index = self.sdl.SDL_JoystickAttachVirtualEx(ctypes.byref(desc))
        if self.index < 0:
            raise RuntimeError(f"SDL could not attach a virtual joystick: {self.sdl.SDL_GetError()}")
        self.handle = self.sdl.SDL_JoystickOpen(self.index)   # our own handle, to set its state
        return self

    def __exit__(self, *exc: object) -> None:
        if self.handle:
            self.sdl.SDL_JoystickClose(self.handle)
            self.handle = None
        if self.index >= 0:
            self.sdl.SDL_JoystickDetachVirtual(self.index)
            self.index = -1

    # ------------------------------------------------------------ state
    def button(self, name: str, down: bool) -> None:
        self.sdl.SDL_JoystickSetVirtualButton(self.handle, BUTTONS[name], 1 if down else 0)

    def axis(self, axis: int, value: float) -> None:
        self.sdl.SDL_JoystickSetVirtualAxis(self.handle, axis, max(-32768, min(32767, round(value * 32767))))

    # ------------------------------------------------------------ through the app
    @staticmethod
    def frame(app, frames: int = 1) -> None:
        """Step the app with the real event queue (SDL reads the pad while it pumps events)."""
        for _ in range(frames):
            app.step(FRAME, pygame.event.get())

    def press(self, app, name: str, frames_after: int = 1) -> None:
        """Press and release a button (a frame each), then `frames_after` more frames."""
        self.button(name, True)
        self.frame(app)
        self.button(name, False)
        self.frame(app, 1 + frames_after)

    def hold(self, app, name: str, frames: int) -> None:
        self.button(name, True)
        self.frame(app, frames)
        self.button(name, False)
        self.frame(app)

    def stick(self, app, x: float, y: float, frames: int = 1) -> None:
        """Put the left stick at (x, y) for `frames` frames (it stays there until moved again)."""
        self.axis(0, x)
        self.axis(1, y)
        self.frame(app, frames)
