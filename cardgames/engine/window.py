"""Small window services for the app's loop: waiting cheaply for events, a minimum window size, and
a window that really gets the size asked for when it leaves full screen.

wait_events() is how the loop sleeps while nothing changes on screen: it
looks for events every IDLE_POLL_S. (pygame.event.wait(timeout) would be the
obvious call, but pygame-ce polls inside it every millisecond: measured in
Xvfb, 1.6% of a core against 0.5% for this, for input at most 8 ms late.)
"""
from __future__ import annotations

import os
import time
import warnings

import pygame

IDLE_POLL_S = 0.008  # seconds between two looks for events while idle


def wait_events(timeout_ms: int) -> list[pygame.event.Event]:
    """The events that came, as soon as any did (within IDLE_POLL_S), or [] after `timeout_ms`."""
    end = time.perf_counter() + timeout_ms / 1000.0
    while True:
        events = pygame.event.get()
        if events or time.perf_counter() >= end:
            return events
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
