"""The redraw policy: an idle screen stops drawing and presenting, input is drawn at once,
an unannounced change still reaches the screen, and the real loop sleeps while idle."""
from __future__ import annotations

import pygame
import pytest
from scene_events import FRAME, key, mouse, settle, table_app, wait_for_human

from cardgames import app as app_module
from cardgames.engine import window as window_module
from cardgames.engine.redraw import AUDIT_EVERY, AUDIT_RARE
from cardgames.engine.scene import Scene
from cardgames.games import registry


def _spy_draws(scene):
    """Count scene.draw calls (audits included)."""
    calls = [0]
    real = scene.draw

    def draw(surface):
        calls[0] += 1
        real(surface)

    scene.draw = draw
    return calls


def _idle_frames(app, frames=120):
    """Step `frames` frames with no input; (frames presented, canvas identical to before)."""
    before = app.frames_drawn
    for _ in range(frames):
        app.step(FRAME)
    return app.frames_drawn - before


def _table(tmp_path, name, seed, **options):
    """A card table (fast computer players) after its deal, when the human may move."""
    app = table_app(tmp_path)
    info = registry.get(name)
    scene = info.scene_class()(app, {**info.default_options(), **options}, seed)
    app.stack.push(scene)
    app.stack.apply_pending()
    wait_for_human(app, scene)
    return app, scene


def test_an_idle_table_stops_drawing_and_the_next_key_is_drawn_in_the_same_frame(tmp_path):
    app, scene = _table(tmp_path, "skyjo", 3)
    settle(app, 1.0)   # the last animation's final frame and the after-input time are over
    draws = _spy_draws(scene)
    assert _idle_frames(app, 120) == 0          # two seconds: nothing presented
    assert app.idle
    assert draws[0] <= 120 * FRAME / AUDIT_EVERY + 1   # only the audits drew (without presenting)
    picture = pygame.image.tobytes(app.canvas.surface, "RGB")
    shown = app.frames_drawn
    key(app, pygame.K_RIGHT)                    # the keyboard focus ring appears on a card
    assert app.frames_drawn == shown + 1        # handled and presented in that very frame
    assert scene.focus.visible
    assert pygame.image.tobytes(app.canvas.surface, "RGB") != picture
    settle(app, 3.5)                            # the ring breathes a few seconds, then rests
    assert _idle_frames(app, 60) == 0 and scene.focus.visible


def test_a_click_after_idle_is_handled_and_drawn_in_that_frame(tmp_path):
    from cardgames.scenes.select import SelectScene

    app = app_module.headless_app(tmp_path)
    scene = SelectScene(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 4.0)   # the focus ring pulses a few seconds after input, then rests
    assert _idle_frames(app, 60) == 0
    shown = app.frames_drawn
    target = scene.tiles[1]
    app.step(FRAME, [mouse(pygame.MOUSEMOTION, target.rect.center, buttons=(0, 0, 0))])
    assert app.frames_drawn == shown + 1
    assert scene.menu.focused is target


@pytest.mark.parametrize("name", [g.name for g in registry.GAMES])
def test_every_game_table_goes_idle_and_says_so_truthfully(tmp_path, name):
    """No audit ever finds a picture change the table did not announce while it waits for the human."""
    app, _ = _table(tmp_path, name, 5, **({"mode": "relaxed"} if name == "tripeaks" else {}))  # no clock
    settle(app, 3.0)
    assert _idle_frames(app, 90) == 0, f"{name} keeps drawing while it waits"
    assert not app.redraw.watching


def test_the_arcade_clock_is_drawn_each_second_and_not_more(tmp_path):
    app, scene = _table(tmp_path, "tripeaks", 5)
    key(app, pygame.K_SPACE)                    # turn the stock: the clock starts
    settle(app, 3.5)                            # (and the ring, shown since a key started the level, rests)
    assert scene.phase == "play" and scene.arcade.time_left > 20
    shown = scene.arcade.time_left
    presented = _idle_frames(app, 240)   # four seconds: four new seconds shown, the bar shrinks a few px
    assert 4 <= presented <= 24          # each change found by an audit: that frame and one to confirm
    assert scene.arcade.time_left < shown - 3.9


@pytest.mark.parametrize("which", ["select", "settings", "stats", "rules", "pause", "levels"])
def test_shell_screens_go_idle(tmp_path, which):
    from cardgames.scenes.pause import PauseScene
    from cardgames.scenes.rules import RulesScene
    from cardgames.scenes.select import SelectScene
    from cardgames.scenes.settings import SettingsScene
    from cardgames.scenes.stats import StatsScene

    app = table_app(tmp_path)
    if which == "levels":   # TriPeaks Arcade opens on its level list, over the table
        info = registry.get("tripeaks")
        app.stack.push(info.scene_class()(app, info.default_options(), 2))
        app.stack.apply_pending()
        settle(app, 0.5)
        assert type(app.stack.top).__name__ == "LevelSelectScene"
    elif which == "pause":
        info = registry.get("tripeaks")
        game = info.scene_class()(app, info.default_options(), 2)
        app.stack.push(game)
        app.stack.apply_pending()
        settle(app, 2.0)
        app.stack.push(PauseScene(app, game))
    else:
        make = {"select": SelectScene, "settings": SettingsScene, "stats": StatsScene,
                "rules": lambda a: RulesScene(a, "skyjo")}[which]
        app.stack.push(make(app))
    app.stack.apply_pending()
    settle(app, 4.0)
    assert _idle_frames(app, 60) == 0
    assert not app.redraw.watching


def test_the_title_keeps_animating(tmp_path):
    from cardgames.scenes.title import TitleScene

    app = app_module.headless_app(tmp_path)
    app.stack.push(TitleScene(app))
    app.stack.apply_pending()
    settle(app, 4.0)
    assert _idle_frames(app, 30) == 30


class _Sneaky(Scene):
    """Says it never changes by itself, but its picture changes when `colour` is set from outside."""
    changes_by_itself = False

    def __init__(self, app):
        super().__init__(app)
        self.colour = (0, 0, 0)

    def draw(self, surface):
        surface.fill(self.colour)


def _settled(tmp_path, scene_class):
    """A headless app showing a new `scene_class` scene, settled until idle."""
    app = app_module.headless_app(tmp_path)
    scene = scene_class(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 1.0)
    return app, scene


def test_an_unannounced_change_is_presented_within_one_audit(tmp_path):
    app, scene = _settled(tmp_path, _Sneaky)
    assert _idle_frames(app, 30) == 0
    scene.colour = (200, 30, 30)      # e.g. a background result arriving: no event, no animation
    presented = _idle_frames(app, round(AUDIT_EVERY / FRAME) + 1)
    assert presented >= 1
    assert app.canvas.surface.get_at((5, 5))[:3] == (200, 30, 30)
    settle(app, 1.0)
    assert _idle_frames(app, 30) == 0   # once it stops changing, idle again


class _Announcing(_Sneaky):
    """Says it announces every change (the menus do), yet `colour` is set from outside."""
    announces_changes = True


def test_a_scene_that_announces_its_changes_is_audited_rarely_and_still_caught(tmp_path):
    app, scene = _settled(tmp_path, _Announcing)
    draws = _spy_draws(scene)
    assert _idle_frames(app, round(4 * AUDIT_RARE / FRAME)) == 0
    assert 3 <= draws[0] <= 5                          # an audit every AUDIT_RARE, not every AUDIT_EVERY
    scene.colour = (200, 30, 30)                       # a change it failed to announce...
    presented = _idle_frames(app, round(AUDIT_RARE / FRAME) + 1)
    assert presented >= 1 and app.canvas.surface.get_at((5, 5))[:3] == (200, 30, 30)   # ...still shown in time


def test_the_pause_menu_idles_on_rare_audits_and_a_key_is_drawn_at_once(tmp_path):
    from cardgames.scenes.pause import PauseScene

    app, game = _table(tmp_path, "skyjo", 3)
    pause = PauseScene(app, game)
    app.stack.push(pause)
    app.stack.apply_pending()
    settle(app, 4.0)                               # the focus ring stops pulsing
    table_draws, menu_draws = _spy_draws(game), _spy_draws(pause)
    assert _idle_frames(app, round(2 * AUDIT_RARE / FRAME)) == 0
    assert menu_draws[0] <= 3 and table_draws[0] <= 3  # the audits only: the table under it is not redrawn 4x a second
    focused = pause.menu.focused
    shown = app.frames_drawn
    key(app, pygame.K_DOWN)
    assert app.frames_drawn == shown + 1 and pause.menu.focused is not focused   # handled and presented at once


def test_an_overlay_s_dim_is_laid_once_into_the_kept_picture_of_the_table(tmp_path, monkeypatch):
    """The dim under the pause menu is part of the table's kept picture: a frame of the menu (a key, the
    focus ring) blits that picture and draws the menu, and lays no dim sheet of its own (about 1.25 ms)."""
    from cardgames.engine import scene as scene_module
    from cardgames.scenes.pause import PauseScene

    app, game = _table(tmp_path, "skyjo", 3)
    app.draw(app.canvas.surface)
    bright = app.canvas.surface.get_at((4, 4))           # a corner no panel covers
    app.stack.push(PauseScene(app, game))
    app.stack.apply_pending()
    app.draw(app.canvas.surface)                          # the table and its dim, kept
    dimmed = app.canvas.surface.get_at((4, 4))
    assert sum(dimmed[:3]) < sum(bright[:3]) * 0.6
    assert app.backdrop.surface.get_at((4, 4)) == dimmed
    laid = []
    real = scene_module.dim_surface
    monkeypatch.setattr(scene_module, "dim_surface", lambda: laid.append(1) or real())
    monkeypatch.setattr(app_module, "dim_surface", lambda: laid.append(1) or real())
    key(app, pygame.K_DOWN)
    app.draw(app.canvas.surface)
    assert laid == [] and app.canvas.surface.get_at((4, 4)) == dimmed   # once dimmed, not twice


def test_the_loop_sleeps_while_idle_and_handles_the_first_event_at_once(tmp_path, monkeypatch):
    app = app_module.headless_app(tmp_path)
    scene = _Sneaky(app)
    got = []
    scene.handle_event = lambda event: got.append(event.type)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 1.0)
    assert app.idle
    sleeps, polls = [], [0]

    def get(*args, **kwargs):
        polls[0] += 1
        if polls[0] == 5:   # the fifth look: a key arrives
            return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)]
        return []

    monkeypatch.setattr(pygame.event, "get", get)
    monkeypatch.setattr(window_module.time, "sleep", sleeps.append)
    shown = app.frames_drawn
    app_module.loop(app, lambda: bool(got) or polls[0] > 50)
    assert sleeps and all(s == window_module.IDLE_POLL_S for s in sleeps)   # it slept between looks
    assert got == [pygame.KEYDOWN]
    assert app.frames_drawn == shown + 1                # and the key's frame was presented


def test_a_window_made_too_small_grows_back_to_the_minimum(tmp_path):
    app = app_module.headless_app(tmp_path)
    small = pygame.display.set_mode((400, 300))
    window = app._keep_minimum(small)
    assert window.get_size() == app_module.MIN_WINDOW
    assert app._keep_minimum(window) is window


def test_the_backdrop_is_drawn_once_while_its_key_holds():
    from cardgames.engine.redraw import Backdrop

    backdrop, drawn = Backdrop(), []

    def lower(surface):
        drawn.append(1)
        surface.fill((10, 20, 30))

    canvas = pygame.Surface((64, 36))
    assert backdrop.draw(canvas, "table", lower) is False
    canvas.fill((0, 0, 0))                                   # the overlay drew over it last frame
    assert backdrop.draw(canvas, "table", lower) is True     # the copy, not a new drawing
    assert canvas.get_at((5, 5))[:3] == (10, 20, 30) and len(drawn) == 1
    assert backdrop.draw(canvas, "another table", lower) is False and len(drawn) == 2
    assert backdrop.draw(canvas, None, lower) is False and len(drawn) == 3     # drawn afresh: an audit
    assert backdrop.draw(canvas, None, lower) is False and len(drawn) == 4     # ...and not kept


def test_the_table_under_the_pause_menu_is_drawn_once_while_the_menu_moves(tmp_path):
    from cardgames.scenes.pause import PauseScene

    app, scene = _table(tmp_path, "skyjo", 3)
    app.stack.push(PauseScene(app, scene))
    app.stack.apply_pending()
    settle(app, 0.5)
    draws = _spy_draws(scene)
    presented = app.frames_drawn
    for i in range(30):                        # the pointer moves over the menu: every frame is drawn
        app.step(FRAME, [mouse(pygame.MOUSEMOTION, (560 + i * 5, 300 + i * 4))])
    assert app.frames_drawn - presented == 30
    assert draws[0] == 0                       # ...over the table's picture, kept since the menu opened
    with_cache = pygame.image.tobytes(app.canvas.surface, "RGB")
    app.backdrop.key = None                    # the same frame drawn from scratch looks the same
    app.draw(app.canvas.surface)
    assert draws[0] == 1 and pygame.image.tobytes(app.canvas.surface, "RGB") == with_cache
    app.settings["four_colour"] = not app.settings.get("four_colour")   # e.g. from the settings screen
    app.step(FRAME, [mouse(pygame.MOUSEMOTION, (600, 320))])
    assert draws[0] == 2                       # a setting that changes the table's look redraws it
    app.stack.pop()
    app.stack.apply_pending()
    app.step(FRAME)
    assert draws[0] == 3                       # no overlay: the table draws itself again
