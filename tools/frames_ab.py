"""Frame CPU of the game tables, steadier than `make bench` for comparing two checkouts (issue 24).

    cd CHECKOUT && .venv/bin/python /path/to/tools/frames_ab.py demo 400 1 2 3
    cd CHECKOUT && .venv/bin/python /path/to/tools/frames_ab.py waiting 600

Run from the root of the checkout to measure (its cardgames package is the one imported), so the
same file measures an older commit too. Prints one JSON line: {case: [CPU median ms, CPU p99 ms]},
the CPU time of the main thread (time.thread_time) per App.step, headless (1280x720, dt 1/60 s).
- demo FRAMES SEED...: every game playing itself as in `make bench`, but dealt from each SEED
  (the same deals in both checkouts); the computers at the "fast" speed.
- waiting FRAMES: each table of the real-window bench (cardgames/bench_window.py: seed 1,
  TriPeaks Classic, the pause menu over Skyjo) settled at the human's turn, then FRAMES frames
  with the pointer moving over it, so every frame is drawn, as that bench's "frames" phase.
  SCENES=tripeaks,pause picks some.
Run the two checkouts at the same time, several times, and compare pair by pair: on a shared
machine both then see the same load.
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.getcwd())

import pygame

from cardgames.app import SWITCH_INTERVAL, headless_app

SCENES = ("tripeaks", "skyjo", "three_thirteen", "switch", "pause")


def stats(ms: list[float]) -> list[float]:
    ordered = sorted(ms)
    return [statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]]


def demo(frames: int, seeds: list[int]) -> dict[str, list[float]]:
    from cardgames.bench import measure, only
    from cardgames.games import registry

    out = {}
    for info in [g for g in registry.GAMES if g.available]:
        for seed in seeds:
            with tempfile.TemporaryDirectory() as data:
                app = headless_app(data, seed=seed)
                app.settings["ai_speed"] = "fast"
                r = measure(app, lambda info=info, app=app: only(app, app.screens.demo(info.name)), None, frames)
                app.demo = None
                out[f"{info.name}:{seed}"] = [r["cpu_median"], r["cpu_p99"]]
    return out


def waiting(frames: int, scenes: list[str]) -> dict[str, list[float]]:
    from cardgames.bench_window import _setup, _waiting
    from cardgames.scenes.pause import PauseScene

    out = {}
    for name in scenes:
        with tempfile.TemporaryDirectory() as data:
            app = headless_app(data)
            app.settings["ai_speed"] = "fast"
            scene = _setup(app, name)
            calm = 0
            for _ in range(60 * 25):               # settle: at most 25 s of frames
                app.step(1 / 60)
                calm = calm + 1 if _waiting(app.stack.top) and app.idle else 0
                if calm > 42:                     # 0.7 s with nothing to draw, the human's move
                    break
                if not calm:
                    time.sleep(0.001)             # the AI thread's turn, as the real loop's wait gives it
            if name == "pause":
                app.stack.push(PauseScene(app, scene))
                app.stack.apply_pending()
                for _ in range(210):
                    app.step(1 / 60)
            w, h = 1280, 720
            ms = []
            for i in range(frames):
                pos = (w // 3 + (i * 7) % (w // 3), h // 3 + (i * 5) % (h // 3))
                move = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
                t0 = time.thread_time()
                app.step(1 / 60, [move])
                ms.append((time.thread_time() - t0) * 1000)
            out[name] = stats(ms)
    return out


def main(argv: list[str]) -> None:
    sys.setswitchinterval(SWITCH_INTERVAL)
    mode, frames = argv[0], int(argv[1])
    if mode == "demo":
        print(json.dumps(demo(frames, [int(s) for s in argv[2:]] or [1])))
    elif mode == "waiting":
        print(json.dumps(waiting(frames, os.environ.get("SCENES", ",".join(SCENES)).split(","))))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
