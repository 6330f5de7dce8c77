"""The rules viewer: shows seeds/<game>.<lang>.md (or the English seeds/<game>.md), scrollable by wheel, arrows, PgUp/PgDn, Home/End.

Left/Right jump to the previous/next section (## heading). Esc, Backspace or
the Back button return to whatever was below (the menu or the pause overlay).
"""
from __future__ import annotations

import pygame

from cardgames import config, tutorial
from cardgames.engine.scene import Scene
from cardgames.games import registry
from cardgames.i18n import N_, _, language
from cardgames.scenes import markdown
from cardgames.scenes.common import backdrop, draw_header, draw_hints, play
from cardgames.ui import controls, theme
from cardgames.ui.widgets import Button, Menu

VIEW = pygame.Rect(150, 92, 980, 576)     # the page panel on the canvas
TEXT_X, TEXT_W = VIEW.x + 36, VIEW.width - 96
LINE_STEP = 44                            # arrow keys and one wheel notch scroll this far


def page_path(game: str, lang: str | None = None):
    """seeds/<game>.<lang>.md in the chosen language when there is one, else the English seeds/<game>.md."""
    lang = lang or language()
    local = config.SEEDS_DIR / f"{game}.{lang}.md"
    return local if lang != "en" and local.is_file() else config.SEEDS_DIR / f"{game}.md"


def load_page(game: str) -> str:
    """The Markdown text of a game's rules page in the chosen language (English when it has no
    page of its own; a short note when it is missing or unreadable)."""
    path = page_path(game)
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return f"# {game}\n\nThe rules page for this game is not available yet ({path.name})."


class RulesScene(Scene):
    changes_by_itself = False  # drawn on input, while the focus ring pulses and while the page eases to its place
    announces_changes = True   # its changing() covers every change: audited rarely (engine/redraw.py)
    def __init__(self, app, game_name: str) -> None:
        super().__init__(app)
        self.info = registry.get(game_name)
        self.page = markdown.layout(markdown.parse(load_page(game_name)), TEXT_W)
        self.scroll = 0.0       # shown offset (eases toward target)
        self.target = 0.0
        self._dragging = False
        back = Button((1090, 24, 150, 48), "Back", self.back, px=theme.BODY)
        widgets = [back]
        if tutorial.module(game_name) is not None:   # the guided hand, at any time
            widgets.insert(0, Button((910, 24, 170, 48), "Tutorial", self.tutorial, px=theme.BODY))
        self.menu = Menu(widgets, on_back=self.back, sound=getattr(app, "play_sound", None), focus=len(widgets) - 1)

    @property
    def inner(self) -> pygame.Rect:
        return VIEW.inflate(-24, -24)

    @property
    def max_scroll(self) -> int:
        return max(0, self.page.height - self.inner.height)

    def scroll_to(self, y: float) -> None:
        self.target = min(self.max_scroll, max(0.0, y))

    def back(self) -> None:
        self.stack.pop()

    def tutorial(self) -> None:
        tutorial.start(self.app, self.info.name)

    def _section(self, step: int) -> None:
        """Jump to the next (+1) or previous (-1) ## heading."""
        ys = [y for y, _ in self.page.headings]
        here = self.target + 12  # we scroll to 8 px above a heading: count that one as passed
        if step > 0:
            later = [y for y in ys if y > here]
            if later:
                self.scroll_to(later[0] - 8)
        else:
            earlier = [y for y in ys if y < here - 24]
            self.scroll_to(earlier[-1] - 8 if earlier else 0)

    # Events ----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        page = self.inner.height - LINE_STEP
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_DOWN: self.target + LINE_STEP, pygame.K_UP: self.target - LINE_STEP,
                pygame.K_PAGEDOWN: self.target + page, pygame.K_PAGEUP: self.target - page,
                pygame.K_SPACE: self.target + page, pygame.K_HOME: 0, pygame.K_END: self.max_scroll,
            }
            if event.key in keys:
                self.scroll_to(keys[event.key])
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self._section(1 if event.key == pygame.K_RIGHT else -1)
                play(self.app, "button", 0.4)
                return
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.target - event.y * LINE_STEP * 1.5)
            return
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._track().collidepoint(event.pos):
            self._dragging = True
            self._drag_to(event.pos[1])
            return
        elif event.type == pygame.MOUSEMOTION and self._dragging:
            self._drag_to(event.pos[1])
            return
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            return
        self.menu.handle_event(event)

    # Scroll bar --------------------------------------------------------------
    def _track(self) -> pygame.Rect:
        return pygame.Rect(VIEW.right - 30, VIEW.y + 16, 14, VIEW.height - 32)

    def _thumb(self) -> pygame.Rect:
        track = self._track()
        if self.max_scroll == 0:
            return track.copy()
        h = max(40, round(track.height * self.inner.height / self.page.height))
        y = track.y + round((track.height - h) * self.scroll / self.max_scroll)
        return pygame.Rect(track.x, y, track.width, h)

    def _drag_to(self, y: int) -> None:
        track = self._track()
        self.scroll_to((y - track.y) / max(1, track.height) * self.page.height - self.inner.height / 2)
        self.scroll = self.target

    # Frame -------------------------------------------------------------------
    def changing(self) -> bool:
        return super().changing() or self.scroll != self.target

    def update(self, dt: float) -> None:
        self.menu.update(dt)
        # ease toward the target: quick but not a jump, so the reader keeps their place
        self.scroll += (self.target - self.scroll) * min(1.0, dt * 14)
        if abs(self.target - self.scroll) < 0.5:
            self.scroll = self.target

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        colour = theme.GAME_COLOURS.get(self.info.name, theme.ACCENT)
        draw_header(surface, _("How to play {game}").format(game=_(self.info.title)), colour)
        theme.draw_panel(surface, VIEW, theme.PANEL_SOLID, theme.PANEL_EDGE)
        inner = self.inner
        markdown.draw(surface, self.page, (TEXT_X, inner.y), inner, round(self.scroll))
        if self.max_scroll:
            pygame.draw.rect(surface, theme.BG, self._track(), border_radius=7)
            pygame.draw.rect(surface, colour if self._dragging else theme.PANEL_EDGE, self._thumb(), border_radius=7)
        self.menu.draw(surface)
        keys = N_("Up/Down or wheel: scroll   PgUp/PgDn: page   Left/Right: section   Esc: back")
        pad = N_("{updown}: scroll   {leftright}: section   {back}: back")
        draw_hints(surface, controls.for_device(self.app, keys, pad=pad), self.app)
