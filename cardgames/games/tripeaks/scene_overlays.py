"""TriPeaks overlays drawn over the table: the level list and the end-of-hand screen.

LevelSelectScene: the Arcade levels as tiles with their stars and best
scores; locked levels show a lock, a level whose file is bad shows why. The
focused level's details (clock, streak timer, variants, targets, its
high-score table) are shown underneath.

ResultScene: how a hand ended. In Arcade it counts the score up line by line
(cards and peaks, then the time bonus, then the stock bonus), lands the stars
one by one with a sound, says "new best" or "level unlocked", asks for
three initials when the score enters the level's high-score table, and then
offers the next level, a retry, the level list or the menu. Any key or click
during the count skips to the end of it. Classic and Relaxed get a short
summary and "deal next hand" / "new deal".
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pygame

from cardgames import i18n
from cardgames.engine.scene import Scene
from cardgames.engine.tween import out_back
from cardgames.games.tripeaks import levels, solver
from cardgames.games.tripeaks.initials import ALNUM, Entry, indic, script_letters
from cardgames.games.tripeaks.scores_table import TABLE_W, draw_table, drawable, initials_fit
from cardgames.i18n import N_, _, format_number, ngettext, tr
from cardgames.scenes.summary import draw_touched
from cardgames.ui import controls, theme
from cardgames.ui.letter_picker import LetterPicker
from cardgames.ui.widgets import Button, Menu, Widget, fit_px

W, H = 1280, 720
COUNT_TIME = 0.7          # seconds to count one line up
LINE_GAP = 0.25
STAR_GAP = 0.45
STAR_FALL = 0.35

_dim: pygame.Surface | None = None
_DEALER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tripeaks-dealer")


LABEL_W = 250   # a result line's label, left of its amount (box.x + 60 .. box.x + 430, the amount ~120 wide)
SUBTITLE_Y = 94  # the result panel's line under its title: the deal (and the level), clear of the title
RIBBON_UP = 100  # the records ribbon's centre above the panel's bottom: inside it, just above the buttons


def initials_prompt(app: Any) -> str:
    """What the initials entry tells the player, for the device in use: the keyboard types and Enter keeps
    them (a mouse player types too: there is nothing to click), the pad steps letters. The one place the
    prompt is written (a pad letter picker extends it here)."""
    return controls.for_device(app, N_("Type your initials, {act} to keep"),
                               mouse=N_("Type your initials on the keyboard, Enter to keep"),
                               pad=N_("{updown}: letter   {leftright}: move   {act}: keep"))


def dim() -> pygame.Surface:
    global _dim
    if _dim is None:
        _dim = pygame.Surface((W, H))
        _dim.fill((4, 6, 14))
        _dim.set_alpha(200)
    return _dim


def open_calendar(app: Any) -> None:
    from cardgames.games.tripeaks.daily import CalendarScene

    app.stack.reset(CalendarScene(app))


def to_menu(app: Any) -> None:
    app.stack.reset(app.screens.select(game="tripeaks"))


# ---------------------------------------------------------------- level select


class LevelTile(Widget):
    def __init__(self, rect, number: int, entry: levels.LevelEntry, open_: bool, record: dict,
                 action: Any) -> None:
        super().__init__(rect)
        self.number, self.entry, self.open, self.record, self.action = number, entry, open_, record, action
        self.playable = open_ and entry.available   # a locked level is reached by the keys (its info shows)
        self.refuse: Any = None                     # ... and Enter on it says no: refuse() (the buzz)

    def activate(self) -> bool:
        if self.playable:
            self.action(self.entry.id)
            return True
        if self.refuse is not None:
            self.refuse()
        return False

    def draw(self, surface, focused):
        fill = (40, 52, 96) if self.playable else (28, 30, 44)
        if focused:
            fill = theme.lighten(fill, 0.15)
        edge = theme.GAME_COLOURS["tripeaks"] if self.playable else theme.PANEL_EDGE
        theme.draw_panel(surface, self.rect, fill, edge)
        r = self.rect
        theme.draw_text(surface, str(self.number), (r.x + 12, r.y + 6), theme.LARGE,
                        theme.ACCENT if self.playable else theme.TEXT_DIM, bold=True)
        if not self.entry.available:
            theme.draw_text(surface, "unavailable", (r.centerx, r.y + 52), theme.SMALL, theme.BAD, anchor="midtop")
            theme.draw_text(surface, self.entry.id, (r.centerx, r.y + 76), theme.SMALL, theme.TEXT_DIM,
                            anchor="midtop")
            return
        level = self.entry.level
        theme.draw_text(surface, level.name, (r.x + 12, r.y + 44), theme.SMALL + 1,
                        theme.TEXT if self.playable else theme.TEXT_DIM, bold=True)
        if not self.open:
            theme.draw_text(surface, "locked", (r.right - 12, r.y + 12), theme.SMALL, theme.TEXT_DIM,
                            anchor="topright")
            return
        stars = self.record["stars"]
        for i in range(3):
            c = (r.x + 22 + i * 26, r.bottom - 26)
            _star_shape(surface, c, 11, theme.ACCENT if i < stars else (70, 74, 96))
        if self.record["best"]:
            theme.draw_text(surface, format_number(self.record['best']), (r.right - 10, r.bottom - 34), theme.SMALL,
                            theme.TEXT_DIM, anchor="topright")


def _star_shape(surface: pygame.Surface, centre: tuple[float, float], radius: float, colour) -> None:
    """A five-pointed star (drawn, so the level list needs no image)."""
    import math

    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = radius if k % 2 == 0 else radius * 0.45
        pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts)


TILES_TOP = 90
INFO_RECT = pygame.Rect(40, 432, W - 80, 206)


class LevelSelectScene(Scene):
    overlay = True
    changes_by_itself = False  # drawn on input and while the focus ring pulses (Scene.changing)
    COLS = 6

    def __init__(self, app: Any, game: Any, first: bool = False) -> None:
        super().__init__(app)
        self.game = game
        self.first = first
        stats = app.storage.stats("tripeaks")
        self.stats = stats
        entries = game.entries
        opened = levels.unlocked(entries, stats)
        tile_w, tile_h, gap = 188, 100, 10
        x0 = (W - self.COLS * tile_w - (self.COLS - 1) * gap) // 2
        self.tiles: list[LevelTile] = []
        for i, (entry, ok) in enumerate(zip(entries, opened)):
            row, col = divmod(i, self.COLS)
            rect = (x0 + col * (tile_w + gap), TILES_TOP + row * (tile_h + gap), tile_w, tile_h)
            self.tiles.append(LevelTile(rect, i + 1, entry, ok, levels.level_record(stats, entry.id), self.choose))
            self.tiles[-1].refuse = lambda: app.play_sound("invalid")
        self.back_button = Button((W - 220, H - 64, 190, 46), N_("Back (Esc)"), self.back, px=theme.BODY)
        current = game.level.id if game.level is not None else None
        focus = next((i for i, t in enumerate(self.tiles) if t.entry.id == current and t.playable), 0)
        self.menu = Menu(self.tiles + [self.back_button], on_back=self.back, sound=app.play_sound, focus=focus)
        self.total = levels.total_stars(entries, stats)
        self.max_stars = 3 * sum(1 for e in entries if e.available)

    def choose(self, level_id: str) -> None:
        """Play this level: at once, or after asking when it gives up a level under way (it counts as lost)."""
        self.stack.pop()
        game = self.game
        fresh = not game.actions and not game.over
        if not (fresh and game.level is not None and game.level.id == level_id):
            game.confirm_then(_("Give up this level?"), N_("This hand is not finished; it will count as played, "
                                                          "not won."), N_("Give up"), lambda: game.start_level(level_id))

    def back(self) -> None:
        if self.first:
            to_menu(self.app)
            return
        self.stack.pop()
        if self.game.over:   # came from a finished level's result screen: show it again
            self.game.show_result(again=True)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(dim(), (0, 0))
        surface.blit(dim(), (0, 0))   # twice: the list is a screen of its own, the table only a shadow behind
        theme.draw_text(surface, "ARCADE LEVELS", (40, 22), theme.HEADING, theme.ACCENT, bold=True, shadow=True)
        theme.draw_text(surface, _("{got} / {total} stars   ·   one star opens the next level").format(
                        got=self.total, total=self.max_stars),
                        (W - 40, 40), theme.BODY, theme.TEXT_DIM, anchor="topright")
        self.menu.draw(surface)
        focused = self.menu.focused
        info = INFO_RECT
        theme.draw_panel(surface, info, theme.PANEL, theme.PANEL_EDGE)
        if isinstance(focused, LevelTile):
            self._details(surface, focused, info)
        bad = [e.error for e in self.game.entries if not e.available]
        if bad:
            text = _("Unavailable: {error}").format(error=tr(bad[0])) if len(bad) == 1 else ngettext(
                "Unavailable: {error} (and {n} more)", "Unavailable: {error} (and {n} more)", len(bad) - 1).format(
                error=tr(bad[0]), n=format_number(len(bad) - 1))
            theme.draw_text(surface, text,
                            (40, H - 40), theme.SMALL, theme.BAD, anchor="midleft")
        else:
            controls.draw_prompt(surface, self.app, N_("{move}: choose   {act}: play   {back}: back"), (40, H - 40),
                                 theme.SMALL, theme.TEXT_DIM, anchor="midleft")

    def _details(self, surface: pygame.Surface, tile: LevelTile, rect: pygame.Rect) -> None:
        level = tile.entry.level
        if level is None:
            return
        x, y = rect.x + 20, rect.y + 14
        theme.draw_text(surface, f"{tile.number}. {tr(level.name)}", (x, y), theme.LARGE, theme.ACCENT, bold=True)
        theme.draw_text(surface, level.summary(), (x, y + 40), theme.BODY, theme.TEXT)
        theme.draw_text(surface, level.intro, (x, y + 72), theme.BODY, theme.TEXT_DIM)
        tx = theme.draw_text(surface, "Targets:", (x, y + 108), theme.BODY, theme.TEXT).right + 16
        for i, target in enumerate(level.targets):
            for k in range(i + 1):
                _star_shape(surface, (tx + 9 + k * 20, y + 121), 9, theme.ACCENT)
            tx = theme.draw_text(surface, format_number(target), (tx + (i + 1) * 20 + 4, y + 108), theme.BODY,
                                 theme.TEXT).right + 28
        theme.draw_text(surface, _("Hints: {n}").format(n=level.hints), (x, y + 146), theme.BODY, theme.TEXT_DIM)
        table = tile.record["table"][:3]
        if table:
            text = "   ".join(f"{e['initials']} {format_number(int(e['score']))}" for e in table)
            theme.draw_text(surface, _("Top: {scores}").format(scores=text), (rect.right - 20, y + 146), theme.BODY, theme.TEXT_DIM,
                            anchor="topright")


# ---------------------------------------------------------------- the end of a hand


class ResultScene(Scene):
    overlay = True

    def __init__(self, app: Any, game: Any, result: dict[str, Any], again: bool = False) -> None:
        super().__init__(app)
        self.game = game
        self.r = result
        self.t = 0.0
        height = {"arcade": 600, "classic": 420}.get(result["mode"], 350)   # fits what the mode shows
        self.box = pygame.Rect(W // 2 - 400, (H - height) // 2, 800, height)
        self.lines: list[tuple[str, int, str]] = []   # label, amount, detail
        self.stars = 0
        self.entering = False
        self.entry = Entry("AAA", fits=initials_fit, cycle=ALNUM + drawable(script_letters(i18n.script())))
        self.entered = False
        self.sounds_done: set[str] = set()
        if result["mode"] == "arcade":
            self.lines.append((N_("Cards and peaks"), result["base"], ""))
            for award in result["bonus"]:
                if award.kind == "time_bonus":
                    self.lines.append((N_("Time"), award.amount, _("{n} s x 100").format(n=award.count)))
                else:
                    self.lines.append((N_("Stock"), award.amount,
                                       ngettext("{n} card x 500", "{n} cards x 500", award.count).format(n=award.count)))
            self.stars = result["stars"]
            last = app.storage.stats("tripeaks").get("last_initials")
            if isinstance(last, str) and last.strip():
                self.entry = Entry(levels.clean_initials(last), fits=initials_fit, cycle=self.entry.cycle)
        self.count_end = len(self.lines) * (COUNT_TIME + LINE_GAP)
        self.stars_end = self.count_end + (self.stars * STAR_GAP + STAR_FALL if self.stars else 0.3)
        self.menu: Menu | None = None
        if again:   # shown a second time: no count-up, no initials
            self.t, self.entered = self.stars_end, True

    # ---------------------------------------------------------- timeline
    @property
    def counting(self) -> bool:
        return self.t < self.stars_end

    def skip(self) -> None:
        self.t = max(self.t, self.stars_end)

    def update(self, dt: float) -> None:
        before = self.t
        self.t += dt
        self._sounds(before, self.t)
        if not self.counting and self.menu is None and not self.entering:
            if self.r.get("rank") is not None and not self.entered and self.app.demo is None:
                self.entering = True
                pygame.key.start_text_input()   # letters of the players' scripts come as text input
                if controls.device(self.app) == "pad":   # a pad writes with the on-screen letters
                    self.stack.push(LetterPicker(self.app, self.entry, N_("Your initials"), on_done=self.keep_initials,
                                                 small=False))
            else:
                self._build_menu()
        if self.menu is not None:
            self.menu.update(dt)

    def _sounds(self, before: float, now: float) -> None:
        """Ticks while a line counts, a chime as each star lands, a fanfare at the end."""
        for i in range(len(self.lines)):
            start = i * (COUNT_TIME + LINE_GAP)
            for k in range(6):
                at = start + k * COUNT_TIME / 6
                if before < at <= now:
                    self.app.play_sound("button", 0.4)
        for i in range(self.stars):
            at = self.count_end + i * STAR_GAP + STAR_FALL
            if before < at <= now:
                self.app.play_sound(f"chime_{3 + 2 * i}", 1.0)
        if before < self.stars_end <= now:
            self.app.play_sound("win" if self.r["won"] else "lose", 0.8)

    def shown_amount(self, i: int) -> int:
        _label, amount, _ = self.lines[i]
        start = i * (COUNT_TIME + LINE_GAP)
        p = max(0.0, min(1.0, (self.t - start) / COUNT_TIME))
        return round(amount * p)

    # ---------------------------------------------------------- buttons
    def _build_menu(self) -> None:
        game, mode = self.game, self.r["mode"]
        entries: list[tuple[str, Any, bool]] = []
        if self.r.get("daily"):
            entries.append((N_("Retry"), lambda: self._then(game.restart), True))
            entries.append((N_("Calendar"), lambda: open_calendar(self.app), False))
        elif mode == "arcade":
            nxt = game.next_level_id()
            if nxt is not None:
                entries.append((N_("Next level"), lambda: self._then(lambda: game.start_level(nxt)), True))
            entries.append((N_("Retry"), lambda: self._then(game.restart), nxt is None))
            entries.append((N_("New deal"), lambda: self._then(game.new_deal), False))
            entries.append((N_("Levels"), lambda: self._then(game.open_levels), False))
        elif mode == "classic":
            entries.append((N_("Deal next hand"), lambda: self._then(game.new_deal), True))
            entries.append((N_("Replay deal"), lambda: self._then(game.restart), False))
        else:
            entries.append((N_("New deal"), lambda: self._then(game.new_deal), True))
            entries.append((N_("Replay deal"), lambda: self._then(game.restart), False))
            if not self.r["won"]:
                entries.append((N_("Undo last move"), lambda: self._then(game.undo), False))
        entries.append((N_("Menu"), lambda: to_menu(self.app), False))
        self.menu = self._button_row(entries)

    def _button_row(self, entries: list[tuple[str, Any, bool]]) -> Menu:
        """The buttons in one row that always fits inside the panel (narrower, smaller text when many)."""
        gap, margin = 12, 24
        bw = min(200, (self.box.width - 2 * margin - (len(entries) - 1) * gap) // len(entries))
        x0 = self.box.centerx - (len(entries) * bw + (len(entries) - 1) * gap) // 2
        px = theme.BODY if bw >= 170 else theme.SMALL + 2
        buttons = [Button((x0 + i * (bw + gap), self.box.bottom - 68, bw, 50), text, fn, primary=primary, px=px)
                   for i, (text, fn, primary) in enumerate(entries)]
        focus = next((i for i, (_, _, p) in enumerate(entries) if p), 0)
        return Menu(buttons, on_back=lambda: to_menu(self.app), sound=self.app.play_sound, focus=focus)

    def _then(self, fn: Any) -> None:
        self.stack.pop()
        fn()

    # ---------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.counting:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.skip()
            return
        if self.entering:
            self._initials_key(event)
            return
        if self.menu is not None:
            self.menu.handle_event(event)

    def on_exit(self) -> None:
        if self.entering:
            pygame.key.stop_text_input()

    @property
    def initials(self) -> str:
        return self.entry.text

    @property
    def cursor(self) -> int:
        return self.entry.cursor

    def keep_initials(self) -> None:
        """Enter, or the letter picker's OK / Start: the initials go in the table."""
        self.game.save_initials(self.initials)
        self.entering, self.entered = False, True
        pygame.key.stop_text_input()
        self.app.play_sound("win", 0.6)

    def _initials_key(self, event: pygame.event.Event) -> None:
        """Letters typed (Latin from the keys, Tamil, Telugu or Kannada from text input: initials.py),
        arrows to move and to step a letter, Enter to keep them."""
        entry = self.entry
        if event.type == pygame.TEXTINPUT:   # the players' scripts; Latin comes with its key below
            typed = "".join(ch for ch in event.text if indic(ch))
            if typed and entry.type(typed):
                self.app.play_sound("button", 0.5)
            return
        if event.type != pygame.KEYDOWN:
            return
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.keep_initials()
            return
        if key == pygame.K_BACKSPACE:
            entry.back()
        elif key == pygame.K_LEFT:
            entry.move(-1)
        elif key == pygame.K_RIGHT:
            entry.move(1)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            entry.step_letter(1 if key == pygame.K_UP else -1)
        else:
            ch = event.unicode or ""
            if not (len(ch) == 1 and ch.isascii() and ch.upper() in ALNUM.strip() and entry.type(ch)):
                return
        self.app.play_sound("button", 0.5)

    # ---------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(dim(), (0, 0))
        box = self.box
        theme.draw_panel(surface, box, theme.PANEL_SOLID, theme.ACCENT, width=3)
        r = self.r
        if r["won"]:
            title = N_("LEVEL CLEAR!") if r["mode"] == "arcade" else N_("PEAKS CLEARED!")
        else:
            title = N_("TIME'S UP") if r["time_up"] else N_("NO MORE MOVES")
        theme.draw_text(surface, title, (box.centerx, box.y + 18), theme.TITLE, theme.ACCENT if r["won"] else
                        theme.ACCENT_2, bold=True, anchor="midtop", shadow=True)
        subtitle = self.game.deal_label   # under the title, with the level's name in Arcade
        if r["mode"] == "arcade":
            subtitle = f"{tr(r['level'].name)} · {tr(subtitle)}"
        theme.draw_text(surface, subtitle, (box.centerx, box.y + SUBTITLE_Y), theme.BODY, theme.TEXT_DIM,
                        anchor="midtop")
        if r["mode"] == "arcade":
            self._draw_arcade(surface)
        elif r["mode"] == "classic":
            self._draw_classic(surface)
        else:
            text = N_("Every card cleared. Well played.") if r["won"] else \
                N_("The stock is empty and nothing plays. Undo and try another way, or deal again.")
            theme.draw_text(surface, text, (box.centerx, box.y + 140), theme.BODY, theme.TEXT, anchor="midtop")
        touched = [t for t in self.game.records_touched   # Arcade says its level's best itself
                   if not (r["mode"] == "arcade" and t.startswith(tr("New best score")))]
        draw_touched(surface, touched, (box.centerx, box.bottom - RIBBON_UP))   # inside, above the buttons
        if self.menu is not None:
            self.menu.draw(surface)

    def _draw_classic(self, surface: pygame.Surface) -> None:
        from cardgames.games.tripeaks.scene_hud import money

        box, r = self.box, self.r
        theme.draw_text(surface, "This hand", (box.x + 120, box.y + 150), theme.LARGE, theme.TEXT)
        theme.draw_text(surface, money(r["hand"]), (box.right - 120, box.y + 150), theme.LARGE,
                        theme.GOOD if r["hand"] >= 0 else theme.BAD, bold=True, anchor="topright")
        theme.draw_text(surface, "Bank", (box.x + 120, box.y + 200), theme.LARGE, theme.TEXT)
        theme.draw_text(surface, money(r["bank"]), (box.right - 120, box.y + 200), theme.LARGE, theme.ACCENT,
                        bold=True, anchor="topright")
        note = N_("The bank carries over to the next hand.")
        if r.get("daily"):
            best = r["hand"] if r["best_before"] is None else max(r["hand"], r["best_before"])
            note = _("Daily challenge {date}: today's best hand {money}.").format(date=r['daily'], money=money(best))
        theme.draw_text(surface, note, (box.centerx, box.y + 270), theme.BODY, theme.TEXT_DIM, anchor="midtop")

    def _draw_arcade(self, surface: pygame.Surface) -> None:
        box, r = self.box, self.r
        level = r["level"]
        y = box.y + 130
        total = 0
        for i, (label, amount, detail) in enumerate(self.lines):
            if self.t < i * (COUNT_TIME + LINE_GAP):
                break
            shown = self.shown_amount(i)
            total += shown
            room = LABEL_W - (theme.text_width(theme.font(theme.SMALL), tr(detail)) + 12 if detail else 0)
            px = fit_px(label, room, theme.LARGE, smallest=theme.SMALL)   # the amount keeps its room
            rect = theme.draw_text(surface, label, (box.x + 60, y + (theme.LARGE - px) // 2), px, theme.TEXT)
            if detail:
                theme.draw_text(surface, detail, (rect.right + 12, rect.bottom - 4), theme.SMALL, theme.TEXT_DIM,
                                anchor="bottomleft")
            theme.draw_text(surface, format_number(shown), (box.x + 430, y), theme.LARGE, theme.ACCENT, bold=True,
                            anchor="topright")
            y += 40
        pygame.draw.line(surface, theme.PANEL_EDGE, (box.x + 60, y + 4), (box.x + 430, y + 4), 2)
        theme.draw_text(surface, "Score", (box.x + 60, y + 14), theme.LARGE, theme.TEXT, bold=True)
        theme.draw_text(surface, format_number(total), (box.x + 430, y + 10), theme.HEADING, theme.ACCENT, bold=True,
                        anchor="topright", shadow=True)
        self._draw_stars(surface, (box.x + 240, y + 100))
        if not self.counting:
            notes = []
            if r["score"] > (r["best_before"] or 0):
                notes.append((N_("NEW BEST TODAY!") if r.get("daily") else N_("NEW BEST!"), theme.ACCENT_2))
            if r.get("daily"):
                pass
            elif r["stars"] >= 1:
                nxt = self.game.next_level_id()
                idx = [e.id for e in self.game.entries].index(level.id)
                if nxt is not None and idx + 1 < len(r["was_unlocked"]) and not r["was_unlocked"][idx + 1]:
                    notes.append((N_("Next level unlocked!"), theme.GOOD))
            else:
                notes.append((_("{n} for a star").format(n=format_number(level.targets[0])), theme.TEXT_DIM))
            for k, (text, colour) in enumerate(notes):
                theme.draw_text(surface, text, (box.x + 240, y + 150 + k * 30), theme.BODY, colour, bold=True,
                                anchor="midtop")
        table_rect = pygame.Rect(box.x + 470, box.y + 120, TABLE_W, 330)
        rank = r.get("rank")
        if self.entering:
            draw_table(surface, r["table"], table_rect, rank, self.initials, self.cursor,
                       blink=int(self.t * 3) % 2 == 0)
            prompt = initials_prompt(self.app)
            controls.draw_prompt(surface, self.app, prompt, (box.centerx, box.bottom - 48), theme.BODY, theme.TEXT,
                                 anchor="midtop")
        elif r.get("daily"):
            best = max(r["score"], r["best_before"] or 0)
            theme.draw_text(surface, "TODAY'S BEST", (table_rect.centerx, table_rect.y), theme.BODY, theme.ACCENT,
                            bold=True, anchor="midtop")
            theme.draw_text(surface, format_number(best), (table_rect.centerx, table_rect.y + 40), theme.HEADING,
                            theme.TEXT, bold=True, anchor="midtop")
        elif not self.counting:
            stats = self.app.storage.stats("tripeaks")
            table = levels.level_record(stats, level.id)["table"]
            mine = None
            if self.entered and rank is not None:
                mine = rank
            draw_table(surface, table, table_rect, mine)

    def _draw_stars(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        cx, cy = centre
        for i in range(3):
            x = cx + (i - 1) * 74
            _star_shape(surface, (x, cy), 30, (60, 64, 88))
            if i < self.stars:
                at = self.count_end + i * STAR_GAP
                p = (self.t - at) / STAR_FALL
                if p <= 0:
                    continue
                scale = 2.6 - 1.6 * out_back(min(1.0, p))
                _star_shape(surface, (x, cy), 30 * scale, theme.ACCENT)


# ---------------------------------------------------------------- looking for a winnable deal


class DealingScene(Scene):
    """Finds a winnable deal in a background thread, then deals it (game.deal_winnable).

    Most deals are found in a few milliseconds; the hardest levels can take
    a second. The overlay only shows itself after a moment, so a quick deal
    does not flicker.
    """

    overlay = True
    SHOW_AFTER = 0.15

    def __init__(self, app: Any, game: Any, options: dict[str, Any], seed: int) -> None:
        super().__init__(app)
        self.game = game
        self.t = 0.0
        self.job = _DEALER.submit(solver.winnable_seed, options, seed)
        self.done = False

    def update(self, dt: float) -> None:
        self.t += dt
        if not self.done and self.job.done():
            self.done = True
            self.stack.pop()
            self.game.deal_winnable(self.job.result())

    def draw(self, surface: pygame.Surface) -> None:
        if self.t < self.SHOW_AFTER:
            return
        box = pygame.Rect(0, 0, 420, 90)
        box.center = (W // 2, H // 2)
        theme.draw_panel(surface, box, theme.PANEL_SOLID, theme.ACCENT)
        dots = "." * (1 + int(self.t * 3) % 3)
        theme.draw_text(surface, _("Shuffling a winnable deal") + dots, (box.x + 30, box.centery), theme.BODY,
                        theme.TEXT, anchor="midleft")
