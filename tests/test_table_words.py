"""Words on the card tables: each seat's name, points and total apart and labelled, in every language;
the summary's marks kept; a banner not hidden by a toast."""
from __future__ import annotations

import pygame
import pytest
from scene_events import settle, table_app

from cardgames import i18n
from cardgames.games.skyjo import rules as skyjo_rules
from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.games.skyjo.summary import score_cell


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "ta", "te", "kn"])
@pytest.mark.parametrize("players", [2, 8])
def test_skyjo_seats_show_name_points_and_total_apart_and_labelled(tmp_path, language, lang, players):
    language(lang)
    app = table_app(tmp_path)
    scene = SkyjoScene(app, {"players": players, "level": "normal"}, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 1.0)
    surface = pygame.Surface((1280, 720))
    # the widest figures a seat can show: three digits of points showing, a total of three digits
    scene._visible_points = lambda seat: 144
    scene.shown_total = lambda seat: -125
    drawn = []
    real = scene.draw_text

    def spy(surface, text, *args, **kwargs):
        rect = real(surface, text, *args, **kwargs)
        drawn.append(i18n.tr(text))
        return rect

    scene.draw_text = spy
    for seat in range(players):
        if seat == scene.viewer:
            continue
        box = scene._box(seat)
        name, showing, total = scene._draw_seat_labels(surface, seat, box, is_turn=True)
        cards = [scene.board.sprites(f"grid:{seat}:{slot}")[0].rect for slot in range(skyjo_rules.SLOTS)]
        rects = [name, showing, total]
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert not a.colliderect(b), (lang, players, seat, a, b)
            assert a.collidelist(cards) == -1, f"a seat's words over its cards: {a}"
            frame = pygame.Rect(box[0] - 6, box[1] - 4, 4 * 40 + 3 * 4 + 12, 20)
            assert frame.left <= a.left and a.right <= frame.right, f"past the seat's frame: {a} {frame}"
        assert showing.right < total.left and name.bottom <= showing.top
    assert i18n.tr("Total {n}").format(n=-125) in drawn                   # the total has its word
    assert i18n.tr("showing {n}").format(n=144) in drawn                  # ...and so do the points showing
    assert all(i18n.tr(scene.seat_name(seat)) in drawn for seat in range(players) if seat != scene.viewer)


def test_a_doubled_finisher_keeps_the_star_the_legend_explains():
    doubled = skyjo_rules.RoundResult(raw=(32, 10), scores=(64, 10), finisher=0, doubled=True)
    assert score_cell(doubled, 0) == "32×2*"
    assert score_cell(doubled, 1) == "10"
    plain = skyjo_rules.RoundResult(raw=(3, 10), scores=(3, 10), finisher=0, doubled=False)
    assert score_cell(plain, 0) == "3*"
