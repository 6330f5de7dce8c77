"""Pauses Python's cycle collector while any thread solves (solver.solve runs inside `with collector_paused:`).

The solver makes tens of thousands of small lists and no reference cycles
(reference counting frees them all), and each collection would walk every
one of them and the layout's kept tables: about a quarter of a heavy
solve's time. The collector is given back as it was found, also on an error
and when two threads solve at once.
"""
from __future__ import annotations

import gc
import threading


class _Collector:
    """How many threads are solving, and whether the collector was on before the first of them began."""

    lock = threading.Lock()
    solving = 0
    was_enabled = False


class _Paused:
    """`with collector_paused:` (a plain class: entered in half the time of a generator-based one)."""

    def __enter__(self) -> None:
        with _Collector.lock:
            if _Collector.solving == 0:
                _Collector.was_enabled = gc.isenabled()
                gc.disable()
            _Collector.solving += 1

    def __exit__(self, *exc: object) -> None:
        with _Collector.lock:
            _Collector.solving -= 1
            if _Collector.solving == 0 and _Collector.was_enabled:
                gc.enable()


collector_paused = _Paused()
