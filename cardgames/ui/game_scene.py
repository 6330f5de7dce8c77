"""The shared base of the four game scenes: a view of a game's table, animation, input, saves.

A game scene subclasses GameScene and is built as
    MyScene(app, options, seed=None, resume=None)
by the menus, the command line and the demo. The scene is a VIEW: the game itself is played
at a cardgames.table.Table (pure Python: the State, the seats, the computers, history and fair
undo, the record), and the scene draws what its seat is sent. The base does the common work:
opens the table (table_line.py: a resumed game's actions replayed there), sends the human's
moves to it as intents, reads its updates: animates the events as the viewer may see them,
reconciles the sprites with the viewer's observation, plays sounds, writes the move log,
autosaves; it lets the table's clock run while nothing flies (the computers play on it),
turns mouse, keys and pad into actions, and opens the pause overlay on Esc.

Where the parts live (GameScene mixes them in; every name below is a GameScene method):
    game_scene.py       construction, the hooks' defaults, the queries (observation, moves,
                        human_turn, ...), act() / act_then(), the frame (update, draw, draw_text)
    table_line.py       the line to the table: open_table(), send() / send_command() (intents),
                        take_updates() (animate, log, game over), latest(), run_clock(dt), the
                        thinking dots
    scene_input.py      mouse, keys and pad into actions: click, drag targets, picked card,
                        hover, undo keys, Esc -> pause (UNDO_KEYS)
    scene_focus.py      what arrows/Tab/pad reach: focus_keys, focus_rect, activate, buttons
    event_animation.py  events into tweens: animate_events / animate_event, sync, the opening deal
    history.py          undo (a command to the table: fair undo), restart, redeal (a new table)
    autosave.py         save / clear_save / save_data: options, seed and the actions played
    recording.py        the statistics (RecordsMixin: game_result, record_result, play time)
    remote_line.py      a table on a server (OnlineTable; idle at a local table): the NetHandle as
                        the line, drops and quick messages at the seats, Play again, the line's end

What a view may do, and what it may not
---------------------------------------
It works from what its seat is sent: self.observation() (the viewer's observation), self.latest(seat)
(that seat's last Update: legal, out_of_turn, turn, thinking, deadlines, undo, result, moves,
played, events; default the viewer), self.actions (the actions played so far, as str: public),
self.current, self.human_turn, self.over, self.players, self.moves() (the legal actions parsed for
the board), and self.rules.parse_action(text). It never holds or reads a State (table_line.py's
`state` and `history` properties are transitional, left for old tests, and go), never imports a game's
State type and never calls the rules' state functions (new_game, deal, apply, legal_actions,
current_player, is_over, scores, winners, observe, ... or anything taking a State): the table
does. A fact the view needs and the seat may know belongs in the game's Observation. Computer
moves never pass through act(): they arrive as updates like any other. The line is a LocalHandle
(objects), or a WireHandle with CARDGAMES_LINE=wire (every message encoded to bytes and back);
a scene draws the same with either.

What a game author writes
-------------------------
Class attributes:
    rules      the rules module: the view parses actions with rules.parse_action and reads its
               constants (Phase, ...), nothing else
    info       the game's GameInfo (cardgames/games/<g>/__init__.py INFO); its name picks the
               table's GameSpec (cardgames/table/games.py: AI, codec, rounds, mover)
    card_size  (w, h) of cards on the 1280x720 canvas; default CARD_SIZE (84x118)
    table      the felt's texture for app.assets.table() (assets.TABLES; not the game's Table, which
               is self.host); default "felt_green"
    art_class  how cards look: CardArt (playing cards) or a subclass (Skyjo overrides face/back)
    deal_from  the pile the opening deal flies out of ("stock"), or None for no deal animation
    allow_undo False for games where undo makes no sense
    fair_undo  True (the multiplayer tables): undo only in practice games (options["practice"]), any of
               your own moves, never another human's (cardgames/table/fair_undo.py; the table decides,
               with the game's GameSpec.mover, and says in each update whether undo would act)
    undo_rect  where a practice game's Undo button sits on the canvas (a pygame.Rect), or None
    describe_move, log_rect  the move log: the game's describe(move) and the corner's Rect
               (cardgames/ui/move_log.py says how a game plugs in; hooks log_section, log_viewer)
    think_while_animating  True: the table's clock runs while the last move flies, so a computer's
               next move lands as soon as it is down (big tables stay brisk); computer_anim_pace()
               may speed up computer moves too
    toast_bottom where app.notify() messages end on the canvas (default 210: high on the table)

Hooks (override; the first three are required):
    setup_board(self)            add the piles: self.board.add_pile("stock", (x, y)),
                                 self.board.add_pile("hand:0", (640, 560), "fan", dx=30, center=True),
                                 grid_positions() for grids. Piles added later are drawn on
                                 top (add overlapping rows back to front). Called once the
                                 table is open (self.observation(), self.players), and after restart().
    layout(self, obs)            what the viewer sees, pile by pile: {"stock": [(None, False)] * 20,
                                 "waste": [(card, True)], ...} bottom card first, from
                                 obs = self.observation(), the viewer's observation as sent.
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
    after_update(self, before, after)  one move told: the viewer's Updates before and after it
                                 (default: the achievements' check); call super().
    on_reset(self, msg)          the table drew the position afresh (an undo): call super(), then
                                 reset what the scene keeps per move.
    landed(self)                 a batch of updates was taken in (default: end the game when the
                                 update has a result, and autosave); call super().
    on_game_over(self)           the game ended (record stats, push a summary). Call super() first.
    game_result(self, abandoned) the result for the statistics (cardgames/ui/recording.py); call
                                 self.record_result() at the end, its lines are self.records_touched.
    seat_anchor(self, seat)      where the "thinking" dots of a computer seat go (canvas point).
    begin(self)                  a game starts (new, resumed or after restart(), which clears the
                                 scheduler): start your timers here.
    on_new_game(self)            a game was just opened at the table (new game, restart, or a
                                 resume, its actions replayed there): reset per-game scene data here.
    computer_may_move(self)      False holds the table's clock (a chooser is open, a clock has not
                                 started, a summary is up): the computers wait; asked every frame.
    computer_anim_pace(self)     how much faster a computer's move animates (default 1.0).
    table_deal(self), table_choose(self)  a tutorial's scripted deal (rules_options, seed) -> State
                                 and scripted computers (state, seat, rng, level) -> action, run
                                 at the table; None (default): the rules' new_game and the AI.
    ai_level(self, seat)         the computers' level (default options["level"]).
    save_extra / load_extra      scene data for the autosave (e.g. an arcade timer), a JSON dict;
                                 load_extra runs after the replay, before setup_board.
    rules_options(self)          the options the rules deal with (default: all but "humans", "names",
                                 "practice"); table_options() hands them to the table.
    handle_event                 call super().handle_event(event) for everything you don't use.

Set any attribute your hooks need BEFORE calling super().__init__(...): the base
calls setup_board() and layout() from inside its __init__.

Useful from a subclass: self.observation(), self.latest(seat), self.actions, self.current,
self.viewer (the seat drawn face up), self.humans, self.player_name(seat) (the names from the
select screen), self.practice, self.players, self.human_turn, self.over, self.moves(),
self.act(action), self.act_then(action, more) (several actions, each sent once the one before
is played, animated as they come), self.undo(), self.restart(),
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
After a move the ring goes to the nearest key of the best focus_rank(key): a card
that plays, else the main move (a draw from deal_from), never a button while anything else is there.
On-screen buttons: focus_buttons() returns the enabled ones as {name: Button}; the ring
reaches them as keys "button:<name>" (after the cards in Tab order), Enter / pad A
presses them, and they are never where the ring goes after a move.
Gamepads arrive as the same keys (cardgames/engine/gamepad.py); pad_keys =
{"x": key, "y": key} names the keys of the X and Y buttons (the game's main extras).
Ctrl+Z, U or Backspace (a pad's Back button) undo; Esc (or the window losing focus) opens the pause overlay.

Turns: the table plays the computer seats. When one is to play, the table plans its move on
the table's clock after a visible thinking delay (cardgames/table/pace.py: app.ai_delay, 0 at
Instant, shorter at a big table, halved for the rest of a begun turn) and its AI chooses in a
worker thread from its own observation; the update says who is thinking (the dots). The
scene's update() runs the clock (run_clock(dt)) only while nothing animates, one move at a
time, so each computer move is seen to land before the next (think_while_animating: the
clock runs during the flight too); computer_may_move() False stops it. A Skyjo computer's
set-up flips arrive as several updates in one frame and are animated together. Between
rounds nobody has the turn (current is None) until a human deals on: its legal action is the
game's "next" action; offer a button that calls act(). In the demo (self.app.demo is not None)
every seat is a computer and the table deals on by itself: never wait for a key there (close
summaries on a timer with self.scheduler). The base does not autosave when there is no human seat.

Speed: draw only cached surfaces (self.draw_text caches; the board blits
ready-made card images); a frame should stay well under 4 ms.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames import names as player_names
from cardgames.core.events import Announced, CardFlipped, CardMoved, Shuffled
from cardgames.core.protocol import IllegalAction
from cardgames.core.rng import new_seed
from cardgames.engine.clock import Scheduler
from cardgames.engine.input import DragController, FocusRing
from cardgames.engine.lru import MB, SurfaceCache
from cardgames.engine.redraw import Backdrop
from cardgames.engine.scene import Scene
from cardgames.engine.tween import Animator
from cardgames.i18n import Said, refusal, tr
from cardgames.ui import controls, theme, words
from cardgames.ui.autosave import Autosave
from cardgames.ui.board import Board
from cardgames.ui.cards import CARD_SIZE, CardArt, CardSprite
from cardgames.ui.event_animation import STAGGER, EventAnimation
from cardgames.ui.fx import Effects
from cardgames.ui.history import UndoHistory
from cardgames.ui.move_log import SceneLog
from cardgames.ui.recording import RecordsMixin
from cardgames.ui.remote_line import OnlineTable
from cardgames.ui.scene_focus import SceneFocus
from cardgames.ui.scene_input import SceneInput
from cardgames.ui.suggest import SuggestMixin
from cardgames.ui.table_line import TableLine


class GameScene(OnlineTable, TableLine, SceneInput, SceneFocus, EventAnimation, UndoHistory, SuggestMixin,
                Autosave,
                RecordsMixin, Scene):
    rules: Any = None
    ai: Any = None
    info: Any = None
    card_size: tuple[int, int] = CARD_SIZE
    table: str = "felt_green"
    art_class: type = CardArt
    deal_from: str | None = "stock"
    allow_undo: bool = True
    toast_bottom: int | None = 210   # messages high on the table: the human's own cards are at the bottom
    pad_notices_as_toasts = True     # toasts have their place on a table (app._pad_notice)
    changes_by_itself = False  # drawn on input, while animations or effects run, while a computer thinks
    announces_changes = True   # changing() and picture_key() cover every change: audited rarely (engine/redraw.py)
    describe_move: Any = None        # the move log's describe(move) (cardgames/ui/move_log.py), or None
    log_rect: Any = None             # where the log's corner is drawn (a pygame.Rect), or None
    fair_undo = False                # True: undo only in practice games (table/fair_undo.py)
    undo_rect: pygame.Rect | None = None   # a practice game's Undo button (ui/undo_button.py), or none
    think_while_animating = False    # True: the table's clock runs while a move flies (the next lands once it is down)
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
        self._table_layer = Backdrop()                     # the table and the piles' spots: see draw()
        self._undo_button: Any = None                      # made when first shown: see undo_button()
        saved = resume.get("actions", ()) if resume is not None else ()
        story = self.open_table(saved if isinstance(saved, (list, tuple)) else (), line=self.options.pop("line", None))
        self._new_game(story)
        if resume is not None:
            self._wrote_save = True   # the save resumed is this scene's: undo back to the deal clears it
            self.load_extra(resume.get("extra") or {})
            self.load_play_time(resume.get("extra") or {})
        self._build_board(deal=resume is None)
        self.begin()

    # ------------------------------------------------------------------ setup
    def _new_game(self, story: list[Any]) -> None:
        """The view's side of a new deal (or a resumed game): `story` is the game so far as the
        table told it (TableLine.open_table), read quietly for the log and the moves made."""
        self.actions: list[str] = [a for msg in story for a in msg.played]
        self.over = self.latest().result is not None
        self._selection: tuple[Any, dict[str, list[Any]]] | None = None  # (sprite or pile, {target: actions})
        self._moves_for: Any = None            # the update _moves was computed for
        self._moves: list[tuple[Any, str | None, Any, str | None]] = []
        self.reset_records()
        self.on_new_game()
        self.move_log = SceneLog(self, story)

    def _build_board(self, deal: bool) -> None:
        self.board = Board(self.art_class(self.app), self.card_size)
        self.board.font = self.app.assets.font(18)
        self.drag = DragController(self.board, self, self.animator)
        self.focus = FocusRing(self.focus_rect)
        self.focus.visible = controls.by_keys(self.app)   # started by a key or the pad: the ring shows at once
        self.setup_board()
        self.sync(animate=False)
        if deal and self.deal_from in self.board.piles:
            self.animator.queue(self._deal_animation())
        self._focus_dirty = True
        self._focus_moved = False   # a move was made since the keys were last set (the focus policy)

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
    def current(self) -> int | None:
        """Whose turn it is (None between rounds and once the game is over), as the table said."""
        return self.latest().turn

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
        """What the viewer sees: the observation of the viewer's last update."""
        return self.latest().observation

    def moves(self) -> list[tuple[Any, str | None, Any, str | None]]:
        """The human's legal actions as (action, source pile, source card or None, target pile)."""
        update = self.latest(self.current) if self.current in self.seen else self.latest()
        if self._moves_for is not update:
            self._moves_for = update
            self._moves = []
            if self.human_turn:
                for text in update.legal:
                    action = self.rules.parse_action(text)
                    src, dst = self.action_ui(action)
                    pile, card = src if isinstance(src, tuple) else (src, None)
                    self._moves.append((action, pile, card, dst))
        return self._moves

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
        """Send `action` to the table for this screen's seat; the table's answer is animated, saved
        and hands over the turn. False (with a toast and the "invalid" sound) if it is refused."""
        self.animator.finish_all()
        return self.send(action)

    def act_then(self, action: Any, more: Any = None) -> bool:
        """act(action), then the actions `more()` returns one by one until None (each asked after
        the one before is played); a refused later action just ends the run."""
        ok = self.act(action)
        while ok and more is not None and not self.over:
            action = more()
            if action is None:
                break
            ok = self.send(action)
        return ok

    def refusal_text(self, exc: IllegalAction) -> Said:
        """The rules' refusal as the toast says it: to the player at the screen, in their language
        (i18n.refusal: cards in words, seats by their names), a sentence (str(exc) stays English)."""
        said = refusal(exc, self.player_name)
        return Said(lambda: words.sentence(said.again()), said.key)

    def _game_over(self) -> None:
        self.clear_save()
        self.on_game_over()

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.tick_play_time(dt)
        self.scheduler.update(dt)
        self.animator.update(dt)
        self.fx.update(dt)
        self.run_clock(dt)
        if self._focus_dirty and self.focus.visible:
            self.refresh_focus()
        self.focus.update(dt)

    def changing(self) -> bool:
        """Animations, effects, a computer's thinking dots, a card held by the mouse, the keyboard focus
        ring breathing (Scene.changing)."""
        return (super().changing() or self.thinking is not None or self.drag.dragging or self.focus.changing
                or self.online_changing() or bool(self.suggested_piles()))

    def holds_toasts(self) -> bool:
        return self.fx.banner

    def needs_time(self) -> bool:
        """A timer set, or not the human's move (a computer to start, a curtain to fall): stepped often
        while idle (Scene.needs_time); a table that waits for the human sleeps."""
        return self.scheduler.pending > 0 or not self.human_turn or self.thinking is not None or self.online

    def draw(self, surface: pygame.Surface) -> None:
        key = self.table_key()
        if key is None:
            self.draw_table(surface)
            self.board.draw(surface)
        else:   # the table and the piles' spots as one picture, kept while they stay the same
            self._table_layer.draw(surface, (key, self.board.mats_key()), self._draw_table_layer)
            self.board.draw_cards(surface)
        if self.fx.active:
            dx, dy = self.fx.offset()
            if dx or dy:
                surface.scroll(dx, dy)  # the table shakes; the HUD drawn next stays steady
            self.fx.draw(surface)
        self.draw_hud(surface)
        self.draw_undo_button(surface)
        self.draw_suggestion(surface)     # a practice game's Suggest button and its ring (ui/suggest.py)
        self.move_log.draw(surface)
        self._draw_thinking(surface)
        self.draw_online(surface)
        if self.ring_shown():
            self.focus.draw(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.assets.table(self.table), (0, 0))

    def table_key(self) -> Any:
        """What draw_table() draws from, or None to draw it afresh every frame. With a key, draw() keeps
        the table and the piles' spots (Board.draw_mats: translucent, blended again every frame) as one
        picture, drawn again only when the key or the spots change. A scene that overrides draw_table
        says what its table depends on here (the default: none kept for an overridden draw_table)."""
        if type(self).draw_table is not GameScene.draw_table:
            return None
        return self.app.assets.table(self.table)

    def _draw_table_layer(self, surface: pygame.Surface) -> None:
        self.draw_table(surface)
        self.board.draw_mats(surface)

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
