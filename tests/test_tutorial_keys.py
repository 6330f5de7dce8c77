"""Every tutorial, walked to its end by Enter alone (and by the pad's A): at every step the ring is on
the thing the step asks for (its card, pile or button; on a reading step the panel's Next), so the one
"act" key does it; no mouse, no arrows, no other key.

And the tutorial's panel never hides what the table calls out (Skyjo's news beside the piles), nor
does the Three Thirteen lesson's log corner cover the discard pile's fan.
"""
from __future__ import annotations

import pygame
import pytest
from scene_events import FRAME, table_app
from tutorial_events import wait_ready

from cardgames import tutorial
from cardgames.games.three_thirteen.scene import ThreeThirteenScene
from cardgames.tutorial.engine import NEXT_KEY


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def open_lesson(app, game):
    scene = tutorial.start(app, game)
    app.stack.apply_pending()
    return scene


def walk(app, scene, press, on_step=lambda scene: None):
    """Press "act" until the lesson ends; each step must move on within three presses (a card picked
    up, then its target; a Jack, then its suit). Returns the steps whose move was asked for."""
    asked = []
    for _ in range(80):
        wait_ready(app, scene)
        if scene.ended is not None:
            return asked
        n, step = scene.step_no, scene.step
        on_step(scene)
        if step.expect:
            asked.append(n)
            scene.refresh_focus()
            wanted = scene.focus_key_of(scene.rules.parse_action(step.expect[0]))
            assert wanted is not None and scene.focus.current == wanted, (scene.tutorial.game, n + 1, step.text)
        elif not step.auto:     # a reading step: the ring is on the panel's Next button, once it is drawn
            app.step(FRAME)
            app.step(FRAME)
            scene.refresh_focus()
            assert scene.focus.current == NEXT_KEY, (scene.tutorial.game, n + 1, step.text)
            assert scene.focus_rect(NEXT_KEY) == scene.panel.buttons["next"]
        for _ in range(3):
            press("act")
            for _ in range(600):
                if scene.step_no != n or scene.ended is not None or (not scene.animator.busy and scene.picked
                                                                       is not None) or getattr(scene, "choosing", None):
                    break
                app.step(FRAME)
            if scene.step_no != n or scene.ended is not None:
                break
        assert scene.step_no != n or scene.ended is not None, (scene.tutorial.game, n + 1, step.text)
    raise AssertionError("the tutorial did not end")


@pytest.mark.parametrize("game", tutorial.GAMES)
def test_each_tutorial_is_walked_to_its_end_by_the_act_key_alone(app, device, game):
    scene = open_lesson(app, game)
    asked = walk(app, scene, device)
    assert scene.ended == "finished"
    assert asked and set(device.presses) == {"act"}
    assert len(asked) == sum(1 for s in scene.tutorial.steps if s.expect)


def callouts_showing(scene):
    """What the table calls out now: Skyjo's news banner (while it shows), the words that pop up
    ("OUT!", "Last card!", "Caught! +2", "PEAK!") where they start."""
    news = getattr(scene, "news", None)
    out = [news.rect] if news is not None and news.showing is not None else []
    return out + [t.image.get_rect(topleft=(t.x, t.y)) for t in scene.fx.texts if t.age < 0.5]


@pytest.mark.parametrize("game", tutorial.GAMES)
def test_no_callout_sits_behind_the_tutorial_panel(app, game):
    """Every frame of the lesson, computer turns included (Skyjo: "You cleared a column" at step 6,
    "Last turn!" at step 17 used to show behind the panel)."""
    from input_drive import Keyboard

    scene = open_lesson(app, game)
    seen = []
    step = app.step

    def step_and_look(dt, events=()):
        step(dt, events)
        if scene.ended is None and scene.panel.rect is not None:
            for rect in callouts_showing(scene):
                seen.append(scene.step_no + 1)
                assert not scene.panel.rect.colliderect(rect), (game, scene.step_no + 1, rect, scene.panel.rect)

    app.step = step_and_look
    walk(app, scene, Keyboard(app))
    assert scene.ended == "finished"
    if game == "skyjo":
        assert {6, 17} <= set(seen)


@pytest.mark.parametrize("game", tutorial.GAMES)
def test_while_the_computer_plays_its_steps_the_ring_is_on_no_button(app, game):
    """Three Thirteen step 7 (the opponent's last turn) had the ring on "Sort suit"."""
    from input_drive import Keyboard

    scene = open_lesson(app, game)
    seen = []
    step = app.step

    def step_and_look(dt, events=()):
        step(dt, events)
        if scene.ended is None and scene.step.auto:
            scene.refresh_focus()
            current = scene.focus.current
            seen.append(scene.step_no)
            assert not (isinstance(current, str) and current.startswith("button:")), (game, scene.step_no + 1, current)

    app.step = step_and_look
    walk(app, scene, Keyboard(app))
    assert scene.ended == "finished" and (seen or game == "tripeaks")


def test_the_three_thirteen_log_never_covers_the_discard_pile(app):
    """The 2-player lesson's log corner stands right of the discard pile's fan, at every step."""
    from input_drive import Keyboard

    scene = open_lesson(app, "three_thirteen")
    fans = []

    def check(scene):
        corner = scene.move_log.corner.rect
        for sprite in scene.board.sprites("discard"):
            fans.append(sprite.home_rect)
            assert not corner.colliderect(sprite.home_rect), (scene.step_no + 1, sprite.card, corner)
        pile = scene.board.piles["discard"]
        widest = pile.home(pile.shown - 1, pile.shown, scene.board.size_of("discard"))
        assert corner.left > widest[0] + scene.board.size_of("discard")[0]

    walk(app, scene, Keyboard(app), on_step=check)
    assert scene.ended == "finished" and len({(r.x, r.y) for r in fans}) >= 2
    pile = scene.board.piles["discard"]     # the game's own corner (every table size) stands clear too
    x, y = pile.home(pile.shown - 1, pile.shown, scene.board.size_of("discard"))
    widest = pygame.Rect((x, y), scene.board.size_of("discard"))
    assert not ThreeThirteenScene.log_rect.colliderect(widest)
