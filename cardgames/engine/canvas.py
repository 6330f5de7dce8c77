"""The fixed logical canvas (1280x720) shown in a window of any size.

Every scene draws on one 1280x720 surface. present() copies it into the
window: a plain blit when the window is exactly that size, otherwise a
`smoothscale` into the largest centred rectangle of the same aspect ratio
(letterboxing: the bars are filled once, when the window changes size).
Mouse events come back in window pixels; map_event() turns them into canvas
pixels (positions and MOUSEMOTION's rel), so scenes never see the window.

Why software scaling rather than pygame's SCALED renderer flag:
- SCALED needs a hardware renderer ("no fast renderer available" under the
  dummy video driver), and SDL then maps the mouse itself, so tests, headless
  screenshots and real windows would take different paths. Here they share one.
- smoothscale filters (bilinear up, area-averaging down), so text stays
  readable at 800x450 and edges are clean, not blocky, at 1920x1080 (a
  non-integer 1.5x, where nearest-neighbour scaling doubles every other row).
  It costs about 2 ms per frame at 1920x1080 on the development machine, well
  inside the 16.7 ms of a 60 FPS frame; at 1280x720 there is no scaling at all.
- Measured against the other ways (tools/bench_present.py, a 1920x1080 window
  on Xvfb without a GPU, CPU of all threads per frame): this path with
  SDL_FRAMEBUFFER_ACCELERATION=0 (the app sets it on Linux) 2.2 ms; the same
  with SDL's default (the window surface goes through OpenGL, here software
  llvmpipe threads) 14.8 ms; pygame's SCALED mode 4.7 ms; a _sdl2.video
  software Renderer scaling a Texture 4.1 ms, an OpenGL one 10.3 ms.
- Frames are presented only when the picture changed (engine/redraw.py).
- The canvas is never reallocated: the destination is a cached subsurface of
  the window, rebuilt only when the window's size changes.
"""
from __future__ import annotations

import pygame

LETTERBOX = (8, 10, 12)  # the colour of the bars around the canvas


def fit(canvas_size: tuple[int, int], window_size: tuple[int, int]) -> pygame.Rect:
    """The rectangle of the window the canvas is scaled into (centred, same aspect ratio)."""
    cw, ch = canvas_size
    ww, wh = max(1, window_size[0]), max(1, window_size[1])
    scale = min(ww / cw, wh / ch)
    w, h = max(1, round(cw * scale)), max(1, round(ch * scale))
    return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)


class Canvas:
    """The logical surface plus the window mapping. Create after pygame.display.init()."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.surface = pygame.Surface(size)
        self.rect = pygame.Rect((0, 0), size)  # where the canvas sits in the window
        self.window_size = size
        self._target: pygame.Surface | None = None  # subsurface of the window, or None
        self._window: pygame.Surface | None = None

    # Mapping ---------------------------------------------------------------
    def resize(self, window_size: tuple[int, int]) -> None:
        """Recompute the letterbox for a window of `window_size` pixels."""
        self.window_size = (max(1, window_size[0]), max(1, window_size[1]))
        self.rect = fit(self.size, self.window_size)
        self._window = None  # force present() to rebuild its target

    @property
    def scale(self) -> float:
        return self.rect.width / self.size[0]

    def to_canvas(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Window pixels -> canvas pixels. Points in the bars map outside 0..size (never clamped),
        so a drag that leaves the canvas keeps a sensible position."""
        s = self.scale
        return (int((pos[0] - self.rect.x) // s), int((pos[1] - self.rect.y) // s))

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        s = self.scale
        return (round(pos[0] * s + self.rect.x), round(pos[1] * s + self.rect.y))

    def inside(self, window_pos: tuple[float, float]) -> bool:
        return self.rect.collidepoint(window_pos)

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """A copy of a mouse event with canvas coordinates; other events unchanged.

        Adds `inside` (was the pointer over the canvas, not the bars) to mouse events.
        """
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return event
        attrs = dict(event.dict)
        attrs["inside"] = self.inside(event.pos)
        attrs["pos"] = self.to_canvas(event.pos)
        if event.type == pygame.MOUSEMOTION:
            s = self.scale
            attrs["rel"] = (round(event.rel[0] / s), round(event.rel[1] / s))
        return pygame.event.Event(event.type, attrs)

    # Output ----------------------------------------------------------------
    def present(self, window: pygame.Surface) -> None:
        """Copy the canvas into `window` (scaled and letterboxed when sizes differ)."""
        if window.get_size() != self.window_size or window is not self._window:
            if window.get_size() != self.window_size:
                self.resize(window.get_size())
            self._window = window
            window.fill(LETTERBOX)
            self._target = None if self.rect.size == self.size else window.subsurface(self.rect)
        if self._target is None:
            window.blit(self.surface, self.rect.topleft)
        else:
            pygame.transform.smoothscale(self.surface, self.rect.size, self._target)
