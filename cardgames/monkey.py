"""Seeded random input ("monkey") through every scene of the real app: 0 exceptions wanted.

    python -m cardgames.monkey --frames 200000 --seed 1     # make monkey
    run(frames=20000, seed=16)                               # tests/test_monkey.py

Each frame, real pygame events are posted to the event queue and the app's own step() reads
them: clicks (on cards and buttons half of the time, anywhere otherwise), double clicks, drags
(from a card to another pile), mouse wheel, keys (arrows, Tab, Return, Escape, space, letters,
digits, Backspace, ctrl+z, F11, typed text), controller-like input (controller buttons and axes,
joystick hat and buttons), window resizes, focus lost and gained, minimise and restore. Every
few hundred frames the stack jumps to another scene (title, game select, settings, statistics,
rules, a new game of each kind with random options, a Continue, TriPeaks's level list), every kind of jump once a round
in a random order, so every scene gets its share even where random keys would rarely reach it
(the games' worker threads make the frames they answer on depend on the machine, and with them
the random input after; what is covered must not); Escape may still take it anywhere. A
"watch" jump seats computer players only, so rounds end and their summaries come up under the
random input too; a "summary" jump plays such a table on without input until its round's summary
is up, so the summaries always get their share of the random input.

An exception in a frame is counted (with its traceback in the report), and the run goes on from
the title screen. Errors the app itself catches and logs (a computer player's bug) land in
errors.log in the data folder: they count too.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from cardgames import config

KEYS = (
    [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN] * 4
    + [pygame.K_TAB] * 3 + [pygame.K_RETURN] * 3 + [pygame.K_SPACE] * 2
    + [pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END,
       pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_KP_ENTER, pygame.K_F11, pygame.K_F1]
    + [getattr(pygame, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz0123456789"]
)
SIZES = ((1280, 720), (640, 360), (800, 600), (1920, 1080), (400, 700), (1000, 400), (320, 180))
JUMP_EVERY = (200, 700)   # frames between jumps to a random scene
WATCH_FRAMES = 1500       # a computer-only table is watched this much longer
JUMPS = ("title", "select", "settings", "stats", "rules", "game", "game", "game", "continue",
         "summary", "watch", "watch", "summary", "levels")


@dataclass
class Report:
    frames: int = 0
    events: int = 0
    exceptions: list[str] = field(default_factory=list)
    logged_errors: str = ""
    scenes: dict[str, int] = field(default_factory=dict)   # scene class name -> frames on top
    jumps: int = 0
    cpu_seconds: float = 0.0

    def summary(self) -> str:
        seen = ", ".join(f"{k} {v}" for k, v in sorted(self.scenes.items(), key=lambda kv: -kv[1]))
        return (f"{self.frames} frames, {self.events} events, {len(self.exceptions)} exceptions, "
                f"{'errors logged' if self.logged_errors else 'no errors logged'}, {self.jumps} jumps, "
                f"{self.cpu_seconds:.1f} s CPU\nframes on top: {seen}")


class Monkey:
    def __init__(self, app: Any, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.held = False          # a mouse button is down (a drag in progress)
        self.drag_to: tuple[int, int] | None = None
        self.window_size = app.window.get_size()
        self.bag: list[str] = []   # the jumps still to come this round (see jump())
        self.turns: dict[str, int] = {}   # watch and summary jumps take the games with computer players in turn

    # ------------------------------------------------------------ where to click
    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A canvas point in window pixels (events arrive in window pixels; the app maps them back)."""
        return self.app.canvas.to_window(pos)

    def targets(self) -> list[tuple[int, int]]:
        """Canvas points worth clicking on the top scene: its cards, piles and buttons."""
        top = self.app.stack.top
        points: list[tuple[int, int]] = []
        board = getattr(top, "board", None)
        if board is not None:
            with contextlib.suppress(AttributeError, TypeError):  # a board without these: random points then
                points += [s.rect.center for s in board.all_sprites()]
                points += [p.base_rect(top.card_size).center for p in board.piles.values()]
        for name in ("buttons", "tiles", "rows", "widgets"):
            items = getattr(top, name, None)
            items = items.values() if isinstance(items, dict) else items
            for item in items or ():
                rect = getattr(item, "rect", None)
                if rect is not None:
                    points.append(rect.center)
        menu = getattr(top, "menu", None)
        for item in getattr(menu, "buttons", None) or getattr(menu, "items", None) or ():
            rect = getattr(item, "rect", None)
            if rect is not None:
                points.append(rect.center)
        return points

    def point(self) -> tuple[int, int]:
        targets = self.targets()
        if targets and self.rng.random() < 0.6:
            x, y = self.rng.choice(targets)
            pos = (x + self.rng.randint(-6, 6), y + self.rng.randint(-6, 6))
        else:
            pos = (self.rng.uniform(-20, 1300), self.rng.uniform(-20, 740))
        return self.to_window(pos)

    # ------------------------------------------------------------ events
    def events(self) -> list[pygame.event.Event]:
        r, rng = self.rng.random(), self.rng
        E = pygame.event.Event
        if self.held:  # finish a drag: a few moves, then release
            pos = self.drag_to or self.point()
            if rng.random() < 0.3:
                self.held = False
                return [E(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)),
                        E(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
            return [E(pygame.MOUSEMOTION, pos=pos, rel=(3, 3), buttons=(1, 0, 0))]
        if r < 0.45:
            return []                                          # some frames without input
        if r < 0.62:
            pos = self.point()
            button = 1 if rng.random() < 0.85 else rng.choice((2, 3))
            out = [E(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                   E(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                   E(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
            if rng.random() < 0.15:                            # a double click
                out += [E(pygame.MOUSEBUTTONDOWN, pos=pos, button=1), E(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
            return out
        if r < 0.70:
            start = self.point()
            self.held, self.drag_to = True, self.point()
            return [E(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
                    E(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
        if r < 0.74:
            return [E(pygame.MOUSEMOTION, pos=self.point(), rel=(rng.randint(-9, 9), rng.randint(-9, 9)),
                      buttons=(0, 0, 0))]
        if r < 0.76:
            return [E(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False, precise_x=0.0,
                      precise_y=1.0)]
        if r < 0.93:
            key = rng.choice(KEYS)
            if key == pygame.K_F11 and rng.random() < 0.8:
                key = pygame.K_RETURN                          # F11 rarely: each one rewrites the settings
            mod = rng.choice((0, 0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL))
            name = pygame.key.name(key)
            uni = name if len(name) == 1 else {"return": "\r", "space": " ", "tab": "\t"}.get(name, "")
            out = [E(pygame.KEYDOWN, key=key, mod=mod, unicode=uni.upper() if mod & pygame.KMOD_SHIFT else uni,
                     scancode=0)]
            if uni and uni.isprintable():
                out.append(E(pygame.TEXTINPUT, text=uni))
            out.append(E(pygame.KEYUP, key=key, mod=mod, unicode=uni, scancode=0))
            return out
        if r < 0.97:                                          # controller-like input
            kind = rng.random()
            if kind < 0.5:
                b = rng.randrange(0, 15)
                return [E(pygame.CONTROLLERBUTTONDOWN, button=b, instance_id=0),
                        E(pygame.CONTROLLERBUTTONUP, button=b, instance_id=0)]
            if kind < 0.7:
                return [E(pygame.JOYHATMOTION, joy=0, instance_id=0, hat=0,
                          value=rng.choice(((0, 1), (0, -1), (1, 0), (-1, 0), (0, 0))))]
            if kind < 0.85:
                return [E(pygame.CONTROLLERAXISMOTION, axis=rng.randrange(0, 6), value=rng.randint(-32768, 32767),
                          instance_id=0)]
            b = rng.randrange(0, 12)
            return [E(pygame.JOYBUTTONDOWN, joy=0, instance_id=0, button=b),
                    E(pygame.JOYBUTTONUP, joy=0, instance_id=0, button=b)]
        if r < 0.985:
            w, h = rng.choice(SIZES)
            self.window_size = (w, h)
            try:
                self.app.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            except pygame.error:
                pass
            return [E(pygame.VIDEORESIZE, size=(w, h), w=w, h=h), E(pygame.WINDOWSIZECHANGED, x=w, y=h)]
        return [E(rng.choice((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMINIMIZED,
                              pygame.WINDOWRESTORED, pygame.WINDOWLEAVE, pygame.WINDOWENTER,
                              pygame.ACTIVEEVENT)), gain=rng.randint(0, 1), state=1)]

    # ------------------------------------------------------------ jumps
    def jump(self) -> str:
        """Reset the stack to a random scene; returns its description."""
        from cardgames.games import registry

        rng, app = self.rng, self.app
        games = [g for g in registry.GAMES if g.available]
        if not self.bag:     # every kind of jump once a round, in a random order: none is left to luck
            self.bag = list(JUMPS)
            rng.shuffle(self.bag)
        choice = self.bag.pop()
        if choice in ("watch", "summary"):   # the games with computer players, in turn
            seated = [g for g in games if "level" in {o.key for o in g.options}]
            info = seated[self.turns.get(choice, 0) % len(seated)]
            self.turns[choice] = self.turns.get(choice, 0) + 1
        elif choice == "levels":             # an Arcade TriPeaks game opens on its level list
            info = registry.BY_NAME["tripeaks"]
        else:
            info = rng.choice(games)
        if choice == "title":
            scene = app.screens.title()
        elif choice == "select":
            from cardgames.scenes.select import SelectScene
            scene = SelectScene(app, info.name)
        elif choice == "settings":
            from cardgames.scenes.settings import SettingsScene
            scene = SettingsScene(app)
        elif choice == "stats":
            from cardgames.scenes.stats import StatsScene
            scene = StatsScene(app, info.name)
        elif choice == "rules":
            from cardgames.scenes.rules import RulesScene
            scene = RulesScene(app, info.name)
        else:
            saved = [app.storage.load_game(k) for k in info.save_keys()] if choice == "continue" else []
            data = next((d for d in saved if d is not None), None)
            if data is not None:
                scene = info.scene_class()(app, data["options"], resume=data)
            else:
                options = {o.key: rng.choice(o.choices)[0] for o in info.options}
                if choice == "levels":
                    options["mode"] = "arcade"
                if choice in ("watch", "summary"):   # computer players only: rounds end, summaries come up
                    options["humans"] = ()
                    options["players"] = min(options.get("players", 2), 3)
                scene = info.scene_class()(app, options, seed=rng.randrange(1, 2**31))
        app.demo = None
        app.stack.reset(scene)
        if choice == "summary":   # play on without input until the round's summary is up (the input goes there)
            app.stack.apply_pending()
            for _ in range(6000):
                if app.stack.top is not scene:
                    break
                app.step(1 / config.FPS)
        return f"{choice} {info.name}"


def run(frames: int = 20000, seed: int = 16, data_dir: str | os.PathLike | None = None,
        progress: bool = False) -> Report:
    """Drive a headless real app for `frames` frames of seeded random input; the report counts exceptions."""
    from cardgames.app import App
    from cardgames.launch import Launch

    folder = Path(data_dir) if data_dir else Path(tempfile.mkdtemp(prefix="cardgames-monkey-"))
    app = App(Launch(data_dir=folder), headless=True)
    app.settings["ai_speed"] = "fast"
    app.stack.push(app.screens.title())
    app.stack.apply_pending()
    monkey = Monkey(app, seed)
    report = Report()
    next_jump = monkey.rng.randint(*JUMP_EVERY)
    t0 = time.process_time()
    for frame in range(frames):
        try:
            if frame == next_jump:
                what = monkey.jump()
                report.jumps += 1
                next_jump = frame + monkey.rng.randint(*JUMP_EVERY)
                if what.startswith("watch"):
                    next_jump += WATCH_FRAMES    # long enough for a round to end and its summary to show
            for event in monkey.events():
                pygame.event.post(event)
                report.events += 1
            events = pygame.event.get()
            if any(e.type == pygame.QUIT for e in events):
                break    # never one of ours: SIGTERM, Ctrl+C or the window closed (SDL turns them into QUIT)
            app.step(1 / config.FPS, events)
            top = app.stack.top
            name = type(top).__name__ if top is not None else "(none)"
            report.scenes[name] = report.scenes.get(name, 0) + 1
            if not app.running or top is None:       # Quit was chosen: start again at the title
                app.running = True
                app.demo = None
                app.stack.reset(app.screens.title())
                app.stack.apply_pending()
        except Exception:  # noqa: BLE001 - the point: count it, show it, go on
            report.exceptions.append(f"frame {frame} (seed {seed}):\n{traceback.format_exc()}")
            try:
                app.running = True
                app.demo = None
                app.stack.scenes.clear()
                app.stack.reset(app.screens.title())
                app.stack.apply_pending()
            except Exception:  # noqa: BLE001
                report.exceptions.append(traceback.format_exc())
                break
        report.frames = frame + 1
        if progress and frame and frame % 10000 == 0:
            print(f"  {frame} frames, {len(report.exceptions)} exceptions", flush=True)
    report.cpu_seconds = time.process_time() - t0
    for scene in reversed(app.stack.scenes):
        try:
            scene.on_exit()
        except Exception:  # noqa: BLE001
            report.exceptions.append(f"on_exit:\n{traceback.format_exc()}")
    log = folder / "errors.log"
    report.logged_errors = log.read_text() if log.exists() else ""
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m cardgames.monkey", description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=200000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--data-dir", help="keep the run's data here (default: a fresh temporary folder)")
    a = p.parse_args(argv)
    report = run(a.frames, a.seed, a.data_dir, progress=True)
    print(report.summary())
    for text in report.exceptions[:5]:
        print(text, file=sys.stderr)
    if report.logged_errors:
        print(report.logged_errors[-4000:], file=sys.stderr)
    return 1 if report.exceptions or report.logged_errors else 0


if __name__ == "__main__":
    sys.exit(main())
