"""Practice undo at the multiplayer tables (Skyjo, Three Thirteen, Switch), in seeded games played through the
scene: undo takes back any of your own moves, a draw or a turned card too, back to the state before it (the deal
as it was: drawing again gives the same card), with the computers' moves after it; never another human's move;
and it survives a resume (the autosave has every action)."""
from __future__ import annotations

import pygame
import pytest
from scene_events import jump, key, settle, table_app, wait_for_human

from cardgames.core.cards import parse_cards
from cardgames.games.skyjo import rules as SK
from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.games.switch import rules as SW
from cardgames.games.switch.scene import SwitchScene
from cardgames.games.three_thirteen import rules as TT
from cardgames.games.three_thirteen.scene import ThreeThirteenScene


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def ctrl_z(app):
    key(app, pygame.K_z, pygame.KMOD_CTRL)


def open_scene(app, scene):
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 1.5)
    return scene


def toasts(app):
    return " | ".join(t[0] for t in app.toasts.queue)


# ---------------------------------------------------------------- Skyjo

def skyjo_turn(app, seed=5, **options):
    """A seeded practice game at the human's first real turn (their two set-up cards turned)."""
    scene = open_scene(app, SkyjoScene(app, {"players": 2, "practice": True, **options}, seed=seed))
    for _ in range(10):
        wait_for_human(app, scene)
        if scene.host.state.phase == SK.Phase.TURN:
            return scene
        scene.act(SK.legal_actions(scene.host.state)[0])   # a set-up flip
    raise AssertionError("no turn")


def test_skyjo_a_draw_and_the_exchange_are_taken_back_and_the_same_card_comes_again(app):
    scene = skyjo_turn(app)
    before = scene.host.state
    key(app, pygame.K_d)                                  # draw: a card nobody had seen
    drawn = scene.host.state.held
    assert scene.host.state.phase == SK.Phase.HOLD and drawn is not None
    slot = next(iter(SK.slots_of(scene.host.state.hidden[0])))
    assert scene.act(SK.SWAP[slot])                       # keep it, on a face-down card (that one shows)
    settle(app, 2.0)                                      # the computer plays after it
    assert len(scene.actions) > 2
    ctrl_z(app)                                           # the exchange and the computer's turn go back
    assert scene.host.state.phase == SK.Phase.HOLD and scene.host.state.held == drawn and scene.actions[-1] == "draw"
    ctrl_z(app)                                           # and the draw too
    assert scene.host.state == before, toasts(app)
    settle(app, 0.6)
    assert scene.board.top("stock").card is None          # back in the pile, face down: nothing shown
    key(app, pygame.K_d)
    assert scene.host.state.held == drawn                      # the deal stays as it was


def test_skyjo_a_turned_card_is_taken_back_and_turns_up_the_same(app):
    scene = skyjo_turn(app, seed=8)
    scene.act(SK.DRAW)
    scene.act(SK.DISCARD)
    before = scene.host.state
    assert before.phase == SK.Phase.FLIP
    slot = next(iter(SK.slots_of(before.hidden[0])))
    scene.act(SK.FLIP[slot])
    value = scene.host.state.grids[0][slot]
    settle(app, 2.0)
    assert scene.undo(), toasts(app)
    assert scene.host.state == before and scene.host.state.hidden[0] >> slot & 1
    settle(app, 0.6)
    assert scene.board.top(f"grid:0:{slot}").card is None  # face down again
    scene.act(SK.FLIP[slot])
    assert scene.host.state.grids[0][slot] == value


def test_skyjo_undo_stops_at_the_other_humans_move(app):
    scene = open_scene(app, SkyjoScene(app, {"players": 3, "hotseat": 2, "practice": True}, seed=4))
    jump(scene, SK.deal({"players": 3}, [[1, 2, 3] * 4, [4, 5, 6] * 4, [7, 8, 9] * 4],
                          [7, 9, 5, 6], [12], face_up=[[0, 1]] * 3, current=0))
    scene.sync(animate=False)
    scene.refresh_moves()
    scene.act(SK.DRAW)                                    # seat 0 draws the 6 (a card shown)...
    scene.act(SK.DISCARD)
    scene.act(SK.FLIP[5])                                 # ...and turns a card
    after_zero = scene.host.state
    settle(app, 2.0)
    assert scene.curtain == 1
    scene.lift_curtain()
    assert scene.viewer == 1 and scene.human_turn
    assert not scene.undo()                               # seat 0's moves are seat 0's
    assert scene.host.state == after_zero and "Another player" in toasts(app)
    scene.act(SK.DRAW)                                    # seat 1 draws: their own move goes back
    assert scene.undo() and scene.host.state == after_zero
    assert not scene.undo() and scene.host.state == after_zero


def test_skyjo_the_news_of_a_move_taken_back_goes_with_it(app):
    scene = open_scene(app, SkyjoScene(app, {"players": 2, "practice": True}, seed=4))
    jump(scene, SK.deal({"players": 2}, [[5, 5, 9, 1, 2, 3, 4, 6, 7, 8, 10, 11], [1, 2, 3] * 4], [7, 9, 6], [5],
                          face_up=[[0, 1], [0, 1]], current=0))
    scene.sync(animate=False)
    scene.refresh_moves()
    scene.news.clear()
    scene.act(SK.TAKE[2])                                 # the third 5: the column clears
    settle(app, 0.8)
    assert scene.news.showing is not None
    assert scene.undo() and scene.news.showing is None


def test_skyjo_a_resumed_practice_game_takes_back_the_moves_before_the_resume(app, tmp_path):
    scene = skyjo_turn(app)
    before = scene.host.state
    scene.act(SK.DRAW)
    drawn = scene.host.state.held
    saved = app.storage.load_game("skyjo")
    again = open_scene(app, SkyjoScene(app, saved["options"], resume=saved))
    assert again.host.state.held == drawn
    assert again.undo(), toasts(app)
    assert again.host.state == before


# ---------------------------------------------------------------- Three Thirteen

def test_three_thirteen_a_draw_from_the_stock_is_taken_back_and_comes_again(app):
    scene = open_scene(app, ThreeThirteenScene(app, {"players": 2, "practice": True}, seed=6))
    wait_for_human(app, scene)
    before = scene.host.state
    assert before.phase == TT.Phase.DRAW
    key(app, pygame.K_d)                                  # the stock's top card, unseen until now
    new = set(scene.host.state.hands[0]) - set(before.hands[0])
    assert len(new) == 1
    ctrl_z(app)
    assert scene.host.state == before, toasts(app)
    key(app, pygame.K_d)
    assert set(scene.host.state.hands[0]) - set(before.hands[0]) == new


def test_three_thirteen_a_discard_and_the_computers_turn_after_it_are_taken_back(app):
    scene = open_scene(app, ThreeThirteenScene(app, {"players": 3, "practice": True}, seed=6))
    wait_for_human(app, scene)
    scene.act(TT.STOCK)
    first = scene.drawn
    before = scene.host.state
    scene.act(next(a for a in TT.legal_actions(scene.host.state) if a.kind == "discard" and a.card != first))
    settle(app, 1.0)
    wait_for_human(app, scene)                            # both computers drew (cards unseen) and threw
    assert len(scene.actions) >= 4
    scene.act(TT.STOCK)                                   # the next turn's draw...
    assert scene.drawn != first
    ctrl_z(app)                                           # ...goes back, then the discard and their turns
    ctrl_z(app)
    assert scene.host.state == before, toasts(app)
    assert scene.actions[-1] == "stock" and scene.drawn == first
    settle(app, 0.6)
    from cardgames.games.three_thirteen.scene import NEW_CARD
    assert [s.card for s in scene.board.sprites("hand:0") if s.highlight == NEW_CARD] == [first]


# ---------------------------------------------------------------- Switch

def switch_must_draw(app, seed, **options):
    """A seeded practice game at a turn where the human has nothing to play (a draw is their move)."""
    scene = open_scene(app, SwitchScene(app, {"players": 2, "practice": True, **options}, seed=seed))
    for _ in range(40):
        wait_for_human(app, scene, ready=lambda: scene.host.state.phase is SW.PLAY)
        mine = SW.legal_actions(scene.host.state)
        if any(a.kind is SW.K_DRAW for a in mine):
            return scene
        play = next(a for a in mine if a.kind is SW.K_PLAY or a.kind is SW.K_TAKE or a.kind is SW.K_PASS)
        scene.act(play)
        settle(app, 0.5)
    raise AssertionError("never had to draw")


def test_switch_a_draw_is_taken_back_and_the_same_card_comes_again(app):
    scene = switch_must_draw(app, seed=4)
    before = scene.host.state
    key(app, pygame.K_p)                                  # draw (P): the stock's top card
    new = set(scene.host.state.hands[0]) - set(before.hands[0])
    assert len(new) == 1
    ctrl_z(app)
    assert scene.host.state == before, toasts(app)
    settle(app, 0.6)
    assert all(s.card is None for s in scene.board.sprites("stock"))
    key(app, pygame.K_p)
    assert set(scene.host.state.hands[0]) - set(before.hands[0]) == new


def test_switch_start_mode_with_two_humans_takes_back_a_play(app):
    scene = open_scene(app, SwitchScene(app, {"players": 3, "open": True, "hotseat": 2, "practice": True}, seed=3))
    wait_for_human(app, scene)
    assert scene.current == 0 and scene.viewer == 0
    before = scene.host.state
    play = next(a for a in SW.legal_actions(scene.host.state) if a.kind is SW.K_PLAY or a.kind is SW.K_DRAW)
    assert scene.act(play)
    ctrl_z(app)
    assert scene.host.state == before, toasts(app)


def test_switch_another_humans_out_of_turn_call_is_not_taken_back(app):
    scene = open_scene(app, SwitchScene(app, {"players": 3, "hotseat": 2, "practice": True}, seed=3))
    jump(scene, SW.deal({"players": 3}, [parse_cards("5C 6C"), parse_cards("9D KD 2S"), parse_cards("3S 4S")],
                          parse_cards("4H 6D 7S KH"), parse_cards("9C")))
    scene.sync(animate=False)
    scene.refresh_moves()
    assert scene.current == 0
    scene.act(SW.parse_action("0 play 5C"))               # seat 0 is left with one card, uncalled
    assert scene.host.state.exposed == 0 and scene.current == 1
    scene.act(SW.parse_action("0 call"))                  # and calls, out of turn: seat 1 is to play
    called = scene.host.state
    settle(app, 2.0)
    assert scene.curtain.down
    scene.curtain.lift()
    assert scene.viewer == 1 and scene.human_turn
    assert not scene.undo()
    assert scene.host.state == called and "Another player" in toasts(app)


def test_switch_a_finished_hand_is_not_taken_back(app):
    scene = open_scene(app, SwitchScene(app, {"players": 2, "practice": True}, seed=3))
    jump(scene, SW.deal({"players": 2}, [parse_cards("5C"), parse_cards("9D KD")], parse_cards("4H 6D 7S"),
                          parse_cards("9C"), called=(True, False)))
    scene.sync(animate=False)
    scene.refresh_moves()
    scene.act(SW.parse_action("0 play 5C"))               # out: the game is won and counted
    assert scene.over
    assert not scene.undo() and scene.over
    assert "A finished hand cannot be taken back." in toasts(app)


def test_skyjo_undoing_the_first_move_keeps_the_round_title_on_the_log(app):
    scene = open_scene(app, SkyjoScene(app, {"players": 2, "practice": True}, seed=5))
    wait_for_human(app, scene)
    assert scene.move_log.model.sections[-1].title == "Round 1"
    scene.act(SK.legal_actions(scene.host.state)[0])           # the first set-up flip
    assert scene.undo() and scene.actions == []
    assert [s.title for s in scene.move_log.model.sections] == ["Round 1"]
