"""Idle in a real window: a table that waits for the human, and the title left alone, cost next to
nothing, and every kind of change still reaches the screen at once.

The strict net: with the audit run on every idle frame (the canvas drawn and compared with the frame
on screen), none may find a change the scenes did not announce (changing(), picture_key()). Time is
the app's dt only: no test here reads the real clock."""
from __future__ import annotations

import random

import pygame
import pytest
from scene_events import FRAME, key, mouse, settle, table_app, wait_for_human

from cardgames import app as app_module
from cardgames.engine import window as window_module
from cardgames.games import registry
from cardgames.scenes import title as title_module


@pytest.fixture
def strict(monkeypatch):
    """Audit every idle frame; returns [audits run, audits that found an unannounced change]."""
    monkeypatch.setattr(app_module, "AUDIT_EVERY", 0.0)
    monkeypatch.setattr(app_module, "AUDIT_RARE", 0.0)
    return [0, 0]


def _count_audits(app, counts):
    real = app.redraw.audit

    def audit(changed):
        counts[0] += 1
        counts[1] += bool(changed)
        return real(changed)

    app.redraw.audit = audit


def _shown_is_fresh(app):
    """The frame on screen is what a fresh drawing of the scenes gives now (nothing is missing)."""
    shown = pygame.image.tobytes(app.canvas.surface, "RGB")
    fresh = app.canvas.surface.copy()
    app.backdrop.key = None
    app.draw(fresh)
    return pygame.image.tobytes(fresh, "RGB") == shown


def _table(tmp_path, name, seed=5, **options):
    app = table_app(tmp_path)
    info = registry.get(name)
    scene = info.scene_class()(app, {**info.default_options(), **options}, seed)
    app.stack.push(scene)
    app.stack.apply_pending()
    return app, scene


@pytest.mark.parametrize("name", ["skyjo", "three_thirteen", "switch"])
def test_computer_moves_banners_and_summaries_are_all_announced(tmp_path, strict, name):
    """A table with computer players, played by random keys four seconds apart (the focus ring breathes
    three after a key): every idle frame is audited
    and not one finds a picture the table did not announce (a computer's move, a banner that goes, a
    card's mark, a summary)."""
    app, _ = _table(tmp_path, name, players=3)
    _count_audits(app, strict)
    rng = random.Random(name)
    keys = [pygame.K_RIGHT, pygame.K_LEFT, pygame.K_DOWN, pygame.K_UP, pygame.K_RETURN, pygame.K_RETURN,
            pygame.K_SPACE, pygame.K_d, pygame.K_g]
    for frame in range(3600):
        if frame % 240 == 239:
            key(app, rng.choice(keys))
        else:
            app.step(FRAME)
    assert strict[0] > 300, "too few idle frames to say anything"
    assert strict[1] == 0, f"{strict[1]} of {strict[0]} audits found a change nobody announced"
    assert _shown_is_fresh(app)


def test_the_arcade_clock_is_drawn_as_its_seconds_go_without_any_audit(tmp_path, monkeypatch):
    monkeypatch.setattr(app_module, "AUDIT_EVERY", 1e9)   # no net at all: the clock must announce itself
    monkeypatch.setattr(app_module, "AUDIT_RARE", 1e9)
    app, scene = _table(tmp_path, "tripeaks", mode="arcade")
    wait_for_human(app, scene)
    key(app, pygame.K_SPACE)                  # turn the stock: the clock starts
    settle(app, 3.5)                          # (past the focus ring's 3 s of breathing after a key)
    assert scene.phase == "play" and scene.arcade.time_left > 20
    shown = app.frames_drawn
    for _ in range(4):
        for _ in range(60):
            app.step(FRAME)
        assert _shown_is_fresh(app)           # the seconds on screen are the clock's
    # drawn as its seconds go, not every frame (240): a few more for what else may end in these seconds
    # (the solver's answer in its thread lands when the machine lets it; CI once saw 42)
    assert 4 <= app.frames_drawn - shown <= 60
    assert app.idle_wait_ms() == app_module.IDLE_WAKE_MS   # a running clock is stepped often


@pytest.mark.parametrize(("name", "options"), [("tripeaks", {"mode": "classic"}), ("tripeaks", {"mode": "relaxed"}),
                                                ("three_thirteen", {}), ("switch", {})])
def test_every_table_waiting_for_the_human_sleeps_long(tmp_path, name, options):
    app, scene = _table(tmp_path, name, **options)
    wait_for_human(app, scene)
    settle(app, 6.0)
    assert app.idle and app.idle_wait_ms() == app_module.IDLE_REST_MS


def test_a_waiting_table_sleeps_long_and_wakes_for_each_kind_of_change(tmp_path, monkeypatch):
    monkeypatch.setattr(app_module, "AUDIT_EVERY", 1e9)   # no net: each change must be drawn by itself
    monkeypatch.setattr(app_module, "AUDIT_RARE", 1e9)
    app, scene = _table(tmp_path, "skyjo", players=2)
    wait_for_human(app, scene)
    settle(app, 4.0)
    assert app.idle and app.idle_wait_ms() == app_module.IDLE_REST_MS   # nothing to run: it may sleep a second

    def presented(events=()):
        before = app.frames_drawn
        app.step(FRAME, list(events))
        return app.frames_drawn - before

    card = scene.board.sprites(f"grid:{scene.viewer}:0")[0].rect.center
    assert presented([mouse(pygame.MOUSEMOTION, card, buttons=(0, 0, 0))]) == 1        # a hover
    settle(app, 4.0)
    app.notify("A toast")                                                               # a toast
    assert presented() == 1 and _shown_is_fresh(app)
    settle(app, 10.0)
    assert app.idle and _shown_is_fresh(app)                                            # ...and its going
    assert presented([pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 600), w=1000, h=600)]) == 1  # a resize
    settle(app, 4.0)
    app.pads.notices.append("Controller connected")                                     # a device change
    assert presented() == 1 and _shown_is_fresh(app)
    settle(app, 10.0)
    scene.news.push("Round 2", "turn over two cards")                                   # a banner...
    assert presented() == 1
    settle(app, 3.0)
    assert app.idle and _shown_is_fresh(app)                                            # ...gone when it goes
    key(app, pygame.K_RIGHT)                                                            # the keyboard...
    settle(app, 4.0)
    assert presented([mouse(pygame.MOUSEMOTION, (5, 5), buttons=(0, 0, 0))]) == 1       # ...then the mouse
    assert _shown_is_fresh(app)


def test_a_computer_s_move_is_stepped_often_and_drawn(tmp_path):
    app, scene = _table(tmp_path, "skyjo", players=2)
    wait_for_human(app, scene)
    while scene.human_turn:                      # the human turns two cards, then plays: random keys do it
        key(app, pygame.K_RETURN)
        settle(app, 0.5)
        if scene.human_turn:
            key(app, pygame.K_RIGHT)
    if scene.thinking is not None or not scene.human_turn:
        assert app.idle_wait_ms() == app_module.IDLE_WAKE_MS   # a computer to move: no long sleep
    wait_for_human(app, scene)
    settle(app, 4.0)
    assert _shown_is_fresh(app)


def test_the_loop_sleeps_in_sdl_only_where_sdl_can_wait():
    pygame.display.init()
    assert pygame.display.get_driver() == "dummy"
    assert window_module._block(0.01) is None      # the dummy driver: the loop polls instead


def _title(tmp_path):
    from cardgames.scenes.title import TitleScene

    app = app_module.headless_app(tmp_path)
    scene = TitleScene(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    return app, scene


def test_the_title_comes_to_rest_after_a_minute_and_wakes_at_the_first_input(tmp_path, monkeypatch):
    monkeypatch.setattr(title_module, "ATTRACT_AFTER", 1e9)   # here: no demo in between
    app, scene = _title(tmp_path)
    for _ in range(round((title_module.REST_AFTER - 1) / app_module.MAX_DT)):   # the app's dt is the clock
        app.step(app_module.MAX_DT)
    assert not scene.resting and not app.idle            # still dealing at 59 s
    for _ in range(20):
        app.step(app_module.MAX_DT)
    assert scene.resting and app.idle
    assert app.idle_wait_ms() == app_module.IDLE_REST_MS
    shown, picture = app.frames_drawn, scene.time
    draws = [0]
    real_draw = scene.draw
    scene.draw = lambda surface: draws.__setitem__(0, draws[0] + 1) or real_draw(surface)
    for _ in range(100):
        app.step(app_module.MAX_DT)
    assert app.frames_drawn == shown and scene.time == picture   # at rest: nothing moves, nothing presented
    assert draws[0] <= 10 / app_module.AUDIT_RARE                  # ...nor drawn, but for a rare audit
    del scene.draw
    app.step(FRAME, [mouse(pygame.MOUSEMOTION, (300, 300), buttons=(0, 0, 0))])   # the first input
    assert not scene.resting and app.stack.top is scene
    before = app.frames_drawn
    settle(app, 2.0)
    assert app.frames_drawn - before >= 100 and scene.time > picture   # dealing again


def test_the_title_s_attract_deal_ends_on_the_title_at_rest(tmp_path):
    from cardgames.scenes.title import TitleScene

    app, _ = _title(tmp_path)
    for _ in range(round((title_module.ATTRACT_AFTER + 0.5) / app_module.MAX_DT)):
        app.step(app_module.MAX_DT)
    assert app.demo is not None and app.demo.once       # the attract mode: one deal
    app.demo.game_over()                                # (as its table says when the deal is over)
    for _ in range(60):
        app.step(app_module.MAX_DT)
    assert app.demo is None and isinstance(app.stack.top, TitleScene) and app.stack.top.resting
    assert app.idle


def test_where_sdl_can_wait_the_loop_sleeps_in_it_and_never_spins(monkeypatch):
    """On a desktop driver wait_events sleeps in SDL_WaitEventTimeout (no looks every 8 ms); when SDL says
    an event is there but pygame hands on none, it sleeps a look's time before asking SDL again."""
    waits, sleeps, gets = [], [], [0]

    class FakeSDL:
        @staticmethod
        def SDL_WaitEventTimeout(event, ms):   # SDL's name
            waits.append(ms)
            return 1

    def get():
        gets[0] += 1
        return [] if gets[0] < 4 else [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)]

    monkeypatch.setattr(pygame.display, "get_init", lambda: True)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(window_module, "_sdl", [FakeSDL])
    monkeypatch.setattr(pygame.event, "get", get)
    monkeypatch.setattr(window_module.time, "sleep", sleeps.append)
    events = window_module.wait_events(1000)
    assert [e.key for e in events] == [pygame.K_a]
    assert len(waits) == 2 and 900 <= waits[0] <= 1000        # slept in SDL for the time left
    assert sleeps == [window_module.IDLE_POLL_S]              # ...and once, between two empty wake-ups, not at all
