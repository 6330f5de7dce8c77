"""Joining a table from the command line (`main.py --join ws://HOST:PORT --code CODE`): the line is
made, and while seats are still open this small screen says so; once the table starts, the game's
own screen replaces it (cardgames.net.play.open_online_game). Esc hangs up and goes to the select
screen. The lobby screens of "Play with others" are another module's; this is the direct way in
(for a player given an address and a code, and for testing two windows against one server).
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames import config
from cardgames import names as player_names
from cardgames.engine.scene import Scene
from cardgames.i18n import N_, said
from cardgames.table.lobby import Seats
from cardgames.ui import theme

W, H = config.CANVAS_SIZE
CANNOT_JOIN = N_("Could not join the table {code}: {reason}")


def own_name(settings: Any) -> str:
    """The name this player is shown by at a table: the first of their player names, else "Player"."""
    own = settings.get("player_names")
    first = player_names.clean(own[0]) if isinstance(own, list) and own else ""
    return first or "Player"


def join_scene(app: Any, url: str, code: str) -> Scene:
    """The scene `--join url --code code` opens: the game (its table started), a waiting screen (seats
    still open), or the select screen with a notice when the table cannot be joined."""
    from cardgames.net import play
    from cardgames.net.client import NetError, NetHandle
    try:
        handle = NetHandle.join(url, code.strip().upper(), own_name(app.settings))
    except NetError as exc:
        app.notify(said(CANNOT_JOIN, code=code, reason=exc.code))
        return app.screens.select()
    if handle.welcome is not None and handle.welcome.started:
        return play.open_online_game(app, handle)
    return JoinWait(app, handle)


class JoinWait(Scene):
    changes_by_itself = False
    announces_changes = True

    def __init__(self, app: Any, handle: Any) -> None:
        super().__init__(app)
        self.handle = handle
        self.pending: list[Any] = []
        self.seats = handle.welcome.seats if handle.welcome is not None else ()
        self.done = False

    def needs_time(self) -> bool:
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.done = True
            self.handle.close()
            self.stack.reset(self.app.screens.select())

    def update(self, dt: float) -> None:
        if self.done:
            return
        for msg in self.handle.receive():
            self.pending.append(msg)
            if isinstance(msg, Seats):
                self.seats = msg.seats
                if msg.started:
                    self.done = True
                    self.open_game()
                    return
        if self.handle.closed.is_set():
            from cardgames.ui.remote_line import ENDED, LOST
            self.done = True
            self.app.notify(ENDED.get(getattr(self.handle.error, "code", ""), LOST))
            self.stack.reset(self.app.screens.select())

    def open_game(self) -> None:
        from cardgames.net import play
        try:
            scene = play.open_online_game(self.app, self.handle, self.pending)
        except Exception:   # noqa: BLE001 - the line died as the game opened: told, never a crash
            self.handle.close()
            self.app.notify(said(CANNOT_JOIN, code=self.handle.code, reason="closed"))
            self.stack.reset(self.app.screens.select())
            return
        self.stack.replace(scene)

    def changing(self) -> bool:
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.PANEL_SOLID)
        theme.draw_text(surface, said("Table {code}", code=self.handle.code), (W // 2, 200), theme.HEADING,
                        theme.ACCENT, bold=True, anchor="midtop")
        theme.draw_text(surface, N_("Waiting for the other players to sit down…"), (W // 2, 290), theme.BODY,
                        theme.TEXT, anchor="midtop")
        for i, info in enumerate(self.seats):
            text = info.name if info.kind == "player" else (N_("computer") if info.kind == "computer" else N_("open"))
            theme.draw_text(surface, text, (W // 2, 350 + 36 * i), theme.BODY, theme.TEXT_DIM, anchor="midtop")
        theme.draw_text(surface, N_("Esc: back"), (W // 2, H - 60), theme.SMALL, theme.TEXT_DIM, anchor="midtop")
