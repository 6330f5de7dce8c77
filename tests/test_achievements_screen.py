"""The achievements screen: reachable from the select screen, pages by tabs, keyboard and mouse."""
from __future__ import annotations

import pygame
from scene_events import click, key, settle, table_app

from cardgames import achievements
from cardgames.scenes.achievements import AchievementsScene, AchievementTile


def open_screen(tmp_path, game="tripeaks"):
    app = table_app(tmp_path)
    achievements.book(app).unlock(["tp_wrap", "sw_catch"])
    screen = AchievementsScene(app, game)
    app.stack.push(screen)
    app.stack.apply_pending()
    settle(app, 0.1)
    return app, screen


def tiles(screen):
    return [w for w in screen.menu.widgets if isinstance(w, AchievementTile)]


def test_every_achievement_is_on_a_page_and_locked_ones_say_how(tmp_path):
    app, screen = open_screen(tmp_path)
    seen = []
    for tab in screen.tabs:
        click(app, tab.rect.center)
        assert screen.page == tab.game
        seen += [t.a.id for t in tiles(screen)]
        for t in tiles(screen):
            assert (t.when is not None) == (t.a.id in ("tp_wrap", "sw_catch"))
        screen.draw(pygame.Surface((1280, 720)))   # every tile, medal and line draws
    assert sorted(seen) == sorted(a.id for a in achievements.ACHIEVEMENTS)


def test_arrows_turn_the_pages_and_esc_goes_back(tmp_path):
    app, screen = open_screen(tmp_path)
    below = app.stack.scenes[-2] if len(app.stack.scenes) > 1 else None
    assert screen.page == "tripeaks"
    key(app, pygame.K_RIGHT)
    assert screen.page == "skyjo"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert screen.page == "switch"
    assert {t.a.game for t in tiles(screen)} == {"switch"}
    key(app, pygame.K_DOWN)
    assert isinstance(screen.menu.focused, AchievementTile)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is below
