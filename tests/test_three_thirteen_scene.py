"""The Three Thirteen table driven headless by real mouse and key events through App.step."""
from __future__ import annotations

import random

import pygame
import pytest
from scene_events import FRAME, ask_for_summary, centre, click, drag, key, play_round, settle, table_app, wait_for_human

from cardgames import records
from cardgames.core.cards import parse_cards
from cardgames.engine.scene import Scene
from cardgames.games.three_thirteen import ai
from cardgames.games.three_thirteen import rules as R
from cardgames.games.three_thirteen.rules import OUT, Phase
from cardgames.games.three_thirteen.scene import HAND_Y, LAID_Y, ThreeThirteenScene
from cardgames.games.three_thirteen.summary import RoundSummaryScene


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def open_scene(app, **options):
    scene = ThreeThirteenScene(app, {"players": 2, "level": "normal", **options}, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app)
    return scene


def grip(scene, card):
    """A point on the visible part of that card in the viewer's hand (the fan overlaps)."""
    sprite = next(s for s in scene.board.sprites(f"hand:{scene.viewer}") if s.card == card)
    return (sprite.rect.x + 8, sprite.rect.y + 24)


def plan(scene):
    """What a plain player would do, from the human's observation (the normal AI's choice)."""
    obs = scene.observation()
    legal = [R.parse_action(text) for text in scene.latest().legal]
    return ai.choose(obs, legal, random.Random(0), "normal")


def human_move_by_mouse(app, scene):
    action = plan(scene)
    me = scene.viewer
    before = len(scene.actions)
    if action.kind == "stock":
        drag(app, centre(scene, "stock"), centre(scene, f"hand:{me}"))
    elif action.kind == "take":
        drag(app, centre(scene, "discard"), centre(scene, f"hand:{me}"))
    elif action == OUT:
        click(app, scene.buttons["out"].rect.center)
    else:
        drag(app, grip(scene, action.card), centre(scene, "discard"))
    assert len(scene.actions) == before + 1, f"the {scene.observation().phase.name} input ({action}) did nothing"


def human_move_by_keys(app, scene):
    """Tab to the wanted pile or card, then Enter; G goes out."""
    action = plan(scene)
    before = len(scene.actions)

    def press_on(target):
        """Tab to the target, then Enter until the move is made: the first Enter may only show
        the focus, and a card of your hand is picked up first, then put on the discard pile."""
        for _ in range(40):
            if scene.focus.current is target or scene.focus.current == target:
                for _ in range(3):
                    key(app, pygame.K_RETURN)
                    if len(scene.actions) > before:
                        return
                return
            key(app, pygame.K_TAB)
        raise AssertionError(f"Tab never reached {target}; keys {scene.focus.keys}")

    if action.kind == "stock":
        press_on(scene.board.top("stock"))
    elif action.kind == "take":
        press_on(scene.board.top("discard"))
    elif action == OUT:
        key(app, pygame.K_g)
    else:
        press_on(next(s for s in scene.board.sprites(f"hand:{scene.viewer}") if s.card == action.card))
    assert len(scene.actions) == before + 1, f"the {scene.observation().phase.name} keys ({action}) did nothing"


def test_a_whole_round_by_mouse_then_the_summary_deals_the_next(app):
    scene = open_scene(app)
    play_round(app, scene, human_move_by_mouse, RoundSummaryScene)
    assert scene.host.state.phase == Phase.ROUND_OVER
    key(app, pygame.K_RETURN)          # "Next round"
    settle(app, 0.3)                   # mid-deal: the old faces were turned down, none shows again
    assert not any(s.shown_up for name in ("stock", "hand:1") for s in scene.board.sprites(name))
    assert all(s.shown_card in (s.card, None) for s in scene.board.sprites("hand:0"))
    settle(app, 1.7)
    assert scene.host.state.round_no == 2 and app.stack.top is scene
    assert len(scene.board.sprites("stock")) == len(scene.host.state.stock)
    assert sorted(map(str, (s.card for s in scene.board.sprites("hand:0")))) == sorted(map(str, scene.host.state.hands[0]))


def test_a_whole_round_by_keyboard(app):
    scene = open_scene(app, level="easy")
    play_round(app, scene, human_move_by_keys, RoundSummaryScene)


def test_sort_keys_and_buttons_order_the_hand(app):
    scene = open_scene(app)
    wait_for_human(app, scene)
    me = scene.viewer

    def shown():
        return [s.card for s in scene.board.sprites(f"hand:{me}")]

    key(app, pygame.K_r)
    settle(app, 0.5)
    wild = int(R.wild_rank(scene.host.state.round_no))
    assert shown() == sorted(shown(), key=lambda c: (int(c.rank) == wild, int(c.rank), int(c.suit)))
    click(app, scene.buttons["suit"].rect.center)
    settle(app, 0.5)
    assert scene.mode == "suit"
    assert shown() == sorted(shown(), key=lambda c: (int(c.rank) == wild, int(c.suit), int(c.rank)))


def scripted(app, scene, state):
    """Put a scripted deal on the table (the seat order and options of the scene's game)."""
    scene.host.jump(state)
    scene.take_updates()
    scene.order = []
    scene.sync(animate=False)
    scene.refresh_moves()
    settle(app, 0.3)


def test_reordering_by_drag_and_arranging_melds(app):
    scene = open_scene(app)
    state = R.deal(None, ["KS 9C 7H 9D 8H 9S 6H", "2C 4D 6S 8C 10D QC AH"], stock="2D 5C", discard="JD",
                   round_no=5, dealer=1)  # 7s wild
    scripted(app, scene, state)
    scene.set_mode("manual")
    settle(app, 0.3)
    me = scene.viewer
    first = scene.board.sprites(f"hand:{me}")[0].card
    last = scene.board.sprites(f"hand:{me}")[-1]
    drag(app, grip(scene, first), (last.rect.right - 10, last.rect.centery))
    settle(app, 0.5)
    assert [s.card for s in scene.board.sprites(f"hand:{me}")][-1] == first and scene.mode == "manual"
    assert scene.host.state is state  # reordering is not a move
    key(app, pygame.K_m)
    settle(app, 0.5)
    sprites = scene.board.sprites(f"hand:{me}")
    raised = [s.card for s in sprites if s.home[1] < HAND_Y - 1]
    assert raised == list(parse_cards("KS"))  # 9C 9D 9S and 6H 7H 8H meld; the King is loose
    assert scene.hand_penalty(scene.observation()) == 10


def test_go_out_is_lit_only_when_legal_and_lays_the_melds_down(app):
    scene = open_scene(app)
    state = R.deal(None, ["9C 9D KS", "2H 5C 8D"], stock="6D 4C 3H", discard="JD", round_no=1, dealer=1)
    scripted(app, scene, state)
    assert not scene._button_enabled("out")
    key(app, pygame.K_g)
    assert scene.host.state is state and "invalid" in app.sounds
    drag(app, centre(scene, "stock"), centre(scene, "hand:0"))
    settle(app, 0.5)
    assert scene.host.state.phase == Phase.DISCARD and scene._button_enabled("out")
    click(app, scene.buttons["out"].rect.center)
    settle(app, 0.5)
    assert scene.host.state.phase == Phase.GOING_OUT
    sprites = scene.board.sprites("hand:0")
    assert [s.card for s in sprites if s.home[1] < HAND_Y - 1] == list(parse_cards("KS"))  # the card to throw
    drag(app, grip(scene, parse_cards("KS")[0]), centre(scene, "discard"))
    settle(app, 1.0)
    assert scene.host.state.out_seat == 0
    assert all(abs(s.home[1] - LAID_Y) < 1 for s in scene.board.sprites("hand:0"))  # laid on the table
    wait_for_human(app, scene)
    settle(app, 3.0)
    ask_for_summary(app, scene)     # the final table stays in view until the player asks
    assert isinstance(app.stack.top, RoundSummaryScene)
    assert scene.host.state.rounds[-1].scores[0] == 0


def test_the_last_round_ends_the_game_with_a_winner_and_statistics(app):
    scene = open_scene(app)
    state = R.deal(None, ["9C 9D 9S 2H 3H 4H 5H 6D 7D 8D 10S JS QS", "AD AS 2D 2S 4D 4S 6C 6H 8C 8H 10C 10H QC"],
                   stock="4C QH", discard="JD", round_no=11, dealer=1, totals=(40, 45))   # 13 cards, you go out
    scripted(app, scene, state)
    drag(app, centre(scene, "stock"), centre(scene, "hand:0"))
    settle(app, 0.5)
    key(app, pygame.K_g)
    settle(app, 0.5)
    drag(app, grip(scene, parse_cards("QH")[0]), centre(scene, "discard"))
    wait_for_human(app, scene)
    settle(app, 4.0)
    ask_for_summary(app, scene)
    assert scene.over and isinstance(app.stack.top, RoundSummaryScene)
    assert app.stack.top.title() == "Game over: You win!"
    stats = records.load(app.storage, "three_thirteen")["modes"]["standard"]
    assert stats["games"] == 1 and stats["wins"] == 1
    assert stats["figures"]["best_total"] == 40 and stats["figures"]["rounds_out"] == 1


def test_an_autosaved_game_resumes_where_it_was(app):
    scene = open_scene(app)
    for _ in range(3):
        wait_for_human(app, scene)
        human_move_by_mouse(app, scene)
    data = scene.save_data()
    assert data["game"] == "three_thirteen" and data["actions"]
    again = ThreeThirteenScene(app, {}, resume=data)
    assert again.host.state == scene.host.state and again.actions == scene.actions


def test_a_click_picks_a_card_up_and_a_click_on_the_pile_throws_it(app):
    scene = open_scene(app)
    state = R.deal(None, ["9C 9D KS", "2H 5C 8D"], stock="6D 4C", discard="JD", round_no=1, dealer=1)
    scripted(app, scene, state)
    click(app, centre(scene, "stock"))           # a click on the stock draws
    settle(app, 0.5)
    assert scene.host.state.phase == Phase.DISCARD
    drawn = scene.host.state
    click(app, grip(scene, parse_cards("KS")[0]))
    settle(app, 0.3)
    assert scene.host.state is drawn                  # picked up, not thrown
    click(app, centre(scene, "discard"))
    settle(app, 0.5)
    assert scene.host.state.discard[-1] == parse_cards("KS")[0]


def test_shift_arrows_move_the_focused_card_of_your_hand(app):
    scene = open_scene(app)
    state = R.deal(None, ["KS 9C 7H 9D 8H 9S 6H", "2C 4D 6S 8C 10D QC AH"], stock="2D 5C", discard="JD",
                   round_no=5, dealer=0)  # the computer draws first: your cards can still be arranged
    scripted(app, scene, state)
    me = f"hand:{scene.viewer}"
    before = [s.card for s in scene.board.sprites(me)]
    first = scene.board.sprites(me)[0]
    key(app, pygame.K_TAB)
    for _ in range(12):
        if scene.focus.current is first:
            break
        key(app, pygame.K_TAB)
    assert scene.focus.current is first
    app.step(FRAME, [pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RIGHT, "mod": pygame.KMOD_LSHIFT,
                                                         "unicode": "", "scancode": 0})])
    after = [s.card for s in scene.board.sprites(me)]
    assert after == [before[1], before[0]] + before[2:] and scene.mode == "manual"
    assert scene.focus.current is first                        # the focus follows the card


def test_the_card_you_drew_is_outlined_until_you_discard(app):
    from cardgames.games.three_thirteen.scene import NEW_CARD

    scene = open_scene(app)
    state = R.deal(None, ["KS 9C 7H 9D 8H 9S 6H", "2C 4D 6S 8C 10D QC AH"], stock="KD JC 4S 3H 2D 5C",
                   discard="JD", round_no=5, dealer=1)
    scripted(app, scene, state)
    assert scene.human_turn
    key(app, pygame.K_d)                                  # draws the 5C from the stock
    settle(app, 0.5)
    marked = [str(s.card) for s in scene.board.sprites("hand:0") if s.highlight == NEW_CARD]
    assert marked == ["5C"]
    drag(app, grip(scene, parse_cards("KS")[0]), centre(scene, "discard"))
    settle(app, 0.1)
    assert not any(s.highlight == NEW_CARD for s in scene.board.all_sprites())
    wait_for_human(app, scene)
    key(app, pygame.K_d)
    settle(app, 0.5)
    assert scene.drawn is not None and scene.drawn != parse_cards("5C")[0]
    scene.act(R.Action("discard", scene.drawn))   # thrown without a drag (which clears glows by itself)
    assert scene.host.state.discard[-1] == scene.drawn
    settle(app, 0.1)
    assert not any(s.highlight == NEW_CARD for s in scene.board.all_sprites())


def test_the_round_summary_waits_for_the_player(app):
    class Marker(Scene):  # stands in for the summary: only when it opens matters here
        overlay = True

        def __init__(self, app, table):
            super().__init__(app)

    scene = open_scene(app)
    scene.summary_class = Marker
    scene.show_summary_later()
    settle(app, 5.0)
    assert app.stack.top is scene          # the table stays in view...
    ask_for_summary(app, scene)
    assert isinstance(app.stack.top, Marker)  # ...until the player asks for the summary


# --- issue 9 fixes ------------------------------------------------------------------------

def test_laying_down_on_the_last_turn_counts_as_going_out(app):
    """'Rounds gone out' counts every going out: here the computer goes out first and you lay
    everything down on your last turn (the old count only knew the first to go out)."""
    scene = open_scene(app)
    state = R.deal(None, ["AH AC AD AS 2C 3C 4C 5C 6H 7H 8H 9H 10H", "9C 9D 9S 2H 3H 4H 5H 6D 7D 8D 10S JS QS"],
                   stock="QH 4D", discard="JD", round_no=11, dealer=0, totals=(40, 45))   # both meld every card
    scripted(app, scene, state)
    wait_for_human(app, scene)
    assert scene.host.state.out_seat == 1
    drag(app, centre(scene, "stock"), centre(scene, "hand:0"))
    settle(app, 0.5)
    key(app, pygame.K_g)
    settle(app, 0.5)
    drag(app, grip(scene, parse_cards("QH")[0]), centre(scene, "discard"))
    settle(app, 4.0)
    assert scene.over and scene.host.state.rounds[-1].scores == (0, 0)
    texts = [line.text for line in scene.move_log.model.all_lines()]
    assert "You drew from the stock and laid every card down, discarding Q\u2665" in texts
    assert records.load(app.storage, "three_thirteen")["modes"]["standard"]["figures"]["rounds_out"] == 1


def test_throwing_back_the_card_just_taken_says_why(app):
    scene = open_scene(app)
    state = R.deal(None, ["9C 9D KS", "2H 5C 8D"], stock="6D 4C", discard="JD", round_no=1, dealer=1)
    scripted(app, scene, state)
    drag(app, centre(scene, "discard"), centre(scene, "hand:0"))
    settle(app, 0.6)
    taken = parse_cards("JD")[0]
    drag(app, grip(scene, taken), centre(scene, "discard"))
    settle(app, 0.6)
    assert scene.host.state.phase == Phase.DISCARD and taken in scene.host.state.hands[0]
    assert any("You took the Jack of diamonds from the discard pile" in t[0] for t in app.toasts.queue)
    assert "invalid" in app.sounds


def test_a_game_resumed_mid_turn_keeps_the_other_hands_in_their_boxes(app):
    scene = ThreeThirteenScene(app, {"players": 4, "level": "normal"}, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    wait_for_human(app, scene)
    scene.act(R.STOCK)
    settle(app, 1.0)
    again = ThreeThirteenScene(app, {}, resume=scene.save_data())
    assert again.host.state.phase == Phase.DISCARD
    for seat in (1, 2, 3):
        box = again._box(seat)
        for sprite in again.board.sprites(f"hand:{seat}"):
            assert box.contains(sprite.rect), (seat, sprite.rect, box)


def test_pass_and_play_curtain_between_two_humans(app):
    from cardgames.ui.curtain import LOOK

    scene = ThreeThirteenScene(app, {"players": 3, "hotseat": 2, "level": "normal"}, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    state = R.deal({"players": 3}, ["9C 9D KS", "2H 5C 8D", "4H 4S 7C"], stock="2D QS 6D 4C 3H", discard="JD",
                   round_no=1, dealer=2)
    scripted(app, scene, state)
    assert scene.humans == (0, 1) and scene.human_turn and scene.viewer == 0
    drag(app, centre(scene, "stock"), centre(scene, "hand:0"))          # draws 3H
    settle(app, 0.5)
    drag(app, grip(scene, parse_cards("3H")[0]), centre(scene, "discard"))
    assert scene.actions == ["stock", "discard 3H"]
    settle(app, 0.6)
    assert not scene.curtain.down                                        # the table stays a moment
    settle(app, LOOK)
    assert scene.curtain.down and scene.curtain.seat == 1 and not scene.human_turn
    key(app, pygame.K_RETURN)
    assert scene.viewer == 1 and scene.human_turn
    assert sorted(str(s.card) for s in scene.board.sprites("hand:1")) == ["2H", "5C", "8D"]
    assert all(s.card is None for s in scene.board.sprites("hand:0"))
    for sprite in scene.board.sprites("hand:0"):                         # now a small hand in its box
        assert scene._box(0).contains(sprite.rect)
    take = [s for s in scene.move_log.model.lines if "Player 1" in s.text]
    assert take and take[-1].text == "Player 1 drew from the stock and discarded 3\u2665"


@pytest.mark.parametrize("ace_high, text", [(False, "Aces low (1 pt)"), (True, "Aces high or low (15 pts)")])
def test_the_table_shows_the_ace_rule(app, ace_high, text):
    scene = open_scene(app, ace_high=ace_high)
    scene.draw(pygame.Surface((1280, 720)))
    assert any(key[0] == text for key in scene._text_cache)


def test_a_card_another_player_takes_from_the_discard_pile_stays_marked_until_they_throw(app):
    from cardgames.games.three_thirteen.scene import NEW_CARD

    class Scripted(ThreeThirteenScene):
        """The computer seat plays the test's moves, one each time the test lets it."""
        script = iter([R.TAKE, R.Action("discard", parse_cards("8D")[0])])
        held = True

        def table_choose(self):
            return lambda state, seat, rng, level: next(self.script)

        def computer_may_move(self):
            return not self.held

    def let_the_computer_move():
        before = len(scene.actions)
        scene.held = False
        for _ in range(300):
            app.step(FRAME)
            if len(scene.actions) > before:
                break
        scene.held = True
        settle(app, 0.6)
        assert len(scene.actions) == before + 1

    scene = Scripted(app, {"players": 2, "level": "normal"}, seed=3)
    app.stack.push(scene)
    app.stack.apply_pending()
    state = R.deal(None, ["9C 9D KS", "2H 5C 8D"], stock="6D 4C", discard="JD", round_no=1, dealer=0)
    scripted(app, scene, state)
    let_the_computer_move()                             # seat 1 takes the JD
    assert scene.actions == ["take"]
    marked = [s for s in scene.board.sprites("hand:1") if s.face_up]
    assert [str(s.card) for s in marked] == ["JD"] and marked[0].highlight == NEW_CARD
    assert scene._box(1).contains(marked[0].rect)
    let_the_computer_move()                             # and throws the 8D
    assert not any(s.face_up or s.card is not None for s in scene.board.sprites("hand:1"))
    everywhere = [s for pile in scene.board.piles for s in scene.board.sprites(pile)]
    assert not any(s.highlight == NEW_CARD for s in everywhere)   # the outline does not fly with the thrown card


def test_a_resumed_game_still_counts_the_times_you_went_out(app):
    """Who made each move is remembered from the updates that told the game so far (a resumed game
    too), so "rounds gone out" counts a going out from before the save."""
    scene = open_scene(app)
    for _ in range(300):
        wait_for_human(app, scene)
        if scene.result_figures()["rounds_out"] or scene.over:
            break
        if scene.summary_waiting:
            scene.next_round()
            settle(app, 0.5)
            continue
        human_move_by_mouse(app, scene)
    assert scene.result_figures() == {"rounds_out": 1}
    again = ThreeThirteenScene(app, {}, resume=scene.save_data())
    assert again.actions == scene.actions and again.result_figures() == {"rounds_out": 1}
