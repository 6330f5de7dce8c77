"""Fair play: no undo by default at the multiplayer tables; in practice, undo never takes back another
human's turn (tests/test_practice_undo.py: it takes back any of your own moves)."""
from __future__ import annotations

import pygame
import pytest
from scene_events import centre, drag, jump, key, settle, table_app

from cardgames.games.skyjo import rules as R
from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.table import fair_undo


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def scripted(app, practice=True, hotseat=1, players=2):
    """Seat 0 to play, cards 0 and 1 face up (values 1 and 2), the discard shows 12."""
    options = {"players": players, "hotseat": hotseat}
    if practice:
        options["practice"] = True
    scene = SkyjoScene(app, options, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    grid = [1, 2, 3] * 4
    jump(scene, R.deal({"players": players}, [grid] * players, [7, 9, 5], [12],
                         face_up=[[0, 1]] * players, current=0))
    scene.sync(animate=False)
    scene.refresh_moves()
    settle(app, 0.2)
    return scene


def test_no_undo_by_default_at_the_multiplayer_tables(app):
    from cardgames.games.switch.scene import SwitchScene
    from cardgames.games.three_thirteen.scene import ThreeThirteenScene

    scene = scripted(app, practice=False)
    before = scene.host.state
    drag(app, centre(scene, "discard"), centre(scene, "grid:0:0"))   # no card shown: still no undo
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.host.state is not before and scene.actions == ["take 0"]
    assert "invalid" in app.sounds and any("Practice" in t[0] for t in app.toasts.queue)
    for cls in (SwitchScene, ThreeThirteenScene):
        assert cls.fair_undo and not cls(app, {"players": 2}, seed=1).undo_allowed
        assert cls(app, {"players": 2, "practice": True}, seed=1).undo_allowed


def test_practice_undo_takes_back_a_move_that_showed_no_card(app):
    scene = scripted(app)
    before = scene.host.state
    drag(app, centre(scene, "discard"), centre(scene, "grid:0:0"))   # the 12 onto the face-up 1
    assert scene.actions == ["take 0"]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.host.state == before and scene.actions == []
    settle(app, 0.6)
    assert scene.board.top("discard").card == 12 and scene.board.top("grid:0:0").card == 1


def test_undo_never_takes_back_another_humans_turn(app):
    scene = scripted(app, hotseat=2)
    drag(app, centre(scene, "discard"), centre(scene, "grid:0:0"))   # seat 0: no card shown
    settle(app, 0.5)
    assert scene.curtain == 1
    scene.lift_curtain()
    assert scene.viewer == 1 and scene.human_turn
    assert not scene.undo()
    assert scene.actions == ["take 0"] and any("Another player" in t[0] for t in app.toasts.queue)


def test_the_undo_target():
    movers = [0, 1, 0, 1]                      # who made each move
    assert fair_undo.undo_target(4, movers.__getitem__, (0,), 0, "closed") == (2, "")
    assert fair_undo.undo_target(4, movers.__getitem__, (0, 1), 0, "closed")[0] is None   # seat 1 is human too
    assert fair_undo.undo_target(4, [0, None, 1, 1].__getitem__, (0,), 0, "closed") == (None, "closed")
    assert fair_undo.undo_target(2, [1, 1].__getitem__, (0,), 0, "closed") == (None, fair_undo.NOTHING)
