"""`make bench` runs end to end (quick mode): every section prints figures, nothing fails.

It checks the benchmark works, never how fast anything is.
"""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from cardgames.games import registry

ROOT = Path(__file__).resolve().parent.parent
NUMBER = r"\d+\.\d\d"


def test_bench_quick_prints_every_section():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    # (the timeout only stops a hung run: about 270 s on a quiet CI machine, past 600 s at load 15)
    r = subprocess.run([sys.executable, "-m", "cardgames.bench", "--quick", "--no-window"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=1800, check=False)
    out = r.stdout
    assert r.returncode == 0, r.stderr[-2000:]
    for scene in ("title", "select", "rules (", "settings", "statistics"):
        line = next((ln for ln in out.splitlines() if ln.strip().startswith(scene)), None)
        assert line is not None, f"no frame-time line for {scene}:\n{out}"
        assert len(re.findall(NUMBER, line)) == 5, line  # wall median/p99/max, CPU median/p99
    for info in registry.GAMES:
        if info.available:
            assert f"game: {info.title}" in out
        assert f"== {info.title}" in out  # its benchmarks ran, or a line says it has none
    assert "Rules throughput" in out
    for label in ("TriPeaks deals", "Skyjo 4-seat games", "Three Thirteen 2-seat games", "Switch 2-seat hands"):
        line = next((ln for ln in out.splitlines() if ln.strip().startswith(label)), None)
        assert line is not None and re.search(r"[\d,]+\.\d per CPU second", line), f"no throughput for {label}"
    assert re.search(r"Start-up to the first frame .*: \d+\.\d+ s", out)
    assert re.search(r"Peak memory, menu only: \d+ MB", out)
    assert "Updates through the wire handle" in out   # cardgames/table/bench.py: per game, µs and KB
    table_section = out.split("Updates through the wire handle", 1)[1].splitlines()
    for game in ("tripeaks", "skyjo", "three_thirteen", "switch"):
        line = next((ln for ln in table_section if ln.split()[:1] == [game]), None)
        assert line is not None and len(re.findall(r"\d+(?:\.\d)?", line)) == 10, f"no wire figures for {game}"
    assert re.search(r"^ +20 +\d+ +\d+ +\d+ +[\d.]+ +[\d.]+ +-?\d+ +\d+% +[\d.]+$", out, re.MULTILINE), \
        "no line of the table server's bench (tables, actions, CPU and system µs, p50, p99, KB, bots' CPU, load)"
    assert re.search(r"takeover after a SIGKILL.*: p50 [\d.]+ s, p99 [\d.]+ s", out), "no takeover line (cluster_bench)"
    assert re.search(r"^two processes: \d+ actions/s, [\d.]+ Redis commands per action", out, re.MULTILINE)
    assert re.search(r"through another process p50 [\d.]+ ms", out)
    assert "failed:" not in out, out
    assert "bench finished" in out


def test_the_real_window_section_measures_a_scene_or_says_why_not():
    """One scene of the real-window bench (cardgames/bench_window.py) at one size, in Xvfb."""
    import shutil

    from cardgames import bench_window

    lines = []
    if shutil.which("Xvfb") is None:
        bench_window.main(quick=True, out=lines.append)
        assert lines == ["Real window: skipped (Xvfb is not installed; apt-get install xvfb to measure it)"]
        return
    xvfb, display = bench_window.start_xvfb((1280, 720))
    try:
        r = bench_window.run_scene(display, xvfb.pid, "select", (1280, 720), 0.5, 20, phases=True)
    finally:
        xvfb.terminate()
        xvfb.wait(5)
    assert r["window"] == [1280, 720] and r["frames"] == 20
    assert r["frames_drawn"] >= 15          # the moving pointer has every frame drawn
    for key in ("frame_median", "frame_p99", "peak_mb"):
        assert r[key] > 0
    assert r["idle"]["cpu_pct"] >= 0 and r["idle"]["fps"] >= 0
    for split in (r["phases"]["median"], r["phases"]["slowest"]):   # --phases: where a frame's CPU goes
        assert split["total"] > 0 and split["draw"] > 0 and split["draw"] <= split["total"]


def test_the_frames_ab_tool_measures_a_table_of_this_checkout(tmp_path):
    """tools/frames_ab.py (issue 24's before/after frames): run from a checkout's root, it times that
    checkout's tables; here a few frames of TriPeaks waiting and of its demo on seed 1."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SCENES="tripeaks")
    for args, case in ((["waiting", "5"], "tripeaks"), (["demo", "5", "1"], "tripeaks:1")):
        r = subprocess.run([sys.executable, str(ROOT / "tools" / "frames_ab.py"), *args], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=300, check=False)
        assert r.returncode == 0, r.stderr[-2000:]
        figures = json.loads(r.stdout.strip().splitlines()[-1])
        median, p99 = figures[case]
        assert 0 < median <= p99
