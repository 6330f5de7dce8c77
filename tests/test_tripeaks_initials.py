"""High-score initials in the players' scripts: three letters as a reader counts them (graphemes),
typed as text input (a vowel sign joins the letter before it), kept in the level's table, drawn
shaped by the font of their script, and fitting the table's boxes and rows in every language."""
from __future__ import annotations

import time
import unicodedata

import pygame
import pytest
from scene_events import FRAME, key, table_app

from cardgames import i18n
from cardgames.engine import text
from cardgames.games.tripeaks import levels, scores_table, solver
from cardgames.games.tripeaks.initials import ALNUM, SIZE, Entry, clean, letters, script_letters
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.games.tripeaks.scene_overlays import LevelSelectScene, ResultScene
from cardgames.ui import theme

VOWEL_SIGNS = {"tamil": "ாிீுூெேைொோௌ", "telugu": "ాిీుూెేైొోౌ", "kannada": "ಾಿೀುೂೆೇೈೊೋೌ"}
VIRAMA = {"tamil": "்", "telugu": "్", "kannada": "್"}
KA = {"tamil": 0x0B95, "telugu": 0x0C15, "kannada": 0x0C95}   # the consonants start here (the vowels before)


def test_letters_are_what_a_reader_counts():
    assert letters("ABC") == ["A", "B", "C"]
    assert letters("முகு") == ["மு", "கு"]                 # consonant + vowel sign: one letter
    assert letters("க்ஷ") == ["க்", "ஷ"]                   # Tamil's pulli ends a letter
    assert letters("క్షౌమ") == ["క్షౌ", "మ"]               # a Telugu conjunct and its vowel sign
    assert letters("ಸ್ತ್ರೀಕ") == ["ಸ್ತ್ರೀ", "ಕ"]            # Kannada: two viramas, one letter
    assert letters("a\u200dக") == ["a\u200d", "க"]


def test_clean_keeps_three_letters_of_any_script():
    assert clean("ab") == "AB "
    assert clean("") == clean("!?") == "???"
    assert clean("மு கு") == "முகு "
    assert clean("ராமன்") == "ராமன்"[:len("ராமன்")] and letters(clean("ராமன்")) == ["ரா", "ம", "ன்"]
    assert clean("x-ఆ1") == "Xఆ1"
    assert levels.clean_initials("కి") == "కి  "


def test_an_entry_joins_signs_to_the_letter_typed_last():
    entry = Entry("AAA")
    assert entry.type("ம") and entry.type("ு")             # code points one at a time, as a keyboard sends them
    assert entry.letters == ["மு", "A", "A"] and entry.cursor == 1
    assert entry.type("கௌ")                                 # a syllable at once, as an input method sends it
    assert entry.letters == ["மு", "கௌ", "A"]
    entry.move(-1)
    assert not entry.type("ா")                               # after a move, a lone sign has no letter to join
    assert entry.type("z") and entry.letters == ["மு", "Z", "A"]
    entry.step_letter(1)
    assert entry.letters[2] == "B"


def test_backspace_takes_a_sign_off_then_moves_left():
    entry = Entry("AAA")
    entry.type("ம")
    entry.type("ு")
    entry.back()                                              # a wrong vowel sign: off again
    assert entry.letters[0] == "ம" and entry.cursor == 1
    assert entry.type("ா") and entry.letters[0] == "மா"       # the right one joins the same letter
    entry.back()
    entry.back()                                              # a letter of one code point: back a box
    assert entry.letters[0] == "ம" and entry.cursor == 0


def test_an_entry_refuses_what_does_not_fit():
    entry = Entry("   ", fits=lambda t: len(t.strip()) <= 4)
    assert entry.type("கௌ") and entry.type("மௌ")
    assert not entry.type("ஸௌ")                               # five code points: too wide for the row
    assert entry.text == "கௌமௌ "


def _widest_letters(script: str) -> list[str]:
    """Every consonant with every vowel sign, and a conjunct with each (Telugu, Kannada)."""
    f = theme.font(theme.BODY, True)
    base = [c for c in script_letters(script) if ord(c) >= KA[script] and "VOCALIC" not in unicodedata.name(c)
            and not text.missing_glyphs(f.face(script), c)]
    found = [c + s for c in base for s in ("",) + tuple(VOWEL_SIGNS[script])]
    if script != "tamil":
        found += [c + VIRAMA[script] + c + s for c in base[-12:] for s in VOWEL_SIGNS[script]]
    return sorted(found, key=lambda g: theme.text_width(f, g), reverse=True)


@pytest.mark.parametrize("lang", ["ta", "te", "kn"])
def test_the_font_draws_every_letter_shaped(lang):
    pygame.font.init()
    i18n.set_language(lang)
    script = i18n.SCRIPTS[lang]
    f = theme.font(theme.BODY, True)
    assert len(script_letters(script)) >= 30
    for g in _widest_letters(script):
        assert letters(g) == [g], g
        assert not text.missing_glyphs(f.face(script), g), g
        # shaped: a vowel sign attaches (HarfBuzz), so consonant + sign is narrower than the
        # two drawn apart with a dotted circle for the lone sign
        if len(g) == 2:
            assert theme.text_width(f, g) < theme.text_width(f, g[0]) + theme.text_width(f, "\u25cc" + g[1]), g


@pytest.mark.parametrize("lang", ["en", "ta", "te", "kn"])
def test_the_widest_initials_that_fit_a_row_fit_their_boxes(lang):
    """Three of a letter fit a row beside the widest score for nearly every letter (Tamil's widest,
    with ௌ, go two at a time); the widest three that do fit their boxes while being typed."""
    pygame.font.init()
    i18n.set_language(lang)
    rect = pygame.Rect(470, 220, scores_table.TABLE_W, 330)
    widest = _widest_letters(i18n.SCRIPTS[lang]) if lang != "en" else list(ALNUM.strip())
    tripled = [g for g in widest if scores_table.initials_fit(g * SIZE)]
    assert len(tripled) >= 0.85 * len(widest), (lang, len(tripled), len(widest))
    entry = Entry("   ", fits=scores_table.initials_fit)
    assert all(entry.type(tripled[0]) for _ in range(SIZE)) and entry.text == tripled[0] * SIZE
    if widest[0] != tripled[0]:   # a third letter that would make them too wide is refused
        wider = Entry(tripled[0] * 2 + " ", fits=scores_table.initials_fit)
        wider.move(2)
        assert not wider.type(widest[0]) and wider.text == tripled[0] * 2 + " "
    shown = scores_table.initials_letters(entry.text)
    boxes = scores_table.letter_boxes((rect.x + 54, rect.y + 34), shown)
    assert boxes[-1].right <= rect.right - 4, (lang, entry.text, boxes)
    f = theme.font(theme.BODY, True)
    for box, g in zip(boxes, shown):
        assert theme.text_width(f, g) <= box.w - 8 and f.get_height() <= box.h, (g, box)
    # kept in the table, the row's initials end before the widest score starts
    row_end = rect.x + scores_table.INITIALS_X + theme.text_width(f, entry.text.strip())
    assert row_end + 8 <= rect.right - 10 - theme.text_width(theme.font(theme.BODY), scores_table.WIDEST_SCORE)


def _wait(app, done, seconds=60):
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, app.stack.top
        app.step(FRAME)
        time.sleep(0.002)


def test_a_tamil_player_types_tamil_initials_into_the_table(tmp_path):
    app = table_app(tmp_path)
    app.settings["anim_speed"] = "off"
    i18n.set_language("ta")
    scene = TriPeaksScene(app, {"mode": "arcade", "level_id": "level_01"}, seed=11)
    app.stack.push(scene)
    app.stack.apply_pending()
    _wait(app, lambda: app.stack.top is scene or isinstance(app.stack.top, LevelSelectScene))
    if isinstance(app.stack.top, LevelSelectScene):
        key(app, pygame.K_RETURN)
    _wait(app, lambda: app.stack.top is scene and scene.human_turn)
    for action in solver.solve(scene.host.state).line:
        scene.act(action)
    _wait(app, lambda: isinstance(app.stack.top, ResultScene))
    result = app.stack.top
    result.skip()
    _wait(app, lambda: result.entering)
    for typed in ("ம", "ு", "க", "ு"):                    # as a Tamil keyboard layout sends them
        app.step(FRAME, [pygame.event.Event(pygame.TEXTINPUT, {"text": typed})])
    key(app, pygame.K_x, unicode="x")                       # a Latin letter comes with its key
    app.step(FRAME, [pygame.event.Event(pygame.TEXTINPUT, {"text": "x"}),   # (and its text input: once only)
                     pygame.event.Event(pygame.TEXTINPUT, {"text": "!"})])
    assert result.initials == "முகுX"
    result.draw(pygame.Surface((1280, 720)))
    key(app, pygame.K_RETURN)
    table = levels.level_record(app.storage.stats("tripeaks"), "level_01")["table"]
    assert table[0]["initials"] == "முகுX" and not result.entering
    assert app.storage.stats("tripeaks")["last_initials"] == "முகுX"
