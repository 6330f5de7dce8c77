"""The Switch table: your hand as a fan, the stock and discard in the middle,
the other players along the top, each with a score panel.

Play a card by dragging it onto the discard pile, clicking it, or with the
keyboard (arrows/Tab, Enter). Click the stock to draw (or to take a pending
pick-up). After a Jack a suit chooser opens (click, or C/D/H/S, 1-4, arrows).
"Last card!" is a button (and the L key) that glows when your next play will
leave you one card. A player left with one card who did not call can be
caught by double-clicking their score panel (or the C key) while the catch
countdown runs; the computer players catch too, after a reaction time by
level. P (or the second button) draws, takes the pick-up, keeps a drawn
card, misses the turn facing an 8, or passes.

The catch window is the one real-time part of the game: the rules keep it open
until the next player acts; at the table (cardgames/table/table.py) a computer
who plays next holds back for a few seconds, a human who plays next may catch
before moving, however long they take, and the computers catch. The scene is a
view: it draws from what its seat is sent (the observation, the legal and
out-of-turn actions, the window as Update.deadlines: catch.py) and sends the
human's moves, calls and catches with act().
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames.core.cards import Suit
from cardgames.core.events import Announced, CardMoved, Shuffled
from cardgames.core.movelog import card_text
from cardgames.engine.tween import Call
from cardgames.games.switch import INFO, ai, log, rules
from cardgames.games.switch.catch import CatchWindow
from cardgames.games.switch.hud import (
    CALL_BUTTON,
    CENTRE_Y,
    CHOOSER,
    DISCARD_X,
    HAND_Y,
    LOG_RECT,
    MOVE_BUTTON,
    OPEN_DISCARD_X,
    OPEN_LOG_RECT,
    OPEN_SIZE,
    OPEN_SUIT_BOX,
    PANEL_W,
    SUIT_BOX,
    UNDO_BUTTON,
    SwitchHud,
    W,
    why_not,
)
from cardgames.games.switch.reasons import not_your_turn
from cardgames.games.switch.rules import K_CALL, K_CATCH, K_DRAW, K_NEXT, K_PASS, K_PLAY, K_TAKE, Action
from cardgames.games.switch.summary import SUMMARY_DELAY, HandEnd
from cardgames.i18n import N_, SUIT_TITLES, _, ngettext, pgettext, tr
from cardgames.table.fair_undo import FINISHED_HAND, switch_mover
from cardgames.ui.cards import DRAGGED, MOVE_TIME, RESTING
from cardgames.ui.curtain import PassAndPlay
from cardgames.ui.game_scene import GameScene
from cardgames.ui.pile_fans import add_discard_fan, add_rows_fan
from cardgames.ui.scene_focus import MAIN

KEEP_PAUSE = 0.7            # seconds to look at a drawn card that cannot be played before it is kept
DOUBLE_CLICK = 0.45         # seconds between the two clicks of a double click
SUIT_KEYS = {pygame.K_c: Suit.CLUBS, pygame.K_d: Suit.DIAMONDS, pygame.K_h: Suit.HEARTS, pygame.K_s: Suit.SPADES,
             pygame.K_1: Suit.CLUBS, pygame.K_2: Suit.DIAMONDS, pygame.K_3: Suit.HEARTS, pygame.K_4: Suit.SPADES}



class SwitchScene(HandEnd, SwitchHud, PassAndPlay, GameScene):
    rules = rules
    ai = ai
    info = INFO
    fair_undo = True   # undo only in practice games (cardgames/table/fair_undo.py)
    undo_rect = UNDO_BUTTON
    table = "felt_blue"
    describe_move = staticmethod(log.describe)
    describe_opening = staticmethod(log.opening)

    def __init__(self, app: Any, options: dict[str, Any], seed: int | None = None,
                 resume: dict[str, Any] | None = None) -> None:
        self.choosing: list[Action] | None = None       # the Jack plays while the suit chooser is open
        self.window = CatchWindow(self)                  # the "last card" catch window
        self._last_click: tuple[int | None, float] = (None, -1.0)
        self._summary_for: Any = None
        self._stats_for: Any = None
        self._marked: list[Any] = []                     # the hand's sprites as _mark_playable last left them
        self._keep_for: Any = None                       # the update whose unplayable drawn card is being kept
        self._mine: tuple[Any, list[Action]] = (None, [])  # (update, the viewer's actions in it)
        super().__init__(app, options, seed, resume)

    # ------------------------------------------------------------------ board
    def seat_name(self, seat: int) -> str:
        return self.player_name(seat)

    @property
    def log_rect(self) -> pygame.Rect:
        return OPEN_LOG_RECT if self.options.get("open") else LOG_RECT

    def log_section(self, obs: rules.Observation) -> str:
        return _("Hand {n}").format(n=obs.hand_no + 1) if obs.match else _("This hand")

    def others(self) -> list[int]:
        """The other seats, in play order after the viewer (drawn left to right along the top)."""
        return [(self.viewer + i) % self.players for i in range(1, self.players)]

    def panel_rect(self, seat: int) -> pygame.Rect:
        if seat == self.viewer:
            return pygame.Rect(24, 626, 470, 76)
        others = self.others()
        width = W / len(others)
        cx = round(width * (others.index(seat) + 0.5))
        return pygame.Rect(cx - PANEL_W // 2, 8, PANEL_W, 54)

    def setup_board(self) -> None:
        b = self.board
        open_ = self.observation().stock is not None      # start mode: the stock is shown
        self.suit_box = OPEN_SUIT_BOX if open_ else SUIT_BOX
        if open_:           # start mode: the stock in order, face up, in rows (the next card to draw last)
            add_rows_fan(b, "stock", (24, 190), dx=21, dy=40, per_row=25, size=OPEN_SIZE, mat=False)
            add_discard_fan(b, "discard", (OPEN_DISCARD_X, CENTRE_Y), dx=22, label=N_("Discard"))
        else:
            b.add_pile("stock", (DISCARD_X - 130, CENTRE_Y), label=N_("Stock"))
            add_discard_fan(b, "discard", (DISCARD_X, CENTRE_Y), dx=22, label=N_("Discard"))
        others = self.others()
        for seat in others:
            rect = self.panel_rect(seat)
            span = min(250, W / len(others) - 24)
            if open_:       # smaller faces, every corner in view
                b.add_pile(f"hand:{seat}", (rect.centerx, 68), "fan", dx=22, span=span + 10, center=True,
                           size=OPEN_SIZE)
            else:
                b.add_pile(f"hand:{seat}", (rect.centerx, 68), "fan", dx=26, span=span, center=True)
        b.add_pile(f"hand:{self.viewer}", (640, HAND_Y), "fan", dx=74, span=1100, center=True)

    def layout(self, obs: rules.Observation) -> dict[str, list[tuple[Any, bool]]]:
        out: dict[str, list[tuple[Any, bool]]] = {}
        for seat in range(obs.players):
            if seat == obs.seat:
                hand = sorted(obs.hand, key=lambda c: c.sort_key)
                out[f"hand:{seat}"] = [(c, True) for c in hand]
            elif obs.all_hands is not None:
                out[f"hand:{seat}"] = [(c, True) for c in obs.all_hands[seat]]
            else:
                out[f"hand:{seat}"] = [(None, False)] * obs.hand_sizes[seat]
        if obs.stock is not None:
            out["stock"] = [(c, True) for c in obs.stock]
        else:
            out["stock"] = [(None, False)] * obs.stock_count
        out["discard"] = [(c, True) for c in obs.discard]
        return out

    def action_ui(self, action: Action) -> tuple[Any, str | None]:
        if action.kind is K_PLAY:
            return (f"hand:{action.seat}", action.card), "discard"
        if action.kind is K_DRAW or action.kind is K_TAKE:
            return "stock", f"hand:{action.seat}"
        return None, None

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        """The thinking dots: under a player's cards (on the felt, where they show), above your panel."""
        rect = self.panel_rect(seat)
        return (rect.centerx, 206) if seat != self.viewer else (rect.centerx, rect.top - 14)

    # ------------------------------------------------------------------ what the human may do
    @property
    def pad_keys(self) -> dict[str, int]:
        """Gamepad X: draw / pass (P); Y: catch (C) while someone else can be caught, else "Last card!" (L).
        When you could do both, the catch wins (your move ends it; the call can wait until you play):
        a second Y calls. The prompts say so (hud.py)."""
        return {"x": pygame.K_p, "y": pygame.K_c if self.can_catch() else pygame.K_l}

    def can_catch(self) -> bool:
        """Someone other than you was left with one card without calling and may be caught now."""
        exposed = self.observation().exposed
        return exposed is not None and exposed != self.viewer

    def focus_rank(self, key: Any) -> int:
        """The draw / pass button is the game's main move, as the stock: the ring goes there when no card plays."""
        return MAIN if key == "button:move" else super().focus_rank(key)

    def focus_key_of(self, action: Any) -> Any:
        """The suit chooser's suits, the Draw / Pass / Keep button and "Last card!" play actions too."""
        if self.choosing is not None:
            return f"suit:{action.suit.letter}" if action.suit is not None else None
        if action.kind is K_CALL:
            return "button:call"
        if action.kind is K_CATCH:
            return f"catch:{action.target}"
        if action.kind in (K_DRAW, K_TAKE, K_PASS):
            return "button:move"
        return super().focus_key_of(action)

    def my_actions(self) -> list[Action]:
        """What the viewer may do now, as the table said: its turn's actions, then its out-of-turn
        call or catch."""
        if not self.humans or self.over:
            return []
        update = self.latest()
        if self._mine[0] is not update:
            parse = self.rules.parse_action
            self._mine = (update, [parse(a) for a in (*update.legal, *update.out_of_turn)])
        return self._mine[1]

    def my_move(self) -> Action | None:
        """The human's turn move that is not a card: draw, take the pick-up, keep, miss the turn, pass."""
        return next((a for a in self.my_actions() if a.kind in (K_DRAW, K_TAKE, K_PASS)), None)

    def move_label(self, action: Action) -> str:
        obs = self.observation()
        if action.kind is K_DRAW:
            return pgettext("action", "Draw")
        if action.kind is K_TAKE:
            return _("Pick up {n}").format(n=obs.pending)
        if obs.phase is rules.DRAWN:
            return N_("Keep card")
        return N_("Miss turn") if obs.skip else N_("Pass")

    def call_glows(self) -> bool:
        """The next play will leave you one card (or you just forgot): call now."""
        mine = self.my_actions()
        if not any(a.kind is K_CALL for a in mine):
            return False
        return self.observation().exposed == self.viewer or any(a.kind is K_PLAY for a in mine)

    # ------------------------------------------------------------------ playing
    def resolve(self, actions: list[Action]) -> Action | None:
        if len({a.suit for a in actions}) > 1:          # a Jack: choose the suit first
            self.choosing = actions
            self.refresh_moves()
            return None
        return actions[0]

    def choose_suit(self, suit: Suit) -> None:
        actions, self.choosing = self.choosing or [], None
        self.refresh_moves()
        choice = next((a for a in actions if a.suit == suit), None)
        if choice is not None:
            self.act(choice)

    def call_last_card(self) -> None:
        call = next((a for a in self.my_actions() if a.kind is K_CALL), None)
        if call is None:
            self.app.notify(N_("Call \"last card\" when your next play will leave you one card."))
            self.app.play_sound("invalid")
            return
        self.act(call)

    def do_move(self) -> None:
        """P, pad X or the move button: draw, take, keep, miss the turn or pass; when none of them is
        allowed (a card plays, not your turn), the toast says why, in the rules' own words."""
        if not self.humans or self.over:
            return
        move = self.my_move()
        obs = self.observation()
        if move is None and not self.human_turn and obs.phase in (rules.PLAY, rules.DRAWN):
            self.app.notify(self.refusal_text(not_your_turn(obs.turn, self.viewer)))
            self.app.play_sound("invalid")
        elif move is None:    # the table refuses the draw, in the rules' words (the toast and the buzz)
            self.send(Action(K_DRAW, self.viewer))
        else:
            self.act(move)

    def catch(self, target: int | None = None) -> None:
        """The human catches `target` (None: whoever can be caught)."""
        if not self.humans or self.over:
            return
        action, why = self.window.human_catch(self.viewer, target)
        if action is None:
            self.app.notify(why)
            self.app.play_sound("invalid")
        else:
            self.act(action)

    def targets(self, sprite: Any) -> dict[str, Any]:
        """Any card of your hand may be dragged on your turn; an illegal one flies back with the reason."""
        out = super().targets(sprite)
        if not out and self.human_turn and self._is_mine(sprite):
            out = {"discard": None}
        return out

    def drop(self, sprite: Any, pile: str, action: Any) -> None:
        if action is None:
            self._explain(sprite.card)
            self.animator.play(sprite.go_home())
            return
        super().drop(sprite, pile, action)

    def click(self, sprite: Any, pile: str | None) -> None:
        if self.choosing is not None:
            return
        if self.human_turn and self.picked is None and self._is_mine(sprite) \
                and not self.actions_from(sprite, pile):
            self._explain(sprite.card)
            return
        if pile == "stock" and self.picked is None and self.my_move() is None \
                and not self.actions_from(sprite, pile):
            self.do_move()      # no draw now (a card plays, not your turn): the toast says why, as P does
            return
        super().click(sprite, pile)

    def _is_mine(self, sprite: Any) -> bool:
        return sprite is not None and sprite.pile == f"hand:{self.viewer}" and sprite.card is not None

    def _explain(self, card: Any) -> None:
        """Tell why `card` cannot be played now and buzz: in the table's own words, from the
        observation (hud.why_not), else in the rules' (the table refuses the play and says why)."""
        text = why_not(self.observation(), card)
        if text is None:
            suit = card.suit if card.rank is rules.JACK else None
            play = Action(K_PLAY, self.viewer, card, suit)
            if str(play) not in self.latest().legal:
                self.send(play)     # refused: the toast and the buzz say why
                return
            text = _("{card} cannot be played now.").format(card=card_text(card))
        self.app.notify(text)
        self.app.play_sound("invalid")

    # ------------------------------------------------------------------ the catch window
    def computer_may_move(self) -> bool:
        """The table's clock stands still at the end of a hand (the summary deals on; with no
        human at the table, the table deals on). The catch window's hold is the table's."""
        return self.observation().phase is not rules.HAND_OVER or not self.humans

    @property
    def thinking(self) -> int | None:
        """The computer thinking now (its dots), as the table says; a computer who plays next while a
        catch window runs holds back, so its dots show only for the last moments of the hold."""
        seat = super().thinking
        deadline = self.window.deadline
        if seat is not None and deadline is not None and deadline.closes is not None \
                and self.window.clock < deadline.closes - self.app.ai_delay:
            return None
        return seat

    def run_clock(self, dt: float) -> None:
        """The table's clock runs as GameScene lets it; the catch countdown follows it."""
        before = self.latest()
        runs = not self.over and self.computer_may_move() and (self.think_while_animating or not self.animator.busy)
        super().run_clock(dt)
        self.window.tick(dt if runs else 0.0, told=self.latest() is not before)

    # ------------------------------------------------------------------ events
    def animate_event(self, ev: Any, at: float, ready: dict[int, float], anims: list[Any]):
        if isinstance(ev, Shuffled) and ev.src == "discard":
            # The discard pile but its top card becomes the stock: the top card stays.
            moved = []
            top = self.board.top("discard")
            for sprite in list(self.board.sprites("discard")):
                if sprite is top:
                    continue
                self.board.take("discard", sprite.card)
                self.board.put("stock", sprite, 0)
                anims.append(sprite.turn(False, None, delay=at))
                sprite.card = None
                moved.append(sprite)
            for name in ("discard", "stock"):
                anims.extend(self.board.relayout(name, MOVE_TIME, delay=at))
            return at, moved, MOVE_TIME
        if isinstance(ev, Shuffled) and ev.src == "stock":
            return at, [], 0.0                      # a new hand: dealt by animate_events below
        return super().animate_event(ev, at, ready, anims)

    def animate_events(self, events: tuple[Any, ...]) -> None:
        if events and isinstance(events[0], Shuffled) and events[0].src == "stock":
            # A new hand of a match: gather every card into the stock, then deal as at the start.
            self.board.sync({name: [] for name in self.board.piles}, None)
            self.board.sync(self.layout(self.observation()), None)
            self.animator.queue(self.deal_animation())
            self.animator.queue(Call(self.announce_first))
            self._summary_for = None
            return
        super().animate_events(events)

    def begin(self) -> None:
        super().begin()
        if not self.actions:                       # a fresh deal: once it lands, say who starts
            self.animator.queue(Call(self.announce_first))

    def sound_for(self, event: Any) -> str | None:
        if isinstance(event, CardMoved) and event.dst.startswith("hand"):
            return "deal"
        return super().sound_for(event)

    def shout_at(self, seat: int) -> tuple[int, int]:
        """Where a player's shouts ("Last card!", "Caught!") pop up: over their cards, clear of the panels."""
        if seat == self.viewer:
            return (640, HAND_Y - 24)
        return (self.panel_rect(seat).centerx, 150)

    def on_announce(self, event: Announced) -> None:
        kind, seat = event.kind, event.seat
        if seat is None:
            return
        at = self.shout_at(seat)
        fx = self.fx
        if kind == "last_card":
            fx.pop_text(_("Last card!"), at, (255, 236, 140), 40)
            fx.burst(at, (255, 214, 90), 18)
            self.app.play_sound("chime_6")
        elif kind == "caught":
            fx.pop_text(_("Caught! +2"), at, (255, 110, 100), 40)
            fx.shake(7, 0.3)
            self.app.play_sound("timer_warning")
        elif kind == "pickup":
            fx.pop_text(_("Picks up {n}").format(n=event.value) if seat != self.viewer
                        else ngettext("+{n} card", "+{n} cards", event.value).format(n=event.value),
                        at, (255, 170, 120), 32)
        elif kind == "skipped":
            fx.pop_text(_("Misses a turn"), at, (200, 220, 255), 30)
        elif kind == "suit":
            suit = Suit(event.value)
            fx.pop_text(_("{suit}!").format(suit=tr(SUIT_TITLES[suit.letter])), (self.suit_box.centerx, self.suit_box.top), (255, 255, 255), 34)
        elif kind == "hand_over":
            fx.pop_text(_("Out!"), at, (140, 255, 170), 44)
            fx.burst(at, (140, 255, 170), 30)
            self.app.play_sound("win" if seat == self.viewer and self.humans else "chime_3")

    # ------------------------------------------------------------------ hands and matches ending (summary.HandEnd)
    def dealing(self) -> bool:
        """The cards of a new hand are still flying out (no banner or marks over them yet)."""
        return self.animator.busy and (not self.actions or self.actions[-1] == str(Action(K_NEXT, 0)))

    def _mark_playable(self) -> None:
        """On your turn the cards you may play stand up a little and the others are veiled."""
        if not self.humans:
            return
        live = self.human_turn and self.choosing is None \
            and self.observation().phase in (rules.PLAY, rules.DRAWN) and not self.dealing()
        playable = {card for _a, _src, card, _dst in self.moves() if card is not None} if live else set()
        hand = self.board.sprites(f"hand:{self.viewer}")
        for s in self._marked:
            if s not in hand:                    # played: it lies flat on the discard pile
                s.dim, s.lift = False, 0.0
        self._marked = list(hand)
        for s in hand:
            s.dim = live and s.card not in playable and s.layer != DRAGGED
            if s.layer == RESTING:
                s.lift = 1.0 if s.card in playable else 0.0

    def changing(self) -> bool:
        """The Call button's pulse and the blinking panel of a player who may be caught (Scene.changing)."""
        return super().changing() or self.window.open or (bool(self.humans) and self.call_glows())

    def _auto_keep(self) -> None:
        """You drew a card that cannot be played: once you have seen it land, it is kept and the turn
        passes (the rules ask for the "keep" move so the others cannot tell it from a playable card)."""
        update = self.latest()
        obs = update.observation
        if obs.phase is not rules.DRAWN or not self.human_turn or self.animator.busy or self._keep_for is update:
            return
        if any(a.kind is K_PLAY for a in self.my_actions()):
            return
        self._keep_for = update
        keep = Action(K_PASS, obs.turn)
        self.scheduler.after(KEEP_PAUSE, lambda: self.latest() is update and self.act(keep))

    def update(self, dt: float) -> None:
        super().update(dt)
        self._auto_keep()
        self._mark_playable()
        end = self.hand_end()
        if self.observation().phase is rules.HAND_OVER and self._summary_for != end \
                and not self.animator.busy and self._stats_for != end:
            self._record_hand()
            self.scheduler.after(SUMMARY_DELAY, self._show_summary)

    def restart(self, seed: int | None = None) -> None:
        self.choosing = None
        super().restart(seed)

    undo_closed = FINISHED_HAND
    mover = staticmethod(switch_mover)   # a call or a catch is its caller's, out of turn

    def undo(self) -> bool:
        self.choosing = None         # (a missed call taken back to: the table opens its catch window afresh)
        return super().undo()

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.choosing is not None and self._chooser_event(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_l:
                self.call_last_card()
                return
            if event.key == pygame.K_c:
                self.catch()
                return
            if event.key == pygame.K_p:
                self.do_move()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if CALL_BUTTON.collidepoint(event.pos) and self.humans:
                self.call_last_card()
                return
            if MOVE_BUTTON.collidepoint(event.pos) and self.my_move() is not None:
                self.do_move()
                return
            for seat in range(self.players):
                if seat != self.viewer and self.panel_rect(seat).collidepoint(event.pos):
                    self._panel_click(seat)
                    return
        super().handle_event(event)

    def _panel_click(self, seat: int) -> None:
        """A double click on a player's score panel catches them."""
        now = self.scheduler.time
        last_seat, last_time = self._last_click
        if last_seat == seat and now - last_time <= DOUBLE_CLICK:
            self._last_click = (None, -1.0)
            self.catch(seat)
        else:
            self._last_click = (seat, now)

    def _chooser_event(self, event: pygame.event.Event) -> bool:
        """The suit chooser is modal: keys, clicks; Esc puts the Jack back."""
        if event.type == pygame.KEYDOWN:
            if event.key in SUIT_KEYS:
                self.choose_suit(SUIT_KEYS[event.key])
                return True
            if event.key == pygame.K_ESCAPE:
                self.choosing = None
                self.refresh_moves()
                return True
            return False                              # arrows and Enter go to the focus ring (suit buttons)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for suit, rect in self.suit_buttons():
                if rect.collidepoint(event.pos):
                    self.choose_suit(suit)
                    return True
            return True
        return event.type in (pygame.MOUSEBUTTONUP,)

    def suit_buttons(self) -> list[tuple[Suit, pygame.Rect]]:
        return [(suit, pygame.Rect(CHOOSER.x + 17 + i * 114, CHOOSER.y + 70, 104, 96)) for i, suit in enumerate(Suit)]

    def focus_keys(self) -> list[Any]:
        if self.choosing is not None:
            return [f"suit:{s.letter}" for s in Suit]
        keys = super().focus_keys()
        if self.my_move() is not None:
            keys.append("button:move")
        if self.call_glows():
            keys.append("button:call")
        keys += [f"catch:{a.target}" for a in self.my_actions() if a.kind is K_CATCH]   # their panel: Enter catches
        return keys

    def focus_rect(self, key: Any) -> pygame.Rect | None:
        if isinstance(key, str) and key.startswith("suit:"):
            return {s.letter: r for s, r in self.suit_buttons()}.get(key[5:])
        if key == "button:move":
            return MOVE_BUTTON
        if key == "button:call":
            return CALL_BUTTON
        if isinstance(key, str) and key.startswith("catch:"):
            return self.panel_rect(int(key[6:]))
        return super().focus_rect(key)

    def activate(self, key: Any) -> None:
        if isinstance(key, str) and key.startswith("suit:"):
            self.choose_suit({s.letter: s for s in Suit}[key[5:]])
        elif key == "button:move":
            self.do_move()
        elif key == "button:call":
            self.call_last_card()
        elif isinstance(key, str) and key.startswith("catch:"):
            self.catch(int(key[6:]))
        else:
            super().activate(key)

    def act(self, action: Any) -> bool:
        done = super().act(action)
        self.refresh_moves()
        return done
