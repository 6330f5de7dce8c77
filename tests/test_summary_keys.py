"""Keys at a round's summary: hide it (H), open and close the log (J, Esc), show it again (H or
Enter)."""
from __future__ import annotations

import random

import pygame
import pytest
from scene_events import FRAME, key, settle, table_app, wait_for_human

from cardgames.games.skyjo import ai as skyjo_ai
from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.games.three_thirteen import ai as tt_ai
from cardgames.games.three_thirteen.scene import ThreeThirteenScene
from cardgames.ui.move_log import MoveLogScene

H, J, ESC, ENTER = pygame.K_h, pygame.K_j, pygame.K_ESCAPE, pygame.K_RETURN
GAMES = {"three_thirteen": (ThreeThirteenScene, tt_ai), "skyjo": (SkyjoScene, skyjo_ai)}


def at_round_summary(tmp_path, game):
    """A 2-player table whose first round is over, its summary open."""
    cls, ai = GAMES[game]
    app = table_app(tmp_path)
    scene = cls(app, {"players": 2, "level": "normal"}, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app)
    rng = random.Random(0)
    for _ in range(400):
        wait_for_human(app, scene)
        if app.stack.top is not scene or scene.over or scene.summary_waiting:
            break
        scene.act(ai.choose(scene.observation(), scene.rules.legal_actions(scene.state), rng, "normal"))
    settle(app, 3.0)
    key(app, ENTER)
    app.step(FRAME)
    assert isinstance(app.stack.top, scene.summary_class)
    return app, scene


def press(app, batches):
    for batch in batches:
        app.step(FRAME, [pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": "", "scancode": 0})
                         for k in batch])
        settle(app, 0.2)


@pytest.mark.parametrize("game", list(GAMES))
def test_h_hides_the_summary_and_brings_it_back(tmp_path, game):
    app, scene = at_round_summary(tmp_path, game)
    press(app, [[H]])
    assert app.stack.top is scene and scene.summary_waiting
    press(app, [[J]])
    assert isinstance(app.stack.top, MoveLogScene)
    press(app, [[ESC]])
    assert app.stack.top is scene and scene.summary_waiting
    press(app, [[H]])                              # H again: the summary is back
    assert isinstance(app.stack.top, scene.summary_class)
    press(app, [[ENTER]])                          # and Enter deals the next round
    assert app.stack.top is scene and scene.state.round_no == 2
