"""After every move, in every game, the keyboard's ring is on a card that plays, else on the game's
main move (the stock, Switch's Draw / Pass), never on a button ("Next hand (N)", "New deal (N)",
"Hint", "Levels", "Sort suit"...): README "Controls".

Many seeded deals of each game are played through the real scene with random legal moves, made
by the keys (Enter on the ring), the mouse (clicks on the cards) and directly (a drop), while the
computer seats play their turns; after each move, once the table is still, the ring is checked as
the next key press would find it.
"""
from __future__ import annotations

import random

import pygame
import pytest
from input_drive import open_table
from scene_events import FRAME, click, key, settle, table_app, wait_for_human

from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.games.switch.scene import SwitchScene
from cardgames.games.three_thirteen.scene import ThreeThirteenScene
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.ui.cards import CardSprite

MAIN_BUTTONS = {"button:move"}   # Switch's Draw / Pass / Keep card: its main move besides the stock


def key_name(scene, k):
    return (k.pile, str(k.card)) if isinstance(k, CardSprite) else k


def where_the_ring_may_be(scene):
    """(the keys that play a card, the keys of the main move), worked out from the legal moves."""
    plays, main = [], []
    for k in scene.focus.keys:
        if isinstance(k, CardSprite) or (isinstance(k, str) and k in scene.board.piles):
            pile = k.pile if isinstance(k, CardSprite) else k
            top = k if isinstance(k, CardSprite) else scene.board.top(k)
            if scene.actions_from(top, pile):
                (main if pile == scene.deal_from else plays).append(k)
        elif k in MAIN_BUTTONS:
            main.append(k)
        elif not (isinstance(k, str) and k.startswith("button:")):
            plays.append(k)             # a chooser's choice
    return plays, main


def check_ring(scene, where):
    scene.refresh_focus()                # what the next key press does first
    plays, main = where_the_ring_may_be(scene)
    current = scene.focus.current
    keys = [key_name(scene, k) for k in scene.focus.keys]
    if plays:
        assert current in plays, (where, key_name(scene, current), keys)
    elif main:
        assert current in main, (where, key_name(scene, current), keys)
    if any(not (isinstance(k, str) and k.startswith("button:")) for k in scene.focus.keys):
        assert not (isinstance(current, str) and current.startswith("button:") and current not in MAIN_BUTTONS), \
            (where, current, keys)


def by_keys(app, scene, rng):
    """Enter on the ring (and again on a picked card's target, a suit) until something is played."""
    before = len(scene.actions)
    for _ in range(3):
        scene.refresh_focus()
        if scene.focus.current is None:
            break
        key(app, pygame.K_RETURN)
        app.step(FRAME)
        if len(scene.actions) != before or scene.over:
            return True
    return len(scene.actions) != before


def by_mouse(app, scene, rng):
    """A click on the source card of a random legal move, then on its target if it was picked up."""
    moves = [m for m in scene.moves() if m[1] is not None and m[1] in scene.board.piles]
    if not moves:
        return False
    _action, pile, card, dst = rng.choice(moves)
    sprite = next((s for s in scene.board.sprites(pile) if s.card == card), None) if card is not None \
        else scene.board.top(pile)
    rect = sprite.rect if sprite is not None else scene.board.piles[pile].base_rect(scene.board.size_of(pile))
    before = len(scene.actions)
    click(app, rect.center)
    if len(scene.actions) == before and scene.picked is not None and dst in scene.board.piles:
        top = scene.board.top(dst)
        click(app, (top.rect if top is not None else scene.board.piles[dst].base_rect(scene.board.size_of(dst))).center)
    if len(scene.actions) == before and getattr(scene, "choosing", None):
        scene.choose_suit(rng.choice(scene.choosing).suit)
    return len(scene.actions) != before


def directly(app, scene, rng):
    """A legal move played as a drop plays it (GameScene.act)."""
    legal = [m[0] for m in scene.moves()] or list(scene.rules.legal_actions(scene.host.state))
    return bool(legal) and scene.act(rng.choice(legal))


def play(app, scene, seed, moves):
    rng = random.Random(seed)
    for n in range(moves):
        wait_for_human(app, scene)
        if app.stack.top is not scene or scene.over or getattr(scene, "summary_waiting", False):
            return n
        scene.animator.finish_all()
        app.step(FRAME)
        check_ring(scene, (type(scene).__name__, seed, n, [str(a) for a in scene.actions[-3:]]))
        means = rng.choice((by_keys, by_mouse, directly))
        if not means(app, scene, rng):
            directly(app, scene, rng)
    return moves


@pytest.mark.parametrize("mode", ("classic", "relaxed", "arcade"))
def test_tripeaks_after_a_move_the_ring_is_on_a_card_that_plays_or_the_stock(tmp_path, mode):
    """Classic's "Next hand (N)", Relaxed's "New deal (N)" and "Hint", Arcade's "Levels" and "Hint"
    sit beside the stock: when no card plays, the ring goes to the stock, not the nearest button."""
    played = 0
    for seed in range(1, 9):
        app = table_app(tmp_path / f"{mode}{seed}")
        app.settings["anim_speed"] = "off"
        scene = open_table(app, TriPeaksScene(app, {"mode": mode}, seed=seed), wait=0.2)
        while app.stack.top is not scene:     # Arcade: the level list first
            key(app, pygame.K_RETURN)
            settle(app, 0.2)
        played += play(app, scene, seed, 40)
    assert played >= 200


@pytest.mark.parametrize("scene_class, options", [
    (SkyjoScene, {"players": 2}), (SkyjoScene, {"players": 4}),
    (ThreeThirteenScene, {"players": 2}), (ThreeThirteenScene, {"players": 4}),
    (SwitchScene, {"players": 2}), (SwitchScene, {"players": 4}),
])
def test_the_tables_after_a_move_the_ring_is_on_a_card_that_plays_or_the_draw(tmp_path, scene_class, options):
    played = 0
    for seed in range(1, 13):       # until 20 moves are checked (a round may end early: a computer goes out)
        if played >= 20 and seed > 4:
            break
        app = table_app(tmp_path / f"{seed}")
        app.settings["ai_speed"] = "instant"
        app.settings["anim_speed"] = "off"
        scene = open_table(app, scene_class(app, dict(options, level="easy"), seed=seed), wait=0.5)
        played += play(app, scene, seed, 30)
    assert played >= 20
