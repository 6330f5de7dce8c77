"""The shared confirm dialog: new game over a saved one, restart from the pause overlay."""
from __future__ import annotations

import pygame
import pytest
import test_menus
from scene_events import FRAME, click, key
from test_menus import STUB, StubGame, start, top
from virtual_pad import VirtualPad

from cardgames.app import headless_app
from cardgames.scenes.confirm import ConfirmScene
from cardgames.scenes.pause import PauseScene
from cardgames.scenes.select import SelectScene

stub_registry = test_menus.stub_registry   # the fixture: the menus list only the stub game
pytestmark = pytest.mark.usefixtures("stub_registry")


@pytest.fixture
def app(tmp_path):
    app = headless_app(tmp_path)
    yield app


def select_with_save(app):
    app.storage.save_game("stub", {"game": "stub", "options": {}, "seed": 1, "actions": ["a"], "extra": {}})
    app.stack.push(SelectScene(app, game="stub"))
    app.stack.apply_pending()
    scene = top(app)
    assert scene.continue_button.enabled
    return scene


def test_new_game_over_a_saved_one_asks_and_cancel_keeps_the_save(app):
    select = select_with_save(app)
    select.menu.set_focus(select.start_button)
    StubGame.made.clear()
    key(app, pygame.K_RETURN)
    dialog = top(app)
    assert isinstance(dialog, ConfirmScene) and dialog.menu.focused is dialog.no_button   # the safe choice
    key(app, pygame.K_RETURN)                                   # Enter on Cancel
    assert top(app) is select and not StubGame.made
    assert app.storage.load_game("stub") is not None
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)                                   # Esc cancels too
    assert top(app) is select and not StubGame.made
    key(app, pygame.K_RETURN)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)                                   # New game
    assert isinstance(top(app), StubGame) and StubGame.made[-1].resume is None


def test_the_dialog_works_with_the_mouse(app):
    select = select_with_save(app)
    click(app, select.start_button.rect.center)
    dialog = top(app)
    assert isinstance(dialog, ConfirmScene)
    click(app, (5, 5))                                          # outside the box: cancel
    assert top(app) is select
    click(app, select.start_button.rect.center)
    click(app, top(app).yes_button.rect.center)
    assert isinstance(top(app), StubGame)


def test_the_dialog_works_with_a_gamepad(app):
    select = select_with_save(app)
    select.menu.set_focus(select.start_button)
    with VirtualPad() as pad:
        pad.frame(app, 2)
        pad.press(app, "a")
        assert isinstance(top(app), ConfirmScene)
        pad.press(app, "b")                                     # B backs out
        assert top(app) is select
        pad.press(app, "a")
        pad.press(app, "dpad_left")
        pad.press(app, "a")
    assert isinstance(top(app), StubGame)


def test_restart_of_a_game_in_progress_asks_first(app):
    game = StubGame(app, {})
    game.actions, game.over = ["a"], False
    start(app, game)
    key(app, pygame.K_ESCAPE)
    pause = top(app)
    pause.menu.set_focus(pause.restart_button)
    key(app, pygame.K_RETURN)
    assert isinstance(top(app), ConfirmScene) and game.restarts == 0
    key(app, pygame.K_RETURN)                                   # Cancel: back to the pause menu
    assert top(app) is pause and game.restarts == 0
    key(app, pygame.K_RETURN)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)                                   # Restart
    app.step(FRAME)
    assert top(app) is game and game.restarts == 1
    assert isinstance(pause, PauseScene) and pause not in app.stack.scenes
    assert STUB.name == "stub"
