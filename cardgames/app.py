"""The application: the window, the shared services and the ONE loop.

Every frame is App.step(dt, events): events -> update(dt) -> draw -> present
-> apply pending scene changes. Drawing and presenting happen only when the
picture may have changed (cardgames/engine/redraw.py); otherwise the frame
only runs the updates (timers, computer players) and the loop sleeps until
the next event or IDLE_WAKE_MS. run() calls it from the real loop at 60 FPS;
tests and benchmarks call it by hand with whatever dt and events they like
(events are in window pixels, exactly as pygame delivers them; step maps
mouse positions to the 1280x720 canvas before any scene sees them).

Services every scene reaches through `self.app`:
  stack (SceneStack), screens (how scenes open one another: cardgames/navigation.py),
  assets, settings (dict), storage, launch, notify(text) (a toast), quit(), anim_scale,
  ai_delay, play_sound(name, volume), demo (the attract-mode director, or None).

Tests and benchmarks build one with headless_app(tmp_dir) (dummy video driver, no
sound); cardgames/bench_frames.py times its frames.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from cardgames import config, datafiles, i18n
from cardgames.engine.canvas import Canvas
from cardgames.engine.gamepad import Gamepads, InputTracker
from cardgames.engine.redraw import AUDIT_EVERY, AUDIT_RARE, Backdrop, RedrawPolicy
from cardgames.engine.scene import SceneStack, dim_surface
from cardgames.engine.window import set_minimum_size, set_windowed, wait_events
from cardgames.games import registry
from cardgames.launch import Launch
from cardgames.navigation import Screens
from cardgames.scenes.common import HINTS
from cardgames.storage import Storage
from cardgames.ui.corner_notice import CornerNotice
from cardgames.ui.widgets import Toasts

ANIM_SCALES = {"off": 0.0, "fast": 0.55, "normal": 1.0, "slow": 1.7}   # multiplies animation durations
AI_DELAYS = {"instant": 0.0, "fast": 0.25, "normal": 0.7, "slow": 1.4}  # seconds a computer "thinks"
TOAST_BOTTOM = 700  # toasts end here on the canvas, unless a scene asks for another place
MAX_DT = 0.1  # a long stall (window dragged, breakpoint) never makes animations jump further than this
IDLE_WAKE_MS = 100  # an idle loop still steps this often to run timers (computer players, the attract mode);
#                    100 ms, not 50: the pause menu idled at 3.6% of a core at 1080p, now 2.9% (bench_window)
IDLE_REST_MS = 1000  # ...and this often while the scene on top needs no time (Scene.needs_time: a table that
#                     waits for the human). Each wake costs about 0.2 ms of CPU in the sandboxed Xvfb of
#                     bench_window: ten a second were 0.3% of a core of a settled table's 0.35%.
# Solvers and computer players think in background threads; a short GIL switch interval (seconds)
# hands the loop back the interpreter sooner, so frames keep their pace while they work (measured
# during TriPeaks deal searches: a loop that sleeps 12 ms a frame took 19.5 ms a turn with the
# default 5 ms interval, 14.5 ms with 1 ms; the searches took as long either way).
SWITCH_INTERVAL = 0.001
MIN_WINDOW = config.MIN_WINDOW  # 3/4 of the canvas: no text under 11 px on screen (engine/text.py MIN_SIZE)
WINDOW_REPAINT = (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
                  pygame.WINDOWMAXIMIZED, pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE)  # events after which all is sent
MODE_CHANGE_QUIET = 1.0  # seconds after a full-screen switch whose focus-loss events are not the player leaving


class App:
    """The window, storage, settings, assets and scene stack.

    headless=True: no real window is needed (the dummy video driver is used
    unless another is set), nothing is shown and no sound plays. Tests and
    benchmarks use it.
    """

    def __init__(self, launch: Launch | None = None, headless: bool = False) -> None:
        self.launch = launch or Launch()
        self.headless = headless
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        elif sys.platform.startswith("linux"):
            # Measured (tools/bench_present.py, Xvfb without a GPU, 1920x1080): SDL's default hands the
            # window surface to OpenGL, 15 ms of CPU a frame in software GL threads; X shared memory
            # takes 2 ms, the smoothscale included. Set the variable to 1 to get SDL's default back.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.init()
        pygame.font.init()
        self.storage = Storage(self.launch.data_dir)
        self.settings: dict[str, Any] = self.storage.load_settings()
        # the language chosen in the settings; until the player picks one, the system's
        i18n.set_language(self.settings.get("language") or i18n.system_language())
        self.storage.migrate_saves(registry.GAMES)   # an old single TriPeaks save goes to its mode's slot
        # --fullscreen/--windowed hold for this run only: save_settings() keeps the saved choice
        # until the player picks one themselves (F11 or the settings screen).
        self._saved_fullscreen: bool | None = None
        if self.launch.fullscreen is not None:
            self._saved_fullscreen = bool(self.settings.get("fullscreen"))
            self.settings["fullscreen"] = self.launch.fullscreen
        self.canvas = Canvas(config.CANVAS_SIZE)
        self._windowed_size = self._initial_window_size()
        self.window = self._open_window(bool(self.settings.get("fullscreen")) and not headless)
        pygame.display.set_caption(config.TITLE)
        self.audio = False if (headless or self.launch.mute) else _init_audio()
        self.assets = _make_assets(self.audio)
        self.stack = SceneStack()
        self.screens = Screens(self)   # how the scenes open one another (cardgames/navigation.py)
        self.demo: Any = None          # DemoDirector while attract mode runs
        self.running = True
        self.frame = 0
        self.frames_drawn = 0    # frames drawn and presented (an idle frame draws nothing)
        self.idle = False        # the last frame drew nothing: the loop may sleep until an event
        self.redraw = RedrawPolicy()
        self.backdrop = Backdrop()   # the scenes under an overlay, drawn once (engine/redraw.py)
        self.toasts = Toasts()   # at the bottom, unless the scene says otherwise (Scene.toast_bottom)
        self.pads = Gamepads()   # game controllers, turned into the keyboard's commands (engine/gamepad.py)
        self.input = InputTracker("pad" if self.pads.connected else "keyboard")
        self.pad_notice = CornerNotice()   # "... connected" beside a screen's prompt line (ui/corner_notice.py)
        self._since_mode_change = MODE_CHANGE_QUIET

    # ---------------------------------------------------------------- window
    def _initial_window_size(self) -> tuple[int, int]:
        """The canvas size, shrunk to fit a smaller desktop."""
        w, h = config.CANVAS_SIZE
        if self.headless:
            return (w, h)
        try:
            dw, dh = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return (w, h)
        scale = min(1.0, 0.9 * dw / w, 0.9 * dh / h)
        mw, mh = self._min_window()
        return (max(mw, int(w * scale)), max(mh, int(h * scale)))

    def _min_window(self) -> tuple[int, int]:
        """MIN_WINDOW, or the desktop when that is smaller."""
        try:
            dw, dh = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return MIN_WINDOW
        return (min(MIN_WINDOW[0], dw), min(MIN_WINDOW[1], dh))

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            # Put the window in the corner first: without a window manager (e.g. a bare X
            # server) SDL would leave the full-screen window where the small one was.
            _move_window((0, 0))
            window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            was_fullscreen = pygame.display.get_surface() is not None and bool(
                pygame.display.get_surface().get_flags() & pygame.FULLSCREEN)
            window = set_windowed(self._windowed_size)   # the size asked for, also when leaving full screen
            set_minimum_size(self._min_window())
            if was_fullscreen:
                dw, dh = pygame.display.get_desktop_sizes()[0]
                _move_window(((dw - window.get_width()) // 2, (dh - window.get_height()) // 2))
        self.canvas.resize(window.get_size())
        return window

    def toggle_fullscreen(self) -> None:
        """F11: switch between a window and the full screen, and remember the choice."""
        full = not self.settings.get("fullscreen")
        if not self.headless:
            if full:
                self._windowed_size = self.window.get_size()
            self.window = self._open_window(full)
        self.settings["fullscreen"] = full
        self._since_mode_change = 0.0
        self._saved_fullscreen = None  # the player chose: this choice is the one to keep
        self.save_settings()

    def save_settings(self) -> None:
        """Write the settings (atomically); a command-line --fullscreen/--windowed is not saved."""
        data = dict(self.settings)
        if self._saved_fullscreen is not None:
            data["fullscreen"] = self._saved_fullscreen
        self.storage.save_settings(data)

    # -------------------------------------------------------------- services
    @property
    def anim_scale(self) -> float:
        """Multiplier for animation durations from the settings (0: animations off)."""
        return ANIM_SCALES.get(self.settings.get("anim_speed", "normal"), 1.0)

    @property
    def ai_delay(self) -> float:
        """Seconds a computer player visibly thinks before each move."""
        delay = AI_DELAYS.get(self.settings.get("ai_speed", "normal"), 0.7)
        return delay * 0.6 if self.demo is not None else delay

    def notify(self, text: str) -> None:
        """Show a short message (a toast) on the screen for a few seconds (under a pause or summary overlay)."""
        self.toasts.push(text)

    def play_sound(self, name: str, volume: float = 1.0) -> None:
        """Play a sound effect at `volume` times the sound-effects setting (silently nothing without audio)."""
        if self.audio:
            self.assets.play(name, volume * float(self.settings.get("sfx_volume", 0.8)))

    def play_music(self) -> None:
        """Start the music loop at the music volume (nothing without audio)."""
        if self.audio:
            self.assets.play_music(float(self.settings.get("music_volume", 0.5)))

    def apply_volumes(self) -> None:
        """Call after changing music_volume in the settings."""
        if self.audio:
            self.assets.set_music_volume(float(self.settings.get("music_volume", 0.5)))

    def quit(self) -> None:
        self.running = False

    @property
    def input_device(self) -> str:
        """The device the player used last: "keyboard", "mouse" or "pad" (ui/controls.py names its controls)."""
        return self.input.device

    # ----------------------------------------------------------------- frame
    def step(self, dt: float, events: Any = ()) -> None:
        """Run one frame: events -> update(dt) -> draw -> present -> pending scene changes."""
        dt = max(0.0, min(dt, MAX_DT))
        had_input = False
        for event in events:
            had_input = True
            self.handle_event(event)
        for event in self.pads.update(dt, self.stack.top):   # a held D-pad or stick repeats
            had_input = True
            self.handle_event(event)
        self._since_mode_change += dt
        while self.pads.notices:
            self._pad_notice(self.pads.notices.pop(0))
        for text in self.storage.take_notices() + datafiles.take_notices():
            self.notify(text)
        self.stack.update(dt)
        self.toasts.update(dt, wait=self.stack.top is not None and self.stack.top.holds_toasts())
        self.pad_notice.update(dt)
        self.idle = not self._draw_frame(dt, had_input)
        self.stack.apply_pending()
        if self.demo is not None:
            self.demo.update(dt)
        self.frame += 1

    def idle_wait_ms(self) -> int:
        """How long the idle loop may sleep before the next step (an event wakes it sooner)."""
        top = self.stack.top
        rests = top is not None and not top.needs_time() and self.demo is None and not self.stack.has_pending
        return IDLE_REST_MS if rests else IDLE_WAKE_MS

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in WINDOW_REPAINT:
            self.canvas.invalidate()   # the window's picture may be gone: the next frame sends all of it
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if not self.headless:
                self.window = self._keep_minimum(pygame.display.get_surface())
            self.canvas.resize(self.window.get_size())
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self.pads.release()
            if self._since_mode_change < MODE_CHANGE_QUIET:
                return   # a full-screen switch moves the focus about: the player has not left
        self.input.saw(event)
        made = self.pads.translate(event, self.stack.top)
        if made is not None:   # a controller event: its commands, as the keys a keyboard sends
            for command in made:
                self.handle_event(command)
            return
        event = self.canvas.map_event(event)
        if self.demo is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.demo.stop()
            return
        self.stack.handle_event(event)

    def _keep_minimum(self, window: pygame.Surface) -> pygame.Surface:
        """A window made smaller than the minimum (a window manager that ignores the hint) grows back."""
        (w, h), (mw, mh) = window.get_size(), self._min_window()
        if window.get_flags() & pygame.FULLSCREEN or (w >= mw and h >= mh):
            return window
        return pygame.display.set_mode((max(w, mw), max(h, mh)), pygame.RESIZABLE)

    def _draw_frame(self, dt: float, had_input: bool) -> bool:
        """Draw and present this frame if the picture may have changed (engine/redraw.py); while idle,
        now and then draw without presenting to check. Returns whether a frame was presented."""
        changing = self.demo is not None or bool(self.toasts) or bool(self.pad_notice) or self.stack.changing()
        visible = self.stack.visible()
        shown = (*visible, self.storage.write_warning)   # what is on screen: a change redraws
        picture = tuple(scene.picture_key() for scene in visible)
        if self.redraw.wanted(shown, changing, had_input, dt, picture):
            self.draw(self.canvas.surface)
            audit = False
        elif not self.redraw.audit_due(dt, AUDIT_RARE if getattr(self.stack.top, "announces_changes", False)
                                       else AUDIT_EVERY):
            return False
        else:
            self.backdrop.key = None   # an audit draws every scene afresh
            self.canvas.keep_shown()   # (over the frame on screen: keep a copy to compare with)
            self.draw(self.canvas.surface)
            audit = True
        rows = self.canvas.changed_rows(exact=audit or self.redraw.watching)   # only what changed is presented
        if audit and not self.redraw.audit(bool(rows)):
            return False
        self.redraw.presented(bool(rows))
        self.present(rows)
        self.frames_drawn += 1
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if not self.stack.scenes:
            surface.fill((12, 40, 28))
            self._draw_toasts(surface)
        visible = self.stack.visible()
        if len(visible) > 1:   # overlays: the scenes under the top one get no updates, kept as a picture
            lower, top = visible[:-1], visible[-1]
            key = None if self.toasts else (tuple(lower), top.dims_below, repr(self.settings), self.input.device)

            def draw_lower(s: pygame.Surface) -> None:
                self.stack.draw(s, self._draw_toasts, scenes=lower)
                if top.dims_below:        # in the kept picture: 1.25 ms a frame less for pause, summaries
                    s.blit(dim_surface(), (0, 0))

            self.backdrop.draw(surface, key, draw_lower)
            top.draw(surface)
        else:
            self.stack.draw(surface, under_overlays=self._draw_toasts)
        self.pad_notice.draw(surface, HINTS[0])
        self._draw_write_warning(surface)

    def _pad_notice(self, text: str) -> None:
        """A controller came or went: told beside a screen's prompt line, or as a toast on a table
        (whose toasts have a place clear of its prompts: Scene.pad_notices_as_toasts)."""
        if any(s.pad_notices_as_toasts for s in self.stack.visible()):
            self.notify(text)
        else:
            self.pad_notice.push(text)

    def _draw_write_warning(self, surface: pygame.Surface) -> None:
        """A lasting strip at the top while some data could not be written (full disk, read-only
        folder): it stays until a retry succeeds, so the player knows their progress is at risk."""
        text = self.storage.write_warning
        if not text:
            return
        from cardgames.ui import theme

        font = theme.font(theme.SMALL)
        label = font.render(text, True, (255, 240, 230))
        if label.get_width() > surface.get_width() - 16:
            label = pygame.transform.smoothscale_by(label, (surface.get_width() - 16) / label.get_width())
        strip = pygame.Rect(0, 0, surface.get_width(), label.get_height() + 8)
        surface.fill((150, 30, 30), strip)
        surface.blit(label, label.get_rect(center=strip.center))

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        """Toasts lie on the bottom visible scene, under its overlays (pause, a round summary):
        a message about the table never covers the summary that follows it."""
        if self.toasts:
            wanted = next((s for s in reversed(self.stack.visible()) if s.toast_bottom is not None), None)
            self.toasts.bottom = TOAST_BOTTOM if wanted is None else wanted.toast_bottom
            self.toasts.area = None if wanted is None else wanted.toast_area   # off-centre free felt (Skyjo)
            self.toasts.draw(surface)

    def present(self, rows: list[tuple[int, int]] | None = None) -> None:
        """Show the canvas in the window: the runs of canvas rows in `rows` (Canvas.changed_rows), or all."""
        if self.headless:
            return
        rects = self.canvas.present(self.window, rows)
        if rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)

    def screenshot(self, path: str | os.PathLike) -> bool:
        """Save the current canvas (1280x720, whatever the window size) as an image; False (and a
        one-line message on stderr) when the file cannot be written. Drawn afresh (an idle frame draws nothing)."""
        self.draw(self.canvas.surface)
        try:
            pygame.image.save(self.canvas.surface, str(path))
        except (pygame.error, OSError) as e:
            print(f"main.py: could not save the screenshot {str(path)!r}: {e}", file=sys.stderr)
            return False
        return True


def _move_window(position: tuple[int, int]) -> None:
    if pygame.display.get_surface() is None or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return
    try:
        pygame.display.set_window_position(position)
    except (AttributeError, pygame.error):
        pass  # an older pygame or a driver that cannot place windows: harmless


def _init_audio() -> bool:
    """Open the audio device; False (silence, no message) when there is none."""
    try:
        pygame.mixer.pre_init(44100, -16, 2, 512)
        pygame.mixer.init()
        pygame.mixer.set_num_channels(24)
        return True
    except pygame.error:
        return False


def _make_assets(audio: bool) -> Any:
    """The assets helper's Assets, or a plain stand-in while that module is not there yet."""
    try:
        from cardgames.engine.assets import Assets
    except ImportError:
        from cardgames.ui.cards import PlainAssets

        return PlainAssets()
    try:
        return Assets(audio=audio)
    except TypeError:
        return Assets()


# -------------------------------------------------------------- the loop
def run(launch: Launch) -> int:
    """Open the window and play until the player quits. Returns the exit code.

    With launch.frames, render that many frames with a fixed 1/60 s step (as
    fast as possible, the same picture every time), save the last one to
    launch.screenshot if given, and return 0.
    """
    app = App(launch)
    if launch.demo:
        app.stack.push(app.screens.demo(launch.game))
    else:
        app.stack.push(app.screens.first())
    app.stack.apply_pending()
    if launch.frames:
        for _ in range(launch.frames):
            app.step(1 / config.FPS, pygame.event.get())
            if not app.running:
                break
        saved = app.screenshot(launch.screenshot) if launch.screenshot else True
        app.storage.flush()
        pygame.quit()
        return 0 if saved else 1
    app.play_music()
    sys.setswitchinterval(SWITCH_INTERVAL)
    code = 0
    try:
        loop(app)
    except Exception:  # noqa: BLE001 - a bug: the details go to a log file, never a traceback on screen
        where = app.storage.log_error("the main loop")
        print(f"{config.TITLE} stopped after an internal error; your game was saved. Details: {where}",
              file=sys.stderr)
        code = 1
    finally:  # also after a crash: game scenes autosave on exit, so nothing is lost
        for scene in reversed(app.stack.scenes):
            try:
                scene.on_exit()
            except Exception:  # noqa: BLE001 - one scene's failure must not stop the others saving
                app.storage.log_error("saving on exit")
        app.stack.scenes.clear()
        app.storage.flush()
        pygame.quit()
    return code


def loop(app: App, should_stop: Callable[[], bool] | None = None) -> None:
    """The real loop: step the app at up to 60 FPS, or wait for events while it is idle, until it quits (or `should_stop()`, checked
    before every frame, says so: the real-window benchmark uses it)."""
    clock = pygame.time.Clock()
    clock.tick()
    while app.running and not (should_stop is not None and should_stop()):
        if app.idle:  # nothing changed last frame: sleep until an event (handled and drawn at once)
            events = wait_events(app.idle_wait_ms())
            dt = clock.tick() / 1000.0
            while dt > MAX_DT and app.idle:   # a long rest: its time in steps as long as a frame may be
                app.step(MAX_DT)              # (the clamp would lose it: play time, a clock)
                dt -= MAX_DT
        else:
            dt = clock.tick(config.FPS) / 1000.0
            events = pygame.event.get()
        app.step(dt, events)


def headless_app(data_dir: str | os.PathLike | None = None, **launch_fields: Any) -> App:
    """An App for tests and benchmarks: dummy driver, no sound, its own data folder."""
    launch = Launch(data_dir=Path(data_dir) if data_dir else None, **launch_fields)
    return App(launch, headless=True)
