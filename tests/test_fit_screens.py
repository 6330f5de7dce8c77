"""The shell's screens fit at 1280x720 in every language where test_translated_screens does not
look: the title screen's game tiles, the high-score initials, the stats screen's buttons."""
from __future__ import annotations

import pygame
import pytest
from test_translated_screens import LANGS

from cardgames import i18n
from cardgames.app import App
from cardgames.launch import Launch


@pytest.fixture
def app(tmp_path):
    app = App(Launch(data_dir=tmp_path), headless=True)
    yield app
    i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_title_tiles_keep_their_titles_clear_of_the_cards(app, lang):
    """"மூன்று பதிமூன்று" is wider than the room left of three cards: the tile shows two."""
    from cardgames.scenes.title import TitleScene

    i18n.set_language(lang)
    scene = TitleScene(app)
    scene.draw(pygame.Surface((1280, 720)))
    for tile in scene.tiles:
        assert tile.title_rect.right + 8 <= tile.art_rect.left, (lang, tile.info.name, tile.title_rect, tile.art_rect)
        assert tile.art_rect.width >= 60   # still a picture of cards
