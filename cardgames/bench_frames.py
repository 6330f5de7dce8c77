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
