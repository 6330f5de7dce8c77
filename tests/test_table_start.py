"""The start of a Switch hand as the table shows it: who dealt, who plays first and why, the card
that starts the pile (and any first card sent back), the "plays first" pop-up, the level labels."""
from __future__ import annotations

import pygame
import pytest
from scene_events import jump, key, settle, table_app

from cardgames.core.cards import parse_cards
from cardgames.games.switch import rules as R
from cardgames.games.switch.scene import SwitchScene
from cardgames.games.switch.summary import SwitchSummary


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def open_table(app, options, seed):
    scene = SwitchScene(app, {"level": "normal", **options}, seed=seed)
    pops = []
    pop = scene.fx.pop_text
    scene.fx.pop_text = lambda text, *a, **kw: (pops.append(text), pop(text, *a, **kw))
    app.stack.push(scene)
    app.stack.apply_pending()
    return scene, pops


def texts(scene):
    return [line.text for line in scene.move_log.model.all_lines()]


def test_the_log_says_who_dealt_who_starts_and_why(app):
    scene, _ = open_table(app, {"players": 3}, seed=3)
    lines = texts(scene)
    assert lines[0] == "Ben dealt: you sit on the dealer's left, so you play first"
    up = str(scene.host.state.discard[-1])
    assert lines[1].endswith("starts the discard pile") and lines[1].startswith(up[:-1])


def test_a_first_card_sent_back_is_named_as_everyone_saw_it(app):
    scene, _ = open_table(app, {"players": 3}, seed=4)      # this deal turns 8♣ up first
    assert texts(scene)[1] == ("8♣ turned up first and went back into the stock (a 2, 8, Jack or Ace may not "
                               "start the pile): 4♦ starts it")


def test_the_first_player_pops_up_once_the_deal_has_landed(app):
    _scene, pops = open_table(app, {"players": 3}, seed=3)
    app.step(1 / 60)
    assert pops == []                                       # not while the cards still fly
    settle(app, 4.0)
    assert pops[0] == "You play first"


def test_undo_never_takes_the_opening_lines_away(app):
    scene, _ = open_table(app, {"players": 2, "practice": True}, seed=3)
    before = texts(scene)
    settle(app, 3.0)
    scene.act(R.legal_actions(scene.host.state)[0])
    assert len(texts(scene)) > len(before)
    scene.move_log.truncate(0)
    assert texts(scene) == before


def test_the_next_hand_of_a_match_says_who_deals_and_starts_now(app):
    state = R.deal({"match": True, "players": 3}, [parse_cards("5C"), parse_cards("8D AD KD"), parse_cards("3S 4S")],
                   parse_cards("4H 6D 7S KH 9H 2D"), parse_cards("9C"), called=(True, False, False))
    scene, pops = open_table(app, {"match": True, "players": 3}, seed=3)
    jump(scene, state)
    scene.sync(animate=False)
    settle(app, 3.0)
    scene.act(R.parse_action("0 play 5C"))
    settle(app, 3.0)
    assert isinstance(app.stack.top, SwitchSummary)
    key(app, pygame.K_RETURN)                               # the summary's "Next hand"
    settle(app, 5.0)
    lines = texts(scene)
    assert scene.host.state.hand_no == 1
    assert "You dealt: Ada sits on your left, so Ada plays first" in lines
    assert "Ada plays first" in pops[pops.index("Out!"):]


def test_pass_and_play_says_it_in_the_third_person(app):
    scene, _ = open_table(app, {"players": 3, "hotseat": 2, "humans": (0, 1)}, seed=3)
    first, dealer = scene.seat_name(0), scene.seat_name(2)
    assert texts(scene)[0] == f"{dealer} dealt: {first} sits on the dealer's left, so {first} plays first"


def test_the_others_levels_are_written_as_the_select_screen_says_them(app):
    scene, _ = open_table(app, {"players": 3}, seed=3)
    seen = []
    draw_text = scene.draw_text
    scene.draw_text = lambda surface, text, *a, **kw: (seen.append(str(text)), draw_text(surface, text, *a, **kw))[1]
    scene.draw(pygame.Surface((1280, 720)))
    assert "Normal" in seen and "normal" not in seen


def test_the_deal_goes_round_the_table_from_the_first_player_then_turns_the_up_card(app):
    scene, _ = open_table(app, {"players": 3}, seed=3)
    order = [s.pile for s in scene.deal_order()]
    first = scene.host.state.turn
    assert order[:6] == [f"hand:{(first + k) % 3}" for k in range(3)] * 2
    assert order[-1] == "discard" and len(order) == 3 * 7 + 1
    up = scene.board.top("discard")
    stock = scene.board.home_of("stock", 0)
    for _ in range(30):                     # half a second in: hands are being dealt, the up-card waits
        app.step(1 / 60)
    assert tuple(up.pos) == tuple(stock)
    assert any(tuple(s.pos) != tuple(stock) for s in scene.board.sprites("hand:2"))
    settle(app, 4.0)
    assert up.at_home and up.face_up
