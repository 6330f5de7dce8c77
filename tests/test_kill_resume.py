"""Kill the real app (SIGKILL) at random seeded moments, over and over, and check that nothing
beyond the last move is ever lost and that "Continue" always resumes a game that can go on.

The child is tests/kill_driver.py: the real App and game scenes, the human seat played by the
normal computer's choice, summaries closed with a real Return key. It logs each COMPLETED autosave
write ("save <n> <sha of the actions>"). After each kill the save file must parse and validate, and
its action log must be the last completed write or the one that was in flight:

    lost = n (last completed write) - len(actions on disk), and lost <= 0 is required
    (0: the last completed write; -1: the write in flight had finished too), the first n actions
    on disk matching the logged sha. The move being made when the kill came is the only one that
    can be gone; no completed one ever is.

The next run of the same game is a Continue: it must replay every saved action and be able to go
on (somebody to move, or a summary whose button deals on). Leftover temporary files from a write
the kill interrupted must be gone once the app has started again.

CARDGAMES_KILLS=200 runs more (make monkey does); the default keeps `make test` about a minute.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from kill_driver import save_key

from cardgames.storage import BadFile, validate_save

DRIVER = Path(__file__).resolve().parent / "kill_driver.py"
GAMES = ("three_thirteen", "skyjo", "switch", "tripeaks")
KILLS = int(os.environ.get("CARDGAMES_KILLS", "50"))


def digest(actions) -> str:
    return hashlib.sha1("\n".join(actions).encode()).hexdigest()[:12]


def log_lines(path: Path) -> list[str]:
    if not path.exists():
        return []
    text = path.read_text()
    return text.splitlines() if text.endswith("\n") else text.splitlines()[:-1]  # a torn last line is ignored


def saved_actions(folder: Path, game: str) -> list[str] | None:
    """The save as the next start would read it: None when absent; it must parse and validate."""
    path = folder / "saves" / f"{save_key(game)}.json"   # TriPeaks: saves/tripeaks.classic.json
    if not path.exists():
        return None
    doc = json.loads(path.read_text())            # a half-written file would fail here
    assert doc["kind"] == "save" and doc["version"] == 1
    try:
        return validate_save(game, doc["data"])["actions"]
    except BadFile as e:
        raise AssertionError(f"{path}: {e}") from None


def temp_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob(".*.tmp")] if folder.exists() else []


def check_after_kill(last: str, actions: list[str] | None) -> int:
    """The lost moves for this kill (must be <= 0), given the last completed event in the log."""
    word, *rest = last.split() if last else ("none",)
    if word == "save" or word == "resumed":
        n, sha = int(rest[0]), rest[1]
        assert actions is not None, f"the save vanished after '{last}'"
        assert len(actions) in (n, n + 1), f"after '{last}' the disk holds {len(actions)} actions"
        assert digest(actions[:n]) == sha, f"after '{last}' the saved actions are another game's"
        return n - len(actions)
    if word == "clearing":
        return 0                                   # the game was over; its save may or may not be gone yet
    assert word in ("clear", "started", "none"), last
    assert actions is None or len(actions) == 1, f"after '{last}' the disk holds {len(actions)} actions"
    return 0


def start(folder: Path, game: str, seed: int, log: Path) -> subprocess.Popen:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.Popen([sys.executable, str(DRIVER), str(folder), game, str(seed), str(log)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def wait_for_line(proc, log: Path, after: int, prefix: tuple[str, ...], seconds: float = 60.0) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for line in log_lines(log)[after:]:
            if line.startswith(prefix):
                return line
        if proc.poll() is not None:
            raise AssertionError(f"the app ended by itself: {proc.stderr.read().decode()[-2000:]}")
        time.sleep(0.01)
    raise AssertionError(f"no {prefix} line within {seconds} s")


def test_kill_at_random_moments_loses_nothing_and_continue_goes_on(tmp_path):
    rng = random.Random(16)
    lost, in_write, between_rounds, resumes = [], 0, 0, 0
    for i in range(KILLS):
        game = GAMES[i % len(GAMES)]
        folder, log = tmp_path / game, tmp_path / f"{game}.log"
        before = saved_actions(folder, game)
        leftovers = temp_files(folder)
        seen = len(log_lines(log))
        proc = start(folder, game, i, log)
        try:
            first = wait_for_line(proc, log, seen, ("resumed", "started"))
            if before is not None:
                word, n, sha, verdict, *_where = first.split()
                assert word == "resumed", f"a save was there but the app did not continue: {first}"
                assert (int(n), sha) == (len(before), digest(before)), f"replay lost moves: {first}"
                assert verdict == "ok", f"Continue cannot go on: {first}"
                resumes += 1
                between_rounds += "ROUND_OVER" in first
            else:
                assert first == "started"
            assert not any(p.exists() for p in leftovers), "leftover temp files were not removed at start"
            time.sleep(rng.uniform(0.0, 0.6))
        finally:
            proc.kill()
            proc.wait()
        in_write += bool(temp_files(folder))
        lines = log_lines(log)
        lost.append(check_after_kill(lines[-1] if lines else "", saved_actions(folder, game)))
    assert max(lost) <= 0
    print(f"\n{KILLS} kills: {resumes} resumed (Continue), {between_rounds} between rounds, "
          f"{in_write} inside a write (a temp file left), lost moves: max {max(lost)}")
    # finally each game continues once more and plays on: at least one more move is saved
    for game in GAMES:
        folder, log = tmp_path / game, tmp_path / f"{game}.log"
        seen = len(log_lines(log))
        proc = start(folder, game, 999, log)
        try:
            first = wait_for_line(proc, log, seen, ("resumed", "started"))
            assert first == "started" or " ok " in first + " ", first
            wait_for_line(proc, log, seen + 1, ("save", "clearing"), seconds=60)
        finally:
            proc.kill()
            proc.wait()


@pytest.mark.parametrize("last, actions, expected", [
    ("save 3 " + digest(["a", "b", "c"]), ["a", "b", "c"], 0),
    ("save 3 " + digest(["a", "b", "c"]), ["a", "b", "c", "d"], -1),
])
def test_the_loss_measure(last, actions, expected):
    assert check_after_kill(last, actions) == expected


@pytest.mark.parametrize("last, actions", [
    ("save 3 " + digest(["a", "b", "c"]), ["a", "b"]),          # a completed move lost
    ("save 3 " + digest(["a", "b", "c"]), ["x", "b", "c"]),     # another history
    ("save 3 " + digest(["a", "b", "c"]), None),                # the save gone
])
def test_the_loss_measure_catches_a_loss(last, actions):
    with pytest.raises(AssertionError):
        check_after_kill(last, actions)
