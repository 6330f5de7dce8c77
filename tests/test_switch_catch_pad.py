"""Switch: catching a computer that forgot "last card" in play, by key, double-click and pad; what
the pad's Y and X do (and say) when a catch and a call are both possible or a card plays; the
panel's line of controls fits it in every language."""
from __future__ import annotations

import pygame
import pytest
from scene_events import FRAME, key, settle, table_app
from switch_table import computer_moves
from switch_table import open_table as open_switch_table

from cardgames import i18n
from cardgames.core.cards import parse_cards
from cardgames.games.switch import rules as R
from cardgames.games.switch.scene import SwitchScene
from cardgames.games.switch.table_habits import _human_move
from cardgames.ui import controls
from cardgames.ui.widgets import fit_px


@pytest.fixture
def app(tmp_path):
    app = table_app(tmp_path)
    pygame.event.clear()
    return app


def open_scene(app, scene):
    app.stack.push(scene)
    app.stack.apply_pending()
    return scene


def until_a_computer_forgets(app, level="easy", players=2, seed=1, limit=600.0):
    """Play seeded hands through the table (the human plays at once, always calling) until a computer
    is left with one card without calling and it is the human's turn."""
    for s in range(seed, seed + 20):
        scene = open_scene(app, SwitchScene(app, {"players": players, "level": level}, seed=s))
        t = 0.0
        while not scene.over and t < limit:
            app.step(FRAME)
            t += FRAME
            exposed = scene.observation().exposed
            if exposed is not None and exposed != 0 and scene.human_turn and not scene.animator.busy:
                return scene
            if scene.human_turn and not scene.animator.busy and app.stack.top is scene:
                scene.act(_human_move(scene.latest(), call=True))
        app.stack.pop()
        app.stack.apply_pending()
    raise AssertionError("no computer forgot in 20 hands")


def test_the_human_catches_a_computer_that_forgot_before_their_own_move(app):
    """(The double-click and pad Y: tests/test_switch_scene.py and the pad test below.)"""
    scene = until_a_computer_forgets(app)
    target, before = scene.observation().exposed, len(scene.actions)
    settle(app, 6.0)                                   # no hurry: the window waits for the human's move
    assert scene.window.open and scene.observation().exposed == target and len(scene.actions) == before
    assert scene.window.countdown(0)[0] == "Catch! (double-click or C) before you move"
    key(app, pygame.K_c)
    assert scene.actions[before:] == [f"0 catch {target}"] and scene.observation().hand_sizes[target] == 3
    assert scene.human_turn                            # and it is still the human's move
    assert scene.act(_human_move(scene.latest(), call=True))


def catch_and_call_position(app):
    """The computer (seat 1) just played its second-to-last card without calling; the human, next,
    holds 5D 4H: 5D plays on the 5C and leaves one card, so the human may both catch and call."""
    state = R.deal({}, [parse_cards("5D 4H"), parse_cards("5C 6C")], parse_cards("4S 6D 7S QH"),
                   parse_cards("9C"), turn=1)
    scene = open_switch_table(app, state=state, wait=0, script=("1 play 5C",))
    computer_moves(app, scene)
    settle(app, 0.5)
    return scene


def test_pad_y_catches_first_then_calls_and_the_prompts_say_so(app, device):
    scene = catch_and_call_position(app)
    assert scene.can_catch() and scene.call_glows()
    if device.__class__.__name__ == "Gamepad":
        assert app.input_device == "pad"
        assert scene.panel_hint() == "{move} {act}: play  ·  {y}: catch first, then {y}: last card"
        assert scene.call_prompt() == "Last card!"     # the button shows no Y while Y catches
    assert scene.pad_keys["y"] == pygame.K_c
    device("y", scene)
    assert scene.actions[-1] == "0 catch 1"
    assert not scene.can_catch() and scene.pad_keys["y"] == pygame.K_l
    if device.__class__.__name__ == "Gamepad":
        assert scene.panel_hint() == "{move} {act}: play  ·  {x}: draw  ·  {y}: last card / catch"
        assert scene.call_prompt() == "Last card!  {y}"
    device("y", scene)
    assert scene.actions[-1] == "0 call"


def test_x_while_a_card_plays_says_why(app, device):
    scene = catch_and_call_position(app)
    device("y", scene)                                 # (the catch, so only the draw is asked)
    settle(app, 1.0)
    app.toasts.queue.clear()
    app.sounds.clear()
    device("x", scene)
    assert scene.actions[-1] == "0 catch 1"            # nothing drawn
    texts = [str(t[0]) for t in app.toasts.queue]
    assert texts == ["You may draw only when you cannot play, and 5 of diamonds can be played."], texts
    assert "invalid" in app.sounds


def test_a_click_on_the_stock_while_a_card_plays_says_why_as_p_does(app):
    """Seen in two real windows: the click only buzzed (a shake of the stock), the rule unsaid."""
    scene = catch_and_call_position(app)
    scene.catch()
    settle(app, 1.0)
    app.toasts.queue.clear()
    app.sounds.clear()
    scene.click(scene.board.top("stock"), "stock")
    assert scene.actions[-1] == "0 catch 1"            # nothing drawn
    texts = [str(t[0]) for t in app.toasts.queue]
    assert texts == ["You may draw only when you cannot play, and 5 of diamonds can be played."], texts
    assert "invalid" in app.sounds


@pytest.mark.parametrize("language", ["en", "ta", "te", "kn"])
def test_your_panels_line_of_controls_fits_in_every_language(app, language, monkeypatch):
    scene = open_scene(app, SwitchScene(app, {"players": 4, "level": "normal"}, seed=1))
    settle(app, 0.5)
    i18n.set_language(language)
    try:
        rect = scene.panel_rect(0)
        surface = pygame.Surface((1280, 720))
        for dev in ("mouse", "keyboard", "pad"):
            monkeypatch.setattr(app.input, "device", dev)
            hint = scene.panel_hint()
            px = fit_px(controls.text(app, i18n.tr(hint), scene), rect.width - 24, 15, smallest=15)
            drawn = controls.draw_prompt(surface, app, hint, (rect.x + 12, rect.bottom - 6), px, anchor="bottomleft",
                                         scene=scene)
            assert px >= 15 and rect.x + 12 <= drawn.left and drawn.right <= rect.right - 12, (dev, drawn, rect)
    finally:
        i18n.set_language("en")
