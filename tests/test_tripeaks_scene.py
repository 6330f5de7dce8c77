"""TriPeaks table, headless: real mouse and key events through App.step.

A level is played to a clear by clicks (following the solver's winning line
for the dealt seed), another by keys only; the clock runs out; Esc freezes
the clock; undo in Relaxed; Classic's bank; initials for the high-score table.
"""
from __future__ import annotations

import math
import time

import pygame
import pytest
from scene_events import FRAME, click, key, mouse

from cardgames import records
from cardgames.app import headless_app
from cardgames.games.tripeaks import levels, rules, solver
from cardgames.games.tripeaks.rules import Play, Turn
from cardgames.games.tripeaks.scene import TriPeaksScene, table_geometry
from cardgames.games.tripeaks.scene_overlays import LevelSelectScene, ResultScene
from cardgames.games.tripeaks.scoring import stars
from cardgames.scenes.confirm import ConfirmScene


@pytest.fixture
def app(tmp_path):
    app = headless_app(tmp_path)
    app.settings["anim_speed"] = "off"
    app.sounds = []
    app.play_sound = lambda name, volume=1.0: app.sounds.append(name)
    yield app


def section(app, mode):
    """The statistics of one TriPeaks mode (cardgames.records), empty when none is played."""
    return records.load(app.storage, "tripeaks")["modes"].get(mode, records.empty_section())


def open_scene(app, seed=7, **options):
    scene = TriPeaksScene(app, dict(options), seed=seed)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle_deal(app, scene, allow=LevelSelectScene)
    step(app, 3)
    return scene


def step(app, frames=1, dt=FRAME, events=()):
    app.step(dt, list(events))
    for _ in range(frames - 1):
        app.step(dt)


def wait_for(app, done, seconds=60):
    """Step frames until done() (a background solver's answer needs wall time, not a number of frames)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"still waiting; on top: {app.stack.top}"
        step(app, 1)
        time.sleep(0.002)


def settle_deal(app, scene, allow=None):
    """A new winnable deal is found in the background: step until the table (or an `allow` overlay,
    such as the level list that opens first) is on top again."""
    wait_for(app, lambda: app.stack.top is scene or (allow is not None and isinstance(app.stack.top, allow)))


def where(scene, action):
    """The canvas point to click for an action: the card's centre, or the stock's."""
    pile = f"tableau:{action.slot}" if isinstance(action, Play) else "stock"
    return scene.board.top(pile).rect.center


def winning_line(scene):
    result = solver.solve(scene.host.state)
    assert result.winnable, "winnable deals only: the dealt seed must be winnable"
    return result.line


# ---------------------------------------------------------------- Arcade, by mouse


def test_a_level_played_by_mouse_clicks_to_a_clear(app):
    scene = open_scene(app, seed=11, mode="arcade", level_id="level_01")
    assert scene.level.id == "level_01" and scene.phase == "play"
    line = winning_line(scene)
    for i, action in enumerate(line):
        click(app, where(scene, action))
        assert len(scene.actions) == i + 1, f"click {i} ({action}) did not play"
    assert rules.is_won(scene.host.state) and scene.phase == "over"
    step(app, 3)
    top = app.stack.top
    assert isinstance(top, ResultScene) and top.r["won"]
    r = scene.result
    time_bonus, stock_bonus = r["bonus"]
    assert time_bonus.count == math.floor(scene.arcade.time_left + 1e-9) and time_bonus.amount == 100 * time_bonus.count
    assert stock_bonus.count == len(scene.host.state.stock) and stock_bonus.amount == 500 * stock_bonus.count
    assert r["score"] == r["base"] + time_bonus.amount + stock_bonus.amount == scene.arcade.score
    assert r["stars"] == stars(r["score"], scene.level.targets)
    # the chime rose with the streak
    chimes = [s for s in app.sounds if s.startswith("chime_")]
    assert "chime_1" in chimes and "chime_2" in chimes
    stats = app.storage.stats("tripeaks")
    record = levels.level_record(stats, "level_01")
    assert record["best"] == r["score"] and record["stars"] == r["stars"]
    arcade = section(app, "arcade")
    assert arcade["games"] == 1 and arcade["wins"] == 1 and arcade["figures"]["best_score"] == r["score"]
    assert stats["best_scores"] == {"1. First Light": r["score"]}   # as the statistics page lists it


def test_dragging_a_card_onto_the_waste_plays_it(app):
    scene = open_scene(app, seed=5, mode="relaxed")
    play = next(a for a in rules.legal_actions(scene.host.state) if isinstance(a, Play))
    start = where(scene, play)
    end = scene.board.top("waste").rect.center
    events = [mouse(pygame.MOUSEBUTTONDOWN, start)]
    for k in range(1, 9):
        events.append(mouse(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * k // 8,
                                                 start[1] + (end[1] - start[1]) * k // 8)))
    events.append(mouse(pygame.MOUSEBUTTONUP, end))
    for ev in events:
        step(app, 1, events=[ev])
    assert scene.actions == [str(play)]


# ---------------------------------------------------------------- Arcade, by keys


def test_a_level_played_by_keys_only(app):
    app.settings["anim_speed"] = "normal"      # keys pressed while cards are still flying
    scene = open_scene(app, seed=3, mode="arcade", level_id="level_02")
    for action in winning_line(scene):
        before = len(scene.actions)
        if isinstance(action, Turn):
            key(app, pygame.K_SPACE)
        else:
            target = f"tableau:{action.slot}"
            for _ in range(40):  # Tab moves the focus over the playable cards (and the stock)
                key(app, pygame.K_TAB)
                current = scene.focus.current
                if getattr(current, "pile", None) == target:
                    break
            assert scene.focus.current.pile == target
            key(app, pygame.K_RETURN)
        assert len(scene.actions) == before + 1
    assert rules.is_won(scene.host.state)
    frames = 0
    while not isinstance(app.stack.top, ResultScene) and frames < 240:
        step(app, 1)
        frames += 1
    # the last cards land and the last peak's burst plays for a beat, then the result screen opens
    assert isinstance(app.stack.top, ResultScene) and 60 <= frames <= 120


# ---------------------------------------------------------------- the clock


def test_the_clock_runs_out_ticks_and_ends_the_level(app):
    scene = open_scene(app, seed=2, mode="arcade", level_id="level_18")
    clock = scene.level.clock
    assert clock == 90
    click(app, where(scene, Turn()))         # one move: the level is under way
    step(app, int(clock / 0.1) + 5, dt=0.1)
    assert scene.arcade.out_of_time and scene.phase == "over" and not rules.is_over(scene.host.state)
    assert app.sounds.count("timer_warning") == 10           # one tick for each of the last ten seconds
    top = app.stack.top
    assert isinstance(top, ResultScene) and top.r["time_up"] and not top.r["won"] and top.r["bonus"] == ()
    before = len(scene.actions)
    click(app, (640, 400))                                    # the table no longer takes moves
    assert len(scene.actions) == before
    assert section(app, "arcade")["games"] == 1 and section(app, "arcade")["wins"] == 0


def test_pause_freezes_the_clock_and_the_streak_timer(app):
    scene = open_scene(app, seed=4, mode="arcade", level_id="level_01")
    play = next(a for a in rules.legal_actions(scene.host.state) if isinstance(a, Play))
    click(app, where(scene, play))
    key(app, pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "PauseScene"
    left, streak_left = scene.arcade.time_left, scene.arcade.streak_left
    step(app, 120, dt=0.1)
    assert scene.arcade.time_left == left and scene.arcade.streak_left == streak_left
    key(app, pygame.K_ESCAPE)                                 # resume
    step(app, 60)
    assert scene.arcade.time_left == pytest.approx(left - 60 * FRAME, abs=2 * FRAME)


def test_the_streak_breaks_when_its_timer_runs_out(app):
    scene = open_scene(app, seed=11, mode="arcade", level_id="level_01")
    plays = [a for a in winning_line(scene)]
    first = plays[0]
    assert isinstance(first, Play)
    click(app, where(scene, first))
    assert scene.arcade.streak == 1
    step(app, int(scene.level.streak_seconds / 0.1) + 2, dt=0.1)
    assert scene.arcade.streak == 0


# ---------------------------------------------------------------- level select, results, initials


def test_the_level_list_opens_first_and_plays_the_chosen_level(app):
    scene = open_scene(app, seed=1, mode="arcade")
    top = app.stack.top
    assert isinstance(top, LevelSelectScene)
    assert [t.playable for t in top.tiles][:2] == [True, False]   # only level 1 is open at first
    assert scene.arcade.time_left == scene.level.clock            # the clock waits behind the list
    key(app, pygame.K_RETURN)
    settle_deal(app, scene)
    step(app, 3)
    assert app.stack.top is scene and scene.level.id == "level_01" and scene.phase == "play"
    assert scene.seed == solver.winnable_seed(scene.rules_options(), 1)   # --seed 1 deals the chosen level


def test_the_keys_reach_a_locked_level_and_show_its_info_but_cannot_start_it(app, drawn):
    scene = open_scene(app, seed=1, mode="arcade")
    listing = app.stack.top
    assert isinstance(listing, LevelSelectScene) and listing.menu.focused is listing.tiles[0]
    locked = listing.tiles[1]
    assert not any(locked.entry.level.summary() in text for text in drawn)
    key(app, pygame.K_RIGHT)                       # level 2, still locked
    assert listing.menu.focused is locked and not locked.open
    assert any(locked.entry.level.summary() in text for text in drawn)   # its info shows
    app.sounds.clear()
    key(app, pygame.K_RETURN)                      # but it does not start
    step(app, 2)
    assert app.stack.top is listing and scene.level.id == "level_01" and app.sounds == ["invalid"]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)                      # level 1 does
    step(app, 2)
    assert listing not in app.stack.scenes and scene.level.id == "level_01"


def test_initials_enter_the_high_score_table(app):
    scene = open_scene(app, seed=11, mode="arcade", level_id="level_01")
    for action in winning_line(scene):
        scene.act(action)
    step(app, 3)
    result = app.stack.top
    assert isinstance(result, ResultScene) and scene.result["rank"] == 0
    key(app, pygame.K_SPACE)                                      # skips the count-up
    step(app, 2)
    assert result.entering
    for ch in "zq7":
        key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
    key(app, pygame.K_RETURN)
    table = levels.level_record(app.storage.stats("tripeaks"), "level_01")["table"]
    assert table == [{"initials": "ZQ7", "score": scene.result["score"]}]
    step(app, 2)
    assert result.menu is not None
    labels = [b.text for b in result.menu.widgets]
    assert labels[0] == ("Next level" if scene.result["stars"] else "Retry")


def test_next_level_from_the_result_screen(app):
    scene = open_scene(app, seed=11, mode="arcade", level_id="level_01")
    for action in winning_line(scene):
        scene.act(action)
    step(app, 3)
    if scene.result["stars"] == 0:
        pytest.fail("a clear of level 1 by the solver's line should earn a star")
    key(app, pygame.K_SPACE)
    step(app, 2)
    key(app, pygame.K_RETURN)                                     # keep the initials
    step(app, 2)
    key(app, pygame.K_RETURN)                                     # "Next level" has the focus
    settle_deal(app, scene)
    assert app.stack.top is scene and scene.level.id == "level_02" and scene.actions == []


# ---------------------------------------------------------------- Relaxed and Classic


def test_undo_in_relaxed(app):
    scene = open_scene(app, seed=9, mode="relaxed")
    start = scene.host.state
    wait_for(app, lambda: scene.winnable is not None)   # the sign's solver runs in a background thread
    assert scene.winnable is True
    click(app, where(scene, Turn()))
    play = next((a for a in rules.legal_actions(scene.host.state) if isinstance(a, Play)), Turn())
    click(app, where(scene, play))
    assert len(scene.actions) == 2
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.host.state == start and scene.actions == []
    step(app, 2)
    assert len(scene.board.sprites("waste")) == len(start.waste)


def test_hint_points_at_a_move_that_keeps_the_win(app):
    scene = open_scene(app, seed=9, mode="relaxed")
    key(app, pygame.K_h)
    wait_for(app, lambda: scene.hint_target is not None)   # the hint is found in the background
    move = scene.hinted_action()
    after, _ = rules.apply(scene.host.state, move)
    assert solver.solve(after).winnable
    focused = scene.focus.current                           # the keyboard focus is on the hinted card...
    assert getattr(focused, "pile", focused) == scene.hint_target and scene.focus.visible
    step(app, 600, dt=0.05)                                 # ...and the ring stays, for as long as it takes...
    assert scene.hint_target is not None
    key(app, pygame.K_RETURN)                               # ...Enter plays it, and the ring goes with the move
    assert scene.actions == [str(move)] and scene.hint_target is None


def test_arcade_hints_are_limited(app):
    scene = open_scene(app, seed=9, mode="arcade", level_id="level_18")
    assert scene.hints_left == 0
    key(app, pygame.K_h)
    step(app, 30)
    assert scene.hint_target is None and "invalid" in app.sounds and not scene.hint_pending


def test_an_arcade_hint_spends_one_of_the_levels_hints(app):
    scene = open_scene(app, seed=9, mode="arcade", level_id="level_01")
    key(app, pygame.K_h)
    wait_for(app, lambda: scene.hint_target is not None)
    assert scene.hint_target is not None and scene.hints_left == scene.level.hints - 1


def test_no_undo_in_arcade(app):
    scene = open_scene(app, seed=9, mode="arcade", level_id="level_01")
    click(app, where(scene, Turn()))
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(scene.actions) == 1


def test_classic_bank_and_deal_next_hand(app):
    scene = open_scene(app, seed=6, mode="classic", winnable=False)
    click(app, where(scene, Turn()))
    click(app, where(scene, Turn()))
    assert scene.classic.hand == -10 and scene.classic.run == 0
    key(app, pygame.K_n)                                          # abandon the hand: asked first
    assert isinstance(app.stack.top, ConfirmScene) and scene.actions == ["turn", "turn"]
    key(app, pygame.K_LEFT)                                       # the safe "Keep playing" has the focus
    key(app, pygame.K_RETURN)                                     # yes
    step(app, 2)
    assert scene.actions == [] and scene.classic.bank == -10 and scene.classic.hand == 0
    classic = section(app, "classic")
    assert classic["figures"]["bank"] == -10 and classic["games"] == 1 and classic["wins"] == 0
    assert classic["abandoned"] == 1
    play = next((a for a in rules.legal_actions(scene.host.state) if isinstance(a, Play)), None)
    if play is not None:
        click(app, where(scene, play))
        assert scene.classic.total == -9


def test_resume_restores_the_clock_and_the_score(app):
    scene = open_scene(app, seed=11, mode="arcade", level_id="level_01")
    line = winning_line(scene)
    for action in line[:6]:
        click(app, where(scene, action))
    step(app, 30)
    saved = app.storage.load_game("tripeaks.arcade")
    assert saved is not None and saved["options"]["level_id"] == "level_01"
    again = TriPeaksScene(app, {}, resume=saved)
    assert again.host.state == scene.host.state and again.arcade.score == scene.arcade.score
    assert again.arcade.time_left == pytest.approx(scene.arcade.time_left, abs=0.6)
    app.stack.reset(again)
    step(app, 1)
    left = again.arcade.time_left
    step(app, 50)                                                  # READY: the clock waits a moment...
    assert again.arcade.time_left == left and again.phase == "ready"
    step(app, 60)                                                  # ...then GO
    assert again.phase == "play" and again.arcade.time_left < left


def test_every_layout_fits_the_canvas():
    from cardgames.games.tripeaks.layout import layout_names, load_layout

    for name in layout_names():
        (w, h), slots, stock, waste = table_geometry(load_layout(name))
        assert w >= 60, name
        for x, y in slots + [stock, waste]:
            assert 0 <= x and x + w <= 1280 and 76 <= y and y + h <= 700, name


def test_the_demo_plays_itself(app):
    app.settings["ai_speed"] = "fast"
    scene = open_scene(app, seed=8, mode="relaxed", humans=())
    step(app, 600, dt=0.1)
    assert scene.over and rules.is_won(scene.host.state)
    assert app.storage.stats("tripeaks") == {}                   # the demo records nothing


def test_relaxed_a_lost_hand_can_be_undone_and_counts_once(app):
    scene = open_scene(app, seed=9, mode="relaxed")
    while not scene.over:                                        # turn the whole stock: a loss
        click(app, where(scene, Turn()) if scene.host.state.stock else scene.board.top("waste").rect.center)
        if not scene.host.state.stock and not rules.is_over(scene.host.state):
            scene.act(rules.legal_actions(scene.host.state)[0])
    step(app, 3)
    result = app.stack.top
    assert isinstance(result, ResultScene) and not result.r["won"]
    assert app.storage.stats("tripeaks") == {}                   # not counted while it can be undone
    key(app, pygame.K_SPACE)
    step(app, 2)
    labels = [b.text for b in result.menu.widgets]
    result.menu.widgets[labels.index("Undo last move")].activate()
    step(app, 2)
    assert app.stack.top is scene and not scene.over and scene.phase == "play"
    key(app, pygame.K_n)                                         # a new deal: the hand counts, once
    assert isinstance(app.stack.top, ConfirmScene)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    settle_deal(app, scene)
    assert scene.actions == [] and solver.solve(scene.host.state).winnable
    assert section(app, "relaxed")["games"] == 1 and section(app, "relaxed")["wins"] == 0


def test_levels_from_the_result_and_back_shows_the_result_again(app):
    scene = open_scene(app, seed=2, mode="arcade", level_id="level_18")
    click(app, where(scene, Turn()))
    step(app, 910, dt=0.1)                                         # time runs out
    result = app.stack.top
    key(app, pygame.K_SPACE)
    step(app, 2)
    labels = [b.text for b in result.menu.widgets]
    result.menu.widgets[labels.index("Levels")].activate()
    step(app, 2)
    assert isinstance(app.stack.top, LevelSelectScene)
    key(app, pygame.K_ESCAPE)
    step(app, 2)
    again = app.stack.top
    assert isinstance(again, ResultScene) and again is not result and again.menu is not None


def test_restart_from_the_pause_menu_replays_the_same_deal(app):
    scene = open_scene(app, seed=2, mode="arcade", level_id="level_16")
    first, number = scene.host.state, scene.seed
    click(app, where(scene, Turn()))
    old = scene.host.state
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    pause.restart()                                                 # asks first before abandoning
    step(app, 1)
    app.stack.top.yes()
    step(app, 1)
    settle_deal(app, scene)
    assert scene.seed == number and scene.host.state == first and scene.options["deal"] == number
    assert scene.host.state != old and scene.actions == [] and scene.phase in ("ready", "play")
    assert solver.solve(scene.host.state).winnable
    arcade = section(app, "arcade")
    assert arcade["games"] == 1 and arcade["wins"] == 0 and arcade["abandoned"] == 1   # the abandoned hand, once
    assert scene.arcade.time_left > scene.level.clock - 1           # a fresh clock


def test_a_broken_level_file_is_shown_unavailable_and_the_rest_plays(app, tmp_path, monkeypatch):
    import json
    import shutil

    folder = tmp_path / "levels"
    (folder / "layouts").mkdir(parents=True)
    shutil.copy(levels.LEVELS_PATH / "layouts" / "classic.json", folder / "layouts" / "classic.json")
    good = json.loads((levels.LEVELS_PATH / "level_01.json").read_text())
    (folder / "level_01.json").write_text(json.dumps(good))
    (folder / "level_02.json").write_text(json.dumps(dict(good, clock="soon")))
    (folder / "level_03.json").write_text(json.dumps(good))
    real = levels.load_levels
    monkeypatch.setattr(levels, "load_levels", lambda: real(folder))
    app.storage.update_stats("tripeaks", lambda s: levels.record_level(s, "level_01", 25000, 1))
    scene = open_scene(app, seed=3, mode="arcade")
    listing = app.stack.top
    assert isinstance(listing, LevelSelectScene)
    assert [t.entry.available for t in listing.tiles] == [True, False, True]
    assert [t.playable for t in listing.tiles] == [True, False, True]   # level 3 opens past the broken one
    assert "level_02.json: clock:" in listing.tiles[1].entry.error
    surface = pygame.Surface((1280, 720))
    listing.draw(surface)                                            # the error line is drawn, no crash
    assert scene.level.id == "level_03"                              # the next level to play
    key(app, pygame.K_RETURN)
    settle_deal(app, scene)
    step(app, 3)
    click(app, where(scene, Turn()))
    assert scene.actions == ["turn"]


def test_the_first_deal_is_found_in_the_background_and_keeps_the_old_save(app, monkeypatch):
    import threading

    from cardgames.games.tripeaks.scene_overlays import DealingScene

    opts = {"wrap": False, "wild": False, "open_peaks": False, "empty_waste": False, "layout": "classic"}
    seed = next(s for s in range(100) if not solver.solve(rules.new_game(opts, s)).winnable)
    app.storage.save_game("tripeaks.relaxed", {"game": "tripeaks", "options": {"mode": "relaxed"}, "seed": 1,
                                       "actions": ["turn"], "extra": {}})
    threads = []
    real = solver.winnable_seed
    monkeypatch.setattr(solver, "winnable_seed",
                        lambda *a, **k: threads.append(threading.current_thread()) or real(*a, **k))
    scene = TriPeaksScene(app, {"mode": "relaxed", "wrap": False}, seed=seed)
    assert threads == []                                            # the constructor never searches
    app.stack.push(scene)
    app.stack.apply_pending()
    assert isinstance(app.stack.top, DealingScene)
    settle_deal(app, scene)
    assert threads and threading.main_thread() not in threads
    assert scene.seed == real(opts, seed) != seed                   # same seed, same winnable deal
    assert scene.host.state == rules.new_game(opts, scene.seed) and solver.solve(scene.host.state).winnable
    assert app.storage.load_game("tripeaks.relaxed") is not None   # kept until the first move


def test_no_focus_ring_or_lit_button_is_left_on_the_table_under_the_result_panel(app, monkeypatch):
    """The ring stayed drawn on "Levels (L)" behind the result panel: under an overlay the table
    draws no ring (the keys are the overlay's) and no button lit as focused."""
    from cardgames.engine import input as engine_input
    from cardgames.ui import widgets

    rings, lit = [], []
    draw_focus = engine_input.draw_focus
    monkeypatch.setattr(engine_input, "draw_focus", lambda surface, rect, *a, **k: (rings.append(rect),
                                                                                   draw_focus(surface, rect, *a, **k)))
    button_draw = widgets.Button.draw
    monkeypatch.setattr(widgets.Button, "draw", lambda self, surface, focused: (
        lit.append(self.text) if focused else None, button_draw(self, surface, focused)))
    scene = open_scene(app, seed=7, mode="relaxed")
    scene.focus.visible = True
    name = next(iter(scene.focus_buttons()))
    scene.focus.current = f"button:{name}"
    surface = pygame.Surface((1280, 720))
    app.stack.draw(surface)
    assert rings and lit, "the table on top draws its ring and the focused button lit"
    for action in winning_line(scene):
        scene.act(action)
    wait_for(app, lambda: isinstance(app.stack.top, ResultScene))
    scene.focus.visible = True
    scene.focus.current = f"button:{name}"
    rings.clear()
    lit.clear()
    app.stack.draw(surface)       # the table, then the result panel over it
    assert app.stack.visible()[0] is scene
    assert [r for r in rings if r == scene.focus_rect(f"button:{name}")] == []
    assert not any(text.startswith(name) for text in lit), lit
