"""Undo where a practice game offers it, by every control, at each multiplayer table: the Undo button on the table
(a click, or the focus ring and Enter), the pause menu's "Undo last move", Ctrl+Z and U, and a pad's Back button.
Lit only when there is something to take back; a game without practice offers none of them."""
from __future__ import annotations

import pygame
import pytest
from scene_events import click, jump, key, settle, table_app, wait_for_human
from test_practice_undo import open_scene, skyjo_turn
from virtual_pad import VirtualPad

from cardgames.games.skyjo import rules as SK
from cardgames.games.switch import rules as SW
from cardgames.games.switch.scene import SwitchScene
from cardgames.games.three_thirteen import rules as TT
from cardgames.games.three_thirteen.scene import ThreeThirteenScene
from cardgames.scenes.pause import PauseScene


@pytest.fixture
def app(tmp_path):
    app = table_app(tmp_path)
    pygame.event.clear()
    return app


def skyjo(app, practice=True):
    return skyjo_turn(app, seed=5) if practice else _opened(app, "skyjo", practice)


def _opened(app, name, practice):
    from cardgames.games.skyjo.scene import SkyjoScene

    cls = {"skyjo": SkyjoScene, "three_thirteen": ThreeThirteenScene, "switch": SwitchScene}[name]
    options = {"players": 2, "practice": True} if practice else {"players": 2}
    scene = open_scene(app, cls(app, options, seed=6))
    wait_for_human(app, scene)
    if name == "skyjo":
        while scene.host.state.phase == SK.Phase.SETUP:
            scene.act(SK.legal_actions(scene.host.state)[0])
            wait_for_human(app, scene)
    return scene


MOVES = {   # one move of the human's that shows them a card they had not seen
    "skyjo": lambda scene: SK.DRAW,
    "three_thirteen": lambda scene: TT.STOCK,
    "switch": lambda scene: next(a for a in SW.legal_actions(scene.host.state) if a.kind in (SW.K_PLAY, SW.K_DRAW)),
}
GAMES = tuple(MOVES)
UNDO_SPOTS = {"skyjo": (926, 351), "three_thirteen": (135, 409), "switch": (700, 665)}   # where each table's button is


def table(app, name, practice=True):
    return skyjo(app, practice) if name == "skyjo" else _opened(app, name, practice)


def moved(app, name, practice=True):
    """A table at the human's move; the human makes one move. Returns (scene, the state before it)."""
    scene = table(app, name, practice)
    before = scene.host.state
    assert scene.act(MOVES[name](scene))
    settle(app, 0.1)
    return scene, before


def by_button(app, scene):
    click(app, UNDO_SPOTS[scene.info.name])


def by_ring(app, scene):
    scene.refresh_focus()
    assert "button:undo" in scene.focus.keys
    scene.focus.focus("button:undo")
    key(app, pygame.K_RETURN)


def by_pause(app, scene):
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and pause.undo_button.enabled
    pause.menu.set_focus(pause.undo_button)
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene


def by_ctrl_z(app, scene):
    key(app, pygame.K_z, pygame.KMOD_CTRL)


def by_u(app, scene):
    key(app, pygame.K_u)


def by_pad(app, scene):
    with VirtualPad() as pad:
        VirtualPad.frame(app, 2)
        assert app.pads.connected == 1
        pad.press(app, "back")
    VirtualPad.frame(app, 1)


WAYS = {"button": by_button, "ring": by_ring, "pause": by_pause, "ctrl_z": by_ctrl_z, "u": by_u, "pad": by_pad}


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("name", GAMES)
def test_every_control_takes_the_move_back(app, name, way):
    scene, before = moved(app, name)
    WAYS[way](app, scene)
    assert scene.host.state == before, [t[0] for t in app.toasts.queue]


@pytest.mark.parametrize("name", GAMES)
def test_the_button_and_the_pause_entry_are_lit_only_with_something_to_take_back(app, name):
    scene = table(app, name)
    if scene.actions:                         # (Skyjo: the set-up flips are the human's moves too)
        while scene.can_undo:
            assert scene.undo()
        settle(app, 0.5)
    assert not scene.can_undo
    surface = pygame.Surface(app.canvas.size)
    scene.draw(surface)
    assert scene.undo_button() is not None and not scene.undo_button().enabled
    scene.refresh_moves()
    scene.refresh_focus()
    assert "button:undo" not in scene.focus.keys
    pause = PauseScene(app, scene)
    assert pause.undo_button is not None and not pause.undo_button.enabled
    assert scene.act(scene.rules.legal_actions(scene.host.state)[0])
    scene.draw(surface)
    assert scene.undo_button().enabled and PauseScene(app, scene).undo_button.enabled


@pytest.mark.parametrize("name", GAMES)
def test_a_game_without_practice_offers_no_undo(app, name):
    practice, _ = moved(app, name)
    assert practice.undo_button() is not None and PauseScene(app, practice).undo_button is not None
    app.stack.pop()
    app.stack.apply_pending()
    scene, _ = moved(app, name, practice=False)
    after = scene.host.state
    assert scene.undo_button() is None
    pause = PauseScene(app, scene)
    assert pause.undo_button is None and "Undo last move" not in [b.text for b in pause.buttons]
    by_pad(app, scene)
    assert scene.host.state == after and any("Practice" in t[0] for t in app.toasts.queue)


@pytest.mark.parametrize("name", GAMES)
def test_the_button_names_the_control_of_the_device_in_use(app, name, monkeypatch):
    from cardgames.ui import controls

    scene, _ = moved(app, name)
    prompts = []
    draw_prompt = controls.draw_prompt
    monkeypatch.setattr(controls, "draw_prompt", lambda s, a, text, *args, **kw: (
        prompts.append(text), draw_prompt(s, a, text, *args, **kw))[1])
    surface = pygame.Surface(app.canvas.size)
    app.input.device = "pad"
    scene.draw(surface)
    assert "Undo {undo}" in prompts
    assert controls.text(app, "{undo}") == "Back"
    app.input.device = "keyboard"
    scene.draw(surface)
    assert controls.text(app, "{undo}") == "Ctrl+Z" and scene.undo_button().text == "Undo (Ctrl+Z)"


def covered(scene):
    """The cards the Undo button would cover."""
    rect = scene.undo_button().rect
    return [s for s in scene.board.all_sprites() if s.rect.colliderect(rect)]


def test_the_button_covers_no_card_of_a_full_table(app):
    from cardgames.core.cards import parse_cards
    from cardgames.games.skyjo.scene import SkyjoScene

    sk = open_scene(app, SkyjoScene(app, {"players": 8, "practice": True}, seed=2))
    assert covered(sk) == []
    app.stack.pop()
    sw = open_scene(app, SwitchScene(app, {"players": 2, "practice": True}, seed=2))
    jump(sw, SW.deal({"players": 2}, [parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D"),
                                        parse_cards("9D KD")], parse_cards("4H 6D 7S"), parse_cards("9H")))
    sw._build_board(deal=False)                  # seventeen cards in your hand
    settle(app, 0.5)
    assert covered(sw) == []
    app.stack.pop()
    tt = open_scene(app, ThreeThirteenScene(app, {"players": 4, "practice": True}, seed=6))
    jump(tt, TT.deal({"players": 4}, ["AH 2H 3H 4H 5H 6H 7S 7D 7C 9C 10C JC QC",
                                        "2S 3S 4S 5S 6S 8S 9S 10S JS QS AD 2D 3D",
                                        "4D 5D 6D 8D 9D 10D JD QD AC 2C 3C 4C 5C",
                                        "6C 8C 8H 9H 10H JH QH AS 2S 3S 4S 5S 6S"], "KS KH", "KD", round_no=11, current=0))
    tt.sync(animate=False)
    tt.refresh_moves()
    settle(app, 0.5)
    assert covered(tt) == []                     # thirteen cards in hand
    tt.act(TT.STOCK)
    tt.act(TT.OUT)
    tt.act(TT.legal_actions(tt.host.state)[0])        # out: your melds lie down where the button was
    settle(app, 1.5)
    assert tt.viewer in tt.host.state.laid and covered(tt) == []
