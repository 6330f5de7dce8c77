"""The tables' layouts at every number of players: nothing overlaps, nothing clips, nothing covers a card.

Three Thirteen's boxes along the top hold a name, a total, a hand of 3 to 14 cards (face down, or
laid down face up), the card thrown last, the card count, "next" and a computer's thinking dots.
"""
from __future__ import annotations

import itertools

import pygame
import pytest
from scene_events import jump, table_app

from cardgames.core.cards import standard_deck
from cardgames.games.three_thirteen import rules as R
from cardgames.games.three_thirteen.hud import LAST_TURN_Y, TOAST_BOTTOM, box_cards, box_thumb
from cardgames.games.three_thirteen.scene import HAND_Y, RAISE, SMALL, ThreeThirteenScene
from cardgames.ui.pile_fans import INDEX_H, INDEX_W, BoxFan


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def table(app, players, hand, laid, taker=None, names=None):
    """A Three Thirteen scene whose others hold `hand` cards each (laid down or not), each has thrown
    one card, totals are three digits; `taker` holds one more, the top one taken from the discard pile."""
    scene = ThreeThirteenScene(app, {"players": players, "level": "normal"}, seed=2)
    deck = list(standard_deck(3))
    hands = []
    for seat in range(players):
        n = hand + (1 if seat == taker else 0)
        hands.append(tuple(deck[:n]))
        del deck[:n]
    thrown = tuple((deck.pop(),) for _ in range(players))
    state = scene.host.state._replace(
        hands=tuple(hands), round_no=max(1, min(11, hand - 2)), current=taker if taker is not None else 1,
        phase=R.Phase.DISCARD if taker is not None else R.Phase.DRAW,
        taken=hands[taker][-1] if taker is not None else None,
        laid=tuple(s for s in range(1, players)) if laid else (), thrown=thrown,
        totals=tuple(188 + s for s in range(players)), stock=tuple(deck[:30]), discard=tuple(deck[30:34]))
    jump(scene, state)
    if names:
        scene.seat_name = lambda seat, with_level=False: names
    scene.sync(animate=False)
    return scene


def drawn_texts(scene, seat):
    """The text rectangles _draw_box draws for `seat`."""
    rects = []
    draw_text = scene.draw_text

    def record(surface, text, pos, px=22, colour=(0, 0, 0), anchor="topleft", bold=False):
        rect = draw_text(surface, text, pos, px, colour, anchor, bold)
        rects.append((str(text), rect))
        return rect

    scene.draw_text = record
    try:
        scene._draw_box(pygame.Surface((1280, 720)), seat, scene.observation(), scene.current == seat)
    finally:
        del scene.draw_text
    return rects


def thinking_dots(scene, seat):
    x, y = scene.seat_anchor(seat)
    return pygame.Rect(x - 21, y - 11, 42, 17)   # three 5 px dots, 16 apart, hopping 6 px




@pytest.mark.parametrize("players", range(2, 9))
def test_three_thirteen_boxes_never_overlap_or_clip(app, players):
    for hand in range(3, 14):
        for laid in (False, True):
            for taker in (None, 1):
                scene = table(app, players, hand, laid and taker is None, taker)
                check_boxes(scene, players, hand, laid and taker is None, taker)


def check_boxes(scene, players, hand, laid, taker):
    where = (players, hand, laid, taker)
    boxes = [scene._box(s) for s in range(1, players)]
    for i, box in enumerate(boxes):
        assert pygame.Rect(0, 0, 1280, 720).contains(box), where
        assert box.collidelist(boxes[i + 1:]) == -1, where
    for seat in range(1, players):
        box = scene._box(seat)
        pile = scene.board.piles[f"hand:{seat}"]
        assert isinstance(pile, BoxFan)
        cards = [s.home_rect for s in scene.board.sprites(f"hand:{seat}")]
        assert len(cards) == hand + (1 if seat == taker else 0)
        area = box_cards(box)
        for r in cards:
            assert area.contains(r), (where, seat, r, area)
        if laid:   # every card's corner index in view: the next card leaves INDEX_W of it
            assert pile.fits(len(cards), SMALL), where
            for a, b in itertools.pairwise(cards):
                assert b.x - a.x >= INDEX_W or b.y - a.y >= INDEX_H, (where, a, b)
        thumb = box_thumb(box)
        assert box.contains(thumb) and thumb.collidelist(cards) == -1, where
        texts = drawn_texts(scene, seat)
        rects = [r for _, r in texts] + [thumb]
        if seat == scene.current:
            rects.append(thinking_dots(scene, seat))
        for i, (name, r) in enumerate(texts):
            assert box.contains(r), (where, seat, name, r)
            assert r.collidelist(cards) == -1, (where, seat, name, r)
        for i, r in enumerate(rects):
            assert r.collidelist(rects[i + 1:]) == -1, (where, seat, texts)


def test_long_names_fit_their_box(app):
    for players in (2, 8):
        scene = table(app, players, 13, False, names="WWWWWWWWWWWWWW")
        for seat in range(1, players):
            box = scene._box(seat)
            texts = drawn_texts(scene, seat)
            rects = [r for _, r in texts]
            for i, r in enumerate(rects):
                assert box.contains(r) and r.collidelist(rects[i + 1:]) == -1, (players, texts)


@pytest.mark.parametrize("players", [2, 5, 8])
def test_log_last_turn_and_toasts_cover_no_card_and_no_box(app, players):
    scene = table(app, players, 13, False)
    board = scene.board
    cards = [s.home_rect for s in board.all_sprites() if s.pile != f"hand:{scene.viewer}"]
    stock, discard = board.piles["stock"].base_rect(scene.card_size), board.sprites("discard")[-1].home_rect
    mine = [s.home_rect.move(0, -RAISE) for s in board.sprites(f"hand:{scene.viewer}")]
    boxes = [scene._box(s) for s in range(1, players)]
    log = scene.move_log.corner.rect
    last_turn = pygame.Rect(stock.x, LAST_TURN_Y, discard.right - stock.x, 56)
    toast = pygame.Rect(640 - 380, TOAST_BOTTOM - 80, 760, 80)   # the widest two-line message
    you = pygame.Rect(1040, 396, 220, 64)                          # your name, total and points
    for name, rect in (("log", log), ("last turn", last_turn), ("toast", toast)):
        assert rect.collidelist(cards + mine + boxes + [stock]) == -1, (players, name)
    assert log.collidelist([last_turn, toast, you]) == -1
    assert toast.collidelist([last_turn, you]) == -1
    assert all(r.top >= HAND_Y - RAISE for r in mine)


# ---------------------------------------------------------------- the log's corner at a full table
def corner_text(scene, app):
    """The lines the corner shows (the titles of rounds between them left out)."""
    from cardgames.ui.move_log import HEADING

    rows = scene.move_log.corner.rows(app, scene.move_log.model, scene.log_viewer())
    return " ".join(text.strip() for text, colour in rows if colour != HEADING)


def play_turns(scene, turns, rng):
    """`turns` turns of play (every seat), logged as the scene is told them: the computers at the
    table's clock, the human's moves (and "Next round") chosen by the normal computer and sent."""
    from cardgames.games.three_thirteen import ai

    host = scene.host
    for _ in range(turns):
        seat = host.state.current
        while host.state.current == seat and not R.is_over(host.state):
            state = host.state
            if seat in scene.humans or state.phase == R.Phase.ROUND_OVER:
                assert scene.act(ai.choose(R.observe(state, seat), R.legal_actions(state), rng, "normal"))
            else:
                assert host.next_due() is not None
                host.advance_to(host.next_due(), moves=1)
                scene.take_updates()


def test_three_thirteen_corner_follows_a_whole_turn_around_eight_seats(app):
    import random

    scene = ThreeThirteenScene(app, {"players": 8, "level": "normal"}, seed=4)
    rng = random.Random(4)
    for _ in range(6):
        play_turns(scene, 8, rng)
        lines = [line.text for line in scene.move_log.model.all_lines()]
        shown = corner_text(scene, app)
        for line in lines[-8:]:   # the last 8 turns, one line each
            assert line.split()[-1] in shown and line.split()[0] in shown, (line, shown)
        joined = " ".join(lines[-8:])
        assert " ".join(joined.split()) in " ".join(shown.split()), shown


def test_a_new_round_shows_the_end_of_the_last_one_under_its_title(app):
    from cardgames.core.movelog import LogLine
    from cardgames.ui.move_log import CORNER_PX, HEADING, LogCorner, MoveLog, row_step

    log = MoveLog()
    log.section("Round 1")
    for i in range(20):
        log.add(LogLine(f"Ada drew from the stock and discarded {i}", 1), i)
    log.section("Round 2", 20)
    log.add(LogLine("Ben took 4 from the discard pile", 2), 20)
    corner = LogCorner((0, 0, 394, 226))
    rows = corner.rows(app, log, 0)
    room = (226 - corner.HEADER - 8) // row_step(CORNER_PX)
    assert len(rows) <= room
    texts = [t for t, _ in rows]
    assert texts[-1] == "Ben took 4 from the discard pile"
    assert rows[-2] == ("Round 2", HEADING) and ("Round 1", HEADING) in rows
    assert texts[texts.index("Round 1") + 1:-2] == [f"Ada drew from the stock and discarded {i}"
                                                    for i in range(20 - (len(texts) - 3), 20)]
    log.section("Round 3", 21)                 # nothing yet this round: no empty title at the bottom
    rows = corner.rows(app, log, 0)
    assert rows[-1][0] == "Ben took 4 from the discard pile" and rows[-2] == ("Round 2", HEADING)


# ---------------------------------------------------------------- Skyjo's messages
@pytest.mark.parametrize("players", range(2, 9))
def test_skyjo_toasts_cover_no_card_no_sign_and_no_seat(app, players):
    from cardgames.games.skyjo.scene import SkyjoScene
    from cardgames.ui.widgets import Toasts

    scene = SkyjoScene(app, {"players": players}, seed=1)
    cards = [scene.board.piles[name].base_rect(scene.board.size_of(name)) for name in scene.board.piles
             if name.startswith(("grid:", "draw", "discard", "held:"))]
    frames = [pygame.Rect(b[0] - 6, b[1] - 4, 184, 210) for b in map(scene._box, range(players)) if b]
    signs = [scene.news.rect, scene.summary_button, scene.move_log.corner.rect]
    yours = pygame.Rect(300, 364, 170, 84)      # "You", your total and the points showing, left of your grid
    toasts = Toasts()
    toasts.area = scene.toast_area
    for text in ("Undo is off.", "A scored round cannot be taken back. " * 3):
        rect = toasts.rect(text)
        assert scene.toast_area.contains(rect), (players, rect)
        assert rect.collidelist(cards + frames + signs + [yours]) == -1, (players, rect)


@pytest.mark.parametrize("players", [2, 8])
def test_skyjo_messages_are_drawn_in_its_toast_area(app, players):
    from cardgames.games.skyjo.scene import SkyjoScene

    scene = SkyjoScene(app, {"players": players}, seed=1)
    app.stack.push(scene)
    app.stack.apply_pending()
    app.notify("Undo is off in this game.")
    app.step(1 / 60)
    assert app.toasts.area == scene.toast_area
    assert scene.toast_area.contains(app.toasts.rect("Undo is off in this game."))
