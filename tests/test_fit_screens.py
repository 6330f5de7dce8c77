"""The shell's screens fit at 1280x720 in every language where test_translated_screens does not
look: the title screen's game tiles, the high-score initials, the stats screen's buttons."""
from __future__ import annotations

import pygame
import pytest
from test_translated_screens import LANGS

from cardgames import i18n
from cardgames.app import App
from cardgames.launch import Launch
from cardgames.ui import theme


@pytest.fixture
def app(tmp_path):
    return App(Launch(data_dir=tmp_path), headless=True)


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


@pytest.mark.parametrize("lang", LANGS)
def test_the_statistics_history_cells_fit_their_columns(lang):
    """A history row: the date (the widest month), the result, the score, the time and the deal each
    end before the next column starts (Tamil's "Abandoned" ran to the score's edge)."""
    from cardgames import records
    from cardgames.games.tripeaks import deals
    from cardgames.scenes import stats

    pygame.font.init()
    i18n.set_language(lang)
    f = theme.font(stats.LIST_PX)
    dates = [stats.date_text(f"2026-{m:02d}-28 23:58", today="2026-12-02") for m in range(1, 13)]
    dates += [stats.date_text(f"2025-{m:02d}-28 23:58", today="2026-12-02") for m in range(1, 13)]
    results = [i18n.tr(stats.result_text({"abandoned": a, "won": w})[0]) for a, w in ((True, False), (False, True),
                                                                                        (False, False))]
    scores = [stats.score_text(g, {"score": -888 if g != "tripeaks" else 888888, "options": {"mode": "classic"}})
              for g in ("tripeaks", "skyjo")]
    cells = [dates, results, scores, [records.format_time(5999)], [f"#{i18n.format_number(deals.DEAL_MAX)}"]]
    for (label, x), (_next, next_x), values in zip(stats.COLUMNS, stats.COLUMNS[1:], cells):
        widest = max(values, key=lambda v: theme.text_width(f, v))
        assert theme.text_width(f, widest) + 8 <= next_x - x, (lang, label, widest)


@pytest.mark.parametrize("lang", LANGS)
def test_the_saved_game_line_stays_on_the_select_screens_panel(app, lang, monkeypatch):
    """"A game in progress is saved: Continue picks it up." ran past the description panel, under
    the options column, in Tamil: every piece of it is drawn inside the panel, in every language."""
    from cardgames.games import registry
    from cardgames.scenes import select
    from cardgames.ui import widgets

    i18n.set_language(lang)
    said = set(widgets.wrap_lines("A game in progress is saved: Continue picks it up.", 10_000))
    drawn = []

    def spy(surface, text, pos, *args, **kwargs):
        rect = draw_text(surface, text, pos, *args, **kwargs)
        drawn.append((i18n.tr(text), rect))
        return rect

    draw_text = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", spy)
    for info in registry.GAMES:
        if not info.available:
            continue
        scene = select.SelectScene(app, game=info.name)
        scene.has_save = True
        drawn.clear()
        scene._draw_info(pygame.Surface((1280, 720)))   # the panel's words alone (not the Continue button)
        pieces = [rect for text, rect in drawn if text in said or any(text in line for line in said)]
        assert pieces, (lang, info.name)
        inside = select.INFO_RECT.inflate(-2 * 16, -2 * 12)
        for rect in pieces:
            assert inside.contains(rect), (lang, info.name, rect, select.INFO_RECT)
