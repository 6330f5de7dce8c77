"""`make bench`: frame times of every screen, start-up time, peak memory, then each game's own benchmarks.

    python -m cardgames.bench            # the full run (a few minutes, most of it the games' benchmarks)
    python -m cardgames.bench --quick    # a smoke-sized run

What is measured, and how:
- Frame time: each scene that exists (title, select, rules, settings,
  statistics, the pause overlay over a game, and every available game
  playing itself as in the demo, so cards keep moving) is stepped headless
  at 1280x720 with a fixed dt of 1/60 s; each App.step (events, update,
  draw, scene changes) is timed. Reported: median and p99 in ms (target:
  p99 under 4 ms). Something keeps changing on every screen during the
  measurement (scrolling, switching pages, moving the focus), so the
  numbers include the work a player causes, not only an idle redraw.
- Start-up: wall time of `main.py --frames 1` in a fresh process (Python
  start, imports, window, assets, first frame drawn, exit), median of a few
  runs. It slightly overstates the time to the first frame (it includes
  the exit); target under 0.5 s.
- Peak memory: the maximum resident set size of that process, and of one
  running the demo for a few seconds.
- Real window: cardgames/bench_window.py (Xvfb at 1920x1080 and 1280x720: idle CPU
  of all threads, per-frame CPU, memory per scene); skipped with a line without Xvfb.
- Rules throughput: cardgames/bench_rules.py (every game's random-play games per CPU second,
  measured alike through its rules module), in one section.
- Then `cardgames.games.<g>.bench.main(quick)` for every game that has one, the table's figures
  (cardgames/table/bench.py: per game at 4 seats, the CPU µs of one update through the wire handle,
  encode + decode, median and p99, the sizes; the memory of a table played to mid-game, KB), and the
  table server's CPU per action and intent-to-update latency with bot clients on loopback
  (cardgames/net/bench.py), and several server processes on Redis (cardgames/net/cluster_bench.py:
  takeover time, Redis commands and CPU per action with one and two processes, the relay's latency).
Benchmarks print figures; they never fail on a slow machine.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardgames.games import registry

ROOT = Path(__file__).resolve().parent.parent
P99_TARGET_MS = 4.0
STARTUP_TARGET_S = 0.5


# ---------------------------------------------------------------- frame times
def _scenes(app: Any) -> list[tuple[str, Callable[[], Any], Callable[[Any, int], None] | None]]:
    """(name, set the stack up, per-frame poke) for every shell screen."""
    from cardgames.scenes.rules import RulesScene
    from cardgames.scenes.select import SelectScene
    from cardgames.scenes.settings import SettingsScene
    from cardgames.scenes.stats import StatsScene
    from cardgames.scenes.title import TitleScene

    def select_poke(scene: Any, i: int) -> None:
        if i % 20 == 0:  # move to the next tile: the screen rebuilds its widgets, as on a key press
            tiles = scene.tiles
            scene.menu.set_focus(tiles[(i // 20) % len(tiles)])

    def rules_poke(scene: Any, i: int) -> None:
        scene.scroll_to((i * 37) % max(1, scene.max_scroll))  # keeps the page scrolling

    def stats_poke(scene: Any, i: int) -> None:
        if i % 30 == 0:
            scene.show(i // 30)

    def settings_poke(scene: Any, i: int) -> None:
        if i % 25 == 0:  # cycle the card back: the preview changes
            cycler = next(w for w in scene.menu.widgets if getattr(w, "label", "") == "Card back")
            cycler.index = (cycler.index + 1) % len(cycler.choices)
            app.settings["card_back"] = cycler.value

    first_game = registry.GAMES[0].name
    out: list[tuple[str, Callable[[], Any], Callable[[Any, int], None] | None]] = [
        ("title", lambda: only(app, TitleScene(app)), None),
        ("select", lambda: only(app, SelectScene(app)), select_poke),
        (f"rules ({first_game})", lambda: only(app, RulesScene(app, first_game)), rules_poke),
        ("settings", lambda: only(app, SettingsScene(app)), settings_poke),
        ("statistics", lambda: only(app, StatsScene(app)), stats_poke),
    ]
    return out


def only(app: Any, scene: Any) -> Any:
    """Make `scene` the only one on the stack, now; returns it."""
    app.stack.reset(scene)
    app.stack.apply_pending()
    return scene


def measure(app: Any, setup: Callable[[], Any], poke: Callable[[Any, int], None] | None, frames: int,
            warmup: int = 30) -> dict[str, float]:
    """Arrange the stack with setup() (it returns the scene to poke), warm up, time `frames` frames.

    Each frame is timed twice: wall time, and the CPU time of this thread. On a busy machine
    the wall time's p99 is mostly the other processes taking the CPU away mid-frame; the CPU
    time shows the work the frame itself costs."""
    from cardgames.bench_frames import frame_stats

    scene = setup()
    for i in range(warmup):
        if poke is not None:
            poke(scene, i)
        app.step(1 / 60)
    wall, cpu = [], []
    for i in range(frames):
        if poke is not None:
            poke(scene, i)
        w0, c0 = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        cpu.append((time.thread_time() - c0) * 1000.0)
        wall.append((time.perf_counter() - w0) * 1000.0)
    stats = frame_stats(wall)
    stats["cpu_median"] = frame_stats(cpu)["median"]
    stats["cpu_p99"] = frame_stats(cpu)["p99"]
    return stats


def _game_runs(app: Any) -> list[tuple[str, Callable[[], Any], Callable[[Any, int], None] | None]]:
    """Every available game playing itself (demo seats), and the pause overlay over the first one."""
    from cardgames.scenes.pause import PauseScene

    runs: list[tuple[str, Callable[[], Any], Callable[[Any, int], None] | None]] = []
    available = [g for g in registry.GAMES if g.available]
    for info in available:
        runs.append((f"game: {info.title} (all computer seats)",
                     lambda info=info: only(app, app.screens.demo(info.name)), None))
    if available:
        def pause_over_game(info=available[0]) -> Any:
            game = only(app, app.screens.demo(info.name))
            for _ in range(60):
                app.step(1 / 60)  # a few moves in, so there is a game on the table
            app.demo = None  # a key press would stop the demo; the overlay is measured as in a game
            pause = PauseScene(app, game)
            app.stack.push(pause)
            app.stack.apply_pending()
            return pause

        runs.append((f"pause over {available[0].title}", pause_over_game, None))
    return runs


def frame_benchmarks(frames: int, out=print) -> list[tuple[str, dict[str, float]]]:
    """Every scene's frame times, with the GIL switch interval the app's loop runs with (its background
    thinkers, such as the TriPeaks solver in the demo, hand the loop the interpreter back sooner)."""
    from cardgames.app import SWITCH_INTERVAL

    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        return _frame_benchmarks(frames, out)
    finally:
        sys.setswitchinterval(interval)


def _frame_benchmarks(frames: int, out) -> list[tuple[str, dict[str, float]]]:
    from cardgames.app import headless_app

    results = []
    with tempfile.TemporaryDirectory() as data:
        app = headless_app(data)
        app.settings["ai_speed"] = "fast"  # more moves, so more animation, in the measured frames
        out(f"Frame time, headless 1280x720, {frames} frames per scene (target p99 < {P99_TARGET_MS:.0f} ms)")
        out(f"  {'':44} {'wall time':^26}  {'CPU time':^17}")
        out(f"  {'scene':44} {'median':>8} {'p99':>8} {'max':>8}  {'median':>8} {'p99':>8}")
        for name, setup, poke in [*_scenes(app), *_game_runs(app)]:
            try:
                stats = measure(app, setup, poke, frames)
            except Exception as e:  # noqa: BLE001 - one broken scene must not hide the others' figures
                out(f"  {name:44} failed: {type(e).__name__}: {e}")
                traceback.print_exc(file=sys.stderr)
                app.demo = None
                continue
            app.demo = None  # the demo director of a game run must not leak into the next scene
            flag = "" if stats["p99"] < P99_TARGET_MS else "  <- wall p99 over target"
            out(f"  {name:44} {stats['median']:8.2f} {stats['p99']:8.2f} {stats['max']:8.2f}  "
                f"{stats['cpu_median']:8.2f} {stats['cpu_p99']:8.2f}  ms{flag}")
            results.append((name, stats))
    return results


# ---------------------------------------------------------------- start-up and memory
# Runs main.py and reports its wall time and peak memory. It runs inside a small helper
# Python rather than in the bench process itself: Linux counts the memory a child had
# between fork and exec in its peak, and a fork of the (large) bench process would swamp
# the figure.
_MEASURE = """
import os, subprocess, sys, time
t0 = time.perf_counter()
proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
_, status, usage = os.wait4(proc.pid, 0)
wall = time.perf_counter() - t0
err = proc.stderr.read().decode(errors="replace").strip().splitlines()
print(os.waitstatus_to_exitcode(status), wall, usage.ru_maxrss, repr(err[-1] if err else ""))
"""


def run_child(args: list[str], data_dir: str) -> tuple[float, float]:
    """Run main.py with `args` headless; (wall seconds, peak resident memory in MB)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPYCACHEPREFIX=str(Path(data_dir) / "pycache"))   # bytecode cached, as on a player's machine
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, str(ROOT / "main.py"), "--data-dir", data_dir, *args]
    r = subprocess.run([sys.executable, "-c", _MEASURE, *command], cwd=ROOT, env=env, capture_output=True,
                       text=True, check=True)
    code, wall, maxrss, last_error = r.stdout.split(maxsplit=3)
    if int(code) != 0:
        raise RuntimeError(f"main.py {' '.join(args)} exited with {code}: {last_error}")
    # ru_maxrss is in kilobytes on Linux, bytes on macOS
    rss_mb = int(maxrss) / (1024 * 1024 if sys.platform == "darwin" else 1024)
    return float(wall), rss_mb


def startup_benchmarks(runs: int, out=print) -> dict[str, float]:
    results: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as data:
        run_child(["--frames", "1"], data)  # the first run warms the OS file cache; not counted
        samples = [run_child(["--frames", "1"], data) for _ in range(runs)]
        walls = [w for w, _ in samples]
        results["startup_s"] = statistics.median(walls)
        results["menu_rss_mb"] = max(m for _, m in samples)
        flag = "" if results["startup_s"] < STARTUP_TARGET_S else "  <- over target"
        out(f"Start-up to the first frame (main.py --frames 1, median of {runs}, includes exit): "
            f"{results['startup_s']:.3f} s (min {min(walls):.3f}, max {max(walls):.3f}; "
            f"target < {STARTUP_TARGET_S} s){flag}")
        out(f"Peak memory, menu only: {results['menu_rss_mb']:.0f} MB")
        if any(g.available for g in registry.GAMES):
            frames = 120 if runs <= 1 else 600
            _, rss = run_child(["--demo", "--frames", str(frames)], data)
            results["demo_rss_mb"] = rss
            out(f"Peak memory, demo running {frames} frames: {rss:.0f} MB")
        else:
            out("Peak memory, demo: no game is available yet")
    return results


# ---------------------------------------------------------------- the games' own benchmarks
def game_benchmarks(quick: bool, out=print) -> None:
    for info in registry.GAMES:
        module = f"cardgames.games.{info.name}.bench"
        if importlib.util.find_spec(module) is None:
            out(f"== {info.title}: no benchmarks yet ({module} does not exist)")
            continue
        out(f"== {info.title} ({module}.main(quick={quick}))")
        sys.stdout.flush()
        try:
            importlib.import_module(module).main(quick=quick)
        except Exception as e:  # noqa: BLE001 - report and go on to the next game
            out(f"   failed: {type(e).__name__}: {e}")
            traceback.print_exc(file=sys.stderr)
        sys.stdout.flush()


def main(quick: bool = False, frames: int | None = None, games: bool = True, window: bool = True) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    t0 = time.perf_counter()
    frame_benchmarks(frames or (60 if quick else 400))
    print()
    if window:
        from cardgames import bench_window

        sys.stdout.flush()
        bench_window.main(quick)
        print()
    startup_benchmarks(1 if quick else 5)
    print()
    if games:
        from cardgames import bench_rules

        bench_rules.main(quick)
        print()
        sys.stdout.flush()
        game_benchmarks(quick)
        print("\n== The table: updates through the wire, memory (cardgames.table.bench)")
        try:
            from cardgames.table import bench as table_bench

            table_bench.main(["--games", "1" if quick else "3"])
        except Exception as e:  # noqa: BLE001 - report and finish the run
            print(f"   failed: {type(e).__name__}: {e}")
            traceback.print_exc(file=sys.stderr)
        sys.stdout.flush()
        print("\n== The table server on loopback (cardgames.net.bench)")
        try:
            from cardgames.net import bench as net_bench

            net_bench.main(["--tables", "20", "--seconds", "4"] if quick else
                           ["--tables", "200,500,1000", "--seconds", "10", "--find-max"])
        except Exception as e:  # noqa: BLE001 - report and finish the run
            print(f"   failed: {type(e).__name__}: {e}")
            traceback.print_exc(file=sys.stderr)
        sys.stdout.flush()
        print("\n== Several server processes on Redis (cardgames.net.cluster_bench)")
        try:
            from cardgames.net import cluster_bench

            cluster_bench.main(["--rounds", "1" if quick else "3", "--seconds", "3" if quick else "8",
                                "--samples", "30" if quick else "150"])
        except Exception as e:  # noqa: BLE001 - report and finish the run (no redis-server: `make redis`)
            print(f"   failed: {type(e).__name__}: {e}")
            traceback.print_exc(file=sys.stderr)
        sys.stdout.flush()
    print(f"\nbench finished in {time.perf_counter() - t0:.1f} s")


def _cli(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m cardgames.bench", description="Frame time, start-up, memory, "
                                "and every game's benchmarks.")
    p.add_argument("--quick", action="store_true", help="a small run (a smoke test)")
    p.add_argument("--frames", type=int, metavar="N", help="frames timed per scene (default 400, quick 60)")
    p.add_argument("--no-games", dest="games", action="store_false", help="skip the games' own benchmarks")
    p.add_argument("--no-window", dest="window", action="store_false",
                   help="skip the real-window section (Xvfb; cardgames/bench_window.py)")
    a = p.parse_args(argv)
    if a.frames is not None and a.frames < 1:
        p.error("argument --frames: must be at least 1")
    main(quick=a.quick, frames=a.frames, games=a.games, window=a.window)


if __name__ == "__main__":
    _cli()
