"""The one text renderer: script runs, the Noto faces, shaping and line heights (engine/text.py)."""
import itertools

import pygame
import pytest

from cardgames import i18n
from cardgames.engine import text
from cardgames.engine.text import KANNADA, LATIN, SYMBOLS, TAMIL, TELUGU, script_runs
from cardgames.ui import theme


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


def test_runs_of_one_script_stay_whole():
    assert script_runs("Resume game") == [(LATIN, "Resume game")]
    assert script_runs("ஆட்டத்தைத் தொடர்க") == [(TAMIL, "ஆட்டத்தைத் தொடர்க")]
    assert script_runs("") == []
    assert script_runs("  12 ") == [(LATIN, "  12 ")]


def test_suits_are_their_own_runs_and_digits_stay_latin():
    assert script_runs("4♥ 6♥") == [(LATIN, "4"), (SYMBOLS, "♥"), (LATIN, " 6"), (SYMBOLS, "♥")]
    assert script_runs("♠A") == [(SYMBOLS, "♠"), (LATIN, "A")]


def test_mixed_indic_and_latin_split_where_the_script_changes():
    assert script_runs("ஆட்டம் 3: Ada வென்றார்") == [(TAMIL, "ஆட்டம் 3: "), (LATIN, "Ada "), (TAMIL, "வென்றார்")]
    assert script_runs("Ada ಗೆದ್ದರು") == [(LATIN, "Ada "), (KANNADA, "ಗೆದ್ದರು")]
    assert script_runs("(తెలుగు)") == [(TELUGU, "(తెలుగు)")]
    # signs the Indic faces lack go to the Latin face
    assert script_runs("தமிழ் $5") == [(TAMIL, "தமிழ் "), (LATIN, "$5")]


def test_the_noto_faces_draw_suits_and_scripts():
    f = theme.font(22)
    assert text.missing_glyphs(f, "♥") == {"♥"}  # the built-in face cannot (the reason for the symbols face)
    assert text.missing_glyphs(f.face(SYMBOLS), "♠♥♦♣") == set()
    assert text.missing_glyphs(f.face(TAMIL), "தமிழ்") == set()
    assert text.missing_glyphs(f.face(TELUGU), "తెలుగు") == set()
    assert text.missing_glyphs(f.face(KANNADA), "ಕನ್ನಡ") == set()


def test_indic_text_is_shaped():
    """With HarfBuzz shaping a conjunct is narrower than its letters drawn one by one."""
    f = theme.font(28)
    for script, word in ((TAMIL, "க்ஷ"), (TELUGU, "క్ష్మ"), (KANNADA, "ಸ್ತ್ರೀ")):
        face = f.face(script)
        alone = sum(pygame.font.Font.size(face, ch)[0] for ch in word)
        assert f.size(word)[0] < alone, script


def test_line_heights_follow_the_chosen_script():
    f = theme.font(22)
    latin = f.get_height()
    assert f.render("4♥ 6♥", True, (255, 255, 255)).get_height() == latin  # suits do not make a line taller
    i18n.set_language("ta")
    assert f.get_height() >= f.face(TAMIL).get_height() > latin
    image = f.render("ஆட்டம்", True, (255, 255, 255))
    assert image.get_height() == f.get_height()
    assert f.size("ஆட்டம்")[1] == f.get_height()


@pytest.mark.parametrize("lang, line", [("ta", "அது நிராகரிப்புக் குவியலைத் தொடங்கும்"), ("te", "మూడు పదమూడులు ఆట"),
                                        ("kn", "150 ಕಾರ್ಡ್‌ಗಳು Ada ಗೆದ್ದರು")])
def test_indic_lines_are_drawn_as_wide_as_they_are_measured(lang, line):
    """The rules page lays words out with Font.size and draws them with theme.render: they must agree."""
    i18n.set_language(lang)
    for px in (theme.SMALL, theme.BODY, theme.LARGE):
        for bold in (False, True):
            f = theme.font(px, bold)
            assert theme.render(f, line, (255, 255, 255)).get_width() == f.size(line)[0] == theme.text_width(f, line)


@pytest.mark.parametrize("lang", ("en", "ta"))
def test_the_rules_page_runs_do_not_overlap(lang):
    """Each run of a rules page line ends before the next one starts, as drawn (bold next to plain)."""
    from cardgames.scenes import markdown

    i18n.set_language(lang)
    page = "- The rest form the face-down **stock**; its top card starts the **discard pile** (7♥ 7♥ 7♠).\n" \
           "- மீதமுள்ளவை முகம் கீழான **டிரா குவியல்** ஆகும், அது **நிராகரிப்புக் குவியலைத்** தொடங்கும்.\n"
    laid = markdown.layout(markdown.parse(page), 900)
    rows: dict[int, list] = {}
    for run in laid.runs:
        rows.setdefault(run.y, []).append(run)
    for runs in rows.values():
        runs.sort(key=lambda r: r.x)
        for a, b in itertools.pairwise(runs):
            drawn = theme.text_surface(a.text, a.px, a.colour, a.bold).get_width()
            assert a.x + drawn <= b.x, (a.text, b.text)


def test_a_kept_size_follows_the_weight_and_the_language():
    from cardgames import i18n
    from cardgames.engine.text import MixedFont

    font = MixedFont(20)
    plain = font.size("Round 10 of 11")
    font.bold = True
    assert font.size("Round 10 of 11") == font._measure("Round 10 of 11") != plain   # bold is wider
    font.bold = False
    assert font.size("Round 10 of 11") == plain
    i18n.set_language("ta")
    tall = font.size("Round 10 of 11")                  # the Tamil face's taller line
    assert tall == font._measure("Round 10 of 11") and tall[1] > plain[1]
    assert font.size("சுற்று 1") == font._measure("சுற்று 1")
