""""Play with others": host a table for friends, or join one (opened from the select screen for the
games played by several people: Skyjo, Three Thirteen, Switch).

Host a table -> online_host.HostScene (the options and the seats), Join a table ->
online_join.JoinScene (the tables found on the network, or an address and a code). The row
"Local network" is the "LAN interfaces" setting: where tables are looked for and announced
(every network, or this computer only); $CARDGAMES_LAN_INTERFACES wins when it is set.
"""
from __future__ import annotations

import os

import pygame

from cardgames.engine.scene import Scene
from cardgames.games.info import GameInfo
from cardgames.i18n import N_, _
from cardgames.net import discovery
from cardgames.net.host import SETTING, lan_setting
from cardgames.scenes.common import backdrop, draw_header, draw_hints
from cardgames.ui import theme
from cardgames.ui.widgets import Button, Cycler, Menu, draw_wrapped

LAN_CHOICES = (("all", N_("Every network")), ("loopback", N_("This computer only")))
X, W = 300, 680


class OnlineScene(Scene):
    changes_by_itself = False
    announces_changes = True

    def __init__(self, app, info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        self.host_button = Button((X, 240, W, 64), N_("Host a table"), self.host, primary=True)
        self.join_button = Button((X, 324, W, 64), N_("Join a table"), self.join)
        value = lan_setting(app.settings)
        choices = LAN_CHOICES if value in dict(LAN_CHOICES) else (*LAN_CHOICES, (value, value))
        self.lan = Cycler((X, 420, W, 52), N_("Local network"), choices, value, self.set_lan)
        self.lan.enabled = not os.environ.get(discovery.ENV, "").strip()   # the environment decides
        self.back_button = Button((X, 580, W, 52), N_("Back"), self.back, px=theme.BODY + 2)
        self.menu = Menu([self.host_button, self.join_button, self.lan, self.back_button], on_back=self.back,
                         sound=getattr(app, "play_sound", None))

    def set_lan(self, value: str) -> None:
        self.app.settings[SETTING] = value
        self.app.save_settings()

    def host(self) -> None:
        from cardgames.scenes.online_host import HostScene
        self.stack.push(HostScene(self.app, self.info))

    def join(self) -> None:
        from cardgames.scenes.online_join import JoinScene
        self.stack.push(JoinScene(self.app, self.info))

    def back(self) -> None:
        self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def changing(self) -> bool:
        return super().changing() or self.menu.changing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        draw_header(surface, "Play with others", theme.GAME_COLOURS.get(self.info.name, theme.ACCENT),
                    subtitle=_(self.info.title))
        draw_wrapped(surface, "Host a table on this computer for friends on your network, or join a friend's "
                     "table. Computer players can fill the empty seats.", (X, 112), W, theme.BODY, theme.TEXT_DIM)
        note = (N_("Where tables are looked for and announced.") if self.lan.enabled else
                _("Set by {name} in the environment.").format(name=discovery.ENV))
        draw_wrapped(surface, note, (X + 8, 480), W - 16, theme.SMALL, theme.TEXT_DIM)
        self.menu.draw(surface)
        draw_hints(surface, "{move}: move   {leftright}: change option   {act}: select   {back}: back", self.app)
