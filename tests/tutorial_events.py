"""Play a tutorial through with synthetic input: clicks on the glowing cards, Enter on reading steps."""
from __future__ import annotations

import pygame
from scene_events import FRAME, click, key


def wait_ready(app, scene, limit=30.0):
    """Frames until the current step shows (the table is still and the computer's moves are played)."""
    t = 0.0
    while t < limit and scene.ended is None:
        step = scene.step
        if (step is not None and scene.step_ready and scene.auto_done >= len(step.auto)
                and (app.stack.top is scene or step.expect)):
            return
        app.step(FRAME)
        t += FRAME
    if scene.ended is None:
        raise AssertionError(f"step {scene.step_no} never became ready")


def point_of(scene, item):
    rect = scene.rect_of(item)
    assert rect is not None, f"nothing on the board for {item!r}"
    return rect.center


def click_move(app, scene, text):
    """Play the expected move with the mouse: click its source (and its target if it asks)."""
    src, dst = scene.action_ui(scene.rules.parse_action(text))
    before = scene.step_no
    click(app, point_of(scene, src))
    if scene.step_no == before and not scene.animator.busy and dst is not None and scene.picked is not None:
        click(app, point_of(scene, dst))


def advance(app, scene, move=click_move) -> bool:
    """Do what the current step asks (its move, or Enter on a reading step) and step frames until the
    next step shows or the tutorial ends; False if it did neither."""
    n, step = scene.step_no, scene.step
    if step.expect:
        move(app, scene, step.expect[0])
    else:
        key(app, pygame.K_RETURN)
    for _ in range(600):
        if scene.step_no != n or scene.ended is not None:
            return True
        app.step(FRAME)
    return scene.step_no != n or scene.ended is not None


def play_through(app, scene, move=click_move, steps=80):
    """Every step in turn until the tutorial ends; returns the step numbers whose glow was checked."""
    seen = []
    for _ in range(steps):
        wait_ready(app, scene)
        if scene.ended is not None:
            return seen
        step = scene.step
        rects = scene.highlight_rects()
        if rects:   # the panel never covers what it points at
            assert scene.panel.rect is not None
            assert not any(scene.panel.rect.colliderect(r) for r in rects), (scene.step_no, step.text)
            seen.append(scene.step_no)
        n = scene.step_no
        assert advance(app, scene, move), f"step {n} did not move on: {step.text}"
    raise AssertionError("the tutorial did not end")
