"""A Table refuses what it must (wrong seat, stale, out of date, out of turn, illegal, unreadable,
over, no undo), answers only the line that asked, and never tells a seat another's cards."""
from __future__ import annotations

import pytest

from cardgames.core.cards import parse_cards
from cardgames.games.switch import rules as switch
from cardgames.table.handles import LocalHandle, WireHandle
from cardgames.table.messages import Intent, Update
from cardgames.table.seats import AWAY, HERE, computer
from cardgames.table.table import Table

HANDLES = [LocalHandle, WireHandle]


def two_humans(game="skyjo", options=None, handle=LocalHandle, **kw):
    table = Table(game, options or {}, 11, (HERE, AWAY), **kw)
    lines = handle(table, (0,)), handle(table, (1,))
    table.start()
    for line in lines:
        line.receive()
    return table, lines


def refusal_of(line):
    updates = line.receive()
    assert len(updates) == 1 and isinstance(updates[0], Update), updates
    assert updates[0].refusal is not None
    return updates[0].refusal


@pytest.mark.parametrize("handle", HANDLES)
def test_each_kind_of_bad_intent_is_refused_on_its_own_line_and_changes_nothing(handle):
    table, (mine, theirs) = two_humans(handle=handle)
    state = table.state
    cases = [
        (Intent(seat=1, seq=1, action="flip 0"), "wrong_seat"),        # seat 1 is not this line's
        (Intent(seat=7, seq=1, action="flip 0"), "wrong_seat"),
        (Intent(seat=0, seq=1, action="swap 3"), "illegal"),           # the set-up is flips
        (Intent(seat=0, seq=1, action="flip 3"), "stale"),             # seq 1 was used just now
        (Intent(seat=0, seq=2, action="fly me to the moon"), "unreadable"),
        (Intent(seat=0, seq=3, action="\x00" * 5000), "unreadable"),
        (Intent(seat=0, seq=4, action="flip 3", after=5), "moved_on"),  # the view saw 5 moves: there were 0
        (Intent(seat=0, seq=5, command="undo"), "no_undo"),            # not a practice game
    ]
    for intent, code in cases:
        mine.send(intent)
        refusal = refusal_of(mine)
        assert refusal.code == code, (intent, refusal)
        assert refusal.seq == intent.seq
        assert theirs.receive() == []
        assert table.state is state and table.actions == []
    theirs.act(1, "flip 0")
    assert refusal_of(theirs).code == "not_your_turn"
    mine.send(Intent(seat=0, seq=9, action="flip 3", after=0))
    update = mine.receive()[-1]
    assert update.refusal is None and update.seq == 9 and update.moves == 1


def test_a_refusal_says_why_in_the_rules_words_to_the_one_who_tried():
    _table, (mine, _theirs) = two_humans()
    mine.act(0, "swap 3")
    refusal = refusal_of(mine)
    assert refusal.code == "illegal" and "swap 3 is not allowed now (setup phase)" in refusal.text
    assert refusal.exception().you == "That move is not allowed now."


def test_a_computer_seat_and_a_spectator_cannot_act():
    table = Table("skyjo", {}, 3, (HERE, computer("easy")))
    heard = []
    table.connect(0, heard.append)
    spectator = LocalHandle(table, None)
    table.start()
    heard.clear()
    assert not table.submit(Intent(seat=1, seq=1, action="flip 0"), reply=heard.append)
    assert heard[-1].refusal.code == "not_here"
    spectator.act(0, "flip 0")          # a spectator's line speaks for no seat: nothing happens
    assert table.actions == [] and [m for m in spectator.receive() if getattr(m, "refusal", None)] == []


def test_a_seat_that_is_not_to_play_learns_nothing_of_the_others_cards():
    """Three Thirteen: the rules' own refusal lists the legal discards, i.e. the hand of the player
    to move. A seat out of turn is told only to wait."""
    table, (first, second) = two_humans("three_thirteen")
    mover = table.state.current
    waiting = second if mover == 0 else first
    for action in ("stock", "discard QH", "out", "next"):
        waiting.act(1 - mover, action)
        refusal = refusal_of(waiting)
        assert refusal.code == "not_your_turn" and refusal.text == "Wait for your turn."
        assert refusal.message in ("", "Wait for your turn.") and refusal.values == ()


def test_once_over_every_action_is_refused_and_the_result_stands():
    table = Table("tripeaks", {}, 4, (HERE,))
    line = WireHandle(table, (0,))
    table.start()
    last = line.receive()[-1]
    while last.legal:
        line.act(0, last.legal[0])
        last = line.receive()[-1]
    assert table.over and last.result == table.result() and last.turn is None
    line.act(0, "turn")
    assert refusal_of(line).code == "over"


def test_a_player_who_resigns_is_done_and_a_computer_plays_on_for_them():
    table = Table("tripeaks", {}, 4, (HERE,))
    line = WireHandle(table, (0,))
    table.start()
    line.command(0, "resign")
    last = line.receive()[-1]
    assert table.over and last.result.resigned == (0,) and last.legal == () and last.seq == 1
    line.act(0, "turn")
    assert refusal_of(line).code == "not_here"
    skyjo = Table("skyjo", {}, 4, (HERE, AWAY), ai_delay=0.1)
    lines = LocalHandle(skyjo, (0,)), LocalHandle(skyjo, (1,))
    skyjo.start()
    lines[1].command(1, "resign")
    skyjo.advance(0.1)
    assert skyjo.seats[1].computer and skyjo.humans == (0,) and not skyjo.over
    assert lines[0].receive()[-1].legal       # seat 0 plays on


def test_switch_out_of_turn_calls_and_catches_are_checked_for_the_seat_that_makes_them():
    hands = [parse_cards("7H 9C"), parse_cards("2S 5D 6D"), parse_cards("KC QC 4D")]
    deal = lambda options, seed: switch.deal(options, hands, parse_cards("3H 4H 5H 6H"), parse_cards("7S"))
    table = Table("switch", {}, 1, (HERE, AWAY, HERE), deal=deal)
    lines = [LocalHandle(table, (s,)) for s in range(3)]
    table.start()
    lines[0].act(0, "0 play 7H")           # one card left and no call: seat 0 may be caught
    for line in lines:
        update = line.receive()[-1]
        assert update.deadlines and update.deadlines[0].seat == 0 and update.deadlines[0].closes is None
    lines[2].act(2, "1 catch 0")           # seat 2 catching in seat 1's name
    assert refusal_of(lines[2]).code == "wrong_seat"
    lines[0].act(0, "0 catch 0")
    assert refusal_of(lines[0]).code == "illegal"      # the rules: you cannot catch yourself
    lines[2].act(2, "2 catch 0")
    assert table.state.exposed is None and len(table.state.hands[0]) == 3
    assert all(line.receive()[-1].deadlines == () for line in lines)


def test_the_refusals_a_player_is_shown_are_in_every_language():
    """The table's own reasons are the catalogue's sentences (the scenes say them today), so a view
    says them in the player's language; the protocol's codes (wrong seat, stale, ...) go to the log."""
    from cardgames import i18n

    _table, (mine, theirs) = two_humans()
    theirs.act(1, "flip 0")
    mine.command(0, "undo")
    texts = [refusal_of(theirs).text, refusal_of(mine).text]
    table3 = Table("tripeaks", {"undo": True}, 4, (HERE,))
    line = LocalHandle(table3, (0,))
    table3.start()
    line.receive()
    line.command(0, "undo")
    texts.append(refusal_of(line).text)
    assert texts == ["Wait for your turn.", "No undo in this game: choose Practice (undo allowed) to take moves back",
                     "Nothing to take back"]
    for lang in ("ta", "te", "kn"):
        i18n.set_language(lang)
        assert all(i18n.tr(text) != text for text in texts), lang
