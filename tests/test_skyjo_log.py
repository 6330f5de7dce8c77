"""Skyjo's move log: a line for each kind of action, built only from what the viewer saw."""
from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scene_events import FRAME, click, key, settle, table_app

from cardgames.core.events import redact
from cardgames.core.movelog import LogLine, Move, MoveLog, describe_lines
from cardgames.games.skyjo import log
from cardgames.games.skyjo import rules as R

NAMES = ("You", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gia", "Hugo")


def lines_for(state, action, viewer=0):
    after, events = R.apply(state, action)
    move = Move(R.current_player(state), action, R.observe(state, viewer), R.observe(after, viewer),
                redact(events, viewer), lambda s: NAMES[s], viewer)
    return [line.text for line in describe_lines(log.describe, move)], after


def two_seats(**kw):
    grid_a = [5, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12]
    grid_b = [2, 2, 9, 3, 4, 6, 7, 8, 9, 10, 11, 0]
    return R.deal({"players": 2}, [grid_a, grid_b], [4, 11, 9], [7], **kw)


def test_set_up_flips_are_told_and_the_second_amends_the_first():
    state = two_seats()
    lines, state = lines_for(state, R.FLIP[0])
    assert lines == ["You turned over 5"]
    lines, state = lines_for(state, R.FLIP[4])
    assert lines == ["You turned over 5 and 4"]
    model = MoveLog()
    model.add(LogLine("You turned over 5", 0), 0)
    model.add(LogLine("You turned over 5 and 4", 0, amends=True), 1)
    assert [line.text for line in model.lines] == ["You turned over 5 and 4"]
    model.truncate(1)
    assert [line.text for line in model.lines] == ["You turned over 5"]


def test_take_names_the_card_taken_the_slot_and_what_went_to_the_discard():
    state = two_seats(face_up=[[0, 1], [0, 1]], current=1)
    lines, _ = lines_for(state, R.TAKE[2])
    assert lines == ["Ben took 7 from the discard into column 1, bottom (a face-down 9 to the discard)"]
    lines, _ = lines_for(state, R.TAKE[0])
    assert lines == ["Ben took 7 from the discard into column 1, top (2 to the discard)"]


def test_draw_then_swap_or_discard_and_flip_is_one_line_per_turn():
    state = two_seats(face_up=[[0, 1], [0, 1]], current=0)
    lines, held = lines_for(state, R.DRAW)
    assert lines == ["You drew 9"]
    lines, _ = lines_for(held, R.SWAP[5])
    assert lines == ["You drew 9 and put it in column 2, bottom (a face-down 6 to the discard)"]
    lines, _ = lines_for(held, R.SWAP[0])
    assert lines == ["You drew 9 and put it in column 1, top (5 to the discard)"]   # equal values still told
    lines, flip = lines_for(held, R.DISCARD)
    assert lines == ["You drew and discarded 9"]
    lines, _ = lines_for(flip, R.FLIP[7])
    assert lines == ["You drew and discarded 9, then turned over 8 in column 3, middle"]


def test_a_cleared_column_the_last_lap_and_the_round_end_are_told():
    grid = [4, 4, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11]
    state = R.deal({"players": 2}, [grid, list(grid)], [4], [12],
                   face_up=[[0, 1, *range(3, 12)], [0, 1]], current=0)
    lines, after = lines_for(state, R.DRAW)
    lines, after = lines_for(after, R.SWAP[2])
    assert lines[0] == "You drew 4 and put it in column 1, bottom (a face-down 1 to the discard)"
    assert "You cleared column 1 (three 4s)" in lines
    assert "You turned over every card: one last turn for the others" in lines
    lines, after = lines_for(after, R.TAKE[5])
    assert any(line.startswith("Round 1 over, every card turned: You ") for line in lines)


# ---------------------------------------------------------------- no hidden card, ever
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 8), picks=st.integers(0, 2**32 - 1))
def test_no_line_depends_on_a_card_nobody_has_seen(seed, players, picks):
    """Each line is the same whatever the cards still face down after the move are:
    play a seeded game; at every step, shuffle the cards nobody sees (those that stay
    unseen after the move) and the lines must not change."""
    rng = random.Random(picks)
    state = R.new_game({"players": players}, seed)
    for _ in range(150):
        if R.is_over(state):
            break
        legal = R.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        viewer = rng.randrange(players)
        lines, after = lines_for(state, action, viewer)
        twin = resample_hidden_keep(state, after, rng)
        twin_lines, _ = lines_for(twin, action, viewer)
        assert twin_lines == lines, (action, lines, twin_lines)
        state = after


def resample_hidden_keep(state, after, rng):
    """Shuffle among themselves the cards face down both before and after the move, and the draw
    pile under the card a draw takes; whatever the move shows stays where it is."""
    keep_top = after.held is not None and state.held is None          # a draw shows the top card
    draw = list(state.stock)
    top = [draw.pop()] if keep_top and draw else []
    slots = [(s, i) for s in range(state.players) for i in range(R.SLOTS)
             if state.hidden[s] >> i & 1 and after.hidden[s] >> i & 1]
    pool = [state.grids[s][i] for s, i in slots] + draw
    rng.shuffle(pool)
    grids = [list(g) for g in state.grids]
    for s, i in slots:
        grids[s][i] = pool.pop()
    return state._replace(grids=tuple(tuple(g) for g in grids), stock=tuple(pool + top))


# ---------------------------------------------------------------- on the table
@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def test_the_corner_shows_the_last_lines_and_j_opens_the_whole_round(app):
    from cardgames.games.skyjo.scene import SkyjoScene
    from cardgames.ui.move_log import MoveLogScene

    scene = SkyjoScene(app, {"players": 4, "level": "normal"}, seed=5)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 1.0)
    for slot in (0, 1):                       # the human's set-up flips, then the computers play
        click(app, scene.board.top(f"grid:0:{slot}").rect.center)
        settle(app, 0.5)
    settle(app, 8.0)
    texts = [line.text for line in scene.move_log.model.lines]
    assert texts[0].startswith("You turned over ")
    assert any(t.startswith("Ben turned over ") for t in texts)
    rows = scene.move_log.corner.rows(app, scene.move_log.model, 0)
    assert rows and rows[-1][0].split()[-1] in texts[-1]
    key(app, pygame.K_j)
    app.step(FRAME)
    assert isinstance(app.stack.top, MoveLogScene)
    view = app.stack.top
    assert view.rows[0][0] == "Round 1"
    key(app, pygame.K_j)
    app.step(FRAME)
    assert app.stack.top is scene
    click(app, scene.move_log.corner.rect.center, frames=2)
    assert isinstance(app.stack.top, MoveLogScene)


# ---------------------------------------------------------------- the table's own signs
def test_news_scores_button_and_log_never_cover_a_grid_a_pile_or_each_other(app):
    from cardgames.games.skyjo.scene import SkyjoScene, seat_frame

    for players in range(2, 9):
        scene = SkyjoScene(app, {"players": players}, seed=1)
        cards = [scene.board.piles[name].base_rect(scene.board.size_of(name)) for name in scene.board.piles
                 if name.startswith(("grid:", "draw", "discard", "held:"))]
        frames = [seat_frame(b) for b in map(scene._box, range(players)) if b]
        signs = [scene.news.rect, scene.summary_button, scene.move_log.corner.rect]
        for i, sign in enumerate(signs):
            assert sign.collidelist(cards) == -1 and sign.collidelist(frames) == -1, (players, sign)
            assert sign.collidelist(signs[i + 1:]) == -1
            assert pygame.Rect(0, 0, 1280, 720).contains(sign)


def test_an_exchange_of_equal_values_still_marks_its_slot_and_news_goes_to_the_banner(app):
    from cardgames.games.skyjo.scene import SkyjoScene

    scene = SkyjoScene(app, {"players": 2}, seed=1)
    app.stack.push(scene)
    app.stack.apply_pending()
    grid = [7, 2, 3] * 4
    scene.host.jump(R.deal({"players": 2}, [grid, grid], [5], [7], face_up=[[0, 1], [0, 1]], current=0))
    scene.take_updates()
    scene.sync(animate=False)
    scene.refresh_moves()
    assert scene.act(R.TAKE[0])                      # a 7 for a 7: nothing changes on the grid...
    assert scene.marks.marks[0][:2] == ("grid:0:0", True)     # ...but the slot is marked as taken
    assert scene.current == 1 and scene.next_seat() == 0
    settle(app, 0.3)
    ring = scene.board.top("grid:0:0").rect.inflate(6, 6)
    assert app.canvas.surface.get_at((ring.x + ring.w // 2, ring.y + 1))[:3] == theme_accent()
    scene.on_announce(R.Announced("column_cleared", 1, 0))
    assert scene.news.showing.title == "Ada cleared a column"
    assert not any(t for t in scene.fx.texts)       # no text pops up over a grid


def theme_accent():
    from cardgames.ui import theme

    return theme.ACCENT
