"""The real app, played by itself until it is killed: the child process of tests/test_kill_resume.py.

    python tests/kill_driver.py DATA_DIR GAME SEED LOG

Runs cardgames.app.App (dummy video and audio) with the game's scene, exactly as the menu opens
it: "Continue" when DATA_DIR holds a save of GAME, else a new game. The human seat plays what the
normal computer would choose for it (scene.act, the same call a click ends in); round summaries
are closed with a real Return key event, and a finished game is followed by a new one. Frames are
stepped as fast as the machine allows (1/60 s of game time each).

LOG gets one line per event, written (O_APPEND, one write each) only AFTER the thing happened:
    resumed <n> <sha> <ok|STUCK why> phase=.. top=..   a Continue: n actions replayed; can it go on?
    started                              a new game (no save to continue)
    save <n> <sha>                       an autosave write completed, n actions
    clearing / clear                     the autosave is about to be / was deleted (game over)
The parent kills this process at random moments and checks the files against the log.
"""
from __future__ import annotations

import hashlib
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from cardgames.app import App
from cardgames.games import registry
from cardgames.launch import Launch

OPTIONS = {  # short games, so rounds and game ends come often
    "tripeaks": {"mode": "classic", "winnable": False},
    "skyjo": {"players": 2, "target": 50},
    "three_thirteen": {"players": 2},
    "switch": {"players": 2},
}


def save_key(game: str) -> str:
    """The name the driven game's autosave goes by (TriPeaks keeps one per mode: "tripeaks.classic")."""
    info = registry.get(game)
    return info.save_key(dict(info.default_options(), **OPTIONS[game]))


def digest(actions) -> str:
    return hashlib.sha1("\n".join(actions).encode()).hexdigest()[:12]


def can_go_on(app, scene) -> str:
    """'ok' when somebody can move, a summary is up to deal on, or the game is over; else why not."""
    for _ in range(3):
        app.step(1 / 60)
    if scene.over:
        return "ok"
    if app.stack.top is not scene:
        return "ok"          # a summary (or the level list) is up: its button goes on
    if scene.current is None:
        return f"STUCK nobody to move in phase {getattr(scene.observation(), 'phase', '?')}"
    return "ok"


def computer_choice(scene, rng):
    """The human seat's move as the normal computer would choose it (asked of the scene's table)."""
    table = scene.host
    action = table.spec.choose(table.spec, table.state, scene.current, rng, "normal")
    return scene.rules.parse_action(str(action))


def main() -> int:
    data_dir, game, seed, log_path = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    log_fd = os.open(log_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def log(line: str) -> None:
        os.write(log_fd, (line + "\n").encode())

    app = App(Launch(data_dir=Path(data_dir)), headless=True)
    app.settings["anim_speed"] = "fast"
    app.settings["ai_speed"] = "fast"
    storage = app.storage
    real_save, real_clear = storage.save_game, storage.clear_game
    key = save_key(game)

    def save_game(name, data):
        ok = real_save(name, data)
        if ok and name == key:
            log(f"save {len(data['actions'])} {digest(data['actions'])}")
        return ok

    def clear_game(name):
        if name == key:
            log("clearing")
        real_clear(name)
        if name == key:
            log("clear")

    storage.save_game, storage.clear_game = save_game, clear_game
    info = registry.get(game)
    cls = info.scene_class()
    rng = random.Random(seed)

    def new_scene():
        options = dict(info.default_options(), **OPTIONS[game])
        return cls(app, options, seed=rng.randrange(1, 2**31))

    data = storage.load_game(key)
    if data is not None:
        scene = cls(app, data["options"], resume=data)
        app.stack.push(scene)
        app.stack.apply_pending()
        replayed = list(scene.actions)
        phase = getattr(scene.observation(), "phase", None)
        where = f"phase={getattr(phase, 'name', phase)} top={type(app.stack.top).__name__}"
        log(f"resumed {len(replayed)} {digest(replayed)} {can_go_on(app, scene)} {where}")
    else:
        scene = new_scene()
        app.stack.push(scene)
        app.stack.apply_pending()
        log("started")
    wait_until = None   # while a summary is up or the game is over: look at it until then (wall time,
    while app.running:  # so that a good share of the kills land there)
        app.step(1 / 60, pygame.event.get())
        top = app.stack.top
        if scene.over or top is not scene:
            if wait_until is None:
                wait_until = time.monotonic() + rng.uniform(0.05, 0.5)
            time.sleep(0.005)
            if time.monotonic() < wait_until:
                continue
            wait_until = None
            if scene.over:
                scene = new_scene()
                app.stack.reset(scene)
            else:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0,
                                                                      "unicode": "\r", "scancode": 0}))
            continue
        if scene.human_turn and not scene.animator.busy and scene.current is not None:
            scene.act(computer_choice(scene, rng))
    return 0



if __name__ == "__main__":
    sys.exit(main())
