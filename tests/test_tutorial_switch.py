"""The Switch tutorial played through by synthetic input on the real scene (keys and clicks)."""
from __future__ import annotations

import pygame
from scene_events import FRAME, click, key, table_app
from tutorial_events import click_move, play_through, wait_ready

from cardgames import achievements, tutorial
from cardgames.games.switch import lesson, rules
from cardgames.games.switch import tutorial as script
from cardgames.games.switch.scene import SwitchScene

KEYS = {"0 take": pygame.K_p, "0 pass": pygame.K_p, "0 call": pygame.K_l, "0 catch 1": pygame.K_c}


def move(app, scene, text):
    if text in KEYS:
        key(app, KEYS[text])
    elif ">" in text:                       # a Jack: click it, the chooser opens, S names spades
        click_move(app, scene, text)
        assert scene.choosing is not None
        key(app, pygame.K_s)
    else:
        click_move(app, scene, text)


def open_it(tmp_path):
    app = table_app(tmp_path)
    scene = tutorial.start(app, "switch")
    app.stack.apply_pending()
    return app, scene


def test_the_script_is_true_to_the_rules():
    state = lesson.opening()
    kinds = []
    for step in script.STEPS:
        if step.jump is not None:
            state = step.jump()
        for text in step.expect[:1] + step.auto:
            action = rules.parse_action(text)
            assert action in rules.actions_for(state, action.seat), text
            if text == "0 take":
                assert not any(c.rank is rules.TWO for c in state.hands[0])   # really nothing to answer with
            if text == "0 pass":
                assert not any(c.rank is rules.EIGHT for c in state.hands[0])
            state, events = rules.apply(state, action)
            kinds += [getattr(e, "kind", None) for e in events]
    assert {"pickup_pending", "pickup", "suit", "skipped", "caught", "last_card", "hand_over"} <= set(kinds)
    assert state.winner == 0


def test_played_through_to_the_end(tmp_path):
    app, scene = open_it(tmp_path)
    assert isinstance(scene, SwitchScene)
    checked = play_through(app, scene, move)
    assert scene.ended == "finished" and len(checked) >= 10
    assert scene.observation().winner == 0
    assert achievements.book(app).tutorial_state("switch") == "finished"
    assert app.storage.stats("switch") == {}


def test_naming_the_wrong_suit_is_refused_kindly(tmp_path):
    app, scene = open_it(tmp_path)
    while scene.step.expect != ("0 play JC>S",):
        wait_ready(app, scene)
        step = scene.step
        if step.expect == ("0 play JC>S",):
            break
        if step.expect:
            move(app, scene, step.expect[0])
        else:
            key(app, pygame.K_RETURN)
        for _ in range(200):
            app.step(FRAME)
    wait_ready(app, scene)
    before = list(scene.actions)
    click_move(app, scene, "0 play JC>S")
    key(app, pygame.K_h)                    # hearts: not the lesson
    assert scene.actions == before and scene.wrong_text
    click(app, scene.rect_of(("hand:0", "JC")).center)
    key(app, pygame.K_s)
    assert scene.actions[-1] == "0 play JC>S" and scene.observation().suit is rules.Suit.SPADES
