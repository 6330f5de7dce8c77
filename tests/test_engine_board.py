"""The board of sprites by pile: layouts, hit-testing, sync with what the viewer sees."""
import pygame
import pytest

from cardgames.core.cards import parse_card
from cardgames.ui.board import Board, grid_positions
from cardgames.ui.cards import CardSprite, PlainAssets


class Art:
    def __init__(self):
        self.assets = PlainAssets()

    def face(self, card, size):
        return self.assets.card(card, size)

    def back(self, size):
        return self.assets.back("blue", size)


@pytest.fixture
def board():
    pygame.display.init()
    pygame.font.init()
    b = Board(Art(), (80, 110))
    b.add_pile("stock", (100, 100))
    b.add_pile("hand", (640, 500), "fan", dx=50, center=True, span=400)
    b.add_pile("waste", (300, 100))
    return b


def C(t):
    return parse_card(t)


def test_fan_is_centred_and_squeezed_to_its_span(board):
    board.sync({"hand": [(C("AS"), True), (C("2S"), True)]}, None)
    xs = [s.pos[0] for s in board.sprites("hand")]
    assert xs == [640 - 25 - 40, 640 + 25 - 40]
    board.sync({"hand": [(C(f"{r}S"), True) for r in range(2, 11)] + [(C("JS"), True), (C("QS"), True)]}, None)
    sprites = board.sprites("hand")
    assert sprites[-1].rect.right - sprites[0].rect.left <= 401


def test_stack_shows_a_little_depth_only(board):
    board.sync({"stock": [(None, False)] * 30}, None)
    xs = {s.pos for s in board.sprites("stock")}
    assert len(xs) > 1 and all(abs(x - 100) <= 4 and abs(y - 100) <= 5 for x, y in xs)


def test_hit_test_finds_the_topmost_card_and_pile_at_finds_empty_spots(board):
    board.sync({"hand": [(C("AS"), True), (C("2S"), True), (C("3S"), True)]}, None)
    top = board.sprites("hand")[1]
    point = (top.rect.right - 5, top.rect.centery)  # the 2S's right edge lies under the 3S
    assert board.hit_test(point) is board.sprites("hand")[2]
    assert board.hit_test((top.rect.left + 5, top.rect.centery)) is top
    assert board.pile_at((310, 120)) == "waste"  # empty pile, found by its spot
    assert board.pile_at((5, 5)) is None


def test_sync_reuses_sprites_across_piles_and_animates_them_home(board):
    board.sync({"waste": [(C("KH"), True)]}, None)
    king = board.top("waste")
    anims = board.sync({"hand": [(C("KH"), True)]}, 0.3)
    assert board.top("hand") is king and board.sprites("waste") == []
    assert anims and king.pos == (300, 100)  # not moved yet: the tween will fly it
    for a in anims:
        a.finish()
    assert king.at_home and king.pos == board.home_of("hand", 0)


def test_a_card_that_becomes_hidden_forgets_what_it_was(board):
    board.sync({"waste": [(C("KH"), True)]}, None)
    sprite = board.top("waste")
    anims = board.sync({"waste": [(None, False)]}, 0.3)
    assert sprite.card is None and not sprite.face_up
    for a in anims:
        a.finish()
    assert sprite.shown_card is None and not sprite.shown_up


def test_revealing_a_card_turns_it_over_halfway(board):
    board.sync({"stock": [(None, False)]}, None)
    sprite = board.top("stock")
    (turn,) = board.sync({"stock": [(C("7D"), True)]}, 0.3)
    assert sprite.face_up and sprite.card == C("7D") and not sprite.shown_up
    turn.update(0.0)
    turn.update(0.2)
    turn.update(0.2)
    assert sprite.shown_up and sprite.shown_card == C("7D")


def test_layout_with_an_unknown_pile_is_refused(board):
    with pytest.raises(ValueError, match="tabel"):
        board.sync({"tabel": []}, None)


def test_a_pile_with_its_own_size_resizes_cards_put_there(board):
    board.add_pile("small", (900, 100), size=(40, 55))
    board.sync({"waste": [(C("KH"), True)]}, None)
    sprite = board.take("waste")
    board.put("small", sprite)
    assert sprite.size == (40, 55) and board.pile_rect("small").size == (40, 55)


def test_highlight_marks_piles_and_their_top_cards(board):
    board.sync({"waste": [(C("KH"), True), (C("QH"), True)]}, None)
    board.set_highlight(["waste", "stock"], hover="waste")
    assert board.piles["waste"].highlight is not None and board.top("waste").highlight is not None
    assert board.sprites("waste")[0].highlight is None
    board.set_highlight(())
    assert not any(p.highlight for p in board.piles.values())


def test_grid_positions_row_by_row():
    spots = grid_positions((10, 20), cols=4, rows=3, gap=(5, 6), size=(50, 70))
    assert len(spots) == 12 and spots[0] == (10, 20) and spots[1] == (65, 20) and spots[4] == (10, 96)


def test_draw_runs_with_every_kind_of_sprite(board):
    board.sync({"hand": [(C("AS"), True)], "stock": [(None, False)] * 3}, None)
    sprite = board.top("hand")
    sprite.lift, sprite.flip, sprite.dim = 1.0, 0.5, True
    surface = pygame.Surface((1280, 720))
    board.draw(surface)
    CardSprite(C("2C"), True).draw(surface, board.art)


def test_cards_hidden_under_a_card_on_the_same_spot_are_not_drawn(board):
    deck = [C(f"{r}{s}") for s in "SHDC" for r in ["A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K"]][:40]
    board.sync({"stock": [(c, False) for c in deck], "hand": [(C("AS"), True), (C("2S"), True)]}, None)
    for s in board.all_sprites():
        s.pos = s.home
    drawn = []
    for s in board.all_sprites():   # every picture drawn goes through resting_image (plain cards) or image
        for name in ("image", "resting_image"):
            real = getattr(s, name)
            setattr(s, name, lambda art, *a, real=real, s=s, **k: (drawn.append(s), real(art, *a, **k))[1])
    surface = pygame.Surface((1280, 720))
    board.draw(surface)
    stock = board.sprites("stock")
    depths = {s.pos for s in stock}
    assert len(depths) == 5                                  # five layers of depth: one card each is seen
    assert [s for s in drawn if s.pile == "stock"] == [max((t for t in stock if t.pos == p), key=lambda t: t.index)
                                                        for p in sorted(depths, key=lambda p: p[1], reverse=True)]
    assert sum(1 for s in drawn if s.pile == "hand") == 2    # cards side by side are all drawn
    stock[-1].highlight = (255, 255, 0)                      # the top card drawn on its own: the one under shows
    drawn.clear()
    board.draw(surface)
    assert stock[-2] in drawn
