"""TriPeaks numbered deals, the daily challenge, the solver's help under a CPU budget, and the finished arcade.

Headless scenes driven by real key and mouse events (scene_events), as in
test_tripeaks_scene.py, whose helpers (open_scene, step, wait_for) are reused.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import threading
import time

import pygame
import pytest
from scene_events import FRAME, click, key
from test_tripeaks_scene import open_scene, settle_deal, step, wait_for, where, winning_line

from cardgames.games.tripeaks import deals, levels, rules, solver
from cardgames.games.tripeaks.daily import CalendarScene, start_daily
from cardgames.games.tripeaks.deal_entry import DealEntryScene
from cardgames.games.tripeaks.rules import Turn
from cardgames.games.tripeaks.scene_hud import cards_left, clock_text
from cardgames.games.tripeaks.scene_overlays import ResultScene
from cardgames.games.tripeaks.scoring import ArcadeScore, level_stars
from cardgames.scenes.confirm import ConfirmScene
from cardgames.table import tripeaks_assist


def watched_app(tmp_path):
    """A headless app with animations off whose sounds and notices are kept (app.sounds, app.notes)."""
    from cardgames.app import headless_app

    app = headless_app(tmp_path)
    app.settings["anim_speed"] = "off"
    app.sounds, app.notes = [], []
    app.play_sound = lambda name, volume=1.0: app.sounds.append(name)
    real_notify = app.notify
    app.notify = lambda text: (app.notes.append(text), real_notify(text))
    return app


@pytest.fixture
def app(tmp_path):
    return watched_app(tmp_path)


DAILY_CARDS = ["JS", "3H", "5D"]   # the first cards of the 2026-12-01 Arcade daily, on every machine

RELAXED = {"wrap": True, "wild": False, "open_peaks": False, "empty_waste": False, "layout": "classic"}


# ---------------------------------------------------------------- numbered deals


def test_the_deal_number_round_trip_from_the_select_screen(app):
    """Typed on the select screen's "Play deal #", shown on the table and the result: the same deal."""
    from cardgames.scenes.select import SelectScene

    app.settings["last_options"] = {"tripeaks": {"mode": "relaxed"}}
    select = SelectScene(app, game="tripeaks")
    app.stack.push(select)
    app.stack.apply_pending()
    step(app)
    entry = next(b for b in select.extras if b.text.startswith("Play deal"))
    click(app, entry.rect.center)
    top = app.stack.top
    assert isinstance(top, DealEntryScene)
    for ch in "90210":                                             # digits by keyboard...
        key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
    click(app, next(k for k in top.keys if k.text == "7").rect.center)   # ...and one by mouse
    assert top.text == "902107"
    click(app, top.play_button.rect.center)
    step(app, 3)
    game = app.stack.top
    assert type(game).__name__ == "TriPeaksScene" and game.seed == 902107
    assert game.host.state == rules.new_game(RELAXED, 902107)           # exactly that deal, winnable or not
    assert game.options["deal"] == 902107 and game.deal_label == "Deal #902,107"
    assert deals.parse_number(deals.label(902107)) == 902107
    app.stack.reset(select)
    app.stack.apply_pending()
    select.extras[0].activate()                                    # keyboard only: digits, then Enter
    step(app)
    for ch in "31":
        key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
    key(app, pygame.K_RETURN)
    step(app, 3)
    assert app.stack.top.seed == 31 and app.stack.top.host.state == rules.new_game(RELAXED, 31)


def test_a_bad_deal_number_says_why_and_keeps_the_entry(app):
    from cardgames.scenes.select import SelectScene

    select = SelectScene(app, game="tripeaks")
    app.stack.push(select)
    app.stack.apply_pending()
    entry = DealEntryScene(app, select)
    app.stack.push(entry)
    app.stack.apply_pending()
    key(app, pygame.K_RETURN)
    assert app.stack.top is entry and entry.error == "Type a deal number."
    for ch in "12345678":
        key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
    assert entry.text == "1234567" and "at most 7 digits" in entry.error
    with pytest.raises(ValueError, match="digits only"):
        deals.parse_number("12a")


def test_the_same_number_deals_the_same_cards_in_every_mode(app):
    states = []
    for mode in ("classic", "relaxed"):
        scene = open_scene(app, seed=None, mode=mode, deal=4242)
        states.append(scene.host.state)
        app.stack.reset(app.stack.scenes[0])
    assert states[0] == states[1] == rules.new_game(RELAXED, 4242)
    # from the number alone, through sha256 child seeds: fixed cards for deal 4242 on every machine
    assert [str(c) for c in states[0].tableau[:4]] == [str(c) for c in rules.new_game({}, 4242).tableau[:4]]


def test_restart_replays_the_same_deal_and_new_deal_asks_then_deals_another(app):
    scene = open_scene(app, seed=77, mode="relaxed")
    number, first = scene.seed, scene.host.state
    click(app, where(scene, Turn()))
    scene.restart()                                               # the pause menu's Restart, Retry
    step(app, 2)
    assert scene.seed == number and scene.host.state == first and scene.actions == []
    click(app, where(scene, Turn()))
    key(app, pygame.K_n)
    assert isinstance(app.stack.top, ConfirmScene)
    key(app, pygame.K_ESCAPE)                                     # no: the hand goes on
    assert app.stack.top is scene and scene.actions == ["turn"]
    key(app, pygame.K_n)
    key(app, pygame.K_LEFT)                                       # the safe "Keep playing" has the focus
    key(app, pygame.K_RETURN)                                     # yes
    settle_deal(app, scene)
    assert scene.seed != number and scene.actions == [] and 1 <= scene.seed <= deals.DEAL_MAX
    assert scene.host.state == rules.new_game(RELAXED, scene.seed) and solver.solve(scene.host.state).winnable
    key(app, pygame.K_n)                                          # nothing played yet: no question
    settle_deal(app, scene)
    assert not isinstance(app.stack.top, ConfirmScene)


# ---------------------------------------------------------------- the daily challenge


def test_the_daily_deal_for_a_fixed_date():
    day = dt.date(2026, 12, 1)
    # the same starting number for everyone, from the date and the mode only (sha256 child seeds)
    assert deals.daily_start(day, "arcade") == deals.daily_start(day, "arcade") == 5_709_761
    assert deals.daily_start(day, "classic") == 2_256_565
    assert deals.daily_start(day + dt.timedelta(days=1), "arcade") != deals.daily_start(day, "arcade")
    level = levels.daily_level()
    arcade_opts = dict(level.variants(), layout=level.layout)
    number = solver.winnable_seed(arcade_opts, deals.daily_start(day, "arcade"))
    assert number == 5_709_761 and solver.solve(rules.new_game(arcade_opts, number)).winnable   # winnable itself
    assert [str(c) for c in rules.new_game(arcade_opts, number).tableau[:3]] == DAILY_CARDS


@pytest.mark.dates
def test_a_daily_challenge_is_played_recorded_and_shown_on_the_calendar(app, on_day):
    day = dt.date(2026, 12, 1)
    on_day(day)                     # the calendar opened from the result counts the streak as of today
    calendar = CalendarScene(app, day=day)
    app.stack.push(calendar)
    app.stack.apply_pending()
    key(app, pygame.K_RETURN)                                     # "Play today's Arcade" has the focus
    game = next(s for s in app.stack.scenes if type(s).__name__ == "TriPeaksScene")
    settle_deal(app, game)
    step(app, 3)
    assert game.daily == "2026-12-01" and game.mode == "arcade" and game.level.id == "daily_arcade"
    assert game.options["daily"] == "2026-12-01" and game.options["deal"] == game.seed
    assert game.seed == solver.winnable_seed(game.rules_options(), deals.daily_start(day, "arcade"))
    for action in winning_line(game):
        game.act(action)
    step(app, 3)
    result = app.stack.top
    assert isinstance(result, ResultScene) and result.r["won"] and result.r["daily"] == "2026-12-01"
    records = app.storage.load(deals.DAILY_FILE)
    assert deals.day_record(records, "arcade", "2026-12-01") == {"played": 1, "won": True,
                                                                 "best": game.result["score"]}
    assert levels.level_record(app.storage.stats("tripeaks"), "daily_arcade")["best"] == 0   # not a level's progress
    records = deals.record_daily(records, "classic", "2026-11-30", True, 12)
    records = deals.record_daily(records, "classic", "2026-11-28", True, 3)
    assert deals.streak(records, day) == 2 and deals.streak(records, day + dt.timedelta(days=1)) == 2
    assert deals.streak(records, day + dt.timedelta(days=2)) == 0
    key(app, pygame.K_SPACE)
    step(app, 2)
    labels = [b.text for b in result.menu.widgets]
    assert labels == ["Retry", "Calendar", "Menu"]
    result.menu.widgets[1].activate()
    step(app, 2)
    shown = app.stack.top
    assert isinstance(shown, CalendarScene) and shown.streak >= 1
    shown.draw(pygame.Surface((1280, 720)))


def test_the_daily_classic_hand_has_no_next_hand(app):
    game = start_daily(app, "classic", dt.date(2026, 12, 1))
    app.stack.push(game)
    app.stack.apply_pending()
    settle_deal(app, game)
    assert game.seed == solver.winnable_seed(game.rules_options(), 2_256_565)
    click(app, where(game, Turn()))
    key(app, pygame.K_n)
    assert app.stack.top is game and any("one deal" in n for n in app.notes)
    assert not any(b.text.startswith("Next hand") for b in game.buttons)


# ---------------------------------------------------------------- help that never gives up


def test_hints_wait_with_a_spinner_on_a_slow_machine_and_never_fail(app, monkeypatch):
    """A machine made slow (a test double): every solve first waits 0.3 s (the solving thread gets no CPU
    meanwhile), and the first two tries run out of their CPU budget. The hint waits (spinner), then answers."""
    real = solver.solve
    tries = []

    def slow_solve(state, max_nodes=None, time_limit=None, method="auto"):
        time.sleep(0.3)
        tries.append(time_limit)
        if threading.current_thread() is threading.main_thread():
            raise AssertionError("the solver must run in the background")
        if len(tries) <= 2:                                        # the budget runs out on this machine
            return solver.Result(None, (), 0)
        return real(state, max_nodes, time_limit, method)

    scene = open_scene(app, seed=9, mode="arcade", level_id="level_01")   # Arcade: no live sign solving too
    monkeypatch.setattr(solver, "solve", slow_solve)
    monkeypatch.setattr(tripeaks_assist, "FIRST_BUDGET", 1e-9)
    solver.clear_session()
    key(app, pygame.K_h)
    step(app, 10)
    assert scene.hint_pending and scene.hint_target is None
    drawn = []
    monkeypatch.setattr("cardgames.games.tripeaks.scene.draw_spinner", lambda *a, **k: drawn.append(a))
    scene.draw(pygame.Surface((1280, 720)))
    assert drawn                                                   # the Hint button shows the spinner
    wait_for(app, lambda: scene.hint_target is not None)
    assert len(tries) == 3 and tries[2] == 2 * tries[1] == 4 * tries[0]   # the budget doubled until it answered
    after, _ = rules.apply(scene.host.state, scene.hinted_action())
    assert real(after).winnable
    assert not [n for n in app.notes if "try again" in n.lower() or "unknown" in n.lower()]


def test_the_winnable_sign_waits_rather_than_says_unknown(app, monkeypatch):
    monkeypatch.setattr(tripeaks_assist, "FIRST_BUDGET", 1e-9)
    solver.clear_session()
    scene = open_scene(app, seed=12, mode="relaxed")
    wait_for(app, lambda: scene.winnable is not None)
    assert scene.winnable is True


def test_relaxed_a_lost_hand_is_undone_to_a_winnable_position_and_won(app):
    scene = open_scene(app, seed=5, mode="relaxed")
    while solver.solve(scene.host.state).winnable:                     # turn the stock until the hand is lost
        click(app, where(scene, Turn()))
    lost_after = len(scene.actions)
    wait_for(app, lambda: scene.winnable is False)
    key(app, pygame.K_h)
    wait_for(app, lambda: isinstance(app.stack.top, ConfirmScene))
    dialog = app.stack.top
    n = next(int(w) for w in dialog.yes_button.text.split() if w.isdigit())
    assert dialog.yes_button.text == ("Undo 1 move" if n == 1 else f"Undo {n} moves")
    key(app, pygame.K_LEFT)                                       # from "Keep playing" (the safe one)
    key(app, pygame.K_RETURN)
    step(app, 2)
    assert len(scene.actions) == lost_after - n and solver.solve(scene.host.state).winnable
    assert n == 1                                                 # the last turn lost it: one move back
    for action in winning_line(scene):
        click(app, where(scene, action))
    assert rules.is_won(scene.host.state)


# ---------------------------------------------------------------- the arcade, finished


def test_a_slow_clear_earns_one_star_and_opens_the_next_level(app):
    scene = open_scene(app, seed=11, mode="arcade", level_id="level_01")
    scene.level = dataclasses.replace(scene.level, targets=(10**7, 2 * 10**7, 3 * 10**7))   # out of reach
    for action in winning_line(scene):
        scene.act(action)
    step(app, 3)
    assert scene.result["won"] and scene.result["stars"] == 1
    stats = app.storage.stats("tripeaks")
    assert levels.level_record(stats, "level_01")["stars"] == 1
    assert levels.unlocked(scene.entries, stats)[1] and scene.next_level_id() == "level_02"
    assert level_stars(0, (1, 2, 3), cleared=True) == 1 and level_stars(2, (1, 2, 3), cleared=True) == 2
    assert level_stars(0, (1, 2, 3), cleared=False) == 0


def test_the_result_buttons_fit_inside_the_panel(app):
    scene = open_scene(app, seed=11, mode="arcade", level_id="level_01")
    for action in winning_line(scene):
        scene.act(action)
    step(app, 3)
    result = app.stack.top
    key(app, pygame.K_SPACE)
    step(app, 2)
    key(app, pygame.K_RETURN)                                     # the initials
    step(app, 2)
    buttons = result.menu.widgets
    assert [b.text for b in buttons] == ["Next level", "Retry", "New deal", "Levels", "Menu"]
    assert all(result.box.contains(b.rect) for b in buttons)


def test_the_clock_shows_the_seconds_the_bonus_pays():
    score = ArcadeScore(clock=60, streak_seconds=5).advance(60 - 41.6)
    assert clock_text(score) == "0:41" and score.clear_bonus(0)[0].count == 41
    assert clock_text(ArcadeScore(clock=300, streak_seconds=5)) == "5:00"
    assert cards_left(1) == "1 card left" and cards_left(2) == "2 cards left"


def test_pause_hides_the_board_in_arcade_and_ctrl_z_says_there_is_no_undo(app, monkeypatch):
    scene = open_scene(app, seed=9, mode="arcade", level_id="level_01")
    click(app, where(scene, Turn()))
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(scene.actions) == 1 and "Arcade has no undo: every move counts." in app.notes
    drawn = []
    monkeypatch.setattr(scene.board, "draw", lambda surface: drawn.append(1))
    monkeypatch.setattr(scene.board, "draw_cards", lambda surface: drawn.append(1))   # (GameScene.draw's way)
    scene.draw(pygame.Surface((1280, 720)))
    assert drawn and not scene.board_hidden
    key(app, pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "PauseScene" and scene.board_hidden
    drawn.clear()
    app.stack.top.draw(pygame.Surface((1280, 720)))
    scene.draw(pygame.Surface((1280, 720)))
    assert not drawn                                              # no cards while paused
    relaxed = open_scene(app, seed=9, mode="relaxed")
    key(app, pygame.K_ESCAPE)
    assert not relaxed.board_hidden                               # Relaxed keeps the table in view
    step(app, 1, dt=FRAME)


@pytest.mark.dates
def test_the_calendar_opens_on_today_and_counts_the_streak_to_it(app, on_day):
    """Opened with no day, the calendar shows today's month, rings today and counts the streak as of today
    (a streak ending yesterday still counts until today is over)."""
    on_day(dt.date(2031, 1, 1))
    records = deals.record_daily({}, "arcade", "2030-12-31", True, 40)
    records = deals.record_daily(records, "classic", "2030-12-30", True, 12)
    app.storage.save(deals.DAILY_FILE, records)
    shown = CalendarScene(app)
    assert shown.today == dt.date(2031, 1, 1) and shown.month == dt.date(2031, 1, 1) and shown.streak == 2
    on_day(dt.date(2031, 1, 2))
    assert CalendarScene(app).streak == 0
