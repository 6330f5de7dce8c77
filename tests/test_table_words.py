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


def _ring_reach():
    """How far the tables' focus ring reaches beyond its item at its widest (drawn and measured)."""
    import math

    from cardgames.engine.input import draw_focus

    surface = pygame.Surface((400, 300), pygame.SRCALPHA)
    item = pygame.Rect(150, 120, 100, 40)
    draw_focus(surface, item, math.pi / 12, side="left")   # sin(6t) = 1: the ring at its widest
    ring = surface.get_bounding_rect()
    return item.top - ring.top


def _three_thirteen(tmp_path):
    from cardgames.games.three_thirteen.scene import ThreeThirteenScene

    app = table_app(tmp_path)
    scene = ThreeThirteenScene(app, {"players": 2, "level": "normal"}, seed=4)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 2.0)
    return app, scene


@pytest.mark.parametrize("lang", ["en", "ta", "te", "kn"])
def test_three_thirteen_points_label_stays_clear_of_the_sort_button_s_ring(tmp_path, language, lang):
    language(lang)
    _, scene = _three_thirteen(tmp_path)
    labels = {i18n.tr("Points outside melds"), i18n.tr("if it ended now")}
    rects = []
    real = scene.draw_text

    def spy(surface, text, *args, **kwargs):
        rect = real(surface, text, *args, **kwargs)
        if i18n.tr(text) in labels or text.rstrip("…") and any(t.startswith(text.rstrip("…")) for t in labels):
            rects.append(rect)
        return rect

    scene.draw_text = spy
    scene.draw_hud(pygame.Surface((1280, 720)))
    assert len(rects) == 2
    reach = _ring_reach()
    assert reach >= 10
    ring = scene.buttons["suit"].rect.inflate(2 * reach, 2 * reach)
    for rect in rects:
        assert not rect.colliderect(ring), f"{lang}: {rect} under the ring {ring}"


def test_an_achievement_toast_waits_for_the_out_banner(tmp_path):
    from cardgames.core.events import Announced

    app, scene = _three_thirteen(tmp_path)
    scene.on_announce(Announced("out", scene.viewer, 1))       # "OUT!" over your hand
    app.notify("Achievement unlocked: Out in one")             # earned by the same move
    seconds = app.toasts.queue[0][2]
    shown_during_banner = []
    frames = 0
    while scene.fx.banner:
        assert app.toasts.queue[0][1] == seconds                # none of its time spent while it waits
        app.step(1 / 60)
        frames += 1
        shown_during_banner.append(scene.fx.banner and not app.toasts.waiting)
    assert frames > 30 and not any(shown_during_banner)         # hidden while the banner shows...
    app.step(1 / 60)
    assert not app.toasts.waiting and seconds - 0.05 < app.toasts.queue[0][1] < seconds   # ...then shown, whole


@pytest.mark.parametrize("lang", ["en", "ta", "te", "kn"])
def test_a_damaged_settings_notice_covers_no_button(tmp_path, language, lang):
    from cardgames.app import headless_app
    from cardgames.scenes.select import SelectScene
    from cardgames.scenes.title import TitleScene
    from cardgames.ui import theme

    (tmp_path / "settings.json").write_text('{"version": 1, "kind": "settings", "data": {')   # cut short
    app = headless_app(tmp_path)
    language(lang)
    for scene in (TitleScene(app), SelectScene(app)):
        app.stack.reset(scene)
        app.stack.apply_pending()
        app.step(1 / 60)
        assert len(app.toasts) == 1, "the notice is shown"
        app.draw(app.canvas.surface)                     # (places the toasts where the scene wants them)
        covered = app.toasts.rect(app.toasts.queue[0][0])
        if isinstance(scene, TitleScene):
            things = [t.rect for t in scene.tiles]
            call = theme.font(theme.LARGE + 4, True).size(i18n.tr("PRESS ANY KEY"))
            things.append(pygame.Rect(0, 0, *call).move(640 - call[0] // 2, 516 - call[1] // 2))
        else:
            things = [w.rect.inflate(24, 24) for w in scene.menu.widgets]   # each with its focus ring
        for thing in things:
            assert not covered.colliderect(thing), f"{type(scene).__name__} {lang}: the notice {covered} over {thing}"
        assert covered.bottom <= 720 and covered.top >= 0
