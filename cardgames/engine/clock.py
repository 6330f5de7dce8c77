"""A scheduler per scene: call something later, or every so often.

Time only advances through update(dt), which the scene calls from its own
update. A scene that is covered (paused) gets no updates, so its timers and
its computer players' "thinking" freeze with it. Tests drive dt by hand.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(eq=False)
class Job:
    """A scheduled call; keep it to cancel it (job.cancel() or scheduler.cancel(job))."""

    due: float
    fn: Callable[[], object]
    interval: float | None = None  # None: once
    cancelled: bool = field(default=False)

    def cancel(self) -> None:
        self.cancelled = True


class Scheduler:
    def __init__(self) -> None:
        self.time = 0.0
        self._jobs: list[Job] = []

    def after(self, delay: float, fn: Callable[[], object]) -> Job:
        """Call fn once, `delay` seconds of scene time from now (0: at the next update)."""
        job = Job(self.time + max(0.0, delay), fn)
        self._jobs.append(job)
        return job

    def every(self, interval: float, fn: Callable[[], object], first: float | None = None) -> Job:
        """Call fn every `interval` seconds (first after `first`, default one interval)."""
        if interval <= 0:
            raise ValueError("interval must be positive")
        job = Job(self.time + (interval if first is None else first), fn, interval)
        self._jobs.append(job)
        return job

    def cancel(self, job: Job | None) -> None:
        if job is not None:
            job.cancel()

    def clear(self) -> None:
        for job in self._jobs:
            job.cancel()
        self._jobs.clear()

    @property
    def pending(self) -> int:
        return sum(1 for j in self._jobs if not j.cancelled)

    def update(self, dt: float) -> None:
        """Advance time by dt and run every job that fell due, earliest first.

        A repeating job runs once per interval that passed (a long frame catches up).
        Jobs scheduled while jobs run wait for the next update (no endless loops).
        """
        self.time += max(0.0, dt)
        eligible = list(self._jobs)  # jobs added while running wait for the next update
        while True:
            due = [j for j in eligible if not j.cancelled and j.due <= self.time]
            if not due:
                break
            job = min(due, key=lambda j: j.due)
            if job.interval is None:
                job.cancelled = True
            else:
                job.due += job.interval
            job.fn()
        self._jobs = [j for j in self._jobs if not j.cancelled]
