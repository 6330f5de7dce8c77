"""Join a table: the tables found on the local network, or an address and a room code.

Left: the tables announced on this network (net/discovery.Browser, in threads of its own; the list
follows it live). The announcements never carry a table's code: choosing one fills in its address,
and the host reads the code aloud. When nothing is found after a few seconds the screen says why
that may be (a firewall, another network) and points to the address and code. Right: the address
(what the host's lobby shows, e.g. 192.168.1.20:8765, or a server's) and the code (upper case,
lobby.CODE_ALPHABET only), then Join: the connection is made in a thread of its own, then the
lobby (online_lobby.LobbyScene); a refusal is said in the player's words (net/texts.py).
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames.engine.scene import Scene
from cardgames.games import registry
from cardgames.games.info import GameInfo
from cardgames.i18n import N_, _
from cardgames.net import discovery
from cardgames.net.client import NetError, NetHandle
from cardgames.net.host import join_url
from cardgames.net.texts import error_text
from cardgames.scenes.common import backdrop, draw_header, draw_hints, play
from cardgames.scenes.online_common import (
    Job,
    TextField,
    address_letters,
    code_letters,
    edit_text,
    is_loopback_url,
    lan_interfaces,
    player_name,
    this_machine_only,
)
from cardgames.table import lobby
from cardgames.ui import controls, theme
from cardgames.ui.widgets import Button, Menu, clip_text, draw_wrapped

LIST = pygame.Rect(50, 112, 600, 470)
FORM_X, FORM_W = 700, 530
ROW_H, ROW_GAP, SHOWN = 54, 8, 6
SEARCH_SECONDS = 4.0        # then, with nothing found, say why that may be


def table_label(table: discovery.LanTable) -> str:
    info = registry.BY_NAME.get(table.game)
    game = _(info.title) if info is not None else table.game
    text = _("{host}: {game}, {open} of {seats} seats open").format(host=table.host, game=game,
                                                                    open=table.open_seats, seats=table.seats)
    return text if table.compatible else _("{table} (another version)").format(table=text)


def table_address(table: discovery.LanTable) -> str:
    return f"[{table.address}]:{table.port}" if ":" in table.address else f"{table.address}:{table.port}"


class JoinScene(Scene):
    changes_by_itself = False
    announces_changes = True

    @staticmethod
    def browse(lan: str) -> Any:
        """What finds the tables (a discovery.Browser; a test gives its own)."""
        return discovery.Browser(lan)

    def __init__(self, app, info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        self.name = player_name(app.settings)
        self.looked = 0.0             # seconds spent looking
        self.lan_error = ""
        self.browser: Any = None
        self.generation = -1
        self.tables: list[discovery.LanTable] = []
        self.finding = Job(lambda: self.browse(lan_interfaces(app)), "lan-browse-start")
        self.joining: Job | None = None
        self.error = ""
        saved = app.settings.get("join_address", "")
        self.address = TextField((FORM_X, 176, FORM_W, 50), N_("Address"), saved if isinstance(saved, str) else "",
                                 limit=120, placeholder="192.168.1.20:8765", keep=address_letters)
        self.code = TextField((FORM_X, 240, FORM_W, 64), N_("Table code"), "", limit=lobby.CODE_LENGTH,
                              placeholder="K7PQ3", keep=code_letters, px=theme.HEADING)
        self.join_button = Button((FORM_X, 330, FORM_W, 58), N_("Join"), self.join, primary=True)
        self.back_button = Button((FORM_X, 520, FORM_W, 52), N_("Back"), self.back, px=theme.BODY + 2)
        self.rows: list[Button] = []
        self.menu = Menu([], on_back=self.back, sound=getattr(app, "play_sound", None))
        self.build()
        self.menu.set_focus(self.address if not self.address.text else self.code)

    def build(self) -> None:
        focused = self.menu.focused
        self.rows = []
        for i, table in enumerate(self.tables[:SHOWN]):
            rect = (LIST.x + 16, LIST.y + 56 + i * (ROW_H + ROW_GAP), LIST.w - 32, ROW_H)
            label = clip_text(table_label(table), rect[2] - 24, theme.BODY, bold=True)   # a long host name: cut
            row = Button(rect, label, lambda t=table: self.pick(t), px=theme.BODY)
            row.enabled = table.compatible
            self.rows.append(row)
        self.menu.widgets = [*self.rows, self.address, self.code, self.join_button, self.back_button]
        if focused in self.menu.widgets:
            self.menu.set_focus(focused)
        else:
            self.menu.set_focus(self.rows[0] if self.rows and self.rows[0].enabled else self.address)

    # ------------------------------------------------------------------ actions
    def pick(self, table: discovery.LanTable) -> None:
        """A table from the list: its address; the code comes from the host."""
        self.address.text = table_address(table)
        self.menu.set_focus(self.code)

    def join(self) -> None:
        if self.joining is not None:
            return
        url = join_url(self.address.text)
        if url is None:
            self.error = _("Type the address the host's screen shows, such as 192.168.1.20:8765.")
            self.menu.set_focus(self.address)
            play(self.app, "invalid")
            return
        if len(self.code.text) != lobby.CODE_LENGTH:
            self.error = _("A table's code has {n} letters and digits.").format(n=lobby.CODE_LENGTH)
            self.menu.set_focus(self.code)
            play(self.app, "invalid")
            return
        self.error = ""
        if this_machine_only(self.app) and not is_loopback_url(url):   # tests and the monkey: never past loopback
            self.error = error_text("unreachable")
            return
        self.app.settings["join_address"] = self.address.text
        self.app.save_settings()
        code, name = self.code.text, self.name
        self.joining = Job(lambda: NetHandle.join(url, code, name), "online-join")

    def _joined(self) -> None:
        job, self.joining = self.joining, None
        if job.error is not None:
            play(self.app, "invalid")
            code = job.error.code if isinstance(job.error, NetError) else "unreachable"
            self.error = error_text(code)
            return
        from cardgames.scenes.online_lobby import LobbyScene
        handle = job.result
        info = registry.BY_NAME.get(handle.game or "", self.info)
        self.stack.push(LobbyScene(self.app, info, handle, None))
        self.code.text = ""

    def back(self) -> None:
        if self.joining is None:
            self.stack.pop()

    def on_exit(self) -> None:
        """Stop looking (closing waits on zeroconf: in a thread, not here)."""
        pygame.key.stop_text_input()
        finding, self.browser = self.finding, None

        def close() -> None:
            if finding.wait(30) and finding.result is not None:
                finding.result.close()
        Job(close, "lan-browse-stop")

    def on_enter(self) -> None:
        pygame.key.start_text_input()

    # ------------------------------------------------------------------ frame
    def handle_event(self, event: pygame.event.Event) -> None:
        if not edit_text(self, event):
            self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)
        self.looked += dt
        if self.browser is None and self.finding.done and not self.lan_error:
            if self.finding.error is not None:
                self.lan_error = _("Looking for tables on the network is not possible here ({error}).").format(
                    error=self.finding.error)
            else:
                self.browser = self.finding.result
        if self.browser is not None and self.browser.found.generation != self.generation:
            self.generation = self.browser.found.generation
            self.tables = self.browser.tables()
            self.build()
        if self.joining is not None and self.joining.done:
            self._joined()

    def needs_time(self) -> bool:
        return True      # the list follows the network

    def picture_key(self) -> Any:
        return (self.generation, self.looked >= SEARCH_SECONDS, self.joining is None, self.error, self.lan_error)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        draw_header(surface, "Join a table", theme.GAME_COLOURS.get(self.info.name, theme.ACCENT),
                    subtitle=_(self.info.title))
        theme.draw_panel(surface, LIST, theme.PANEL_SOLID, theme.PANEL_EDGE)
        theme.draw_text(surface, "Tables on this network", (LIST.x + 16, LIST.y + 14), theme.BODY, theme.ACCENT,
                        bold=True)
        inside = (LIST.x + 20, LIST.y + 64)
        if self.lan_error:
            draw_wrapped(surface, self.lan_error, inside, LIST.w - 40, theme.BODY, theme.ACCENT_2)
        elif not self.tables and self.looked < SEARCH_SECONDS:
            theme.draw_text(surface, "Looking for tables...", inside, theme.BODY, theme.TEXT_DIM)
        elif not self.tables:
            draw_wrapped(surface, discovery.NOTHING_FOUND, inside, LIST.w - 40, theme.BODY, theme.TEXT)
        elif len(self.tables) > SHOWN:
            theme.draw_text(surface, _("and {n} more").format(n=len(self.tables) - SHOWN),
                            (LIST.x + 20, LIST.bottom - 16), theme.SMALL, theme.TEXT_DIM, anchor="bottomleft")
        if self.tables:
            draw_wrapped(surface, "Choose a table, then type the code its host reads out.",
                         (LIST.x + 20, LIST.bottom - 60), LIST.w - 40, theme.SMALL, theme.TEXT_DIM)
        theme.draw_text(surface, "Join by address and code", (FORM_X, 128), theme.BODY, theme.ACCENT, bold=True)
        self.menu.draw(surface)
        if self.joining is not None:
            theme.draw_text(surface, "Joining...", (FORM_X, 404), theme.BODY, theme.TEXT_DIM)
        elif self.error:
            draw_wrapped(surface, self.error, (FORM_X, 404), FORM_W, theme.BODY, theme.ACCENT_2)
        keys = N_("Type the address and the code   {move}: move   {act}: select   Esc: back")
        pad = N_("{move}: move   {act}: select or letters   {back}: back")
        draw_hints(surface, controls.for_device(self.app, keys, pad=pad), self.app)
