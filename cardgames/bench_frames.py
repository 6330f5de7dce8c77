"""The frame benchmark's tools: step an app and time its frames, sum them up, and a worst case.

    app = headless_app(tmp_dir)                   # cardgames/app.py: dummy video driver, no sound
    app.stack.push(scene); app.stack.apply_pending()
    times = time_frames(app, 300)                 # ms per frame, fixed dt of 1/60 s
    frame_stats(times)                            # {"median", "p99", "max", "frames"}

time_frames(..., cpu=True) counts only this thread's CPU time (the wall clock
also counts other processes on a busy machine); CardStorm(app) is the
engine's own worst case: 110 alpha-blended cards, 20 of them always flying.
Used by cardgames/bench.py and cardgames/bench_window.py.
"""
from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import pygame

from cardgames import config
from cardgames.core.cards import standard_deck
from cardgames.engine.scene import Scene
from cardgames.engine.tween import Animator
from cardgames.ui.board import Board
from cardgames.ui.cards import CardArt, CardSprite


def time_frames(app: Any, frames: int = 300, dt: float = 1 / config.FPS,
                before: Callable[[int], object] | None = None, cpu: bool = False) -> list[float]:
    """Step `app` `frames` times with a fixed dt; each frame's duration in milliseconds.

    `before(i)` runs before frame i (untimed), e.g. to post input events or
    restart animations so they keep running during the measurement.
    cpu=True measures this thread's CPU time instead of wall time: on a busy
    machine the wall clock also counts time the OS gave to other processes.
    """
    clock = time.thread_time if cpu else time.perf_counter
    times = []
    for i in range(frames):
        if before is not None:
            before(i)
        t0 = clock()
        app.step(dt)
        times.append((clock() - t0) * 1000.0)
    return times


def frame_stats(times_ms: list[float]) -> dict[str, float]:
    """Median, p99 and max of frame times (ms)."""
    ordered = sorted(times_ms)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {"median": statistics.median(ordered), "p99": p99, "max": ordered[-1], "frames": len(ordered)}


class CardStorm(Scene):
    """A stress scene for the frame benchmark: `cards` alpha-blended cards on a felt table,
    a fresh batch of 20 flying and turning over whenever the last batch lands."""

    def __init__(self, app: Any, cards: int = 110, seed: int = 1) -> None:
        super().__init__(app)
        self.rng = random.Random(seed)
        self.animator = Animator(1.0)
        self.board = Board(CardArt(app))
        deck = list(standard_deck(3, 0))[:cards]
        for i in range(10):
            self.board.add_pile(f"column:{i}", (60 + i * 120, 80), "fan", dy=28)
        for i, card in enumerate(deck):
            self.board.put(f"column:{i % 10}", CardSprite(card, i % 3 != 0))
        for name in self.board.piles:
            self.board.relayout(name)

    def update(self, dt: float) -> None:
        self.animator.update(dt)
        if not self.animator.busy:
            batch = []
            for s in self.rng.sample(self.board.all_sprites(), 20):
                batch.append(s.move_to((self.rng.randrange(0, 1190), self.rng.randrange(0, 600)), 0.5))
                batch.append(s.turn(not s.face_up, s.card))
            self.animator.queue(batch)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.assets.table("felt_green"), (0, 0))
        self.board.draw(surface)


class PhaseTimer:
    """CPU time of a frame's phases, frame by frame, to find what makes the slowest frames slow.

        timer = PhaseTimer(app)        # wraps the app's phases (events, update, draw, compare, present)
        ... each frame: timer.frame()  # closes the frame (call it where a frame starts)
        timer.summary()                # {"median": {phase: ms}, "slowest": {phase: ms}}

    "slowest" is the mean of each phase over the slowest 1% of frames (at least 3); "gc" is the
    cycle collector's time, "total" the CPU of all threads from one frame's start to the next's.
    """

    PHASES = (("handle_event", "events"), ("update", "update"), ("draw", "draw"),
              ("changed_rows", "compare"), ("present", "present"))

    def __init__(self, app: Any) -> None:
        import gc

        self.frames: list[dict[str, float]] = []
        self._now: dict[str, float] = {}
        self._start: float | None = None
        self._gc_start = 0.0
        owners = {"update": app.stack, "changed_rows": app.canvas}
        for attr, label in self.PHASES:
            owner = owners.get(attr, app)
            setattr(owner, attr, self._timed(getattr(owner, attr), label))
        gc.callbacks.append(self._gc)

    def _timed(self, real: Callable[..., Any], label: str) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = time.process_time()
            try:
                return real(*args, **kwargs)
            finally:
                self._now[label] = self._now.get(label, 0.0) + time.process_time() - t0
        return timed

    def _gc(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_start = time.process_time()
        else:
            self._now["gc"] = self._now.get("gc", 0.0) + time.process_time() - self._gc_start

    def frame(self) -> None:
        now = time.process_time()
        if self._start is not None:
            self._now["total"] = now - self._start
            self.frames.append({k: v * 1000.0 for k, v in self._now.items()})
        self._now, self._start = {}, now

    def close(self) -> None:
        import gc

        if self._gc in gc.callbacks:
            gc.callbacks.remove(self._gc)

    def summary(self) -> dict[str, dict[str, float]]:
        labels = ["total"] + [label for _, label in self.PHASES] + ["gc"]
        slowest = sorted(self.frames, key=lambda f: -f["total"])[:max(3, len(self.frames) // 100)]
        return {"median": {k: statistics.median(f.get(k, 0.0) for f in self.frames) for k in labels},
                "slowest": {k: statistics.fmean(f.get(k, 0.0) for f in slowest) for k in labels}}
