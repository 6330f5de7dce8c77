"""Pictures kept between frames to draw them cheaper give the very pixels of pictures made afresh."""
from __future__ import annotations

import pygame
import pytest

from cardgames.app import headless_app
from cardgames.core.cards import parse_card
from cardgames.ui.board import Board
from cardgames.ui.cards import CardArt, CardSprite


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


@pytest.fixture
def app(tmp_path):
    return headless_app(tmp_path)


def _board(app, layout) -> Board:
    board = Board(CardArt(app), (84, 118))
    board.add_pile("hand", (300, 400), "fan", dx=40)
    board.add_pile("stock", (100, 100))
    board.sync(layout, None)
    return board


def _drawn(board: Board) -> bytes:
    surface = pygame.Surface((1280, 720))
    surface.fill((20, 104, 66))
    board.draw(surface)
    return pixels(surface)


def test_a_sprite_keeps_its_picture_only_while_its_card_side_size_and_settings_stay(app):
    layout = {"hand": [(parse_card("AS"), True), (parse_card("QH"), True), (None, False)], "stock": [(None, False)]}
    board = _board(app, layout)
    _drawn(board)   # every sprite keeps its picture now
    hand = board.sprites("hand")
    changes = [
        lambda: hand[0].set_face(parse_card("7D"), True),                 # another card
        lambda: hand[1].set_face(parse_card("QH"), False),                # turned face down
        lambda: app.settings.update(card_back="red"),                     # another back
        lambda: app.settings.update(four_colour=True),                    # the four-colour deck
        lambda: setattr(hand[0], "highlight", (255, 214, 90)),            # drawn on its own (not plain)
        lambda: setattr(hand[0], "lift", 0.35),
    ]
    for change in changes:
        change()
        fresh = _board(app, {name: [(s.card, s.face_up) for s in board.sprites(name)] for name in board.piles})
        for name in board.piles:
            for kept, new in zip(board.sprites(name), fresh.sprites(name)):
                new.highlight, new.lift = kept.highlight, kept.lift
        assert _drawn(board) == _drawn(fresh)


def test_a_resized_sprite_is_drawn_at_its_new_size(app):
    sprite = CardSprite(parse_card("KC"), True)
    art = CardArt(app)
    assert sprite.resting_image(art).get_size() == (84, 118)
    sprite.size = sprite.shown_size = (60, 84)
    assert sprite.resting_image(art).get_size() == (60, 84)
    assert pixels(sprite.resting_image(art)) == pixels(art.face(parse_card("KC"), (60, 84)))


def test_the_title_draws_the_same_picture_with_its_tiles_laid_on_the_felt(app):
    from cardgames.scenes.title import TitleScene

    scene = TitleScene(app)
    afresh = TitleScene(app)
    fresh_table = afresh._table

    def felt_only(below):   # the tiles drawn as before, over whatever lies under them
        fresh_table(below)
        afresh._tiles_laid = False
        return afresh._felt

    afresh._table = felt_only
    a, b = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    laid = crossed = 0
    for frame in range(1500):
        scene.update(1 / 60)
        afresh.update(1 / 60)
        if frame % 7 == 0:
            scene.draw(a)
            afresh.draw(b)
            assert pixels(a) == pixels(b), f"frame {frame}"
            laid += scene._tiles_laid
            crossed += not scene._tiles_laid
    assert laid and crossed   # both ways were compared: tiles laid, and a card passing under them


def test_the_select_screen_keeps_its_panel_on_the_backdrop_only_while_the_game_is_the_same(app):
    from cardgames.games import registry
    from cardgames.scenes.select import SelectScene

    scene = SelectScene(app, registry.GAMES[0].name)
    kept, fresh = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    for info in (*registry.GAMES, registry.GAMES[0], registry.GAMES[0]):
        scene.select(info)
        scene.draw(kept)                      # the panel from the picture kept, when it is the same game's
        scene._base.key = None                # ...and drawn afresh
        scene.draw(fresh)
        assert pixels(kept) == pixels(fresh), info.name
        scene.draw(kept)                      # (kept again for the next game)


def test_the_move_log_wraps_a_line_it_remembers_as_it_would_afresh(app):
    from cardgames.ui import move_log

    texts = ["Ada drew 7♠ from the stock and discarded Q♥ on the pile beside it", "Ben went out", ""]
    for text in texts:
        for width, px in ((230, 15), (120, 15), (430, 18)):
            first = move_log.wrap(app, text, width, px)
            first.append("changed by a caller")                      # a caller's list is its own
            assert move_log.wrap(app, text, width, px) == move_log._wrap(app, text, width, px, False)
    app.settings["four_colour"] = True                              # another look is another answer
    assert move_log.wrap(app, texts[0], 230, 15) == move_log._wrap(app, texts[0], 230, 15, False)


@pytest.mark.parametrize("game", ["tripeaks", "skyjo", "three_thirteen", "switch"])
def test_a_table_keeps_its_felt_and_pile_spots_only_while_they_stay_the_same(app, game):
    from cardgames.bench_window import _setup
    from cardgames.i18n import set_language

    app.settings["ai_speed"] = "instant"
    scene = _setup(app, game)
    for _ in range(240):   # the deal lands
        app.step(1 / 60)
    kept, fresh = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))

    def same() -> bool:
        scene.draw(kept)                        # from the kept picture when nothing it shows changed
        own = scene.table_key
        scene.table_key = lambda: None          # drawn afresh
        scene.draw(fresh)
        scene.table_key = own
        return pixels(kept) == pixels(fresh)

    scene.draw(kept)
    assert same()
    piles = [name for name, pile in scene.board.piles.items() if pile.mat or pile.label][:2] or list(scene.board.piles)[:2]
    scene.board.set_highlight(piles[:1], hover=piles[0])    # a pile lights up: its spot changes
    assert same()
    scene.board.set_highlight(())
    assert same()
    set_language("ta")                                       # the piles' labels in another language
    assert same()
    app.settings["four_colour"] = True
    assert same()
    if game == "three_thirteen":                             # a box lights up when its seat has the turn
        for seat in (*range(1, scene.players), 0):
            type(scene).current = property(lambda self, seat=seat: seat)
            try:
                assert same(), seat
            finally:
                del type(scene).current
