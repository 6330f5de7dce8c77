"""A cache of surfaces bounded by the memory their pixels take, least recently used dropped first.

Every cache of pictures (scaled card images, rendered text, rotated cards)
is one of these, so memory stays steady however long a screen runs: a
caller that asks for a new size or angle every frame only cycles the cache.

    cache = SurfaceCache(8 * MB)
    surf = cache.get(key)
    if surf is None:
        surf = cache.put(key, make())
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterator

import pygame

MB = 1 << 20


def surface_bytes(surf: pygame.Surface) -> int:
    """The memory a surface's pixels take."""
    return surf.get_pitch() * surf.get_height()


class SurfaceCache:
    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def get(self, key: Hashable) -> pygame.Surface | None:
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def put(self, key: Hashable, surf: pygame.Surface) -> pygame.Surface:
        """Keep `surf` under `key` (dropping the least recently used past the limit); returns it."""
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._items[key] = surf
        self.bytes += surface_bytes(surf)
        while self.bytes > self.max_bytes and len(self._items) > 1:
            _, dropped = self._items.popitem(last=False)
            self.bytes -= surface_bytes(dropped)
        return surf

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[Hashable]:
        """The keys, least recently used first (as iterating a dict gives its keys)."""
        return iter(list(self._items))
