"""The App: one frame at a time, toasts, F11, the --frames/--screenshot path and the demo director."""
from __future__ import annotations

from typing import ClassVar

import pygame
import pytest

from cardgames import app as app_module
from cardgames.app import App, headless_app, run
from cardgames.bench_frames import frame_stats, time_frames
from cardgames.engine.scene import Scene
from cardgames.launch import Launch
from cardgames.navigation import DemoDirector, Screens


class Recorder(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.log = []

    def handle_event(self, event):
        self.log.append(("event", event.type, getattr(event, "pos", None)))

    def update(self, dt):
        self.log.append(("update", round(dt, 3)))

    def draw(self, surface):
        self.log.append(("draw",))
        surface.fill((10, 200, 30))


@pytest.fixture
def app(tmp_path):
    return headless_app(tmp_path)


def test_step_runs_events_update_draw_then_scene_changes(app):
    first = Recorder(app)
    app.stack.push(first)
    app.stack.apply_pending()
    second = Recorder(app)
    app.step(0.02, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1)])
    assert first.log == [("event", pygame.MOUSEBUTTONDOWN, (10, 20)), ("update", 0.02), ("draw",)]
    app.stack.push(second)
    app.step(0.02)
    assert app.stack.top is second  # applied after the frame
    assert second.log == []


def test_dt_is_capped_so_a_stall_never_jumps_animations(app):
    r = Recorder(app)
    app.stack.push(r)
    app.stack.apply_pending()
    app.step(5.0)
    assert r.log[0] == ("update", app_module.MAX_DT)


def test_quit_event_stops_the_app(app):
    app.step(0.01, [pygame.event.Event(pygame.QUIT)])
    assert app.running is False


def test_toasts_show_then_fade_away(app):
    app.notify("Hello there")
    app.step(0.05)
    assert [t[0] for t in app.toasts.queue] == ["Hello there"]
    for _ in range(40):
        app.step(0.1)
    assert app.toasts.queue == []


def test_storage_notices_become_toasts(app):
    app.storage.notices.append("settings.json was unreadable; moved aside")
    app.step(0.01)
    assert any("moved aside" in t[0] for t in app.toasts.queue)


def test_f11_toggles_fullscreen_and_remembers_it(app, tmp_path):
    assert app.settings["fullscreen"] is False
    app.step(0.01, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0)])
    assert app.settings["fullscreen"] is True
    again = headless_app(tmp_path)
    assert again.storage.load_settings()["fullscreen"] is True


def test_settings_drive_animation_scale_and_ai_delay(app):
    app.settings["anim_speed"] = "off"
    assert app.anim_scale == 0
    app.settings["anim_speed"] = "slow"
    assert app.anim_scale > 1
    app.settings["ai_speed"] = "fast"
    fast = app.ai_delay
    app.settings["ai_speed"] = "slow"
    assert app.ai_delay > fast > 0


def test_sound_without_audio_is_silent_and_harmless(tmp_path):
    muted = App(Launch(data_dir=tmp_path, mute=True), headless=True)
    assert muted.audio is False
    muted.play_sound("place")
    muted.play_music()


def test_frames_and_screenshot_write_a_png(tmp_path, monkeypatch):
    out = tmp_path / "shot.png"
    monkeypatch.setattr(Screens, "title", lambda screens: _Solid(screens.app))
    assert run(Launch(data_dir=tmp_path, frames=5, screenshot=out)) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    assert image.get_at((640, 360))[:3] == (200, 120, 40)


def test_the_real_menu_renders_a_screenshot(tmp_path):
    out = tmp_path / "menu.png"
    assert run(Launch(data_dir=tmp_path, frames=3, screenshot=out)) == 0
    assert out.stat().st_size > 1000


class _Solid(Scene):
    def draw(self, surface):
        surface.fill((200, 120, 40))


class _FakeInfo:
    def __init__(self, name, scene):
        self.name, self._scene = name, scene
        self.available = True

    def default_options(self):
        return {}

    def scene_class(self):
        return self._scene


class _DemoGame(Scene):
    made: ClassVar[list] = []

    def __init__(self, app, options, seed=None, resume=None):
        super().__init__(app)
        self.options, self.seed = options, seed
        _DemoGame.made.append(self)


def test_demo_plays_games_in_turn_and_a_key_stops_it(app, monkeypatch):
    from cardgames.games import registry

    games = (_FakeInfo("one", _DemoGame), _FakeInfo("two", _DemoGame))
    monkeypatch.setattr(registry, "GAMES", games)
    monkeypatch.setattr(Screens, "title", lambda screens: _Solid(screens.app))
    _DemoGame.made.clear()
    director = DemoDirector(app, None)
    app.stack.push(director.start())
    app.stack.apply_pending()
    assert app.demo is director and _DemoGame.made[0].options == {"humans": ()}
    director.game_over()
    for _ in range(int(DemoDirector.NEXT_AFTER / 0.1) + 2):
        app.step(0.1)
    assert len(_DemoGame.made) == 2 and app.stack.top is _DemoGame.made[1]
    app.step(0.01, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)])
    app.step(0.01)
    assert app.demo is None and isinstance(app.stack.top, _Solid)


def test_time_frames_and_stats(app):
    app.stack.push(Recorder(app))
    app.stack.apply_pending()
    times = time_frames(app, 20)
    stats = frame_stats(times)
    assert len(times) == 20 and stats["frames"] == 20
    assert 0 <= stats["median"] <= stats["p99"] <= stats["max"]


def test_card_storm_keeps_cards_flying(app):
    from cardgames.bench_frames import CardStorm

    storm = CardStorm(app, cards=30)
    app.stack.push(storm)
    app.stack.apply_pending()
    before = [s.pos for s in storm.board.all_sprites()]
    time_frames(app, 10)
    assert storm.animator.busy and [s.pos for s in storm.board.all_sprites()] != before


def test_launch_game_opens_that_game_with_the_command_line_options(tmp_path, monkeypatch):
    from cardgames.games import registry

    class Options(_FakeInfo):
        def default_options(self):
            return {"players": 2, "level": "normal", "mode": "x"}

    info = Options("one", _DemoGame)
    monkeypatch.setattr(registry, "get", lambda name: info)
    _DemoGame.made.clear()
    out = tmp_path / "game.png"
    assert run(Launch(data_dir=tmp_path, game="one", seed=42, players=3, level="hard", frames=2,
                      screenshot=out)) == 0
    made = _DemoGame.made[0]
    assert made.seed == 42 and made.options == {"players": 3, "level": "hard", "mode": "x"}
    assert out.exists()


def test_no_audio_device_means_silence_not_an_error(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    out = tmp_path / "silent.png"
    code = ("import sys; from pathlib import Path; from cardgames.app import run; from cardgames.launch import Launch;"
            f"sys.exit(run(Launch(data_dir=Path({str(tmp_path)!r}), frames=2, screenshot=Path({str(out)!r}))))")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "no_such_driver"}
    done = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert out.exists()


def test_command_line_fullscreen_is_for_this_run_only(tmp_path):
    first = App(Launch(data_dir=tmp_path, fullscreen=True), headless=True)
    assert first.settings["fullscreen"] is True
    first.settings["sfx_volume"] = 0.25
    first.save_settings()  # e.g. the settings screen saving another change
    saved = App(Launch(data_dir=tmp_path), headless=True).settings
    assert saved["fullscreen"] is False and saved["sfx_volume"] == 0.25
    first.toggle_fullscreen()  # the player's own choice is kept
    assert App(Launch(data_dir=tmp_path), headless=True).settings["fullscreen"] is False
    first.toggle_fullscreen()
    assert App(Launch(data_dir=tmp_path), headless=True).settings["fullscreen"] is True


def test_toasts_sit_where_the_top_scene_wants_them(tmp_path):
    from cardgames.app import TOAST_BOTTOM, headless_app
    from cardgames.engine.scene import Scene

    class Menu(Scene):
        pass

    class Table(Scene):
        toast_bottom = 210

    class Overlay(Scene):
        overlay = True

    app = headless_app(tmp_path)
    app.notify("hello")
    for scenes, bottom in (([Menu(app)], TOAST_BOTTOM), ([Menu(app), Table(app)], 210),
                           ([Table(app), Overlay(app)], 210),    # an overlay keeps the table's place
                           ([Table(app), Menu(app)], TOAST_BOTTOM)):  # a full screen over it does not
        app.stack.scenes[:] = scenes
        app.step(1 / 60)
        assert app.toasts.bottom == bottom


def test_an_overlay_covers_the_toasts_of_the_table_under_it(tmp_path):
    """A toast raised on the table just before a round summary opens must not sit on the summary."""
    from cardgames.app import headless_app
    from cardgames.engine.scene import Scene

    class Table(Scene):
        toast_bottom = 210

        def draw(self, surface):
            surface.fill((0, 90, 0))

    class Summary(Scene):
        overlay = True

        def draw(self, surface):
            pygame.draw.rect(surface, (200, 0, 0), (100, 60, 1080, 600))

    app = headless_app(tmp_path)
    table = Table(app)
    app.stack.push(table)
    app.stack.apply_pending()
    app.notify("Last turn!")
    app.step(0.5)
    toast_at = (640, 190)   # inside the toast: it ends at y=210 on this table
    assert app.canvas.surface.get_at(toast_at)[:3] != (0, 90, 0)
    app.stack.push(Summary(app))
    app.stack.apply_pending()
    app.step(1 / 60)
    assert app.toasts and app.canvas.surface.get_at(toast_at)[:3] == (200, 0, 0)   # still queued, but covered
    app.stack.pop()
    app.stack.apply_pending()
    app.step(1 / 60)
    assert app.canvas.surface.get_at(toast_at)[:3] != (0, 90, 0)   # back on the table while it lasts
