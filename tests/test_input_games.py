"""Each game played through with one device only: a whole hand or round by the keyboard
(arrows, Tab, Enter and the game's keys), and again by a virtual gamepad (D-pad, shoulder
buttons, A, X, Y). The focus ring is steered to each card; nothing else touches the scene."""
from __future__ import annotations

import random
import time

import pygame
import pytest
import scene_events
from input_drive import Gamepad, open_table, play_action
from scene_events import FRAME, settle, table_app, wait_for_human

from cardgames.games.skyjo import ai as skyjo_ai
from cardgames.games.skyjo import rules as skyjo_rules
from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.games.skyjo.summary import RoundSummaryScene as SkyjoSummary
from cardgames.games.switch import rules as switch_rules
from cardgames.games.switch.scene import SwitchScene
from cardgames.games.switch.summary import SwitchSummary
from cardgames.games.three_thirteen import ai as tt_ai
from cardgames.games.three_thirteen import rules as tt_rules
from cardgames.games.three_thirteen.scene import ThreeThirteenScene
from cardgames.games.three_thirteen.summary import RoundSummaryScene as TTSummary
from cardgames.games.tripeaks import rules as tp_rules
from cardgames.games.tripeaks import solver
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.games.tripeaks.scene_overlays import ResultScene


@pytest.fixture
def app(tmp_path):
    app = table_app(tmp_path)
    pygame.event.clear()
    return app




def played_with(app, device, arrows_at_least=5):
    """Every key event the scenes saw came from the one device."""
    if isinstance(device, Gamepad):
        assert app.input_device == "pad"
    else:
        assert app.input_device == "keyboard"
    arrows = sum(device.presses[d] for d in ("up", "down", "left", "right"))
    assert device.presses["act"] > 5 and arrows >= arrows_at_least, dict(device.presses)


# ---------------------------------------------------------------- TriPeaks

def test_tripeaks_a_whole_hand(app, device):
    app.settings["anim_speed"] = "normal"
    scene = TriPeaksScene(app, {"mode": "relaxed"}, seed=5)
    app.stack.push(scene)
    app.stack.apply_pending()
    deadline = time.monotonic() + 30
    while not (app.stack.top is scene and scene.human_turn and not scene.animator.busy):
        assert time.monotonic() < deadline
        app.step(FRAME)
    line = solver.solve(scene.host.state).line
    for action in line:
        before = len(scene.actions)
        if isinstance(action, tp_rules.Turn):
            device("x", scene)                 # Space on the keyboard, X on a pad: the stock
            assert len(scene.actions) == before + 1
        else:
            play_action(app, scene, device, action)
    assert tp_rules.is_won(scene.host.state)
    settle(app, 3)
    assert isinstance(app.stack.top, ResultScene)
    played_with(app, device)


# ---------------------------------------------------------------- Skyjo

def skyjo_move(app, scene, device):
    seat = scene.host.state.current
    obs = skyjo_rules.observe(scene.host.state, seat)
    action = skyjo_ai.choose(obs, skyjo_rules.legal_actions(scene.host.state), random.Random(len(scene.actions)),
                             "normal")
    if action == skyjo_rules.DRAW:
        before = len(scene.actions)
        device("x", scene)                     # D / X: draw from the pile
        assert len(scene.actions) == before + 1
    else:
        play_action(app, scene, device, action)


# ---------------------------------------------------------------- Three Thirteen

def tt_move(app, scene, device):
    obs = scene.observation()
    action = tt_ai.choose(obs, tt_rules.legal_actions(scene.host.state), random.Random(len(scene.actions)), "normal")
    before = len(scene.actions)
    if action == tt_rules.OUT:
        device("y", scene)                     # G / Y: go out
        assert len(scene.actions) == before + 1
    else:
        play_action(app, scene, device, action)


ROUND_GAMES = {   # game -> (its table, the human's move, its round summary, arrows the round needs at least)
    "skyjo": (lambda app: SkyjoScene(app, {"players": 2, "level": "easy"}, seed=4), skyjo_move, SkyjoSummary, 5),
    # round 1 of Three Thirteen deals three cards: a short round (seed 1: long enough for six presses of
    # "act" against the easy level, which goes out as soon as it can)
    "three_thirteen": (lambda app: ThreeThirteenScene(app, {"players": 2, "level": "easy"}, seed=1), tt_move,
                       TTSummary, 1),
}


@pytest.mark.parametrize("game", ROUND_GAMES)
def test_a_whole_round_then_the_next_is_dealt(app, device, game):
    make, move, summary, arrows = ROUND_GAMES[game]
    scene = open_table(app, make(app))
    scene_events.play_round(app, scene, lambda a, s: move(a, s, device), summary)
    device("act", app.stack.top)               # "Next round"
    settle(app, 2.5)
    assert scene.host.state.round_no == 2 and app.stack.top is scene
    played_with(app, device, arrows_at_least=arrows)


# ---------------------------------------------------------------- Switch

def switch_choice(scene):
    """Call when it may, else the first card it can play (a Jack names its first suit), else draw/pass."""
    legal = switch_rules.actions_for(scene.host.state, scene.viewer)
    for kinds in ((switch_rules.K_CALL,), (switch_rules.K_PLAY,),
                  (switch_rules.K_DRAW, switch_rules.K_TAKE, switch_rules.K_PASS)):
        for a in legal:
            if a.kind in kinds and (a.kind is not switch_rules.K_CALL or a.seat == scene.viewer):
                return a
    raise AssertionError(f"no move among {legal}")


def switch_move(app, scene, device):
    action = switch_choice(scene)
    before = len(scene.actions)
    if action.kind is switch_rules.K_CALL:
        device("y", scene)                     # L / Y: "Last card!"
    elif action.kind is switch_rules.K_PASS:
        device("x", scene)                     # P / X: pass, keep the drawn card, miss the turn
    else:
        play_action(app, scene, device,
                    action, chooser=lambda s: f"suit:{action.suit.letter}" if s.choosing is not None else None)
    assert scene.actions[before:before + 1] == [str(action)]


def test_switch_a_whole_hand(app, device):
    scene = open_table(app, SwitchScene(app, {"players": 2, "level": "easy"}, seed=8))
    moves = 0
    while not scene.over:
        wait_for_human(app, scene, ready=lambda: scene.host.state.phase is not switch_rules.HAND_OVER)
        if scene.over or app.stack.top is not scene:
            break
        switch_move(app, scene, device)
        moves += 1
        assert moves < 200
    settle(app, 3)
    assert switch_rules.is_over(scene.host.state) and moves > 3
    assert isinstance(app.stack.top, SwitchSummary)
    played_with(app, device)
