"""The tables' on-screen buttons by keys or pad only: Three Thirteen's Sort / Arrange / Go out and
TriPeaks' Menu / Hint / Undo / New deal are focus keys ("button:<name>"), reached with the arrows
(D-pad) or Tab (shoulders) and pressed with Enter (A); after a move the ring goes to a card that
plays, never to a button."""
from __future__ import annotations

import pygame
import pytest
from input_drive import open_table, play_action, steer
from scene_events import settle, table_app, wait_for_human
from test_tripeaks_scene import wait_for

from cardgames.games.three_thirteen import rules as tt_rules
from cardgames.games.three_thirteen.scene import ThreeThirteenScene
from cardgames.games.tripeaks import rules as tp_rules
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.ui.cards import CardSprite
from cardgames.ui.scene_focus import PLAYS


@pytest.fixture
def app(tmp_path):
    app = table_app(tmp_path)
    pygame.event.clear()
    return app




def assert_on_a_playable_card(scene):
    scene.refresh_focus()
    current = scene.focus.current
    assert isinstance(current, CardSprite), current
    assert scene.focus_rank(current) == PLAYS and scene.actions_from(current, current.pile)


def hand_cards(scene):
    return [s.card for s in scene.board.sprites(f"hand:{scene.viewer}")]


# ---------------------------------------------------------------- Three Thirteen

def tt_table(app):
    scene = open_table(app, ThreeThirteenScene(app, {"players": 2, "level": "easy"}, seed=3))
    wait_for_human(app, scene)
    assert scene.human_turn and scene.host.state.phase == tt_rules.Phase.DRAW
    return scene


def by_suit(scene):
    wild = int(scene.observation().wild)
    return sorted(hand_cards(scene), key=lambda c: (int(c.rank) == wild, int(c.suit), int(c.rank)))


def test_three_thirteen_sort_is_reached_and_pressed_by_the_device(app, device):
    scene = tt_table(app)
    scene.order, scene.mode = list(reversed(by_suit(scene))), "manual"   # a hand out of suit order
    scene.sync(animate=False)
    assert hand_cards(scene) != by_suit(scene)
    scene.refresh_moves()
    scene.refresh_focus()
    for name in ("suit", "rank", "melds"):
        assert f"button:{name}" in scene.focus.keys
    assert "button:out" not in scene.focus.keys          # not while you may not go out
    steer(app, scene, device, "button:suit")
    device("act", scene)
    settle(app, 0.8)
    assert scene.mode == "suit" and hand_cards(scene) == by_suit(scene)
    assert scene.focus.current == "button:suit"          # pressing a button leaves the ring there


def test_three_thirteen_buttons_are_in_the_tab_cycle(app, device):
    scene = tt_table(app)
    scene.refresh_focus()
    seen = set()
    for _ in range(len(scene.focus.keys) + 2):
        device("next", scene)
        scene.refresh_focus()
        seen.add(scene.focus.current)
    assert {"button:suit", "button:rank", "button:melds"} <= seen


def test_three_thirteen_after_a_move_the_ring_leaves_the_button_for_a_card(app, device):
    scene = tt_table(app)
    steer(app, scene, device, "button:rank")
    before = len(scene.actions)
    device("x", scene)                                   # D / pad X: draw from the stock
    assert len(scene.actions) == before + 1
    settle(app, 0.8)
    assert_on_a_playable_card(scene)                     # a card to discard, not the button
    discard = next(a for a in tt_rules.legal_actions(scene.host.state) if a not in (tt_rules.OUT,))
    play_action(app, scene, device, discard)
    wait_for_human(app, scene)
    if scene.human_turn:
        scene.refresh_focus()
        assert not str(scene.focus.current).startswith("button:")


# ---------------------------------------------------------------- TriPeaks

def tp_table(app, mode="relaxed"):
    app.settings["anim_speed"] = "fast"
    scene = open_table(app, TriPeaksScene(app, {"mode": mode}, seed=5), wait=0.1)
    wait_for(app, lambda: app.stack.top is scene and scene.human_turn)   # the first deal is looked for in a thread
    settle(app, 2.4)
    assert scene.human_turn
    return scene


def test_tripeaks_buttons_are_reached_by_the_device_and_pressed(app, device):
    scene = tp_table(app)
    scene.refresh_focus()
    for name in ("Menu", "Hint", "Undo", "New deal"):
        assert f"button:{name}" in scene.focus.keys
    deal = scene.host.state
    steer(app, scene, device, "button:New deal")
    device("act", scene)
    wait_for(app, lambda: scene.host.state is not deal and app.stack.top is scene)  # a solver thread finds it: wall time
    settle(app, 2.5)
    assert scene.host.state is not deal and scene.actions == []   # a fresh deal
    steer(app, scene, device, "button:Menu")
    device("act", scene)
    settle(app, 0.3)
    assert type(app.stack.top).__name__ == "PauseScene"


def test_tripeaks_after_a_move_the_ring_leaves_the_button_for_a_card(app, device):
    scene = tp_table(app)
    steer(app, scene, device, "button:Hint")
    assert scene.focus_rect("button:Hint") == scene.focus_buttons()["Hint"].rect
    before = len(scene.actions)
    device("x", scene)                                   # Space / pad X: turn the stock
    assert len(scene.actions) == before + 1
    settle(app, 1.0)
    assert_on_a_playable_card(scene)
    play = next(a for a in tp_rules.legal_actions(scene.host.state) if isinstance(a, tp_rules.Play))
    play_action(app, scene, device, play)
    settle(app, 1.0)
    assert_on_a_playable_card(scene)
