"""The lobby: who sits where before a table over the network starts, and the host's Start.

Left: the table's code, large, to read aloud (and, on the host's screen, this computer's address
for friends joining by address). Right: the seats: each player's name, whether they are connected
and ready, the computers and their levels, the open seats. A player says Ready (or takes it back);
the host changes an open or a computer's seat (Left/Right), removes a player, and starts the table
once every other player is ready and no seat is open. The handle (net/client.NetHandle) reads the
network in its own thread; this screen looks at what arrived each frame and never waits.

When the table starts, the game screen opens over the lobby: cardgames.net.play.open_online_game
(app, handle, pending) with the messages read after the start. When it closes the lobby goes too,
and the game's own server (the host's) stops: every other player is told the table ended.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames.engine.scene import Scene
from cardgames.games.info import GameInfo
from cardgames.i18n import N_, _, tr
from cardgames.i18n_errors import error_words
from cardgames.net.client import NetHandle
from cardgames.net.texts import error_text
from cardgames.scenes.common import backdrop, draw_header, draw_hints, play
from cardgames.scenes.online_common import LEVEL_NAMES, OPEN, Job, seat_choices
from cardgames.table.lobby import Error, SeatInfo, Seats
from cardgames.table.messages import Public, Update
from cardgames.ui import theme
from cardgames.ui.widgets import Button, Cycler, Menu, clip_text, draw_wrapped

CODE_BOX = pygame.Rect(50, 112, 520, 300)
SEATS_X, SEATS_W, SEATS_Y, ROW_H, ROW_GAP = 610, 620, 112, 50, 6
REMOVE_W = 150
BUTTON_Y = 600
STOP_WAIT = 3.0          # seconds the app waits, as it ends, for its server to tell the others


def open_game(app: Any, handle: NetHandle, pending: list[Any]) -> Scene:
    """The game screen over the network (n-play's cardgames/net/play.py), imported when needed."""
    from cardgames.net.play import open_online_game
    return open_online_game(app, handle, pending)


def seat_text(s: int, info: SeatInfo, host_seat: int, own: int | None) -> str:
    """A seat as the lobby lists it: who, and what they are."""
    if info.kind == "open":
        return _("Seat {n}: open, waiting for a friend").format(n=s + 1)
    if info.kind == "computer":
        level = LEVEL_NAMES.get(info.level)
        who = _("Computer: {level}").format(level=_(level)) if level else _("Computer")
        return _("{n}. {name}").format(n=s + 1, name=f"{info.name} ({who})" if info.name else who)
    name = info.name
    if s == own:
        name = _("{name} (you)").format(name=name)
    if s == host_seat:
        name = _("{name}, host").format(name=name)
    return _("{n}. {name}").format(n=s + 1, name=name)


def seat_mark(s: int, info: SeatInfo, host_seat: int) -> tuple[str, theme.Colour]:
    """The mark beside a player: dropped, ready, not ready yet (the host: hosting)."""
    if info.kind != "player":
        return "", theme.TEXT_DIM
    if not info.connected:
        return N_("dropped"), theme.BAD
    if s == host_seat:
        return "", theme.TEXT_DIM
    return (N_("ready"), theme.GOOD) if info.ready else (N_("not ready"), theme.TEXT_DIM)


class LobbyScene(Scene):
    changes_by_itself = False
    announces_changes = True

    def __init__(self, app, info: GameInfo, handle: NetHandle, server: Any = None) -> None:
        super().__init__(app)
        self.info, self.handle, self.server = info, handle, server
        welcome = handle.welcome
        self.seats: tuple[SeatInfo, ...] = welcome.seats if welcome is not None else ()
        self.started = False
        self.early: list[Any] = []      # the game's messages read before the Seats that said it started
        self.gone = False                     # left, or the game screen took over and ended
        self.ready = False
        self.addresses = server.addresses() if server is not None else []
        self.menu = Menu([], on_back=self.leave, sound=getattr(app, "play_sound", None))
        self.build()

    @property
    def is_host(self) -> bool:
        return self.handle.seat is not None and self.handle.seat == self.handle.host_seat

    def can_start(self) -> bool:
        return self.is_host and all(
            s.kind == "computer" or (s.kind == "player" and (s.ready or n == self.handle.seat))
            for n, s in enumerate(self.seats))

    # ------------------------------------------------------------------ widgets
    def _row(self, s: int) -> pygame.Rect:
        return pygame.Rect(SEATS_X, SEATS_Y + s * (ROW_H + ROW_GAP), SEATS_W, ROW_H)

    def build(self) -> None:
        focused = self.menu.focused
        self.seat_rows: list[Any] = []
        self.remove_buttons: list[Button] = []
        if self.is_host:
            for s, info in enumerate(self.seats):
                if info.kind in ("open", "computer") and s != self.handle.seat:
                    value = OPEN if info.kind == "open" else f"computer:{info.level}"
                    row = Cycler(self._row(s), _("Seat {n}").format(n=s + 1), seat_choices(), value,
                                 lambda v, s=s: self.handle.set_seat(s, v))
                    self.seat_rows.append(row)
                elif info.kind == "player" and s != self.handle.seat:
                    r = self._row(s)
                    self.remove_buttons.append(Button((r.right - REMOVE_W, r.y, REMOVE_W, r.h), N_("Remove"),
                                                      lambda s=s: self.handle.remove(s), px=theme.BODY))
            self.main_button = Button((SEATS_X, BUTTON_Y, 360, 58), N_("Start"), self.start, primary=True)
            self.main_button.enabled = self.can_start()
        else:
            self.main_button = Button((SEATS_X, BUTTON_Y, 360, 58),
                                      N_("Not ready yet") if self.ready else N_("I'm ready"), self.toggle_ready,
                                      primary=not self.ready)
        self.leave_button = Button((SEATS_X + 380, BUTTON_Y, SEATS_W - 380, 58), N_("Leave"), self.leave,
                                   px=theme.BODY + 2)
        self.menu.widgets = [*self.seat_rows, *self.remove_buttons, self.main_button, self.leave_button]
        same = next((w for w in self.menu.widgets if focused is not None and w.rect == focused.rect
                     and type(w) is type(focused) and w.enabled), None)
        self.menu.set_focus(same or (self.main_button if self.main_button.enabled else self.leave_button))

    # ------------------------------------------------------------------ actions
    def toggle_ready(self) -> None:
        self.ready = not self.ready
        self.handle.ready(self.ready)
        self.build()

    def start(self) -> None:
        if self.can_start():
            self.handle.start()

    def leave(self) -> None:
        """Back out: a player leaves the table; the host's leaving ends it for everyone."""
        if not self.gone:
            self._hang_up()
            if len(self.stack) > 1:
                self.stack.pop()
            else:                           # opened by --join: nothing under it
                self.stack.reset(self.app.screens.select(self.info.name))

    def _hang_up(self) -> Job | None:
        self.gone = True
        server, handle = self.server, self.handle
        self.server = None
        if server is not None:            # everyone is told "closing"; the host's own line closes with it
            return Job(server.stop, "online-host-stop")
        handle.leave()
        return None

    def on_enter(self) -> None:
        if self.started and not self.gone:        # back from the game screen: the table is done here
            self.leave()

    def on_exit(self) -> None:
        """Gone for good without leaving first (the game quits, the stack is reset): hang up, and give
        the host's server a moment to tell everyone (the app may be about to end)."""
        if not self.gone:
            stopping = self._hang_up()
            if stopping is not None:
                stopping.wait(STOP_WAIT)

    # ------------------------------------------------------------------ what the table says
    def take(self, messages: list[Any]) -> None:
        for i, msg in enumerate(messages):
            if isinstance(msg, (Update, Public)):     # the game's first news comes before the Seats that
                self.early.append(msg)                # say it started: the game screen gets them first
            elif isinstance(msg, Seats):
                self.seats = msg.seats
                if msg.started and not self.started:
                    self.started = True
                    self._open_game([*self.early, msg, *messages[i + 1:]])   # (msg: who sits where)
                    return
                self.build()
            elif isinstance(msg, Error) and not msg.fatal:      # a fatal one: the line closes (update)
                play(self.app, "invalid")
                self.app.notify(error_text(msg.code))

    def _open_game(self, pending: list[Any]) -> None:
        try:
            scene = open_game(self.app, self.handle, pending)
        except Exception as exc:  # noqa: BLE001 - the lobby says so, the app goes on
            self.app.storage.log_error("opening a game over the network")
            self.app.notify(_("{game} could not be opened ({error}).").format(game=_(self.info.title),
                                                                            error=tr(error_words(exc))))
            self.leave()
            return
        self.stack.push(scene)

    # ------------------------------------------------------------------ frame
    def handle_event(self, event: pygame.event.Event) -> None:
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)
        if self.gone or self.started:
            return
        got = self.handle.receive()
        if got:
            self.take(got)
        if self.handle.closed.is_set() and not self.started and not self.gone:
            err = self.handle.error
            self.app.notify(error_text(err.code if err is not None else "closed"))
            self.leave()

    def needs_time(self) -> bool:
        return True       # the table may speak at any moment

    def picture_key(self) -> Any:
        return (self.seats, self.ready)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        draw_header(surface, "Waiting for players", theme.GAME_COLOURS.get(self.info.name, theme.ACCENT),
                    subtitle=_(self.info.title))
        self._draw_code(surface)
        own, host_seat = self.handle.seat, self.handle.host_seat
        controlled = {w.rect.y for w in self.seat_rows}
        for s, info in enumerate(self.seats):
            r = self._row(s)
            if r.y in controlled:
                continue
            theme.draw_panel(surface, r, theme.PANEL_SOLID, theme.PANEL_EDGE)
            mark, colour = seat_mark(s, info, host_seat)
            room = r.w - 32 - (REMOVE_W + 12 if self.is_host and s != own and info.kind == "player" else 0)
            if mark:
                right = r.right - 16 - (REMOVE_W + 12 if room < r.w - 32 else 0)
                m = theme.draw_text(surface, mark, (right, r.centery), theme.BODY, colour, bold=True, anchor="midright")
                room = m.x - r.x - 28
            dim = info.kind == "open"
            theme.draw_text(surface, clip_text(seat_text(s, info, host_seat, own), room, theme.BODY),
                            (r.x + 16, r.centery), theme.BODY, theme.TEXT_DIM if dim else theme.TEXT, anchor="midleft")
        self.menu.draw(surface)
        if self.is_host and not self.main_button.enabled:
            text = clip_text(N_("Start once every seat is taken and every player is ready."), SEATS_W, theme.SMALL)
            theme.draw_text(surface, text, (SEATS_X, BUTTON_Y - 8), theme.SMALL, theme.TEXT_DIM, anchor="bottomleft")
        draw_hints(surface, "{move}: move   {leftright}: change option   {act}: select   {back}: leave", self.app)

    def _draw_code(self, surface: pygame.Surface) -> None:
        theme.draw_panel(surface, CODE_BOX, theme.PANEL_SOLID, theme.ACCENT)
        x = CODE_BOX.x + 24
        theme.draw_text(surface, "Table code", (x, CODE_BOX.y + 18), theme.BODY, theme.ACCENT, bold=True)
        theme.draw_text(surface, " ".join(self.handle.code), (CODE_BOX.centerx, CODE_BOX.y + 62), 84, theme.TEXT,
                        bold=True, anchor="midtop", shadow=True)
        y = CODE_BOX.y + 180
        if self.addresses:
            theme.draw_text(surface, "Friends join with the code and this address:", (x, y), theme.SMALL,
                            theme.TEXT_DIM)
            theme.draw_text(surface, clip_text("   ".join(self.addresses[:2]), CODE_BOX.w - 48, theme.LARGE),
                            (x, y + 28), theme.LARGE, theme.ACCENT, bold=True)
        else:
            draw_wrapped(surface, "Give the code to friends who join this table.", (x, y), CODE_BOX.w - 48,
                         theme.SMALL, theme.TEXT_DIM)
        if self.server is not None and self.server.announce_error:
            draw_wrapped(surface, "This table is not listed on the network: friends join by address and code.",
                         (CODE_BOX.x, CODE_BOX.bottom + 16), CODE_BOX.w, theme.SMALL, theme.ACCENT_2)
