"""The statistics screen: one page per game, one view per mode, the last 50 games, a reset.

Reads cardgames.records (never the raw file). Layout, top to bottom:
- the game tabs (Left/Right or a click);
- the modes that game was played in ("Arcade", "Classic", "Daily challenge",
  "All games", practice ones marked), one chip each;
- left: games, wins, win rate, the current and best winning streak, games
  abandoned, and the game's own bests and averages (records.FIGURES);
- right: the last 50 games of that mode, newest first, in a list that scrolls
  (wheel, Up/Down/PageUp/PageDown/Home/End while it has the focus): date,
  result, score, time, deal number, options; the picked game's options in
  full under it. A TriPeaks game can be dealt again from there ("Play this
  deal", or Enter on the list): TriPeaks starts with that game's options,
  its deal number (options["deal"]) and its seed;
- "Reset <game> statistics", which asks first (the shared ConfirmScene).
"""
from __future__ import annotations

import time
from typing import Any

import pygame

from cardgames import dates, records
from cardgames.engine.scene import Scene
from cardgames.games import registry
from cardgames.games.info import GameInfo
from cardgames.i18n import N_, _, format_number, ngettext, tr
from cardgames.i18n_errors import error_words
from cardgames.scenes.common import backdrop, draw_header, draw_hints, play
from cardgames.scenes.game_options import option_applies
from cardgames.ui import theme
from cardgames.ui.widgets import Button, Menu, Widget, clip_text

W, H = 1280, 720
TAB_Y, MODE_Y = 96, 160
LEFT = pygame.Rect(40, 214, 470, 396)
RIGHT = pygame.Rect(530, 214, 710, 396)
ROW_H = 33                       # a summary row
LINE_H = 30                      # a history row
LIST_TOP = RIGHT.y + 78          # the first history row
VISIBLE = 8                      # history rows in view
BUTTON_Y = 624
COLUMNS = ((N_("Date"), 16), (N_("Result"), 166), (N_("Score"), 290), (N_("Time"), 390), (N_("Deal"), 448),
           (N_("Options"), 544))   # (a seven-digit deal, "#9,999,999", needs 95 px)
NO_DEALS = (*COLUMNS[:4], (N_("Options"), 460))   # the games without numbered deals: more room for the options
LIST_PX = theme.SMALL + 3        # the history's text
SHORT_MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
                N_("Oct"), N_("Nov"), N_("Dec"))   # the history's dates ("13 Nov 14:22")
REPLAYABLE = ("tripeaks",)       # games whose deals can be dealt again from a seed (and deal number)


def summary_rows(game: str, mode: str, sec: dict[str, Any], extra: dict[str, Any] | None = None
                 ) -> list[tuple[str, str]]:
    """(label, value) rows of one mode's statistics."""
    rate = records.win_rate(sec)
    rows = [(N_("Games played"), format_number(sec["games"])), (N_("Games won"), format_number(sec["wins"])),
            (N_("Win rate"), "–" if rate is None else f"{rate:.0%}"),
            (N_("Current winning streak"), str(sec["streak"])), (N_("Best winning streak"), str(sec["best_streak"]))]
    if sec["abandoned"]:
        rows.append((N_("Abandoned (counted as lost)"), format_number(sec["abandoned"])))
    for fig in records.figures_for(game, mode):
        value = records.figure_value(sec, fig)
        if value is not None:
            rows.append((fig.label, records.format_figure(fig, value)))
    stars = (extra or {}).get("arcade_stars")
    if mode == "arcade" and isinstance(stars, str):
        rows.append((N_("Arcade stars"), stars))
    return rows


def options_text(info: GameInfo, options: dict[str, Any], short: bool = False) -> str:
    """A game's options in words: "3 players  ·  Hard  ·  Match to 200  ·  Start mode (open hands): On".

    Options that did not apply (TriPeaks' variants in Arcade) are left out. `short`, for a
    list row: no mode (the page is the mode's), and only the options not at their default
    besides the players and the opponents."""
    parts = []
    if options.get("practice"):
        parts.append(_("Practice"))
    if options.get("daily"):
        parts.append(_("Daily {date}").format(date=options["daily"]))
    level_id = options.get("level_id")
    if isinstance(level_id, str) and level_id.startswith("level_") and level_id[6:].isdigit():
        parts.append(_("Level {n}").format(n=int(level_id[6:])))
    for spec in info.options:
        if spec.key not in options or not option_applies(info, spec.key, options):
            continue
        value = options[spec.key]
        if short and (spec.key == "mode" or (value == spec.default and spec.key not in ("players", "level"))):
            continue
        text = tr(spec.label_of(value))
        if spec.key == "players":
            parts.append(_("{n} players").format(n=text))
        elif spec.key == "level":
            parts.append(text if short else _("{level} opponents").format(level=text))
        elif spec.key in ("mode", "match"):
            parts.append(text)
        else:
            parts.append(f"{tr(spec.label).split(' (')[0]}: {text}")
    return ("  ·  " if not short else ", ").join(parts)


def result_text(entry: dict[str, Any]) -> tuple[str, theme.Colour]:
    if entry["abandoned"]:
        return N_("Abandoned"), theme.ACCENT_2
    return (N_("Won"), theme.GOOD) if entry["won"] else (N_("Lost"), theme.BAD)


def score_text(game: str, entry: dict[str, Any]) -> str:
    score = entry["score"]
    if score is None:
        return "–"
    if game == "tripeaks" and entry["options"].get("mode") == "classic":
        return records.format_figure(records.figure_named("tripeaks", "bank"), score)   # money
    return format_number(score)


def date_text(date: str, today: str | None = None) -> str:
    """"2026-11-13 14:22" -> "13 Nov 14:22" this year, "13 Nov 2025" before; as stored otherwise."""
    try:
        stamp = time.strptime(date, "%Y-%m-%d %H:%M")
    except ValueError:
        return date or "–"
    year = (today or dates.stamp("%Y-%m-%d"))[:4]
    day = f"{stamp.tm_mday} {tr(SHORT_MONTHS[stamp.tm_mon - 1])}"
    return f"{day} {date[11:]}" if date[:4] == year else f"{day} {date[:4]}"


_fit = clip_text   # (the history's cells)


class HistoryList(Widget):
    """The last games of a mode, newest first: a focusable list that scrolls with its selection."""

    def __init__(self, scene: StatsScene) -> None:
        super().__init__((RIGHT.x + 8, LIST_TOP - 4, RIGHT.width - 16, VISIBLE * LINE_H + 8))
        self.scene = scene
        self.entries: list[dict[str, Any]] = []
        self.selected = 0
        self.scroll = 0

    def set_entries(self, entries: list[dict[str, Any]]) -> None:
        self.entries = list(reversed(entries))   # newest first
        self.selected, self.scroll = 0, 0
        self.enabled = bool(self.entries)

    def select(self, index: int) -> None:
        if not self.entries:
            return
        self.selected = max(0, min(len(self.entries) - 1, index))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + VISIBLE:
            self.scroll = self.selected - VISIBLE + 1

    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(max(0, len(self.entries) - VISIBLE), self.scroll + rows))
        self.selected = max(self.scroll, min(self.scroll + VISIBLE - 1, self.selected))

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        i = self.scroll + (pos[1] - LIST_TOP) // LINE_H
        return i if 0 <= i < len(self.entries) and pos[1] >= LIST_TOP else None

    def key(self, key: int) -> bool:
        """Up/Down/PageUp/PageDown/Home/End move the selection; False at the top going up."""
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -VISIBLE, pygame.K_PAGEDOWN: VISIBLE,
                pygame.K_HOME: -10**6, pygame.K_END: 10**6}.get(key)
        if step is None or (step < 0 and self.selected == 0) or (step > 0 and self.selected == len(self.entries) - 1):
            return False
        self.select(self.selected + step)
        return True

    def press(self, pos: tuple[int, int]) -> bool:
        i = self.row_at(pos)
        if i is not None:
            self.select(i)
        return False

    def activate(self) -> bool:
        return self.scene.replay()

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        scene, game = self.scene, self.scene.info.name
        x0 = RIGHT.x
        columns = COLUMNS if game in REPLAYABLE else NO_DEALS
        for label, dx in columns:
            theme.draw_text(surface, label, (x0 + dx, LIST_TOP - 30), theme.SMALL, theme.TEXT_DIM)
        for row in range(VISIBLE):
            i = self.scroll + row
            if i >= len(self.entries):
                break
            e, y = self.entries[i], LIST_TOP + row * LINE_H
            if i == self.selected:
                pygame.draw.rect(surface, theme.lighten(theme.PANEL_SOLID, 0.16 if focused else 0.08),
                                 (x0 + 8, y, RIGHT.width - 30, LINE_H - 2), border_radius=6)
            mid = y + LINE_H // 2
            text, colour = result_text(e)
            cells = [(date_text(e["date"]), theme.TEXT), (text, colour), (score_text(game, e), theme.TEXT),
                     (records.format_time(e["seconds"]), theme.TEXT_DIM),
                     (f"#{format_number(e['deal'])}" if e["deal"] is not None else "–", theme.TEXT_DIM)]
            for (_label, dx), (value, c) in zip(columns[:-1], cells):
                theme.draw_text(surface, value, (x0 + dx, mid), LIST_PX, c, anchor="midleft")
            opts = _fit(options_text(scene.info, e["options"], short=True) or _("Standard"),
                        RIGHT.width - columns[-1][1] - 30, LIST_PX)
            theme.draw_text(surface, opts, (x0 + columns[-1][1], mid), LIST_PX, theme.TEXT_DIM,
                            anchor="midleft")
        if len(self.entries) > VISIBLE:   # the scroll bar
            track = pygame.Rect(RIGHT.right - 16, LIST_TOP, 6, VISIBLE * LINE_H)
            pygame.draw.rect(surface, theme.lighten(theme.PANEL_SOLID, 0.1), track, border_radius=3)
            h = max(20, track.height * VISIBLE // len(self.entries))
            y = track.y + (track.height - h) * self.scroll // max(1, len(self.entries) - VISIBLE)
            pygame.draw.rect(surface, theme.TEXT_DIM, (track.x, y, track.width, h), border_radius=3)


class StatsScene(Scene):
    changes_by_itself = False  # drawn on input and while the focus ring pulses (Scene.changing)
    announces_changes = True   # its changing() covers every change: audited rarely (engine/redraw.py)
    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.games = registry.GAMES
        self.index = next((i for i, g in enumerate(self.games) if g.name == game), 0)
        tab_w = 230
        x0 = (W - 4 * tab_w - 3 * 12) // 2
        self.tabs = [Button((x0 + i * (tab_w + 12), TAB_Y, tab_w, 52), g.title, lambda i=i: self.show(i),
                            px=theme.BODY + 2) for i, g in enumerate(self.games)]
        self.back_button = Button((1090, 24, 150, 48), "Back", self.back, px=theme.BODY)
        self.history = HistoryList(self)
        self.reset_button = Button((LEFT.x, BUTTON_Y, 330, 48), "Reset statistics", self.ask_reset, px=theme.BODY)
        self.replay_button = Button((RIGHT.right - 300, BUTTON_Y, 300, 48), "Play this deal", self.replay,
                                    px=theme.BODY)
        self.mode_buttons: list[Button] = []
        self.menu = Menu([], on_back=self.back, sound=getattr(app, "play_sound", None))
        self._load()
        self.menu.set_focus(self.tabs[self.index])

    # ------------------------------------------------------------ what is shown
    @property
    def info(self) -> GameInfo:
        return self.games[self.index]

    def _load(self, mode_index: int = 0) -> None:
        """Read the game's records and build its mode chips; show the `mode_index`th mode."""
        info = self.info
        self.records = records.load(self.app.storage, info.name)
        self.extra = self.app.storage.stats(info.name)
        self.sections = records.sections(self.records)
        self.played = bool(self.sections)
        n = max(1, len(self.sections))
        w = min(200, (W - 80 - (n - 1) * 10) // n)
        self.mode_buttons = [Button((40 + i * (w + 10), MODE_Y, w, 40), records.mode_label(m, p),
                                    lambda i=i: self.show_mode(i), px=theme.BODY - 2)
                             for i, (m, p, _s) in enumerate(self.sections)]
        for i, tab in enumerate(self.tabs):
            tab.primary = i == self.index
        self.reset_button.text = _("Reset {game} statistics").format(game=tr(info.title))
        self.reset_button.enabled = self.played
        self.show_mode(min(mode_index, max(0, len(self.sections) - 1)), focus=False)
        replay = [self.replay_button] if info.name in REPLAYABLE else []
        self.menu.widgets = [*self.tabs, self.back_button, *self.mode_buttons, self.history, self.reset_button,
                             *replay]

    def show(self, index: int) -> None:
        self.index = index % len(self.games)
        self._load()
        self.menu.set_focus(self.tabs[self.index])

    def show_mode(self, i: int, focus: bool = True) -> None:
        self.mode_index = i
        if self.sections:
            mode, _practice, sec = self.sections[i]
            self.rows = summary_rows(self.info.name, mode, sec, self.extra)
            self.history.set_entries(sec["history"])
        else:
            self.rows = []
            self.history.set_entries([])
        for k, b in enumerate(self.mode_buttons):
            b.primary = k == i
        self._refresh_replay()
        if focus and self.mode_buttons:
            self.menu.set_focus(self.mode_buttons[i])

    def selected_entry(self) -> dict[str, Any] | None:
        h = self.history
        return h.entries[h.selected] if h.entries else None

    def _refresh_replay(self) -> None:
        e = self.selected_entry()
        ok = self.info.name in REPLAYABLE and e is not None and e["seed"] is not None
        self.replay_button.enabled = ok
        self.replay_button.text = (_("Play deal #{n}").format(n=e["deal"]) if ok and e["deal"] is not None
                                   else N_("Play this deal"))

    # ------------------------------------------------------------ actions
    def back(self) -> None:
        self.stack.pop()

    def replay(self) -> bool:
        """Deal the picked TriPeaks game again: its options, deal number and seed."""
        e = self.selected_entry()
        if self.info.name not in REPLAYABLE or e is None or e["seed"] is None:
            play(self.app, "invalid")
            return False
        options = dict(e["options"])
        if e["deal"] is not None:
            options["deal"] = e["deal"]
        info = self.info
        try:
            scene = info.scene_class()(self.app, options, seed=e["seed"])
        except Exception as exc:  # noqa: BLE001 - a deal that cannot be set up is a notice, not a crash
            self.app.notify(_("That deal could not be dealt again: {error}").format(error=tr(error_words(exc))))
            play(self.app, "invalid")
            return False
        if self.app.storage.has_save(info.save_key(options)):   # a new game over a save, as on the menu
            records.abandon_saved(self.app.storage, info.name, info.save_key(options))
        self.stack.push(scene)
        return True

    def ask_reset(self) -> None:
        """Asks first (the shared ConfirmScene: Cancel has the focus)."""
        if not self.played:
            return
        from cardgames.scenes.confirm import ConfirmScene

        title = self.info.title
        detail = _("The games, streaks, bests and history of every mode are forgotten. This cannot be undone.")
        if self.info.name == "tripeaks":
            detail = _("The games, streaks, bests and history of every mode are forgotten (Arcade levels and "
                       "high scores stay). This cannot be undone.")
        dialog = ConfirmScene(self.app, _("Reset {game} statistics?").format(game=tr(title)), detail, N_("Reset"),
                              on_yes=self.do_reset)
        self.stack.push(dialog)   # (built first: `make translations` reads no message inside push())

    def do_reset(self) -> None:
        records.reset(self.app.storage, self.info.name)
        self._load()
        self.menu.set_focus(self.tabs[self.index])
        self.app.notify(_("{game} statistics reset.").format(game=tr(self.info.title)))

    # ------------------------------------------------------------ frame
    def on_enter(self) -> None:
        self._load(getattr(self, "mode_index", 0))   # back from a replayed game: it may have counted

    def handle_event(self, event: pygame.event.Event) -> None:
        focused = self.menu.focused
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and focused in self.tabs:
                self.show(self.index + (1 if event.key == pygame.K_RIGHT else -1))
                play(self.app, "button", 0.4)
                return
            if focused is self.history and self.history.key(event.key):
                self._refresh_replay()
                return
        if event.type == pygame.MOUSEWHEEL and self.history.entries:
            self.history.scroll_by(-event.y)
            self._refresh_replay()
            return
        self.menu.handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._refresh_replay()

    def update(self, dt: float) -> None:
        self.menu.update(dt)
        focused = self.menu.focused
        if focused in self.tabs and self.tabs.index(focused) != self.index:
            self.show(self.tabs.index(focused))  # hovering a tab shows its page
        elif focused in self.mode_buttons and self.mode_buttons.index(focused) != self.mode_index:
            self.show_mode(self.mode_buttons.index(focused), focus=False)

    def draw(self, surface: pygame.Surface) -> None:
        info = self.info
        colour = theme.GAME_COLOURS.get(info.name, theme.ACCENT)
        edge = theme.lighten(colour, -0.3)
        surface.blit(backdrop(), (0, 0))
        draw_header(surface, "Statistics", subtitle=_("page {n} of {total}").format(n=self.index + 1, total=len(self.games)))
        if not self.played:
            box = LEFT.union(RIGHT)
            theme.draw_panel(surface, box, theme.PANEL_SOLID, edge)
            theme.draw_text(surface, _("No {game} games played yet.").format(game=tr(info.title)), box.center, theme.LARGE,
                            theme.TEXT_DIM, anchor="center")
        else:
            self._draw_summary(surface, colour, edge)
            self._draw_history(surface, edge)
        self.menu.draw(surface)
        hint = N_("{leftright}: game   {updown}: move   {act}: select   {back}: back")
        if self.menu.focused is self.history:
            hint = N_("{updown}, PgUp/PgDn, wheel: scroll   {act}: play this deal   {back}: back") \
                if self.replay_button.enabled else N_("{updown}, PgUp/PgDn, wheel: scroll   {back}: back")
        draw_hints(surface, hint, self.app)

    def _draw_summary(self, surface: pygame.Surface, colour: theme.Colour, edge: theme.Colour) -> None:
        theme.draw_panel(surface, LEFT, theme.PANEL_SOLID, edge)
        y = LEFT.y + 14
        for label, value in self.rows[:(LEFT.height - 20) // ROW_H]:
            theme.draw_text(surface, label, (LEFT.x + 22, y + ROW_H // 2), theme.BODY, theme.TEXT,
                            anchor="midleft")
            theme.draw_text(surface, value, (LEFT.right - 22, y + ROW_H // 2), theme.BODY + 2, colour, bold=True,
                            anchor="midright")
            pygame.draw.line(surface, theme.lighten(theme.PANEL_SOLID, 0.08), (LEFT.x + 16, y + ROW_H),
                             (LEFT.right - 16, y + ROW_H))
            y += ROW_H

    def _draw_history(self, surface: pygame.Surface, edge: theme.Colour) -> None:
        theme.draw_panel(surface, RIGHT, theme.PANEL_SOLID, edge)
        n = len(self.history.entries)
        theme.draw_text(surface, ngettext("Last {n} game", "Last {n} games", n).format(n=n) if n else N_("No games in this mode"),
                        (RIGHT.x + 16, RIGHT.y + 10), theme.BODY, theme.TEXT, bold=True)
        if n > VISIBLE:
            h = self.history
            theme.draw_text(surface, _("{first}-{last} of {n}").format(first=h.scroll + 1, last=min(n, h.scroll + VISIBLE),
                                                                        n=n),
                            (RIGHT.right - 16, RIGHT.y + 14), theme.SMALL, theme.TEXT_DIM, anchor="topright")
        e = self.selected_entry()
        if e is not None:
            details = options_text(self.info, e["options"]) or _("Default options")
            if e["deal"] is not None:
                details = _("Deal #{n}").format(n=format_number(e["deal"])) + f"  ·  {details}"
            theme.draw_text(surface, _fit(details, RIGHT.width - 32, theme.SMALL), (RIGHT.x + 16, RIGHT.bottom - 12),
                            theme.SMALL, theme.TEXT_DIM, anchor="bottomleft")
