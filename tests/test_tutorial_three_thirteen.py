"""The Three Thirteen tutorial played through by synthetic input on the real scene."""
from __future__ import annotations

import pygame
from scene_events import key, table_app
from tutorial_events import click_move, play_through

from cardgames import achievements, tutorial
from cardgames.games.three_thirteen import rules
from cardgames.games.three_thirteen import tutorial as script
from cardgames.games.three_thirteen.scene import ThreeThirteenScene


def move(app, scene, text):
    if text == "out":
        key(app, pygame.K_g)          # the Go out key (the button is checked below)
    else:
        click_move(app, scene, text)


def test_the_script_is_true_to_the_rules():
    state = script.deal()
    assert rules.wild_rank(state.round_no) == rules.Rank.SIX and len(state.hands[0]) == 6
    for step in script.STEPS:
        for text in step.expect[:1] + step.auto:
            action = rules.parse_action(text)
            assert action in rules.legal_actions(state), text
            state, _ = rules.apply(state, action)
    result = state.rounds[-1]
    assert result.out_seat == 0 and result.scores == (0, script.THEIR_PENALTY)
    assert script.BEFORE == 19


def test_the_log_names_the_lessons_round(tmp_path):
    """The lesson is round 4: its log's first section says so (it once said "Round 1", the seed's deal)."""
    app = table_app(tmp_path)
    scene = tutorial.start(app, "three_thirteen")
    app.stack.apply_pending()
    assert [section.title for section in scene.move_log.model.sections] == [f"Round {script.ROUND}"]


def test_played_through_to_the_end(tmp_path):
    app = table_app(tmp_path)
    scene = tutorial.start(app, "three_thirteen")
    app.stack.apply_pending()
    assert isinstance(scene, ThreeThirteenScene)
    checked = play_through(app, scene, move)
    assert scene.ended == "finished" and len(checked) >= 6
    assert scene.host.state.rounds[-1].scores[0] == 0
    assert achievements.book(app).tutorial_state("three_thirteen") == "finished"
    assert app.storage.stats("three_thirteen") == {}


def test_the_go_out_button_works_with_the_mouse(tmp_path):
    from scene_events import click
    from tutorial_events import wait_ready

    app = table_app(tmp_path)
    scene = tutorial.start(app, "three_thirteen")
    app.stack.apply_pending()
    for _ in range(4):
        wait_ready(app, scene)
        step = scene.step
        if step.expect:
            click_move(app, scene, step.expect[0])
        else:
            key(app, pygame.K_RETURN)
    wait_ready(app, scene)
    assert scene.step.expect == ("out",)
    click(app, scene.buttons["out"].rect.center)
    wait_ready(app, scene)
    assert scene.host.state.phase == rules.Phase.GOING_OUT
