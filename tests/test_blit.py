"""Fast blits (cardgames/engine/blit.py) draw the same pixels (to a rounding in the soft corners); scaled images stay opaque (engine/assets.py)."""
from __future__ import annotations

import pygame
import pytest

from cardgames.core.cards import Card, Rank, Suit
from cardgames.engine.assets import Assets, opaque_again
from cardgames.engine.blit import for_blit


@pytest.fixture
def assets():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    return Assets(audio=False)


def pixels(surface):
    return pygame.image.tobytes(surface, "RGBA")


def blitted_on_felt(image, twin, size, pos):
    """The pixels of a felt of `size` with `image` blitted at `pos`, and the same with its `twin`."""
    felt = pygame.Surface(size)
    felt.fill((20, 104, 66))
    plain, fast = felt.copy(), felt.copy()
    plain.blit(image, pos)
    fast.blit(twin, pos)
    return pixels(plain), pixels(fast)


@pytest.mark.parametrize("size", [(100, 140), (96, 134), (71, 99)])
def test_a_card_blitted_through_its_twin_draws_the_same_pixels(assets, size):
    card = assets.card(Card(Rank.KING, Suit.CLUBS), size)
    twin = for_blit(card)
    assert twin is not card and twin.get_flags() & pygame.RLEACCELOK   # encoded at its first blit
    assert for_blit(card) is twin                                 # made once
    a, b = blitted_on_felt(card, twin, (200, 200), (13, 7))
    assert max(abs(x - y) for x, y in zip(a, b)) <= 2        # SDL's RLE blender rounds the soft corners by 1
    assert sum(x != y for x, y in zip(a, b)) < len(a) // 100  # ...and only those: the rest is the same


def test_a_turned_card_half_clear_gets_a_twin_that_draws_the_same_pixels(assets):
    card = pygame.transform.rotozoom(assets.card(Card(Rank.QUEEN, Suit.HEARTS), (120, 168)), 32, 1.0)
    w, h = card.get_size()
    assert pygame.mask.from_surface(card, 254).count() < 0.6 * w * h   # mostly its clear corners, not opaque
    twin = for_blit(card)
    assert twin is not card
    a, b = blitted_on_felt(card, twin, (260, 260), (9, 5))
    assert max(abs(x - y) for x, y in zip(a, b)) <= 2        # as a card's twin: its soft corners rounded by 1
    assert sum(x != y for x, y in zip(a, b)) < len(a) // 1000  # ...and nothing else


def test_images_a_twin_would_not_speed_up_are_used_as_they_are():
    pygame.display.init()
    glass = pygame.Surface((40, 40), pygame.SRCALPHA)
    glass.fill((255, 255, 255, 120))                              # translucent all over
    flat = pygame.Surface((40, 40))                               # no per-pixel alpha
    assert for_blit(glass) is glass and for_blit(flat) is flat


def test_a_scaled_card_is_opaque_inside_and_clear_at_its_corners(assets):
    card = assets.skyjo(5, (96, 134))                             # not an exact fraction of the file's size
    w, h = card.get_size()
    assert card.get_at((w // 2, h // 2)).a == 255
    assert card.get_at((0, 0)).a == 0
    raw = pygame.transform.smoothscale(assets.skyjo(5, None), (96, 134))
    assert raw.get_at((w // 2, h // 2)).a < 255                   # what smoothscale alone gives
    assert opaque_again(raw).get_at((w // 2, h // 2)).a == 255
