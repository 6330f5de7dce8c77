"""Undo at the table, as the scenes have it (cardgames/table/fair_undo.py): the seat's own last move
and the computers' after it, a card-showing draw too (the same card comes again); in the
multiplayer tables only in practice, never another human's move, never a move that closed a round
or hand; after a resume it reaches back before it; restart deals again; the record of a game
resumes, old autosaves too. The table's mover and the scenes' undo_mover are one function."""
from __future__ import annotations

from cardgames.core.cards import parse_cards
from cardgames.games.switch import rules as switch
from cardgames.table import fair_undo
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


def switch_practice(seats, practice=True, hands=("7H 9C 3S", "7D 5D 6D", "KC QC 4D")):
    hands = [parse_cards(h) for h in hands]
    deal = lambda options, seed: switch.deal(options, hands[:len(seats)], parse_cards("3H 4H 5H 6H 8D"),
                                             parse_cards("7S"))
    table = Table("switch", {"practice": practice}, 1, seats, deal=deal, ai_delay=0.5)
    lines = {s: LocalHandle(table, (s,)) for s, who in enumerate(seats) if who.human}
    table.start()
    return table, lines


def test_undo_after_a_draw_that_showed_a_card_restores_the_state_and_the_same_card_comes_again():
    table, lines = switch_practice((HERE, computer("easy")), hands=("9C 3D 4C", "7D 5D 6D"))
    start = table.state
    lines[0].act(0, "0 draw")                 # nothing to play: the stock's top card comes to your hand
    drawn = set(table.state.hands[0]) - set(start.hands[0])
    assert len(drawn) == 1
    lines[0].receive()
    lines[0].command(0, "undo")
    update = lines[0].receive()[-1]
    assert update.refusal is None and update.reset and table.state == start and table.actions == []
    lines[0].act(0, "0 draw")
    assert set(table.state.hands[0]) - set(start.hands[0]) == drawn


def test_undo_takes_back_your_move_and_the_computers_cards_played_after_it():
    table, lines = switch_practice((HERE, computer("easy")))
    lines[0].act(0, "0 play 7H")
    table.advance(0.5)                       # the computer plays a card from its hand: shown, and taken back
    assert len(table.actions) == 2
    lines[0].receive()
    lines[0].command(0, "undo")
    assert lines[0].receive()[-1].refusal is None and table.actions == []


def test_undo_before_the_computer_moved_and_never_another_humans_move():
    table, lines = switch_practice((HERE, computer("easy")))
    lines[0].act(0, "0 play 7H")
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
    table, lines = switch_practice((HERE, HERE))
    lines[0].act(0, "0 play 7H")
    lines[1].act(1, "1 play 7D")
    lines[0].receive()
    lines[0].command(0, "undo")              # seat 1 moved since: seat 0 cannot reach back past it
    assert lines[0].receive()[-1].refusal.text == fair_undo.OTHERS_TURN
    assert table.actions == ["0 play 7H", "1 play 7D"]


def test_a_last_card_call_out_of_turn_belongs_to_its_caller():
    table, lines = switch_practice((HERE, HERE), hands=("7H 9C", "7D 5D 6D"))
    lines[0].act(0, "0 play 7H")             # one card left: seat 1's turn, seat 0 may still call
    assert table.spec.rules.current_player(table.state) == 1
    lines[0].act(0, "0 call")
    after_play = table.history[-1]
    for line in lines.values():
        line.receive()
    lines[1].command(1, "undo")              # made in seat 1's turn, but seat 0's call: not seat 1's to take back
    assert lines[1].receive()[-1].refusal.text == fair_undo.OTHERS_TURN
    assert table.actions == ["0 play 7H", "0 call"]
    lines[0].command(0, "undo")              # seat 0 takes its own call back
    assert lines[0].receive()[-1].refusal is None
    assert table.actions == ["0 play 7H"] and table.state == after_play


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
    line.receive()
    line.command(0, "undo")                  # the move that ended the round stays
    assert line.receive()[-1].refusal.text == fair_undo.SCORED_ROUND
    line.act(0, "next")
    line.receive()
    line.command(0, "undo")
    assert line.receive()[-1].refusal.text == fair_undo.SCORED_ROUND


def test_a_finished_switch_hand_is_never_taken_back():
    table, lines = switch_practice((HERE, computer("easy")), hands=("7H", "7D 5D 6D"))
    lines[0].act(0, "0 play 7H")             # your last card: the hand is over
    assert table.spec.between(table.state) or table.over
    lines[0].receive()
    lines[0].command(0, "undo")
    assert lines[0].receive()[-1].refusal.text == fair_undo.FINISHED_HAND
    assert table.actions == ["0 play 7H"]


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


def test_after_a_resume_undo_reaches_back_before_it():
    table = Table("switch", {"practice": True}, 8, (HERE, computer("easy")), ai_delay=0.2)
    line = LocalHandle(table, (0,))
    table.start()
    while len(table.actions) < 6 and not table.spec.between(table.state):
        update = (line.receive() or [None])[-1]
        if update is not None and update.legal and update.turn == 0:
            line.act(0, update.legal[-1])
        table.advance(0.2)
    table.advance(0.2)
    record, states = table.record(), [*table.history, table.state]
    resumed, done = Table.resume(record, ai_delay=0.2)
    assert done == len(record["actions"])
    line = LocalHandle(resumed, (0,))
    resumed.start()
    mine = [i for i, text in enumerate(record["actions"]) if text.startswith("0 ")]
    line.command(0, "undo")
    assert line.receive()[-1].refusal is None
    assert resumed.actions == record["actions"][:mine[-1]] and resumed.state == states[mine[-1]]
    line.command(0, "undo")                  # and on, back past where the game resumed
    assert resumed.actions == record["actions"][:mine[-2]] and resumed.state == states[mine[-2]]
