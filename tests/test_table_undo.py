"""Undo at the table, as the scenes have it: the seat's own last move and the computers' after it;
in the multiplayer tables only in practice, never past a card someone has seen, never into a
scored round; restart deals again; the record of a game resumes, old autosaves too."""
from __future__ import annotations

from cardgames.core.cards import parse_cards
from cardgames.games.switch import rules as switch
from cardgames.table.handles import LocalHandle, WireHandle
from cardgames.table.seats import AWAY, HERE, computer
from cardgames.table.table import Table


def test_tripeaks_undo_takes_the_move_back_and_the_views_draw_afresh():
    table = Table("tripeaks", {}, 6, (HERE,))
    line = WireHandle(table, (0,))
    table.start()
    start = table.state
    assert line.receive()[-1].undo is False          # nothing to take back yet
    line.act(0, "turn")
    assert line.receive()[-1].undo is True
    line.command(0, "undo")
    update = line.receive()[-1]
    assert table.state == start and table.actions == [] and update.reset and update.moves == 0
    assert update.observation == table.spec.rules.observe(start, 0)


def switch_practice(seats, practice=True):
    hands = [parse_cards("7H 9C 3S"), parse_cards("7D 5D 6D"), parse_cards("KC QC 4D")]
    deal = lambda options, seed: switch.deal(options, hands[:len(seats)], parse_cards("3H 4H 5H 6H 8D"),
                                             parse_cards("7S"))
    table = Table("switch", {"practice": practice}, 1, seats, deal=deal, ai_delay=0.5)
    lines = {s: LocalHandle(table, (s,)) for s, who in enumerate(seats) if who.human}
    table.start()
    return table, lines


def test_undo_takes_back_the_computers_moves_after_yours_but_never_past_a_card_you_have_seen():
    table, lines = switch_practice((HERE, computer("easy")))
    lines[0].act(0, "0 play 7H")
    table.advance(0.5)                       # the computer plays a card from its hand: you have seen it
    assert len(table.actions) == 2
    lines[0].receive()
    lines[0].command(0, "undo")
    refusal = lines[0].receive()[-1].refusal
    assert refusal.code == "no_undo" and "seen" in refusal.text
    assert len(table.actions) == 2


def test_undo_before_anyone_saw_a_card_and_never_another_humans_move():
    table, lines = switch_practice((HERE, computer("easy")))
    lines[0].act(0, "0 play 7H")             # your own card: nothing you had not seen
    table.advance(0.4)                       # the computer is still thinking
    lines[0].command(0, "undo")
    assert table.actions == [] and lines[0].receive()[-1].reset
    table.advance(1.0)                       # its planned move, now stale, never lands: your turn again
    assert table.actions == [] and table.thinking is None
    table, lines = switch_practice((HERE, AWAY))
    lines[0].act(0, "0 play 7H")
    lines[1].command(1, "undo")              # seat 1 has made no move: seat 0's is not theirs to take back
    assert lines[1].receive()[-1].refusal.code == "no_undo"
    assert table.actions == ["0 play 7H"]


def test_without_practice_the_multiplayer_tables_have_no_undo():
    _table, lines = switch_practice((HERE, AWAY), practice=False)
    lines[0].act(0, "0 play 7H")
    assert lines[0].receive()[-1].undo is False
    lines[0].command(0, "undo")
    assert lines[0].receive()[-1].refusal.text.startswith("No undo in this game")


def test_a_scored_round_is_never_taken_back():
    table = Table("skyjo", {"practice": True, "target": 500}, 4, (HERE, computer("easy")), ai_delay=0.1)
    line = LocalHandle(table, (0,))
    table.start()
    last = None
    while not table.spec.between(table.state):
        for update in line.receive():
            last = update
        if last is not None and last.legal and last.turn == 0:
            line.act(0, last.legal[0])
        else:
            table.advance(0.1)
    line.act(0, "next")
    line.receive()
    line.command(0, "undo")
    assert line.receive()[-1].refusal.text == "A scored round cannot be taken back."


def test_restart_deals_again_with_the_tables_next_seed_and_keeps_the_seats():
    seeds = iter([77, 78])
    table = Table("three_thirteen", {}, 5, (HERE, computer("easy")), seeds=lambda: next(seeds))
    line = LocalHandle(table, (0,))
    table.start()
    line.command(0, "restart")
    update = line.receive()[-1]
    assert table.seed == 77 and table.actions == [] and update.reset and update.seq == 1
    assert table.state == table.spec.rules.new_game({"players": 2}, 77)


def test_the_record_resumes_the_game_and_an_old_autosave_too():
    table = Table("switch", {"match": True}, 8, (HERE, computer("easy"), computer("hard")), ai_delay=0.2)
    line = LocalHandle(table, (0,))
    table.start()
    for _ in range(200):
        update = (line.receive() or [None])[-1]
        if update is not None and update.legal and update.turn == 0:
            line.act(0, update.legal[-1])
        table.advance(0.2)
    record = table.record()
    assert record["seats"] == ["here", "computer:easy", "computer:hard"]
    resumed, done = Table.resume(record)
    assert done == len(table.actions) and resumed.state == table.state and resumed.seats == table.seats
    old = {"game": "switch", "options": {"players": 3, "humans": [0], "match": True, "level": "hard"},
           "seed": 8, "actions": record["actions"][:10] + ["0 fly"], "extra": {}}
    resumed, done = Table.resume(old)
    assert done == 10 and [str(s) for s in resumed.seats] == ["here", "computer:hard", "computer:hard"]
    assert resumed.undo_floor == 10
