"""TriPeaks' solver at the table (cardgames/table/tripeaks_assist.py): the seat is told the live
"still winnable" sign, the hint it asked for and how far back undo reaches a winnable position, as
answers in its updates (Update.assist), through the wire too; the face-down cards stay at the table.
The demo's player (the table's choose) plays the solver's moves."""
from __future__ import annotations

import random
import time

import pytest
from held_jobs import HeldJobs

from cardgames.games.tripeaks import rules, solver
from cardgames.table import tripeaks_assist
from cardgames.table.games import spec as game_spec
from cardgames.table.messages import Assist, Intent, Update, decode, encode
from cardgames.table.table import Table

CLASSIC = {"wrap": True, "wild": False, "open_peaks": False, "empty_waste": False, "layout": "classic"}


def table_for(mode: str, seed: int, **options) -> tuple[Table, list[Update]]:
    table = Table.for_humans("tripeaks", {**CLASSIC, "mode": mode, "undo": mode == "relaxed", **options}, seed, (0,))
    told: list[Update] = []
    table.connect(0, told.append)
    table.start()
    return table, told


def wait_for_news(table: Table, seconds: float = 60) -> None:
    """Poll the table until its solver has answered (wall time: the solver runs in a background thread)."""
    deadline = time.monotonic() + seconds
    while not table.poll():
        assert time.monotonic() < deadline, "the table's solver did not answer"
        time.sleep(0.005)


def winnable_seed_and_lost_line(seed: int) -> tuple[int, list[str]]:
    """A winnable deal, and the stock turned until it no longer is (the last turn lost it)."""
    seed = solver.winnable_seed(CLASSIC, seed)
    state, actions = rules.new_game(CLASSIC, seed), []
    while solver.solve(state).winnable:
        state, _ = rules.apply(state, rules.Turn())
        actions.append("turn")
    return seed, actions


def test_a_relaxed_table_tells_its_seat_whether_the_position_can_still_be_won():
    seed = solver.winnable_seed(CLASSIC, 12)
    table, told = table_for("relaxed", seed)
    assert told[-1].assist == Assist(moves=0, winnable=None)        # the solver is at it
    wait_for_news(table)
    news = told[-1]
    assert news.assist == Assist(moves=0, winnable=True)
    assert news.played == () and news.events == () and not news.reset and news.moves == 0
    assert decode(encode(news, "tripeaks"), "tripeaks") == news      # the answers travel on the wire


def test_the_sign_follows_the_position_and_says_when_it_is_lost():
    seed, lost = winnable_seed_and_lost_line(5)
    table, told = table_for("relaxed", seed)
    for n, action in enumerate(lost, 1):
        assert table.submit(Intent(seat=0, seq=n, action=action))
        assert told[-1].assist.moves == n
    wait_for_news(table)
    assert told[-1].assist == Assist(moves=len(lost), winnable=False)


def test_arcade_and_classic_tables_keep_no_sign():
    for mode in ("arcade", "classic"):
        table, told = table_for(mode, 3)
        table.submit(Intent(seat=0, seq=1, action="turn"))
        assert [u.assist for u in told] == [None, None]
        assert not table.poll()


def test_a_hint_is_a_move_that_keeps_the_win_and_comes_as_an_answer():
    seed = solver.winnable_seed(CLASSIC, 9)
    table, told = table_for("arcade", seed)
    assert table.submit(Intent(seat=0, seq=1, command="hint"))
    wait_for_news(table)
    answer = told[-1].assist
    assert answer.moves == 0 and answer.help == "move" and answer.winnable is None
    after, _ = rules.apply(table.state, rules.parse_action(answer.hint))
    assert solver.solve(after).winnable
    table.submit(Intent(seat=0, seq=2, action=answer.hint))
    assert told[-1].assist is None                                 # the next position: no answer yet


def test_classic_gives_no_hints():
    table, told = table_for("classic", 3)
    assert not table.submit(Intent(seat=0, seq=1, command="hint"))
    assert told[-1].refusal.code == "no_hint" and told[-1].refusal.text == "No hints in Classic: it is your money."


def test_a_lost_position_is_undone_to_the_winnable_one_the_hint_found():
    seed, lost = winnable_seed_and_lost_line(5)
    table, told = table_for("relaxed", seed)
    assert table.replay(lost) == len(lost)
    assert not table.submit(Intent(seat=0, seq=1, command="undo_to_winnable"))   # no help found yet
    assert told[-1].refusal.code == "no_undo"
    assert table.submit(Intent(seat=0, seq=2, command="hint"))
    deadline = time.monotonic() + 60
    while not (told[-1].assist and told[-1].assist.help):
        assert time.monotonic() < deadline
        table.poll()
        time.sleep(0.005)
    answer = told[-1].assist
    assert answer.help == "undo" and answer.undo_to == len(lost) - 1     # the last turn lost it
    assert answer.hint in told[-1].legal                                   # "Keep playing" shows a move that plays
    assert table.submit(Intent(seat=0, seq=3, command="undo_to_winnable"))
    assert told[-1].reset and told[-1].moves == len(lost) - 1 == len(table.actions)
    assert solver.solve(table.state).winnable


def test_without_undo_a_lost_position_gets_a_move_that_plays():
    seed, lost = winnable_seed_and_lost_line(5)
    table, told = table_for("arcade", seed)
    table.replay(lost)
    table.submit(Intent(seat=0, seq=1, command="hint"))
    deadline = time.monotonic() + 60
    while not (told[-1].assist and told[-1].assist.help):
        assert time.monotonic() < deadline
        table.poll()
        time.sleep(0.005)
    assert told[-1].assist.help == "lost" and told[-1].assist.hint in told[-1].legal
    assert not table.submit(Intent(seat=0, seq=2, command="undo_to_winnable"))     # Arcade has no undo
    assert told[-1].refusal.code == "no_undo" and len(table.actions) == len(lost)


def test_an_answer_for_a_position_left_behind_is_dropped(monkeypatch):
    held = HeldJobs()
    monkeypatch.setattr(tripeaks_assist, "_HINTS", held)
    monkeypatch.setattr(tripeaks_assist, "_SIGN", held)
    seed = solver.winnable_seed(CLASSIC, 9)
    table, told = table_for("relaxed", seed)
    table.submit(Intent(seat=0, seq=1, command="hint"))
    table.submit(Intent(seat=0, seq=2, action="turn"))       # the player moves on before the answers come
    assert [fn for _f, fn, _a in held.jobs] == [tripeaks_assist.sign_of, tripeaks_assist.find_help,
                                                tripeaks_assist.sign_of]
    for i, (future, _fn, _args) in enumerate(held.jobs):
        if not future.cancelled():     # (the first sign, for the deal, was dropped before it started)
            held.finish(i)
    assert table.poll()
    assert told[-1].assist.help == "" and told[-1].assist.moves == 1   # the old hint is not told for this one
    assert told[-1].assist.winnable is not None                          # the sign for this position is


def test_the_demo_plays_the_solvers_moves_to_a_win():
    tp = game_spec("tripeaks")
    for start in (1, 8, 20):
        state = rules.new_game(CLASSIC, solver.winnable_seed(CLASSIC, start))
        rng = random.Random(0)
        while not rules.is_over(state):
            state, _ = rules.apply(state, tp.choose(tp, state, 0, rng, "normal"))
        assert rules.is_won(state), start


@pytest.mark.parametrize("mode", ["relaxed", "arcade"])
def test_a_spectator_is_told_nothing_of_the_solver(mode):
    table = Table.for_humans("tripeaks", {**CLASSIC, "mode": mode}, 4, (0,))
    public = []
    table.watch(public.append)
    table.start()
    table.submit(Intent(seat=0, seq=1, command="hint"))
    deadline = time.monotonic() + 60
    while table.assist.busy:
        assert time.monotonic() < deadline
        table.poll()
        time.sleep(0.005)
    assert len(public) == 1 and not hasattr(public[0], "assist")
