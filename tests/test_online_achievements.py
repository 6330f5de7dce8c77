"""Achievements in online games (issue 25): real Switch games through a server on 127.0.0.1 (a
ServerThread in this process), this screen's seat played through its own game scene (net/play.
open_online_game), the other players scripted NetHandles in the test's own loop (so every game is
the same on any machine: the table's seed is fixed, nothing is random, nobody races a clock).

Earned: the online page's own (a finished game, a win, a win at three players, a rematch, a catch
of another player) and the games' own, marked earned online. Not earned: at a table of computers
only, nor once the other player left (a computer plays for them), nor in a game rejoined midway.
"""
from __future__ import annotations

import json

import pygame
import pytest
from net_helpers import FAST, online_app, start_server
from scene_events import FRAME, key, settle, table_app

from cardgames import achievements, records
from cardgames.achievements import ACHIEVEMENTS, BY_ID, Book, checks
from cardgames.achievements.book import FILE
from cardgames.core.events import Announced
from cardgames.games.switch import rules as sw
from cardgames.i18n import tr
from cardgames.net.bots import wait_for
from cardgames.net.client import NetHandle
from cardgames.net.config import Config
from cardgames.net.play import open_online_game, rejoin_saved
from cardgames.table import lobby
from cardgames.table.lobby import SeatInfo
from cardgames.table.messages import Result, Update

pytestmark = [pytest.mark.timeout(120), pytest.mark.own_line]   # the line is a NetHandle
SEED = 11             # a deal this screen wins against one drawer (19 moves) ...
SEED_THREE = 3        # ... and against two (30 moves)
SEED_CATCH = 3        # a deal where the shedder is left with one card, uncalled, at move 12
ONLINE_IDS = {"on_game", "on_win", "on_full_table", "on_again", "on_catch"}


@pytest.fixture
def server():
    # a long grace (a quick rejoin is not a computer's); a catch window of 1.5 s whatever the round trip
    # (longer than FAST's 0.75 s: a loaded machine still catches; the next player's move waits for it)
    srv = start_server(Config(**{**FAST.__dict__, "grace": 60.0, "catch_base": 1.5, "catch_cap": 1.5}))
    srv.server.seeds = lambda: SEED
    yield srv
    srv.stop()


@pytest.fixture
def app(tmp_path, monkeypatch):
    return online_app(tmp_path, monkeypatch)


def parse(text):
    return sw.parse_action(text)


def kinds(legal, *wanted):
    return [a for a in legal if parse(a).kind in wanted]


def drawer(legal):
    """Draws (or takes, or passes) whenever it may: plays only when it must."""
    return (kinds(legal, sw.K_DRAW, sw.K_TAKE, sw.K_PASS) or kinds(legal, sw.K_PLAY) or legal)[0]


def shedder(legal):
    """Plays a card whenever it can and never calls "last card"."""
    return (kinds(legal, sw.K_PLAY) or kinds(legal, sw.K_DRAW, sw.K_TAKE, sw.K_PASS) or legal)[0]


def winner(legal):
    """Calls "last card" when it may, else plays, else draws."""
    return (kinds(legal, sw.K_CALL) or kinds(legal, sw.K_PLAY) or legal)[0]


class Friend:
    """Another person at another screen, scripted: a NetHandle playing `policy` from what it is sent,
    stepped by the test (it moves only once this screen has seen the position it moves from)."""

    def __init__(self, line, policy):
        self.line, self.policy = line, policy
        self.latest = None
        self.acted = None

    def step(self, scene):
        for msg in self.line.receive():
            if isinstance(msg, Update) and msg.seat == self.line.seat and msg.refusal is None:
                self.latest = msg
        msg = self.latest
        if msg is None or msg.result is not None or not msg.legal or self.acted == msg.moves:
            return
        if scene.latest().moves < msg.moves or scene.animator.busy:
            return
        self.acted = msg.moves
        self.line.act(msg.seat, self.policy(msg.legal), after=msg.moves)


def open_table(server, app, friends=(drawer,), computers=()):
    """This screen hosts a Switch table; a scripted friend takes each open seat; the scene opens."""
    seats = ["away"] * (1 + len(friends)) + [f"computer:{level}" for level in computers]
    me = NetHandle.host(server.url, "switch", "Me", seats)
    others = [Friend(NetHandle.join(server.url, me.code, f"Friend {i + 1}"), policy)
              for i, policy in enumerate(friends)]
    got = []
    assert wait_for(lambda: (got.extend(me.receive()), any(isinstance(m, lobby.Seats) and m.started
                                                           for m in got))[1], 10), got
    scene = open_online_game(app, me, got)
    app.stack.push(scene)
    app.stack.apply_pending()
    return me, others, scene


def play(app, scene, friends, policy=winner, catch=False, until=None, seconds=90.0):
    """Frames, this screen's moves (`policy`; `catch`: catch whoever may be caught) and the friends'
    moves until the game is over (or `until()`)."""
    import time
    end = time.monotonic() + seconds
    done = until or (lambda: scene.over)
    while not done():
        assert time.monotonic() < end, f"the game did not end: {scene.latest().moves} moves"
        app.step(FRAME)
        if app.stack.top is not scene or scene.animator.busy or scene.over:
            continue
        latest = scene.latest()
        catches = kinds(latest.out_of_turn, sw.K_CATCH)
        if catch and catches:
            assert scene.act(parse(catches[0]))
        elif scene.human_turn and latest.legal:
            assert scene.act(parse(policy(latest.legal)))
        for friend in friends:
            friend.step(scene)


def earned(app):
    return {a.id for a in ACHIEVEMENTS if Book(app.storage).unlocked(a.id)}


def online_marked(app):
    return {a.id for a in ACHIEVEMENTS if Book(app.storage).online_when(a.id) is not None}


# ---------------------------------------------------------------- earned
def test_a_won_game_against_another_player_earns_the_online_ones_and_marks_the_games_own(server, app):
    me, friends, scene = open_table(server, app)
    assert scene.from_the_deal and achievements.counts(scene)
    play(app, scene, friends)
    settle(app, 1.0)
    assert scene.latest().result.winners == (0,)
    got = earned(app)
    assert {"on_game", "on_win", "sw_win"} <= got                       # the online page's own, and Switch's
    assert not {"on_full_table", "on_again", "on_catch"} & got          # two players; one game; no catch
    assert {"on_game", "on_win", "sw_win"} <= online_marked(app)         # the games' own tagged "Online"
    assert any(tr(BY_ID["on_win"].name) in t for t in app.told)          # the toast
    assert records.load(app.storage, "switch")["modes"][records.ONLINE]["games"] == 1   # (statistics: as before)
    me.close()


def test_a_win_at_a_table_of_three_players_is_a_full_table(server, app):
    server.server.seeds = lambda: SEED_THREE
    me, friends, scene = open_table(server, app, friends=(drawer, drawer))
    assert scene.players == 3
    play(app, scene, friends)
    settle(app, 1.0)
    assert scene.latest().result.winners == (0,)
    assert {"on_game", "on_win", "on_full_table"} <= earned(app)
    me.close()


def test_a_second_game_at_the_same_table_after_play_again_is_a_rematch(server, app):
    me, friends, scene = open_table(server, app)
    play(app, scene, friends)
    settle(app, 2.0)
    assert "on_game" in earned(app) and "on_again" not in earned(app)   # one game is not a rematch
    summary = app.stack.top
    assert type(summary).__name__ == "SwitchSummary"
    server.call(lambda: setattr(server.server.rooms[me.code].table, "_seeds", lambda: SEED))   # the same new deal always
    friends[0].line.again()
    key(app, pygame.K_RETURN)                       # "Play again": everyone has asked, a new deal
    assert wait_for(lambda: (settle(app, 0.05), not scene.over and app.stack.top is scene)[1], 10)
    assert scene.from_the_deal
    friends[0].acted = friends[0].latest = None
    play(app, scene, friends)
    settle(app, 1.0)
    assert "on_again" in earned(app)
    me.close()


def test_catching_another_player_across_the_network(server, app):
    server.server.seeds = lambda: SEED_CATCH
    me, friends, scene = open_table(server, app, friends=(shedder,))
    caught = lambda: any(a.startswith("0 catch") for a in scene.actions)
    play(app, scene, friends, policy=drawer, catch=True, until=caught)
    settle(app, 0.5)
    assert {"on_catch", "sw_catch"} <= earned(app) and "sw_catch" in online_marked(app)
    assert not scene.over and "on_game" not in earned(app)
    me.close()


# ---------------------------------------------------------------- not earned
def test_a_table_of_computers_only_gives_none_of_the_online_ones(server, app):
    """Hosting a table against computers is a local game by another road: the games' own
    achievements as locally (marked online), none of the online page's."""
    me, _none, scene = open_table(server, app, friends=(), computers=("easy",))
    assert scene.players == 2 and scene.is_computer(1)
    play(app, scene, [])
    settle(app, 1.0)
    assert scene.latest().result.winners == (0,)    # (this deal is this screen's against an easy computer)
    assert not ONLINE_IDS & earned(app)
    assert "sw_win" in earned(app) and "sw_win" in online_marked(app)
    me.close()


def test_a_friend_who_left_counts_as_the_computer_that_plays_for_them(server, app):
    """The same person at two screens, the second leaving at once: a computer plays that seat, so
    the table is the host's and computers': nothing of the online page."""
    me, friends, scene = open_table(server, app)
    friends[0].line.leave()
    assert wait_for(lambda: (settle(app, 0.05), scene.seat_marks.get(1) == "computer")[1], 10)
    play(app, scene, [])
    settle(app, 1.0)
    assert not ONLINE_IDS & earned(app)
    me.close()


def test_a_game_rejoined_midway_earns_nothing(server, app, tmp_path):
    """A game this screen did not see from its deal may have been played by a computer for a while:
    no achievement, though it is won (its statistics count it, under Online)."""
    me, friends, scene = open_table(server, app)
    play(app, scene, friends, until=lambda: len(scene.actions) >= 4)
    me.close()                                      # the game crashed: the line is gone, the token kept
    second = table_app(tmp_path)                    # the game started again, the same data folder
    second.notify = lambda text, *a, **k: None
    again = rejoin_saved(second)
    assert again is not None and again.online and not again.from_the_deal
    assert not achievements.counts(again)
    second.stack.push(again)
    second.stack.apply_pending()
    play(second, again, friends)
    settle(second, 1.0)
    assert again.latest().result.winners == (0,)
    assert earned(second) == set() and online_marked(second) == set()
    assert records.load(second.storage, "switch")["modes"][records.ONLINE]["games"] == 1
    again.remote.handle.close()


# ---------------------------------------------------------------- the checks alone, the book, the screen
def seats(*kinds_):
    """The table's seats as told: "player", "computer", or "gone" (a player a computer plays for)."""
    return tuple(SeatInfo("player", computer_plays=True) if k == "gone" else SeatInfo(k) for k in kinds_)


def move(seat_infos, events=(), ended=None, memory=None):
    return checks.Move("switch", 0, None, None, None, tuple(events), {} if memory is None else memory,
                       online=True, seats=seat_infos, ended=ended)


def test_the_online_checks_read_only_the_seats_and_the_result_every_seat_is_told():
    from cardgames.achievements.online import check
    won, lost = Result((0, 5, 9), (0,)), Result((5, 0, 9), (1,))
    assert check(move(seats("player", "player", "computer"), ended=won)) == ["on_game", "on_win"]
    assert check(move(seats("player", "player", "player"), ended=won)) == ["on_game", "on_win", "on_full_table"]
    assert check(move(seats("player", "player", "gone"), ended=won)) == ["on_game", "on_win"]   # 2 people
    assert check(move(seats("player", "player"), ended=lost)) == ["on_game"]
    assert check(move(seats("player", "computer", "gone"), ended=won)) == []     # no other person at the table
    assert check(move(seats("player", "player"), ended=Result((0, 5), (0,), resigned=(0,)))) == []
    memory = {}
    assert "on_again" not in check(move(seats("player", "player"), ended=lost, memory=memory))
    assert "on_again" in check(move(seats("player", "player"), ended=lost, memory=memory))   # the second game
    caught = lambda target: Announced("caught", seat=target, value=0)   # seat: the caught; value: by whom
    assert check(move(seats("player", "player", "computer"), [caught(1)])) == ["on_catch"]
    assert check(move(seats("player", "player", "computer"), [caught(2)])) == []   # a computer caught
    assert check(move(seats("player", "gone", "player"), [caught(1)])) == []       # ... or one playing for a player


def test_an_old_book_without_online_marks_loads_as_it_was(tmp_path):
    from cardgames.storage import Storage
    (tmp_path / FILE).write_text(json.dumps({"version": 1, "kind": "achievements", "data": {
        "unlocked": {"sw_win": "2026-11-30"}, "tutorials": {"switch": "finished"}}}))
    storage = Storage(tmp_path)
    book = Book(storage)
    assert book.when("sw_win") == "2026-11-30" and book.online_when("sw_win") is None
    assert book.tutorial_state("switch") == "finished" and not storage.notices
    assert book.unlock(["sw_win", "on_game"], online=True) == ["on_game"]   # earned before: not new, marked online
    again = Book(Storage(tmp_path))
    assert again.when("sw_win") == "2026-11-30" and again.online_when("sw_win") is not None
    assert again.online_when("on_game") is not None


def test_the_screen_has_an_online_page_and_tags_the_games_own_earned_online(tmp_path):
    from cardgames.scenes.achievements import AchievementsScene, AchievementTile
    app = table_app(tmp_path)
    book = achievements.book(app)
    book.unlock(["sw_catch"])
    book.unlock(["sw_win", "on_win"], online=True)
    screen = AchievementsScene(app, "switch")
    app.stack.push(screen)
    app.stack.apply_pending()
    tiles = {w.a.id: w for w in screen.menu.widgets if isinstance(w, AchievementTile)}
    assert tiles["sw_win"].online and not tiles["sw_catch"].online and not tiles["sw_stack"].online
    screen.show(achievements.ONLINE)
    tiles = {w.a.id: w for w in screen.menu.widgets if isinstance(w, AchievementTile)}
    assert set(tiles) == ONLINE_IDS and tiles["on_win"].when is not None
    assert not tiles["on_win"].online               # (its page says it: no tag)
    screen.draw(pygame.Surface((1280, 720)))


@pytest.mark.parametrize("lang", ["en", "ta", "te", "kn"])
def test_the_online_page_and_tag_fit_their_tiles_in_every_language(tmp_path, lang):
    from cardgames import i18n
    from cardgames.scenes.achievements import AchievementTile
    from cardgames.ui import theme
    from cardgames.ui.widgets import line_height, wrap_lines
    i18n.set_language(lang)
    try:
        for a in [a for a in ACHIEVEMENTS if a.game == achievements.ONLINE] + [BY_ID["sw_win"]]:
            tile = AchievementTile((60, 166, 570, 140), a, "2026-12-07", online=True)
            width = tile.rect.w - 148                  # the text column, right of the medal
            assert theme.text_width(theme.font(theme.LARGE, True), tr(a.name)) <= width, (lang, a.name)
            for line in (a.text, a.how):
                lines = len(wrap_lines(line, width, theme.SMALL + 1))
                assert 50 + lines * line_height(theme.SMALL + 1) <= tile.rect.h - 12 - theme.SMALL - 4, (lang, line)
        note = theme.text_width(theme.font(theme.SMALL), i18n._("Earned {when}").format(when="2026-12-07"))
        box = tile.tag_box()
        assert tile.rect.contains(box) and box.left > tile.rect.x + 132 + note + 8   # clear of the day earned
    finally:
        i18n.set_language("en")
