"""A card picked up before it is played (Three Thirteen's card to throw, Skyjo's discard to place)
lifts off the table, by Enter as by a click, and drops back when the pick is cancelled."""
from __future__ import annotations

import pygame
import pytest
from scene_events import FRAME, click, key, settle, table_app, wait_for_human

from cardgames.games.skyjo.rules import Phase as SkyjoPhase
from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.games.three_thirteen.rules import STOCK, Phase
from cardgames.games.three_thirteen.scene import ThreeThirteenScene


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def open_scene(app, cls, **options):
    scene = cls(app, {"players": 2, "level": "normal", **options}, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app)
    return scene


def raised(sprite):
    """How far above its place the card is drawn (px)."""
    return sprite.home_rect.y - sprite.rect.y


def enter_on(app, scene, target):
    for _ in range(60):
        if scene.focus.current is target:
            key(app, pygame.K_RETURN)
            if scene.picked is target:
                return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab and Enter never picked {target}")


def three_thirteen_to_discard(app):
    scene = open_scene(app, ThreeThirteenScene)
    wait_for_human(app, scene)
    scene.act(STOCK)
    settle(app, 1.5)
    assert scene.host.state.phase == Phase.DISCARD and scene.human_turn
    return scene


def skyjo_to_turn(app):
    scene = open_scene(app, SkyjoScene)
    for slot in (0, 1):
        click(app, scene.board.top(f"grid:0:{slot}").rect.center)
        settle(app, 0.5)
    wait_for_human(app, scene, ready=lambda: scene.host.state.phase == SkyjoPhase.TURN)
    settle(app, 1.0)
    return scene


def test_three_thirteen_enter_lifts_the_card_and_esc_drops_it(app):
    scene = three_thirteen_to_discard(app)
    card = scene.board.sprites(f"hand:{scene.viewer}")[2]
    rest = raised(card)
    enter_on(app, scene, card)
    settle(app, 0.3)
    assert raised(card) >= rest + 5
    key(app, pygame.K_ESCAPE)
    settle(app, 0.3)
    assert scene.picked is None and raised(card) == rest


def test_three_thirteen_a_click_lifts_it_as_far_as_enter(app):
    scene = three_thirteen_to_discard(app)
    card = scene.board.sprites(f"hand:{scene.viewer}")[2]
    rest = raised(card)
    click(app, (card.rect.x + 8, card.rect.y + 30))
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEMOTION, {"pos": (20, 700), "rel": (0, 0), "buttons": (0, 0, 0)})])
    settle(app, 0.3)
    assert scene.picked is card and raised(card) >= rest + 5    # still up once the pointer has left it
    click(app, (card.rect.x + 8, card.rect.y + 30))            # a second click puts it back
    settle(app, 0.3)
    assert scene.picked is None and raised(card) == rest


def test_skyjo_enter_lifts_the_discard_to_place_and_esc_drops_it(app):
    scene = skyjo_to_turn(app)
    top = scene.board.top("discard")
    enter_on(app, scene, top)
    settle(app, 0.3)
    assert raised(top) >= 5
    key(app, pygame.K_ESCAPE)
    settle(app, 0.3)
    assert scene.picked is None and raised(top) == 0
