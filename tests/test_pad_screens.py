"""Every screen answers a gamepad: the title, the select screen and its options, the settings'
sliders, the rules, the statistics, pause, the TriPeaks level list and initials entry, the
Switch suit chooser. A virtual controller drives each; nothing else touches the scenes."""
from __future__ import annotations

import time

import pygame
import pytest
from input_drive import open_table
from scene_events import FRAME, settle, table_app
from virtual_pad import VirtualPad

from cardgames.core.cards import Suit, parse_cards
from cardgames.games.switch import rules as switch_rules
from cardgames.games.switch.scene import SwitchScene
from cardgames.games.tripeaks import levels, solver
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.games.tripeaks.scene_overlays import LevelSelectScene, ResultScene
from cardgames.scenes.pause import PauseScene
from cardgames.scenes.rules import RulesScene
from cardgames.scenes.select import SelectScene
from cardgames.scenes.settings import SettingsScene
from cardgames.scenes.stats import StatsScene
from cardgames.scenes.title import TitleScene
from cardgames.ui.letter_picker import LetterPicker
from cardgames.ui.widgets import Slider


@pytest.fixture
def app(tmp_path):
    app = table_app(tmp_path)
    pygame.event.clear()
    return app


@pytest.fixture
def pad(app):
    with VirtualPad() as pad:
        VirtualPad.frame(app, 2)
        yield pad


def top(app):
    return app.stack.top


def test_the_shell_by_pad(app, pad):
    app.stack.push(TitleScene(app))
    app.stack.apply_pending()
    pad.frame(app, 30)
    pad.press(app, "a")                                   # any button: the game select screen
    pad.frame(app, 30)
    select = top(app)
    assert isinstance(select, SelectScene)
    first = select.info
    pad.press(app, "dpad_right")
    assert select.info is not first                       # the D-pad moves over the tiles
    pad.press(app, "dpad_down")                            # down to the first option
    cycler = select.menu.focused
    before = cycler.value
    pad.press(app, "dpad_right")                           # Right changes it
    assert cycler.value != before
    for _ in range(30):                                    # down to the bottom bar...
        if select.menu.focused in select.bar:
            break
        pad.press(app, "dpad_down")
    for _ in range(len(select.bar)):                       # ...and along it to Settings
        if select.menu.focused.text == "Settings":
            break
        pad.press(app, "dpad_right")
    assert select.menu.focused.text == "Settings"
    pad.press(app, "a")
    settings = top(app)
    assert isinstance(settings, SettingsScene)
    slider = settings.menu.focused
    assert isinstance(slider, Slider)
    volume = slider.value
    pad.press(app, "dpad_left")                            # a slider moves with the D-pad
    assert slider.value == pytest.approx(volume - 0.1)
    pad.press(app, "b")                                    # B backs out
    assert top(app) is select
    select.menu.set_focus(next(b for b in select.bar if b.text == "Rules"))
    pad.press(app, "a")
    rules_scene = top(app)
    assert isinstance(rules_scene, RulesScene)
    pad.hold(app, "dpad_down", frames=30)                  # held: it scrolls on
    settle(app, 0.5)
    assert rules_scene.scroll > 0
    pad.press(app, "b")
    select.menu.set_focus(next(b for b in select.bar if b.text == "Statistics"))
    pad.press(app, "a")
    stats = top(app)
    assert isinstance(stats, StatsScene)
    shown = stats.index
    pad.press(app, "dpad_right")
    assert stats.index != shown
    pad.press(app, "b")
    assert top(app) is select


def _wait(app, done, seconds=30):
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, top(app)
        app.step(FRAME, pygame.event.get())
        time.sleep(0.002)


def test_tripeaks_level_list_and_initials_by_pad(app, pad):
    app.settings["anim_speed"] = "off"
    scene = TriPeaksScene(app, {"mode": "arcade"}, seed=11)
    app.stack.push(scene)
    app.stack.apply_pending()
    _wait(app, lambda: isinstance(top(app), LevelSelectScene))
    pad.press(app, "a")                                    # the first level
    _wait(app, lambda: top(app) is scene and scene.human_turn)
    assert scene.level.id == "level_01"
    pad.press(app, "start")                                # Start pauses...
    assert isinstance(top(app), PauseScene)
    pad.press(app, "start")                                # ...and resumes
    assert top(app) is scene
    for action in solver.solve(scene.host.state).line:
        scene.act(action)
    _wait(app, lambda: isinstance(top(app), ResultScene))
    result = top(app)
    pad.press(app, "a")                                    # skip the count-up
    pad.frame(app, 2)
    assert result.entering
    picker = top(app)                                      # a pad writes with the on-screen letters
    assert isinstance(picker, LetterPicker) and picker.target is result.entry
    pad.press(app, "dpad_right")                           # "A" -> "B"
    pad.press(app, "a")                                    # B in the first box
    pad.press(app, "dpad_down")                            # "P" (a row of 14 below "B")
    pad.press(app, "a")
    pad.press(app, "a")                                    # twice: the second and third boxes
    pad.press(app, "b")                                    # B steps back to the second box...
    pad.press(app, "dpad_left")
    pad.press(app, "a")                                    # ...and "O" goes there
    pad.press(app, "start")                                # Start keeps them
    assert top(app) is result
    table = levels.level_record(app.storage.stats("tripeaks"), "level_01")["table"]
    assert not result.entering and len(table) == 1
    assert table[0]["initials"] == result.initials == "BOP"


def test_switch_suit_chooser_by_pad(app, pad):
    state = switch_rules.deal({}, [parse_cards("JC 5D 9H"), parse_cards("3D 4D 7H KS")], parse_cards("4H 4S 6D 7S"),
                              parse_cards("9C"))
    scene = open_table(app, SwitchScene(app, {"players": 2, "level": "easy"}, seed=3), state, wait=1.0)
    jack = next(s for s in scene.board.sprites("hand:0") if str(s.card) == "JC")
    for _ in range(6):                                     # the D-pad to the Jack
        if scene.focus.visible and scene.focus.current is jack:
            break
        pad.press(app, "dpad_left")
    assert scene.focus.current is jack
    pad.press(app, "a")
    assert scene.choosing is not None                      # the suit chooser is open
    assert str(scene.focus.current).startswith("suit:")
    for _ in range(4):                                     # the four suits lie in a row: D-pad left
        pad.press(app, "dpad_left")
    assert scene.focus.current == "suit:C"
    pad.press(app, "dpad_right")
    pad.press(app, "dpad_right")                           # clubs -> diamonds -> hearts
    assert scene.focus.current == "suit:H"
    pad.press(app, "a")
    assert scene.actions == ["0 play JC>H"] and scene.host.state.suit is Suit.HEARTS
