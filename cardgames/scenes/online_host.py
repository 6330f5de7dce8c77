"""Host a table: the game's options, who sits at each seat, then the lobby.

Left: the game's own options (the rows of the select screen that change the rules), the number
of players, and the grace before a computer plays the seat of a player whose line dropped (0 to
120 s). Right: the seats; the first is the host's own, each other one open to a friend or a
computer player and its level. "Host" starts the game's own server (net/host.py: a table server
on this computer, announced on the local network) and joins it like any other player, in a
thread of its own (the screen goes on drawing); then the lobby (online_lobby.LobbyScene).
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames.engine.scene import Scene
from cardgames.games.info import GameInfo
from cardgames.i18n import N_, _
from cardgames.net.client import NetError, NetHandle
from cardgames.net.config import GRACE_DEFAULT, Config
from cardgames.net.host import DEFAULT_PORT, RECORDS, LocalHost
from cardgames.net.texts import error_text
from cardgames.scenes.common import backdrop, draw_header, draw_hints, play
from cardgames.scenes.game_options import menu_options, remembered_options
from cardgames.scenes.online_common import OPEN, Job, lan_interfaces, player_name, seat_choices, this_machine_only
from cardgames.table.games import spec as game_spec
from cardgames.ui import theme
from cardgames.ui.widgets import Button, Cycler, Label, Menu, clip_text, draw_wrapped

LEFT_X, LEFT_W, RIGHT_X, COL_W, TOP, ROW_H, ROW_GAP = 40, 610, 670, 570, 112, 44, 6
GRACES = (0, 10, 20, 30, 45, 60, 90, 120)
BUTTON_Y = 600


class HostScene(Scene):
    changes_by_itself = False
    announces_changes = True
    # where the game's own server listens (a headless app: 127.0.0.1) and whether it announces its table
    address = "0.0.0.0"
    port = DEFAULT_PORT
    announce = True
    config = Config()

    def __init__(self, app, info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        self.name = player_name(app.settings)
        remembered = remembered_options(app.settings, info)
        rules = set(game_spec(info.name).rules_keys)
        self.options = {spec.key: remembered[spec.key] for spec in menu_options(info) if spec.key in rules}
        level = remembered.get("level", "normal")
        self.kinds = [OPEN] + [OPEN if s == 1 else f"computer:{level}" for s in range(1, info.max_players)]
        self.players = int(remembered.get("players", info.min_players))
        self.grace = int(GRACE_DEFAULT)
        self.job: Job | None = None
        self.error = ""
        self.menu = Menu([], on_back=self.back, sound=getattr(app, "play_sound", None))
        self.build()

    # ------------------------------------------------------------------ widgets
    def _row(self, x: int, i: int) -> tuple[int, int, int, int]:
        return (x, TOP + i * (ROW_H + ROW_GAP), LEFT_W if x == LEFT_X else COL_W, ROW_H)

    def build(self) -> None:
        focused = self.menu.focused
        left: list[Any] = []
        for spec in menu_options(self.info):
            if spec.key in self.options:
                left.append(Cycler(self._row(LEFT_X, len(left)), spec.label, spec.choices, self.options[spec.key],
                                   lambda v, key=spec.key: self.options.__setitem__(key, v)))
        counts = tuple((n, str(n)) for n in range(self.info.min_players, self.info.max_players + 1))
        self.players_row = Cycler(self._row(LEFT_X, len(left)), N_("Players"), counts, self.players, self.set_players)
        graces = tuple((g, _("{n} s").format(n=g)) for g in GRACES)
        self.grace_row = Cycler(self._row(LEFT_X, len(left) + 1), N_("Wait for a dropped player"), graces,
                                self.grace, self.set_grace)
        left += [self.players_row, self.grace_row]
        self.you = Label(self._row(RIGHT_X, 0), _("Seat {n}: you ({name})").format(n=1, name=self.name),
                         colour=theme.ACCENT, bold=True)
        self.seat_rows = [Cycler(self._row(RIGHT_X, s), _("Seat {n}").format(n=s + 1), seat_choices(), self.kinds[s],
                                 lambda v, s=s: self.kinds.__setitem__(s, v)) for s in range(1, self.players)]
        self.host_button = Button((RIGHT_X, BUTTON_Y, 320, 58), N_("Host"), self.host, primary=True)
        self.back_button = Button((RIGHT_X + 340, BUTTON_Y, COL_W - 340, 58), N_("Back"), self.back, px=theme.BODY + 2)
        self.menu.widgets = [*left, self.you, *self.seat_rows, self.host_button, self.back_button]
        self.menu.set_focus(focused if focused in self.menu.widgets else self.host_button)
        if focused is not None and focused not in self.menu.widgets:
            self.menu.set_focus(next((w for w in self.menu.widgets if w.rect == focused.rect), self.players_row))

    def set_players(self, n: int) -> None:
        self.players = n
        self.build()

    def set_grace(self, g: int) -> None:
        self.grace = g

    def seats(self) -> list[str]:
        return self.kinds[:self.players]

    # ------------------------------------------------------------------ hosting
    def host(self) -> None:
        if self.job is not None:
            return
        self.error = ""
        seats, options, name, game = self.seats(), dict(self.options), self.name, self.info.name
        address = "127.0.0.1" if this_machine_only(self.app) else self.address
        server = LocalHost(lan_interfaces(self.app), name, address=address, port=self.port,
                           config=Config(**{**self.config.__dict__, "grace": float(self.grace)}), announce=self.announce,
                           records=self.app.storage.data_dir / RECORDS)

        def open_table() -> tuple[LocalHost, NetHandle]:
            url = server.start()
            try:
                handle = NetHandle.host(url, game, name, seats, options, seat=0, start_when="host")
                handle.hosted_here = True          # (the kept seat says so: Rejoin hosts it again)
                return server, handle
            except BaseException:
                server.stop()
                raise
        self.job = Job(open_table, "online-host")
        self.host_button.enabled = False

    def _hosted(self) -> None:
        job, self.job = self.job, None
        self.host_button.enabled = True
        if job.error is not None:
            play(self.app, "invalid")
            if isinstance(job.error, NetError):
                self.error = error_text(job.error.code)
            else:
                self.error = _("The table could not be opened on this computer ({error}).").format(error=job.error)
            return
        from cardgames.scenes.online_lobby import LobbyScene
        server, handle = job.result
        self.stack.push(LobbyScene(self.app, self.info, handle, server))

    def back(self) -> None:
        if self.job is None:
            self.stack.pop()

    # ------------------------------------------------------------------ frame
    def handle_event(self, event: pygame.event.Event) -> None:
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)
        if self.job is not None and self.job.done:
            self._hosted()

    def needs_time(self) -> bool:
        return self.job is not None

    def changing(self) -> bool:
        return super().changing() or self.job is not None

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        draw_header(surface, "Host a table", theme.GAME_COLOURS.get(self.info.name, theme.ACCENT),
                    subtitle=_(self.info.title))
        theme.draw_text(surface, "Options", (LEFT_X, TOP - 34), theme.BODY, theme.ACCENT, bold=True)
        theme.draw_text(surface, "Seats", (RIGHT_X, TOP - 34), theme.BODY, theme.ACCENT, bold=True)
        self.menu.draw(surface)
        grace = self.grace_row.rect
        draw_wrapped(surface, "Then a computer plays for them until they are back.", (grace.x + 16, grace.bottom + 8),
                     grace.w - 32, theme.SMALL, theme.TEXT_DIM)
        y = BUTTON_Y - 8
        if self.job is not None:
            theme.draw_text(surface, "Opening the table...", (RIGHT_X, y), theme.BODY, theme.TEXT_DIM,
                            anchor="bottomleft")
        elif self.error:
            draw_wrapped(surface, self.error, (LEFT_X, BUTTON_Y - 6), RIGHT_X - LEFT_X - 20, theme.SMALL + 1,
                         theme.ACCENT_2)
        else:
            text = clip_text(N_("Friends join from Play with others > Join a table."), COL_W, theme.SMALL)
            theme.draw_text(surface, text, (RIGHT_X, y), theme.SMALL, theme.TEXT_DIM, anchor="bottomleft")
        draw_hints(surface, "{move}: move   {leftright}: change option   {act}: select   {back}: back", self.app)
