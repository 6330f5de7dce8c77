"""The TriPeaks table: peaks, stock and waste, in three modes.

- Arcade: levels from levels/tripeaks/ against a clock, scoring streaks
  (scoring.ArcadeScore), a limited number of hints, a level-complete screen
  that counts the bonuses and lands the stars, and a high-score table.
- Classic: money scoring (scoring.ClassicScore) with a bank carried from hand
  to hand; "Next hand" (N) abandons the hand (after asking).
- Relaxed: no clock or score; undo (Ctrl+Z), hints (H) and a live "still
  winnable" sign from the solver, which runs at the table (it sees the
  face-down cards: cardgames/table/tripeaks_assist.py); this view draws its
  answers (scene_assist.py).

Every deal has a number (deals.py): it is the deal's seed, shown under the
waste and on the result screen. Restart replays the same number; "New deal"
(N) deals another, after asking while a hand is in progress. A daily
challenge (options["daily"] = "YYYY-MM-DD", Arcade or Classic) is one deal
for the day, found from the date; its records go to their own file.

The GameScene base does the plumbing (the line to the table, animate, drag
and drop, focus, autosave, pause); the view works from its seat's updates
and observation, never from the State. This class adds: where the cards lie (from the layout
file), the scorer fed with each action's events and with the scene's dt (so
pausing stops the clock), the HUD, and what happens when a hand ends.
Overlays (level select, results, initials) live in scene_overlays.py; the
solver's answers in scene_assist.py; the end of a hand in scene_records.py; the autosave (one per mode)
in scene_saves.py; where the cards lie in scene_geometry.py. The demo's moves are the table's
(table/games.py: the solver plays).

Phases in Arcade: "ready" (dealt, the clock waits for the deal to land),
"play" (the clock runs), "over" (the level has ended: a clear, the clock ran
out or no move is left).
"""
from __future__ import annotations

import math
from typing import Any, ClassVar

import pygame

from cardgames import records
from cardgames.core.rng import new_seed
from cardgames.games.tripeaks import INFO, deals, levels, rules
from cardgames.games.tripeaks.layout import load_layout, usable_layout
from cardgames.games.tripeaks.rules import Play, Turn
from cardgames.games.tripeaks.scene_assist import SolverAssist, draw_spinner
from cardgames.games.tripeaks.scene_effects import TableEffects
from cardgames.games.tripeaks.scene_geometry import HUD_H, H, W, table_geometry
from cardgames.games.tripeaks.scene_hud import PAD_LABELS, clock_shown, draw_hud
from cardgames.games.tripeaks.scene_records import HandRecords, summarize_levels
from cardgames.games.tripeaks.scene_saves import HandSaves
from cardgames.games.tripeaks.scoring import ArcadeScore, ClassicScore
from cardgames.i18n import N_, _, format_number, tr
from cardgames.ui import controls, theme
from cardgames.ui.game_scene import GameScene
from cardgames.ui.scene_input import UNDO_KEYS
from cardgames.ui.widgets import Button

__all__ = ["TriPeaksScene", "summarize_levels", "table_geometry"]

WARN_SECONDS = 10          # the clock bar turns red and ticks in the last ten seconds
BANNER_SECONDS = 3.0
RESULT_BEAT = 1.0          # seconds between the last card and the result screen, while a burst plays


class TriPeaksScene(SolverAssist, HandRecords, HandSaves, TableEffects, GameScene):
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
        self.daily = _daily_date(opts.get("daily")) if self.mode in deals.DAILY_MODES else None
        self.allow_undo = self.mode == "relaxed"
        self.entries = levels.load_levels() if self.mode == "arcade" else ()
        self.level: levels.Level | None = None
        if self.mode == "arcade":
            self.level = levels.daily_level() if self.daily else self._pick_level(app, opts.get("level_id"))
            options = dict(options, level_id=self.level.id if self.level else None)
            if resume is not None:
                resume = dict(resume, options=dict(opts, level_id=self.level.id if self.level else None))
        if resume is None:
            options = {k: v for k, v in options.items() if k != "daily"}
            if self.daily:
                options["daily"] = self.daily
        # a deal number asked for ("Play deal #", --seed) is dealt exactly; else a fresh number
        exact = resume is None and isinstance(opts.get("deal"), int) and not self.daily
        if exact:
            seed = opts["deal"]        # the number is the deal (a seed passed beside it is the same number)
        elif resume is None and seed is None:
            seed = deals.random_number(new_seed())
        self.layout_obj = usable_layout(self._rules_opts(opts)["layout"])
        self.card_size, self.slot_pos, self.stock_pos, self.waste_pos = table_geometry(self.layout_obj)
        self.hud_score = 0.0          # the score as shown: it counts up toward the real one
        self.streak_pop = 0.0         # 1 right after a streak card, decays: the counter grows and shrinks
        self.banner: tuple[str, float] | None = None        # the level's line at the start (text, seconds left)
        self.result: dict[str, Any] | None = None
        self._last_tick = None
        # the level list opens first, unless a level was asked for (next level, tests) or this is a resume/demo
        self._shown_select = (resume is not None or app.demo is not None or not opts.get("humans", (0,))
                              or bool(opts.get("level_id")) or bool(self.daily))
        self.classic = ClassicScore()
        self._loss_pending = False
        # a new game's seed may deal a lost hand: the first winnable deal from it is found in the
        # background (DealingScene) once the scene is on screen, never in this constructor
        self._dealing = False          # a DealingScene is looking for a deal right now
        self._deal_pending = resume is None and not exact and self._winnable_only(opts)
        self.arcade: ArcadeScore | None = None
        self.hints_left = 0
        self.phase = "ready"
        self.ready_hold = 0.0          # seconds before a resumed level's clock starts again
        self._exact = exact
        self._moved = False
        super().__init__(app, options, seed, resume)
        self.buttons = self._make_buttons()

    # ------------------------------------------------------------ options and levels
    def _pick_level(self, app: Any, level_id: str | None) -> levels.Level | None:
        """The level asked for, else the first unlocked level without a star, else the last unlocked."""
        entry = levels.pick_level(self.entries, app.storage.stats("tripeaks"), level_id)
        return entry.level if entry is not None else None

    def _rules_opts(self, opts: dict[str, Any]) -> dict[str, Any]:
        if self.mode == "arcade" and self.level is not None:
            return dict(self.level.variants(), layout=self.level.layout)
        out = {k: bool(opts.get(k, d)) for k, d in (("wrap", True), ("wild", False), ("open_peaks", False),
                                                      ("empty_waste", False))}
        out["layout"] = "classic"
        return out

    def rules_options(self) -> dict[str, Any]:
        return self._rules_opts(self.options)

    def _winnable_only(self, opts: dict[str, Any]) -> bool:
        """Deal only winnable hands: Arcade and Relaxed with the option on, and every daily challenge."""
        return bool(self.daily) or (self.mode in ("arcade", "relaxed") and bool(opts.get("winnable", True)))

    @property
    def has_hints(self) -> bool:
        """Whether H gives hints here: Relaxed, and an Arcade level that has some (Classic has none)."""
        return self.mode == "relaxed" or (self.level is not None and self.level.hints > 0)

    @property
    def winnable_only(self) -> bool:
        return self._winnable_only(self.options)

    @property
    def deal_label(self) -> str:
        """"Deal #1,234" (with the date in the daily challenge), as the table and the result screen show it."""
        if self.table_deal() is not None:   # a scripted deal (the tutorial): it has no number
            return N_("Lesson deal")
        text = _("Deal #{n}").format(n=format_number(self.seed))
        return _("Daily {date}").format(date=self.daily) + " · " + text if self.daily else text

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
        self.reset_assist()
        self.banner = None
        self._last_tick = None
        self._moved = False            # no move yet in this deal: another level may still take its number
        self.options["deal"] = self.seed

    def start_level(self, level_id: str) -> None:
        """Play this level now (from the level list). Before the first move of a deal the level keeps the
        deal's number (the first winnable deal from it, unless the number was asked for); after, a new one."""
        entry = next((e for e in self.entries if e.id == level_id and e.available), None)
        if entry is None:
            return
        self.level = entry.level
        self.options["level_id"] = entry.id
        self.layout_obj = load_layout(entry.level.layout)
        self.card_size, self.slot_pos, self.stock_pos, self.waste_pos = table_geometry(self.layout_obj)
        if self._moved:
            self.new_deal()
        elif self._exact or not self.winnable_only:
            self.restart()
        else:
            self._close_hand()
            self._find_deal(self.seed)

    def restart(self, seed: int | None = None) -> None:
        """Replay this deal from its first card (the pause menu's Restart, Retry): the same number.

        The hand being left is counted first (played, not won), and in Classic
        its money goes into the bank.
        """
        self._close_hand()
        if self._deal_pending:         # the first deal is still being looked for
            self._find_deal(self.seed)
            return
        super().restart(self.seed if seed is None else seed)

    def new_deal(self) -> None:
        """Another deal: a fresh number (the first winnable deal from it with "winnable deals only"). A winnable
        deal can take the solver a second to find on the hardest levels, so it is looked for in the background
        under a small "shuffling" overlay, which then deals it."""
        self._close_hand()
        self._exact = False
        number = deals.random_number(new_seed())
        if self.winnable_only:
            self._find_deal(number)
        else:
            super().restart(number)

    def deal_next(self) -> None:
        """N, "New deal", "Next hand": a new deal, after asking while a hand is in progress."""
        if self.daily:
            self.app.play_sound("invalid")
            self.app.notify(N_("The daily challenge is one deal: Restart (Esc menu) plays it again."))
            return
        what = N_("Deal the next hand") if self.mode == "classic" else N_("Deal another hand")
        question = _("Deal the next hand?") if self.mode == "classic" else _("Deal another hand?")
        self.confirm_then(question, N_("This hand is not finished; it will count as played, not won."),
                          what, self._deal_and_shuffle)

    def _deal_and_shuffle(self) -> None:
        self.new_deal()
        self.app.play_sound("shuffle")

    def confirm_then(self, title: str, text: str, yes: str, action: Any) -> None:
        """Do `action` at once when no hand is in progress, else after a yes in a dialog."""
        if not self.actions or self.over:
            action()
            return
        from cardgames.scenes.confirm import ConfirmScene

        dialog = ConfirmScene(self.app, title, text, yes, action, N_("Keep playing"))
        self.stack.push(dialog)

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
        obs = self.observation()
        for i, slot in enumerate(obs.layout.slots):
            sprite = self.board.top(f"tableau:{i}")
            if sprite is not None:   # covered: a card still lies on it
                sprite.dim = obs.options.open_peaks and any(obs.present[j] for j in slot.covered_by)
        return anims

    def focus_keys(self) -> list[Any]:
        """As the base, but in the order of where the cards rest (not where they fly), so Tab
        steps through the playable cards in the same order while the table still moves."""
        def home(key: Any) -> pygame.Rect:
            if isinstance(key, str) and key in self.board.piles:
                return self.board.piles[key].base_rect(self.card_size)
            if isinstance(key, str):
                return self.focus_rect(key)
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
        self._moved = True
        if self.over and self.result is None:
            self._hand_over(time_up=False)
        return True

    # ------------------------------------------------------------ the computer (demo)
    def seat_anchor(self, seat: int) -> tuple[int, int]:
        """The demo's "thinking" dots: beside the waste, clear of the HUD."""
        return (round(self.waste_pos[0] + self.card_size[0] + 50), round(self.waste_pos[1] + self.card_size[1] / 2))

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
        that are drawn when picture_key() changes)."""
        arcade = self.arcade if self.phase == "play" and not self.over else None
        return (super().changing() or self.hint_target is not None
                or self.streak_pop > 0 or abs(self._score_value() - self.hud_score) >= 0.5
                or self.sign_pending or self.hint_pending
                or (arcade is not None and (arcade.streak > 0 or arcade.time_left <= WARN_SECONDS)))

    def picture_key(self) -> object:
        """The clock's seconds and the length of its bar, the level's banner (Scene.picture_key)."""
        arcade = self.arcade if self.mode == "arcade" else None
        return (None if arcade is None else clock_shown(arcade), self.banner is not None, self.phase)

    def needs_time(self) -> bool:
        """The ready pause, the clock, the banner: stepped often (Scene.needs_time)."""
        return (super().needs_time() or (self.phase == "ready" and self.mode == "arcade") or self.banner is not None
                or (self.arcade is not None and not self.over))

    def update(self, dt: float) -> None:
        if self.phase == "ready" and not self.animator.busy and self.mode == "arcade":
            self.ready_hold -= dt
            if self.ready_hold <= 0:
                self._go()
        if self.phase == "play" and self.arcade is not None and not self.over:
            had_streak = self.arcade.streak
            self.arcade = self.arcade.advance(dt)
            if had_streak >= 2 and self.arcade.streak == 0:
                self.fx.pop_text(_("streak over"), (W / 2 + 300, 64), colour=theme.TEXT_DIM, px=24, life=0.8)
            self._tick_clock()
            if self.arcade.out_of_time:
                self.over = True
                self._hand_over(time_up=True)
                self.on_game_over()   # the result screen (in the demo: tell the director)
        self.streak_pop = max(0.0, self.streak_pop - dt * 3.0)
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left > dt else None
        gap = self._score_value() - self.hud_score
        self.hud_score += gap if abs(gap) < 1 else gap * min(1.0, dt * 8)   # the shown score counts up
        self.update_assist()
        super().update(dt)

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
    def undo(self) -> bool:
        """Relaxed only (allow_undo); taking back the losing move reopens the hand."""
        if not super().undo():
            return False
        self.hand_reopened()
        return True

    def hand_reopened(self) -> None:
        """Moves were taken back (undo, undo to winnable): the hand is under way again."""
        self.phase, self.result, self._loss_pending = "play", None, False
        self.hint_target = None

    def on_exit(self) -> None:
        if self._loss_pending:
            self._loss_pending = False
            self._record_hand(won=False)
        super().on_exit()

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

    def _make_buttons(self) -> list[Button]:
        """The mode's buttons, stacked in the bottom right corner (each also has a key)."""
        entries: list[tuple[str, Any]] = [(N_("Menu (Esc)"), self.open_pause)]
        if self.mode == "classic":
            if not self.daily:
                entries.append((N_("Next hand (N)"), self.deal_next))
        else:
            entries.append((N_("Hint (H)"), self.show_hint))
        if self.mode == "relaxed":
            entries += [(N_("Undo (Ctrl+Z)"), self.undo), (N_("New deal (N)"), self.deal_next)]
        if self.mode == "arcade" and not self.daily:
            entries.append((N_("Levels (L)"), lambda: self.open_levels()))
        bw, bh, gap = 176, 38, 8   # (each label names its key, or its pad button while the pad is in use)
        return [Button((W - 20 - bw, H - 14 - (i + 1) * bh - i * gap, bw, bh),
                       controls.label(self.app, text, PAD_LABELS[text], self), fn,
                       px=theme.SMALL + 1)
                for i, (text, fn) in enumerate(entries)]

    # ------------------------------------------------------------ input
    def focus_buttons(self) -> dict[str, Any]:
        """Menu, Hint, Undo, Next hand, Levels ... (named by their label) for the arrows, Tab and the pad."""
        return {} if self.watching else {b.text.split(" (")[0]: b for b in self.buttons}

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_SPACE:
                if self.human_turn and self.observation().stock_count:
                    self.animator.finish_all()
                    self.act(Turn())
                else:
                    self.app.play_sound("invalid")
                return
            if event.key == pygame.K_h:
                self.show_hint()
                return
            if event.key == pygame.K_n:
                self.deal_next()
                return
            if event.key in UNDO_KEYS and not self.allow_undo and (event.key != pygame.K_z
                                                                   or event.mod & pygame.KMOD_CTRL):
                self.app.play_sound("invalid")
                self.app.notify(_("{mode} has no undo: every move counts.").format(mode=tr(self.mode.title())))
                return
            if event.key == pygame.K_l and self.mode == "arcade" and not self.daily:
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
    @property
    def board_hidden(self) -> bool:
        """Arcade: no free thinking time, so the cards are hidden while the game is paused."""
        return (self.mode == "arcade" and self.phase != "over" and not self.watching
                and any(type(s).__name__ == "PauseScene" for s in self.stack.scenes))

    def draw(self, surface: pygame.Surface) -> None:
        if self.board_hidden:
            self.draw_table(surface)
            self.draw_hud(surface)
            return
        super().draw(surface)
        self.draw_hint(surface)
        self.draw_banner(surface)

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
        text = N_("CLEARED!") if self.result["won"] else (N_("TIME'S UP") if self.result["time_up"] else N_("NO MORE MOVES"))
        theme.draw_text(surface, text, (W // 2, H // 2 - 30), theme.HUGE, theme.ACCENT, bold=True,
                        anchor="center", shadow=True)

    def draw_hud(self, surface: pygame.Surface) -> None:
        draw_hud(self, surface)
        if not self.watching:
            for b in self.buttons:
                b.draw(surface, self.button_focused(b.text.split(" (")[0]))
                if b.action == self.show_hint and self.hint_pending:   # the solver is at it: it always answers
                    draw_spinner(surface, (b.rect.right - 20, b.rect.centery), self.scheduler.time)


def _daily_date(value: Any) -> str | None:
    """The daily challenge's date from the options ("YYYY-MM-DD"), or None when it is missing or bad."""
    try:
        return deals.iso(deals.parse_day(value)) if isinstance(value, str) else None
    except ValueError:
        return None
