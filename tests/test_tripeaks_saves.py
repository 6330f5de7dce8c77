"""TriPeaks: undo and hints after a resume, the footer per mode and device, Arcade levels saved and
resumed, one saved game per mode, "Play deal #" in Arcade, and the end panels' layout (issue 23).

Headless scenes driven by real key and mouse events, as in test_tripeaks_scene.py, whose helpers
(open_scene, step, wait_for, where) are reused.
"""
from __future__ import annotations

import pygame
import pytest
from scene_events import key
from test_tripeaks_scene import open_scene, step, wait_for, where

from cardgames.games.tripeaks import rules, solver
from cardgames.games.tripeaks.rules import Play, Turn
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.games.tripeaks.scene_hud import _key_hints
from cardgames.scenes.confirm import ConfirmScene
from cardgames.ui import controls


@pytest.fixture
def app(tmp_path):
    from cardgames.app import headless_app

    app = headless_app(tmp_path)
    app.settings["anim_speed"] = "off"
    app.sounds, app.notes = [], []
    app.play_sound = lambda name, volume=1.0: app.sounds.append(name)
    real_notify = app.notify
    app.notify = lambda text: (app.notes.append(text), real_notify(text))
    yield app


def lose_relaxed(app, seed=5):
    """A Relaxed hand played until it can no longer be won (the stock turned): the scene."""
    scene = open_scene(app, seed=seed, mode="relaxed")
    while solver.solve(scene.state).winnable:
        key(app, pygame.K_SPACE)
    wait_for(app, lambda: scene.winnable is False)
    return scene


def resume(app, scene):
    """Quit to the menu and Continue: the saved game opened again, on top."""
    saved = app.storage.load_game(f"tripeaks.{scene.mode}")
    assert saved is not None and saved["actions"] == scene.actions
    app.stack.reset(app.screens.select(game="tripeaks"))
    app.stack.apply_pending()
    again = TriPeaksScene(app, {}, resume=saved)
    app.stack.push(again)
    app.stack.apply_pending()
    step(app, 3)
    assert again.state == scene.state
    return again


def answer_hint(app, scene):
    """Press H and wait for its answer: the undo dialog on top, or a ring on the table."""
    key(app, pygame.K_h)
    wait_for(app, lambda: isinstance(app.stack.top, ConfirmScene) or scene.hint_target is not None)
    return app.stack.top


# ---------------------------------------------------------------- undo after a resume


def test_a_resumed_relaxed_game_accepts_every_undo_it_offers(app):
    played = lose_relaxed(app)
    scene = resume(app, played)
    wait_for(app, lambda: scene.winnable is False)
    dialog = answer_hint(app, scene)
    assert isinstance(dialog, ConfirmScene)
    n = next(int(w) for w in dialog.yes_button.text.split() if w.isdigit())
    before = len(scene.actions)
    dialog.yes()                                                    # the offer is taken...
    step(app, 2)
    assert len(scene.actions) == before - n                         # ...and kept: n moves back
    assert solver.solve(scene.state).winnable and app.stack.top is scene
    while scene.actions:                                            # and back to the deal, move by move
        left = len(scene.actions)
        key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
        assert len(scene.actions) == left - 1, app.notes
    assert scene.state == rules.new_game(scene.rules_options(), scene.seed)


# ---------------------------------------------------------------- hints


def test_a_declined_undo_shows_a_card_that_plays(app):
    scene = lose_relaxed(app, seed=5)
    dialog = answer_hint(app, scene)
    assert isinstance(dialog, ConfirmScene)
    key(app, pygame.K_RETURN)                                       # "Keep playing" has the focus
    step(app, 2)
    assert app.stack.top is scene and scene.hint_target is not None
    hinted = scene.hinted_action()
    legal = rules.legal_actions(scene.state)
    assert hinted in legal
    assert isinstance(hinted, Play) or not any(isinstance(a, Play) for a in legal)   # a card, when one plays
    focused = scene.focus.current
    assert getattr(focused, "pile", focused) == scene.hint_target and scene.focus.visible
    key(app, pygame.K_h)                                            # H again: the same card, not the question
    step(app, 2)
    assert app.stack.top is scene and scene.hinted_action() == hinted


@pytest.mark.parametrize("device", ["keyboard", "mouse", "pad"])
def test_the_footer_offers_hints_only_where_there_are_some(app, device):
    app.input.device = device
    for mode, level, hints in (("classic", None, False), ("relaxed", None, True),
                               ("arcade", "level_01", True), ("arcade", "level_18", False)):
        scene = open_scene(app, seed=9, mode=mode, level_id=level, winnable=mode != "classic")
        words = controls.text(app, _key_hints(scene), scene).lower()
        assert ("hint" in words) == (hints and device != "mouse"), (mode, level, words)
        assert ("h: hint" in words) == (hints and device == "keyboard")
        if device == "pad":
            assert ("{y}" in _key_hints(scene)) == hints
        app.stack.reset(app.screens.select(game="tripeaks"))
        app.stack.apply_pending()
