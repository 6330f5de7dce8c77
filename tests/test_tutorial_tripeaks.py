"""The TriPeaks tutorial played through by synthetic input on the real scene; skipping is remembered."""
from __future__ import annotations

import pygame
from scene_events import click, key, settle, table_app
from tutorial_events import play_through, wait_ready

from cardgames import achievements, tutorial
from cardgames.games.tripeaks import lesson, rules
from cardgames.games.tripeaks import tutorial as script
from cardgames.games.tripeaks.scene import TriPeaksScene


def open_tutorial(tmp_path, **kw):
    app = table_app(tmp_path)
    ended = []
    scene = tutorial.start(app, "tripeaks", on_end=lambda: ended.append(True), **kw)
    app.stack.apply_pending()
    return app, scene, ended


def test_the_script_is_true_to_the_rules():
    """Every expected move is legal in its position, and the stock lesson comes when nothing fits."""
    state = lesson.deal()
    for step in script.STEPS:
        for text in step.expect[:1]:
            action = rules.parse_action(text)
            if text == "turn":
                assert rules.legal_actions(state) == (action,)   # nothing fits: the stock is the only move
            assert action in rules.legal_actions(state), text
            state, _ = rules.apply(state, action)


def test_played_through_to_the_end_with_the_mouse(tmp_path):
    app, scene, ended = open_tutorial(tmp_path)
    checked = play_through(app, scene)
    assert scene.ended == "finished" and ended == [True]
    assert len(checked) >= 8
    assert rules.cleared(scene.host.state) == 7
    assert achievements.book(app).tutorial_state("tripeaks") == "finished"
    assert not (tmp_path / "saves" / "tripeaks.json").exists()   # a tutorial never autosaves
    assert app.storage.stats("tripeaks") == {}                   # nor counts as a game
    assert not achievements.book(app).unlocked("tp_wrap")        # the lesson's wrap earns nothing


def test_a_wrong_move_gets_a_friendly_sentence_and_changes_nothing(tmp_path):
    app, scene, _ = open_tutorial(tmp_path)
    wait_ready(app, scene)
    key(app, pygame.K_RETURN)
    wait_ready(app, scene)
    state = scene.host.state
    click(app, scene.rect_of("tableau:19").center)     # the 9 does not fit on the 7
    assert scene.host.state is state and scene.step_no == 1
    assert "8" in scene.wrong_text
    key(app, pygame.K_SPACE)                            # the stock is not this lesson either
    assert scene.host.state is state and scene.wrong_text
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.host.state is state


def test_skip_with_esc_is_remembered_and_the_game_opens(tmp_path):
    app = table_app(tmp_path)
    opened = []
    assert tutorial.first_play(app, "tripeaks", lambda: opened.append(True))
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, script.TriPeaksTutorial)
    settle(app, 0.5)
    key(app, pygame.K_ESCAPE)
    settle(app, 0.2)
    assert scene.ended == "skipped" and opened == [True]
    assert app.stack.top is not scene
    # remembered on disk: a new app does not offer it again
    again = table_app(tmp_path)
    assert not tutorial.first_play(again, "tripeaks", lambda: opened.append(True))
    assert achievements.book(again).tutorial_state("tripeaks") == "skipped"


def test_the_skip_button_works_with_the_mouse(tmp_path):
    app, scene, ended = open_tutorial(tmp_path)
    wait_ready(app, scene)
    settle(app, 0.1)
    click(app, scene.panel.buttons["skip"].center)
    assert scene.ended == "skipped" and ended == [True]


def test_it_is_the_real_scene():
    assert issubclass(script.TriPeaksTutorial, TriPeaksScene)


def test_the_rules_screen_opens_the_tutorial_at_any_time_and_comes_back(tmp_path):
    from cardgames.scenes.rules import RulesScene

    app = table_app(tmp_path)
    achievements.book(app).end_tutorial("tripeaks", "finished")     # seen before: still on offer here
    rules_screen = RulesScene(app, "tripeaks")
    app.stack.push(rules_screen)
    app.stack.apply_pending()
    assert rules_screen.menu.focused.text == "Back"                 # Enter still goes back
    button = next(w for w in rules_screen.menu.widgets if getattr(w, "text", "") == "Tutorial")
    click(app, button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, script.TriPeaksTutorial)
    play_through(app, scene)
    settle(app, 0.2)
    assert app.stack.top is rules_screen


def test_esc_with_a_card_picked_puts_it_down_first(tmp_path):
    app, scene, _ = open_tutorial(tmp_path)
    wait_ready(app, scene)
    key(app, pygame.K_RETURN)
    wait_ready(app, scene)
    scene.pick_up(scene.board.top("tableau:22"), {"waste": [rules.Play(22)]})
    key(app, pygame.K_ESCAPE)
    assert scene.picked is None and scene.ended is None
    key(app, pygame.K_ESCAPE)
    assert scene.ended == "skipped"
