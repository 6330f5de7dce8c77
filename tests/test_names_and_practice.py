"""Player names (edited on the select screen, kept, shown at the table and in summaries), the
Practice option, and small text that keeps its spaces."""
from __future__ import annotations

import pygame
import pytest
from scene_events import FRAME, click, key, settle, table_app

from cardgames import names
from cardgames.app import headless_app
from cardgames.games import registry
from cardgames.scenes.names import NamesScene
from cardgames.scenes.select import SelectScene, menu_options
from cardgames.ui import theme


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def text(app, s):
    app.step(FRAME, [pygame.event.Event(pygame.TEXTINPUT, {"text": s})])


def test_names_are_edited_on_the_select_screen_and_kept(tmp_path):
    app = headless_app(tmp_path)
    select = SelectScene(app, game="skyjo")
    app.stack.push(select)
    app.stack.apply_pending()
    app.step(FRAME)
    click(app, select.names_button.rect.center, frames=2)
    scene = app.stack.top
    assert isinstance(scene, NamesScene)
    text(app, "Sam")                                   # player 1
    key(app, pygame.K_RIGHT)                           # over to the computers' column
    for _ in range(3):
        key(app, pygame.K_BACKSPACE)                   # "Ada" -> ""
    text(app, "Robo  Rita")
    key(app, pygame.K_ESCAPE)
    app.step(FRAME)
    assert app.stack.top is select
    again = headless_app(tmp_path).settings            # written to settings.json at once
    assert again["player_names"][0] == "Sam"
    assert again["computer_names"][:2] == ["Robo Rita", "Ben"]


def test_the_table_and_the_summary_show_the_names(app):
    from cardgames.games.skyjo.scene import SkyjoScene
    from cardgames.games.skyjo.summary import RoundSummaryScene

    app.settings["player_names"], app.settings["computer_names"] = ["Sam"], ["Robo", "Ben", "Cleo"]
    scene = SkyjoScene(app, {"players": 3}, seed=4)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 0.5)
    assert [scene.seat_name(s) for s in range(3)] == ["Sam", "Robo", "Ben"]
    drawn = []
    real = scene.draw_text
    scene.draw_text = lambda surface, t, *a, **k: (drawn.append(t), real(surface, t, *a, **k))[1]
    app.step(FRAME)
    assert "Sam" in drawn and any(t.startswith("Robo") for t in drawn)
    assert scene.options["names"] == ("Sam", "Robo", "Ben")            # kept with the game (autosave)
    assert scene.save_data()["options"]["names"] == ["Sam", "Robo", "Ben"]
    summary = RoundSummaryScene(app, scene)
    seen = []
    real_text = theme.draw_text
    try:
        theme.draw_text = lambda surface, t, *a, **k: (seen.append(t), real_text(surface, t, *a, **k))[1]
        summary.draw_score_table(app.canvas.surface, 100, 30, 20, [], lambda s, k: None, 200, 400, 60)
    finally:
        theme.draw_text = real_text
    assert "Robo (Normal)" in seen and "Sam" in seen


def test_seat_names_defaults_and_duplicates():
    assert names.seat_names({}, 3, (0,)) == ("You", "Ada", "Ben")
    assert names.seat_names({}, 3, (0, 1)) == ("Player 1", "Player 2", "Ada")
    assert names.seat_names({"player_names": ["Ada"]}, 2, (0,)) == ("Ada", "Ada 2")
    assert names.seat_names({"player_names": "nonsense", "computer_names": [3]}, 2, (0,)) == ("You", "Ada")
    assert names.clean("  a\tvery   long name indeed ") == "a very long na"


def test_an_online_player_named_like_a_computer_is_not_beside_a_computer_of_that_name():
    local = names.seat_names({}, 4, (0,))                       # You, Ada, Ben, Cleo
    # a player called "Ada" sits in seat 3: the computer in seat 1 takes a computer name nobody has
    assert names.with_players(local, {3: "Ada"}) == ("You", "Cleo", "Ben", "Ada")
    assert names.with_players(local, {2: "ada", 3: "Cleo"}) == ("You", "Ben", "ada", "Cleo")
    # a seat with a name of its own keeps it; no clash, no change
    assert names.with_players(local, {1: "Sam"}) == ("You", "Sam", "Ben", "Cleo")
    assert names.with_players(local, {}) == local


def test_an_online_game_names_its_seats_without_two_alike(tmp_path):
    """The joiner's screen: the host "Ben" in seat 0, the joiner in seat 1, a computer in seat 2 (this
    screen's settings name the computers in seat order, seat 0 first: seat 2 would be "Ben" too)."""
    from types import SimpleNamespace

    from cardgames.net.play import online_options
    from cardgames.table.lobby import SeatInfo

    app = headless_app(tmp_path)
    handle = SimpleNamespace(game="skyjo", seat=1, options={})
    seats = (SeatInfo("player", "Ben", True), SeatInfo("player", "Sam", True), SeatInfo("computer", level="normal"))
    got = online_options(app, handle, seats)["names"]
    assert got[0] == "Ben" and got[2] != "Ben" and len({n.lower() for n in got}) == 3, got


def test_practice_is_an_option_of_the_multiplayer_games_only():
    for info in registry.GAMES:
        keys = [o.key for o in menu_options(info)]
        assert ("practice" in keys) == (info.max_players > 1), info.name


def test_practice_reaches_the_game_and_turns_undo_on(tmp_path):
    from cardgames.games.skyjo.scene import SkyjoScene

    app = headless_app(tmp_path)
    select = SelectScene(app, game="skyjo")
    app.stack.push(select)
    app.stack.apply_pending()
    from cardgames import achievements

    achievements.book(app).end_tutorial("skyjo", "skipped")     # not the first play: no tutorial first
    select.set_option("practice", True)
    assert select._open(lambda cls: cls(app, dict(select.options)))   # what Start opens (after any tutorial)
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, SkyjoScene) and scene.options["practice"] is True
    assert scene.practice and scene.undo_allowed
    assert "practice" not in scene.rules_options()


def gaps(surface):
    """The widths of the runs of empty columns between the first and the last inked column."""
    cols = [any(surface.get_at((x, y)).a > 40 for y in range(surface.get_height())) for x in range(surface.get_width())]
    first, last = cols.index(True), len(cols) - 1 - cols[::-1].index(True)
    runs, run = [], 0
    for inked in cols[first:last + 1]:
        if inked:
            if run:
                runs.append(run)
            run = 0
        else:
            run += 1
    return runs


def test_small_text_keeps_its_spaces():
    for px in (12, 13, 15, 17, 20):
        image = theme.text_surface("Ada went out", px)
        wide = [g for g in gaps(image) if g >= 4]
        assert len(wide) >= 2, (px, gaps(image))     # the two spaces show; letters sit closer than that
