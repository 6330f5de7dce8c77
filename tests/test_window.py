"""Window services (cardgames/engine/window.py): leaving full screen gets the window size asked for.

The dummy video driver does what it is asked, so the X11 behaviour that made leaving full screen
keep 1920x1080 (SDL issue 5055: the size set while leaving full screen is dropped) is played by a
stand-in for pygame.display.set_mode.
"""
from __future__ import annotations

import pygame
import pytest

from cardgames.engine import window as window_module

DESKTOP = (1920, 1080)


class X11Like:
    """set_mode as SDL's X11 software window behaves: the first windowed set_mode after full screen
    leaves full screen but keeps the full screen's size (and pygame warns); the next one resizes."""

    def __init__(self) -> None:
        self.full = False
        self.calls: list[tuple[tuple[int, int], int]] = []

    def __call__(self, size, flags=0):
        self.calls.append((tuple(size), flags))
        if flags & pygame.FULLSCREEN:
            self.full = True
            return pygame.Surface(DESKTOP)
        if self.full:
            self.full = False
            import warnings
            warnings.warn("Requested window was forcibly resized by the OS.", RuntimeWarning, stacklevel=2)
            return pygame.Surface(DESKTOP)
        return pygame.Surface(size)


@pytest.fixture
def x11(monkeypatch):
    fake = X11Like()
    monkeypatch.setattr(pygame.display, "set_mode", fake)
    return fake


def test_leaving_full_screen_gets_the_size_asked_for(x11, recwarn):
    pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    window = window_module.set_windowed((1280, 720))
    assert window.get_size() == (1280, 720)
    assert x11.calls[1:] == [((1280, 720), pygame.RESIZABLE)] * 2    # asked again once out of full screen
    assert not [w for w in recwarn if "forcibly resized" in str(w.message)]   # the first answer is expected


def test_a_window_that_gets_its_size_is_asked_once(x11):
    window = window_module.set_windowed((1100, 640))
    assert window.get_size() == (1100, 640) and len(x11.calls) == 1


def test_a_window_manager_that_refuses_the_size_is_not_asked_forever(monkeypatch):
    calls = []
    monkeypatch.setattr(pygame.display, "set_mode", lambda size, flags=0: calls.append(size) or pygame.Surface((1000, 600)))
    assert window_module.set_windowed((1280, 720)).get_size() == (1000, 600)
    assert len(calls) == 2


def test_f11_twice_gives_the_window_its_size_back(x11, tmp_path):
    """The app's own F11 path, with set_mode behaving as X11's software window does."""
    from cardgames.app import headless_app

    app = headless_app(tmp_path)
    app.headless = False                      # take the real window path (set_mode is the stand-in)
    app.window = pygame.Surface((1100, 640))
    app.toggle_fullscreen()
    assert app.window.get_size() == DESKTOP and app.settings["fullscreen"] is True
    app.toggle_fullscreen()
    assert app.window.get_size() == (1100, 640)            # the size it had before full screen
    assert app.canvas.window_size == (1100, 640)           # and the canvas is scaled to it
