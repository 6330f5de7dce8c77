"""Languages: the catalogues, the language setting, numbers and plurals (cardgames/i18n.py)."""
import pygame
import pytest

from cardgames import datafiles, i18n
from cardgames.engine import text


def test_the_settings_file_knows_every_language():
    assert datafiles.LANGUAGE_CODES == tuple(code for code, _ in i18n.LANGUAGES)
    assert datafiles.SETTINGS.fields["language"].default == "en"


@pytest.mark.parametrize("env, code", [
    ({"LANG": "ta_IN.UTF-8"}, "ta"), ({"LANG": "te_IN"}, "te"), ({"LC_ALL": "kn_IN.UTF-8", "LANG": "ta_IN"}, "kn"),
    ({"LANGUAGE": "kn:en", "LANG": "en_GB.UTF-8"}, "kn"), ({"LANG": "de_DE.UTF-8"}, "en"), ({}, "en"),
])
def test_the_first_start_follows_the_system_locale(monkeypatch, env, code):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == code


def test_switching_language_changes_lookups_and_the_script():
    i18n.set_language("ta")
    assert i18n.tr("Settings") != "Settings" and text.char_script(i18n.tr("Settings")[0]) == text.TAMIL
    assert i18n.script() == text.TAMIL
    i18n.set_language("kn")
    assert text.char_script(i18n.tr("Settings")[0]) == text.KANNADA
    i18n.set_language("en")
    assert i18n.tr("Settings") == "Settings" and i18n.script() == text.LATIN
    i18n.set_language("xx")   # unknown: English
    assert i18n.language() == "en"


def test_plurals_and_numbers():
    assert i18n.ngettext("{n} player", "{n} players", 1) == "{n} player"
    assert i18n.ngettext("{n} player", "{n} players", 3) == "{n} players"
    assert i18n.format_number(1234567) == "1,234,567"
    i18n.set_language("te")
    assert i18n.format_number(1234567) == "12,34,567"
    assert i18n.format_number(-120) == "-120"
    assert i18n.format_number(100000) == "1,00,000"
    one, many = (i18n.ngettext("{n} player", "{n} players", n) for n in (1, 2))
    assert "{n}" in one and "{n}" in many


def test_a_missing_mo_is_compiled_from_its_po(tmp_path, monkeypatch):
    po = i18n.LOCALE_DIR / "ta" / "LC_MESSAGES" / "cardgames.po"
    folder = tmp_path / "ta" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "cardgames.po").write_bytes(po.read_bytes())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_loaded", {})
    assert i18n.catalogue("ta").gettext("Settings") == i18n._compile_po(po).gettext("Settings") != "Settings"


def test_the_settings_screen_switches_language_without_a_restart(tmp_path):
    from cardgames.app import App
    from cardgames.launch import Launch
    from cardgames.scenes.settings import SettingsScene

    app = App(Launch(data_dir=tmp_path), headless=True)
    scene = SettingsScene(app)
    row = next(w for w in scene.menu.widgets if getattr(w, "label", "") == "Language")
    row.adjust(1)
    assert app.settings["language"] == "ta" and i18n.language() == "ta"
    assert app.storage.load_settings()["language"] == "ta"
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)   # draws in Tamil at once
    row.adjust(-1)
    assert i18n.language() == "en"


def test_a_word_used_in_two_senses_is_translated_in_each():
    """Switch's "Draw" button (take a card) and Skyjo's "Draw" pile are different words in Tamil,
    Telugu and Kannada (message contexts); a Said made in one language says itself in the next."""
    from cardgames.engine import text

    pile, action = i18n.pgettext("pile", "Draw"), i18n.pgettext("action", "Draw")
    assert i18n.tr(pile) == i18n.tr(action) == "Draw"
    for lang in ("ta", "te", "kn"):
        i18n.set_language(lang)
        said = [i18n.tr(pile), i18n.tr(action)]
        assert said[0] != said[1], lang
        assert all(any(text.char_script(c) == i18n.SCRIPTS[lang] for c in s) for s in said), said

