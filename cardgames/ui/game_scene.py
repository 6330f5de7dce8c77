"""The shared base of the four game scenes: state, turns, animation, input, saves.

A game scene subclasses GameScene and is built as
    MyScene(app, options, seed=None, resume=None)
by the menus, the command line and the demo. The base does the common work:
applies actions through the rules module, keeps a history (undo pops it),
animates the redacted events, reconciles the sprites with what the viewer
may see, plays sounds, autosaves, runs the computer seats after a visible
"thinking" delay, turns mouse and keyboard into actions, and opens the pause
overlay on Esc.

What a game author writes
-------------------------
Class attributes:
    rules      the rules module (new_game, apply, legal_actions, observe, ...)
    ai         the AI module (choose(obs, legal, rng, level)), or None
    info       the game's GameInfo (cardgames/games/<g>/__init__.py INFO)
    card_size  (w, h) of cards on the 1280x720 canvas; default CARD_SIZE (84x118)
    table      the table texture for app.assets.table() (assets.TABLES); default "felt_green"
    art_class  how cards look: CardArt (playing cards) or a subclass (Skyjo overrides face/back)
    deal_from  the pile the opening deal flies out of ("stock"), or None for no deal animation
    allow_undo False for games where undo makes no sense
    fair_undo  True (the multiplayer tables): undo only in practice games (options["practice"]), never
               back past a move that showed someone a card (cardgames/ui/fair_undo.py; pile_hidden_to)
    describe_move, log_rect  the move log: the game's describe(move) and the corner's Rect
               (cardgames/ui/move_log.py says how a game plugs in; hooks log_section, log_viewer)
    think_while_animating  True: a computer thinks while the last move flies (big tables stay brisk);
               computer_anim_pace() may speed up computer moves too
    toast_bottom where app.notify() messages end on the canvas (default 210: high on the table)

Hooks (override; the first three are required):
    setup_board(self)            add the piles: self.board.add_pile("stock", (x, y)),
                                 self.board.add_pile("hand:0", (640, 560), "fan", dx=30, center=True),
                                 grid_positions() for grids. Piles added later are drawn on
                                 top (add overlapping rows back to front). Called once the
                                 state exists (self.state, self.players), and after restart().
    layout(self, obs)            what the viewer sees, pile by pile: {"stock": [(None, False)] * 20,
                                 "waste": [(card, True)], ...} bottom card first, from
                                 obs = rules.observe(state, viewer). Never from the State.
    action_ui(self, action)      (source, target) of an action on the board: source is a pile name
                                 (its top card), a (pile, card) pair (that card of a hand) or None;
                                 target a pile name or None. Drag source -> target plays it; a
                                 click on the source plays it when that is unambiguous; actions
                                 with source None are for the scene's own buttons/keys.
    resolve(self, actions)       several actions share one gesture (an 8 played, a suit to name):
                                 return one, or None after opening a chooser that calls act() later.
    draw_hud(self, surface)      scores, names, buttons (drawn over the cards).
    on_announce(self, event)     an Announced event arrived (show it; default: a toast with its text).
    sound_for(self, event)       the sound name for an event (default: moved -> place,
                                 flipped -> flip, shuffled -> shuffle); None for silence.
    on_game_over(self)           the game ended (record stats, push a summary). Call super() first.
    game_result(self, abandoned) the result for the statistics (cardgames/ui/recording.py); call
                                 self.record_result() at the end, its lines are self.records_touched.
    seat_anchor(self, seat)      where the "thinking" dots of a computer seat go (canvas point).
    begin(self)                  a game starts (new, resumed or after restart(), which clears the
                                 scheduler): start your timers here.
    on_new_game(self)            a fresh state was just dealt (new game, restart, or a resume
                                 before its replay): reset per-game scene data (scores) here.
    computer_may_move(self)      False holds the computer seats back for now (a chooser is open,
                                 a clock has not started); asked every frame. Default True.
    save_extra / load_extra      scene data for the autosave (e.g. an arcade timer), a JSON dict;
                                 load_extra runs after the replay, before setup_board.
    rules_options(self)          the options passed to rules.new_game (default: all but "humans").
    handle_event                 call super().handle_event(event) for everything you don't use.

Set any attribute your hooks need BEFORE calling super().__init__(...): the base
calls setup_board() and layout() from inside its __init__.

Useful from a subclass: self.state, self.viewer (the seat drawn face up), self.humans,
self.player_name(seat) (the names from the select screen), self.practice, self.act_then(action, more)
(several actions animated as one batch), act_computer(seat, action) (override to batch a computer's moves),
self.players, self.human_turn, self.act(action), self.undo(), self.restart(),
self.redeal(seed) (a new deal that keeps the autosave), self.refresh_moves() (after
changing what the human may do or what the keys reach outside act(), e.g. a new viewer
or a chooser opened), self.refresh_focus() (apply that to the keys at once), self.picked (the card or pile picked up by a click, or None),
self.pick_up(source, {target: [actions]}), self.deal_animation() (the opening deal's tweens),
self.board, self.animator, self.scheduler (scene time), self.draw_text(...),
self.fx (bursts, pop-up text, flash, shake: see cardgames/ui/fx.py),
self.app.play_sound(name), self.app.notify(text).

Keyboard: focus_keys() / focus_rect(key) / activate(key) decide what arrows and
Tab reach (default: the cards and piles the human can play from); add your
buttons there, or handle their keys in handle_event before calling super().
After a move the ring goes to a key that focus_playable(key) accepts (default: a
card with a move that is not a draw from deal_from), the others only when none is.
On-screen buttons: focus_buttons() returns the enabled ones as {name: Button}; the ring
reaches them as keys "button:<name>" (after the cards in Tab order), Enter / pad A
presses them, and they are never where the ring goes after a move.
Gamepads arrive as the same keys (cardgames/engine/gamepad.py); pad_keys =
{"x": key, "y": key} names the keys of the X and Y buttons (the game's main extras).
Ctrl+Z, U or Backspace undo; Esc (or the window losing focus) opens the pause overlay.

Turns: when current_player() is a computer seat the base plays it (the AI's
choose() runs in a worker thread, so choose_for_computer() must not touch pygame
or the board; the move lands after ai_delay(seat): app.ai_delay, 0 at Instant,
times PACE_PLAYERS / players at a big table, halved for the rest of a begun turn). When it
is None but the game is not over (e.g. between rounds), the base waits: offer
a button that calls act(). In the demo (self.app.demo is not None) every seat
is a computer: never wait for a key there (close summaries on a timer with
self.scheduler). The base does not autosave when there is no human seat.

Speed: draw only cached surfaces (self.draw_text caches; the board blits
ready-made card images); a frame should stay well under 4 ms.
"""
from __future__ import annotations

import random
from collections.abc import Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pygame

from cardgames import achievements
from cardgames import names as player_names
from cardgames.core.events import Announced, CardFlipped, CardMoved, Shuffled, redact
from cardgames.core.protocol import IllegalAction
from cardgames.core.rng import make_rng, new_seed
from cardgames.engine.clock import Scheduler
from cardgames.engine.input import DragController, FocusRing
from cardgames.engine.lru import MB, SurfaceCache
from cardgames.engine.scene import Scene
from cardgames.engine.tween import Animator, Call, Sequence, Wait
from cardgames.i18n import tr
from cardgames.ui import fair_undo, theme, words
from cardgames.ui.board import Board
from cardgames.ui.cards import CARD_SIZE, MOVE_TIME, SELECTED, CardArt, CardSprite
from cardgames.ui.fx import Effects
from cardgames.ui.move_log import SceneLog
from cardgames.ui.recording import RecordsMixin

STAGGER = 0.07        # seconds between cards of one action (a deal fans out card by card)
DEAL_STAGGER = 0.045  # between cards of the opening deal
LONGEST_RUN = 1.4     # a many-card action (a new round's deal) squeezes its stagger to fit this
SOUND_GAP = 0.06      # the same sound is not started twice within this many seconds
UNDO_KEYS = (pygame.K_z, pygame.K_BACKSPACE, pygame.K_u)
PACE_PLAYERS = 3      # with more players than this, each computer thinks for PACE_PLAYERS / players of the delay
FOLLOW_UP = 0.5       # the rest of a turn a computer has begun (after a draw) takes this share of its delay
TURN_GAP = 0.5        # think_while_animating: a new turn lands this share of its delay after the last move landed

# Computer players choose in one background thread, so a slow search never freezes the
# animation. One thread: choices are made one at a time, in order (deterministic per seat).
_AI_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")


class GameScene(RecordsMixin, Scene):
    rules: Any = None
    ai: Any = None
    info: Any = None
    card_size: tuple[int, int] = CARD_SIZE
    table: str = "felt_green"
    art_class: type = CardArt
    deal_from: str | None = "stock"
    allow_undo: bool = True
    toast_bottom: int | None = 210   # messages high on the table: the human's own cards are at the bottom
    changes_by_itself = False  # drawn on input, while animations or effects run, while a computer thinks
    describe_move: Any = None        # the move log's describe(move) (cardgames/ui/move_log.py), or None
    log_rect: Any = None             # where the log's corner is drawn (a pygame.Rect), or None
    fair_undo = False                # True: undo only in practice games, never past a seen card (ui/fair_undo.py)
    think_while_animating = False    # True: a computer thinks while the last move flies (then TURN_GAP)
    anim_pace = 1.0                  # the current batch's animation speed-up (see computer_anim_pace)

    def __init__(self, app: Any, options: dict[str, Any], seed: int | None = None,
                 resume: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        if resume is not None:
            options, seed = resume.get("options", options), resume.get("seed", seed)
        self.options = dict(options)
        self.humans: tuple[int, ...] = tuple(self.options.get("humans", (0,)))
        self.options["humans"] = self.humans
        self.viewer = self.humans[0] if self.humans else 0
        self.seed = new_seed() if seed is None else int(seed)
        self.scheduler = Scheduler()
        self.animator = Animator(lambda: self.app.anim_scale * self.anim_pace)
        self.stagger = STAGGER
        self._text_cache = SurfaceCache(4 * MB)   # the HUD's rendered strings (least recently used dropped)
        self.fx = Effects(self.app.assets.font, self.seed)
        self._hover: CardSprite | None = None
        self._new_game()
        if resume is not None:
            self._replay(resume.get("actions", ()))
            self.load_extra(resume.get("extra") or {})
            self.load_play_time(resume.get("extra") or {})
        self._build_board(deal=resume is None)
        self.begin()

    # ------------------------------------------------------------------ setup
    def _new_game(self) -> None:
        self.state = self.rules.new_game(self.rules_options(), self.seed)
        self.history: list[Any] = []
        self.actions: list[str] = []
        self.over = False
        self.undo_floor = 0                    # undo never takes back the moves before this one
        self._ai_rngs: dict[int, random.Random] = {}
        self._ai_job: Any = None
        self._ai_future: Any = None
        self.thinking: int | None = None       # the computer seat thinking right now
        self._selection: tuple[Any, dict[str, list[Any]]] | None = None  # (sprite or pile, {target: actions})
        self._moves_for: Any = None            # the state _moves was computed for
        self._moves: list[tuple[Any, str | None, Any, str | None]] = []
        self.reset_records()
        self.on_new_game()
        self.move_log = SceneLog(self)

    def _build_board(self, deal: bool) -> None:
        self.board = Board(self.art_class(self.app), self.card_size)
        self.board.font = self.app.assets.font(18)
        self.drag = DragController(self.board, self, self.animator)
        self.focus = FocusRing(self.focus_rect)
        self.setup_board()
        self.sync(animate=False)
        if deal and self.deal_from in self.board.piles:
            self.animator.queue(self._deal_animation())
        self._focus_dirty = True
        self._focus_moved = False   # a move was made since the keys were last set (the focus policy)

    def _replay(self, actions: Any) -> None:
        """Re-apply a saved game's actions (quietly); stop with a notice at the first one that fails."""
        for i, text in enumerate(actions):
            try:
                action = self.rules.parse_action(text)
                state, _events = self.rules.apply(self.state, action)
            except (IllegalAction, ValueError, KeyError, TypeError) as exc:
                self.app.notify(f"The saved game could only be restored up to move {i} ({exc}).")
                break
            self.history.append(self.state)
            self.actions.append(str(action))
            self.move_log.record(self.state, action, state, _events, len(self.actions) - 1)
            self.state = state
        self.undo_floor = len(self.actions)   # a resumed game is taken back no further than where it resumed
        self.over = self.rules.is_over(self.state)

    # ------------------------------------------------------------------ hooks
    def begin(self) -> None:
        """A game starts (new, resumed or restarted): start timers on self.scheduler here."""

    def on_new_game(self) -> None:
        """A fresh state was just dealt (before a resume's replay and load_extra): reset scene data."""

    def computer_may_move(self) -> bool:
        """Whether a computer seat may start its turn now (False waits; asked again every frame)."""
        return True

    def rules_options(self) -> dict[str, Any]:
        return {k: v for k, v in self.options.items() if k not in ("humans", "names", "practice")}

    def setup_board(self) -> None:
        raise NotImplementedError(f"{type(self).__name__} must add its piles in setup_board()")

    def layout(self, obs: Any) -> dict[str, list[tuple[Any, bool]]]:
        raise NotImplementedError(f"{type(self).__name__} must describe its piles in layout(obs)")

    def action_ui(self, action: Any) -> tuple[Any, str | None]:
        raise NotImplementedError(f"{type(self).__name__} must map actions to piles in action_ui(action)")

    def draw_hud(self, surface: pygame.Surface) -> None:
        pass

    def resolve(self, actions: list[Any]) -> Any | None:
        """Several legal actions share one source and target (e.g. playing an 8 and naming a suit).

        Return the one to play, or None after opening your own chooser (which
        later calls self.act(choice)). Default: the first.
        """
        return actions[0]

    def on_announce(self, event: Announced) -> None:
        if event.text:
            self.app.notify(event.text)

    def sound_for(self, event: Any) -> str | None:
        if isinstance(event, CardMoved):
            return "place"
        if isinstance(event, CardFlipped):
            return "flip"
        if isinstance(event, Shuffled):
            return "shuffle"
        return None

    def on_game_over(self) -> None:
        """The game just ended. Subclasses record statistics and show a summary after calling this."""
        if self.app.demo is not None:
            self.app.demo.game_over()

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        return (self.app.canvas.size[0] // 2, 40)

    def save_extra(self) -> dict[str, Any]:
        return {}

    def load_extra(self, extra: dict[str, Any]) -> None:
        pass

    def log_section(self, obs: Any) -> str:
        """The move log's section title for this observation ("Round 3"); a new title starts a section."""
        return ""

    def log_viewer(self) -> int | None:
        """The seat the move log is written for; None (public lines only) with several humans."""
        return self.viewer if len(self.humans) <= 1 else None

    # ------------------------------------------------------------------ queries
    @property
    def players(self) -> int:
        return len(self.rules.scores(self.state))

    @property
    def current(self) -> int | None:
        return self.rules.current_player(self.state)

    def player_name(self, seat: int) -> str:
        """The seat's name (cardgames/names.py): chosen on the select screen, kept with the game."""
        names = self.options.get("names")
        if not (isinstance(names, (list, tuple)) and len(names) == self.players
                and all(isinstance(n, str) and n for n in names)):
            names = self.options["names"] = player_names.seat_names(self.app.settings, self.players, self.humans)
        return names[seat]

    @property
    def human_turn(self) -> bool:
        return not self.over and self.current in self.humans

    def observation(self) -> Any:
        return self.rules.observe(self.state, self.viewer)

    def moves(self) -> list[tuple[Any, str | None, Any, str | None]]:
        """The human's legal actions as (action, source pile, source card or None, target pile)."""
        if self._moves_for is not self.state:
            self._moves_for = self.state
            self._moves = []
            if self.human_turn:
                for action in self.rules.legal_actions(self.state):
                    src, dst = self.action_ui(action)
                    pile, card = src if isinstance(src, tuple) else (src, None)
                    self._moves.append((action, pile, card, dst))
        return self._moves

    @property
    def picked(self) -> Any:
        """The card (CardSprite) or pile picked up by a click and waiting for its target, or None."""
        return self._selection[0] if self._selection is not None else None

    def pick_up(self, source: Any, targets: dict[str, list[Any]]) -> None:
        """Pick `source` up as a click does: its targets light up and the next click chooses."""
        self._select(source, targets)

    def deal_animation(self) -> list[Any]:
        """The opening deal's tweens (queue them on self.animator), e.g. for a new round."""
        return self._deal_animation()

    def refresh_moves(self) -> None:
        """Forget the cached moves and focus: call after changing what the human may do outside act()."""
        self._moves_for = None
        self._focus_dirty = True

    def actions_from(self, sprite: CardSprite | None, pile: str | None) -> list[tuple[Any, str | None]]:
        """(action, target) pairs whose source is this sprite (or this empty pile)."""
        out = []
        for action, src, card, dst in self.moves():
            if src is None or src != pile:
                continue
            if card is None:
                if sprite is None or sprite is self.board.top(pile):
                    out.append((action, dst))
            elif sprite is not None and sprite.card == card:
                out.append((action, dst))
        return out

    # ------------------------------------------------------------------ acting
    def act(self, action: Any) -> bool:
        """Apply `action` for whoever's turn it is; animate, save, and hand over the turn.

        Returns False (with a toast and the "invalid" sound) if the rules refuse it.
        """
        return self.act_then(action)

    def act_then(self, action: Any, more: Any = None) -> bool:
        """act(action), then the actions `more()` returns one by one until None (each asked after
        the one before is applied), all animated as one batch: e.g. the computer seats' set-up
        flips at once. A refused later action just ends the batch."""
        self.animator.finish_all()
        self.anim_pace = 1.0 if self.current in self.humans else self.computer_anim_pace()
        events: list[Any] = []
        first, before = action, self.state   # for the achievements hook: the batch as one move
        while action is not None:
            try:
                state, new = self.rules.apply(self.state, action)
            except IllegalAction as exc:
                if events:
                    break
                self.app.notify(words.sentence(str(exc)))
                self.app.play_sound("invalid")
                return False
            self.history.append(self.state)
            self.actions.append(str(action))
            self.move_log.record(self.state, action, state, new, len(self.actions) - 1)
            if self.fair_undo and fair_undo.reveals(new, self.humans, self.pile_hidden_to):
                self.undo_floor = len(self.actions)
            self.state = state
            events.extend(new)
            action = more() if more is not None and not self.rules.is_over(state) else None
        self._clear_selection()
        self.drag.cancel()
        self._set_hover(None)
        self.animate_events(redact(events, self.viewer))
        self.animator.queue(self.sync(animate=True))
        self._focus_dirty = self._focus_moved = True
        if self.rules.is_over(self.state):
            self.over = True
            self.animator.queue(Call(self._game_over))
        achievements.after_move(self, first, before, events)
        self.save()
        return True

    def _game_over(self) -> None:
        self.clear_save()
        self.on_game_over()

    def animate_events(self, events: tuple[Any, ...]) -> None:
        """Queue one batch animating the (redacted) events, card after card.

        Each event starts `self.stagger` after the one before (STAGGER, less when
        many cards move at once), and never before the card it concerns has
        finished its previous move (a flip waits for the card to land).
        """
        cards = sum(isinstance(ev, (CardMoved, CardFlipped)) for ev in events)
        self.stagger = min(STAGGER, LONGEST_RUN / max(1, cards))
        anims: list[Any] = []
        cursor = 0.0
        ready: dict[int, float] = {}  # id(sprite) -> when its last animation ends
        last_sound: dict[str, float] = {}
        for ev in events:
            start, sprites, step = self.animate_event(ev, cursor, ready, anims)
            for s in sprites:
                ready[id(s)] = start + MOVE_TIME
            sound = self.sound_for(ev)
            if sound and start - last_sound.get(sound, -1.0) >= SOUND_GAP:
                last_sound[sound] = start
                anims.append(Sequence(Wait(start), Call(lambda n=sound: self.app.play_sound(n))))
            cursor = start + step
        self.animator.queue(anims)

    def animate_event(self, ev: Any, at: float, ready: dict[int, float],
                      anims: list[Any]) -> tuple[float, list[CardSprite], float]:
        """Change the board for one event and append its animations to `anims`.

        Returns (start time, the sprites it moved, time until the next event may start).
        Override to animate a game's own events; call super() for the standard ones.
        """
        board = self.board
        if isinstance(ev, CardMoved):
            sprite = board.take(ev.src, ev.card)
            if sprite is None:  # the board was out of step; conjure the card at its source
                pos = board.home_of(ev.src, 0) if ev.src in board.piles else (0, 0)
                sprite = CardSprite(None, False, pos, self.card_size)
            start = max(at, ready.get(id(sprite), 0.0))
            board.put(ev.dst, sprite)
            if ev.face_up and ev.card is not None:
                if not (sprite.face_up and sprite.card == ev.card):
                    anims.append(sprite.turn(True, ev.card, delay=start))
            else:
                if sprite.face_up:
                    anims.append(sprite.turn(False, None, delay=start))
                sprite.card = ev.card
            for name in (ev.src, ev.dst):
                anims.extend(board.relayout(name, MOVE_TIME, delay=start))
            return start, [sprite], self.stagger
        if isinstance(ev, CardFlipped):
            sprites = board.sprites(ev.pile)
            sprite = next((s for s in reversed(sprites) if ev.card is not None and s.card == ev.card), None)
            sprite = sprite or board.top(ev.pile)
            if sprite is None:
                return at, [], 0.0
            start = max(at, ready.get(id(sprite), 0.0))
            anims.append(sprite.turn(ev.face_up, ev.card, delay=start))
            if not ev.face_up and ev.card is None:
                sprite.card = None
            return start, [sprite], self.stagger
        if isinstance(ev, Shuffled):
            moved = []
            for i, sprite in enumerate(list(board.sprites(ev.src))):
                board.take(ev.src, sprite.card)
                board.put(ev.dst, sprite)
                if sprite.face_up:
                    anims.append(sprite.turn(False, None, delay=at))
                sprite.card = None
                moved.append(sprite)
            for name in (ev.src, ev.dst):
                anims.extend(board.relayout(name, MOVE_TIME, delay=at))
            return at, moved, MOVE_TIME
        if isinstance(ev, Announced):
            anims.append(Sequence(Wait(at), Call(lambda: self.on_announce(ev))))
        return at, [], 0.0

    def sync(self, animate: bool = True) -> list[Any]:
        """Make the board match the viewer's observation; the tweens that get it there."""
        return self.board.sync(self.layout(self.observation()), MOVE_TIME if animate else None)

    def _deal_animation(self) -> list[Any]:
        """Every card not in the deal_from pile flies out of it, one after another, and turns if face up."""
        source = self.board.home_of(self.deal_from, 0)
        dealt = sum(len(v) for k, v in self.board.cards.items() if k != self.deal_from)
        stagger = min(DEAL_STAGGER, 2 * LONGEST_RUN / max(1, dealt))
        anims = []
        order = 0
        for name, sprites in self.board.cards.items():
            if name == self.deal_from:
                continue
            for s in sprites:
                delay = order * stagger
                order += 1
                s.pos = source
                anims.append(s.move_to(None, MOVE_TIME, delay=delay))
                if s.face_up and s.card is not None:
                    s.shown_up = False
                    anims.append(s.turn(True, s.card, delay=delay + MOVE_TIME * 0.8))
        if order:
            anims.append(Call(lambda: self.app.play_sound("deal")))
        return anims

    # ------------------------------------------------------------------ undo / restart / save
    @property
    def practice(self) -> bool:
        """A practice game (the select screen's "Practice (undo allowed)"); statistics keep it apart."""
        return bool(self.options.get("practice"))

    @property
    def undo_allowed(self) -> bool:
        """Whether this game has undo at all (fair_undo games: only in practice)."""
        return self.allow_undo and bool(self.humans) and (self.practice or not self.fair_undo)

    def pile_hidden_to(self, pile: str, seat: int) -> bool:
        """Whether `seat` could not see into `pile` before a card left it (a card from there is
        news to them: fair undo stops there). Default: stock, draw pile and the others' hands."""
        return fair_undo.default_hidden_to(pile, seat)

    def undo(self) -> bool:
        """Take back the human's last move (and the computers' after it), fairly (ui/fair_undo.py)."""
        if not self.undo_allowed:
            if self.fair_undo and self.humans:
                self.app.notify("No undo in this game: choose Practice (undo allowed) to take moves back")
            self.app.play_sound("invalid")
            return False
        target, why = fair_undo.undo_target(self.history, self.undo_floor, self.humans, self.viewer,
                                            self.rules.current_player)
        if target is None:
            if why and self.history:
                self.app.notify(why)
            self.app.play_sound("invalid")
            return False
        self.animator.finish_all()
        self.scheduler.cancel(self._ai_job)
        self._ai_job, self.thinking = None, None
        self.state = self.history[target]
        del self.history[target:], self.actions[target:]
        self.move_log.truncate(len(self.actions))
        self.over = False
        self._clear_selection()
        self.drag.cancel()
        self._set_hover(None)
        self.animator.queue(self.sync(animate=True))
        self._focus_dirty = True
        self.app.play_sound("place")
        self.save()
        return True

    def restart(self, seed: int | None = None) -> None:
        """A new deal with the same options, in place (the pause overlay pops itself, then calls this)."""
        self.abandon()   # a game in progress thrown away counts as played and lost
        self.clear_save()
        self.redeal(seed)

    def redeal(self, seed: int | None = None) -> None:
        """Deal again in place without touching the autosave (restart() clears it first)."""
        self.scheduler.clear()
        self.animator = Animator(lambda: self.app.anim_scale * self.anim_pace)
        self.seed = new_seed() if seed is None else seed
        self._new_game()
        self.fx.clear()
        self._hover = None
        self._build_board(deal=True)
        self.begin()

    def save_data(self) -> dict[str, Any]:
        options = {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.options.items()}
        return {"game": self.info.name, "options": options, "seed": self.seed,
                "actions": list(self.actions), "extra": self.play_time_extra(self.save_extra())}

    def save(self) -> None:
        """Autosave (only games with a human player, and not once it is over)."""
        if self.humans and not self.over and self.actions and self.app.demo is None:
            self.app.storage.save_game(self.info.name, self.save_data())

    def clear_save(self) -> None:
        if self.humans and self.app.demo is None:
            self.app.storage.clear_game(self.info.name)

    def on_exit(self) -> None:
        self.save()

    # ------------------------------------------------------------------ computer seats
    def ai_level(self, seat: int) -> str:
        return str(self.options.get("level", "normal"))

    def ai_rng(self, seat: int) -> random.Random:
        if seat not in self._ai_rngs:
            self._ai_rngs[seat] = make_rng(self.seed, "ai", seat)
        return self._ai_rngs[seat]

    def choose_for_computer(self, seat: int) -> Any:
        legal = self.rules.legal_actions(self.state)
        if self.ai is None:
            return self.ai_rng(seat).choice(legal)
        return self.ai.choose(self.rules.observe(self.state, seat), legal, self.ai_rng(seat), self.ai_level(seat))

    def _maybe_start_ai(self) -> None:
        """Start a computer seat's turn: the dots appear, the choice is made in a worker thread,
        and the move is played once both the thinking delay has passed and the choice is ready."""
        if self.over or self._ai_job is not None or not self.computer_may_move():
            return
        seat = self.current
        if seat is None or seat in self.humans:
            return
        if self.animator.busy and not self.think_while_animating:
            return
        self.thinking = seat
        state = self.state
        self._ai_future = _AI_WORKER.submit(self.choose_for_computer, seat)
        self._ai_job = self.scheduler.after(self.ai_delay(seat), lambda: self._ai_ready(seat, state))

    def computer_anim_pace(self) -> float:
        """How much faster than the animation setting a computer's move animates (1.0: not at all);
        a game may speed up a big table's computer moves."""
        return 1.0

    def continues_turn(self, seat: int) -> bool:
        """Whether `seat` also made the last move (the rest of a turn it has begun)."""
        return bool(self.history) and self.rules.current_player(self.history[-1]) == seat

    def ai_delay(self, seat: int) -> float:
        """Seconds computer `seat` visibly thinks before this move: the speed setting's delay
        (0 at Instant), shorter at a big table, and shorter again for the rest of a turn it
        has begun (a draw, then where the card goes)."""
        delay = self.app.ai_delay * min(1.0, PACE_PLAYERS / max(1, self.players))
        if self.continues_turn(seat):
            delay *= FOLLOW_UP
        return delay

    def _ai_ready(self, seat: int, state: Any, gap: float | None = None) -> None:
        """The thinking delay is over: play the choice.

        The choice has had the whole delay to run in the background; if it is not ready
        yet, the frame waits for it. So the move always lands on the same frame
        (deterministic screenshots and tests), and a fast machine never notices.
        """
        if self.animator.busy and self.state is state and not self.over:   # thought while the last move
            gap = 0.0 if self.continues_turn(seat) else self.ai_delay(seat) * TURN_GAP   # flew: land
            self._ai_job = self.scheduler.after(0, lambda: self._ai_ready(seat, state, gap))  # after it
            return
        if gap:   # a new turn: a short look at the last move once it has landed
            self._ai_job = self.scheduler.after(gap, lambda: self._ai_ready(seat, state))
            return
        future = self._ai_future
        self._ai_job, self.thinking, self._ai_future = None, None, None
        if self.state is not state or self.over:  # undone or restarted meanwhile: forget it
            return
        try:
            action = future.result()
        except Exception:  # noqa: BLE001 - a bug in an AI must not end the player's game
            self.app.storage.log_error(f"{self.info.name} computer player")
            self.app.notify("A computer player made an error; it plays its first legal move.")
            action = self.rules.legal_actions(self.state)[0]
        self.act_computer(seat, action)

    def act_computer(self, seat: int, action: Any) -> None:
        """A computer seat's chosen move lands (override to batch several, with act_then)."""
        self.act(action)

    # ------------------------------------------------------------------ input
    def targets(self, sprite: CardSprite) -> dict[str, Any]:
        """DragController: where this card may be dropped (target pile -> action)."""
        out: dict[str, Any] = {}
        for action, dst in self.actions_from(sprite, sprite.pile):
            if dst is not None and dst != sprite.pile:
                out.setdefault(dst, action)
        return out

    def drop(self, sprite: CardSprite, pile: str, action: Any) -> None:
        self._play([a for a, dst in self.actions_from(sprite, sprite.pile) if dst == pile] or [action])

    def _play(self, actions: list[Any]) -> None:
        """Play one of `actions` (all the same gesture); resolve() picks when there are several."""
        choice = actions[0] if len(actions) == 1 else self.resolve(actions)
        if choice is not None:
            self.act(choice)

    def invalid(self, sprite: CardSprite | None) -> None:
        """Not a legal move: the buzz, and a resting card wiggles."""
        self.app.play_sound("invalid")
        if sprite is not None and sprite.at_home and sprite.layer == 0:
            self.animator.play(sprite.shake())

    def click(self, sprite: CardSprite | None, pile: str | None) -> None:
        """A click (or Enter) on a card or pile: play it, pick it up, or put a picked card down."""
        if not self.human_turn:
            return
        if self._selection is not None:
            source, targets = self._selection
            self._clear_selection()
            if pile in targets:
                self._play(targets[pile])
                return
            if source is sprite or (sprite is None and source == pile):
                return  # clicking the picked card again puts it back
        options = self.actions_from(sprite, pile)
        if not options:
            if sprite is not None or pile is not None:
                self.invalid(sprite)
            return
        targets: dict[str, list[Any]] = {}
        for action, dst in options:
            targets.setdefault(dst, []).append(action)
        if len(targets) == 1:
            self._play(next(iter(targets.values())))
        else:
            self._select(sprite if sprite is not None else pile, targets)

    def _select(self, source: Any, targets: dict[str, list[Any]]) -> None:
        """Pick a card up (click or Enter) when it can go to several piles; the next click chooses."""
        targets = {dst: acts for dst, acts in targets.items() if dst is not None}
        self._selection = (source, targets)
        self.board.set_highlight(targets)
        if isinstance(source, CardSprite):
            source.highlight = SELECTED
        self._focus_dirty = True

    def _clear_selection(self) -> None:
        if self._selection is not None:
            self._selection = None
            self.board.set_highlight(())
            self._focus_dirty = True

    def focus_keys(self) -> list[Hashable]:
        """What the keyboard can reach: the playable cards and piles, or the targets of a picked card.

        Keys are CardSprites or pile names; override to add the scene's own items (they
        must have a rect in focus_rect, and activate() must handle them).
        """
        if self._selection is not None:
            return list(self._selection[1])
        keys: list[Hashable] = []
        seen: set[int] = set()
        for action, src, card, dst in self.moves():
            if src is None or src not in self.board.piles:
                continue
            sprites = self.board.sprites(src)
            if card is None:
                key: Hashable = sprites[-1] if sprites else src
            else:
                key = next((s for s in sprites if s.card == card), src)
            if id(key) not in seen:
                seen.add(id(key))
                keys.append(key)
        keys.sort(key=lambda k: (self.focus_rect(k).centery // 40, self.focus_rect(k).centerx))
        return keys

    def focus_buttons(self) -> dict[str, Any]:
        """The scene's enabled on-screen buttons ({name: Button}) the keys and the pad reach; default none."""
        return {}

    def _focus_button(self, key: Hashable) -> Any:
        """The Button behind a "button:<name>" focus key, or None."""
        if isinstance(key, str) and key.startswith("button:"):
            return self.focus_buttons().get(key[7:])
        return None

    def button_focused(self, name: str) -> bool:
        """Whether the visible ring is on the button `name` (draw it lit)."""
        return self.focus.visible and self.focus.current == f"button:{name}"

    def focus_rect(self, key: Hashable) -> pygame.Rect | None:
        """Where a focus key is on the canvas (override together with focus_keys and activate)."""
        button = self._focus_button(key)
        if button is not None:
            return button.rect
        if isinstance(key, CardSprite):
            return key.rect
        if isinstance(key, str) and key in self.board.piles:
            top = self.board.top(key)
            return top.rect if top is not None else self.board.piles[key].base_rect(self.board.size_of(key))
        return None

    def focus_playable(self, key: Hashable) -> bool:
        """Whether the focus policy prefers `key`: after a move the focus goes to a card or pile
        that plays, and to a draw from the `deal_from` pile (the stock) only when nothing else
        does. focus_buttons() never count; other keys (a chooser's choices) count as playable."""
        if self._focus_button(key) is not None:
            return False
        if isinstance(key, CardSprite):
            return key.pile != self.deal_from and bool(self.actions_from(key, key.pile))
        if isinstance(key, str) and key in self.board.piles:
            return key != self.deal_from and bool(self.actions_from(self.board.top(key), key))
        return True

    def activate(self, key: Hashable) -> None:
        """Enter/Space on a focused item: the same as clicking it."""
        button = self._focus_button(key)
        if button is not None:
            self.app.play_sound("button")
            button.activate()
        elif isinstance(key, CardSprite):
            self.click(key, key.pile)
        elif isinstance(key, str):
            self.click(self.board.top(key), key)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.move_log.handle_event(event):   # J or a click on the log's corner
            return
        if event.type == pygame.WINDOWFOCUSLOST:  # the player looked away: stop the clocks
            if self.humans and not self.over and self.app.demo is None:
                self.open_pause()
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self._selection is not None:
                    self._clear_selection()
                else:
                    self.open_pause()
                return
            if event.key == pygame.K_PAUSE:   # the Pause key, a gamepad's Start
                self.open_pause()
                return
            if event.key in UNDO_KEYS and (event.key != pygame.K_z or event.mod & pygame.KMOD_CTRL):
                self.undo()
                return
            self.refresh_focus()
            key = self.focus.handle_event(event)
            if key is not None:
                self.animator.finish_all()
                self.activate(key)
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.focus.handle_event(event)
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:  # right click: let go
                self._clear_selection()
                self.drag.cancel()
                return
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                if not self.human_turn:
                    return
                self.animator.finish_all()
            self.drag.handle_event(event)
            if event.type == pygame.MOUSEMOTION and not self.drag.pressed:
                self._set_hover(event.pos)

    def _set_hover(self, pos: tuple[int, int] | None) -> None:
        """Raise the playable card under the pointer a little (it says "you can take me")."""
        sprite = self.board.hit_test(pos) if pos is not None and self.human_turn else None
        if sprite is not None and not self.actions_from(sprite, sprite.pile):
            sprite = None
        if sprite is not None:
            self.focus.focus(sprite)   # the keys carry on from the card under the pointer
        if sprite is self._hover:
            return
        if self._hover is not None and self._hover.layer == 0:
            self._hover.lift = 0.0
        self._hover = sprite
        if sprite is not None:
            sprite.lift = 0.35

    def open_pause(self) -> None:
        try:
            from cardgames.scenes.pause import PauseScene
        except ImportError:
            return  # the pause overlay does not exist yet
        self.drag.cancel()
        self.stack.push(PauseScene(self.app, self))

    def refresh_focus(self) -> None:
        """Bring what the keys reach up to date now (after refresh_moves(); done each frame anyway)."""
        if self._focus_dirty:
            self._focus_dirty = False
            keys = self.focus_keys()
            if self._selection is None:   # a picked card's targets only, else the buttons too
                keys += [f"button:{name}" for name in self.focus_buttons() if f"button:{name}" not in keys]
            self.focus.set_keys(keys, self.focus_playable, after_move=self._focus_moved)
            self._focus_moved = False

    _refresh_focus = refresh_focus   # the older private name

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.tick_play_time(dt)
        self.scheduler.update(dt)
        self.animator.update(dt)
        self.fx.update(dt)
        self._maybe_start_ai()
        if self._focus_dirty and self.focus.visible:
            self.refresh_focus()
        self.focus.update(dt)

    def changing(self) -> bool:
        """Animations, effects, a computer's thinking dots, a card held by the mouse, the keyboard focus
        ring breathing (Scene.changing)."""
        return super().changing() or self.thinking is not None or self.drag.dragging or self.focus.changing

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_table(surface)
        self.board.draw(surface)
        if self.fx.active:
            dx, dy = self.fx.offset()
            if dx or dy:
                surface.scroll(dx, dy)  # the table shakes; the HUD drawn next stays steady
            self.fx.draw(surface)
        self.draw_hud(surface)
        self.move_log.draw(surface)
        self._draw_thinking(surface)
        self.focus.draw(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.assets.table(self.table), (0, 0))

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        if self.thinking is None:
            return
        x, y = self.seat_anchor(self.thinking)
        t = self.scheduler.time
        for i in range(3):
            lift = max(0.0, min(1.0, 1 - abs(((t * 2.2 - i * 0.25) % 1.2) - 0.3) * 4))
            pygame.draw.circle(surface, (250, 240, 200), (x - 16 + i * 16, round(y - 6 * lift)), 5)

    def draw_text(self, surface: pygame.Surface, text: str, pos: tuple[int, int], px: int = 22,
                  colour: tuple[int, int, int] = (240, 240, 230), anchor: str = "topleft",
                  bold: bool = False) -> pygame.Rect:
        """Blit text, rendered once and cached (a HUD redrawn every frame costs one blit per line)."""
        text = tr(text)  # looked up as drawn: a language change needs no restart
        key = (text, px, colour, bold)
        image = self._text_cache.get(key)
        if image is None:
            image = self._text_cache.put(key, theme.render(self.app.assets.font(px, bold), text, colour))
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
        return rect
