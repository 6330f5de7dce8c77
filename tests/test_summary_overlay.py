"""The shared round-summary overlay (cardgames/scenes/summary.py): buttons, Esc, the demo's timer."""
from __future__ import annotations

import pygame
import pytest
from scene_events import FRAME, key

from cardgames.app import headless_app
from cardgames.engine.scene import Scene
from cardgames.scenes.select import SelectScene
from cardgames.scenes.summary import DEMO_SECONDS, SummaryOverlay


class FakeGame(Scene):
    """Just what a summary calls on its game scene."""

    def __init__(self, app, over=False):
        super().__init__(app)
        self.over, self.calls = over, []

    def observation(self):
        return object()      # what the viewer was last told (the overlay keeps it; this one draws none)

    def next_round(self):
        self.calls.append("next_round")

    def restart(self):
        self.calls.append("restart")

    def open_pause(self):
        self.calls.append("pause")


class Summary(SummaryOverlay):
    game_name = "skyjo"

    def title(self):
        return "Game over" if self.final else "Round over"

    def draw_body(self, surface):
        pygame.draw.rect(surface, (255, 0, 0), (self.box.x + 10, self.box.y + 80, 20, 20))


class Director:
    """Stands in for the demo director: the overlay only asks whether the demo runs."""

    def update(self, dt):
        pass


@pytest.fixture
def app(tmp_path):
    return headless_app(tmp_path)


def open_summary(app, over=False):
    game = FakeGame(app, over)
    app.stack.push(game)
    app.stack.push(Summary(app, game))
    app.stack.apply_pending()
    return game


def test_enter_pops_the_overlay_and_deals_the_next_round(app):
    game = open_summary(app)
    app.step(FRAME)
    assert app.canvas.surface.get_at((Summary.box.x + 15, Summary.box.y + 85))[:3] == (255, 0, 0)  # the body
    key(app, pygame.K_RETURN)
    app.stack.apply_pending()
    assert game.calls == ["next_round"] and app.stack.top is game


def test_esc_pauses_mid_game_and_opens_the_menu_after_the_last_round(app):
    game = open_summary(app)
    key(app, pygame.K_ESCAPE)
    assert game.calls == ["pause"]
    app.stack.reset(Scene(app))
    open_summary(app, over=True)
    key(app, pygame.K_ESCAPE)
    app.stack.apply_pending()
    assert isinstance(app.stack.top, SelectScene)


def test_the_last_summary_offers_play_again(app):
    game = open_summary(app, over=True)
    assert [b.text for b in app.stack.top.menu.widgets] == ["Play again", "Menu"]
    key(app, pygame.K_RETURN)
    app.stack.apply_pending()
    assert game.calls == ["restart"]


def test_the_demo_deals_on_by_itself(app):
    game = open_summary(app)
    app.demo = Director()
    for _ in range(int(DEMO_SECONDS / FRAME) - 5):
        app.step(FRAME)
    assert game.calls == []
    for _ in range(10):
        app.step(FRAME)
    assert game.calls == ["next_round"]


class BrightTable(FakeGame):
    def draw(self, surface):
        surface.fill((250, 250, 250))     # cards under the hints: the brightest a table gets


def test_the_key_hints_stand_on_a_dark_strip_over_the_table(app):
    """The hints along the bottom edge lie below the panel, over the table's cards: a dark strip
    keeps them legible (on the dimmed table alone, Skyjo's and Three Thirteen's cards showed through)."""
    game = BrightTable(app, over=True)
    app.stack.push(game)
    app.stack.push(Summary(app, game))
    app.stack.apply_pending()
    app.step(FRAME)
    w, h = app.canvas.surface.get_size()
    strip = [app.canvas.surface.get_at((x, h - 3))[:3] for x in range(0, w, 16)]   # under the letters
    assert max(sum(c) / 3 for c in strip) < 60
    above = app.canvas.surface.get_at((20, Summary.box.bottom + 2))[:3]   # the dimmed table beside it
    assert sum(above) / 3 > 60
