"""The corner indices stay legible on small cards: at the size a table card (84x118) takes in an
800x450 picture (a 800x600 screen), the corner's suit is big and clubs do not look like spades."""
from pathlib import Path

import pygame
import pytest

SPRITES = Path(__file__).resolve().parent.parent / "sprites"
SEEN = (52, 73)   # 84x118 on the 1280x720 canvas, shown at 800x450
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _corner_ink(path: Path) -> list[int]:
    """Darkness (0..255) of the corner's suit, under the rank, of the card as it is seen."""
    card = pygame.transform.smoothscale(pygame.image.load(str(path)), SEEN)
    w, h = SEEN
    out = []
    for y in range(int(h * 0.17), int(h * 0.40)):
        for x in range(int(w * 0.23)):
            r, g, b, a = card.get_at((x, y))
            out.append(255 - (r + g + b) // 3 if a > 128 else 0)
    return out


@pytest.mark.parametrize("rank", RANKS)
def test_corner_suits_are_big_and_clubs_differ_from_spades(rank):
    clubs = _corner_ink(SPRITES / "cards" / f"{rank}C.png")
    spades = _corner_ink(SPRITES / "cards" / f"{rank}S.png")
    for ink in (clubs, spades):
        assert sum(1 for p in ink if p > 128) >= 40   # the old 24-px corner suit: about 20 pixels
    difference = sum(abs(a - b) for a, b in zip(clubs, spades)) / len(clubs)
    assert difference >= 15                           # the old corner: about 8
