"""Gamepads: SDL game controllers become the keyboard's commands, tested with a virtual pad."""
from __future__ import annotations

import pygame
import pytest
from scene_events import FRAME, key, settle
from virtual_pad import VirtualPad

from cardgames.app import headless_app
from cardgames.engine.gamepad import Gamepads, command_event, stick_direction
from cardgames.engine.scene import Scene


class Recorder(Scene):
    """Remembers the keys it gets; X and Y are its extra keys."""
    def __init__(self, app):
        super().__init__(app)
        self.pad_keys = {"x": pygame.K_d, "y": pygame.K_h}
        self.got = []

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN:
            self.got.append((event.key, event.mod & pygame.KMOD_SHIFT, getattr(event, "command", None)))
        elif event.type in (pygame.JOYBUTTONDOWN, pygame.JOYAXISMOTION, pygame.JOYBUTTONUP):
            self.got.append(("joystick", event.type))


@pytest.fixture
def app(tmp_path):
    app = headless_app(tmp_path)
    scene = Recorder(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    pygame.event.clear()
    yield app


def test_the_pad_notices_toast_in_the_players_language(app):
    from cardgames import i18n
    from cardgames.engine import text

    i18n.set_language("ta")
    shown = []
    with VirtualPad("Test Pad") as pad:
        pad.frame(app, 2)
        shown.append(i18n.tr(app.pad_notice.text))   # (beside the prompt line: ui/corner_notice.py)
    VirtualPad.frame(app, 2)
    shown.append(i18n.tr(app.pad_notice.text))
    assert "Test Pad" in shown[0], shown
    assert all(any(text.char_script(c) == text.TAMIL for c in s) for s in shown), shown


def keys(app):
    return [k for k, _shift, _cmd in app.stack.top.got]


def test_a_virtual_pad_plugged_in_during_play_is_opened_and_announced(app):
    assert app.pads.connected == 0
    with VirtualPad("Test Pad") as pad:
        pad.frame(app, 2)
        assert app.pads.connected == 1
        assert "Test Pad connected" in app.pad_notice.text
        pad.press(app, "a")
        assert keys(app) == [pygame.K_RETURN]
    VirtualPad.frame(app, 2)
    assert app.pads.connected == 0
    assert "disconnected" in app.pad_notice.text


def test_every_button_gives_its_command_and_no_joystick_echo(app):
    with VirtualPad() as pad:
        pad.frame(app, 2)
        for name in ("a", "b", "start", "leftshoulder", "rightshoulder", "dpad_up", "dpad_down",
                     "dpad_left", "dpad_right", "x", "y"):
            pad.press(app, name)
    got = app.stack.top.got
    assert ("joystick", pygame.JOYBUTTONDOWN) not in got
    assert [(k, bool(s)) for k, s, _ in got] == [
        (pygame.K_RETURN, False), (pygame.K_ESCAPE, False), (pygame.K_PAUSE, False),
        (pygame.K_TAB, True), (pygame.K_TAB, False), (pygame.K_UP, False), (pygame.K_DOWN, False),
        (pygame.K_LEFT, False), (pygame.K_RIGHT, False), (pygame.K_d, False), (pygame.K_h, False)]
    assert [c for *_, c in got][-2:] == ["extra1", "extra2"]
    assert app.input_device == "pad"


def test_the_stick_moves_once_outside_its_dead_zone_and_repeats_when_held(app):
    with VirtualPad() as pad:
        pad.frame(app, 2)
        pad.stick(app, 0.3, 0.2, frames=30)          # inside the dead zone: nothing
        assert keys(app) == []
        pad.stick(app, 0.95, 0.1)
        assert keys(app) == [pygame.K_RIGHT]
        pad.stick(app, 0.0, 0.0, frames=30)          # back to rest: no repeat
        assert keys(app) == [pygame.K_RIGHT]
        pad.stick(app, 0.0, -0.9, frames=60)         # held up for a second: repeats
        assert keys(app)[1] == pygame.K_UP and 4 <= keys(app).count(pygame.K_UP) <= 8
        pad.stick(app, 0.0, 0.0)


def test_a_held_dpad_repeats_and_stops_on_release(app):
    with VirtualPad() as pad:
        pad.frame(app, 2)
        pad.hold(app, "dpad_down", frames=60)
        n = keys(app).count(pygame.K_DOWN)
        assert 4 <= n <= 8
        pad.frame(app, 30)
        assert keys(app).count(pygame.K_DOWN) == n


def test_posted_controller_events_work_too(app):
    app.step(FRAME, [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, {"button": pygame.CONTROLLER_BUTTON_B,
                                                                       "instance_id": 99})])
    assert keys(app) == [pygame.K_ESCAPE]


def test_stick_direction_and_command_events():
    assert stick_direction(0.1, -0.2) is None
    assert stick_direction(0.6, -0.7) == "up"
    assert stick_direction(-0.8, 0.7) == "left"
    assert command_event("extra1", None) is None       # a scene without extra keys: nothing
    assert command_event("prev").mod & pygame.KMOD_SHIFT
    assert Gamepads().connected == 0


def test_the_last_device_used_is_tracked(app):
    key(app, pygame.K_a)
    assert app.input_device == "keyboard"
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": (5, 5), "button": 1})])
    assert app.input_device == "mouse"
    app.step(FRAME, [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, {"button": 0, "instance_id": 99})])
    assert app.input_device == "pad"
    settle(app, 0.1)


def test_prompts_name_the_controls_of_the_device_last_used(app):
    from cardgames.ui import controls

    scene = app.stack.top          # its X and Y keys are D and H
    prompt = "{act}: play   {x}: draw   {back}: back"
    key(app, pygame.K_a)
    assert controls.text(app, prompt, scene) == "Enter: play   D: draw   Esc: back"
    assert controls.press(app) == "Press Enter"
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": (5, 5), "button": 1})])
    assert controls.press(app) == "Click" and controls.text(app, "{act}", scene) == "Click"
    assert controls.for_device(app, "keys", mouse="mouse", pad="pad") == "mouse"
    app.step(FRAME, [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, {"button": 0, "instance_id": 99})])
    assert controls.text(app, prompt, scene) == "A: play   X: draw   B: back"
    assert controls.press(app, capital=False) == "press A"
    surface = pygame.Surface((1280, 720))
    on_pad = controls.draw_prompt(surface, app, prompt, (640, 700), scene=scene)
    key(app, pygame.K_a)                                  # back on the keyboard: words again
    on_keys = controls.draw_prompt(surface, app, prompt, (640, 700), scene=scene)
    assert on_pad.size != on_keys.size                    # glyphs drawn instead of words
    assert controls.glyph("A").get_size()[0] > 10 and controls.glyph("Start").get_width() > controls.glyph("A").get_width()
