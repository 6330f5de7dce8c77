"""The TriPeaks daily challenge: the calendar screen, and starting today's deal.

One deal a day for Arcade (the daily level, levels/tripeaks/daily/) and one
for Classic, the same for everyone and with no network: the day's number
comes from the date (deals.daily_start), and the scene deals the first
winnable deal from there in the background, as every winnable deal is dealt.

The calendar shows a month: each day marks the Arcade (A) and Classic (C)
challenges played (an outline) and won (filled), today is ringed, and the
side panel gives the current streak of days won, today's best scores and
the buttons to play. PageUp/PageDown (or the arrows' month buttons) turn
the months. The records are the daily file (deals.DAILY_FILE) through
storage.load.
"""
from __future__ import annotations

import calendar
import datetime as dt
from typing import Any

import pygame

from cardgames import dates
from cardgames.engine.scene import Scene
from cardgames.games import registry
from cardgames.games.tripeaks import deals
from cardgames.i18n import N_, _, format_number, ngettext, tr
from cardgames.scenes.common import backdrop, draw_hints
from cardgames.ui import theme
from cardgames.ui.widgets import Button, Menu

W, H = 1280, 720
GRID = pygame.Rect(40, 120, 7 * 96, 6 * 80)
CELL_W, CELL_H = 96, 80
PANEL = pygame.Rect(760, 110, 480, 500)
MODE_TITLES = {"arcade": N_("Arcade"), "classic": N_("Classic")}
MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
          N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))
DAYS = (N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"), N_("Friday"), N_("Saturday"), N_("Sunday"))
SHORT_DAYS = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun"))


def long_date(day: dt.date) -> str:
    """"Tuesday 1 December 2026" in the chosen language."""
    return _("{weekday} {day} {month} {year}").format(weekday=tr(DAYS[day.weekday()]), day=day.day,
                                                      month=tr(MONTHS[day.month - 1]), year=day.year)


def play_label(mode: str) -> str:
    return _("Play today's Arcade") if mode == "arcade" else _("Play today's Classic")


def start_daily(app: Any, mode: str, day: dt.date) -> Any:
    """The game scene for `day`'s challenge in `mode` (its deal is found in the background once on screen)."""
    scene_class = registry.get("tripeaks").scene_class()   # by name: the scene opens this calendar too
    return scene_class(app, {"mode": mode, "daily": deals.iso(day)}, seed=deals.daily_start(day, mode))


class CalendarScene(Scene):
    def __init__(self, app: Any, day: dt.date | None = None) -> None:
        super().__init__(app)
        self.today = day or dates.today()
        self.month = self.today.replace(day=1)
        self.records = app.storage.load(deals.DAILY_FILE)
        self.streak = deals.streak(self.records, self.today)
        x, w = PANEL.x + 30, PANEL.width - 60
        self.play_buttons = [
            Button((x, PANEL.y + 250 + i * 70, w, 56), play_label(m),
                   lambda m=m: self.play(m), primary=i == 0, px=theme.BODY)
            for i, m in enumerate(deals.DAILY_MODES)]
        self.prev_button = Button((GRID.x, 64, 150, 40), N_("< Month"), lambda: self.turn(-1), px=theme.BODY)
        self.next_button = Button((GRID.right - 150, 64, 150, 40), N_("Month >"), lambda: self.turn(1), px=theme.BODY)
        self.back_button = Button((PANEL.right - 200, H - 74, 200, 48), N_("Back (Esc)"), self.back, px=theme.BODY)
        self.menu = Menu([self.prev_button, self.next_button, *self.play_buttons, self.back_button],
                         on_back=self.back, sound=getattr(app, "play_sound", None))
        self.menu.set_focus(self.play_buttons[0])
        self._refresh()

    def _refresh(self) -> None:
        self.next_button.enabled = self.month < self.today.replace(day=1)   # no months still to come

    def turn(self, step: int) -> None:
        year, month = self.month.year, self.month.month + step
        year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
        new = dt.date(year, month, 1)
        if new <= self.today.replace(day=1):
            self.month = new
        self._refresh()

    def play(self, mode: str) -> None:
        """Today's deal in `mode`; over a saved game of that mode it asks first (as Start does), and the
        saved game given up counts as played, not won."""
        from cardgames import records
        from cardgames.scenes.confirm import ConfirmScene

        key = registry.get("tripeaks").save_key({"mode": mode})

        def go() -> None:
            records.abandon_saved(self.app.storage, "tripeaks", key)   # nothing when there is none
            self.stack.push(start_daily(self.app, mode, self.today))

        if self.app.storage.load_game(key) is None:
            go()
            return
        self.stack.push(ConfirmScene(self.app, N_("Start a new game?"),
                                     _("Your saved {game} game will be lost.").format(game=_("TriPeaks")),
                                     N_("New game"), on_yes=go))

    def back(self) -> None:
        if len(self.stack.scenes) > 1:
            self.stack.pop()
        else:
            self.stack.reset(self.app.screens.select(game="tripeaks"))

    def on_enter(self) -> None:
        self.records = self.app.storage.load(deals.DAILY_FILE)   # a daily hand may have ended
        self.streak = deals.streak(self.records, self.today)

    # ---------------------------------------------------------- frame
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn(-1 if event.key == pygame.K_PAGEUP else 1)
            return
        self.menu.handle_event(event)

    def update(self, dt_: float) -> None:
        self.menu.update(dt_)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        theme.draw_text(surface, "DAILY CHALLENGE", (40, 14), theme.HEADING, theme.ACCENT, bold=True, shadow=True)
        title = _("{month} {year}").format(month=tr(MONTHS[self.month.month - 1]), year=self.month.year)
        theme.draw_text(surface, title, (GRID.centerx, 84), theme.LARGE, theme.TEXT, bold=True, anchor="center")
        self._draw_month(surface)
        self._draw_panel(surface)
        self.menu.draw(surface)
        draw_hints(surface, "Arrows: move   Enter: play   PageUp/PageDown: months   Esc: back")

    def _draw_month(self, surface: pygame.Surface) -> None:
        for i, name in enumerate(SHORT_DAYS):
            theme.draw_text(surface, name, (GRID.x + i * CELL_W + CELL_W // 2, GRID.y + 4), theme.SMALL,
                            theme.TEXT_DIM, anchor="midtop")
        weeks = calendar.Calendar(firstweekday=0).monthdatescalendar(self.month.year, self.month.month)
        for row, week in enumerate(weeks):
            for col, day in enumerate(week):
                cell = pygame.Rect(GRID.x + col * CELL_W + 3, GRID.y + 28 + row * CELL_H, CELL_W - 6, CELL_H - 6)
                self._draw_day(surface, cell, day)

    def _draw_day(self, surface: pygame.Surface, cell: pygame.Rect, day: dt.date) -> None:
        inside = day.month == self.month.month
        fill = (30, 36, 64) if inside else (20, 22, 38)
        theme.draw_panel(surface, cell, fill, theme.FOCUS if day == self.today else theme.PANEL_EDGE,
                         width=3 if day == self.today else 1)
        if not inside:
            return
        future = day > self.today
        theme.draw_text(surface, str(day.day), (cell.x + 8, cell.y + 4), theme.BODY,
                        theme.TEXT_DIM if future else theme.TEXT, bold=day == self.today)
        for k, mode in enumerate(deals.DAILY_MODES):
            rec = deals.day_record(self.records, mode, deals.iso(day))
            if not rec["played"]:
                continue
            badge = pygame.Rect(cell.x + 8 + k * 40, cell.bottom - 30, 34, 24)
            colour = theme.GOOD if rec["won"] else theme.TEXT_DIM
            if rec["won"]:
                pygame.draw.rect(surface, colour, badge, border_radius=8)
            pygame.draw.rect(surface, colour, badge, width=2, border_radius=8)
            theme.draw_text(surface, tr(MODE_TITLES[mode])[0].upper(), badge.center, theme.SMALL, theme.TEXT_DARK if rec["won"]
                            else theme.TEXT, bold=True, anchor="center")

    def _draw_panel(self, surface: pygame.Surface) -> None:
        theme.draw_panel(surface, PANEL, theme.PANEL_SOLID, theme.PANEL_EDGE)
        x, y = PANEL.x + 30, PANEL.y + 20
        theme.draw_text(surface, long_date(self.today), (x, y), theme.LARGE, theme.ACCENT, bold=True)
        streak = ngettext("Streak: {n} day in a row won", "Streak: {n} days in a row won", self.streak)
        theme.draw_text(surface, streak.format(n=self.streak), (x, y + 48), theme.BODY, theme.TEXT)
        for k, mode in enumerate(deals.DAILY_MODES):
            rec = deals.day_record(self.records, mode, deals.iso(self.today))
            title = tr(MODE_TITLES[mode])
            if not rec["played"]:
                line = _("{mode}: not played yet").format(mode=title)
            else:
                best = f"${format_number(rec['best'])}" if mode == "classic" else format_number(rec["best"])
                line = (_("{mode}: won, best {best}") if rec["won"] else _("{mode}: played, best {best}")).format(
                    mode=title, best=best)
            theme.draw_text(surface, line, (x, y + 96 + k * 36), theme.BODY,
                            theme.GOOD if rec["won"] else theme.TEXT_DIM)
        played, won = deals.days_played(self.records), deals.days_won(self.records)
        theme.draw_text(surface, _("Days played {played} · won {won}").format(played=len(played), won=len(won)), (x, y + 180), theme.BODY,
                        theme.TEXT_DIM)
