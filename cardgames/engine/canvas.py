"""The fixed logical canvas (1280x720) shown in a window of any size.

Every scene draws on one 1280x720 surface. present() copies it into the
window: a `smoothscale` into the largest centred rectangle of the same aspect
ratio (letterboxing: the bars are filled once, when the window changes size).
A window of exactly that size (and pixel layout) is itself the surface the
scenes draw on, from the frame after it opened: nothing is copied at all
(a blit of the whole canvas was 0.5 of a 3.2 ms Skyjo frame at 1280x720,
bench_window --phases); when it changes size, the canvas has its own surface
again (pygame resizes the window's surface in place, losing its picture, and
the frame after a resize is drawn whole anyway).
Mouse events come back in window pixels; map_event() turns them into canvas
pixels (positions and MOUSEMOTION's rel), so scenes never see the window.

Why software scaling rather than pygame's SCALED renderer flag:
- SCALED needs a hardware renderer ("no fast renderer available" under the
  dummy video driver), and SDL then maps the mouse itself, so tests, headless
  screenshots and real windows would take different paths. Here they share one.
- smoothscale filters (bilinear up, area-averaging down), so text stays
  readable at 800x450 and edges are clean, not blocky, at 1920x1080 (a
  non-integer 1.5x, where nearest-neighbour scaling doubles every other row).
  It costs about 2.4 ms per frame at 1920x1080 on the development machine
  (a 1.5x scale up); at 1280x720 there is no scaling at all.
- Measured against the other ways (tools/bench_present.py, a 1920x1080 window
  on Xvfb without a GPU, CPU of all threads per frame): this path with
  SDL_FRAMEBUFFER_ACCELERATION=0 (the app sets it on Linux) 2.2 ms; the same
  with SDL's default (the window surface goes through OpenGL, here software
  llvmpipe threads) 14.8 ms; pygame's SCALED mode 4.7 ms; a _sdl2.video
  software Renderer scaling a Texture 4.1 ms, an OpenGL one 10.3 ms.
- Frames are presented only when the picture changed (engine/redraw.py).
- The canvas is never reallocated: the destination is a cached subsurface of
  the window, rebuilt only when the window's size changes.

Only the rows that changed are scaled and sent to the window. changed_rows()
compares the canvas with the frame last shown, band by band (a copy of its
pixels and a memcmp per band: 0.3 to 0.7 ms), and present() scales and
updates only those bands: a hover that lights one card no longer pays 2.7 ms
to scale the whole 1280x720 canvas into a 1920x1080 window. For the bands to
tile without a seam, a band is scaled exactly as the whole canvas would be:
smoothscale maps destination row y to source row y * (S - 1) / D, so a band
of h rows is scaled together with the row below it (S = h + 1) into
D = h * p / q rows, where p / q is the vertical scale in lowest terms and h a
multiple of q. Row y of the window then always comes from source row
y * q / p with the same interpolation weights, whichever band or run of bands
was scaled (tests/test_engine_canvas.py checks that a partial update gives
the very pixels of a whole one). The last band borrows its missing row below
from a copy of the canvas's last row. A window smaller than the canvas
(smoothscale averages areas there) is scaled whole whenever anything changed.
"""
from __future__ import annotations

from fractions import Fraction

import pygame

LETTERBOX = (8, 10, 12)  # the colour of the bars around the canvas
BUSY_SHARE = 0.75  # a frame changed this much: frames are then sent whole without comparing (changed_rows)
CALM_SHARE = 0.5   # ...until fewer than this share of the bands' middle rows change from frame to frame
CALM_FRAMES = 3    # ...in so many frames in a row (the card storm rests two frames between its batches)
BAND = 16  # canvas rows compared (and scaled) together, at least; a multiple of the scale's q


def fit(canvas_size: tuple[int, int], window_size: tuple[int, int]) -> pygame.Rect:
    """The rectangle of the window the canvas is scaled into (centred, same aspect ratio)."""
    cw, ch = canvas_size
    ww, wh = max(1, window_size[0]), max(1, window_size[1])
    scale = min(ww / cw, wh / ch)
    w, h = max(1, round(cw * scale)), max(1, round(ch * scale))
    return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)


def _merge(runs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted runs of rows with the overlapping or touching ones joined."""
    out: list[tuple[int, int]] = []
    for y0, y1 in runs:
        if out and y0 <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], y1))
        else:
            out.append((y0, y1))
    return out


class Canvas:
    """The logical surface plus the window mapping. Create after pygame.display.init()."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self._own = pygame.Surface(size)
        self.surface = self._own     # where the scenes draw: _own, or the window itself (see present)
        self.rect = pygame.Rect((0, 0), size)  # where the canvas sits in the window
        self.window_size = size
        self._target: pygame.Surface | None = None  # subsurface of the window, or None
        self._window: pygame.Surface | None = None
        self.shown: bytearray | None = None  # the canvas's pixels as last shown (None: show them all next time)
        self._busy = False                   # frames change nearly everywhere: sent whole (changed_rows)
        self._sample: bytearray | None = None  # while busy, the rows sampled from the last frame
        self._calm = 0                       # while busy, frames in a row that changed little
        self._stale = False                  # the canvas was presented without updating self.shown
        self._band = BAND                # rows per band (a multiple of the vertical scale's q)
        self._ratio = Fraction(1)        # the vertical scale, window rows per canvas row
        self._tail: pygame.Surface | None = None  # the last band and a copy of its last row, to scale

    # Mapping ---------------------------------------------------------------
    def resize(self, window_size: tuple[int, int]) -> None:
        """Recompute the letterbox for a window of `window_size` pixels."""
        self.window_size = (max(1, window_size[0]), max(1, window_size[1]))
        self.rect = fit(self.size, self.window_size)
        self._window = None  # force present() to rebuild its target
        self._ratio = Fraction(self.rect.height, self.size[1])
        q = self._ratio.denominator
        self._band = q * -(-BAND // q) if self._ratio > 1 else BAND
        self._tail = None
        if self.surface is not self._own:   # drawn straight into the window until now: its picture is
            self.surface = self._own        # gone or about to be (pygame resizes that surface in place),
            self.invalidate()               # and the next frame draws all of the canvas afresh anyway

    @property
    def direct(self) -> bool:
        """Do the scenes draw straight into the window (present() copies nothing)?"""
        return self.surface is not self._own

    def keep_shown(self) -> None:
        """Before drawing over the canvas without presenting (an audit): if changed_rows() left the
        copy of the frame shown behind, take it from the canvas, which still holds that frame."""
        if self._stale:
            with memoryview(self.surface.get_buffer()) as now:
                self._take_copy(now)

    def _take_copy(self, now: memoryview) -> None:
        """The canvas's pixels become the copy of the frame shown: into the copy there is, if any (a new
        3.7 MB copy each time raised the peak memory by as much while the old one was still alive)."""
        if self.shown is not None and len(self.shown) == len(now):
            self.shown[:] = now
        else:
            self.shown = bytearray(now)
        self._stale = False

    def invalidate(self) -> None:
        """The window lost its picture (exposed, resized, a new mode): the next present() sends all of it."""
        self.shown, self._stale = None, False

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
    def changed_rows(self, exact: bool = False) -> list[tuple[int, int]]:
        """The runs of canvas rows (y0, y1) that differ from the frame last shown, in whole bands
        (everything after invalidate()); the canvas as it is now becomes the frame shown. The frame
        shown is a copy kept up to date band by band: only the bands that changed are copied.

        In a window of the canvas's own size nothing is scaled, and sending the whole canvas costs
        less than comparing it: unless `exact`, the whole canvas is taken as changed and the copy
        is left behind (keep_shown() takes it up again before an audit).

        While frames change nearly everywhere (a storm of cards, the title's dance) comparing is
        wasted: after a frame with BUSY_SHARE of its bands changed, frames are taken as changed
        everywhere (unless `exact`: an audit must know), and only the middle row of each band is
        compared with the last frame's, to see when they calm down (fewer than CALM_SHARE of the
        bands changing): under 0.1 ms a frame, where comparing all of it every fourth frame made
        those frames 0.9 ms slower. While the copy lags behind, it cannot say what is on screen:
        the first comparison after that takes a fresh copy and sends the whole canvas."""
        height, pitch, band = self.size[1], self.surface.get_pitch(), self._band
        if not exact and self.rect.size == self.size:
            self._stale = True   # not scaled: sending it whole costs less than comparing (see keep_shown)
            return [(0, height)]
        with memoryview(self.surface.get_buffer()) as now:   # released at once: a viewed surface is locked
            if self._busy and not exact and self.shown is not None and self._still_busy(now, pitch):
                self._stale = True
                return [(0, height)]
            self._busy = False
            shown = self.shown
            if shown is None or len(shown) != len(now) or self._stale:
                self._take_copy(now)
                return [(0, height)]
            copy = memoryview(shown)
            runs: list[tuple[int, int]] = []
            for y in range(0, height, band):
                end = min(height, y + band)
                a, b = y * pitch, end * pitch
                if not shown.startswith(now[a:b], a):
                    copy[a:b] = now[a:b]
                    if runs and runs[-1][1] == y:
                        runs[-1] = (runs[-1][0], end)
                    else:
                        runs.append((y, end))
            copy.release()
        if sum(y1 - y0 for y0, y1 in runs) >= BUSY_SHARE * height:
            self._busy, self._sample, self._calm = True, None, 0
        return runs

    def _still_busy(self, now: memoryview, pitch: int) -> bool:
        """While busy: compare the middle row of each band with the last frame's (keeping the new one);
        False once fewer than CALM_SHARE of them changed in CALM_FRAMES frames in a row. It stops looking
        once that many have: the rows it did not reach are compared next time (against an older row: if
        anything, busy a frame longer). Leaving costs a copy and a whole frame, and the frame after it a
        full comparison: a storm that rests for two frames between batches stays busy (bench_frames's card
        storm: 36 such frames in 300 with one calm frame enough, 18 with two, none with three)."""
        rows = range(self._band // 2, self.size[1], self._band)
        sample = self._sample
        if sample is None:
            self._sample = bytearray(b"".join(now[y * pitch:(y + 1) * pitch] for y in rows))
            return True
        changed, enough = 0, CALM_SHARE * len(rows)
        with memoryview(sample) as copy:
            for i, y in enumerate(rows):
                row = now[y * pitch:(y + 1) * pitch]
                if not sample.startswith(row, i * pitch):
                    copy[i * pitch:(i + 1) * pitch] = row
                    changed += 1
                    if changed >= enough:
                        self._calm = 0
                        return True
        self._calm += 1
        return self._calm < CALM_FRAMES

    def present(self, window: pygame.Surface, rows: list[tuple[int, int]] | None = None) -> list[pygame.Rect] | None:
        """Copy the canvas into `window` (scaled and letterboxed when sizes differ): only the runs of
        canvas rows in `rows` (from changed_rows), or all of it. Returns the window's rectangles that
        changed, or None when the whole window was drawn (pygame.display.flip() it)."""
        if window.get_size() != self.window_size or window is not self._window:
            if window.get_size() != self.window_size:
                self.resize(window.get_size())
            self._window = window
            window.fill(LETTERBOX)
            self._target = None if self.rect.size == self.size else window.subsurface(self.rect)
            rows = None
            if self._can_draw_into(window):   # from the next frame on, the scenes draw into the window
                window.blit(self.surface, (0, 0))
                self.surface = window
        if self.surface is window:
            pass   # drawn there already
        elif self._target is None:
            for y0, y1 in [(0, self.size[1])] if rows is None else rows:
                window.blit(self.surface, (self.rect.x, self.rect.y + y0), pygame.Rect(0, y0, self.size[0], y1 - y0))
        elif self._ratio <= 1:
            if rows != []:
                pygame.transform.smoothscale(self.surface, self.rect.size, self._target)   # shrinking: whole
            return None if rows is None else [self.rect] if rows else []
        else:
            p, q = self._ratio.numerator, self._ratio.denominator
            if rows is not None:   # the q rows above a run blend with its first row: scaled again too
                rows = _merge([(max(0, y0 - q), y1) for y0, y1 in rows])
            for y0, y1 in [(0, self.size[1])] if rows is None else rows:
                self._scale_rows(y0, y1)
        if rows is None or rows == [(0, self.size[1])]:
            return None   # all of it: flipped (measured a little cheaper than an update of one whole rectangle)
        p, q = self._ratio.numerator, self._ratio.denominator
        return [pygame.Rect(self.rect.x, self.rect.y + y0 * p // q, self.rect.width, (y1 - y0) * p // q)
                for y0, y1 in rows]

    def _can_draw_into(self, window: pygame.Surface) -> bool:
        """Can the scenes draw straight into `window`: it is the canvas's size, and its pixels are laid
        out as the canvas's (so what is drawn, the cached card images blitted, is the same, byte for byte)."""
        return (window.get_size() == self.size and window.get_bitsize() == self._own.get_bitsize()
                and window.get_masks() == self._own.get_masks() and window.get_pitch() == self._own.get_pitch())

    def _scale_rows(self, y0: int, y1: int) -> None:
        """Scale canvas rows y0..y1 (multiples of the scale's q) into their place in the window (see the
        module's docstring: with the row below, so every band is scaled as the whole canvas is)."""
        p, q = self._ratio.numerator, self._ratio.denominator
        width, height = self.size
        last = height - q   # the last q rows have no row below: they are scaled from self._tail
        if y0 < last:
            top = min(y1, last)
            src = self.surface.subsurface(pygame.Rect(0, y0, width, top - y0 + 1))
            dst = self._target.subsurface(pygame.Rect(0, y0 * p // q, self.rect.width, (top - y0) * p // q))
            pygame.transform.smoothscale(src, dst.get_size(), dst)
        if y1 > last:
            if self._tail is None:
                self._tail = pygame.Surface((width, q + 1), 0, self.surface)
            self._tail.blit(self.surface, (0, 0), pygame.Rect(0, last, width, q))
            self._tail.blit(self.surface, (0, q), pygame.Rect(0, height - 1, width, 1))
            dst = self._target.subsurface(pygame.Rect(0, last * p // q, self.rect.width, self.rect.height - last * p // q))
            pygame.transform.smoothscale(self._tail, dst.get_size(), dst)
