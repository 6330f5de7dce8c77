"""The TriPeaks table: peaks, stock and waste, in three modes.

- Arcade: levels from levels/tripeaks/ against a clock, scoring streaks
  (scoring.ArcadeScore), a limited number of hints, a level-complete screen
  that counts the bonuses and lands the stars, and a high-score table.
- Classic: money scoring (scoring.ClassicScore) with a bank carried from hand
  to hand; "Deal next hand" (N) abandons the hand at any time.
- Relaxed: no clock or score; undo (Ctrl+Z), hints (H) and a live "still
  winnable" sign from the solver.

The GameScene base does the plumbing (apply, animate, drag and drop, focus,
autosave, pause). This class adds: where the cards lie (from the layout
file), the scorer fed with each action's events and with the scene's dt (so
pausing stops the clock), the HUD, and what happens when a hand ends.
Overlays (level select, results, initials) live in scene_overlays.py.

Phases in Arcade: "ready" (dealt, the clock waits for the deal to land),
"play" (the clock runs), "over" (the level has ended: a clear, the clock ran
out or no move is left).
"""
from __future__ import annotations

import math
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, ClassVar

import pygame

from cardgames import records
from cardgames.core.events import Announced, CardFlipped, CardMoved
from cardgames.core.rng import new_seed
from cardgames.games.tripeaks import INFO, levels, rules, solver
from cardgames.games.tripeaks.layout import load_layout, usable_layout
from cardgames.games.tripeaks.rules import Play, Turn
from cardgames.games.tripeaks.scene_hud import draw_hud, fmt, money
from cardgames.games.tripeaks.scoring import ArcadeScore, ClassicScore, stars
from cardgames.ui import theme
from cardgames.ui.game_scene import GameScene
from cardgames.ui.widgets import Button

W, H = 1280, 720
HUD_H = 76                 # the bar along the top
SIDE_MARGIN = 40
CARD_ASPECT = 1.4          # height / width
MAX_CARD_W = 96
RIGHT_EDGE = W - 210       # the buttons stand in the bottom right corner
COLUMN_GAP = 1.06          # horizontal distance between neighbouring slots, in card widths
ROW_STEP = 0.52            # vertical distance between rows, in card heights
WARN_SECONDS = 10          # the clock bar turns red and ticks in the last ten seconds
HINT_SECONDS = 2.5
BANNER_SECONDS = 3.0
RESUME_HOLD = 1.2          # a resumed Arcade level shows READY this long before its clock runs again
RESULT_BEAT = 1.0          # seconds between the last card and the result screen, while a burst plays
RULE_KEYS = ("wrap", "wild", "open_peaks", "empty_waste")
WINNABLE_NODES, WINNABLE_SECONDS = 3_000_000, 5.0   # the live sign's budget (answers "unknown" past it)
_SOLVER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tripeaks-solver")
HINT_NODES, HINT_TIME = 500_000, 1.0
_HINTER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tripeaks-hint")
PEAK_COLOURS = ((255, 214, 90), (120, 230, 255), (255, 120, 200))


# ---------------------------------------------------------------- geometry


def table_geometry(layout: Any) -> tuple[tuple[int, int], list[tuple[float, float]], tuple[float, float],
                                         tuple[float, float]]:
    """Card size, the top-left of every tableau slot, and the stock and waste spots.

    The layout gives slot centres in card widths (x) and rows (y). Two
    arrangements are tried, and the one with the larger cards wins: the stock
    and waste in a row under the shape (wide shapes, like the three peaks),
    or at the bottom left beside it (tall shapes, like the pyramid). Cards
    are at most MAX_CARD_W wide and the shape is centred in its space.
    """
    xs = [s.x for s in layout.slots]
    ys = [s.y for s in layout.slots]
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    top = HUD_H + 20

    def width_for(room_w: float, room_h: float, extra_rows: float) -> int:
        by_w = room_w / (span_x * COLUMN_GAP + 1)
        by_h = room_h / (span_y * ROW_STEP + 1 + extra_rows) / CARD_ASPECT
        return int(min(MAX_CARD_W, by_w, by_h))

    below = width_for(W - 2 * SIDE_MARGIN, H - top - 70, 1)          # a card row and labels below the shape
    side_room = RIGHT_EDGE - SIDE_MARGIN - 40
    beside = width_for(side_room - 2.5 * below, H - top - 60, 0)       # stock and waste at the left
    if beside > below:
        w = int(min(beside, width_for(side_room - 2.5 * beside, H - top - 60, 0)))
        h = round(w * CARD_ASPECT)
        shape_w = span_x * COLUMN_GAP * w + w
        left_edge = SIDE_MARGIN + 2.5 * w + 40
        left = left_edge + (RIGHT_EDGE - left_edge - shape_w) / 2
        row_y = H - h - 60
        stock, waste = (SIDE_MARGIN, row_y), (SIDE_MARGIN + 1.3 * w, row_y)
    else:
        w = below
        h = round(w * CARD_ASPECT)
        shape_w = span_x * COLUMN_GAP * w + w
        left = (W - shape_w) / 2
        row_y = H - h - 44
        stock, waste = (W / 2 - w - 24, row_y), (W / 2 + 24, row_y)
    positions = [(left + (s.x - min(xs)) * COLUMN_GAP * w, top + (s.y - min(ys)) * ROW_STEP * h)
                 for s in layout.slots]
    return (w, h), positions, stock, waste


# ---------------------------------------------------------------- the scene


class TriPeaksScene(GameScene):
    rules = rules
    ai = None
    info = INFO
    table = "felt_green"
    deal_from = "stock"
    pad_keys: ClassVar[dict[str, int]] = {"x": pygame.K_SPACE, "y": pygame.K_h}   # gamepad X: stock, Y: hint

    def __init__(self, app: Any, options: dict[str, Any], seed: int | None = None,
                 resume: dict[str, Any] | None = None) -> None:
        opts = dict(resume.get("options", options)) if resume is not None else dict(options)
        self.mode = opts.get("mode", "arcade")
        if self.mode not in ("arcade", "classic", "relaxed"):
            self.mode = "arcade"
        self.allow_undo = self.mode == "relaxed"
        self.entries = levels.load_levels() if self.mode == "arcade" else ()
        self.level: levels.Level | None = None
        if self.mode == "arcade":
            self.level = self._pick_level(app, opts.get("level_id"))
            options = dict(options, level_id=self.level.id if self.level else None)
            if resume is not None:
                resume = dict(resume, options=dict(opts, level_id=self.level.id if self.level else None))
        self.layout_obj = usable_layout(self._rules_opts(opts)["layout"])
        self.card_size, self.slot_pos, self.stock_pos, self.waste_pos = table_geometry(self.layout_obj)
        self.hud_score = 0.0          # the score as shown: it counts up toward the real one
        self.streak_pop = 0.0         # 1 right after a streak card, decays: the counter grows and shrinks
        self.hint_target: tuple[str, float] | None = None   # (pile, seconds left)
        self.banner: tuple[str, float] | None = None        # the level's line at the start (text, seconds left)
        self.winnable_for: Any = None  # the state the "still winnable" sign was computed for
        self.winnable: bool | None = None
        self._winnable_job: Future | None = None
        self._hint_job: tuple[Any, Future] | None = None
        self.result: dict[str, Any] | None = None
        self._last_tick = None
        # the level list opens first, unless a level was asked for (next level, tests) or this is a resume/demo
        self._shown_select = (resume is not None or app.demo is not None or not opts.get("humans", (0,))
                              or bool(opts.get("level_id")))
        self.classic = ClassicScore()
        self._loss_pending = False
        # a new game's seed may deal a lost hand: the first winnable deal from it is found in the
        # background (DealingScene) once the scene is on screen, never in this constructor
        self._dealing = False          # a DealingScene is looking for a deal right now
        self._deal_pending = (resume is None and self.mode in ("arcade", "relaxed")
                              and bool(opts.get("winnable", True)))
        self.arcade: ArcadeScore | None = None
        self.hints_left = 0
        self.phase = "ready"
        self.ready_hold = 0.0          # seconds before a resumed level's clock starts again
        super().__init__(app, options, seed, resume)
        self.buttons = self._make_buttons()

    # ------------------------------------------------------------ options and levels
    def _pick_level(self, app: Any, level_id: str | None) -> levels.Level | None:
        """The level asked for, else the first unlocked level without a star, else the last unlocked."""
        available = [e for e in self.entries if e.available]
        if not available:
            return None
        for e in available:
            if e.id == level_id:
                return e.level
        stats = app.storage.stats("tripeaks")
        open_ = [e for e, ok in zip(self.entries, levels.unlocked(self.entries, stats)) if ok]
        for e in open_:
            if levels.level_record(stats, e.id)["stars"] == 0:
                return e.level
        return (open_ or available)[-1].level

    def _rules_opts(self, opts: dict[str, Any]) -> dict[str, Any]:
        if self.mode == "arcade" and self.level is not None:
            return dict(self.level.variants(), layout=self.level.layout)
        out = {k: bool(opts.get(k, d)) for k, d in (("wrap", True), ("wild", False), ("open_peaks", False),
                                                      ("empty_waste", False))}
        out["layout"] = "classic"
        return out

    def rules_options(self) -> dict[str, Any]:
        return self._rules_opts(self.options)

    @property
    def winnable_only(self) -> bool:
        return self.mode in ("arcade", "relaxed") and bool(self.options.get("winnable", True))

    def on_new_game(self) -> None:
        """A new deal: fresh scoring for the hand (the Classic bank carries over)."""
        peaks = len(self.layout_obj.peaks)
        self.classic = ClassicScore(bank=self.classic.bank, peak_count=peaks)
        if self.level is not None:
            self.arcade = ArcadeScore(clock=self.level.clock, streak_seconds=self.level.streak_seconds,
                                      peak_count=peaks)
            self.hints_left = self.level.hints
        self.phase, self.ready_hold = "ready", 0.0
        self.all_time_bank = int(records.figure(self.app.storage, "tripeaks", "classic", "bank") or 0)
        self.hud_score = float(self._score_value())
        self.result = None
        self.hint_target = None
        self.banner = None
        self.winnable_for, self.winnable = None, None
        self._last_tick = None

    def start_level(self, level_id: str) -> None:
        """Play this level now (from the level list): a fresh deal."""
        entry = next((e for e in self.entries if e.id == level_id and e.available), None)
        if entry is None:
            return
        self.level = entry.level
        self.options["level_id"] = entry.id
        self.layout_obj = load_layout(entry.level.layout)
        self.card_size, self.slot_pos, self.stock_pos, self.waste_pos = table_geometry(self.layout_obj)
        self.restart()

    def restart(self, seed: int | None = None) -> None:
        """A new deal (retry, next level, new deal, the pause menu's restart).

        The hand being left is counted first (played, not won), and in Classic
        its money goes into the bank. A winnable deal can take the solver a
        second to find on the hardest levels, so it is looked for in the
        background under a small "shuffling" overlay, which then deals it.
        """
        self._close_hand()
        if seed is None and self.winnable_only:
            self._find_deal(self.seed if self._deal_pending else new_seed())   # the first: the seed asked for
            return
        super().restart(seed)

    def _find_deal(self, seed: int) -> None:
        """Look for the first winnable deal from `seed` in the background (DealingScene), then deal it."""
        from cardgames.games.tripeaks.scene_overlays import DealingScene

        self._dealing = True
        self.stack.push(DealingScene(self.app, self, self.rules_options(), seed))

    def deal_winnable(self, seed: int) -> None:
        """DealingScene found this winnable seed: deal it (the first deal keeps any autosave
        until the first move, as every new game does)."""
        self._dealing = False
        if self._deal_pending:
            self._deal_pending = False
            self.redeal(seed)
        else:
            super().restart(seed)

    def _close_hand(self) -> None:
        """Count the hand being left (once), and bank Classic money."""
        if (self.actions and not self.over) or self._loss_pending:
            self._record_hand(won=False)   # a hand left unfinished counts as played, not won
            self.over, self.phase = True, "over"
        self._loss_pending = False
        self.classic = self.classic.next_hand()   # a no-op once the hand's money is banked

    def on_enter(self) -> None:
        if not self._shown_select and self.mode == "arcade":
            self._shown_select = True
            self.open_levels(first=True)   # the level chosen there is dealt from this scene's seed
        elif self._deal_pending and not self._dealing:
            self._find_deal(self.seed)

    def open_levels(self, first: bool = False) -> None:
        from cardgames.games.tripeaks.scene_overlays import LevelSelectScene

        self.stack.push(LevelSelectScene(self.app, self, first=first))

    # ------------------------------------------------------------ board
    def setup_board(self) -> None:
        order = sorted(range(self.layout_obj.size), key=lambda i: (self.layout_obj.slots[i].y, i))
        for i in order:
            self.board.add_pile(f"tableau:{i}", self.slot_pos[i], mat=False)
        self.board.add_pile("stock", self.stock_pos)
        self.board.add_pile("waste", self.waste_pos)

    def layout(self, obs: Any) -> dict[str, list[tuple[Any, bool]]]:
        out: dict[str, list[tuple[Any, bool]]] = {}
        for i in range(obs.layout.size):
            out[f"tableau:{i}"] = [(obs.tableau[i], obs.face_up[i])] if obs.present[i] else []
        out["stock"] = [(None, False)] * obs.stock_count
        out["waste"] = [(c, True) for c in obs.waste]
        return out

    def sync(self, animate: bool = True) -> list[Any]:
        """As the base, then dim the face-up cards that are still covered (peaks face up), so
        the playable ones stand out."""
        anims = super().sync(animate)
        state = self.state
        for i in range(state.layout.size):
            sprite = self.board.top(f"tableau:{i}")
            if sprite is not None:
                sprite.dim = state.options.open_peaks and not rules.exposed(state, i)
        return anims

    def focus_keys(self) -> list[Any]:
        """As the base, but in the order of where the cards rest (not where they fly), so Tab
        steps through the playable cards in the same order while the table still moves."""
        def home(key: Any) -> pygame.Rect:
            if isinstance(key, str):
                return self.board.piles[key].base_rect(self.card_size)
            return key.home_rect

        return sorted(super().focus_keys(), key=lambda k: (home(k).centery // 40, home(k).centerx))

    def action_ui(self, action: Any) -> tuple[Any, str | None]:
        if isinstance(action, Play):
            return f"tableau:{action.slot}", "waste"
        return "stock", "waste"

    # ------------------------------------------------------------ acting and scoring
    @property
    def human_turn(self) -> bool:
        return super().human_turn and self.phase != "over"

    def act(self, action: Any) -> bool:
        if self.phase == "over":
            return False
        if self.phase == "ready":
            self._go()
        if not super().act(action):
            return False
        self.hint_target = None
        if self.over and self.result is None:
            self._hand_over(time_up=False)
        return True

    def animate_events(self, events: tuple[Any, ...]) -> None:
        """Score the action (before its sounds are chosen, so the chime knows the streak)."""
        if self.mode == "classic":
            self.classic, awards = self.classic.after_events(events)
        elif self.arcade is not None:
            self.arcade, awards = self.arcade.after_events(events)
        else:
            awards = ()
        for award in awards:
            self._show_award(award)
        super().animate_events(events)

    def _show_award(self, award: Any) -> None:
        x, y = self.waste_pos[0] + self.card_size[0] / 2, self.waste_pos[1] - 10
        if award.kind == "card":
            self.streak_pop = 1.0
            text = f"+${award.amount}" if self.mode == "classic" else f"+{fmt(award.amount)}"
            self.fx.pop_text(text, (x, y), colour=(255, 236, 140), px=28 + min(award.count, 8) * 2, life=0.9)
        elif award.kind == "stock" and self.mode == "classic":
            sx = self.stock_pos[0] + self.card_size[0] / 2
            self.fx.pop_text(money(award.amount), (sx, y), colour=(255, 120, 110), px=28, life=0.9)

    def _streak(self) -> int:
        if self.mode == "classic":
            return self.classic.run
        return self.arcade.streak if self.arcade is not None else 0

    def sound_for(self, event: Any) -> str | None:
        if isinstance(event, CardMoved):
            if event.src.startswith("tableau"):
                return f"chime_{max(1, min(8, self._streak()))}" if self.mode != "relaxed" else "place"
            return "flip"   # a stock card turned over
        if isinstance(event, CardFlipped):
            return "flip"
        return None

    def on_announce(self, event: Announced) -> None:
        if event.kind == "peak_cleared":
            slot = self.layout_obj.peaks[event.value] if event.value is not None else 0
            x, y = self.slot_pos[slot]
            centre = (x + self.card_size[0] / 2, y + self.card_size[1] / 2)
            colour = PEAK_COLOURS[(event.value or 0) % len(PEAK_COLOURS)]
            self.fx.burst(centre, colour=colour, count=60, speed=420, life=1.1, size=6)
            self.fx.flash((255, 250, 220), 0.3)
            self.fx.shake(6, 0.25)
            bonus = self._last_peak_bonus()
            self.fx.pop_text(f"PEAK! {bonus}" if bonus else "PEAK!", centre, colour=colour, px=44, life=1.4)
            self.app.play_sound("win", 0.6)

    def _last_peak_bonus(self) -> str:
        if self.mode == "classic":
            n = self.classic.peaks
            return "+$30" if n >= self.classic.peak_count else "+$15"
        if self.arcade is not None:
            return "+5,000" if self.arcade.peaks >= self.arcade.peak_count else "+1,000"
        return ""

    # ------------------------------------------------------------ the computer (demo)
    def seat_anchor(self, seat: int) -> tuple[int, int]:
        """The demo's "thinking" dots: beside the waste, clear of the HUD."""
        return (round(self.waste_pos[0] + self.card_size[0] + 50), round(self.waste_pos[1] + self.card_size[1] / 2))

    def choose_for_computer(self, seat: int) -> Any:
        """The demo: the solver plays (a move that keeps a win possible)."""
        move = solver.hint(self.state, max_nodes=100_000, time_limit=0.5)
        return move if move is not None else rules.legal_actions(self.state)[0]

    def computer_may_move(self) -> bool:
        """The demo waits for the deal to land and for the winnable deal to be found."""
        return not self._deal_pending and (self.phase == "play" or (self.phase == "ready" and not self.animator.busy))

    # ------------------------------------------------------------ time
    def _go(self) -> None:
        self.phase, self.ready_hold = "play", 0.0
        if self.mode == "arcade" and self.level is not None:
            self.fx.pop_text("GO!", (W / 2, H / 2 - 40), colour=theme.ACCENT, px=72, life=0.9)
            if self.level.intro and not self.actions:
                self.banner = (self.level.intro, BANNER_SECONDS)

    def changing(self) -> bool:
        """The score counting up, a hint, an answer awaited from the solver, the streak
        timer draining, the clock's last seconds (Scene.changing; the seconds of the clock before
        that are seen by the app's audit, cardgames/engine/redraw.py)."""
        arcade = self.arcade if self.phase == "play" and not self.over else None
        return (super().changing() or self.hint_target is not None
                or self.streak_pop > 0 or abs(self._score_value() - self.hud_score) >= 0.5
                or self._winnable_job is not None or self._hint_job is not None
                or (arcade is not None and (arcade.streak > 0 or arcade.time_left <= WARN_SECONDS)))

    def update(self, dt: float) -> None:
        if self.phase == "ready" and not self.animator.busy and self.mode == "arcade":
            self.ready_hold -= dt
            if self.ready_hold <= 0:
                self._go()
        if self.phase == "play" and self.arcade is not None and not self.over:
            had_streak = self.arcade.streak
            self.arcade = self.arcade.advance(dt)
            if had_streak >= 2 and self.arcade.streak == 0:
                self.fx.pop_text("streak over", (W / 2 + 300, 64), colour=theme.TEXT_DIM, px=24, life=0.8)
            self._tick_clock()
            if self.arcade.out_of_time:
                self.over = True
                self._hand_over(time_up=True)
                self.on_game_over()   # the result screen (in the demo: tell the director)
        self.streak_pop = max(0.0, self.streak_pop - dt * 3.0)
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left > dt else None
        if self.hint_target is not None:
            pile, left = self.hint_target
            self.hint_target = (pile, left - dt) if left > dt else None
        gap = self._score_value() - self.hud_score
        self.hud_score += gap if abs(gap) < 1 else gap * min(1.0, dt * 8)   # the shown score counts up
        if self.mode == "relaxed":
            self._update_winnable()
        if self._hint_job is not None:
            self._update_hint()
        super().update(dt)

    def _update_winnable(self) -> None:
        """The "still winnable" sign: the solver works in a background thread, so a hard
        position never stalls a frame; the sign says "thinking" until the answer is in."""
        if self.winnable_for is not self.state:
            if self._winnable_job is not None:
                self._winnable_job.cancel()   # only cancels it if it has not started yet
            self.winnable_for, self.winnable = self.state, None
            self._winnable_job = _SOLVER.submit(solver.is_winnable, self.state, WINNABLE_NODES, WINNABLE_SECONDS)
        elif self._winnable_job is not None and self._winnable_job.done():
            job, self._winnable_job = self._winnable_job, None
            if not job.cancelled():
                self.winnable = job.result()

    def _tick_clock(self) -> None:
        """In the last ten seconds: a tick each second."""
        left = math.ceil(self.arcade.time_left)
        if left <= WARN_SECONDS and left != self._last_tick and left > 0:
            self._last_tick = left
            self.app.play_sound("timer_warning", 0.7)

    def _score_value(self) -> int:
        if self.mode == "classic":
            return self.classic.total
        return self.arcade.score if self.arcade is not None else 0

    # ------------------------------------------------------------ the end of a hand
    def _hand_over(self, time_up: bool) -> None:
        """The hand just ended (at once, before the animations): stop the clock, score the clear, keep stats."""
        self.phase = "over"
        won = rules.is_won(self.state)
        result: dict[str, Any] = {"mode": self.mode, "won": won, "time_up": time_up}
        if self.mode == "arcade" and self.arcade is not None and self.level is not None:
            base = self.arcade.score
            bonus: tuple[Any, ...] = ()
            if won:
                self.arcade, bonus = self.arcade.with_clear_bonus(len(self.state.stock))
            score = self.arcade.score
            self.hud_score = float(score)
            got = stars(score, self.level.targets)
            stats = self.app.storage.stats("tripeaks")
            before = levels.level_record(stats, self.level.id)
            was_unlocked = levels.unlocked(self.entries, stats)
            result.update(base=base, bonus=bonus, score=score, stars=got, level=self.level,
                          best_before=before["best"], rank=levels.table_rank(stats, self.level.id, score),
                          table=before["table"], was_unlocked=was_unlocked)
        elif self.mode == "classic":
            result.update(hand=self.classic.hand, bank=self.classic.total)
        self.result = result
        if won or self.mode != "relaxed":
            self._record_hand(won)
        else:
            self._loss_pending = True   # Relaxed: the player may still undo; counted at the next deal
        self.clear_save()

    @property
    def watching(self) -> bool:
        """The demo (or a game with no human seat): nothing is recorded and no screen waits for a key."""
        return self.app.demo is not None or not self.humans

    def _record_hand(self, won: bool) -> None:
        """Count the hand through records.record_game (a hand not won and not over is abandoned)."""
        if not self.watching:
            self.record_result(abandoned=not won and not self.over)

    def game_result(self, abandoned: bool) -> records.GameResult | None:
        """The hand for the statistics: Arcade its score, Classic its money (into the bank), the run."""
        mode, won = self.mode, rules.is_won(self.state) and not abandoned
        figures: dict[str, Any] = {}
        score: int | None = None
        if mode == "classic":
            score = figures["money"] = self.classic.hand
            figures["run"] = self.classic.longest_run
        elif self.arcade is not None:
            score, figures["run"] = self.arcade.score, self.arcade.longest_streak
        arcade = self.result if (mode == "arcade" and self.result is not None and "level" in self.result) else None
        entries = self.entries

        def progress(stats: dict[str, Any]) -> None:   # the Arcade level's stars and best score
            if arcade is not None and not abandoned:
                levels.record_level(stats, arcade["level"].id, arcade["score"], arcade["stars"])
                summarize_levels(stats, entries)

        return records.GameResult(won=won, score=score, figures=figures, progress=progress)

    def save_initials(self, initials: str) -> None:
        """The player typed their initials for the high-score table."""
        result = self.result
        if result is None or self.watching or result.get("rank") is None:
            return
        level_id, score, got = result["level"].id, result["score"], result["stars"]

        def update(stats: dict[str, Any]) -> dict[str, Any]:
            levels.record_level(stats, level_id, score, got, initials=initials)
            stats["last_initials"] = levels.clean_initials(initials)
            return stats

        self.app.storage.update_stats("tripeaks", update)

    def undo(self) -> bool:
        """Relaxed only (allow_undo); taking back the losing move reopens the hand."""
        if not super().undo():
            return False
        self.phase, self.result, self._loss_pending = "play", None, False
        self.hint_target = None
        return True

    def on_exit(self) -> None:
        if self._loss_pending:
            self._loss_pending = False
            self._record_hand(won=False)
        super().on_exit()

    def save_extra(self) -> dict[str, Any]:
        extra: dict[str, Any] = {"classic": self.classic.to_json(), "hints_left": self.hints_left}
        if self.arcade is not None:
            extra["arcade"] = self.arcade.to_json()
        return extra

    def load_extra(self, extra: dict[str, Any]) -> None:
        """Scores and hints of a resumed hand; a damaged entry keeps the fresh value."""
        try:
            if "classic" in extra:
                self.classic = ClassicScore.from_json(extra["classic"])
            if "arcade" in extra and self.arcade is not None:
                self.arcade = ArcadeScore.from_json(extra["arcade"])
            self.hints_left = int(extra.get("hints_left", self.hints_left))
        except (KeyError, TypeError, ValueError):
            self.app.notify("The saved score could not be read; it starts again from zero.")
        if self.arcade is not None and self.actions:   # back into a level under way: READY, then GO
            self.ready_hold = RESUME_HOLD
            self.fx.pop_text("READY", (W / 2, H / 2 - 40), colour=theme.ACCENT, px=72, life=RESUME_HOLD)
        self.hud_score = float(self._score_value())

    def on_game_over(self) -> None:
        """After the last move's animations (at once when animations are off, even inside act())."""
        super().on_game_over()
        if self.result is None:
            self._hand_over(time_up=False)
        if self.fx.active and self.app.anim_scale > 0:   # let the last peak's burst play out first
            self.scheduler.after(RESULT_BEAT * self.app.anim_scale, self.show_result)
        else:
            self.show_result()

    def show_result(self, again: bool = False) -> None:
        """The result overlay; `again` (back from the level list): without the count-up and initials."""
        if self.watching or self.result is None:
            return
        if any(type(s).__name__ == "ResultScene" for s in self.stack.scenes):
            return
        from cardgames.games.tripeaks.scene_overlays import ResultScene

        self.stack.push(ResultScene(self.app, self, self.result, again=again))

    # ------------------------------------------------------------ commands
    def next_level_id(self) -> str | None:
        """The level after the current one, if it is unlocked now."""
        if self.level is None:
            return None
        stats = self.app.storage.stats("tripeaks")
        ids = [e.id for e in self.entries]
        ok = levels.unlocked(self.entries, stats)
        i = ids.index(self.level.id)
        for j in range(i + 1, len(ids)):
            if self.entries[j].available:
                return ids[j] if ok[j] else None
        return None

    def deal_next(self) -> None:
        """Classic: abandon (or leave) this hand and deal the next one. Relaxed: a new deal (asking
        first while the hand is still going)."""
        if self.mode == "relaxed" and self.actions and not self.over:
            from cardgames.scenes.confirm import ConfirmScene

            self.stack.push(ConfirmScene(self.app, "New deal?", "This hand will be lost.", "New deal",
                                         on_yes=self._deal_next_now))
            return
        self._deal_next_now()

    def _deal_next_now(self) -> None:
        self.restart()
        self.app.play_sound("shuffle")

    def show_hint(self) -> None:
        if self.mode == "classic" or self.phase == "over" or not self.human_turn:
            self.app.play_sound("invalid")
            if self.mode == "classic":
                self.app.notify("No hints in Classic: it is your money.")
            return
        if self.mode == "arcade" and self.hints_left <= 0:
            self.app.play_sound("invalid")
            self.app.notify("No hints left on this level.")
            return
        if self._hint_job is None:   # the solver looks in the background; _update_hint shows it
            self._hint_job = (self.state, _HINTER.submit(solver.hint, self.state, HINT_NODES, HINT_TIME))

    def _update_hint(self) -> None:
        """A hint the solver found: ring the card (a hint for an older position is dropped, unspent)."""
        state, job = self._hint_job
        if not job.done():
            return
        self._hint_job = None
        move = job.result()
        if state is not self.state or self.phase == "over":
            return
        if move is None:
            self.app.play_sound("invalid")
            self.app.notify("No hint found in time: try again after your next move.")
            return
        if self.mode == "arcade":
            self.hints_left -= 1
        pile, _ = self.action_ui(move)
        self.hint_target = (pile, HINT_SECONDS)
        self.app.play_sound("button")

    def _make_buttons(self) -> list[Button]:
        """The mode's buttons, stacked in the bottom right corner (each also has a key)."""
        entries: list[tuple[str, Any]] = [("Menu (Esc)", self.open_pause)]
        if self.mode == "classic":
            entries.append(("Next hand (N)", self.deal_next))
        else:
            entries.append(("Hint (H)", self.show_hint))
        if self.mode == "relaxed":
            entries += [("Undo (Ctrl+Z)", self.undo), ("New deal (N)", self.deal_next)]
        if self.mode == "arcade":
            entries.append(("Levels (L)", lambda: self.open_levels()))
        bw, bh, gap = 176, 38, 8
        return [Button((W - 20 - bw, H - 14 - (i + 1) * bh - i * gap, bw, bh), text, fn, px=theme.SMALL + 1)
                for i, (text, fn) in enumerate(entries)]

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_SPACE:
                if self.human_turn and self.state.stock:
                    self.animator.finish_all()
                    self.act(Turn())
                else:
                    self.app.play_sound("invalid")
                return
            if event.key == pygame.K_h:
                self.show_hint()
                return
            if event.key == pygame.K_n and self.mode in ("classic", "relaxed"):
                self.deal_next()
                return
            if event.key == pygame.K_l and self.mode == "arcade":
                self.open_levels()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(event.pos):
                    self.app.play_sound("button")
                    b.activate()
                    return
        super().handle_event(event)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_hint(surface)
        self.draw_banner(surface)

    def _draw_hint(self, surface: pygame.Surface) -> None:
        if self.hint_target is None:
            return
        pile, left = self.hint_target
        top = self.board.top(pile)
        rect = top.rect if top is not None else self.board.piles[pile].base_rect(self.card_size)
        grow = 6 + round(4 * (1 + math.sin(left * 10)) / 2)
        pygame.draw.rect(surface, (120, 255, 160), rect.inflate(grow * 2, grow * 2), width=4, border_radius=12)

    def draw_banner(self, surface: pygame.Surface) -> None:
        """The level's line as it starts; in the demo (no result screen), how the hand ended."""
        if self.banner is not None and self.phase == "play":
            text = self.banner[0]
            image = theme.text_surface(text, theme.BODY, theme.TEXT, bold=True)
            shape_bottom = max(y for _, y in self.slot_pos) + self.card_size[1]
            gap = self.stock_pos[1] - shape_bottom
            y = shape_bottom + gap / 2 if gap >= 60 else HUD_H + 34   # between the shape and the stock if it fits
            box = image.get_rect(center=(W // 2, round(y))).inflate(40, 20)
            theme.draw_panel(surface, box, (12, 16, 30, 220), theme.ACCENT)
            surface.blit(image, image.get_rect(center=box.center))
        if not self.watching or self.result is None:
            return
        text = "CLEARED!" if self.result["won"] else ("TIME'S UP" if self.result["time_up"] else "NO MORE MOVES")
        theme.draw_text(surface, text, (W // 2, H // 2 - 30), theme.HUGE, theme.ACCENT, bold=True,
                        anchor="center", shadow=True)

    def draw_hud(self, surface: pygame.Surface) -> None:
        draw_hud(self, surface)
        if not self.watching:
            for b in self.buttons:
                b.draw(surface, False)


def summarize_levels(stats: dict[str, Any], entries: tuple[levels.LevelEntry, ...]) -> None:
    """The lines the statistics page shows for Arcade: total stars and each level's best score."""
    available = [e for e in entries if e.available]
    stats["arcade_stars"] = f"{levels.total_stars(entries, stats)} / {3 * len(available)}"
    stats["best_scores"] = {f"{n}. {e.level.name}": levels.level_record(stats, e.id)["best"]
                            for n, e in enumerate(entries, 1)
                            if e.available and levels.level_record(stats, e.id)["best"] > 0}
