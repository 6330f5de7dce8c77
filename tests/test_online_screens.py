"""The screens of "Play with others" (scenes/online_*.py), headless, over real sockets on 127.0.0.1:
host a table from the screen, friends join by code (NetHandles), the ready marks, Start, Remove,
a wrong code said in the player's language, the list of tables found (a browser of the test's
own: no multicast here), and a keyboard-only walk through the screens. Each test bounded in time."""
from __future__ import annotations

from typing import Any

import pygame
import pytest
from net_helpers import FAST, start_server
from scene_events import FRAME, key

from cardgames import i18n
from cardgames.app import headless_app
from cardgames.engine.scene import Scene
from cardgames.net import discovery, play
from cardgames.net.bots import wait_for
from cardgames.net.client import NetHandle
from cardgames.net.texts import error_text
from cardgames.scenes import online_join
from cardgames.scenes.online_host import HostScene
from cardgames.scenes.online_join import JoinScene
from cardgames.scenes.online_lobby import LobbyScene
from cardgames.scenes.online_start import OnlineScene
from cardgames.scenes.select import SelectScene

pytestmark = pytest.mark.timeout(90)


class Found:
    """A discovery.Browser stand-in: the tables the test says are there."""

    def __init__(self) -> None:
        self.found = discovery.FoundTables()
        self.closed = False

    def tables(self):
        return self.found.tables()

    def close(self) -> None:
        self.closed = True


class GameScreen(Scene):
    """What the fake cardgames.net.play opens: it keeps what it was given."""

    def __init__(self, app, handle, pending) -> None:
        super().__init__(app)
        self.handle, self.pending = handle, list(pending)


@pytest.fixture
def app(tmp_path, monkeypatch, request):
    monkeypatch.setattr(HostScene, "address", "127.0.0.1")
    monkeypatch.setattr(HostScene, "port", 0)
    monkeypatch.setattr(HostScene, "announce", False)
    monkeypatch.setattr(HostScene, "config", FAST)
    browsers: list[Found] = []
    monkeypatch.setattr(JoinScene, "browse", staticmethod(lambda lan: browsers.append(Found()) or browsers[-1]))
    if "real_game" not in request.keywords:
        monkeypatch.setattr(play, "open_online_game", lambda app, handle, pending: GameScreen(app, handle, pending))
    app = headless_app(tmp_path)
    app.settings["player_names"] = ["Asha"]
    app.browsers = browsers
    yield app
    for scene in list(app.stack.scenes):     # hang up: the lobby stops the server it started
        scene.on_exit()
    i18n.set_language("en")


def run_until(app, predicate, seconds: float = 15.0) -> bool:
    for _ in range(int(seconds / FRAME)):
        if predicate():
            return True
        app.step(FRAME)
        pygame.time.wait(1)       # the network threads' turn
    return predicate()


def typed(app, text: str) -> None:
    app.step(FRAME, [pygame.event.Event(pygame.TEXTINPUT, {"text": text})])


def open_screen(app, scene) -> Any:
    app.stack.push(scene)
    app.step(FRAME)
    return scene


def hosted_lobby(app, players: int = 3) -> LobbyScene:
    host = open_screen(app, HostScene(app, app_info("skyjo")))
    host.set_players(players)
    host.host_button.activate()
    assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    return app.stack.top


def drawn_now(scene, drawn: list) -> list:
    """What `scene` draws now (the text caches emptied: every string rendered again)."""
    from cardgames.ui import theme
    theme._texts.clear()
    drawn.clear()
    scene.draw(pygame.Surface((1280, 720)))
    return drawn


def app_info(name: str):
    from cardgames.games import registry
    return registry.BY_NAME[name]


def test_the_select_screen_offers_play_with_others_for_the_games_played_together(app):
    for game in ("skyjo", "three_thirteen", "switch"):
        select = SelectScene(app, game)
        assert select.online_button is not None and select.online_button.enabled
        assert select.online_button in select.menu.widgets
    assert SelectScene(app, "tripeaks").online_button is None


def test_a_table_hosted_from_the_screen_friends_join_get_ready_are_removed_and_start(app, drawn):
    lobby = hosted_lobby(app, players=4)
    assert lobby.is_host and lobby.handle.seat == 0 and len(lobby.handle.code) == 5
    assert [s.kind for s in lobby.seats] == ["player", "open", "computer", "computer"]
    url = f"ws://127.0.0.1:{lobby.server.port}"
    assert lobby.addresses == [f"127.0.0.1:{lobby.server.port}"]
    app.step(FRAME)
    assert " ".join(lobby.handle.code) in drawn                        # the code, large, to read aloud
    ravi = NetHandle.join(url, lobby.handle.code, "Ravi")
    assert run_until(app, lambda: lobby.seats[1].kind == "player")
    assert not lobby.main_button.enabled                              # Ravi is not ready yet
    assert "2. Ravi" in drawn_now(lobby, drawn) and "not ready" in drawn
    ravi.ready(True)
    assert run_until(app, lambda: lobby.seats[1].ready and lobby.main_button.enabled)
    assert "ready" in drawn_now(lobby, drawn) and "not ready" not in drawn
    # the host gives seat 3 to a friend, who joins, and is removed
    seat3 = next(w for w in lobby.seat_rows if "3" in w.label)
    while seat3.value != "away":
        seat3.adjust(-1)
    assert run_until(app, lambda: lobby.seats[2].kind == "open")
    assert not lobby.main_button.enabled                              # a seat is open
    mala = NetHandle.join(url, lobby.handle.code, "Mala")
    assert run_until(app, lambda: lobby.seats[2].kind == "player")
    remove = next(b for b in lobby.remove_buttons if b.rect.y == lobby._row(2).y)
    remove.activate()
    assert wait_for(mala.closed.is_set, 10) and mala.error.code == "removed"
    assert run_until(app, lambda: lobby.seats[2].kind == "open")
    seat3 = next(w for w in lobby.seat_rows if "3" in w.label)
    seat3.adjust(+1)                                                   # a computer again
    assert run_until(app, lambda: lobby.seats[2].kind == "computer" and lobby.main_button.enabled)
    lobby.main_button.activate()
    assert run_until(app, lambda: isinstance(app.stack.top, GameScreen))
    game = app.stack.top
    assert game.handle is lobby.handle and game.handle.seat == 0
    ravi.close()


@pytest.mark.real_game
@pytest.mark.own_line       # the line is a NetHandle: neither local nor wire
def test_the_host_starts_and_the_real_game_opens_at_every_screen_on_its_own_seat(app):
    """The lobby hands its line to the game's own scene (net/play.open_online_game): the host's
    screen plays seat 0 of the table on its own server, the friend's line is sent seat 1's deal."""
    from cardgames.games.skyjo.scene import SkyjoScene
    from cardgames.table.messages import Update
    lobby = hosted_lobby(app, players=3)
    ravi = NetHandle.join(f"ws://127.0.0.1:{lobby.server.port}", lobby.handle.code, "Ravi")
    assert run_until(app, lambda: lobby.seats[1].kind == "player")
    ravi.ready(True)
    assert run_until(app, lambda: lobby.main_button.enabled)
    lobby.main_button.activate()
    assert run_until(app, lambda: isinstance(app.stack.top, SkyjoScene)), [type(s).__name__ for s in app.stack.scenes]
    game = app.stack.top
    assert game.host is None and game.viewer == 0 and game.humans == (0,)
    assert game.player_name(1) == "Ravi"                                # the friend by name, not a computer's
    assert run_until(app, lambda: bool(game.seen) and game.latest().seat == 0)
    got: list = []
    assert wait_for(lambda: got.extend(m for m in ravi.receive() if isinstance(m, Update)) or
                    any(m.seat == 1 for m in got), 10)
    assert {m.seat for m in got} == {1}                                 # Ravi is sent his seat only
    ravi.close()


@pytest.mark.real_game
@pytest.mark.own_line
def test_a_game_hosted_here_and_quit_is_hosted_again_where_it_was_with_the_same_seats(app):
    """The host's game keeps its tables' records (net/host RECORDS in the data folder): after the
    host quits mid-game, Rejoin hosts the table again and every player takes their seat back."""
    from cardgames.games.skyjo.scene import SkyjoScene
    from cardgames.net import seat_token
    lobby = hosted_lobby(app, players=3)
    ravi = NetHandle.join(f"ws://127.0.0.1:{lobby.server.port}", lobby.handle.code, "Ravi")
    assert run_until(app, lambda: lobby.seats[1].kind == "player")
    ravi.ready(True)
    assert run_until(app, lambda: lobby.main_button.enabled)
    lobby.main_button.activate()
    assert run_until(app, lambda: isinstance(app.stack.top, SkyjoScene) and bool(app.stack.top.seen))
    code, before = lobby.handle.code, app.stack.top.latest().moves
    assert seat_token.load(app.storage)["hosted"]
    app.stack.reset(SelectScene(app, "skyjo"))          # the host quits: the game's server stops
    app.stack.apply_pending()
    assert wait_for(ravi.closed.is_set, 10) and ravi.error.code == "closing"
    game = play.rejoin_saved(app)
    assert isinstance(game, SkyjoScene) and game.own_server is not None
    app.stack.push(game)
    assert run_until(app, lambda: app.stack.top is game and bool(game.seen))
    assert game.viewer == 0 and game.remote.handle.code == code and game.latest().moves >= before
    back = NetHandle.join(f"ws://127.0.0.1:{game.own_server.port}", code, token=ravi.token)
    assert back.seat == 1                                                # Ravi's token: his seat again
    app.stack.reset(SelectScene(app, "skyjo"))          # the host goes again: the server with it
    app.stack.apply_pending()
    assert wait_for(back.closed.is_set, 10) and back.error.code == "closing"


def test_the_host_leaving_the_lobby_ends_the_table_for_everyone(app):
    lobby = hosted_lobby(app)
    ravi = NetHandle.join(f"ws://127.0.0.1:{lobby.server.port}", lobby.handle.code, "Ravi")
    assert run_until(app, lambda: lobby.seats[1].kind == "player")
    key(app, pygame.K_ESCAPE)
    assert wait_for(ravi.closed.is_set, 15) and ravi.error.code == "closing"
    assert run_until(app, lambda: isinstance(app.stack.top, HostScene))


def test_a_player_removed_sees_why_in_their_language(app):
    server = start_server()
    try:
        host = NetHandle.host(server.url, "skyjo", "Host", ["away", "away"], start_when="host")
        i18n.set_language("te")
        join = open_screen(app, JoinScene(app, app_info("skyjo")))
        join.address.text, join.code.text = f"127.0.0.1:{server.port}", host.code
        join.join_button.activate()
        assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
        lobby = app.stack.top
        assert not lobby.is_host and lobby.main_button.text == "I'm ready"
        lobby.main_button.activate()
        assert wait_for(lambda: any(getattr(m, "seats", (None, None))[1] is not None and m.seats[1].ready
                                    for m in host.receive(0.2)), 10)
        host.remove(1)
        assert run_until(app, lambda: isinstance(app.stack.top, JoinScene))
        said = [t[0] for t in app.toasts.queue]
        assert error_text("removed") in said
        i18n.set_language("en")
        assert error_text("removed") not in said                       # it was the Telugu sentence
        host.close()
    finally:
        server.stop()


def test_a_wrong_code_is_said_in_the_players_language(app):
    server = start_server()
    try:
        i18n.set_language("ta")
        join = open_screen(app, JoinScene(app, app_info("switch")))
        join.address.text = f"127.0.0.1:{server.port}"
        join.menu.set_focus(join.code)
        typed(app, "zz0z1z")                 # lower case, and 0 and 1 (not in a code): kept as ZZZZ
        assert join.code.text == "ZZZZ"
        join.join_button.activate()
        assert join.joining is None and "5" in join.error            # too short: said before any connection
        typed(app, "q")
        join.join_button.activate()
        assert run_until(app, lambda: join.joining is None and join.error)
        assert join.error == error_text("no_table")
        i18n.set_language("en")
        assert join.error != error_text("no_table")                   # it was the Tamil sentence
    finally:
        server.stop()


def test_the_list_follows_the_network_and_says_why_when_nothing_is_found(app, drawn):
    join = open_screen(app, JoinScene(app, app_info("skyjo")))
    assert run_until(app, lambda: join.browser is not None)
    app.step(FRAME)
    assert "Looking for tables..." in drawn and join.rows == []
    run_until(app, lambda: False, online_join.SEARCH_SECONDS + 0.2)
    assert any("firewall" in s for s in drawn_now(join, drawn))                         # why, and the other way
    table = discovery.LanTable("Ravi skyjo ab12cd", "192.168.1.20", 8765, "skyjo", 2, 4, "Ravi", 1)
    join.browser.found.set(table.name, table)
    assert run_until(app, lambda: len(join.rows) == 1)
    assert join.rows[0].text == "Ravi: Skyjo, 2 of 4 seats open"
    join.rows[0].activate()
    assert join.address.text == "192.168.1.20:8765" and join.menu.focused is join.code
    join.browser.found.set(table.name, None)                            # its goodbye
    assert run_until(app, lambda: join.rows == [])
    browser = join.browser
    key(app, pygame.K_ESCAPE)
    assert wait_for(lambda: browser.closed, 5)


def test_a_keyboard_alone_hosts_leaves_and_joins(app):
    server = start_server()
    try:
        table = NetHandle.host(server.url, "switch", "Ravi", ["away", "away"], start_when="host")
        select = open_screen(app, SelectScene(app, "skyjo"))
        assert run_until(app, lambda: True, 0.1)
        for _ in range(40):                          # Tab along to "Play with others..."
            if select.menu.focused is select.online_button:
                break
            key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN)
        app.step(FRAME)
        online = app.stack.top
        assert isinstance(online, OnlineScene) and online.menu.focused is online.host_button
        key(app, pygame.K_RETURN)                   # Host a table
        app.step(FRAME)
        host = app.stack.top
        assert isinstance(host, HostScene)
        assert host.menu.focused is host.host_button
        key(app, pygame.K_RETURN)
        assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
        key(app, pygame.K_ESCAPE)                   # leave: the table ends
        app.step(FRAME)
        assert app.stack.top is host
        key(app, pygame.K_ESCAPE)
        app.step(FRAME)
        assert app.stack.top is online
        key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)                   # Join a table
        app.step(FRAME)
        join = app.stack.top
        assert isinstance(join, JoinScene) and join.menu.focused is join.address
        typed(app, f"127.0.0.1:{server.port}")
        key(app, pygame.K_RETURN)                   # on to the code
        assert join.menu.focused is join.code
        typed(app, table.code.lower())
        key(app, pygame.K_RETURN)                   # on to Join
        key(app, pygame.K_RETURN)
        assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
        lobby = app.stack.top
        assert lobby.info.name == "switch" and lobby.menu.focused is lobby.main_button
        key(app, pygame.K_RETURN)                   # I'm ready
        assert run_until(app, lambda: lobby.seats and lobby.seats[1].ready)
        table.start()
        assert run_until(app, lambda: isinstance(app.stack.top, GameScreen))
        table.close()
    finally:
        server.stop()


# ---------------------------------------------------------------------- every language fits
def cycler_fits(c) -> bool:
    from cardgames.ui import theme
    f, bold = theme.font(c.px), theme.font(c.px, True)
    widest = max(theme.text_width(bold, i18n.tr(text)) for _v, text in c.choices)
    box = c._value_box()
    label = theme.text_width(f, i18n.tr(c.label))
    return widest + 2 * 30 <= box.w and c.rect.x + 16 + label + 8 <= box.x


def field_fits(field) -> bool:
    """A text field's label whole, and drawn inside the focus ring (seen in real windows: against it)."""
    from cardgames.ui import theme
    surface = pygame.Surface((field.rect.right + 10, field.rect.bottom + 10))
    field.draw(surface, True)
    left = field.rect.x + 6             # the first columns of the row: the ring's, never the label's
    touched = any(surface.get_at((x, y))[:3] != (0, 0, 0) for x in range(field.rect.x, left)
                  for y in range(field.rect.y + 8, field.rect.bottom - 8))
    return theme.text_width(theme.font(theme.BODY), i18n.tr(field.label)) <= field.label_room() and not touched


def button_fits(b) -> bool:
    from cardgames.ui import theme
    return theme.text_width(theme.font(b.fitted_px(), True), i18n.tr(b.text)) <= b.rect.w - 12


@pytest.mark.parametrize("lang", ("en", "ta", "te", "kn"))
def test_every_row_and_button_of_the_online_screens_fits_in_every_language(app, lang):
    from cardgames.scenes.online_common import TextField
    from cardgames.ui.widgets import Button, Cycler
    i18n.set_language(lang)
    server = start_server()
    try:
        screens = [OnlineScene(app, app_info("skyjo"))]
        for game in ("skyjo", "three_thirteen", "switch"):
            host = HostScene(app, app_info(game))
            host.set_players(host.info.max_players)
            screens.append(host)
        join = JoinScene(app, app_info("skyjo"))
        join.tables = [discovery.LanTable("n", "192.168.1.20", 8765, "three_thirteen", 7, 8, "Wwwwwwwwwwwwwwwwwwwwwwww", 1)]
        join.build()
        screens.append(join)
        line = NetHandle.host(server.url, "skyjo", "Asha", ["away", "away", "away", "computer:hard"], start_when="host")
        guest = NetHandle.join(server.url, line.code, "Ravi")
        lobby = LobbyScene(app, app_info("skyjo"), line)
        assert run_until(app, lambda: (lobby.update(FRAME), lobby.seats[1].kind == "player")[1])
        screens.append(lobby)
        for scene in screens:
            for w in scene.menu.widgets:
                if isinstance(w, Cycler):
                    assert cycler_fits(w), (lang, type(scene).__name__, w.label)
                elif isinstance(w, Button):
                    assert button_fits(w), (lang, type(scene).__name__, w.text)
                elif isinstance(w, TextField):
                    assert field_fits(w), (lang, type(scene).__name__, w.label)
        guest.close()
        line.close()
    finally:
        server.stop()


def test_a_gamepad_types_the_code_with_the_letter_picker_and_joins(app):
    from virtual_pad import VirtualPad

    from cardgames.ui.letter_picker import LetterPicker
    server = start_server()
    try:
        table = NetHandle.host(server.url, "three_thirteen", "Ravi", ["away", "away"], start_when="host")
        pygame.event.clear()
        with VirtualPad() as pad:
            VirtualPad.frame(app, 2)
            join = open_screen(app, JoinScene(app, app_info("skyjo")))
            join.address.text = f"127.0.0.1:{server.port}"
            join.menu.set_focus(join.code)
            pad.press(app, "a")                                  # A on a text field: the letter picker
            pad.frame(app, 2)
            picker = app.stack.top
            assert isinstance(picker, LetterPicker) and picker.target is join.code
            for letter in table.code:                            # the pad picks each letter
                picker.menu.set_focus(next(k for k in picker.keys if k.text == letter))
                pad.press(app, "a")
            assert join.code.text == table.code
            picker.done()
            pad.frame(app, 2)
            assert app.stack.top is join
            pad.press(app, "dpad_down")                          # down to Join
            assert join.menu.focused is join.join_button
            pad.press(app, "a")
            assert run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
            lobby = app.stack.top
            pad.press(app, "a")                                  # I'm ready
            assert run_until(app, lambda: lobby.seats[1].ready)
            pad.press(app, "b")                                  # B: leave the table
            assert run_until(app, lambda: app.stack.top is join)
        table.close()
    finally:
        server.stop()


def test_quitting_the_game_in_the_lobby_tells_the_others_the_table_ended(app):
    lobby = hosted_lobby(app)
    ravi = NetHandle.join(f"ws://127.0.0.1:{lobby.server.port}", lobby.handle.code, "Ravi")
    assert run_until(app, lambda: lobby.seats[1].kind == "player")
    serving = lobby.server.thread._thread
    lobby.on_exit()                      # what the app does to every scene as it ends
    assert not serving.is_alive()        # stopped before the app goes on to end
    assert wait_for(ravi.closed.is_set, 5) and ravi.error.code == "closing"


def test_a_headless_app_never_reaches_past_this_computer(app, monkeypatch):
    """Tests, benches and the monkey run headless: whatever they press, the game's own server listens
    on 127.0.0.1, discovery looks on loopback only, and no address but loopback is joined."""
    from cardgames.scenes import online_common
    monkeypatch.setattr(HostScene, "address", "0.0.0.0")        # what a real window uses
    assert online_common.lan_interfaces(app) == "loopback"
    lobby = hosted_lobby(app)
    assert lobby.server.address == "127.0.0.1" and lobby.server.lan == "loopback"
    join = open_screen(app, JoinScene(app, app_info("skyjo")))
    join.address.text, join.code.text = "192.0.2.1:8765", "K7PQ3"
    join.join_button.activate()
    assert join.joining is None and join.error == error_text("unreachable")
    join.address.text = "localhost:1"
    join.join_button.activate()
    assert join.joining is not None                                # loopback: it tries
    assert run_until(app, lambda: join.joining is None)
    assert join.error == error_text("unreachable")
