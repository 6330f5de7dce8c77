"""Keyboard focus on the card tables: the arrow geometry, the focus policy, the first presses."""
from __future__ import annotations

import time

import pygame
import pytest
from scene_events import FRAME, key, mouse

from cardgames.app import headless_app
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
    assert reach(g, (0, 0), D) == (1, 1)          # none below: the nearest column, not two over
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


def test_after_a_move_the_ring_takes_the_stock_before_a_nearer_button():
    """Ranks: a card that plays (3), the main move (2), a button (0): with nothing playing the ring
    goes to the stock, even from a button next to the card just played, and never stays on a button."""
    rects = {"a": pygame.Rect(1000, 560, 84, 118), "button:Next hand": pygame.Rect(1090, 620, 176, 38),
             "stock": pygame.Rect(400, 560, 84, 118)}
    rank = {"a": 3, "stock": 2, "button:Next hand": 0}
    ring = ring_over(rects, preferred=rank.get)
    ring.focus("a")
    ring.set_keys(["button:Next hand", "stock"], rank.get, after_move=True)   # a played: nothing else plays
    assert ring.current == "stock"
    ring.focus("button:Next hand")
    ring.set_keys(["button:Next hand", "stock"], rank.get, after_move=True)   # the stock turned from a button
    assert ring.current == "stock"
    ring.focus("button:Next hand")
    ring.set_keys(["button:Next hand", "stock"], rank.get)                   # no move: the player's choice stays
    assert ring.current == "button:Next hand"


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
    scene = app.screens.first()
    app.stack.push(scene)
    app.stack.apply_pending()
    _wait(app, lambda: isinstance(app.stack.top, LevelSelectScene))
    key(app, pygame.K_RETURN)
    _wait(app, lambda: app.stack.top is scene and scene.human_turn and not scene.animator.busy)
    return app, scene


def test_tripeaks_seed_21_after_the_five_the_focus_is_on_the_playable_four(tripeaks21):
    app, scene = tripeaks21
    assert str(scene.board.top("waste").card) == "6D"
    scene.refresh_focus()                       # started by Enter: the ring is shown at once, on 5D
    assert str(scene.focus.current.card) == "5D" and scene.focus.visible
    key(app, pygame.K_RETURN)
    assert scene.actions == ["play 18"]
    for _ in range(3):
        app.step(FRAME)
    legal = tripeaks_rules.legal_actions(scene.host.state)
    assert [str(a) for a in legal] == ["play 23", "turn"]
    assert scene.focus.current.pile == "tableau:23" and str(scene.focus.current.card) == "4H"
    key(app, pygame.K_RETURN)                  # Enter plays the four: the streak goes on
    assert scene.actions == ["play 18", "play 23"]


def test_tripeaks_the_first_enter_of_the_game_plays_a_card(tripeaks21):
    app, scene = tripeaks21
    key(app, pygame.K_RETURN)
    assert scene.actions == ["play 18"]


# ---------------------------------------------------------------- a game started by a key

def _start_skyjo_from_the_select_screen(tmp_path, by_key):
    from scene_events import click, settle

    from cardgames import achievements
    from cardgames.games.skyjo.scene import SkyjoScene
    from cardgames.scenes.select import SelectScene

    app = headless_app(tmp_path)
    achievements.tutorial_ended(app, "skyjo", "skipped")     # the game itself, not its first-play lesson
    select = SelectScene(app, game="skyjo")
    app.stack.push(select)
    app.stack.apply_pending()
    settle(app, 0.2)
    if by_key:
        key(app, pygame.K_RETURN)            # Enter on the tile: on to Start
        key(app, pygame.K_RETURN)            # Start
    else:
        app.step(FRAME, [mouse(pygame.MOUSEMOTION, select.start_button.rect.center, rel=(40, 40))])
        click(app, select.start_button.rect.center)
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, SkyjoScene)
    settle(app, 2.0)                         # the deal lands; no key pressed since
    return scene


def test_a_game_started_by_a_key_shows_the_ring_at_once(tmp_path):
    scene = _start_skyjo_from_the_select_screen(tmp_path, by_key=True)
    assert scene.focus.visible and scene.focus.current is not None
    assert scene.focus.current in scene.focus.keys and scene.actions_from(scene.focus.current, scene.focus.current.pile)


def test_a_game_started_by_the_mouse_keeps_the_ring_hidden(tmp_path):
    scene = _start_skyjo_from_the_select_screen(tmp_path, by_key=False)
    assert not scene.focus.visible


# ---------------------------------------------------------------- F11

def test_f11_switches_the_screen_mode_without_pausing_the_game(tmp_path):
    from scene_events import settle, table_app

    from cardgames.games.switch.scene import SwitchScene
    from cardgames.scenes.pause import PauseScene

    app = table_app(tmp_path)
    scene = SwitchScene(app, {"players": 2}, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 0.5)
    full = bool(app.settings.get("fullscreen"))
    lost = pygame.event.Event(pygame.WINDOWFOCUSLOST, {"window": None})
    gained = pygame.event.Event(pygame.WINDOWFOCUSGAINED, {"window": None})
    key(app, pygame.K_F11)
    app.step(FRAME, [lost])             # the mode change moves the focus about...
    app.step(FRAME, [gained])
    settle(app, 0.3)
    assert bool(app.settings.get("fullscreen")) != full
    assert app.stack.top is scene       # ...that is not the player leaving: no pause
    settle(app, 1.0)
    app.step(FRAME, [lost])             # later, the player really switches away: pause
    assert isinstance(app.stack.top, PauseScene)


# ---------------------------------------------------------------- Skyjo's flip step

def test_skyjo_flip_step_down_never_jumps_two_columns(tmp_path):
    """On the real Skyjo grid, with every pattern of face-down cards: Down goes to the card below
    in the same column if there is one (over a face-up card), else to a card of the nearest column."""
    import random

    from scene_events import settle, table_app

    from cardgames.games.skyjo.scene import SLOTS, SkyjoScene

    app = table_app(tmp_path)
    scene = SkyjoScene(app, {"players": 2}, seed=4)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 2.0)
    rects = {slot: scene.board.top(f"grid:{scene.viewer}:{slot}").home_rect for slot in range(SLOTS)}
    xs = sorted({r.centerx for r in rects.values()})
    col = {slot: xs.index(r.centerx) for slot, r in rects.items()}
    rng = random.Random(1)
    for _ in range(300):
        hidden = [s for s in range(SLOTS) if rng.random() < 0.5]
        ring = FocusRing(lambda k: rects.get(k))
        ring.set_keys(hidden)
        ring.visible = True
        for start in hidden:
            ring.current = start
            ring.move(D)
            below = [s for s in hidden if rects[s].centery > rects[start].centery]
            if not below:
                assert ring.current == start
                continue
            nearest_col = min(abs(col[s] - col[start]) for s in below)
            assert abs(col[ring.current] - col[start]) == nearest_col, (hidden, start, ring.current)


def test_switch_a_drawn_card_that_plays_takes_the_focus_from_the_keep_button(tmp_path):
    from input_drive import open_table
    from scene_events import settle, table_app

    from cardgames.core.cards import parse_cards
    from cardgames.games.switch import rules as R
    from cardgames.games.switch.scene import SwitchScene

    app = table_app(tmp_path)
    # nothing of yours plays on the 9C; the stock's top card, the QC, does
    state = R.deal({}, [parse_cards("5D 7H"), parse_cards("3D 4D 7S KS")], parse_cards("4H 4S 6D QC"),
                   parse_cards("9C"))
    scene = open_table(app, SwitchScene(app, {"players": 2, "level": "easy"}, seed=3), state, wait=1.0)
    scene.refresh_focus()
    assert scene.focus.keys == [scene.board.top("stock"), "button:move"]   # nothing plays: draw
    scene.focus.focus("button:move")
    key(app, pygame.K_RETURN)
    settle(app, 0.5)
    assert scene.host.state.phase is R.DRAWN and "button:move" in scene.focus.keys   # "Keep card" now
    assert str(getattr(scene.focus.current, "card", None)) == "QC"   # the ring is on the card that plays
    key(app, pygame.K_RETURN)
    assert scene.actions[-1] == "0 play QC"
