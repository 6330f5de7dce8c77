"""The technical details of damaged files in the player's language: a damaged data file's notice,
a TriPeaks level file's error on the level list, a full disk, and a bad deal number are drawn in
Tamil or Telugu (numbers grouped the language's way), while their English text stays the same for
stderr and the tests; a notice made before the language is known follows it once it is."""
from __future__ import annotations

import errno
import json
from types import SimpleNamespace

import pygame
import pytest
from scene_events import FRAME, key, table_app
from test_tripeaks_levels import GOOD, write_levels

from cardgames import i18n
from cardgames import storage as st
from cardgames.engine import text
from cardgames.games.tripeaks import deals
from cardgames.games.tripeaks.deal_entry import DealEntryScene
from cardgames.games.tripeaks.levels import load_levels
from cardgames.games.tripeaks.scene_overlays import LevelSelectScene
from cardgames.storage import Storage


def in_script(s: str, lang: str) -> bool:
    return any(text.char_script(c) == i18n.SCRIPTS[lang] for c in s)


def write(folder, name, data, kind):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "kind": kind, "data": data}))




# ---------------------------------------------------------------- data files


@pytest.mark.parametrize("lang", ["ta", "te"])
def test_a_damaged_save_is_told_with_its_detail_in_the_language(tmp_path, lang):
    i18n.set_language(lang)
    write(tmp_path, "saves/skyjo.json", {"game": "skyjo", "options": {}, "seed": "x", "actions": []}, "save")
    s = Storage(tmp_path)
    assert s.load_game("skyjo") is None
    (notice,) = s.take_notices()
    shown = i18n.tr(notice)
    detail = i18n.tr("expected a whole number, got {value}").format(value="'x'")
    assert detail in shown and i18n.tr("the field {field} is wrong ({problem})").format(
        field="'seed'", problem=detail) in shown
    assert "expected" not in shown and "could not" not in shown and in_script(shown, lang)
    i18n.set_language("en")                                  # the same notice, said again in English
    assert "the field 'seed' is wrong (expected a whole number, got 'x')" in i18n.tr(notice)


def test_a_notice_made_before_the_language_is_set_follows_it(tmp_path):
    write(tmp_path, "stats.json", [1, 2], "stats")           # the top level is not an object
    s = Storage(tmp_path)
    s.load("stats.json")
    (notice,) = s.take_notices()                             # made in English (the app had no language yet)
    assert "expected an object, got [1, 2]" in notice
    i18n.set_language("te")
    shown = i18n.tr(notice)
    assert i18n.tr("expected an object, got {value}").format(value="[1, 2]") in shown
    assert i18n.tr("statistics") in shown and "expected" not in shown and in_script(shown, "te")


def test_a_bad_list_length_counts_in_the_language(tmp_path):
    from cardgames import schema

    with pytest.raises(schema.Untrusted) as info:
        schema.validate(schema.Record({"targets": schema.ListOf(schema.Int(1), min_len=3, max_len=3,
                                                                 vital=True)}), {"targets": [1]})
    problem = info.value.problem
    assert str(problem) == "has 1 item, expected 3 to 3"      # English for stderr, singular for one
    i18n.set_language("kn")
    assert i18n.tr(problem) == i18n.ngettext("has {n} item, expected {low} to {high}",
                                             "has {n} items, expected {low} to {high}", 1).format(n=1, low=3, high=3)


@pytest.mark.parametrize("lang", ["ta", "te"])
def test_a_full_disk_is_said_in_the_language(tmp_path, monkeypatch, lang):
    s = Storage(tmp_path)

    def full(a, b):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(st.os, "replace", full)
    assert not s.save_settings(dict(s.load_settings(), sfx_volume=0.3))
    (notice,) = s.take_notices()
    assert "No space left on device" in notice and "No space left on device" in s.write_warning
    i18n.set_language(lang)
    for shown in (i18n.tr(notice), i18n.tr(s.write_warning)):
        assert i18n.tr("the disk is full") in shown and "space" not in shown and in_script(shown, lang)


# ---------------------------------------------------------------- TriPeaks level files


@pytest.mark.parametrize("lang", ["ta", "te"])
def test_a_damaged_level_file_is_shown_in_the_language_on_the_level_list(tmp_path, drawn, lang):
    write_levels(tmp_path, {"level_01.json": GOOD, "level_02.json": dict(GOOD, clock="soon")})
    entries = load_levels(tmp_path)
    bad = entries[1]
    assert not bad.available and str(bad.error) == "level_02.json: clock: expected a whole number, got 'soon'"
    app = table_app(tmp_path / "data")
    i18n.set_language(lang)                                  # (the app set the language of its settings)
    scene = LevelSelectScene(app, SimpleNamespace(entries=entries, level=None))
    app.stack.push(scene)
    app.stack.apply_pending()
    scene.draw(pygame.Surface((1280, 720)))
    detail = "level_02.json: clock: " + i18n.tr("expected a whole number, got {value}").format(value="'soon'")
    want = i18n.tr("Unavailable: {error}").format(error=detail)
    assert want in drawn and in_script(want, lang)


def test_a_level_file_that_is_not_json_says_where_it_breaks(tmp_path):
    write_levels(tmp_path, {"level_01.json": '{"name": "x",\n "clock": }'})
    (entry,) = load_levels(tmp_path)
    assert str(entry.error) == "level_01.json: (file): not valid JSON at line 2, column 11"
    i18n.set_language("ta")
    assert i18n.tr(entry.error) == "level_01.json: (file): " + i18n.tr(
        "not valid JSON at line {line}, column {column}").format(line=2, column=11)


# ---------------------------------------------------------------- the deal number


@pytest.mark.parametrize("lang", ["ta", "te"])
def test_a_bad_deal_number_is_told_in_the_language(tmp_path, drawn, lang):
    from cardgames.scenes.select import SelectScene

    app = table_app(tmp_path)
    i18n.set_language(lang)
    select = SelectScene(app, game="tripeaks")
    app.stack.push(select)
    app.stack.apply_pending()
    entry = DealEntryScene(app, select)
    app.stack.push(entry)
    app.stack.apply_pending()
    key(app, pygame.K_RETURN)                                # nothing typed
    app.step(FRAME)
    assert app.stack.top is entry
    entry.draw(pygame.Surface((1280, 720)))
    assert i18n.tr("Type a deal number.") in drawn and in_script(i18n.tr("Type a deal number."), lang)
    with pytest.raises(ValueError) as info:
        deals.parse_number("12345678")
    assert str(info.value) == "Deal numbers go from 1 to 9999999."   # English for the log
    shown = i18n.tr(info.value.args[0])
    assert "99,99,999" in shown and in_script(shown, lang)          # grouped the Indian way
    i18n.set_language("en")
    assert i18n.tr(info.value.args[0]) == "Deal numbers go from 1 to 9,999,999."


def test_a_damaged_classic_layout_is_told_in_the_language(tmp_path):
    from cardgames import datafiles
    from cardgames.games.tripeaks.layout import usable_layout

    (tmp_path / "classic.json").write_text(json.dumps({"name": "classic", "title": "x", "slots": []}))
    datafiles.take_notices()
    layout = usable_layout("classic", tmp_path)
    assert layout.size == 28                                  # the built-in Three Peaks
    (notice,) = datafiles.take_notices()
    assert "classic.json: slots: has 0 items, expected 1 to 51" in notice   # English, as stderr says it
    i18n.set_language("kn")
    shown = i18n.tr(notice)
    detail = "classic.json: slots: " + i18n.ngettext("has {n} item, expected {low} to {high}",
                                                     "has {n} items, expected {low} to {high}", 0).format(
        n=0, low=1, high=51)
    assert detail in shown and "expected" not in shown and in_script(shown, "kn")


def test_a_game_that_cannot_open_says_why_in_the_language(tmp_path, monkeypatch):
    """The select screen's "could not be opened" notice carries a file error's words in the language."""
    from cardgames.games.tripeaks.layout import LayoutError
    from cardgames.i18n import said_en
    from cardgames.scenes.select import SelectScene

    app = table_app(tmp_path)
    i18n.set_language("te")
    select = SelectScene(app, game="tripeaks")
    app.stack.push(select)
    app.stack.apply_pending()

    def broken(cls):
        raise LayoutError(said_en("{file}: cannot read it: {error}", file="pyramid.json",
                                  error=said_en("it is not UTF-8 text")))

    monkeypatch.setattr(app.storage, "log_error", lambda where: "log")
    assert select._open(broken) is False
    shown = i18n.tr(app.toasts.queue[-1][0])
    assert i18n.tr("{file}: cannot read it: {error}").format(
        file="pyramid.json", error=i18n.tr("it is not UTF-8 text")) in shown
    assert "read" not in shown and in_script(shown, "te")
