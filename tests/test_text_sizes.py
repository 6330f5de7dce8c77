"""No text on any screen is smaller than MIN_TEXT_PX (11) pixels on screen in the smallest window.

Every scene is opened on a headless app whose window is MIN_WINDOW (960x540: the canvas is shown
at 3/4), a few frames are played and presented, and every string drawn is recorded where it is
rendered: MixedFont.render (every text of the app goes through it) and any plain pygame Font made
while the scene runs. The size of a text is its font's em (Font.point_size, in canvas pixels)
times the canvas's scale in the window. Text caches are emptied first, so every string on screen
is rendered (and measured) again.
"""
from __future__ import annotations

import pygame
import pytest
from scene_events import FRAME, key, settle

from cardgames import config
from cardgames.app import headless_app
from cardgames.bench_frames import CardStorm
from cardgames.engine import text as text_module
from cardgames.games import registry
from cardgames.scenes import achievement_icons
from cardgames.ui import controls, move_log, theme


class Drawn:
    """The strings rendered, with the em of the font that drew them (canvas px) and the scene on top."""

    def __init__(self) -> None:
        self.items: list[tuple[float, str, str]] = []
        self.where = ""

    def add(self, font: pygame.font.Font, text) -> None:
        if str(text).strip():
            self.items.append((font.point_size, str(text), self.where))


@pytest.fixture
def drawn(monkeypatch):
    record = Drawn()
    real_render = text_module.MixedFont.render

    def mixed_render(self, text, *args, **kw):
        record.add(self, text)
        return real_render(self, text, *args, **kw)

    base = pygame.font.Font

    class RecordingFont(base):   # any font made with pygame.font.Font(...) while recording
        def render(self, text, *args, **kw):
            record.add(self, text)
            return base.render(self, text, *args, **kw)

    monkeypatch.setattr(text_module.MixedFont, "render", mixed_render)
    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    for cache in (theme._texts, move_log._line_cache, controls._cache, achievement_icons._cache):
        cache.clear()
    return record


@pytest.fixture
def app(tmp_path):
    app = headless_app(tmp_path)
    app.settings["ai_speed"] = "fast"
    app.settings["anim_speed"] = "fast"
    app.window = pygame.Surface(config.MIN_WINDOW)
    app.canvas.resize(config.MIN_WINDOW)
    assert app.canvas.scale == pytest.approx(0.75)
    return app


def show(app, drawn, scene, name, seconds=0.5):
    """Put `scene` on the app's stack (over what is there) and play `seconds` of frames."""
    drawn.where = name
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, seconds)
    return scene


def too_small(app, drawn) -> list[str]:
    scale = app.canvas.scale
    small = {f"{where}: {text!r} at {em * scale:.1f} px" for em, text, where in drawn.items
             if em * scale < config.MIN_TEXT_PX}
    return sorted(small)


def scenes_drawn(drawn) -> set[str]:
    return {where for _, _, where in drawn.items}


def test_the_menus_and_shell_screens(app, drawn):
    from cardgames.scenes.achievements import AchievementsScene
    from cardgames.scenes.confirm import ConfirmScene
    from cardgames.scenes.names import NamesScene
    from cardgames.scenes.rules import RulesScene
    from cardgames.scenes.select import SelectScene
    from cardgames.scenes.settings import SettingsScene
    from cardgames.scenes.stats import StatsScene
    from cardgames.scenes.title import TitleScene

    names = ["title", "settings", "achievements", "names", "confirm"]   # (the card storm has no text)
    show(app, drawn, TitleScene(app), "title", 1.5)
    for game in registry.GAMES:
        show(app, drawn, SelectScene(app, game.name), f"select {game.name}")
        show(app, drawn, RulesScene(app, game.name), f"rules {game.name}")
        show(app, drawn, StatsScene(app, game.name), f"stats {game.name}")
        names += [f"select {game.name}", f"rules {game.name}", f"stats {game.name}"]
    show(app, drawn, SettingsScene(app), "settings")
    show(app, drawn, AchievementsScene(app), "achievements")
    show(app, drawn, NamesScene(app), "names")
    show(app, drawn, ConfirmScene(app, "Quit the game?", "The game so far is kept."), "confirm")
    show(app, drawn, CardStorm(app), "storm")
    app.notify("A toast: the score could not be saved.")
    drawn.where = "toast"
    settle(app, 0.5)
    assert scenes_drawn(drawn) >= set(names) | {"toast"}      # every screen drew text, and it was measured
    assert too_small(app, drawn) == []


def test_the_tripeaks_screens(app, drawn):
    from cardgames.games.tripeaks.daily import CalendarScene
    from cardgames.games.tripeaks.scene import TriPeaksScene
    from cardgames.games.tripeaks.scene_overlays import LevelSelectScene
    from cardgames.scenes.pause import PauseScene

    for mode in ("arcade", "classic", "relaxed"):
        scene = TriPeaksScene(app, {"mode": mode}, seed=7)
        app.stack.reset(scene)
        app.stack.apply_pending()
        drawn.where = f"tripeaks {mode} start"     # arcade: the level list opens over the table
        settle(app, 1.0)
        if app.stack.top is not scene:
            key(app, pygame.K_RETURN)              # play the first level
        drawn.where = f"tripeaks {mode}"
        settle(app, 2.0)
        key(app, pygame.K_h)                       # a hint, where the mode has them
        settle(app, 0.3)
        show(app, drawn, PauseScene(app, scene), "pause")
        app.stack.pop()
        scene._hand_over(time_up=mode == "arcade")
        drawn.where = f"tripeaks {mode} result"
        scene.show_result()
        settle(app, 3.0)                           # the count-up to its end
    show(app, drawn, LevelSelectScene(app, scene), "levels")
    show(app, drawn, CalendarScene(app), "calendar")
    assert {"tripeaks arcade start", "tripeaks arcade", "tripeaks arcade result", "pause", "calendar"} <= scenes_drawn(drawn)
    assert too_small(app, drawn) == []


@pytest.mark.parametrize("game", ["skyjo", "three_thirteen", "switch"])
def test_the_card_tables_their_log_and_summary(app, drawn, game):
    info = registry.get(game)
    players = next(o for o in info.options if o.key == "players")
    counts = [v for v, _ in players.choices]
    for n in (min(counts), max(counts)):
        show(app, drawn, info.scene_class()(app, {"players": n}, seed=5), f"{game} {n} players", 3.0)
        key(app, pygame.K_j)                          # the whole move log
        drawn.where = f"{game} log"
        settle(app, 0.5)
        app.stack.reset(info.scene_class()(app, {"players": 3}, seed=5))
    # computer players only, so the round ends and its summary comes up
    scene = info.scene_class()(app, {"players": 3, "humans": ()}, seed=9)
    show(app, drawn, scene, f"{game} watched", 0.1)
    for _ in range(20000):
        if app.stack.top is not scene:
            break
        app.step(FRAME)
    drawn.where = f"{game} summary"
    settle(app, 1.0)
    assert type(app.stack.top).__name__.endswith(("Summary", "SummaryScene"))
    assert {f"{game} log", f"{game} summary", f"{game} {max(counts)} players"} <= scenes_drawn(drawn)
    assert too_small(app, drawn) == []


@pytest.mark.parametrize("game", [g.name for g in registry.GAMES])
def test_the_tutorials(app, drawn, game):
    from cardgames import tutorial

    drawn.where = f"{game} tutorial"
    tutorial.start(app, game)
    app.stack.apply_pending()
    settle(app, 3.0)
    assert f"{game} tutorial" in scenes_drawn(drawn)
    assert too_small(app, drawn) == []


def test_the_floor_applies_to_every_font():
    """What the screens rely on: a font asked for below the floor is drawn at the floor."""
    pygame.font.init()
    em = text_module.MixedFont(12).point_size
    assert em * text_module.MIN_WINDOW_SCALE >= config.MIN_TEXT_PX
    assert text_module.MixedFont(40).point_size > em     # sizes above the floor are kept
