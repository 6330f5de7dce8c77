"""TriPeaks: undo and hints after a resume, the footer per mode and device, Arcade levels saved and
resumed, one saved game per mode, "Play deal #" in Arcade, and the end panels' layout (issue 23).

Headless scenes driven by real key and mouse events, as in test_tripeaks_scene.py, whose helpers
(open_scene, step, wait_for, where) are reused.
"""
from __future__ import annotations

import pygame
import pytest
from scene_events import key
from test_tripeaks_deals import watched_app
from test_tripeaks_scene import open_scene, step, wait_for

from cardgames.games.tripeaks import rules, solver
from cardgames.games.tripeaks.rules import Play
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.games.tripeaks.scene_hud import _key_hints
from cardgames.scenes.confirm import ConfirmScene
from cardgames.ui import controls


@pytest.fixture
def app(tmp_path):
    return watched_app(tmp_path)


def lose_relaxed(app, seed=5):
    """A Relaxed hand played until it can no longer be won (the stock turned): the scene."""
    scene = open_scene(app, seed=seed, mode="relaxed")
    while solver.solve(scene.host.state).winnable:
        key(app, pygame.K_SPACE)
    wait_for(app, lambda: scene.winnable is False)
    return scene


def resume(app, scene):
    """Quit to the menu and Continue: the saved game opened again, on top."""
    saved = app.storage.load_game(f"tripeaks.{scene.mode}")
    assert saved is not None and saved["actions"] == scene.actions
    app.stack.reset(app.screens.select(game="tripeaks"))
    app.stack.apply_pending()
    again = TriPeaksScene(app, {}, resume=saved)
    app.stack.push(again)
    app.stack.apply_pending()
    step(app, 3)
    assert again.host.state == scene.host.state
    return again


def answer_hint(app, scene):
    """Press H and wait for its answer: the undo dialog on top, or a ring on the table."""
    key(app, pygame.K_h)
    wait_for(app, lambda: isinstance(app.stack.top, ConfirmScene) or scene.hint_target is not None)
    return app.stack.top


# ---------------------------------------------------------------- undo after a resume


def test_a_resumed_relaxed_game_accepts_every_undo_it_offers(app):
    played = lose_relaxed(app)
    scene = resume(app, played)
    wait_for(app, lambda: scene.winnable is False)
    dialog = answer_hint(app, scene)
    assert isinstance(dialog, ConfirmScene)
    n = next(int(w) for w in dialog.yes_button.text.split() if w.isdigit())
    before = len(scene.actions)
    dialog.yes()                                                    # the offer is taken...
    step(app, 2)
    assert len(scene.actions) == before - n                         # ...and kept: n moves back
    assert solver.solve(scene.host.state).winnable and app.stack.top is scene
    while scene.actions:                                            # and back to the deal, move by move
        left = len(scene.actions)
        key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
        assert len(scene.actions) == left - 1, app.notes
    assert scene.host.state == rules.new_game(scene.rules_options(), scene.seed)


# ---------------------------------------------------------------- hints


def test_a_declined_undo_shows_a_card_that_plays(app):
    scene = lose_relaxed(app, seed=5)
    dialog = answer_hint(app, scene)
    assert isinstance(dialog, ConfirmScene)
    key(app, pygame.K_RETURN)                                       # "Keep playing" has the focus
    step(app, 2)
    assert app.stack.top is scene and scene.hint_target is not None
    hinted = scene.hinted_action()
    legal = rules.legal_actions(scene.host.state)
    assert hinted in legal
    assert isinstance(hinted, Play) or not any(isinstance(a, Play) for a in legal)   # a card, when one plays
    focused = scene.focus.current
    assert getattr(focused, "pile", focused) == scene.hint_target and scene.focus.visible
    key(app, pygame.K_h)                                            # H again: the same card, not the question
    step(app, 2)
    assert app.stack.top is scene and scene.hinted_action() == hinted


@pytest.mark.parametrize("device", ["keyboard", "mouse", "pad"])
def test_the_footer_offers_hints_only_where_there_are_some(app, device):
    app.input.device = device
    for mode, level, hints in (("classic", None, False), ("relaxed", None, True),
                               ("arcade", "level_01", True), ("arcade", "level_18", False)):
        scene = open_scene(app, seed=9, mode=mode, level_id=level, winnable=mode != "classic")
        words = controls.text(app, _key_hints(scene), scene).lower()
        assert ("hint" in words) == (hints and device != "mouse"), (mode, level, words)
        assert ("h: hint" in words) == (hints and device == "keyboard")
        if device == "pad":
            assert ("{y}" in _key_hints(scene)) == hints
        app.stack.reset(app.screens.select(game="tripeaks"))
        app.stack.apply_pending()


# ---------------------------------------------------------------- Arcade levels saved, one save per mode


def select_screen(app, mode):
    """The select screen on TriPeaks with `mode` chosen (the tutorial already seen)."""
    from cardgames import achievements
    from cardgames.scenes.select import SelectScene

    achievements.tutorial_ended(app, "tripeaks", "skipped")
    app.settings["last_options"] = {"tripeaks": {"mode": mode}}
    select = SelectScene(app, game="tripeaks")
    app.stack.reset(select)
    app.stack.apply_pending()
    step(app, 2)
    return select


def quit_to_menu(app):
    """Esc, then the pause menu's "Quit to menu" by keys: the select screen on top."""
    from cardgames.scenes.pause import PauseScene
    from cardgames.scenes.select import SelectScene

    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.menu.set_focus(pause.buttons[-1])
    assert pause.buttons[-1].text == "Quit to menu"
    key(app, pygame.K_RETURN)
    step(app, 2)
    assert isinstance(app.stack.top, SelectScene)
    return app.stack.top


def arcade_games(app):
    from cardgames import records

    return records.load(app.storage, "tripeaks")["modes"].get("arcade", records.empty_section())["games"]


@pytest.mark.parametrize("moves", [0, 2])
def test_an_arcade_level_quit_to_the_menu_is_kept_and_continues_with_its_clock(app, moves):
    select_screen(app, "arcade")
    scene = open_scene(app, seed=11, mode="arcade", level_id="level_03")
    step(app, 90)                                                   # the clock runs...
    for _ in range(moves):
        key(app, pygame.K_SPACE)
    step(app, 30)
    assert scene.phase == "play" and scene.arcade.time_left < scene.arcade.clock
    left, state = scene.arcade.time_left, scene.host.state
    select = quit_to_menu(app)
    assert arcade_games(app) == 0                                   # not counted: nothing was given up
    step(app, 120)                                                  # time in the menu does not count
    assert select.has_save and select.continue_button.enabled
    select.continue_button.activate()
    step(app, 1)
    again = app.stack.top
    assert isinstance(again, TriPeaksScene) and again.level.id == "level_03" and again.host.state == state
    assert again.arcade.time_left == pytest.approx(left, abs=0.2) and again.phase == "ready"
    step(app, 120)                                                  # READY, then GO: the clock runs on
    assert again.phase == "play" and again.arcade.time_left < left
    assert arcade_games(app) == 0


def test_starting_an_arcade_level_keeps_the_saved_relaxed_hand(app):
    select = select_screen(app, "relaxed")
    relaxed = open_scene(app, seed=5, mode="relaxed")
    key(app, pygame.K_SPACE)
    key(app, pygame.K_SPACE)
    hand = relaxed.host.state
    select = quit_to_menu(app)
    assert select.has_save
    select.set_option("mode", "arcade")                             # Arcade has no saved game: Start, no question
    assert not select.has_save and select.start_button.text == "Start" and not select.continue_button.enabled
    select.start_button.activate()
    step(app, 2)
    assert not isinstance(app.stack.top, ConfirmScene)
    wait_for(app, lambda: type(app.stack.top).__name__ == "LevelSelectScene")
    key(app, pygame.K_RETURN)                                       # the first level
    arcade = next(s for s in app.stack.scenes if isinstance(s, TriPeaksScene))
    wait_for(app, lambda: app.stack.top is arcade)
    key(app, pygame.K_SPACE)
    assert app.storage.load_game("tripeaks.arcade")["actions"] == ["turn"]
    select = quit_to_menu(app)
    select.set_option("mode", "relaxed")                            # the Relaxed hand is still there
    assert select.has_save
    select.continue_button.activate()
    step(app, 2)
    assert app.stack.top.mode == "relaxed" and app.stack.top.host.state == hand
    assert app.storage.load_game("tripeaks.arcade") is not None     # and the Arcade level too


def test_an_old_single_save_moves_to_its_modes_slot(tmp_path):
    from cardgames import storage as storage_module
    from cardgames.app import headless_app

    old = {"game": "tripeaks", "options": {"mode": "relaxed", "humans": [0]}, "seed": 5, "actions": ["turn", "turn"],
           "extra": {"hints_left": 0}}
    storage_module.Storage(tmp_path).save_game("tripeaks", old)    # as the game wrote it before: saves/tripeaks.json
    assert (tmp_path / "saves" / "tripeaks.json").exists()
    app = headless_app(tmp_path)                                   # the app starting moves it
    assert not (tmp_path / "saves" / "tripeaks.json").exists()
    assert app.storage.load_game("tripeaks.relaxed")["actions"] == ["turn", "turn"]
    assert app.storage.load_game("tripeaks.arcade") is None
    select = select_screen(app, "relaxed")
    assert select.has_save


def test_an_old_save_whose_slot_is_taken_is_kept_aside_with_a_notice(tmp_path):
    from cardgames.games import registry
    from cardgames.storage import Storage

    s = Storage(tmp_path)
    save = {"game": "tripeaks", "options": {"mode": "relaxed", "humans": [0]}, "seed": 5, "actions": ["turn"]}
    s.save_game("tripeaks", save)
    s.save_game("tripeaks.relaxed", dict(save, actions=["turn", "turn"]))
    s.migrate_saves(registry.GAMES)
    assert s.load_game("tripeaks.relaxed")["actions"] == ["turn", "turn"]   # the newer one is kept in place
    assert not (tmp_path / "saves" / "tripeaks.json").exists()
    assert any(p.name.startswith("tripeaks.json.corrupt") for p in (tmp_path / "saves").iterdir())   # kept
    assert len(s.take_notices()) == 1
    s.migrate_saves(registry.GAMES)                                 # nothing left to move: nothing said
    assert s.take_notices() == []


def test_another_level_from_the_list_asks_before_giving_up_the_one_under_way(app):
    scene = open_scene(app, seed=11, mode="arcade", level_id="level_01")
    key(app, pygame.K_SPACE)
    key(app, pygame.K_l)
    levels_list = app.stack.top
    levels_list.choose("level_02")
    step(app)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene) and dialog.question == "Give up this level?"
    key(app, pygame.K_RETURN)                                       # "Keep playing" has the focus
    step(app, 2)
    assert scene.level.id == "level_01" and scene.actions == ["turn"] and arcade_games(app) == 0
    key(app, pygame.K_l)
    app.stack.top.choose("level_02")
    step(app)
    app.stack.top.yes()                                             # given up: counted, then the other level
    wait_for(app, lambda: app.stack.top is scene)
    assert scene.level.id == "level_02" and scene.actions == [] and arcade_games(app) == 1


def test_play_deal_in_arcade_says_and_chooses_the_level(app):
    from cardgames.games.tripeaks import levels
    from cardgames.games.tripeaks.deal_entry import DealEntryScene

    stats = {}
    for i in range(1, 4):                                           # three levels played: four open
        levels.record_level(stats, f"level_0{i}", 1000, 1)
    app.storage.update_stats("tripeaks", lambda s: s | stats)
    select = select_screen(app, "arcade")
    next(b for b in select.extras if b.text.startswith("Play deal")).activate()
    step(app)
    entry = app.stack.top
    assert isinstance(entry, DealEntryScene) and entry.level is not None
    assert entry.level.value == "level_04"                          # the level an Arcade game opens on...
    assert [v for v, _ in entry.level.choices] == ["level_01", "level_02", "level_03", "level_04"]   # ...or any open
    assert entry.level.value_label.startswith("4. ")
    entry.menu.set_focus(entry.level)
    key(app, pygame.K_LEFT)
    assert entry.level.value == "level_03"
    for ch in "4242":
        key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
    key(app, pygame.K_RETURN)
    step(app, 3)
    game = app.stack.top
    assert isinstance(game, TriPeaksScene) and game.level.id == "level_03" and game.seed == 4242   # no list first
    assert game.host.state == rules.new_game(game.rules_options(), 4242)
    key(app, pygame.K_SPACE)
    select = quit_to_menu(app)                                      # a deal over a saved level asks first
    next(b for b in select.extras if b.text.startswith("Play deal")).activate()
    step(app)
    for ch in "77":
        key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
    key(app, pygame.K_RETURN)
    step(app, 2)
    assert isinstance(app.stack.top, ConfirmScene) and app.stack.top.question == "Start a new game?"


def test_the_daily_challenge_asks_before_replacing_a_saved_game_of_its_mode(app):
    import datetime as dt

    from cardgames.games.tripeaks.daily import CalendarScene

    select_screen(app, "arcade")
    scene = open_scene(app, seed=11, mode="arcade", level_id="level_01")
    key(app, pygame.K_SPACE)
    quit_to_menu(app)
    calendar = CalendarScene(app, day=dt.date(2026, 12, 1))
    app.stack.push(calendar)
    app.stack.apply_pending()
    calendar.play("classic")                                        # Classic has no saved game: at once
    wait_for(app, lambda: isinstance(app.stack.top, TriPeaksScene))
    assert app.stack.top.daily == "2026-12-01"
    app.stack.reset(calendar)
    app.stack.apply_pending()
    calendar.play("arcade")                                         # over the saved level: asked first
    step(app)
    assert isinstance(app.stack.top, ConfirmScene)
    key(app, pygame.K_RETURN)                                       # Cancel has the focus: kept
    step(app)
    assert app.stack.top is calendar and app.storage.load_game("tripeaks.arcade")["actions"] == ["turn"]
    assert arcade_games(app) == 0
    calendar.play("arcade")
    step(app)
    app.stack.top.yes()                                             # given up: counted, and the daily deal
    wait_for(app, lambda: isinstance(app.stack.top, TriPeaksScene))
    assert app.stack.top.daily == "2026-12-01" and app.storage.load_game("tripeaks.arcade") is None
    assert arcade_games(app) == 1 and scene.level.id == "level_01"


# ---------------------------------------------------------------- the end panels


def end_panel(app, mode, monkeypatch):
    """Two won hands in `mode` (the second touches a record: the winning streak); the result panel, counted
    up, with what it drew: [(text, rect)] and the records ribbon's rect."""
    from cardgames.games.tripeaks import scene_overlays
    from cardgames.ui import theme

    kw = {"level_id": "level_01"} if mode == "arcade" else {}
    for _ in range(2):
        app.stack.reset(app.screens.select(game="tripeaks"))
        app.stack.apply_pending()
        scene = open_scene(app, seed=11, mode=mode, **kw)
        for action in solver.solve(scene.host.state).line:
            scene.act(action)
        wait_for(app, lambda: isinstance(app.stack.top, scene_overlays.ResultScene))
    result = app.stack.top
    assert scene.records_touched
    result.skip()
    result.entered = True                                           # past the initials: the buttons
    step(app, 2)
    drawn, ribbon = [], []
    real_text, real_ribbon = theme.draw_text, scene_overlays.draw_touched

    def spy_text(surface, text, pos, *a, **kw):
        rect = real_text(surface, text, pos, *a, **kw)
        drawn.append((str(text), rect))
        return rect

    monkeypatch.setattr(theme, "draw_text", spy_text)
    monkeypatch.setattr(scene_overlays, "draw_touched", lambda *a: ribbon.append(real_ribbon(*a)))
    result.draw(app.canvas.surface)
    monkeypatch.undo()
    return result, drawn, ribbon[0]


@pytest.mark.parametrize("lang", ["en", "ta"])
@pytest.mark.parametrize("mode", ["arcade", "classic", "relaxed"])
def test_the_end_panel_keeps_its_ribbon_inside_and_the_deal_clear_of_the_title(app, mode, lang, monkeypatch):
    from cardgames import i18n

    i18n.set_language(lang)
    result, drawn, ribbon = end_panel(app, mode, monkeypatch)
    box = result.box
    assert ribbon is not None and box.contains(ribbon)              # the ribbon is inside the panel...
    assert not any(ribbon.colliderect(b.rect) for b in result.menu.widgets)   # ...clear of the buttons
    title = drawn[0][1]
    deal = next(rect for text, rect in drawn if "#11" in text)
    assert box.contains(deal) and deal.top >= title.bottom + 4      # the deal under the title, apart


@pytest.mark.parametrize("device", ["keyboard", "mouse"])
def test_the_initials_prompt_names_what_the_device_can_do(app, device, drawn):
    from cardgames.games.tripeaks.scene_overlays import ResultScene

    scene = open_scene(app, seed=11, mode="arcade", level_id="level_01")
    for action in solver.solve(scene.host.state).line:                   # a first clear: it enters the table
        scene.act(action)
    wait_for(app, lambda: isinstance(app.stack.top, ResultScene))
    result = app.stack.top
    result.skip()
    step(app, 2)
    assert result.entering
    app.input.device = device
    controls._cache.clear()                                         # the prompt drawn afresh, for this device
    drawn.clear()
    result.draw(app.canvas.surface)
    prompt = next(text for text in drawn if text.startswith("Type your initials"))
    assert "Click" not in prompt and "Enter to keep" in prompt     # nothing on the panel takes a click


# ---------------------------------------------------------------- every move undone

def test_undo_back_to_the_deal_then_quit_leaves_no_save_that_brings_the_moves_back(app):
    """A game with no move is not saved; undoing every move makes the hand one with no move, so the
    save written after the first move goes too: Continue never brings back moves taken back."""
    select_screen(app, "relaxed")
    scene = open_scene(app, seed=5, mode="relaxed")
    key(app, pygame.K_SPACE)                                   # one move: the hand is saved
    assert app.storage.load_game("tripeaks.relaxed")["actions"] == scene.actions != []
    key(app, pygame.K_BACKSPACE)                               # undo: back to the deal
    assert scene.actions == []
    select = quit_to_menu(app)
    assert app.storage.load_game("tripeaks.relaxed") is None
    assert not select.has_save and not select.continue_button.enabled

    scene = open_scene(app, seed=5, mode="relaxed")            # the same after a resume
    key(app, pygame.K_SPACE)
    key(app, pygame.K_SPACE)
    quit_to_menu(app)
    again = resume(app, scene)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    assert again.actions == []
    select = quit_to_menu(app)
    assert app.storage.load_game("tripeaks.relaxed") is None and not select.has_save
