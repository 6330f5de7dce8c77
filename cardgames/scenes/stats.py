"""The statistics screen: one page per game, Left/Right (or the tabs) to switch.

Each page lists the game's statistics in the order of GameInfo.stats, with
its labels, reading the values from Storage.stats(game). A game that lists
no labels shows whatever keys it has stored. Values are formatted by type:
numbers with thousands separators, rates below 1 as percentages, yes/no,
and small tables (dicts, e.g. a best score per level) as indented rows.
"""
from __future__ import annotations

import re
from typing import Any

import pygame

from cardgames.engine.scene import Scene
from cardgames.games import registry
from cardgames.games.info import GameInfo
from cardgames.scenes.common import backdrop, draw_header, draw_hints
from cardgames.ui import theme
from cardgames.ui.widgets import Button, Menu

PANEL = pygame.Rect(140, 170, 1000, 470)
ROW_H = 38
MAX_ROWS = (PANEL.height - 40) // ROW_H
MISSING = "–"


def humanize(key: str) -> str:
    """"games_won" -> "Games won"; a label that is already prose ("1. First Light") keeps its capitals."""
    text = key.replace("_", " ")
    return text[:1].upper() + text[1:]


def format_value(key: str, value: Any) -> str:
    """A stored statistic as text a player reads."""
    if value is None:
        return MISSING
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if ("rate" in key or "pct" in key or "percent" in key) and 0.0 <= value <= 1.0:
            return f"{value:.0%}"
        return f"{value:,.1f}"
    if isinstance(value, (list, tuple)):
        return ", ".join(format_value(key, v) for v in value) or MISSING
    if isinstance(value, dict):
        return f"{len(value)} entries" if value else MISSING
    return str(value)


def rows_for(info: GameInfo, stats: dict[str, Any]) -> list[tuple[str, str, int]]:
    """(label, value, indent) rows of a game's page; dicts become indented sub-rows."""
    pairs = list(info.stats) or [(k, humanize(k)) for k in sorted(stats)]
    rows: list[tuple[str, str, int]] = []
    for key, label in pairs:
        value = stats.get(key)
        if isinstance(value, dict) and value:
            rows.append((label, "", 0))
            for sub in sorted(value, key=_natural):
                rows.append((humanize(str(sub)), format_value(key, value[sub]), 1))
        else:
            rows.append((label, format_value(key, value), 0))
    return rows


def _natural(key: Any) -> tuple:
    """Sort "level_10" after "level_9": digits compare as numbers."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", str(key)))


class StatsScene(Scene):
    changes_by_itself = False  # drawn on input and while the focus ring pulses (Scene.changing)
    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.games = registry.GAMES
        self.index = next((i for i, g in enumerate(self.games) if g.name == game), 0)
        self.scroll = 0
        tab_w = 230
        x0 = (1280 - 4 * tab_w - 3 * 12) // 2
        self.tabs = [Button((x0 + i * (tab_w + 12), 96, tab_w, 52), g.title, lambda i=i: self.show(i),
                            px=theme.BODY + 2) for i, g in enumerate(self.games)]
        self.back_button = Button((1090, 24, 150, 48), "Back", self.back, px=theme.BODY)
        self.menu = Menu([*self.tabs, self.back_button], on_back=self.back, sound=getattr(app, "play_sound", None),
                         focus=self.index)
        self._load()

    def _load(self) -> None:
        info = self.games[self.index]
        self.rows = rows_for(info, self.app.storage.stats(info.name))
        self.played = bool(self.app.storage.stats(info.name))
        self.scroll = 0
        for i, tab in enumerate(self.tabs):
            tab.primary = i == self.index

    def show(self, index: int) -> None:
        self.index = index % len(self.games)
        self.menu.set_focus(self.tabs[self.index])
        self._load()

    def back(self) -> None:
        self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.menu.focused in self.tabs:
                self.show(self.index + (1 if event.key == pygame.K_RIGHT else -1))
                if self.menu.sound:
                    self.menu.sound("button", 0.4)
                return
            if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN) and len(self.rows) > MAX_ROWS:
                self.scroll = min(len(self.rows) - MAX_ROWS, self.scroll + (1 if event.key == pygame.K_DOWN else 8))
                return
            if event.key in (pygame.K_UP, pygame.K_PAGEUP) and self.scroll:
                self.scroll = max(0, self.scroll - (1 if event.key == pygame.K_UP else 8))
                return
        if event.type == pygame.MOUSEWHEEL and len(self.rows) > MAX_ROWS:
            self.scroll = max(0, min(len(self.rows) - MAX_ROWS, self.scroll - event.y))
            return
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)
        focused = self.menu.focused
        if focused in self.tabs and self.tabs.index(focused) != self.index:
            self.show(self.tabs.index(focused))  # hovering a tab shows its page

    def draw(self, surface: pygame.Surface) -> None:
        info = self.games[self.index]
        colour = theme.GAME_COLOURS.get(info.name, theme.ACCENT)
        surface.blit(backdrop(), (0, 0))
        draw_header(surface, "Statistics", subtitle=f"page {self.index + 1} of {len(self.games)}")
        self.menu.draw(surface)
        theme.draw_panel(surface, PANEL, theme.PANEL_SOLID, theme.lighten(colour, -0.3))
        if not self.played:
            theme.draw_text(surface, f"No {info.title} games played yet.", PANEL.center, theme.LARGE,
                            theme.TEXT_DIM, anchor="center")
        else:
            y = PANEL.y + 20
            for label, value, indent in self.rows[self.scroll:self.scroll + MAX_ROWS]:
                x = PANEL.x + 36 + 36 * indent
                px = theme.BODY if indent else theme.LARGE - 2
                theme.draw_text(surface, label, (x, y + ROW_H // 2), px, theme.TEXT_DIM if indent else theme.TEXT,
                                anchor="midleft")
                theme.draw_text(surface, value, (PANEL.right - 36, y + ROW_H // 2), px, colour, bold=True,
                                anchor="midright")
                pygame.draw.line(surface, theme.lighten(theme.PANEL_SOLID, 0.08), (PANEL.x + 24, y + ROW_H),
                                 (PANEL.right - 24, y + ROW_H))
                y += ROW_H
            if len(self.rows) > MAX_ROWS:
                more = f"rows {self.scroll + 1}-{min(len(self.rows), self.scroll + MAX_ROWS)} of {len(self.rows)}"
                theme.draw_text(surface, more, (PANEL.centerx, PANEL.bottom + 8), theme.SMALL, theme.TEXT_DIM,
                                anchor="midtop")
        draw_hints(surface, "Left/Right: game   Up/Down: scroll   Esc: back")
