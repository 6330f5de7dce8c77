"""Headless scene tests: real pygame events through App.step drive a tiny test-only game.

The toy game (rules below, no pygame) has two seats, a stock, a hand each, a
"table" pile and a "side" pile. On your turn either draw from the stock, or
play a card from your hand: onto the table if its rank is one above or below
the table's top card (any card on an empty table), or onto the side if its
rank is even. It ends when a hand is empty or after 12 actions.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import pygame
import pytest
from scene_events import FRAME, click, drag, jump, key, mouse, settle

from cardgames.app import headless_app
from cardgames.core.cards import Card, Rank, Suit, parse_card
from cardgames.core.events import CardMoved
from cardgames.core.protocol import IllegalAction
from cardgames.core.rng import make_rng, shuffled
from cardgames.table.games import GameSpec
from cardgames.ui.game_scene import GameScene

# ---------------------------------------------------------------- the toy rules (pure)
DECK = tuple(Card(Rank(r), s) for s in (Suit.HEARTS, Suit.SPADES) for r in range(1, 7))


@dataclass(frozen=True)
class ToyState:
    stock: tuple
    hands: tuple
    table: tuple = ()
    side: tuple = ()
    turn: int = 0
    moves: int = 0


@dataclass(frozen=True)
class Draw:
    def __str__(self):
        return "draw"


@dataclass(frozen=True)
class Play:
    card: Card
    pile: str

    def __str__(self):
        return f"play {self.card} {self.pile}"


class toy_rules:  # a namespace standing in for a rules module
    @staticmethod
    def deal(cards):
        return ToyState(stock=tuple(cards[6:]), hands=(tuple(cards[:3]), tuple(cards[3:6])))

    @staticmethod
    def new_game(options, seed):
        return toy_rules.deal(shuffled(DECK, make_rng(seed, "deal")))

    @staticmethod
    def is_over(state):
        return state.moves >= 12 or any(not h for h in state.hands)

    @staticmethod
    def current_player(state):
        return None if toy_rules.is_over(state) else state.turn

    @staticmethod
    def legal_actions(state):
        if toy_rules.is_over(state):
            return ()
        out = [Draw()] if state.stock else []
        for card in state.hands[state.turn]:
            if not state.table or abs(int(card.rank) - int(state.table[-1].rank)) == 1:
                out.append(Play(card, "table"))
            if int(card.rank) % 2 == 0:
                out.append(Play(card, "side"))
        return tuple(out)

    @staticmethod
    def apply(state, action):
        if action not in toy_rules.legal_actions(state):
            raise IllegalAction(f"{action} is not allowed now")
        seat, hands = state.turn, list(state.hands)
        if isinstance(action, Draw):
            card = state.stock[-1]
            hands[seat] = hands[seat] + (card,)
            new = replace(state, stock=state.stock[:-1], hands=tuple(hands))
            events = (CardMoved(card, "stock", f"hand:{seat}", face_up=False, visible_to=(seat,)),)
        else:
            hand = list(hands[seat])
            hand.remove(action.card)
            hands[seat] = tuple(hand)
            new = replace(state, hands=tuple(hands), **{action.pile: getattr(state, action.pile) + (action.card,)})
            events = (CardMoved(action.card, f"hand:{seat}", action.pile, face_up=True),)
        return replace(new, turn=1 - seat, moves=state.moves + 1), events

    @staticmethod
    def observe(state, seat):
        return {"seat": seat, "hand": state.hands[seat], "others": len(state.hands[1 - seat]),
                "stock": len(state.stock), "table": state.table, "side": state.side}

    @staticmethod
    def scores(state):
        return tuple(-len(h) for h in state.hands)

    @staticmethod
    def winners(state):
        best = max(toy_rules.scores(state))
        return tuple(s for s, v in enumerate(toy_rules.scores(state)) if v == best)

    @staticmethod
    def parse_action(text):
        parts = text.split()
        if parts == ["draw"]:
            return Draw()
        if len(parts) == 3 and parts[0] == "play":
            return Play(parse_card(parts[1]), parts[2])
        raise ValueError(f"bad action {text!r}")


class ToyInfo:
    name = "toy"

    def save_key(self, options):   # one saved game (GameInfo.save_key)
        return self.name


class ToyScene(GameScene):
    rules = toy_rules
    info = ToyInfo()
    game_spec = GameSpec(name="toy", rules=toy_rules, ai=None, rules_keys=(), observation=dict, whitelist=(),
                         fair_undo=False)

    def setup_board(self):
        b = self.board
        b.add_pile("stock", (100, 300))
        b.add_pile("table", (500, 300))
        b.add_pile("side", (800, 300))
        b.add_pile("hand:0", (640, 560), "fan", dx=100, center=True)
        b.add_pile("hand:1", (640, 40), "fan", dx=30, center=True)

    def layout(self, obs):
        me = obs["seat"]
        return {
            "stock": [(None, False)] * obs["stock"],
            "table": [(c, True) for c in obs["table"]],
            "side": [(c, True) for c in obs["side"]],
            f"hand:{me}": [(c, True) for c in obs["hand"]],
            f"hand:{1 - me}": [(None, False)] * obs["others"],
        }

    def action_ui(self, action):
        if isinstance(action, Draw):
            return "stock", None
        return (f"hand:{self.current}", action.card), action.pile


# ---------------------------------------------------------------- helpers


@pytest.fixture
def app(tmp_path):
    app = headless_app(tmp_path)
    app.settings["ai_speed"] = "fast"
    yield app


def open_toy(app, cards=None, humans=(0,), seed=7):
    scene = ToyScene(app, {"humans": humans}, seed=seed)
    if cards is not None:  # a scripted deal
        jump(scene, toy_rules.deal(cards))
        scene.sync(animate=False)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app)
    return scene


def C(text):
    return parse_card(text)


# Scripted deal: seat 0 holds 2H 5S 3S; seat 1 holds 6H 4S 2S; the stock is the rest (top last).
SCRIPT = [C(t) for t in ("2H", "5S", "3S", "6H", "4S", "2S", "AH", "3H", "4H", "5H", "AS", "6S")]


def sprite_of(scene, card):
    return next(s for cards in scene.board.cards.values() for s in cards if s.card == card)


# ---------------------------------------------------------------- tests
def test_drag_a_card_onto_a_legal_pile_plays_it(app):
    scene = open_toy(app, SCRIPT)
    card = sprite_of(scene, C("5S"))
    assert card.pile == "hand:0"
    table = scene.board.piles["table"].base_rect(scene.card_size)
    drag(app, card.rect.center, table.center)
    assert scene.actions == ["play 5S table"]
    assert scene.host.state.table == (C("5S"),)
    settle(app, 0.6)
    assert card.pile == "table" and card.at_home and card.pos == scene.board.home_of("table", 0)


def test_drop_on_an_illegal_pile_flies_home_and_changes_nothing(app, monkeypatch):
    scene = open_toy(app, SCRIPT)
    sounds = []
    monkeypatch.setattr(app, "play_sound", lambda name, volume=1.0: sounds.append(name))
    card = sprite_of(scene, C("5S"))  # odd rank: the side pile does not take it
    home = card.home
    side = scene.board.piles["side"].base_rect(scene.card_size)
    drag(app, card.rect.center, side.center)
    assert scene.actions == [] and card.pile == "hand:0"
    assert "invalid" in sounds
    assert card.pos != home  # released far away: it has to fly back...
    settle(app, 0.6)
    assert card.pos == home  # ...and it did


def test_dragging_highlights_the_legal_targets_only(app):
    scene = open_toy(app, SCRIPT)
    card = sprite_of(scene, C("2H"))  # even: table (empty) and side both take it
    start = card.rect.center
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, start)])
    app.step(FRAME, [mouse(pygame.MOUSEMOTION, (start[0], start[1] - 40))])
    lit = {name for name, pile in scene.board.piles.items() if pile.highlight}
    assert lit == {"table", "side"}
    assert scene.drag.dragging and card.rect.centery < start[1] - 30
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONUP, (start[0], start[1] - 40))])
    assert not any(p.highlight for p in scene.board.piles.values())


def test_a_press_without_movement_is_a_click_that_plays(app):
    scene = open_toy(app, SCRIPT)
    click(app, sprite_of(scene, C("5S")).rect.center)  # one target only: the table
    assert scene.actions == ["play 5S table"]


def test_click_with_two_targets_picks_up_then_click_target_plays(app):
    scene = open_toy(app, SCRIPT)
    click(app, sprite_of(scene, C("2H")).rect.center)
    assert scene.actions == []
    assert {n for n, p in scene.board.piles.items() if p.highlight} == {"table", "side"}
    click(app, scene.board.piles["side"].base_rect(scene.card_size).center)
    assert scene.actions == ["play 2H side"]


def test_click_on_the_stock_draws_and_only_the_drawer_sees_the_card(app):
    scene = open_toy(app, SCRIPT)
    click(app, scene.board.top("stock").rect.center)
    assert scene.actions == ["draw"]
    settle(app, 0.6)
    drawn = scene.board.sprites("hand:0")[-1]
    assert drawn.card == C("6S") and drawn.shown_up and drawn.at_home
    settle(app, 2)  # the computer (seat 1) answers; whatever it drew stays hidden
    assert all(s.card is None and not s.shown_up for s in scene.board.sprites("hand:1"))


def test_keyboard_focus_moves_and_acts(app):
    scene = open_toy(app, SCRIPT)
    key(app, pygame.K_TAB)  # shows the ring on the first playable item
    assert scene.focus.visible and scene.focus.current is not None
    seen = set()
    for _ in range(len(scene.focus.keys)):
        seen.add(scene.focus.current)
        key(app, pygame.K_TAB)
    # the stock and the three cards of the hand can be reached
    names = {k.card if hasattr(k, "card") else k for k in seen}
    assert names >= {C("2H"), C("5S"), C("3S")}
    # arrows: go to the 5S (middle of the hand), then right reaches the 3S
    scene.focus.current = sprite_of(scene, C("5S"))
    key(app, pygame.K_RIGHT)
    assert scene.focus.current is sprite_of(scene, C("3S"))
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert scene.actions == ["play 5S table"]


def test_keyboard_two_step_play_and_escape_cancels(app):
    scene = open_toy(app, SCRIPT)
    key(app, pygame.K_TAB)
    scene.focus.current = sprite_of(scene, C("2H"))
    key(app, pygame.K_SPACE)  # picks the card up: focus now cycles over its targets
    assert set(scene.focus.keys) == {"table", "side"}
    key(app, pygame.K_ESCAPE)
    assert scene._selection is None
    key(app, pygame.K_SPACE)
    scene.focus.current = "side"
    key(app, pygame.K_RETURN)
    assert scene.actions == ["play 2H side"]


def test_computer_seat_moves_after_the_thinking_delay(app):
    scene = open_toy(app, SCRIPT)
    click(app, sprite_of(scene, C("5S")).rect.center)
    assert scene.current == 1
    while scene.animator.busy:  # first the card lands...
        app.step(FRAME)
    app.step(FRAME)
    assert scene.thinking == 1 and len(scene.actions) == 1  # ...then the computer visibly thinks
    scene.update(0)  # no time passes: no move
    assert len(scene.actions) == 1
    settle(app, app.ai_delay + 0.1)
    assert len(scene.actions) == 2 and scene.current == 0 and scene.thinking is None


def test_a_covered_scene_freezes_its_computer_players(app):
    from cardgames.engine.scene import Scene

    scene = ToyScene(app, {"humans": ()}, seed=5)
    overlay = Scene(app)
    overlay.overlay = True
    app.stack.push(scene)
    app.stack.push(overlay)
    app.stack.apply_pending()
    settle(app, 2)
    assert scene.actions == []
    app.stack.pop()
    app.stack.apply_pending()
    settle(app, 2)
    assert len(scene.actions) >= 1


def test_undo_returns_to_the_humans_last_decision(app):
    scene = open_toy(app, SCRIPT)
    click(app, sprite_of(scene, C("5S")).rect.center)
    settle(app, 2)  # the computer answers
    assert len(scene.actions) == 2
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.actions == [] and scene.current == 0
    settle(app, 0.6)
    assert sprite_of(scene, C("5S")).pile == "hand:0"


def test_autosave_and_resume_replay_the_actions(app):
    scene = open_toy(app, seed=11)
    first = toy_rules.legal_actions(scene.host.state)[0]
    scene.act(first)
    saved = app.storage.load_game("toy")
    assert saved["seed"] == 11 and saved["actions"] == [str(first)] and saved["options"]["humans"] == [0]
    again = ToyScene(app, {}, resume=saved)
    assert again.host.state == scene.host.state and again.actions == scene.actions and again.humans == (0,)


def test_illegal_action_is_refused_with_a_message(app):
    scene = open_toy(app, SCRIPT)
    assert scene.act(Play(C("6H"), "table")) is False  # not in seat 0's hand
    assert scene.actions == [] and any("not allowed" in t[0] for t in app.toasts.queue)


def test_animations_off_make_every_move_instant(app):
    app.settings["anim_speed"] = "off"
    scene = open_toy(app, SCRIPT)
    click(app, sprite_of(scene, C("5S")).rect.center)
    card = sprite_of(scene, C("5S"))
    assert not scene.animator.busy and card.pos == scene.board.home_of("table", 0)


def test_demo_game_plays_itself_to_the_end(app):
    scene = open_toy(app, humans=(), seed=3)
    settle(app, 20)
    assert scene.over and toy_rules.is_over(scene.host.state)
    assert app.storage.load_game("toy") is None  # a demo never overwrites the player's save


def test_drawing_never_shows_cards_the_viewer_may_not_see(app):
    scene = open_toy(app, SCRIPT, humans=(0,))
    settle(app, 0.2)
    for s in scene.board.sprites("hand:1") + scene.board.sprites("stock"):
        assert s.card is None and s.shown_card is None


def test_hovering_a_playable_card_raises_it_but_not_an_opponents_card(app):
    scene = open_toy(app, SCRIPT)
    mine = sprite_of(scene, C("3S"))
    app.step(FRAME, [mouse(pygame.MOUSEMOTION, mine.rect.center, buttons=(0, 0, 0))])
    assert mine.lift > 0
    theirs = scene.board.top("hand:1")
    app.step(FRAME, [mouse(pygame.MOUSEMOTION, theirs.rect.center, buttons=(0, 0, 0))])
    assert mine.lift == 0 and theirs.lift == 0


def test_several_actions_for_one_gesture_ask_resolve(app):
    asked = []

    class Ambiguous(ToyScene):  # both piles count as "table": one drop, two possible actions
        def action_ui(self, action):
            src, dst = super().action_ui(action)
            return src, ("table" if dst == "side" else dst)

        def resolve(self, actions):
            asked.append([str(a) for a in actions])
            return actions[-1]

    scene = Ambiguous(app, {"humans": (0,)}, seed=1)
    jump(scene, toy_rules.deal(SCRIPT))
    scene.sync(animate=False)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 1)
    click(app, sprite_of(scene, C("2H")).rect.center)
    assert asked == [["play 2H table", "play 2H side"]] and scene.actions == ["play 2H side"]


def test_a_failing_ai_falls_back_to_a_legal_move_with_a_notice(app):
    class Broken:
        @staticmethod
        def choose(obs, legal, rng, level):
            raise RuntimeError("bug in the AI")

    class BrokenAI(ToyScene):
        game_spec = replace(ToyScene.game_spec, ai=Broken)

    scene = BrokenAI(app, {"humans": ()}, seed=2)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 2)
    assert len(scene.actions) >= 1 and any("error" in t[0] for t in app.toasts.queue)


def test_layout_naming_an_unknown_pile_is_a_clear_error(app):
    class Typo(ToyScene):
        def layout(self, obs):
            return {**super().layout(obs), "tabel": []}

    with pytest.raises(ValueError, match="tabel"):
        Typo(app, {}, seed=1)


def test_restart_deals_again_in_place_clears_the_save_and_calls_begin(app):
    begun = []

    class Counting(ToyScene):
        def begin(self):
            begun.append(self.seed)

    scene = Counting(app, {"humans": (0,)}, seed=4)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 1)
    scene.act(toy_rules.legal_actions(scene.host.state)[0])
    assert app.storage.load_game("toy") is not None
    scene.restart(seed=9)
    assert scene.seed == 9 and scene.actions == [] and scene.host.history == []
    assert scene.host.state == toy_rules.new_game({}, 9) and begun == [4, 9]
    assert app.storage.load_game("toy") is None
    settle(app, 1.5)
    assert all(s.at_home for s in scene.board.all_sprites())


def test_clicking_an_unplayable_card_buzzes_and_wiggles_it(app, monkeypatch):
    scene = open_toy(app, SCRIPT)
    jump(scene, replace(scene.host.state, table=(C("AS"),)))  # now only 2H (side, even) can move
    scene._moves_for = None
    sounds = []
    monkeypatch.setattr(app, "play_sound", lambda name, volume=1.0: sounds.append(name))
    card = sprite_of(scene, C("5S"))
    click(app, card.rect.center)
    assert scene.actions == [] and sounds == ["invalid"]
    app.step(FRAME)
    assert card.pos != card.home  # wiggling
    settle(app, 0.5)
    assert card.pos == card.home


def test_right_click_drops_a_picked_card(app):
    scene = open_toy(app, SCRIPT)
    click(app, sprite_of(scene, C("2H")).rect.center)
    assert scene._selection is not None
    app.step(FRAME, [mouse(pygame.MOUSEBUTTONDOWN, (10, 10), button=3)])
    assert scene._selection is None and not any(p.highlight for p in scene.board.piles.values())


def test_esc_and_losing_focus_open_the_pause_overlay_which_freezes_the_game(app):
    from cardgames.scenes.pause import PauseScene

    scene = open_toy(app, SCRIPT)
    key(app, pygame.K_ESCAPE)
    app.step(FRAME)
    assert isinstance(app.stack.top, PauseScene) and app.stack.top.game is scene
    app.stack.pop()
    app.stack.apply_pending()
    app.step(FRAME, [pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    app.step(FRAME)
    assert isinstance(app.stack.top, PauseScene)


def test_a_many_card_action_fits_in_a_short_run(app):
    scene = open_toy(app, SCRIPT)
    events = tuple(CardMoved(None, "side", "hand:1", face_up=False) for _ in range(30))  # 30 different cards
    scene.animate_events(events)
    scene.animator.queue(scene.sync())
    assert scene.stagger == pytest.approx(1.4 / 30)
    settle(app, 2.2)
    assert not scene.animator.busy
    assert len(scene.board.sprites("hand:1")) == 3 and all(s.at_home for s in scene.board.all_sprites())


def test_hooks_on_new_game_and_computer_may_move_and_redeal_keeps_the_save(app):
    dealt = []

    class Hooked(ToyScene):
        hold = True

        def on_new_game(self):
            dealt.append(self.seed)

        def computer_may_move(self):
            return not self.hold

    scene = Hooked(app, {"humans": (0,)}, seed=4)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 1)
    assert dealt == [4]
    scene.act(toy_rules.legal_actions(scene.host.state)[0])
    settle(app, app.ai_delay + 1)
    assert scene.current == 1 and scene.thinking is None and len(scene.actions) == 1   # held back
    scene.hold = False
    settle(app, app.ai_delay + 1)
    assert len(scene.actions) == 2 and scene.current == 0
    scene.redeal(seed=9)
    assert dealt == [4, 9] and scene.actions == [] and scene.host.state == toy_rules.new_game({}, 9)
    assert app.storage.load_game("toy") is not None                    # redeal leaves the autosave
    assert scene.moves()
    scene.refresh_focus()
    assert scene.focus.keys        # the keys reach those moves
    scene.humans = (1,)            # the human now sits at seat 1: not their turn, though the state is the same
    assert scene.moves()           # cached for this state...
    scene.refresh_moves()
    assert scene.moves() == []     # ...until refresh_moves()
    assert scene.focus.keys        # the keys still reach the old moves...
    scene.refresh_focus()
    assert scene.focus.keys == []  # ...until refresh_focus()


def test_public_helpers_picked_pick_up_and_deal_animation(app):
    scene = open_toy(app, SCRIPT)
    assert scene.picked is None
    card = sprite_of(scene, C("2H"))                              # 2H goes to the table or the side
    click(app, card.rect.center)
    assert scene.picked is card
    key(app, pygame.K_ESCAPE)                                     # put it back
    assert scene.picked is None
    scene.pick_up("stock", {"table": [Draw()]})
    assert scene.picked == "stock" and scene.board.piles["table"].highlight is not None
    assert scene.board.piles["side"].highlight is None           # only the given targets light up
    click(app, scene.board.piles["table"].base_rect(scene.card_size).center)   # the next click chooses
    assert scene.picked is None and scene.actions[-1] == "draw"
    anims = scene.deal_animation()
    assert anims and all(s.pos == scene.board.home_of("stock", 0)
                         for name, sprites in scene.board.cards.items() if name != "stock" for s in sprites)
