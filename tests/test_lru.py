"""Bounded caches: least recently used pictures go first, the byte count stays under the limit,
and the title screen's rotated cards no longer grow without end."""
import pygame
from scene_events import FRAME

from cardgames.engine.lru import SurfaceCache, surface_bytes


def _surf(w=10, h=10):
    return pygame.Surface((w, h), pygame.SRCALPHA)


def test_the_least_recently_used_goes_first_and_bytes_stay_under_the_limit():
    one = surface_bytes(_surf())
    cache = SurfaceCache(3 * one)
    for k in "abc":
        cache.put(k, _surf())
    assert cache.get("a") is not None      # a is now the most recently used
    cache.put("d", _surf())
    assert "b" not in cache and "a" in cache and "c" in cache and "d" in cache
    assert cache.bytes == 3 * one
    cache.put("d", _surf(10, 20))          # replacing counts the new size only: c (oldest) goes
    assert cache.bytes == 3 * one and "d" in cache and "a" in cache and "c" not in cache
    cache.clear()
    assert len(cache) == 0 and cache.bytes == 0


def test_an_image_bigger_than_the_limit_is_still_kept_alone():
    cache = SurfaceCache(10)
    big = cache.put("big", _surf(50, 50))
    assert cache.get("big") is big and len(cache) == 1


def test_the_title_screens_rotated_cards_stay_bounded_over_2600_frames(tmp_path):
    from cardgames.app import headless_app
    from cardgames.scenes.title import ROTATED_BYTES, TitleScene

    app = headless_app(tmp_path)
    scene = TitleScene(app)
    scene.attract = lambda: None   # stay on the title (the attract mode would start after 45 s)
    app.stack.push(scene)
    app.stack.apply_pending()
    sizes = []
    for i in range(2600):
        app.step(FRAME)
        if i % 500 == 0:
            sizes.append(scene._rotated.bytes)
    assert scene._rotated.bytes <= ROTATED_BYTES
    assert len(scene._rotated) > 20          # it does cache (resting cards, the fan's angles)
