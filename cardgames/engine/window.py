"""Small window services for the app's loop: waiting cheaply for events, a minimum window size, and
a window that really gets the size asked for when it leaves full screen.

wait_events() is how the loop sleeps while nothing changes on screen. Where SDL
can really block until an event comes (a desktop video driver and no game
controller plugged in), it does: SDL_WaitEventTimeout(NULL, ms), called through
ctypes on the very SDL library pygame loaded, sleeps in the window system (on
X11 a poll() on the X connection) and leaves the event in SDL's queue for
pygame.event.get(). Otherwise it looks for events every IDLE_POLL_S.
(pygame.event.wait(timeout) would be the obvious call, but pygame-ce polls
inside it every millisecond: measured in Xvfb, 1.6% of a core; looking every
8 ms, 0.5%, and 1.3% for a settled table with its other idle work; blocking, a
settled table 0.2% (bench_window, 1920x1080). SDL itself polls every millisecond
while a joystick is open, so then the 8 ms looks are kept.)
"""
from __future__ import annotations

import ctypes
import glob
import os
import time
import warnings
from typing import Any

import pygame

IDLE_POLL_S = 0.008  # seconds between two looks for events while idle


BLOCKING_DRIVERS = ("x11", "wayland", "windows", "cocoa")   # SDL video drivers that can wait for an event
SDL_INIT_VIDEO = 0x20
_sdl: list = []   # [the SDL library pygame uses, through ctypes, or None], found once


def _sdl_library() -> Any:
    """SDL as pygame loaded it, or None (not found, or another copy than pygame's: its queue would
    be empty forever)."""
    if not _sdl:
        _sdl.append(None)
        here = os.path.dirname(pygame.__file__)
        names = ("libSDL2-2*.so*", "libSDL2-2.0.so*", "SDL2.dll", "libSDL2-2.0.*dylib")
        places = (os.path.join(here, "..", "pygame_ce.libs"), here, os.path.join(here, ".dylibs"))
        for path in sorted({p for place in places for name in names for p in glob.glob(os.path.join(place, name))}):
            try:
                lib = ctypes.CDLL(path)
                lib.SDL_WaitEventTimeout.argtypes = [ctypes.c_void_p, ctypes.c_int]
                lib.SDL_WasInit.argtypes = [ctypes.c_uint32]
                lib.SDL_WasInit.restype = ctypes.c_uint32
            except (OSError, AttributeError):
                continue
            if lib.SDL_WasInit(SDL_INIT_VIDEO):   # the copy whose video (and event queue) pygame started
                _sdl[0] = lib
                break
    return _sdl[0]


def _block(seconds: float) -> bool | None:
    """Sleep in SDL until an event is queued or `seconds` pass: True if an event is there, False at the
    time; None when SDL cannot block here (the caller polls)."""
    if not pygame.display.get_init() or pygame.display.get_driver() not in BLOCKING_DRIVERS:
        return None
    if pygame.joystick.get_init() and pygame.joystick.get_count():
        return None
    lib = _sdl_library()
    if lib is None:
        return None
    return bool(lib.SDL_WaitEventTimeout(None, max(1, round(seconds * 1000))))


def wait_events(timeout_ms: int) -> list[pygame.event.Event]:
    """The events that came, as soon as any did (at once where SDL can block, else within
    IDLE_POLL_S), or [] after `timeout_ms`."""
    end = time.perf_counter() + timeout_ms / 1000.0
    woke = False
    while True:
        events = pygame.event.get()
        left = end - time.perf_counter()
        if events or left <= 0:
            return events
        if woke:   # SDL said an event was there and pygame found none to hand on: poll, never spin
            woke = False
            time.sleep(IDLE_POLL_S)
            continue
        woke = _block(left)
        if woke is None:
            time.sleep(IDLE_POLL_S)


def set_minimum_size(size: tuple[int, int]) -> None:
    """Ask SDL (and so the window manager) to keep the window at least `size`."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return
    try:
        from pygame._sdl2.video import Window

        with warnings.catch_warnings():  # pygame-ce 2.5 deprecates from_display_module for drawing; we only size
            warnings.simplefilter("ignore", DeprecationWarning)
            Window.from_display_module().minimum_size = size
    except (ImportError, AttributeError, pygame.error):
        pass  # an older pygame: App._keep_minimum still grows a window that got too small


def set_windowed(size: tuple[int, int], flags: int = pygame.RESIZABLE) -> pygame.Surface:
    """pygame.display.set_mode(size, flags) for a window (not full screen) of `size`, also when the
    window is leaving full screen.

    On X11 with SDL's software window surface (SDL_FRAMEBUFFER_ACCELERATION=0, as the app runs),
    SDL applies the new size before it leaves full screen, and X11 drops it (SDL issue 5055): the
    window comes back at the full screen's size and pygame warns it was "forcibly resized". Asked
    again once the window is out of full screen, the size is taken: so a window that did not get
    `size` is asked once more (a window manager that really refuses it keeps its own size)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Requested window was forcibly resized", RuntimeWarning)
        window = pygame.display.set_mode(size, flags)
    if window.get_size() != tuple(size):
        window = pygame.display.set_mode(size, flags)
    return window
