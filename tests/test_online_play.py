"""The game screen as a view of a table on a server (issue 25): real sockets on 127.0.0.1 through a
ServerThread, a headless app, the game's own scene opened by cardgames.net.play.open_online_game.

Covered: a whole Switch hand played through the scene's own input path (the keyboard) against a
bot's NetHandle, its final observation equal to the same seed and actions played at a local table;
drops and returns told at once; the seat token kept and taken back after a crash (the move log
rebuilt), a refused token forgotten; the server stopping mid-game; quick messages and their
rate limit; "Play again" after the game; online games in their own statistics.
"""
from __future__ import annotations

import pygame
import pytest
from input_drive import Keyboard, play_action
from net_helpers import FAST, online_app, room_facts, start_server
from scene_events import key, settle, table_app, wait_for_human

from cardgames import achievements, records
from cardgames.games.switch import rules as switch_rules
from cardgames.net import seat_token
from cardgames.net.bots import Bot, wait_for
from cardgames.net.client import NetHandle
from cardgames.net.config import Config
from cardgames.net.play import open_online_game, rejoin_saved
from cardgames.table import lobby
from cardgames.table.table import Table
from cardgames.ui import remote_line

pytestmark = [pytest.mark.timeout(90), pytest.mark.own_line]   # the line is a NetHandle: neither local nor wire
SEED = 1234


@pytest.fixture
def server():
    srv = start_server(Config(**{**FAST.__dict__, "grace": 1.5}))
    srv.server.seeds = lambda: SEED
    yield srv
    if not getattr(srv, "stopped", False):
        srv.stop()


@pytest.fixture
def app(tmp_path, monkeypatch):
    return online_app(tmp_path, monkeypatch)


def seated(server, app, game="switch", seats=("away", "away"), bot_seed=3, pace=0.0):
    """This screen hosts a table; a bot takes the other open seat; the scene opens on it."""
    me = NetHandle.host(server.url, game, "Me", list(seats))
    bot = Bot(NetHandle.join(server.url, me.code, "Asha"), seed=bot_seed, pace=pace)
    pending = heard_until(me, lambda m: isinstance(m, lobby.Seats) and m.started)
    scene = open_online_game(app, me, pending)
    app.stack.push(scene)
    app.stack.apply_pending()
    return me, bot, scene


def heard_until(handle, wanted, timeout=5.0):
    """What `handle` received until a message `wanted(msg)` came (all of it, in order)."""
    got = []
    assert wait_for(lambda: (got.extend(handle.receive()), any(wanted(m) for m in got))[1], timeout), got
    return got


def told(app, words):
    return any(words in t for t in app.told)


def switch_choice(scene):
    """Call when it may, else the first card it can play, else draw / pass (from what the seat was sent)."""
    legal = [scene.rules.parse_action(a) for a in scene.latest().legal]
    for kinds in ((switch_rules.K_CALL,), (switch_rules.K_PLAY,),
                  (switch_rules.K_DRAW, switch_rules.K_TAKE, switch_rules.K_PASS)):
        for a in legal:
            if a.kind in kinds and (a.kind is not switch_rules.K_CALL or a.seat == scene.viewer):
                return a
    raise AssertionError(f"no move among {legal}")


def switch_move(app, scene, press):
    action = switch_choice(scene)
    before = len(scene.actions)
    if action.kind is switch_rules.K_CALL:
        press("y", scene)
    elif action.kind is switch_rules.K_PASS:
        press("x", scene)
    else:
        play_action(app, scene, press, action,
                    chooser=lambda s: f"suit:{action.suit.letter}" if s.choosing is not None else None)
    assert str(action) in scene.actions[before:], (action, scene.actions[before:])


def play_hand(app, scene, press, limit=300):
    moves = 0
    while not scene.over:
        wait_for_human(app, scene, ready=lambda: scene.observation().phase is not switch_rules.HAND_OVER)
        if scene.over or app.stack.top is not scene:
            break
        switch_move(app, scene, press)
        moves += 1
        assert moves < limit
    return moves


def finished_hand(server, app):
    """A Switch hand played to its end through the screen (Asha is a bot); its summary may open."""
    me, bot, scene = seated(server, app)
    bot.start()
    play_hand(app, scene, Keyboard(app))
    assert wait_for(lambda: bot.over, 10)
    return me, bot, scene


def test_a_switch_hand_through_the_screen_ends_as_at_a_local_table(server, app):
    me, bot, scene = seated(server, app)
    assert scene.host is None and scene.online and scene.players == 2 and scene.humans == (0,)
    settle(app, 0.2)
    assert not told(app, "joined the table")         # the seats as the game started are no news
    bot.start()
    press = Keyboard(app)
    moves = play_hand(app, scene, press)
    assert wait_for(lambda: bot.over, 10)
    settle(app, 1.0)
    assert scene.over and moves > 3
    facts = room_facts(server, me.code)
    assert scene.actions == [str(a) for a in facts["actions"]] == bot.played
    local = Table("switch", {}, facts["seed"], facts["seats"])
    assert local.replay(facts["actions"]) == len(facts["actions"])
    assert scene.observation() == local.catch_up(0)[-1].observation
    assert scene.player_name(1) == "Asha"           # the other player's own name, from the table's seats
    assert not app.storage.has_save(scene.save_key)  # not this computer's table: no autosave ...
    assert seat_token.load(app.storage)["code"] == me.code     # ... the seat token instead
    assert achievements.counts(scene)               # achievements are earned online too (their own kind) ...
    assert achievements.book(app).online_when("on_game") is not None    # ... a game finished with another player
    recs = records.load(app.storage, "switch")
    assert recs["modes"][records.ONLINE]["games"] == 1 and set(recs["modes"]) == {records.ONLINE}
    me.close()


def test_drops_and_returns_are_told_at_once(server, app):
    me, bot, scene = seated(server, app)
    bot.line.close()                                # Asha's line dies
    assert wait_for(lambda: (settle(app, 0.05), told(app, "Asha dropped"))[1], 5), app.told
    assert scene.seat_marks.get(1) == "dropped"
    assert wait_for(lambda: (settle(app, 0.05), told(app, "A computer plays for Asha"))[1], 5), app.told
    assert scene.seat_marks.get(1) == "computer"
    back = NetHandle.join(server.url, me.code, "Asha", token=bot.line.token)
    assert wait_for(lambda: (settle(app, 0.05), told(app, "Asha is back"))[1], 5), app.told
    assert scene.seat_marks.get(1) in (None, "computer")      # the seat is hers again at the next turn
    back.close()
    me.close()


def test_the_seat_token_takes_the_seat_back_after_a_crash(server, app, tmp_path):
    me, bot, scene = seated(server, app)
    bot.start()
    press = Keyboard(app)
    for _ in range(3):
        wait_for_human(app, scene)
        if scene.over:
            break
        switch_move(app, scene, press)
    played = list(scene.actions)
    me.close()                                      # the game crashed: the line is gone, the token kept
    second = table_app(tmp_path)                    # the game started again, the same data folder
    second.notify = lambda text, *a, **k: None
    again = rejoin_saved(second)
    assert again is not None and again.viewer == 0 and again.online
    assert again.actions[:len(played)] == played    # the story rebuilt the moves and their log
    assert len(again.move_log.model.lines) >= len(scene.move_log.model.lines) > 0
    facts = room_facts(server, me.code)
    assert again.actions == [str(a) for a in facts["actions"]]
    again.remote.handle.close()


def test_a_refused_token_is_forgotten_with_a_message(server, app):
    me, _bot, _scene = seated(server, app)
    app.storage.save(seat_token.FILE, {**seat_token.load(app.storage), "token": "not-the-token"})
    assert rejoin_saved(app) is None
    assert told(app, "no longer has your seat") and seat_token.load(app.storage) is None
    me.close()


def test_the_server_stopping_mid_game_ends_the_screen_cleanly(server, app):
    _me, bot, scene = seated(server, app)
    bot.start()
    settle(app, 0.5)
    wait_for_human(app, scene)
    server.stop()
    server.stopped = True
    if scene.human_turn:                            # a move sent into a dead line: no answer, no crash
        scene.act(scene.rules.parse_action(scene.latest().legal[0]))
    assert wait_for(lambda: (settle(app, 0.05), scene.line_ended)[1], 10)
    settle(app, 0.2)
    assert type(app.stack.top).__name__ == "SelectScene"
    assert told(app, "shutting down")
    assert seat_token.load(app.storage) is None      # the table is gone: nothing to rejoin


def test_a_line_that_dies_without_a_word_keeps_the_token(server, app):
    me, _bot, scene = seated(server, app)
    server.call(lambda: server.server.rooms[me.code].seats[0].line.ws.transport.abort())
    assert wait_for(lambda: (settle(app, 0.05), scene.line_ended)[1], 10)
    settle(app, 0.2)
    assert type(app.stack.top).__name__ == "SelectScene"
    assert told(app, "was lost") and seat_token.load(app.storage) is not None


def test_a_quick_message_goes_round_and_is_rate_limited(server, app, monkeypatch):
    monkeypatch.setattr(lobby, "SAY_EVERY", 600.0)  # the second message is too soon however slow the machine
    me, bot, scene = seated(server, app)
    scene.refresh_focus()                           # the pad and the arrows reach the Say button ...
    assert "button:say" in scene.focus.keys
    scene.activate("button:say")
    app.stack.apply_pending()
    assert type(app.stack.top).__name__ == "QuickMessages"
    key(app, pygame.K_ESCAPE)                       # ... Esc closes the picker
    assert app.stack.top is scene
    key(app, pygame.K_q)                            # the picker, by its key ...
    assert type(app.stack.top).__name__ == "QuickMessages"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                       # ... "Your turn"
    assert app.stack.top is scene
    heard = [m for m in heard_until(bot.line, lambda m: isinstance(m, lobby.Said)) if isinstance(m, lobby.Said)]
    assert heard == [lobby.Said(0, lobby.PHRASES.index("your_turn"))]
    assert wait_for(lambda: (settle(app, 0.05), 0 in scene.said_bubbles)[1], 5)
    assert scene.said_bubbles[0][0] == "Your turn"
    scene.say(0)                                    # at once again: refused, not fatal
    assert wait_for(lambda: (settle(app, 0.05), told(app, "One quick message every few seconds"))[1], 5)
    assert not me.closed.is_set()
    bot.line.say(99)                                # not a phrase: refused to its sender only
    assert heard_until(bot.line, lambda m: isinstance(m, lobby.Error) and not m.fatal)
    me.close()


def test_play_again_after_the_game_deals_anew_in_the_same_screen(server, app):
    me, bot, scene = finished_hand(server, app)
    settle(app, 3.0)
    summary = app.stack.top
    assert type(summary).__name__ == "SwitchSummary"
    bot.line.again()                                # Asha asks first: marked at her seat, told at once
    assert wait_for(lambda: (settle(app, 0.05), scene.seat_marks.get(1) == "again")[1], 5)
    assert told(app, "Asha wants to play again") and app.stack.top is summary
    tally = scene.tally                             # Switch's figures of the game for the statistics
    key(app, pygame.K_RETURN)                       # "Play again": everyone has asked, a new deal
    assert wait_for(lambda: (settle(app, 0.05), not scene.over)[1], 10)
    assert scene.tally is not tally and list(scene.tally.shares) == [-1]     # counted afresh
    assert scene.actions == [] and app.stack.top is scene and scene.online and 1 not in scene.seat_marks
    assert room_facts(server, me.code)["actions"] == []
    me.close()


def test_leaving_after_the_game_is_over_keeps_no_seat_to_rejoin(server, app):
    me, _bot, scene = finished_hand(server, app)
    settle(app, 1.0)
    assert scene.over and seat_token.load(app.storage)["code"] == me.code   # Play again is still possible
    select = app.screens.select(game="switch")
    app.stack.reset(select)                          # the player goes back to the games
    app.stack.apply_pending()
    assert seat_token.load(app.storage) is None      # a finished table has no seat to take back ...
    fresh = app.screens.select(game="switch")
    assert not [b for b in fresh.extras if "Rejoin" in str(b.text)]          # ... so none is offered


def test_play_again_waits_for_the_others(server, app):
    me, bot, scene = seated(server, app)
    bot.start()
    play_hand(app, scene, Keyboard(app))
    assert wait_for(lambda: bot.over, 10)
    settle(app, 3.0)
    key(app, pygame.K_RETURN)                       # "Play again" first: the others are waited for
    assert told(app, "Waiting for the others")
    assert wait_for(lambda: room_facts(server, me.code)["infos"][0].again, 5)
    assert scene.over
    bot.line.again()
    assert wait_for(lambda: (settle(app, 0.05), not scene.over)[1], 10)
    assert scene.actions == [] and app.stack.top is scene
    me.close()


@pytest.mark.parametrize("game", ["skyjo", "three_thirteen"])
def test_three_seats_with_a_computer_draw_and_play(server, app, game):
    """Skyjo and Three Thirteen at three seats (this screen, a bot, a computer on the server): moves
    sent from the screen, frames drawn, the others' moves and marks shown, the log as the table's."""
    import random
    me, bot, scene = seated(server, app, game=game, seats=("away", "away", "computer:easy"))
    assert scene.players == 3 and scene.is_computer(2) and not scene.is_computer(1)
    assert scene.ai_level(2) == "computer"          # the server's level is not told: no "Normal" made up
    bot.start()
    rng, mine = random.Random(5), 0
    for _ in range(3000):
        app.step(1 / 60)
        if mine >= 12 or scene.over or app.stack.top is not scene:
            break
        if scene.human_turn and not scene.animator.busy and scene.latest().legal:
            before = len(scene.actions)
            assert scene.act(scene.rules.parse_action(rng.choice(scene.latest().legal)))
            assert len(scene.actions) > before          # the server's answer came back at once
            mine += 1
    assert mine >= 3
    bot.line.close()
    assert wait_for(lambda: (settle(app, 0.05), scene.seat_marks.get(1) is not None)[1], 5)
    settle(app, 0.5)
    assert scene.actions == [str(a) for a in room_facts(server, me.code)["actions"]][:len(scene.actions)]
    me.close()


def test_drops_are_told_under_the_pause_overlay_too(server, app):
    me, bot, _scene = seated(server, app)
    key(app, pygame.K_ESCAPE)
    assert type(app.stack.top).__name__ == "PauseScene"
    assert not app.stack.top.restart_button.enabled     # a table on a server is not dealt again from here
    bot.line.close()
    assert wait_for(lambda: (settle(app, 0.05), told(app, "Asha dropped"))[1], 5), app.told
    me.close()


def test_join_from_the_command_line_waits_for_the_table_then_plays(server, tmp_path):
    from cardgames.app import headless_app
    code = server.call(lambda: server.server.open_room("switch", {}, ["away", "away"]).code)
    app = headless_app(tmp_path / "joiner", join=server.url, code=code.lower())
    first = app.screens.first()
    assert type(first).__name__ == "LobbyScene" and first.handle.code == code   # the lobby: seats, Ready, Leave
    app.stack.push(first)
    app.stack.apply_pending()
    settle(app, 0.2)
    other = NetHandle.join(server.url, code, "Asha")
    assert wait_for(lambda: (settle(app, 0.05), getattr(app.stack.top, "online", False))[1], 5)
    scene = app.stack.top
    assert scene.viewer == 0 and scene.player_name(1) == "Asha" and scene.latest().moves == 0
    scene.remote.handle.close()
    other.close()


def test_the_same_join_command_after_a_drop_takes_the_kept_seat_back(server, tmp_path):
    """`--join URL --code CODE` again after the game was closed mid-game: the seat token kept in the data
    folder takes the player's own seat back (the table is full: a new seat would be refused)."""
    from cardgames.app import headless_app
    code = server.call(lambda: server.server.open_room("switch", {}, ["away", "away"]).code)
    first_run = headless_app(tmp_path / "joiner", join=server.url, code=code)
    lobby_scene = first_run.screens.first()
    other = NetHandle.join(server.url, code, "Asha")
    first_run.stack.push(lobby_scene)
    assert wait_for(lambda: (settle(first_run, 0.05), getattr(first_run.stack.top, "online", False))[1], 5)
    first_run.stack.top.remote.handle.close()          # the window closed mid-game: the token is kept
    second_run = headless_app(tmp_path / "joiner", join=server.url, code=code)
    second_run.notify = lambda text, *a, **k: None
    again = second_run.screens.first()
    assert getattr(again, "online", False) and again.viewer == 0 and again.player_name(1) == "Asha"
    again.remote.handle.close()
    other.close()


def test_join_a_table_that_is_not_there(server, tmp_path):
    from cardgames.app import headless_app
    app = headless_app(tmp_path / "joiner", join=server.url, code="ZZZZZ")
    app.told = []
    app.notify = lambda text, *a, **k: app.told.append(str(text))
    assert type(app.screens.first()).__name__ == "SelectScene"
    assert told(app, "There is no table with this code")      # in the player's words (net/texts.py)


def test_the_select_screen_offers_to_rejoin_the_kept_seat(server, app):
    me, _bot, _scene = seated(server, app)
    me.close()
    select = app.screens.select(game="switch")
    app.stack.reset(select)
    app.stack.apply_pending()
    rejoin = [b for b in select.extras if f"Rejoin table {me.code}" in str(b.text)]
    assert len(rejoin) == 1
    others = [w for w in select.menu.widgets if w is not rejoin[0]]
    assert not any(rejoin[0].rect.colliderect(w.rect) for w in others)     # a row of its own (not over the names)
    rejoin[0].activate()
    app.stack.apply_pending()
    again = app.stack.top
    assert getattr(again, "online", False) and again.viewer == 0
    again.remote.handle.close()
    assert not [b for b in app.screens.select(game="skyjo").extras if "Rejoin" in str(b.text)]   # its own game only


def test_the_server_stopping_while_waiting_for_players(server, tmp_path):
    from cardgames.app import headless_app
    code = server.call(lambda: server.server.open_room("switch", {}, ["away", "away"]).code)
    app = headless_app(tmp_path / "joiner", join=server.url, code=code)
    app.told = []
    app.notify = lambda text, *a, **k: app.told.append(str(text))
    app.stack.push(app.screens.first())
    app.stack.apply_pending()
    server.stop()
    server.stopped = True
    assert wait_for(lambda: (settle(app, 0.05), type(app.stack.top).__name__ == "SelectScene")[1], 10)
    assert told(app, "The host stopped the table")          # the lobby says it (net/texts.py)


def test_a_quick_message_passes_again_once_its_time_is_up(server, app, monkeypatch):
    import time
    monkeypatch.setattr(lobby, "SAY_EVERY", 0.2)
    me, bot, _scene = seated(server, app)
    said = lambda m: isinstance(m, lobby.Said) and m.seat == 1
    bot.line.say(lobby.PHRASES.index("oops"))
    assert heard_until(me, said)
    time.sleep(0.3)                                 # (longer than SAY_EVERY: however fast the machine)
    bot.line.say(lobby.PHRASES.index("good_game"))
    assert [m.phrase for m in heard_until(me, said) if said(m)] == [0]
    me.close()


def test_a_table_moved_to_another_process_is_joined_again_with_the_seat_token(server, app):
    """A server process handing its tables over (SIGTERM in a cluster) tells its lines "moved": the
    screen takes its seat back at once (here the same server: the token is what counts)."""
    me, bot, scene = seated(server, app)
    seen = scene.latest().moves
    scene.line_over(lobby.Error("moved", lobby.ERRORS["moved"], True))
    app.stack.apply_pending()
    again = app.stack.top
    assert again is not scene and getattr(again, "online", False) and again.viewer == 0
    assert again.latest().moves >= seen and not told(app, "lost")
    again.remote.handle.close()
    bot.line.close()
    me.close()


def test_the_first_update_opens_the_game_and_what_came_after_it_is_kept_for_the_scene():
    """A screen opened after the table started: a computer may already have moved. The viewer's first
    update is the story; the later ones (and any other seat's) wait for the scene, none is lost."""
    from cardgames.table.messages import Public, Update

    def update(seat, moves):
        return Update(seat=seat, moves=moves, seq=0, now=0, observation=None)

    arrived = [Public(moves=0, now=0, observation=None), update(0, 0), update(0, 1), update(0, 2)]

    class Handle:
        welcome = None

        def receive(self):
            out, arrived[:] = list(arrived), []
            return out

    line = remote_line.RemoteLine(Handle())
    assert line.first_update(0) == [update(0, 0)]
    assert line.receive() == [update(0, 1), update(0, 2)]      # the computer's move is not dropped
    arrived[:] = [update(1, 0)]
    assert line.first_update(0) == [] and line.receive() == [update(1, 0)]   # not this seat's: held
