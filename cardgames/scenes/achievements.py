"""The achievements screen: one page per game, one for online games, one for the collection.

Earned tiles show the medal in the game's colour, the name, what it
celebrates and the day it was earned (a game's achievement earned in an
online game is tagged "Online"); locked tiles are grey with a padlock
and say how to earn them. The tabs along the top choose the page (click, or
focus one with the arrows); arrows move between tiles and tabs; Esc or Back
returns. Reachable from the game-select screen's bottom bar.
"""
from __future__ import annotations

import pygame

from cardgames import achievements
from cardgames.engine.scene import Scene
from cardgames.games import registry
from cardgames.i18n import N_, _
from cardgames.scenes.achievement_icons import icon
from cardgames.scenes.common import backdrop, draw_header, draw_hints
from cardgames.ui import controls, theme
from cardgames.ui.widgets import Button, Menu, Widget, draw_wrapped

ONLINE_TAG = N_("Online")     # the page of online games' own achievements, and a tile's tag
PAGES = (*((g.name, g.title) for g in registry.GAMES), (achievements.ONLINE, ONLINE_TAG), ("all", N_("Collection")))
TAB_Y, TAB_H = 96, 44
GRID_X, GRID_Y, TILE_W, TILE_H, GAP = 60, 166, 570, 140, 18
COLLECTION = theme.ACCENT
ONLINE_COLOUR = (72, 208, 160)


def colour_of(game: str) -> theme.Colour:
    return ONLINE_COLOUR if game == achievements.ONLINE else theme.GAME_COLOURS.get(game, COLLECTION)


class Tab(Button):
    def __init__(self, rect, text, game, scene) -> None:
        super().__init__(rect, text, lambda: scene.show(game), px=theme.BODY)
        self.game, self.scene = game, scene

    def draw(self, surface, focused):
        self.primary = self.scene.page == self.game
        super().draw(surface, focused)


class AchievementTile(Widget):
    """One achievement: medal, name, a line, and when it was earned (or how to earn it)."""

    def __init__(self, rect, achievement, when: str | None, online: bool = False) -> None:
        super().__init__(rect)
        self.a, self.when = achievement, when
        self.online = online and when is not None and achievement.game != achievements.ONLINE   # tagged

    def draw(self, surface, focused):
        a, earned = self.a, self.when is not None
        colour = colour_of(a.game)
        fill = theme.PANEL_SOLID if earned else (26, 28, 38)
        edge = colour if earned else theme.PANEL_EDGE
        theme.draw_panel(surface, self.rect, fill, theme.FOCUS if focused else edge)
        medal = icon(a.icon, 96, colour, locked=not earned)
        surface.blit(medal, (self.rect.x + 18, self.rect.centery - 48))
        x = self.rect.x + 132
        width = self.rect.right - x - 16
        theme.draw_text(surface, a.name, (x, self.rect.y + 14), theme.LARGE, theme.TEXT if earned else theme.TEXT_DIM,
                        bold=True)
        line = a.text if earned else a.how
        draw_wrapped(surface, line, (x, self.rect.y + 50), width, theme.SMALL + 1,
                     theme.TEXT if earned else theme.TEXT_DIM)
        note = _("Earned {when}").format(when=self.when) if earned else N_("Locked")
        theme.draw_text(surface, note, (x, self.rect.bottom - 12), theme.SMALL,
                        theme.GOOD if earned else theme.TEXT_DIM, anchor="bottomleft")
        if self.online:
            self.draw_tag(surface)

    def tag_box(self) -> pygame.Rect:
        """Where the "Online" tag is drawn: the tile's bottom right, across from the day earned."""
        image = theme.text_surface(ONLINE_TAG, theme.SMALL, ONLINE_COLOUR, bold=True)
        return image.get_rect(bottomright=(self.rect.right - 22, self.rect.bottom - 14)).inflate(16, 6)

    def draw_tag(self, surface) -> None:
        """"Online" at the bottom right: earned in an online game (too)."""
        box = self.tag_box()
        theme.draw_panel(surface, box, theme.PANEL_SOLID, ONLINE_COLOUR, width=2)
        image = theme.text_surface(ONLINE_TAG, theme.SMALL, ONLINE_COLOUR, bold=True)
        surface.blit(image, image.get_rect(center=box.center))


class AchievementsScene(Scene):
    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.book = achievements.book(app)
        self.page = game if game in dict(PAGES) else PAGES[0][0]
        tab_w = (1280 - 120 - 16 * (len(PAGES) - 1)) // len(PAGES)
        self.tabs = [Tab((60 + i * (tab_w + 16), TAB_Y, tab_w, TAB_H), title, name, self)
                     for i, (name, title) in enumerate(PAGES)]
        self.back_button = Button((1090, 24, 150, 48), "Back", self.back, px=theme.BODY)
        self.menu = Menu([], on_back=self.back, sound=getattr(app, "play_sound", None))
        self.build()
        self.menu.set_focus(next(t for t in self.tabs if t.game == self.page))

    def build(self) -> None:
        items = [a for a in achievements.ACHIEVEMENTS if a.game == self.page]
        self.tiles = []
        for i, a in enumerate(items):
            col, row = i % 2, i // 2
            rect = (GRID_X + col * (TILE_W + GAP), GRID_Y + row * (TILE_H + GAP), TILE_W, TILE_H)
            self.tiles.append(AchievementTile(rect, a, self.book.when(a.id), self.book.online_when(a.id) is not None))
        self.menu.widgets = [*self.tabs, self.back_button, *self.tiles]

    def show(self, game: str) -> None:
        if game != self.page:
            self.page = game
            self.build()

    def back(self) -> None:
        self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)
        focused = self.menu.focused
        if isinstance(focused, Tab) and focused.game != self.page:   # arrows along the tabs turn the pages
            self.show(focused.game)
            self.menu.set_focus(focused)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        total = len(achievements.ACHIEVEMENTS)
        got = sum(self.book.unlocked(a.id) for a in achievements.ACHIEVEMENTS)
        draw_header(surface, "Achievements", theme.ACCENT, _("{got} of {total} earned").format(got=got, total=total))
        self.menu.draw(surface)
        keys = N_("Arrows: move   Enter or click: open a page   Esc: back")
        pad = N_("{move}: move   {act}: open a page   {back}: back")
        draw_hints(surface, controls.for_device(self.app, keys, pad=pad), self.app)
