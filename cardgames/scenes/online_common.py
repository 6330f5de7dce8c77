"""What the screens of "Play with others" share (online_start, online_host, online_join, online_lobby).

- Job: a piece of network work (connecting, hosting, stopping a server) run in a thread of its own;
  the screen looks at `done` each frame, so the pygame loop never waits for the network.
- TextField: a one-line text box that takes the focus like a button (typed letters, Backspace;
  a pad's A opens the on-screen letter picker). `keep` filters what may be typed.
- edit_text(scene, event): how a screen hands the keys to its focused TextField first.
- player_name(settings): the name the others see.
- LEVELS / seat_choices(): a computer seat's levels, as the select screen names them.
- this_machine_only(app), lan_interfaces(app): a headless app (the tests, the monkey, the benches)
  never reaches past this computer: it hosts on 127.0.0.1, looks for tables on loopback only, and
  joins loopback addresses only.
"""
from __future__ import annotations

import socket
import threading
from collections.abc import Callable
from typing import Any

import pygame

from cardgames import names
from cardgames.i18n import N_, _
from cardgames.net.discovery import host_name
from cardgames.net.host import lan_setting
from cardgames.scenes.common import play
from cardgames.table import lobby
from cardgames.table.seats import LEVELS as TABLE_LEVELS
from cardgames.ui import theme
from cardgames.ui.letter_picker import LetterPicker
from cardgames.ui.widgets import Widget, clip_text

LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"), "expert": N_("Expert")}
LEVELS = tuple(level for level in LEVEL_NAMES if level in TABLE_LEVELS)   # "expert" once a game has one
OPEN = "away"                                    # a seat open to a friend (lobby.Host's word)
SELECTION = (50, 90, 170)


def seat_choices() -> tuple[tuple[str, str], ...]:
    """A seat's choices on the host screen and in the lobby: open to a friend, or a computer."""
    return ((OPEN, N_("Open to a friend")),
            *((f"computer:{level}", _("Computer: {level}").format(level=_(LEVEL_NAMES[level]))) for level in LEVELS))


def player_name(settings: dict[str, Any]) -> str:
    """The player's own name (the first of settings["player_names"]), else this computer's name,
    as the table will accept it (lobby.clean_name)."""
    own = settings.get("player_names")
    first = names.clean(own[0]) if names.is_name_list(own) and own else ""
    for candidate in (first, host_name(socket.gethostname())[:names.MAX_LENGTH], "Player"):
        try:
            return lobby.clean_name(candidate)
        except ValueError:
            continue
    return "Player"


def this_machine_only(app: Any) -> bool:
    """A headless app (tests, the monkey, benches): no socket or announcement past loopback."""
    return bool(getattr(app, "headless", False))


def lan_interfaces(app: Any) -> str:
    """Where this app looks for and announces tables: the setting, or loopback for a headless app."""
    return "loopback" if this_machine_only(app) else lan_setting(app.settings)


def is_loopback_url(url: str) -> bool:
    """Whether a ws:// or wss:// url names this computer (127.0.0.0/8, ::1, localhost)."""
    import ipaddress
    from urllib.parse import urlsplit
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Job:
    """fn() in a daemon thread; `done`, then `result` or `error` (the exception it raised)."""

    def __init__(self, fn: Callable[[], Any], name: str = "online-job") -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(fn,), name=name, daemon=True)
        self._thread.start()

    def _run(self, fn: Callable[[], Any]) -> None:
        try:
            self.result = fn()
        except BaseException as exc:   # noqa: BLE001 - handed to the screen, which says what went wrong
            self.error = exc
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)


class TextField(Widget):
    """A labelled one-line text box. `keep(text) -> text`: what of the typed text is kept (e.g. a
    room code: upper case, its alphabet only); at most `limit` characters."""

    def __init__(self, rect, label: str, text: str = "", limit: int = 60, placeholder: str = "",
                 keep: Callable[[str], str] = lambda t: t, px: int = theme.BODY,
                 on_change: Callable[[], Any] | None = None) -> None:
        super().__init__(rect)
        self.label, self.limit, self.placeholder, self.keep, self.px = label, limit, placeholder, keep, px
        self.text = keep(text)[:limit]
        self.on_change = on_change
        self.time = 0.0

    def type(self, text: str) -> bool:
        """Add what may be kept of `text`; False when nothing could be (the letter picker's sound)."""
        kept = self.keep(text)
        room = self.limit - len(self.text)
        if not kept or room <= 0:
            return False
        self.text += kept[:room]
        if self.on_change is not None:
            self.on_change()
        return True

    def back(self) -> None:
        self.text = self.text[:-1]
        if self.on_change is not None:
            self.on_change()

    def update(self, dt: float) -> None:
        self.time += dt

    def label_room(self) -> int:
        """Pixels for the label: its two fifths of the row, 12 px in from the focus ring on each side."""
        return self.rect.w * 2 // 5 - 24

    def draw(self, surface, focused):
        label_w = self.rect.w * 2 // 5
        theme.draw_text(surface, clip_text(self.label, self.label_room(), theme.BODY), (self.rect.x + 12, self.rect.centery),
                        theme.BODY, theme.TEXT if self.enabled else theme.TEXT_DIM, anchor="midleft")
        box = pygame.Rect(self.rect.x + label_w, self.rect.y, self.rect.w - label_w, self.rect.h)
        theme.draw_panel(surface, box, theme.PANEL_SOLID, theme.ACCENT if focused else theme.PANEL_EDGE, radius=8,
                         width=2)
        shown, colour = (self.text, theme.TEXT) if self.text else (self.placeholder, theme.TEXT_DIM)
        rect = theme.draw_text(surface, shown, (box.x + 12, box.centery), self.px, colour, bold=bool(self.text),
                               anchor="midleft")
        if focused and int(self.time * 2) % 2 == 0:       # the blinking caret
            x = rect.right + 3 if self.text else box.x + 12
            pygame.draw.line(surface, theme.ACCENT, (x, box.y + 8), (x, box.bottom - 8), 2)


def edit_text(scene: Any, event: pygame.event.Event) -> bool:
    """Give the event to the scene's focused TextField (scene.menu) when it is for it: letters,
    Backspace (not "back" here), a pad's A (the letter picker); True when it was used."""
    field = scene.menu.focused
    if not isinstance(field, TextField) or not field.enabled:
        return False
    if event.type == pygame.TEXTINPUT:
        if not field.type(event.text):
            play(scene.app, "invalid")
        return True
    if event.type != pygame.KEYDOWN:
        return False
    if getattr(event, "command", None) == "act":           # a pad: letters to pick from
        scene.stack.push(LetterPicker(scene.app, field, field.label, small=False))
        return True
    if event.key == pygame.K_BACKSPACE:
        field.back()
        return True
    if event.key == pygame.K_SPACE:                        # typed (TEXTINPUT), not a button press
        return True
    if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):   # on to the next thing
        scene.menu.tab(1)
        return True
    return False


def code_letters(text: str) -> str:
    """What of `text` may be in a room code: upper case, lobby.CODE_ALPHABET only."""
    return "".join(ch for ch in text.upper() if ch in lobby.CODE_ALPHABET)


def address_letters(text: str) -> str:
    """What of `text` may be in an address: no spaces or control characters."""
    return "".join(ch for ch in text if ch.isprintable() and not ch.isspace())
