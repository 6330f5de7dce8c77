"""Three Thirteen and Skyjo between rounds: a game saved (or killed) while a round's summary is due,
quit with the summary up, or undone right after "Next round" always goes on (no soft lock)."""
from __future__ import annotations

import random

import pygame
import pytest
from scene_events import key, play_round, settle, table_app

from cardgames.engine.scene import Scene
from cardgames.games.skyjo import ai as skyjo_ai
from cardgames.games.skyjo import rules as skyjo_rules
from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.games.skyjo.summary import RoundSummaryScene as SkyjoSummary
from cardgames.games.three_thirteen import ai as tt_ai
from cardgames.games.three_thirteen import rules as tt_rules
from cardgames.games.three_thirteen.scene import ThreeThirteenScene
from cardgames.games.three_thirteen.summary import RoundSummaryScene

GAMES = {
    "three_thirteen": (ThreeThirteenScene, RoundSummaryScene, tt_ai, tt_rules, {"players": 2}),
    "skyjo": (SkyjoScene, SkyjoSummary, skyjo_ai, skyjo_rules, {"players": 2}),
}


def ai_move(app, scene):
    """The human seat plays what the normal computer would (from its own observation)."""
    _cls, _summary, ai, rules, _opts = GAMES[scene.info.name]
    legal = rules.legal_actions(scene.host.state)
    assert scene.act(ai.choose(rules.observe(scene.host.state, scene.viewer), legal, random.Random(0), "normal"))


def to_round_over(app, name, **more):
    cls, summary, _ai, _rules, opts = GAMES[name]
    scene = cls(app, {**opts, **more}, seed=11)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app)
    play_round(app, scene, ai_move, summary)
    return scene


def can_go_on(app, scene, summary):
    """A summary is up whose "Next round" deals the next round, after which somebody is to move."""
    settle(app, 1.0)
    assert isinstance(app.stack.top, summary), f"on top: {app.stack.top}"
    key(app, pygame.K_RETURN)
    settle(app, 3.0)
    assert not scene.round_over and scene.current is not None
    assert scene.host.state.round_no == 2


def resume(app, name):
    cls = GAMES[name][0]
    data = app.storage.load_game(name)
    assert data is not None
    scene = cls(app, data["options"], resume=data)
    app.stack.push(scene)
    app.stack.apply_pending()
    return scene


@pytest.mark.parametrize("name", GAMES)
def test_a_game_saved_between_rounds_resumes_with_its_summary(tmp_path, name):
    app = table_app(tmp_path)
    to_round_over(app, name)                      # the autosave holds the scored round
    fresh = table_app(tmp_path)                   # as after a kill: a new process, the same folder
    scene = resume(fresh, name)
    assert scene.round_over
    can_go_on(fresh, scene, GAMES[name][1])


@pytest.mark.parametrize("name", GAMES)
def test_quit_with_the_summary_up_then_continue(tmp_path, name):
    app = table_app(tmp_path)
    scene = to_round_over(app, name)
    app.stack.reset(Menu(app))                    # back to the menu: the table saves on its way out
    app.stack.apply_pending()
    scene.on_exit()
    again = resume(app, name)
    can_go_on(app, again, GAMES[name][1])


@pytest.mark.parametrize("name", GAMES)
def test_undo_right_after_next_round_is_refused(tmp_path, name):
    app = table_app(tmp_path)
    scene = to_round_over(app, name, practice=True)
    key(app, pygame.K_RETURN)                     # "Next round"
    settle(app, 3.0)
    assert not scene.round_over
    app.toasts.queue.clear()
    assert scene.undo_allowed and not scene.undo()
    assert any("cannot be taken back" in t[0] for t in app.toasts.queue)
    assert not scene.round_over and scene.current is not None


class Menu(Scene):
    """Stands for the menu the player went back to."""
