"""Switch table, headless: real mouse and key events through App.step drive whole hands.

The scene is a view of its table: positions are dealt at the table and the computers' moves are
scripted there (tests/switch_table.py); what the scene shows comes from what its seat is sent.
Run with CARDGAMES_LINE=wire too: the same through bytes."""
from __future__ import annotations

import pygame
import pytest
import scene_events
from scene_events import FRAME, click, drag, key, settle, table_app
from switch_table import computer_moves, human_choice, open_table

from cardgames import records
from cardgames.core.cards import parse_cards
from cardgames.games.switch import rules as R
from cardgames.games.switch.catch import HOLD
from cardgames.games.switch.scene import CALL_BUTTON, MOVE_BUTTON, SwitchScene
from cardgames.games.switch.summary import SwitchSummary


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def sprite_of(scene, card):
    return next(s for s in scene.board.sprites("hand:0") if s.card == card)


def wait_for_human(app, scene, limit=30.0):
    """Let the computer play until it is the human's move in a hand still going on, or the game ends."""
    scene_events.wait_for_human(app, scene, limit, ready=lambda: scene.observation().phase is not R.HAND_OVER)


def play_by_mouse(app, scene, action, use_drag):
    before = len(scene.actions)
    if action.kind is R.K_CALL:
        click(app, CALL_BUTTON.center)
    elif action.kind is R.K_PLAY:
        card = sprite_of(scene, action.card)
        if use_drag:
            drag(app, card.rect.center, scene.board.piles["discard"].base_rect(scene.card_size).center)
        else:
            click(app, card.rect.center)
        if scene.choosing is not None:                 # a Jack: the suit chooser
            rect = dict(scene.suit_buttons())[action.suit]
            click(app, rect.center)
    elif action.kind in (R.K_DRAW, R.K_TAKE):
        click(app, scene_events.centre(scene, "stock"))        # (an empty stock: its place turns the pile over)
    else:
        click(app, MOVE_BUTTON.center)
    assert scene.actions[before:before + 1] == [str(action)], f"{action} did not happen"


def play_by_keys(app, scene, action):
    before = len(scene.actions)
    if action.kind is R.K_CALL:
        key(app, pygame.K_l)
    elif action.kind is R.K_PLAY:
        key(app, pygame.K_TAB)
        for _ in range(len(scene.focus.keys) + 1):
            current = scene.focus.current
            if getattr(current, "card", None) == action.card:
                break
            key(app, pygame.K_TAB)
        key(app, pygame.K_RETURN)
        if scene.choosing is not None:
            key(app, {"C": pygame.K_c, "D": pygame.K_d, "H": pygame.K_h, "S": pygame.K_s}[action.suit.letter])
    else:
        key(app, pygame.K_p)
    assert scene.actions[before:before + 1] == [str(action)], f"{action} did not happen by keys"


def play_whole_hand(app, scene, mover, call=True):
    """The human plays by `mover` until the hand is over (calling "last card" if `call`); returns
    how many moves the human made."""
    moves = 0
    while not scene.over:
        wait_for_human(app, scene)
        if scene.over:
            break
        mover(human_choice(scene, call), moves)
        moves += 1
        assert moves < 200
    settle(app, 3)
    return moves


def test_a_whole_hand_by_mouse(app):
    scene = open_table(app, seed=3)
    moves = play_whole_hand(app, scene, lambda a, i: play_by_mouse(app, scene, a, use_drag=i % 2 == 0))
    assert moves > 3 and R.is_over(scene.host.state) and scene.over
    assert isinstance(app.stack.top, SwitchSummary)
    stats = records.load(app.storage, "switch")["modes"]["single"]
    assert stats["games"] == 1 and stats["wins"] == int(scene.host.state.winner == 0)
    assert stats["figures"]["hands"] == 1 and stats["figures"]["hands_won"] == stats["wins"]


def test_a_whole_hand_by_keys(app):
    scene = open_table(app, seed=8)
    moves = play_whole_hand(app, scene, lambda a, i: play_by_keys(app, scene, a))
    assert moves > 3 and R.is_over(scene.host.state) and scene.over


def test_the_view_plays_a_hand_from_what_its_seat_is_sent(app, monkeypatch):
    """No Switch module of the view reads the table's State or history: a whole hand (the human
    never calls, the hard computer catches), the countdown drawn, the statistics and the summary."""
    import sys

    from cardgames.ui.table_line import TableLine

    read = []

    def hidden(name):
        def get(self):
            caller = sys._getframe(1).f_code.co_filename.replace("\\", "/")
            if "/games/switch/" in caller:
                read.append(f"{caller}:{sys._getframe(1).f_lineno} read scene.{name}")
            return getattr(self.host, name)
        return property(get)

    monkeypatch.setattr(TableLine, "state", hidden("state"), raising=False)   # (the view has none: any read is caught)
    monkeypatch.setattr(TableLine, "history", hidden("history"), raising=False)
    scene = open_table(app, {"level": "hard"}, seed=8)
    drawn = []
    draw = scene.window.draw
    monkeypatch.setattr(scene.window, "draw", lambda *a: (drawn.append(scene.window.countdown(0)[0]), draw(*a)))
    play_whole_hand(app, scene, lambda a, i: play_by_mouse(app, scene, a, use_drag=False), call=False)
    assert read == []
    assert any("A computer may catch you" in text for text in drawn), drawn     # the window was shown
    assert any(a.endswith("catch 0") for a in scene.actions)                   # and the computer caught
    assert isinstance(app.stack.top, SwitchSummary)
    stats = records.load(app.storage, "switch")["modes"]["single"]
    assert stats["games"] == 1 and stats["figures"]["caught"] == sum(a == "1 catch 0" for a in scene.actions)


def test_a_resumed_game_still_counts_the_catches_made_before_it(app):
    """The statistics' figures come from the updates: a resumed game counts from the table's story."""
    scene = open_table(app, {"level": "hard"}, seed=8)
    while "1 catch 0" not in scene.actions:                             # the human never calls
        wait_for_human(app, scene)
        assert not scene.over
        scene.act(human_choice(scene, call=False))
    settle(app, 0.5)
    assert scene.game_result(False).figures["caught"] == 1
    saved = {"options": dict(scene.options), "seed": scene.seed, "actions": list(scene.actions)}
    resumed = SwitchScene(app, saved["options"], resume=saved)
    assert resumed.actions == saved["actions"]
    assert resumed.game_result(False).figures == scene.game_result(False).figures


def test_illegal_card_dragged_snaps_back_with_the_reason(app):
    state = R.deal({}, [parse_cards("5C KD"), parse_cards("3D 4D 7H")], parse_cards("4H 4S 6C"), parse_cards("9C"))
    scene = open_table(app, state=state)
    card = sprite_of(scene, parse_cards("KD")[0])
    home = card.home
    drag(app, card.rect.center, scene.board.piles["discard"].base_rect(scene.card_size).center)
    assert scene.actions == [] and card.pile == "hand:0"
    assert any("matches neither" in t[0] for t in app.toasts.queue)
    settle(app, 0.6)
    assert card.pos == home


def test_playable_cards_stand_up_and_the_rest_are_veiled_on_your_turn(app):
    state = R.deal({}, [parse_cards("5C 3D KD 8S"), parse_cards("3H 4D 7H")], parse_cards("4H 4S 6C"),
                   parse_cards("9C"))
    scene = open_table(app, state=state, wait=0)
    app.step(FRAME)
    assert scene.dealing() and not any(s.dim or s.lift for s in scene.board.sprites("hand:0"))
    settle(app, 1.5)                                                    # the deal has landed
    marks = {str(s.card): (s.lift, s.dim) for s in scene.board.sprites("hand:0")}
    assert marks == {"5C": (1.0, False), "3D": (0.0, True), "KD": (0.0, True), "8S": (0.0, True)}
    click(app, sprite_of(scene, parse_cards("5C")[0]).rect.center)
    settle(app, 0.5)
    assert not scene.human_turn                                         # the computer's turn now
    assert not any(s.dim or s.lift for s in scene.board.sprites("hand:0"))
    assert not any(s.dim or s.lift for s in scene.board.sprites("discard"))   # the 5C lies flat


def test_the_hand_is_sorted_by_suit_then_rank_as_cards_come_and_go(app):
    state = R.deal({}, [parse_cards("KD 5C 8S 3D"), parse_cards("3H 4D 7H")], parse_cards("4H 2C 6C"),
                   parse_cards("JH"))
    scene = open_table(app, state=state)
    assert [str(s.card) for s in scene.board.sprites("hand:0")] == ["5C", "3D", "KD", "8S"]
    click(app, scene.board.top("stock").rect.center)                    # draws 6C: it goes among the clubs
    settle(app, 0.6)
    assert [str(s.card) for s in scene.board.sprites("hand:0")][:2] == ["5C", "6C"]


def test_forgotten_call_is_caught_by_the_computer(app):
    state = R.deal({}, [parse_cards("5C 6C"), parse_cards("3D 4D 7H KS")], parse_cards("4H 4S 6D 7S"),
                   parse_cards("9C"))
    scene = open_table(app, {"level": "hard"}, state=state)
    click(app, sprite_of(scene, parse_cards("5C")[0]).rect.center)      # no "Last card!" first
    assert scene.observation().exposed == 0 and scene.actions == ["0 play 5C"]
    settle(app, 0.3)
    assert scene.window.open and scene.actions == ["0 play 5C"]         # the countdown runs
    text, frac = scene.window.countdown(0)
    deadline = scene.latest().deadlines[0]
    reaction = deadline.soonest - deadline.opened       # hard's reaction this time (median 0.8 s), not 3
    assert 0.2 <= reaction <= 3.2
    left = reaction - (scene.host.now - deadline.opened)
    assert 0 < left < reaction and 0 < frac < 1                         # (the card's flight holds the clock)
    assert f"A computer may catch you in {left:.1f}s" in text           # the table's clock, followed
    settle(app, reaction + 0.4)
    assert scene.actions[:2] == ["0 play 5C", "1 catch 0"]
    assert scene.observation().hand_sizes[0] == 3


def test_an_undone_catch_leaves_the_figures(app):
    state = R.deal({}, [parse_cards("5C 6C"), parse_cards("3D 4D 7H KS")], parse_cards("4H 4S 6D 7S"),
                   parse_cards("9C"))
    scene = open_table(app, {"level": "hard", "practice": True}, state=state)
    click(app, sprite_of(scene, parse_cards("5C")[0]).rect.center)      # no "Last card!" first
    settle(app, 1.5)                                                     # hard catches in 0.8 s
    assert scene.actions[:2] == ["0 play 5C", "1 catch 0"]
    assert scene.game_result(False).figures["caught"] == 1
    assert scene.undo()                                                  # your play and the catch after it
    assert scene.actions == [] and scene.game_result(False).figures["caught"] == 0


def test_late_call_is_not_caught(app):
    state = R.deal({}, [parse_cards("5C 6C"), parse_cards("3D 4D 7H KS")], parse_cards("4H 4S 6D 7S"),
                   parse_cards("9C"))
    scene = open_table(app, {"level": "hard"}, state=state)
    click(app, sprite_of(scene, parse_cards("5C")[0]).rect.center)
    key(app, pygame.K_l)                                                # "just after" playing it
    assert scene.actions == ["0 play 5C", "0 call"] and scene.observation().exposed is None
    settle(app, 2.0)
    assert "1 catch 0" not in scene.actions and scene.observation().hand_sizes[0] == 1


def test_human_catches_a_computer_by_double_clicking_its_panel(app):
    state = R.deal({}, [parse_cards("3D 4D 7H"), parse_cards("5C 6C")], parse_cards("4H 4S 6D 7S"),
                   parse_cards("9C"), turn=1)
    scene = open_table(app, state=state, wait=0, script=("1 play 5C",))        # the computer forgets to call
    computer_moves(app, scene)
    panel = scene.panel_rect(1)
    click(app, panel.center)
    click(app, panel.center)
    assert scene.actions[-1] == "0 catch 1" and scene.observation().hand_sizes[1] == 3


def test_a_catch_is_accepted_5_s_after_the_play_while_the_human_is_next(app):
    state = R.deal({}, [parse_cards("3D 4D 7H"), parse_cards("5C 6C")], parse_cards("4H 4S 6D 7S"),
                   parse_cards("9C"), turn=1)
    scene = open_table(app, state=state, wait=0, script=("1 play 5C",))
    computer_moves(app, scene)
    settle(app, 5.0)
    assert scene.window.open and scene.observation().exposed == 1
    text, frac = scene.window.countdown(0)
    assert text == "Catch! (double-click or C) before you move" and frac is None   # no time limit
    key(app, pygame.K_c)
    assert scene.actions == ["1 play 5C", "0 catch 1"] and scene.observation().hand_sizes[1] == 3


def missed_call_at_three_seats(app, monkeypatch):
    """Seat 1 plays down to one card without calling; nobody catches; seat 2 plays next (half a second on)."""
    from cardgames.games.switch import ai, presets

    blind = presets.Habits(forget_call=0.0, reaction_time=0.8, notice=0.0)      # nobody catches
    monkeypatch.setattr(ai, "habits", lambda level: blind)
    hands = [parse_cards("3D 4D 7H"), parse_cards("5C 6C"), parse_cards("KC 9D 2S")]
    state = R.deal({}, hands, parse_cards("4H 4S 6D 7S"), parse_cards("9C"), turn=1)
    scene = open_table(app, {"players": 3}, state=state, wait=0, script=("1 play 5C",))
    computer_moves(app, scene)
    settle(app, 0.5)
    return scene


def test_the_window_closes_when_the_next_computer_moves(app, monkeypatch):
    scene = missed_call_at_three_seats(app, monkeypatch)
    text, _frac = scene.window.countdown(0)
    assert text.startswith("Catch! (double-click or C)  2.") and len(scene.actions) == 1   # seat 2 holds back
    settle(app, HOLD + 0.5)
    assert len(scene.actions) == 2 and scene.actions[1].startswith("2 ")      # seat 2 moved: closed
    key(app, pygame.K_c)
    assert len(scene.actions) == 2
    assert any(t[0] == "Nobody can be caught now: nobody is left with one card without calling."
               for t in app.toasts.queue)


def test_a_computer_holding_back_for_the_window_shows_its_thinking_only_as_its_move_nears(app, monkeypatch):
    scene = missed_call_at_three_seats(app, monkeypatch)
    assert scene.latest().thinking == 2 and scene.thinking is None      # planned at the table: no dots yet
    closes = scene.latest().deadlines[0].closes
    while scene.thinking is None and len(scene.actions) == 1:
        app.step(FRAME)
    assert len(scene.actions) == 1 and scene.thinking == 2               # the dots, before its move lands
    assert closes - app.ai_delay - FRAME <= scene.host.now <= closes


def test_drawing_on_a_computers_turn_says_whose_turn_it_is(app):
    state = R.deal({}, [parse_cards("3D 4D 7H"), parse_cards("5C 6C 9S")], parse_cards("4H 4S 6D 7S"),
                   parse_cards("9C"), turn=1)
    scene = open_table(app, state=state, wait=0)
    app.sounds.clear()
    key(app, pygame.K_p)                                                # P: draw, but it is Ada's turn
    assert scene.actions == [] and "invalid" in app.sounds
    assert str(app.toasts.queue[-1][0]) == f"Wait for your turn: it is {scene.seat_name(1)}'s turn."


def test_catch_and_call_messages_read_correctly(app):
    scene = open_table(app, {"players": 3})
    scene.catch()
    scene.catch(1)
    scene.call_last_card()
    texts = [t[0] for t in app.toasts.queue]
    assert "Nobody can be caught now: nobody is left with one card without calling." in texts
    assert f"{scene.seat_name(1)} cannot be caught now." in texts
    assert not any("Nobody cannot" in t or "You cannot be caught" in t for t in texts)


def test_start_mode_shows_every_hand_and_the_stock_in_order(app):
    scene = open_table(app, {"open": True, "players": 3})
    state = scene.host.state
    assert [s.card for s in scene.board.sprites("stock")] == list(state.stock)
    for seat in (1, 2):
        assert [s.card for s in scene.board.sprites(f"hand:{seat}")] == list(state.hands[seat])
    assert scene.observation().all_hands is not None


def test_hidden_hands_stay_hidden(app):
    scene = open_table(app, {"players": 4})
    for seat in (1, 2, 3):
        assert all(s.card is None and not s.shown_up for s in scene.board.sprites(f"hand:{seat}"))
    assert all(s.card is None for s in scene.board.sprites("stock"))


def test_a_match_deals_the_next_hand_from_the_summary(app):
    state = R.deal({"match": True}, [parse_cards("5C"), parse_cards("8D AD KD")], parse_cards("4H 4S"),
                   parse_cards("9C"), called=(True, False))
    scene = open_table(app, {"match": True}, state=state)
    click(app, sprite_of(scene, parse_cards("5C")[0]).rect.center)
    settle(app, 3)
    assert isinstance(app.stack.top, SwitchSummary) and scene.observation().phase is R.HAND_OVER
    key(app, pygame.K_RETURN)
    settle(app, 0.2)
    obs = scene.observation()
    assert app.stack.top is scene and obs.hand_no == 1 and obs.totals == (0, 60)
    assert len(scene.board.sprites("hand:0")) == 7


def test_the_pickup_banner_and_the_active_suit(app):
    state = R.deal({}, [parse_cards("3D 4D 7H"), parse_cards("2C 6C 9S")], parse_cards("4H 4S 6D 7S"),
                   parse_cards("9C"), turn=1)
    scene = open_table(app, state=state, wait=0, script=("1 play 2C",))
    computer_moves(app, scene)
    assert scene.banner_text(scene.observation()) == "Pick up 2, or play a 2"
    assert scene.my_move() == R.Action(R.K_TAKE, 0)


def test_the_suit_to_follow_changes_when_the_card_lands(app):
    """9 of clubs on the pile; the human plays the 9 of diamonds: the box says clubs while the card flies."""
    state = R.deal({}, [parse_cards("9D 3S 7H"), parse_cards("2C 6C 9S")], parse_cards("4H 4S 6D 7S"),
                   parse_cards("9C"))
    scene = open_table(app, state=state, wait=0.5)
    assert scene.act(R.parse_action("0 play 9D"))
    assert scene.observation().suit is R.Suit.DIAMONDS and scene.animator.busy
    app.step(FRAME)
    assert scene.shown_suit(scene.observation()) is R.Suit.CLUBS
    for _ in range(300):             # until the card has landed (before the computer answers)
        if not scene.animator.busy:
            break
        app.step(FRAME)
    assert len(scene.actions) == 1 and not scene.animator.busy
    app.step(FRAME)
    assert scene.shown_suit(scene.observation()) is R.Suit.DIAMONDS


def test_the_banner_says_to_draw_when_nothing_can_be_played(app):
    state = R.deal({}, [parse_cards("3D 4D 7H"), parse_cards("2C 6C 9S")], parse_cards("4H 4S 6D 7S"),
                   parse_cards("9C"))
    scene = open_table(app, state=state)
    assert scene.banner_text(scene.observation()).startswith("Nothing to play: draw")
    assert all(s.dim for s in scene.board.sprites("hand:0"))


def test_pass_and_play_curtain_between_two_humans(app):
    from cardgames.ui.curtain import LOOK

    state = R.deal({}, [parse_cards("5C 9H 3D"), parse_cards("6C KS 4H")], parse_cards("4D 4S 6D 7S"),
                   parse_cards("9C"))
    scene = open_table(app, {"hotseat": 2}, state=state)
    assert scene.humans == (0, 1) and scene.viewer == 0 and scene.human_turn
    click(app, sprite_of(scene, parse_cards("5C")[0]).rect.center)
    assert scene.actions == ["0 play 5C"]
    settle(app, 0.6)
    assert not scene.curtain.down                        # you first see your card land
    settle(app, LOOK)
    assert scene.curtain.down and scene.curtain.seat == 1 and not scene.human_turn
    click(app, (640, 360))                               # Player 2 is ready
    assert scene.viewer == 1 and scene.human_turn and not scene.curtain.down
    assert sorted(str(s.card) for s in scene.board.sprites("hand:1")) == ["4H", "6C", "KS"]
    assert all(s.card is None for s in scene.board.sprites("hand:0"))    # Player 1's cards are hidden now
    assert scene.seat_name(0) == "Player 1" and scene.seat_name(1) == "Player 2"
    click(app, next(s for s in scene.board.sprites("hand:1") if str(s.card) == "6C").rect.center)
    assert scene.actions[-1] == "1 play 6C"
    settle(app, 0.5 + LOOK)
    assert scene.curtain.down and scene.curtain.seat == 0


@pytest.mark.parametrize("players", [2, 6])
def test_start_mode_shows_every_corner_of_the_stock_and_the_other_hands(app, players):
    """Each face-up card of the stock and of the others' hands keeps its corner (rank and suit)
    clear of the cards drawn over it."""
    scene = open_table(app, {"open": True, "players": players})
    order = scene.board.all_sprites()
    piles = ["stock"] + [f"hand:{s}" for s in range(1, players)]
    for pile in piles:
        for sprite in scene.board.sprites(pile):
            assert sprite.face_up and sprite.card is not None
            w, h = sprite.rect.size
            corner = pygame.Rect(sprite.rect.x + 1, sprite.rect.y + 1, round(w * 0.2), round(h * 0.3))
            later = order[order.index(sprite) + 1:]
            assert not any(corner.colliderect(o.rect) for o in later if o.pile in piles), (pile, sprite.card)
    assert scene.board.top("stock").card == scene.observation().stock[-1]   # the next card drawn, marked last


def test_the_table_logs_every_move_in_words(app):
    state = R.deal({}, [parse_cards("3D 4D 7H"), parse_cards("2C 6C 9S")], parse_cards("4H 4S 6D 7S"),
                   parse_cards("9C"), turn=1)
    scene = open_table(app, state=state, wait=0, script=("1 play 2C",))
    scene.move_log.model.clear()
    computer_moves(app, scene)
    click(app, scene.board.top("stock").rect.center)                    # you pick up 2
    texts = [line.text for line in scene.move_log.model.lines]
    assert texts == ["Ada played 2\u2663", "You must pick up 2 or play a 2", "You picked up 2"]


def test_a_summary_of_a_position_with_no_winner_has_a_plain_heading(app):
    """The monkey once drew a Switch summary over a position with no winner (TypeError in the title):
    whatever the path, the heading is then a plain one, never a crash."""
    scene = open_table(app, seed=3)
    assert scene.observation().winner is None
    assert SwitchSummary(app, scene).title() == "Game over"
