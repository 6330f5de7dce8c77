"""Keys at a round's summary: hide it (H), open and close the log (J, Esc), show it again (H or
Enter). Keys that arrive in one frame (a slow frame, a quick typist) do what they do one frame
apart: each goes to the scene on top once the one before has had its effect."""
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
        scene.act(ai.choose(scene.observation(), scene.rules.legal_actions(scene.host.state), rng, "normal"))
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


def where(app, scene):
    return [type(s).__name__ for s in app.stack.scenes], scene.host.state.round_no, scene.summary_waiting


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
    assert app.stack.top is scene and scene.host.state.round_no == 2


BATCHES = [
    [[H, J], [ESC], [H], [ENTER]],
    [[H], [J, ESC], [H], [ENTER]],
    [[H], [J], [ESC, H], [ENTER]],
    [[H], [J], [ESC], [H, ENTER]],
    [[H, J, ESC, H], [ENTER]],
    [[H, J, ESC, H, ENTER]],
]


@pytest.mark.parametrize("batches", BATCHES, ids=["+".join(str(len(b)) for b in bs) for bs in BATCHES])
def test_keys_in_one_frame_do_what_they_do_apart(tmp_path, batches):
    app, scene = at_round_summary(tmp_path / "apart", "three_thirteen")
    press(app, [[k] for batch in batches for k in batch])
    apart = where(app, scene)
    app, scene = at_round_summary(tmp_path / "together", "three_thirteen")
    press(app, batches)
    assert where(app, scene) == apart
    assert apart[0] == ["ThreeThirteenScene"] and apart[1] == 2


def test_the_stack_hands_each_event_to_the_scene_the_events_before_it_left_on_top():
    from types import SimpleNamespace

    from cardgames.engine.scene import Scene, SceneStack

    got = []
    app = SimpleNamespace(stack=SceneStack())

    class Opener(Scene):
        def handle_event(self, event):
            got.append(("opener", event.key))
            self.stack.push(Closer(app))

    class Closer(Scene):
        def handle_event(self, event):
            got.append(("closer", event.key))
            self.stack.pop()

    app.stack.push(Opener(app))
    app.stack.apply_pending()
    for k in (1, 2, 3):     # one frame: open, close, open again
        app.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, {"key": k}))
    app.stack.apply_pending()
    assert got == [("opener", 1), ("closer", 2), ("opener", 3)]
    assert isinstance(app.stack.top, Closer)
