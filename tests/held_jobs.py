"""An executor for tests whose jobs are done only when the test says so (a solver "still thinking")."""
from __future__ import annotations

from concurrent.futures import Future


class HeldJobs:
    def __init__(self):
        self.jobs: list[tuple[Future, object, tuple]] = []

    def submit(self, fn, *args):
        future: Future = Future()
        self.jobs.append((future, fn, args))
        return future

    def finish(self, i: int) -> None:
        future, fn, args = self.jobs[i]
        future.set_result(fn(*args))

    def finish_all(self) -> None:
        for i, (future, _fn, _args) in enumerate(self.jobs):
            if not future.done():
                self.finish(i)
