"""Keyboard focus on the card tables: the arrow geometry, the focus policy, the first presses."""
from __future__ import annotations

import time

import pygame
import pytest
from scene_events import FRAME, key, mouse

from cardgames.app import first_scene, headless_app
from cardgames.engine.input import FocusRing, nearest_in_direction
from cardgames.games.tripeaks import rules as tripeaks_rules
from cardgames.games.tripeaks.scene_overlays import LevelSelectScene

R, L, U, D = (1, 0), (-1, 0), (0, -1), (0, 1)


def grid(cols, rows, w=84, h=118, gap=12, missing=()):
    """Cards of a grid, keyed (col, row), without the `missing` ones."""
    return {(c, r): pygame.Rect(c * (w + gap), r * (h + gap), w, h)
            for c in range(cols) for r in range(rows) if (c, r) not in missing}


def reach(rects, start, direction):
    return nearest_in_direction(rects[start], ((k, r) for k, r in rects.items() if k != start), direction)


# ---------------------------------------------------------------- geometry

def test_arrows_in_a_full_grid_go_to_the_neighbour():
    g = grid(4, 3)
    assert reach(g, (1, 1), R) == (2, 1)
    assert reach(g, (1, 1), L) == (0, 1)
    assert reach(g, (1, 1), U) == (1, 0)
    assert reach(g, (1, 1), D) == (1, 2)
    assert reach(g, (3, 1), R) is None


def test_down_in_a_grid_with_holes_stays_in_its_column():
    # Skyjo's flip step: only face-down cards are targets; the card below is face up
    g = grid(4, 3, missing={(0, 1), (1, 0), (1, 1)})
    assert reach(g, (0, 0), D) == (0, 2)          # straight down, over the gap
    g = grid(4, 3, missing={(0, 1), (0, 2)})
    assert reach(g, (0, 0), D) == (1, 1)          # the nearest card that way, not two columns over
    g = grid(4, 3, missing={(0, 1), (0, 2), (1, 1), (1, 2)})
    assert reach(g, (0, 0), D) == (2, 1)


def test_right_in_an_overlapping_fan_is_the_next_card():
    fan = {i: pygame.Rect(100 + 30 * i, 500, 84, 118) for i in range(7)}
    for i in range(6):
        assert reach(fan, i, R) == i + 1
        assert reach(fan, i + 1, L) == i


def test_a_wide_button_below_is_reached_from_any_column():
    items = {**grid(3, 1), "button": pygame.Rect(0, 300, 276, 50)}
    for c in range(3):
        assert reach(items, (c, 0), D) == "button"
    assert reach(items, "button", U) == (1, 0)     # the card above its middle


def test_pyramid_rows_go_down_to_an_overlapping_card():
    top = {"peak": pygame.Rect(100, 0, 84, 118)}
    below = {"left": pygame.Rect(58, 59, 84, 118), "right": pygame.Rect(142, 59, 84, 118)}
    assert reach({**top, **below}, "peak", D) in ("left", "right")
    assert reach({**top, **below}, "left", R) == "right"
    assert reach({**top, **below}, "left", U) == "peak"


# ---------------------------------------------------------------- the ring

def ring_over(rects, keys=None, preferred=None):
    ring = FocusRing(lambda k: rects.get(k))
    ring.set_keys(list(keys or rects), preferred)
    return ring


def down(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": mod, "unicode": "", "scancode": 0})


def test_the_first_tab_shows_the_first_item_and_the_next_moves():
    ring = ring_over(grid(3, 1))
    assert ring.current == (0, 0) and not ring.visible
    assert ring.handle_event(down(pygame.K_TAB)) is None
    assert ring.visible and ring.current == (0, 0)
    ring.handle_event(down(pygame.K_TAB))
    assert ring.current == (1, 0)
    ring.handle_event(down(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert ring.current == (0, 0)


def test_the_first_enter_acts():
    ring = ring_over(grid(3, 1))
    assert ring.handle_event(down(pygame.K_RETURN)) == (0, 0)


def test_a_mouse_move_hides_the_ring_and_the_next_arrow_only_shows_it():
    ring = ring_over(grid(3, 1))
    ring.handle_event(down(pygame.K_RIGHT))
    ring.handle_event(down(pygame.K_RIGHT))
    assert ring.current == (1, 0)
    ring.handle_event(mouse(pygame.MOUSEMOTION, (5, 5)))
    assert not ring.visible
    ring.handle_event(down(pygame.K_RIGHT))
    assert ring.visible and ring.current == (1, 0)


def test_a_played_card_hands_the_focus_to_the_nearest_playable_one_not_the_stock():
    rects = {"a": pygame.Rect(0, 0, 84, 118), "b": pygame.Rect(400, 0, 84, 118),
             "stock": pygame.Rect(100, 300, 84, 118)}
    playable = {"a", "b"}
    ring = ring_over(rects, preferred=lambda k: k in playable)
    ring.focus("a")
    playable.discard("a")
    ring.set_keys(["b", "stock"], lambda k: k in playable, after_move=True)
    assert ring.current == "b"                         # the stock is nearer, but b plays
    ring.set_keys(["stock"], lambda k: False, after_move=True)
    assert ring.current == "stock"                     # nothing plays: the stock
    ring.set_keys(["b", "stock"], lambda k: k == "b", after_move=True)
    assert ring.current == "b"                         # a turned card makes b playable: go there
    ring.set_keys(["b", "stock"], lambda k: k == "b")
    ring.focus("stock")
    ring.set_keys(["b", "stock"], lambda k: k == "b")  # no move: the player's own choice stays
    assert ring.current == "stock"


# ---------------------------------------------------------------- TriPeaks, seed 21

def _wait(app, done, seconds=30):
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline
        app.step(FRAME)
        time.sleep(0.002)


@pytest.fixture
def tripeaks21(tmp_path):
    """`main.py --game tripeaks --seed 21`: the first level picked from the level list."""
    app = headless_app(tmp_path, game="tripeaks", seed=21)
    scene = first_scene(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    _wait(app, lambda: isinstance(app.stack.top, LevelSelectScene))
    key(app, pygame.K_RETURN)
    _wait(app, lambda: app.stack.top is scene and scene.human_turn and not scene.animator.busy)
    return app, scene


def test_tripeaks_seed_21_after_the_five_the_focus_is_on_the_playable_four(tripeaks21):
    app, scene = tripeaks21
    assert str(scene.board.top("waste").card) == "6D"
    key(app, pygame.K_TAB)                      # the first Tab: the first playable card, 5D
    assert str(scene.focus.current.card) == "5D" and scene.focus.visible
    key(app, pygame.K_RETURN)
    assert scene.actions == ["play 18"]
    for _ in range(3):
        app.step(FRAME)
    legal = tripeaks_rules.legal_actions(scene.state)
    assert [str(a) for a in legal] == ["play 23", "turn"]
    assert scene.focus.current.pile == "tableau:23" and str(scene.focus.current.card) == "4H"
    key(app, pygame.K_RETURN)                  # Enter plays the four: the streak goes on
    assert scene.actions == ["play 18", "play 23"]


def test_tripeaks_the_first_enter_of_the_game_plays_a_card(tripeaks21):
    app, scene = tripeaks21
    key(app, pygame.K_RETURN)
    assert scene.actions == ["play 18"]
