"""Suggest in a practice game (issue 27): the table asks the game's Expert with the seat's own
observation (cardgames/table/suggest.py) and the view rings the move and says it (ui/suggest.py)."""
from __future__ import annotations

import pygame
from scene_events import key, settle, table_app, wait_for_human

from cardgames.core.rng import make_rng
from cardgames.games.skyjo import expert
from cardgames.games.skyjo import rules as R
from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.table.messages import Intent
from cardgames.table.seats import HERE, computer
from cardgames.table.table import Table

MINE = [1, 0, 2, 1, 0, 2, 1, 0, -1, 3, 9, 9]


def _table(hidden_last: int, practice: bool = True) -> tuple[Table, list]:
    """Seat 0 to play with two face-down cards; `hidden_last` is one of them (the seat cannot see it)."""
    mine = MINE[:11] + [hidden_last]
    theirs = [0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 4, 5]
    position = R.deal({"players": 2}, [mine, theirs], [4, 7, 6], [11], face_up=[range(10), range(9)], current=0)
    table = Table("skyjo", {"practice": practice}, seed=9, seats=(HERE, computer("hard")),
                  deal=lambda options, seed: position)
    got: list = []
    table.connect(0, got.append)
    table.start()
    return table, got


def test_the_suggestion_is_experts_move_from_the_seats_observation_only():
    answers = []
    for hidden in (12, -2):          # the same observation, different face-down cards
        table, got = _table(hidden)
        assert table.submit(Intent(0, 1, command="suggest"))
        answers.append(got[-1].suggestion)
    assert answers[0] == answers[1] != ""
    table, _ = _table(12)
    legal = R.legal_actions(table.state)
    assert R.parse_action(answers[0]) in legal
    assert answers[0] == str(expert.choose(R.observe(table.state, 0), legal, make_rng(9, "suggest", 0, 0)))


def test_no_suggestion_outside_practice_or_out_of_turn():
    table, got = _table(5, practice=False)
    assert not table.submit(Intent(0, 1, command="suggest"))
    assert got[-1].refusal.code == "no_suggest" and got[-1].suggestion == ""
    table, got = _table(5)
    table.submit(Intent(0, 1, action="draw", after=0))
    table.submit(Intent(0, 2, action="discard", after=1))
    table.submit(Intent(0, 3, action="flip 10", after=2))
    assert table.state.current == 1
    assert not table.submit(Intent(0, 4, command="suggest"))
    assert got[-1].refusal.code == "not_your_turn"


def test_e_rings_the_move_and_says_it_in_words(tmp_path):
    app = table_app(tmp_path)
    scene = SkyjoScene(app, {"players": 2, "level": "normal", "practice": True}, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 1.0)
    for _ in range(3):                       # the set-up flips, then the first real turn
        wait_for_human(app, scene)
        if scene.observation().phase != R.Phase.SETUP:
            break
        hidden = [i for i, c in enumerate(scene.observation().grids[0]) if c is R.HIDDEN]
        scene.act(R.FLIP[hidden[0]])
        settle(app, 0.5)
    wait_for_human(app, scene)
    assert scene.observation().phase == R.Phase.TURN and scene.suggest_button() is not None
    app.toasts.queue.clear()
    key(app, pygame.K_e)
    assert scene.suggested_piles()
    assert any(str(t[0]).startswith("Expert would") for t in app.toasts.queue)
    assert scene.focus.current is not None
    moves = len(scene.actions)
    scene.act(R.DRAW)
    settle(app, 0.5)
    assert len(scene.actions) > moves and not scene.suggested_piles()     # gone with the next move


def test_no_suggest_button_outside_practice(tmp_path):
    app = table_app(tmp_path)
    scene = SkyjoScene(app, {"players": 2, "level": "normal"}, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 0.5)
    assert scene.suggest_button() is None


def test_a_pads_right_stick_click_is_the_suggest_key():
    from cardgames.engine.gamepad import BUTTON_COMMANDS, command_event
    from cardgames.ui.suggest import SUGGEST_KEY
    event = command_event(BUTTON_COMMANDS[pygame.CONTROLLER_BUTTON_RIGHTSTICK])
    assert event.key == SUGGEST_KEY and not event.mod
