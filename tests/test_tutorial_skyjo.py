"""The Skyjo tutorial played through by synthetic input on the real scene."""
from __future__ import annotations

import pygame
from scene_events import click, key, table_app
from tutorial_events import play_through, wait_ready

from cardgames import achievements, tutorial
from cardgames.games.skyjo import lesson, rules
from cardgames.games.skyjo import tutorial as script
from cardgames.games.skyjo.scene import SkyjoScene


def test_the_script_is_true_to_the_rules():
    """Every scripted move is legal where it comes; the column clears, the last lap comes, and the
    finisher's score doubles exactly as the lesson says."""
    state = script.SCRIPT.deal()
    kinds = []
    for step in script.STEPS:
        if step.jump is not None:
            state = step.jump()
        for text in step.expect[:1] + step.auto:
            action = rules.parse_action(text)
            assert action in rules.legal_actions(state), text
            state, events = rules.apply(state, action)
            kinds += [getattr(e, "kind", None) for e in events]
    assert {"start", "column_cleared", "last_lap", "round_over", "doubled"} <= set(kinds)
    result = state.rounds[-1]
    assert result.raw == (lesson.MY_LATER, lesson.THEIR_LATER)
    assert result.doubled and result.scores[0] == 2 * lesson.MY_LATER


def test_played_through_to_the_end(tmp_path):
    app = table_app(tmp_path)
    scene = tutorial.start(app, "skyjo")
    app.stack.apply_pending()
    assert isinstance(scene, SkyjoScene)
    play_through(app, scene)
    assert scene.ended == "finished"
    assert achievements.book(app).tutorial_state("skyjo") == "finished"
    assert app.storage.stats("skyjo") == {}
    assert not (tmp_path / "saves" / "skyjo.json").exists()


def test_a_wrong_card_is_refused_kindly(tmp_path):
    app = table_app(tmp_path)
    scene = tutorial.start(app, "skyjo")
    app.stack.apply_pending()
    wait_ready(app, scene)
    key(app, pygame.K_RETURN)
    wait_ready(app, scene)
    click(app, scene.rect_of("grid:0:7").center)     # not the card the lesson turns
    assert scene.actions == [] and scene.wrong_text
    assert scene.observation().grids[0][7] is rules.HIDDEN
    click(app, scene.rect_of("grid:0:0").center)
    assert scene.actions == ["flip 0"] and scene.observation().grids[0][0] == lesson.MINE[0]
