"""Every button, label and option fits its box at 1280x720 in every language (text widths measured
with the font that draws them, against the widgets' rects); the rules screen in each language."""
import types

import pygame
import pytest

from cardgames import i18n
from cardgames.app import App
from cardgames.games import registry
from cardgames.launch import Launch
from cardgames.ui import theme
from cardgames.ui.widgets import Button, Cycler, Slider

LANGS = ("en", "ta", "te", "kn")


@pytest.fixture
def app(tmp_path):
    return App(Launch(data_dir=tmp_path), headless=True)


def overflows(widget) -> list[str]:
    """What of `widget`'s text does not fit its rect, in the chosen language."""
    out = []
    r = widget.rect

    def width(s, px, bold=False):
        return theme.text_width(theme.font(px, bold), i18n.tr(s))   # as theme.render draws it

    if isinstance(widget, Button):   # a long label is drawn smaller (Button.fitted_px), never below SMALL - 2
        px = widget.fitted_px()
        f = theme.font(px, True)
        if width(widget.text, px, True) > r.w - 12 or f.get_height() > r.h:
            out.append(f"button {i18n.tr(widget.text)!r} ({width(widget.text, px, True)} px) in {r.w}x{r.h}")
    elif isinstance(widget, Cycler):
        box = widget._value_box()
        label = width(widget.label, widget.px)
        if r.x + 16 + label > box.x + 4:
            out.append(f"option {i18n.tr(widget.label)!r} ({label} px) runs into its value box at {box.x - r.x}")
        for _, choice in widget.choices:
            if width(choice, widget.px, True) > box.w - 56:
                out.append(f"choice {i18n.tr(choice)!r} wider than its box {box.w - 56}")
        if theme.font(widget.px).get_height() > r.h:
            out.append(f"option {widget.label!r} taller than its row")
    elif isinstance(widget, Slider):
        label = width(widget.label, widget.px)
        if r.x + 16 + label > widget._bar().x - 20:
            out.append(f"slider {i18n.tr(widget.label)!r} runs into its bar")
    return out


def check(widgets) -> list[str]:
    return [p for w in widgets for p in overflows(w)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_settings_screen_fits(app, lang):
    from cardgames.scenes.settings import SettingsScene

    i18n.set_language(lang)
    scene = SettingsScene(app)
    assert check(scene.menu.widgets) == []
    scene.draw(pygame.Surface((1280, 720)))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", [g.name for g in registry.GAMES])
def test_the_select_screen_fits(app, lang, game):
    from cardgames.scenes.select import SelectScene

    i18n.set_language(lang)
    scene = SelectScene(app, game)
    assert check(scene.menu.widgets) == []
    scene.draw(pygame.Surface((1280, 720)))


@pytest.mark.parametrize("lang", LANGS)
def test_the_pause_and_confirm_dialogs_fit(app, lang):
    from cardgames.scenes.confirm import ConfirmScene
    from cardgames.scenes.pause import PauseScene

    i18n.set_language(lang)
    game = types.SimpleNamespace(info=registry.BY_NAME["skyjo"], state=None)
    pause = PauseScene(app, game)
    assert check(pause.menu.widgets) == []
    confirm = ConfirmScene(app, "Start a new game?", "The game in progress will be lost.", "New game")
    assert check(confirm.menu.widgets) == []
    confirm.draw(pygame.Surface((1280, 720)))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", [g.name for g in registry.GAMES])
def test_the_rules_screen_in_each_language(app, lang, game):
    from cardgames.scenes.rules import RulesScene

    i18n.set_language(lang)
    scene = RulesScene(app, game)
    assert check(scene.menu.widgets) == []
    scene.draw(pygame.Surface((1280, 720)))


@pytest.mark.parametrize("lang", ("ta", "te", "kn"))
@pytest.mark.parametrize("game", [g.name for g in registry.GAMES])
def test_the_rules_page_follows_the_language(lang, game):
    from cardgames import config
    from cardgames.engine import text
    from cardgames.scenes.rules import load_page, page_path

    i18n.set_language(lang)
    local = config.SEEDS_DIR / f"{game}.{lang}.md"
    if local.is_file():
        page = load_page(game)
        assert page_path(game) == local and page.startswith("# ")
        letters = [c for c in page if c.isalpha()]
        assert sum(text.char_script(c) == i18n.SCRIPTS[lang] for c in letters) > 0.6 * len(letters)
    else:   # no page of its own yet: the English one, never an empty screen
        assert page_path(game) == config.SEEDS_DIR / f"{game}.md"
    i18n.set_language("en")
    assert page_path(game) == config.SEEDS_DIR / f"{game}.md"


class _Recording(pygame.Surface):
    """A canvas that remembers where each blit landed."""

    def __init__(self, size):
        super().__init__(size)
        self.rects = []

    def blit(self, source, dest, *args, **kwargs):
        rect = super().blit(source, dest, *args, **kwargs)
        self.rects.append(rect)
        return rect


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", [g.name for g in registry.GAMES])
def test_the_select_screen_description_stays_clear_of_the_cards(app, lang, game):
    """The description (three or four lines longer in Tamil) never runs into the fanned cards below it."""
    from cardgames.scenes.select import INFO_RECT, SelectScene

    i18n.set_language(lang)
    scene = SelectScene(app, game)
    for has_save in (False, True):
        scene.has_save = has_save
        surface = _Recording((1280, 720))
        scene._draw_info(surface)
        *words, cards = [r for r in surface.rects if INFO_RECT.contains(r) and r != INFO_RECT]
        assert words and max(r.bottom for r in words) + 8 <= cards.top, (lang, game, has_save)
        assert cards.height >= 60   # still a picture of cards
