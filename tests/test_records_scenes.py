"""Real games record their results through cardgames.records: a damaged statistics file never
loses a finished game or crashes the game over; abandoning counts as played and lost in every game."""
import json

import pygame
import pytest
from scene_events import FRAME, ask_for_summary, centre, drag, key, settle, table_app, wait_for_human
from test_skyjo_scene import end_a_scripted_game
from test_skyjo_scene import open_scene as open_skyjo
from test_switch_scene import open_table, play_by_mouse, play_whole_hand
from test_three_thirteen_scene import grip, scripted
from test_three_thirteen_scene import open_scene as open_tt

from cardgames import achievements, records
from cardgames.core.cards import parse_cards
from cardgames.games.skyjo.summary import RoundSummaryScene
from cardgames.games.switch.summary import SwitchSummary
from cardgames.games.three_thirteen import rules as TT
from cardgames.games.three_thirteen.summary import RoundSummaryScene as TTSummary
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.scenes.pause import PauseScene
from cardgames.scenes.select import SelectScene
from cardgames.storage import Storage

DAMAGED = {   # the found crash: fields of the wrong type in the old shape, and in the new one
    "skyjo": {"games": "x", "wins": [1], "best_total": "low", "rounds": None},
    "three_thirteen": {"games": "x", "rounds_out": {"a": 1}},
    "switch": {"hands": "x", "wins": "y", "longest_pickup": [3]},
    "tripeaks": {"records": {"modes": {"classic": {"games": "x", "figures": {"bank": "lots"}, "history": 7}}}},
}


@pytest.fixture
def app(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "stats.json").write_text(json.dumps({"version": 1, "kind": "stats", "data": DAMAGED}))
    app = table_app(folder)
    app.notices = []
    real = app.notify
    app.notify = lambda text: (app.notices.append(text), real(text))[-1]
    return app


def section(app, game, mode):
    return records.load(Storage(app.storage.data_dir), game)["modes"][mode]   # as a restart reads it


def test_skyjo_game_over_with_a_damaged_file_records_the_result(app):
    scene = open_skyjo(app)
    end_a_scripted_game(app, scene)
    assert scene.over and isinstance(app.stack.top, RoundSummaryScene)
    sec = section(app, "skyjo", "standard")
    assert sec["games"] == 1 and sec["wins"] == 1 and sec["history"][-1]["score"] == scene.host.state.totals[0]
    damaged = [n for n in app.notices if "stats.json" in n]
    assert len(damaged) == 1 and "'skyjo.games'" in damaged[0] and "'skyjo.best_total'" in damaged[0]
    app.stack.top.draw(pygame.Surface((1280, 720)))


def test_three_thirteen_game_over_with_a_damaged_file_records_the_result(app):
    scene = open_tt(app)
    state = TT.deal(None, ["9C 9D 9S 2H 3H 4H 5H 6D 7D 8D 10S JS QS", "AD AS 2D 2S 4D 4S 6C 6H 8C 8H 10C 10H QC"],
                    stock="4C QH", discard="JD", round_no=11, dealer=1, totals=(40, 45))   # 13 cards; QH on top
    scripted(app, scene, state)
    drag(app, centre(scene, "stock"), centre(scene, "hand:0"))
    settle(app, 0.5)
    key(app, pygame.K_g)                               # going out
    settle(app, 0.5)
    drag(app, grip(scene, parse_cards("QH")[0]), centre(scene, "discard"))
    wait_for_human(app, scene)
    settle(app, 4.0)
    ask_for_summary(app, scene)       # the final table stays in view until the player asks
    assert scene.over and isinstance(app.stack.top, TTSummary)
    sec = section(app, "three_thirteen", "standard")
    assert sec["games"] == 1 and sec["wins"] == 1
    assert records.figure_value(sec, records.FIGURES["three_thirteen"][0]) == 40


def test_switch_hand_with_a_damaged_file_records_the_result(app):
    scene = open_table(app, seed=3)
    play_whole_hand(app, scene, lambda a, i: play_by_mouse(app, scene, a, use_drag=i % 2 == 0))
    assert isinstance(app.stack.top, SwitchSummary)
    sec = section(app, "switch", "single")
    won = int(scene.host.state.winner == 0)
    assert sec["games"] == 1 and sec["wins"] == won and sec["figures"]["hands"] == 1
    assert sec["figures"]["hands_won"] == won
    assert records.EARLIER not in records.load(app.storage, "switch")["modes"]   # the damaged old counts: reset


def test_restart_from_the_pause_counts_the_game_as_played_and_lost(app):
    scene = open_skyjo(app)
    for _ in range(400):                     # the two opening flips are the human's first moves
        if scene.actions:
            break
        if scene.human_turn:
            scene.act(scene.rules.legal_actions(scene.host.state)[0])
        app.step(FRAME)
    assert scene.actions and not scene.over
    scene.open_pause()
    app.stack.apply_pending()
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.restart()
    app.stack.apply_pending()
    app.stack.top.yes()                      # "Restart?" asks first
    app.stack.apply_pending()
    settle(app, 0.5)
    sec = section(app, "skyjo", "standard")
    assert (sec["games"], sec["wins"], sec["abandoned"]) == (1, 0, 1)
    assert scene.actions == [] and not app.storage.has_save("skyjo")
    pause = None
    scene.restart()                          # nothing played in the new deal: nothing counted
    assert section(app, "skyjo", "standard")["games"] == 1


def test_a_new_game_over_a_save_counts_the_saved_game_as_lost(app):
    app.storage.save_game("skyjo", {"game": "skyjo", "options": {"players": 2, "level": "easy", "humans": [0]},
                                    "seed": 11, "actions": ["flip 0 0"], "extra": {"play_seconds": 42.0}})
    achievements.book(app).end_tutorial("skyjo", "skipped")   # not the first start: no tutorial first
    app.stack.push(SelectScene(app, game="skyjo"))
    app.stack.apply_pending()
    select = app.stack.top
    assert select.has_save
    select.start()
    app.stack.apply_pending()
    app.stack.top.yes()                      # "Start a new game?" asks first
    app.stack.apply_pending()
    sec = section(app, "skyjo", "standard")
    assert (sec["games"], sec["abandoned"]) == (1, 1)
    last = sec["history"][-1]
    assert last["seed"] == 11 and last["seconds"] == 42.0 and last["options"] == {"players": 2, "level": "easy"}
    assert not app.storage.has_save("skyjo")             # Continue cannot bring back a game already counted


def test_tripeaks_classic_abandoned_hand_with_a_damaged_file(app):
    scene = TriPeaksScene(app, {"mode": "classic"}, seed=5)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 1.0)
    scene.act(next(a for a in scene.rules.legal_actions(scene.host.state)))
    settle(app, 0.5)
    scene.deal_next()
    app.stack.apply_pending()
    app.stack.top.yes()                      # "Deal the next hand?" asks first while the hand is under way
    settle(app, 0.5)
    sec = section(app, "tripeaks", "classic")
    assert sec["games"] == 1 and sec["abandoned"] == 1
    assert records.figure(app.storage, "tripeaks", "classic", "bank") == scene.classic.bank


def test_the_end_screen_shows_the_records_touched(app):
    from test_skyjo_scene import finish_a_scripted_round

    for total in (95, 90):      # two earlier wins: this one is a new best and a streak of 3
        records.record_game(app.storage, "skyjo", records.GameResult(won=True, score=total,
                                                                      figures={"total": total}))
    scene = open_skyjo(app)
    finish_a_scripted_round(app, scene, totals=[10, 95])
    settle(app, 8.0)
    ask_for_summary(app, scene)
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene) and summary.final
    total = scene.host.state.totals[0]
    assert scene.records_touched == (f"New best total: {total}", "Best winning streak: 3")
    drawn = []
    import cardgames.scenes.summary as summary_module

    real = summary_module.draw_touched
    summary_module.draw_touched = lambda surface, lines, pos: drawn.append(tuple(lines)) or real(surface, lines, pos)
    try:
        summary.draw(pygame.Surface((1280, 720)))
    finally:
        summary_module.draw_touched = real
    assert drawn == [scene.records_touched]


def test_a_tutorial_records_nothing(tmp_path):
    from tutorial_events import play_through

    from cardgames import tutorial

    app = table_app(tmp_path / "fresh")
    scene = tutorial.start(app, "tripeaks")
    app.stack.apply_pending()
    play_through(app, scene)
    assert scene.ended == "finished"
    assert not scene.recording and scene.record_result() == [] and scene.record_result(abandoned=True) == []
    assert records.load(app.storage, "tripeaks")["modes"] == {}
