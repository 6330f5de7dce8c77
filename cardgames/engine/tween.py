"""Easing functions, tweens and an animator of sequential and parallel batches.

A Tween moves one value (a number or a tuple of numbers, e.g. a position)
from `start` to `end` over `duration` seconds, writing it to an attribute or
through a setter. The Animator plays animations in *batches*: the animations
of one batch run in parallel, batches run one after another, so a game can
say "deal these cards one by one, then flip the top one". Anything with
update(dt) -> bool (True when finished) and finish() can be animated; Wait
and Call cover pauses and instant steps.

Speed: the animator's `scale` multiplies every duration (the settings'
animation speed; 0 means animations are off and everything completes at once).
Time only comes from update(dt), so a paused scene freezes its animations.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, Protocol

Ease = Callable[[float], float]


# Easing: t in 0..1 -> progress (0 at t=0, 1 at t=1; "back" overshoots in between).
def linear(t: float) -> float:
    return t


def in_quad(t: float) -> float:
    return t * t


def out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def out_back(t: float) -> float:
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def out_bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


EASINGS: dict[str, Ease] = {
    f.__name__: f
    for f in (linear, in_quad, out_quad, in_out_quad, out_cubic, in_out_cubic, in_out_sine, out_back, out_bounce)
}


def lerp(a: Any, b: Any, p: float) -> Any:
    """Interpolate numbers or equal-length tuples of numbers."""
    if isinstance(a, tuple):
        return tuple(x + (y - x) * p for x, y in zip(a, b))
    return a + (b - a) * p


class Animation(Protocol):
    def update(self, dt: float) -> bool: ...
    def finish(self) -> None: ...


class Tween:
    """Animate `target.attr` (or call `setter(value)`) from start to end.

    start None: read the attribute when the tween first runs, so a tween queued
    behind others starts from wherever the value is by then. `end` may be a
    function, called at that moment too (e.g. "wherever the card's home is by then").
    """

    def __init__(
        self,
        target: Any = None,
        attr: str | None = None,
        end: Any = None,
        duration: float = 0.25,
        ease: Ease | str = out_cubic,
        *,
        start: Any = None,
        setter: Callable[[Any], None] | None = None,
        on_start: Callable[[], object] | None = None,
        on_done: Callable[[], object] | None = None,
        delay: float = 0.0,
    ) -> None:
        if setter is None and (target is None or attr is None):
            raise ValueError("a Tween needs target and attr, or a setter")
        if setter is None and start is None and target is None:
            raise ValueError("a Tween with a setter needs a start value")
        self.target, self.attr, self.end = target, attr, end
        self.duration = max(0.0, duration)
        self.ease = EASINGS[ease] if isinstance(ease, str) else ease
        self.start = start
        self.setter = setter
        self.on_start, self.on_done = on_start, on_done
        self.delay = delay
        self.elapsed = 0.0
        self.started = False
        self.done = False

    def _set(self, value: Any) -> None:
        if self.setter is not None:
            self.setter(value)
        else:
            setattr(self.target, self.attr, value)

    def _begin(self) -> None:
        self.started = True
        if self.start is None:
            self.start = getattr(self.target, self.attr)
        if callable(self.end):
            self.end = self.end()
        if self.on_start:
            self.on_start()
        if self.start == self.end:
            self.duration = 0.0  # nothing to animate: done at once, not after a pointless wait

    def update(self, dt: float) -> bool:
        if self.done:
            return True
        self.elapsed += dt
        if self.elapsed < self.delay:
            return False
        if not self.started:
            self._begin()
        t = self.elapsed - self.delay
        if t >= self.duration:
            self.finish()
            return True
        self._set(lerp(self.start, self.end, self.ease(t / self.duration)))
        return False

    def cancel(self) -> None:
        """Stop where it is, without reaching the end or calling on_done (a newer tween took over)."""
        self.started = self.done = True

    def finish(self) -> None:
        """Jump to the end (and run on_done) at once."""
        if self.done:
            return
        if not self.started:
            self._begin()
        self.done = True
        self._set(self.end)
        if self.on_done:
            self.on_done()


class Wait:
    """Do nothing for `duration` seconds (a pause inside a sequence)."""

    def __init__(self, duration: float) -> None:
        self.left = duration

    def update(self, dt: float) -> bool:
        self.left -= dt
        return self.left <= 0

    def finish(self) -> None:
        self.left = 0


class Call:
    """Run fn once, instantly, when its batch starts (e.g. play a sound, change a face)."""

    def __init__(self, fn: Callable[[], object]) -> None:
        self.fn = fn
        self.done = False

    def update(self, dt: float) -> bool:
        self.finish()
        return True

    def finish(self) -> None:
        if not self.done:
            self.done = True
            self.fn()


class Sequence:
    """Animations one after another, as a single animation (to nest inside a batch)."""

    def __init__(self, *steps: Animation) -> None:
        self.steps = list(steps)

    def update(self, dt: float) -> bool:
        while self.steps:
            if not self.steps[0].update(dt):
                return False
            self.steps.pop(0)
            dt = 0.0  # the next step starts now and gets its time next frame
        return True

    def finish(self) -> None:
        while self.steps:
            self.steps.pop(0).finish()


class Animator:
    """Plays batches: the animations of a batch in parallel, the batches in sequence.

    queue(*anims) appends a batch; play(*anims) starts animations at once,
    beside the queue (hover effects, particles). `busy` is True while the queue
    has work; a game waits for it before the next computer move.
    """

    def __init__(self, scale: float | Callable[[], float] = 1.0) -> None:
        self._scale = scale
        self.batches: list[list[Animation]] = []
        self.free: list[Animation] = []

    @property
    def scale(self) -> float:
        return self._scale() if callable(self._scale) else self._scale

    @scale.setter
    def scale(self, value: float | Callable[[], float]) -> None:
        self._scale = value

    @property
    def busy(self) -> bool:
        return bool(self.batches)

    def queue(self, *anims: Animation | Iterable[Animation]) -> None:
        batch = _flatten(anims)
        if batch:
            self.batches.append(batch)
        if self.scale <= 0:
            self.finish_all()

    def play(self, *anims: Animation | Iterable[Animation]) -> None:
        self.free.extend(_flatten(anims))
        if self.scale <= 0:
            self.finish_all()

    def update(self, dt: float) -> None:
        scale = self.scale
        if scale <= 0:
            self.finish_all()
            return
        dt /= scale  # twice the duration == half the time step
        self.free = [a for a in self.free if not a.update(dt)]
        while self.batches:
            batch = self.batches[0]
            batch[:] = [a for a in batch if not a.update(dt)]
            if batch:
                break
            self.batches.pop(0)
            dt = 0.0  # start the next batch now (Calls fire, tweens read their start)

    def finish_all(self) -> None:
        """Complete everything at once, in order (a new action arrived, or animations are off)."""
        while self.free or self.batches:
            free, self.free = self.free, []
            for a in free:
                a.finish()
            while self.batches:
                for a in self.batches.pop(0):
                    a.finish()


def _flatten(anims: Iterable[Any]) -> list[Animation]:
    out: list[Animation] = []
    for a in anims:
        if a is None:
            continue
        if hasattr(a, "update"):
            out.append(a)
        else:
            out.extend(_flatten(a))
    return out
