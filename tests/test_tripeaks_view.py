"""The TriPeaks view works from what its seat is sent: the solver's sign and hints come as answers in
its updates (Update.assist, from the table's solver), an answer alone is no move (a drag in progress
stays held, the moves stay as they were), and an answer that cannot be read changes
nothing. Run with both lines (CARDGAMES_LINE=wire too)."""
from __future__ import annotations

import time

import pygame
import pytest
from held_jobs import HeldJobs
from scene_events import FRAME, key, mouse

from cardgames.app import headless_app
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.table import tripeaks_assist
from cardgames.table.messages import Assist


@pytest.fixture
def app(tmp_path):
    app = headless_app(tmp_path)
    app.settings["anim_speed"] = "off"
    app.sounds = []
    app.play_sound = lambda name, volume=1.0: app.sounds.append(name)
    yield app


def open_scene(app, seed=5, **options):
    scene = TriPeaksScene(app, {"winnable": False, **options}, seed=seed)
    app.stack.push(scene)
    app.stack.apply_pending()
    app.step(FRAME)
    return scene


def wait_for(app, done, seconds=60):
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "still waiting"
        app.step(FRAME)
        time.sleep(0.002)


def test_the_solvers_answer_is_no_move_and_leaves_a_drag_held(app, monkeypatch):
    held = HeldJobs()
    monkeypatch.setattr(tripeaks_assist, "_SIGN", held)
    scene = open_scene(app, seed=5, mode="relaxed")
    assert scene.winnable is None and scene.sign_pending           # "Winnable? thinking"
    play = next(a for a, *_ in scene.moves() if str(a).startswith("play"))
    start = scene.board.top(f"tableau:{play.slot}").rect.center
    end = scene.board.top("waste").rect.center
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, start)])
    app.step(FRAME, [mouse(pygame.MOUSEMOTION, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2))])
    assert scene.drag.dragging
    seen = scene.latest()
    held.finish_all()                                               # the table's solver answers
    app.step(FRAME)
    assert scene.winnable is True and not scene.sign_pending
    assert scene.drag.dragging and scene.actions == []              # still held: no move was made
    assert scene.latest() is seen                                   # the board still shows the move update
    app.step(FRAME, [mouse(pygame.MOUSEMOTION, end)])
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONUP, end)])
    assert scene.actions == [str(play)]


def test_the_sign_is_drawn_from_the_answer_sent(app, monkeypatch):
    scene = open_scene(app, seed=5, mode="relaxed")
    wait_for(app, lambda: scene.winnable is not None)
    shown = []
    monkeypatch.setattr("cardgames.ui.theme.draw_text", lambda surface, text, *a, **k: shown.append(str(text)))
    scene.draw(pygame.Surface((1280, 720)))
    assert "Still winnable" in shown
    monkeypatch.setattr(scene.host.assist, "answer", lambda: Assist(moves=0, winnable=False))
    scene.host.start()                                              # the table tells its seat afresh
    scene.take_updates()
    shown.clear()
    scene.draw(pygame.Surface((1280, 720)))
    assert "No longer winnable" in shown and "Still winnable" not in shown


def test_a_hint_that_cannot_be_read_changes_nothing(app, monkeypatch):
    scene = open_scene(app, seed=5, mode="relaxed")
    wait_for(app, lambda: scene.winnable is not None)
    monkeypatch.setattr(scene.host.assist, "ask", lambda: None)
    key(app, pygame.K_h)
    assert scene.hint_pending
    monkeypatch.setattr(scene.host.assist, "answer", lambda: Assist(moves=0, winnable=True, help="move", hint="fly 99"))
    monkeypatch.setattr(scene.host.assist, "poll", lambda: True)
    app.step(FRAME)
    app.step(FRAME)
    assert not scene.hint_pending and scene.hint_target is None and scene.actions == []


def test_an_arcade_hint_is_asked_of_the_table_and_spends_a_hint_when_shown(app, monkeypatch):
    held = HeldJobs()
    monkeypatch.setattr(tripeaks_assist, "_HINTS", held)
    scene = open_scene(app, seed=9, mode="arcade", level_id="level_01")
    hints = scene.hints_left
    key(app, pygame.K_h)
    assert [fn for _f, fn, _a in held.jobs] == [tripeaks_assist.find_help] and scene.hint_pending
    key(app, pygame.K_h)                                            # asked once: still looking
    assert len(held.jobs) == 1 and scene.hints_left == hints
    held.finish_all()
    app.step(FRAME)
    app.step(FRAME)
    assert scene.hint_target is not None and scene.hints_left == hints - 1 and not scene.hint_pending
