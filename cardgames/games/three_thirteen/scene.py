"""The Three Thirteen table: your hand as a fan at the bottom, the others along the top.

Input (see seeds/three_thirteen.md, "On the table"):
- drag the stock's or the discard pile's top card into your hand to draw it
  (or click the pile); drag a card of yours onto the discard pile to throw it
  (or click the card, then the pile);
- drag cards within your hand to reorder them (at any time);
- buttons and keys: S sort by suit, R sort by rank, M arrange into the best
  melds (the cards that fit nowhere are raised), G go out (lit only when you
  can), D draw from the stock, T take the discard;
- arrows / Tab move between your cards and what you may use, Enter plays it;
  Shift+Left/Right moves the focused card of your hand one place.

The board's piles are the rules' names: "stock", "discard", "hand:S". The
viewer's hand is drawn in the order the player chose (self.order); the rules
keep their own order. Going out switches the hand to its melds, and once the
discard is made the melds move up onto the table. The others' hands are small
fans of backs in their boxes, face up once they have laid their melds down.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

import pygame

from cardgames.core.cards import Card
from cardgames.core.events import Announced
from cardgames.games.three_thirteen import INFO, ai, log, melds, rules
from cardgames.games.three_thirteen.hud import (
    BIG,
    BUTTON_H,
    BUTTON_W,
    BUTTON_X,
    DISCARD_DX,
    DISCARD_POS,
    HAND_CENTRE,
    HAND_Y,
    LAID_Y,
    LOG_RECT,
    RAISE,
    SMALL,
    STOCK_POS,
    TOAST_BOTTOM,
    UNDO_LAID_RECT,
    UNDO_RECT,
    ThreeThirteenHud,
    box_cards,
    box_rect,
    box_status_y,
    rank_plural,
)
from cardgames.games.three_thirteen.rules import OUT, STOCK, TAKE, Phase
from cardgames.games.three_thirteen.scene_moves import MovesTold
from cardgames.games.three_thirteen.summary import RoundSummaryScene
from cardgames.i18n import N_, card_name, listing, said, tr, word
from cardgames.ui import controls, theme
from cardgames.ui.board import Pile
from cardgames.ui.curtain import PassAndPlay
from cardgames.ui.pile_fans import BoxFan, add_box_fan, add_discard_fan
from cardgames.ui.round_scene import RoundGameScene
from cardgames.ui.widgets import Button

HAND_SPAN = 890                 # 14 cards at 62 px apart, clear of the buttons
HAND_DX = 90                    # a short hand is spread out, whole cards side by side
GROUP_GAP = 22                  # arranged hand: space between melds
NAMES = ("Zoe", "Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gia")  # computer seats
NEW_CARD = (255, 170, 60)        # the outline of the card you just drew
REORDER = ("reorder",)          # the drag target of a card moved within the hand
SUMMARY_DELAY = 1.4


class HandPile(Pile):
    """A fan whose cards may be shifted one by one (meld groups apart, loose cards raised)."""

    offsets: tuple[tuple[float, float], ...] = ()

    def home(self, index: int, count: int, size: tuple[int, int]) -> tuple[float, float]:
        x, y = super().home(index, count, size)
        if index < len(self.offsets):
            dx, dy = self.offsets[index]
            return (x + dx, y + dy)
        return (x, y)


@dataclass
class Grouping:
    """The viewer's hand as drawn: cards in order, with the groups that are melds."""

    cards: list[Card]
    melded: list[bool]           # per card: part of a meld (only in melds mode)
    group_ends: list[int]        # indexes after which a gap is left


class ThreeThirteenScene(ThreeThirteenHud, MovesTold, PassAndPlay, RoundGameScene):
    rules = rules
    ai = ai
    info = INFO
    card_size = BIG
    table = "felt_green"
    describe_move = staticmethod(log.describe)
    log_rect = LOG_RECT
    toast_bottom = TOAST_BOTTOM
    deal_from = "stock"
    pad_keys: ClassVar[dict[str, int]] = {"x": pygame.K_d, "y": pygame.K_g}   # gamepad X: draw, Y: go out
    allow_undo = True
    names = NAMES
    summary_class = RoundSummaryScene
    summary_delay = SUMMARY_DELAY

    def __init__(self, app: Any, options: dict[str, Any], seed: int | None = None,
                 resume: dict[str, Any] | None = None) -> None:
        self.order: list[Card] = []     # the viewer's hand as the player arranged it
        self._orders: dict[int, list[Card]] = {}   # pass and play: each human's arrangement
        self.mode = "melds"
        self.drawn: Card | None = None  # the card you drew this turn (outlined until you discard)
        self._penalty_cache: dict[tuple, int] = {}
        self.buttons = {
            "suit": Button((BUTTON_X, 478, BUTTON_W, BUTTON_H), "Sort suit (S)", lambda: self.set_mode("suit"),
                           px=theme.BODY),
            "rank": Button((BUTTON_X, 526, BUTTON_W, BUTTON_H), "Sort rank (R)", lambda: self.set_mode("rank"),
                           px=theme.BODY),
            "melds": Button((BUTTON_X, 574, BUTTON_W, BUTTON_H), "Arrange melds (M)",
                            lambda: self.set_mode("melds"), px=theme.BODY),
            "out": Button((BUTTON_X, 632, BUTTON_W, 56), "Go out (G)", self.go_out, primary=True),
        }
        super().__init__(app, options, seed, resume)

    # ------------------------------------------------------------------ who is who
    def rules_options(self) -> dict[str, Any]:
        return {k: v for k, v in self.options.items() if k in ("players", "ace_high")}

    def log_section(self, obs: rules.Observation) -> str:
        return f"Round {obs.round_no}"

    # ------------------------------------------------------------------ the board
    def _box(self, seat: int) -> pygame.Rect:
        """Another seat's box along the top, clockwise from the viewer's left."""
        others = [(self.viewer + k) % self.players for k in range(1, self.players)]
        return box_rect(others.index(seat), len(others))

    def setup_board(self) -> None:
        board = self.board
        board.add_pile("stock", STOCK_POS, label=N_("Stock"))
        add_discard_fan(board, "discard", DISCARD_POS, dx=DISCARD_DX, label=N_("Discard"))
        for seat in range(self.players):
            if seat == self.viewer:
                pile = HandPile(f"hand:{seat}", (HAND_CENTRE, HAND_Y), "fan", dx=HAND_DX, span=HAND_SPAN, center=True,
                                order=len(board.piles))
                board.piles[pile.name] = pile
                board.cards.setdefault(pile.name, [])
            else:
                add_box_fan(board, f"hand:{seat}", box_cards(self._box(seat)), dx=16, size=SMALL)

    def _box_face_up(self, seat: int, face_up: bool) -> None:
        pile = self.board.piles.get(f"hand:{seat}")
        if isinstance(pile, BoxFan):
            pile.face_up = face_up    # a laid-down hand wraps into rows so every corner reads

    def _size_of(self, pile: str | None) -> tuple[int, int]:
        if pile and pile.startswith("hand:") and int(pile.split(":")[1]) != self.viewer:
            return SMALL
        return BIG

    def _fit_sizes(self, sprites: Any = None) -> None:
        for s in sprites if sprites is not None else self.board.all_sprites():
            s.size = self._size_of(s.pile)

    # ------------------------------------------------------------------ your hand's order
    def _penalty(self, cards: tuple[Card, ...], wild: int, ace_high: bool) -> int:
        key = (tuple(sorted(cards, key=str)), wild, ace_high)
        if key not in self._penalty_cache:
            if len(self._penalty_cache) > 64:
                self._penalty_cache.clear()
            self._penalty_cache[key] = melds.penalty(cards, wild, ace_high)
        return self._penalty_cache[key]

    def hand_penalty(self, obs: rules.Observation) -> int:
        """The viewer's penalty now: their hand at its best arrangement (shown live)."""
        return self._penalty(obs.hand, int(obs.wild), obs.ace_high) if obs.hand else 0

    def grouping(self, obs: rules.Observation) -> Grouping:
        """The viewer's hand in display order: kept from self.order, new cards at the right, sorted by the mode."""
        hand = list(obs.hand)
        left = Counter(hand)
        order = []
        for c in self.order:
            if left[c] > 0:
                left[c] -= 1
                order.append(c)
        for c in hand:  # cards not placed yet (just drawn, or a new deal)
            if left[c] > 0:
                left[c] -= 1
                order.append(c)
        wild = int(obs.wild)
        laid = bool(obs.shown[obs.seat])
        mode = "melds" if (laid or obs.phase == Phase.GOING_OUT and obs.current == obs.seat) else self.mode
        melded = [False] * len(order)
        ends: list[int] = []
        if mode == "suit":
            order.sort(key=lambda c: (int(c.rank) == wild, int(c.suit), int(c.rank)))
        elif mode == "rank":
            order.sort(key=lambda c: (int(c.rank) == wild, int(c.rank), int(c.suit)))
        elif mode == "melds" and order:
            going_out = obs.phase == Phase.GOING_OUT and obs.current == obs.seat
            arr = melds.arrange(order, obs.wild, obs.ace_high, discard=going_out,
                                forbidden=obs.taken if going_out else None)
            order, melded = [], []
            for m in arr.melds:
                order += m.cards
                melded += [True] * len(m.cards)
                ends.append(len(order) - 1)
            loose = sorted(arr.unmelded, key=lambda c: (int(c.suit), int(c.rank)))
            if arr.discard is not None:
                loose.append(arr.discard)
            order += loose
            melded += [False] * len(loose)
        self.order = order
        return Grouping(order, melded if mode == "melds" else [True] * len(order), ends)

    def _apply_offsets(self, g: Grouping, laid: bool) -> None:
        pile = self.board.piles[f"hand:{self.viewer}"]
        n = len(g.cards)
        gaps = [0.0] * n
        shift = 0.0
        for i in range(n):
            gaps[i] = shift
            if i in g.group_ends and i < n - 1:
                shift += GROUP_GAP
        lift = -RAISE if any(g.melded) else 0.0  # loose cards rise only beside melds
        offsets = tuple((gaps[i] - shift / 2, 0.0 if g.melded[i] else lift) for i in range(n))
        pile.offsets = offsets
        pile.pos = (HAND_CENTRE, LAID_Y if laid else HAND_Y)

    def set_mode(self, mode: str) -> None:
        """Sort by suit, by rank, or arrange into melds (the buttons and S, R, M)."""
        self.mode = mode
        self.app.play_sound("button")
        self.animator.queue(self.sync(animate=True))

    # ------------------------------------------------------------------ what the viewer sees
    def layout(self, obs: rules.Observation) -> dict[str, list[tuple[Any, bool]]]:
        out: dict[str, list[tuple[Any, bool]]] = {
            "stock": [(None, False)] * obs.stock_count,
            "discard": [(c, True) for c in obs.discard],
        }
        for seat in range(obs.players):
            if seat == obs.seat:
                g = self.grouping(obs)
                self._apply_offsets(g, bool(obs.shown[seat]))
                out[f"hand:{seat}"] = [(c, True) for c in g.cards]
            elif obs.shown[seat]:
                self._box_face_up(seat, True)
                arr = melds.arrange(obs.shown[seat], obs.wild, obs.ace_high)
                out[f"hand:{seat}"] = [(c, True) for m in arr.melds for c in m.cards] + \
                    [(c, True) for c in arr.unmelded]
            else:
                self._box_face_up(seat, False)
                backs: list[tuple[Any, bool]] = [(None, False)] * obs.hand_sizes[seat]
                if obs.taken is not None and obs.current == seat and backs:
                    backs[-1] = (obs.taken, True)   # taken from the discard pile: shown until they throw
                out[f"hand:{seat}"] = backs
        return out

    def sync(self, animate: bool = True) -> list[Any]:
        anims = super().sync(animate)
        self._fit_sizes()
        return anims

    def action_ui(self, action: rules.Action) -> tuple[Any, str | None]:
        seat = self.current
        if action.kind == "stock":
            return "stock", f"hand:{seat}"
        if action.kind == "take":
            return "discard", f"hand:{seat}"
        if action.kind == "discard":
            return (f"hand:{seat}", action.card), "discard"
        return None, None  # out and next: buttons

    # ------------------------------------------------------------------ input
    def targets(self, sprite: Any) -> dict[str, Any]:
        out = super().targets(sprite)
        mine = f"hand:{self.viewer}"
        if sprite.pile == mine and self.human_turn and self.observation().phase in (Phase.DISCARD, Phase.GOING_OUT):
            out.setdefault("discard", None)      # a card that may not be thrown flies back with the reason
        if sprite.pile == mine and not self.laid_down():
            out.setdefault(mine, REORDER)
        return out

    def click(self, sprite: Any, pile: str | None) -> None:
        """A click on a card of yours picks it up (a second click on the discard pile throws it):
        one stray click never throws a card away."""
        if self.human_turn and self.picked is None and sprite is not None and pile == f"hand:{self.viewer}":
            targets: dict[str, list[Any]] = {}
            for action, dst in self.actions_from(sprite, pile):
                targets.setdefault(dst, []).append(action)
            if targets:
                self.pick_up(sprite, targets)
                return
            if self.observation().phase in (Phase.DISCARD, Phase.GOING_OUT):
                self.explain_refusal(sprite.card)
                self.animator.play(sprite.shake())
                return
        super().click(sprite, pile)

    def drop(self, sprite: Any, pile: str, action: Any) -> None:
        if action == REORDER:
            self._reorder(sprite)
            return
        if action is None:
            self.explain_refusal(sprite.card)
            self.animator.play(sprite.go_home())
            return
        super().drop(sprite, pile, action)

    def explain_refusal(self, card: Card) -> None:
        """Say why this card of yours may not be thrown now, and buzz."""
        obs = self.observation()
        if card == obs.taken:
            text = said("You took the {card} from the discard pile: throw another card this turn.",
                        card=card_name(card))
        elif obs.phase == Phase.GOING_OUT:
            outs = [a.card for a, *_ in self.moves() if a.kind == "discard"]   # going out: the cards you may throw
            text = said("Going out: throw a card the others meld without ({cards}).",
                        cards=listing([card_name(c) for c in outs]))
        else:
            text = word(N_("That card cannot be thrown now."))
        self.app.notify(text)
        self.app.play_sound("invalid")

    def _reorder(self, sprite: Any) -> None:
        """Put the dragged card where it was dropped among the others."""
        mine = f"hand:{self.viewer}"
        x = sprite.rect.centerx
        others = [s for s in self.board.sprites(mine) if s is not sprite]
        index = sum(1 for s in others if s.home_rect.centerx < x)
        order = list(self.order)
        if sprite.card in order:
            order.remove(sprite.card)
        order.insert(index, sprite.card)
        self.order = order
        self.mode = "manual"
        self.animator.queue(self.sync(animate=True))
        self.app.play_sound("place")

    def shift_card(self, sprite: Any, delta: int) -> None:
        """Move a card of your hand one place left (-1) or right (+1): the keyboard's reordering."""
        mine = self.board.sprites(f"hand:{self.viewer}")
        if sprite not in mine or self.laid_down():
            self.app.play_sound("invalid")
            return
        i = mine.index(sprite)
        j = i + delta
        if not 0 <= j < len(mine):
            return
        order = [s.card for s in mine]
        order[i], order[j] = order[j], order[i]
        self.order = order
        self.mode = "manual"
        self.animator.queue(self.sync(animate=True))
        self.app.play_sound("place")

    def focus_keys(self) -> list[Any]:
        """What you may play, plus every card of your hand (so Shift+arrows can move any of them)."""
        keys = super().focus_keys()
        if self.picked is not None or self.laid_down():
            return keys
        seen = {id(k) for k in keys}
        keys += [s for s in self.board.sprites(f"hand:{self.viewer}") if id(s) not in seen]
        keys.sort(key=lambda k: (self.focus_rect(k).centery // 80, self.focus_rect(k).centerx))
        return keys

    @property
    def undo_rect(self) -> pygame.Rect:
        """Practice games' Undo button: under the round's facts, where your hand was once you laid it down."""
        return UNDO_LAID_RECT if self.laid_down() else UNDO_RECT

    def focus_buttons(self) -> dict[str, Any]:
        """Sort suit / rank, Arrange melds and Go out, while they may be pressed (arrows, Tab, the pad)."""
        return {name: b for name, b in self.buttons.items() if self._button_enabled(name)}

    def focus_key_of(self, action: Any) -> Any:
        """Going out is the Go out button's."""
        return "button:out" if action == OUT else super().focus_key_of(action)

    def laid_down(self) -> bool:
        """Whether your melds lie face up on the table (you went out, or laid down on a last turn)."""
        return bool(self.observation().shown[self.viewer])

    def may_play(self, action: rules.Action) -> bool:
        """Whether `action` is one of your legal moves now (as the table sent them)."""
        return any(a == action for a, *_ in self.moves())

    def go_out(self) -> None:
        if self.may_play(OUT):
            self.act(OUT)
        else:
            self.app.play_sound("invalid")

    def can_go_out(self) -> bool:
        return self.observation().phase == Phase.DISCARD and self.may_play(OUT)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) \
                and event.mod & pygame.KMOD_SHIFT:
            self.refresh_focus()
            if not self.focus.visible:     # the first press only shows which card is focused
                self.focus.visible = True
            elif self.focus.current is not None:
                self.animator.finish_all()
                self.shift_card(self.focus.current, -1 if event.key == pygame.K_LEFT else 1)
                self.refresh_moves()
            return
        if event.type == pygame.KEYDOWN:
            shortcut = {pygame.K_s: lambda: self.set_mode("suit"), pygame.K_r: lambda: self.set_mode("rank"),
                        pygame.K_m: lambda: self.set_mode("melds"), pygame.K_g: self.go_out,
                        pygame.K_d: lambda: self._draw_key(STOCK), pygame.K_t: lambda: self._draw_key(TAKE)}
            if event.key in shortcut:
                self.animator.finish_all()
                shortcut[event.key]()
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.drag.dragging:
            for name, button in self.buttons.items():
                if button.rect.collidepoint(event.pos) and self._button_enabled(name):
                    self.drag.cancel()
                    button.activate()
                    return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.human_turn:
            # your own cards may be rearranged while the others play
            sprite = self.board.hit_test(event.pos)
            if sprite is not None and sprite.pile == f"hand:{self.viewer}":
                self.drag.handle_event(event)
                return
        super().handle_event(event)

    def _draw_key(self, action: rules.Action) -> None:
        if self.may_play(action):
            self.act(action)
        else:
            self.app.play_sound("invalid")

    def _button_enabled(self, name: str) -> bool:
        if name == "out":
            return self.can_go_out()
        return bool(self.observation().hand)

    # ------------------------------------------------------------------ animating
    def _mark_drawn(self) -> None:
        """The card you just drew is outlined until you discard: in an arranged hand it may land anywhere."""
        show = self.human_turn and self.observation().phase in (Phase.DISCARD, Phase.GOING_OUT)
        target = None
        if show and self.drawn is not None:
            target = next((s for s in self.board.sprites(f"hand:{self.viewer}") if s.card == self.drawn), None)
        for s in self.board.sprites(f"hand:{self.viewer}"):
            if s is not target and s.highlight == NEW_CARD:
                s.highlight = None               # thrown, or the turn is over: the outline goes
        if target is not None and target.highlight is None:  # a picked-up card keeps its own colour
            target.highlight = NEW_CARD

    def _mark_taken(self) -> None:
        """Another player's card taken from the discard pile is outlined in their box until they throw."""
        obs = self.observation()
        taker = f"hand:{obs.current}" if obs.taken is not None else None
        for pile in self.board.piles:            # every pile but yours: a thrown or gathered card loses it
            if pile == f"hand:{self.viewer}":
                continue
            for s in self.board.sprites(pile):
                marked = pile == taker and s.card == obs.taken
                if marked and s.highlight is None:
                    s.highlight = NEW_CARD
                elif not marked and s.highlight == NEW_CARD:
                    s.highlight = None

    def update(self, dt: float) -> None:
        super().update(dt)
        self._mark_drawn()
        self._mark_taken()

    def animate_event(self, ev: Any, at: float, ready: dict[int, float],
                      anims: list[Any]) -> tuple[float, list[Any], float]:
        if isinstance(ev, Announced) and ev.kind == "new_round":
            # the old hands go back to the stock face down, to be shuffled into the new deal
            # (a card left face up would show its old face while it is dealt again)
            for name in [n for n in self.board.piles if n.startswith("hand:")] + ["discard"]:
                for sprite in list(self.board.sprites(name)):
                    self.board.take(name, sprite.card)
                    self.board.put("stock", sprite)
                    if sprite.face_up or sprite.shown_up:
                        anims.append(sprite.turn(False, None, delay=at))
                    sprite.card = None
            self._fit_sizes(self.board.sprites("stock"))
            anims.extend(self.board.relayout("stock", 0.3, delay=at))
            super().animate_event(ev, at, ready, anims)
            return at, [], 0.3
        start, sprites, step = super().animate_event(ev, at, ready, anims)
        self._fit_sizes(sprites)
        return start, sprites, step

    def on_announce(self, event: Announced) -> None:
        if event.kind == "out":
            # Popped up over the player who went out (not a toast at the top of the table).
            # The "LAST TURN" marker beside the piles stays while the others play their last turn.
            at = (HAND_CENTRE, HAND_Y - 70) if event.seat == self.viewer else \
                self._box(event.seat).center   # over their cards (the log lies below the boxes)
            if event.value:
                self.app.play_sound("timer_warning")
                self.fx.pop_text(N_("OUT!"), at, theme.ACCENT, 48, life=1.6, banner=True)
                self.fx.burst(at, theme.ACCENT, 24)
            else:
                self.fx.pop_text(N_("All melded!"), at, theme.GOOD, 34, life=1.6, banner=True)
            self.app.play_sound("chime_5")
        elif event.kind == "new_round":
            self.fx.pop_text(said("Round {n}: {ranks} are wild", n=event.value, ranks=rank_plural(rules.wild_rank(event.value))),
                             (HAND_CENTRE, 440), theme.ACCENT, 40, life=2.0)
        elif event.kind == "reshuffle":
            self.fx.pop_text(N_("Stock empty: the discard pile is shuffled in (once a round)"), (HAND_CENTRE, 440),
                             theme.ACCENT_2, 28, life=2.0)
        elif event.kind == "stock_out":  # the round summary says so too
            self.fx.pop_text(N_("The stock ran out: the round ends"), (HAND_CENTRE, 440), theme.ACCENT_2, 30,
                             life=1.6)

    def sound_for(self, event: Any) -> str | None:
        if isinstance(event, Announced) and event.kind == "new_round":
            return "shuffle"
        return super().sound_for(event)

    def restart(self, seed: int | None = None) -> None:
        self.order, self._orders = [], {}
        super().restart(seed)

    def set_viewer(self, seat: int) -> None:
        """Pass and play: the next human's own arrangement of their hand comes back with them."""
        self._orders[self.viewer] = self.order
        self.order, self.drawn = self._orders.get(seat, []), None
        super().set_viewer(seat)

    # ------------------------------------------------------------------ frame
    def seat_anchor(self, seat: int) -> tuple[int, int]:
        if seat == self.viewer:
            return (HAND_CENTRE, HAND_Y - 40)
        box = self._box(seat)   # the dots: in the box's status row, on the right (they cover no text)
        return (box.right - 30, box_status_y(box) + 10)

    def next_seat(self) -> int | None:
        """Who plays after the current player (None between rounds and at the end)."""
        turn = self.current
        return None if turn is None or self.over else (turn + 1) % self.players

    def prompt(self) -> str:
        waiting = self.waiting_prompt()
        if waiting is not None:
            return waiting
        phase = self.observation().phase
        if phase == Phase.DRAW:
            return controls.text(self.app, controls.for_device(
                self.app, tr("Draw: {act} on the stock or the discard pile ({x}: stock)"),
                mouse=tr("Draw: drag from the stock or the discard pile")), self)
        if phase == Phase.GOING_OUT:
            return tr("Going out: discard the raised card")
        if self.picked is not None:
            return controls.text(self.app, controls.for_device(
                self.app, tr("{act} on the discard pile throws it ({back}: keep it)"),
                mouse=tr("Click the discard pile to throw it (click the card again to keep it)")), self)
        if self.can_go_out():
            return controls.text(self.app, controls.for_device(
                self.app, tr("Discard: {act} on a card, then on the pile - or go out! ({y})"),
                mouse=tr("Discard: drag a card onto the pile - or go out!")), self)
        return controls.text(self.app, controls.for_device(
            self.app, tr("Discard: {act} on a card, then on the pile"), mouse=tr("Discard: drag a card onto the pile")),
            self)
