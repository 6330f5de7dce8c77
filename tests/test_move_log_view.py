"""The move log as drawn: suits legible at the minimum window, in the deck's colours."""
from __future__ import annotations

import pygame
import pytest

from cardgames.app import MIN_WINDOW, headless_app
from cardgames.ui import move_log
from cardgames.ui.move_log import CORNER_PX, VIEW_PX, render_line

SHRINK = MIN_WINDOW[0] / 1280     # the canvas in the smallest window


@pytest.fixture
def app(tmp_path):
    return headless_app(tmp_path)


def ink(surface):
    """The mask of the opaque pixels, cropped to them."""
    mask = pygame.mask.from_surface(surface, 128)
    rects = mask.get_bounding_rects()
    box = rects[0].unionall(rects[1:])
    return mask, box


def shrunk_suit(app, symbol, px):
    """A suit in a line of `px` text, as the minimum window shows it (the canvas smoothscaled)."""
    line = render_line(app, symbol, px, (240, 240, 240))
    return pygame.transform.smoothscale_by(line, SHRINK)


@pytest.mark.parametrize("px", [CORNER_PX, VIEW_PX])
def test_suits_are_as_tall_as_the_text_at_the_minimum_window(app, px):
    for symbol in "♠♣♥♦":
        _, box = ink(shrunk_suit(app, symbol, px))
        assert box.height >= 9, (symbol, px, box)    # the tester saw 5-6 px
    letters = pygame.transform.smoothscale_by(render_line(app, "K", px, (240, 240, 240)), SHRINK)
    assert ink(shrunk_suit(app, "♠", px))[1].height >= ink(letters)[1].height


@pytest.mark.parametrize("px", [CORNER_PX, VIEW_PX])
def test_spade_and_club_differ_at_the_minimum_window(app, px):
    spade, sbox = ink(shrunk_suit(app, "♠", px))
    club, cbox = ink(shrunk_suit(app, "♣", px))
    # the club is clearly wider (three lobes), and the two shapes differ in many pixels
    assert cbox.width > sbox.width
    w, h = max(sbox.right, cbox.right), max(sbox.bottom, cbox.bottom)
    a, b = pygame.Mask((w, h)), pygame.Mask((w, h))
    a.draw(spade, (0, 0))
    b.draw(club, (0, 0))
    overlap = a.overlap_area(b, (0, 0))
    differ = a.count() + b.count() - 2 * overlap
    assert differ >= 0.25 * max(a.count(), b.count())


def colour_of(app, symbol):
    line = render_line(app, symbol, CORNER_PX, (240, 240, 240))
    mask, box = ink(line)
    pixels = [line.get_at((x, y)) for x in range(box.left, box.right) for y in range(box.top, box.bottom)
              if mask.get_at((x, y)) and line.get_at((x, y)).a == 255]
    r = sum(p.r for p in pixels) / len(pixels)
    g = sum(p.g for p in pixels) / len(pixels)
    b = sum(p.b for p in pixels) / len(pixels)
    return r, g, b


def test_suit_colours_follow_the_four_colour_setting(app):
    app.settings["four_colour"] = False
    move_log._line_cache.clear()
    r, g, b = colour_of(app, "♣")
    assert min(r, g, b) > 200                        # white clubs on the dark panel
    r, g, b = colour_of(app, "♦")
    assert r > 200 and g < 150 and b < 150           # red diamonds
    app.settings["four_colour"] = True
    r, g, b = colour_of(app, "♣")
    assert g > 180 and g > r + 60 and g > b + 40     # green clubs
    r, g, b = colour_of(app, "♦")
    assert b > 200 and b > r + 80                    # blue diamonds
    r, g, b = colour_of(app, "♠")
    assert min(r, g, b) > 200                        # spades stay white
    r, g, b = colour_of(app, "♥")
    assert r > 200 and g < 150                       # hearts stay red


def test_line_height_keeps_rows_apart(app):
    """Two rows of text with suits never overlap: the step is at least the tallest part."""
    step = move_log.row_step(CORNER_PX)
    assert step >= render_line(app, "Ada took 7♠ and 8♣", CORNER_PX, (240, 240, 240)).get_height()


def test_the_log_and_text_draw_after_the_font_module_quits_and_starts_again(app):
    """A finished App (or a test) quits pygame's fonts; fonts kept from before are dead after that.
    Every module-level font cache must notice and make new ones, not raise "Invalid font"."""
    from cardgames.ui import theme
    render_line(app, "A♠ before", CORNER_PX, (240, 240, 240))
    theme.text_surface("before", CORNER_PX, (240, 240, 240))
    pygame.font.quit()
    pygame.font.init()
    line = render_line(app, "K♥ on 7♣ after", CORNER_PX, (240, 240, 240))   # new text: not from the line cache
    assert line.get_width() > 0 and pygame.mask.from_surface(line, 128).count() > 0
    assert theme.text_surface("after", CORNER_PX, (240, 240, 240)).get_width() > 0
    assert theme.font(CORNER_PX).get_height() > 0
