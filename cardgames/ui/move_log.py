"""The move log of the multiplayer tables: every action in words, hand by hand or round by round.

Three parts:
- MoveLog, the model (pure, in cardgames/core/movelog.py, re-exported here): sections (one per hand or round, with a title such as
  "Round 3"), each a list of LogLines. Undo trims it back with truncate().
- LogCorner, the widget in a corner of the table: always the last few lines,
  newest at the bottom, with a "Log (J)" button that opens the full view.
- MoveLogScene, the overlay with the whole log, scrollable (wheel, arrows,
  Page Up/Down, Home/End); J, Esc or a click outside closes it.
Text may hold the suit symbols ♠♥♦♣ (card_text() writes a Card as "7♠"); render_line()
draws them as tall as the line and in light tints of the deck's colours (the four-colour
deck's when that setting is on), so a spade and a club stay apart at the minimum window.

How a game plugs in
-------------------
1. Write `describe(move: Move) -> Sequence[str | LogLine]` in its own package
   (games/<game>/log.py, pure: no pygame). A Move holds who acted (seat), the
   action, the viewer's observations before and after it, the events as the
   viewer saw them (redacted), name(seat) ("You", "Ben") and viewer. Build
   sentences ONLY from those: never from the State, and from the action only
   what the whole table saw. Past tense reads the same for "You" and "Ben".
   A LogLine(text, amends=True) replaces the line before it (a turn told in one
   sentence as it unfolds: "Cy drew 11", then "Cy drew and discarded 11").
2. In the scene class: `describe_move = staticmethod(log.describe)` and
   `log_rect = pygame.Rect(...)` (the corner, on the 1280x720 canvas), and
   optionally override `log_section(obs)` (the title of the hand or round the
   observation is in; a new title starts a new section) and `log_viewer()`
   (the seat lines are written for; None in pass-and-play, where every line
   must be public: then observations are the viewer's but events are redacted
   for nobody, so say only what every seat saw).
   Optionally `describe_opening = staticmethod(log.opening)`: the lines of the deal itself (who
   deals, who starts and why), given a Move with no action whose events are the deal's
   (rules.deal_events(state), if the rules have it); written before the first move, never undone.
3. The base GameScene (cardgames/ui/game_scene.py) does the rest: it calls
   describe after every action (also while a saved game is replayed), trims
   the log on undo, draws the corner, and opens the full view on the key LOG_KEY
   or a click on the corner.
"""
from __future__ import annotations

import itertools
from typing import Any

import pygame

from cardgames.config import FONTS_DIR
from cardgames.core.movelog import LogLine, Move, MoveLog, Section, card_text, describe_lines  # noqa: F401 (re-exported)
from cardgames.engine import text as text_faces
from cardgames.engine.scene import Scene
from cardgames.i18n import N_, said, tr
from cardgames.ui import theme

LOG_KEY = pygame.K_j            # J: free in every game (see README "Controls")
SUITS = "♠♥♦♣"
CORNER_PX = 15                  # the corner's text size
VIEW_PX = 18                    # the full view's


# ---------------------------------------------------------------- drawing text with suits
_line_cache: dict[tuple, pygame.Surface] = {}


def _split(text: str) -> list[str]:
    """Text pieces and single suit symbols, in order."""
    out, piece = [], ""
    for ch in text:
        if ch in SUITS:
            if piece:
                out.append(piece)
            out.append(ch)
            piece = ""
        else:
            piece += ch
    if piece:
        out.append(piece)
    return out


# The suits as the log draws them, on its dark panel: light tints of the deck's colours (the
# deck's own dark red and black would sink into the panel); the four-colour deck's green clubs
# and blue diamonds when that setting is on.
SUIT_TINTS = {"♠": theme.TEXT, "♣": theme.TEXT, "♥": (255, 104, 112), "♦": (255, 104, 112)}
SUIT_TINTS_4 = {**SUIT_TINTS, "♣": (96, 220, 124), "♦": (112, 176, 255)}
SUIT_INK = 1.1                  # a suit's ink is this share of the font's line height
SUIT_GAP = 2                    # px after a suit symbol
SYMBOL_INK = 0.765              # Noto Sans Symbols 2: a suit's ink height per point of size


def suit_ink(px: int) -> int:
    """The height of a suit symbol's ink in a line of text `px` big (as tall as the line: a
    spade and a club stay apart at the minimum window, where the canvas shrinks to 3/4)."""
    return max(8, round(theme.font(px).get_height() * SUIT_INK))


_suit_fonts: dict[int, pygame.font.Font] = {}


def _suit_image(app: Any, symbol: str, ink: int) -> pygame.Surface:
    """The suit symbol with `ink` px of ink, tinted for the dark panel, cropped to its ink.

    Drawn from the Noto Sans Symbols 2 face at that size rather than scaled down from the
    64 px sprites: the font's outlines are rasterised at the final size, so a spade keeps its
    point and a club its three lobes even at 10 px (a scaled sprite blurs both into a blob)."""
    four = bool(app is not None and app.settings.get("four_colour"))
    colour = (SUIT_TINTS_4 if four else SUIT_TINTS)[symbol]
    points = max(6, round(ink / SYMBOL_INK))
    font = _suit_fonts.get(points)
    if font is None or not text_faces.usable(font):   # made before the font module last quit: dead
        font = _suit_fonts[points] = pygame.font.Font(str(FONTS_DIR / text_faces.FILES[text_faces.SYMBOLS][0]), points)
    glyph = font.render(symbol, True, colour)
    return glyph.subsurface(glyph.get_bounding_rect()).copy()


def render_line(app: Any, text: str, px: int, colour: theme.Colour, bold: bool = False) -> pygame.Surface:
    """`text` in the theme font with suit images where ♠♥♦♣ stand (cached)."""
    key = (text, px, colour, bold, bool(app and app.settings.get("four_colour")))
    surf = _line_cache.get(key)
    if surf is not None:
        return surf
    if len(_line_cache) > 400:
        _line_cache.clear()
    h = theme.font(px, bold).get_height()
    ink = suit_ink(px)
    parts = [(_suit_image(app, p, ink), True) if p in SUITS else (theme.text_surface(p, px, colour, bold),
                                                                        False) for p in _split(text)]
    width = sum(img.get_width() + (SUIT_GAP if is_suit else 0) for img, is_suit in parts)
    height = max(h, ink)
    surf = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for img, is_suit in parts:
        surf.blit(img, (x + (1 if is_suit else 0), (height - img.get_height()) // 2 if is_suit else (height - h) // 2))
        x += img.get_width() + (SUIT_GAP if is_suit else 0)
    _line_cache[key] = surf
    return surf


def row_step(px: int, gap: int = 1) -> int:
    """The distance between two rows of log text `px` big: the text's height and `gap`, or the
    suits' height if that is more (a suit of one row may touch, never cover, the next)."""
    return max(theme.font(px).get_height() + gap, suit_ink(px))


INDENT = "   "   # rows after a line's first are indented by this


_wrapped: dict[tuple, tuple[str, ...]] = {}   # wrap()'s answers: the corner wraps its lines every frame
WRAPPED_MAX = 2000                            # answers kept (then forgotten all at once)


def wrap(app: Any, text: str, width: int, px: int, bold: bool = False) -> list[str]:
    """Split `text` at spaces into rows no wider than `width` (suit symbols measured as drawn);
    every row after the first starts with INDENT. (Remembered: the same words always wrap alike.)"""
    key = (text, width, px, bold, bool(app and app.settings.get("four_colour")))
    rows = _wrapped.get(key)
    if rows is None:
        if len(_wrapped) >= WRAPPED_MAX:
            _wrapped.clear()
        rows = _wrapped[key] = tuple(_wrap(app, text, width, px, bold))
    return list(rows)


def _wrap(app: Any, text: str, width: int, px: int, bold: bool) -> list[str]:
    rows: list[str] = []
    row = ""
    for word in text.split(" "):
        candidate = f"{row} {word}" if row else (INDENT + word if rows else word)
        if row and render_line(app, candidate, px, theme.TEXT, bold).get_width() > width:
            rows.append(row)
            row = INDENT + word
        else:
            row = candidate
    rows.append(row)
    return rows


HEADING = (0, 0, 0, 0)           # rows(): the colour of a row that is an earlier section's title


def line_colour(line: LogLine, viewer: int | None) -> theme.Colour:
    if line.seat is None:
        return theme.ACCENT
    return theme.lighten(theme.ACCENT, 0.45) if line.seat == viewer else theme.TEXT


# ---------------------------------------------------------------- the corner
class LogCorner:
    """The last lines of the log in a panel; the newest at the bottom, older ones dimmer."""

    HEADER = 22

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        self.rect = pygame.Rect(rect)
        self.button = pygame.Rect(self.rect.right - 74, self.rect.y + 3, 70, self.HEADER - 4)

    def rows(self, app: Any, log: MoveLog, viewer: int | None, px: int = CORNER_PX) -> list[tuple[str, theme.Colour]]:
        """The wrapped rows of the newest whole lines that fit, oldest first, with their colours.

        A section just begun (a new round) leaves room: the end of the one before fills it, each
        under its title (colour HEADING), so the corner still tells the last turn around the table."""
        width = self.rect.width - 16
        room = max(1, (self.rect.height - self.HEADER - 8) // row_step(px))

        def newest(section: Section, space: int, strict: bool) -> list[tuple[str, theme.Colour]]:
            """Rows of the section's newest whole lines in `space` rows, newest first (not strict:
            the newest line even when it alone is longer)."""
            out: list[tuple[str, theme.Colour]] = []
            for line in reversed(section.lines):
                rows = wrap(app, tr(line.text), width, px)   # in the chosen language (i18n.Said)
                if (out or strict) and len(out) + len(rows) > space:
                    break
                out.extend((row, line_colour(line, viewer)) for row in reversed(rows))
            return out

        if not log.sections:
            return []
        out = newest(log.sections[-1], room, strict=False)[-room:]
        for k in range(len(log.sections) - 2, -1, -1):
            earlier = newest(log.sections[k], room - len(out) - 2, strict=True)
            if not earlier:
                break
            if k == len(log.sections) - 2 and out:
                out.append((log.sections[-1].title, HEADING))   # the current section's title over its lines
            out += earlier + [(log.sections[k].title, HEADING)]
        return list(reversed(out))

    def draw(self, surface: pygame.Surface, app: Any, log: MoveLog, viewer: int | None) -> None:
        rect = self.rect
        theme.draw_panel(surface, rect, theme.PANEL_SOLID + (200,), theme.PANEL_EDGE, radius=8, width=1)
        title = log.sections[-1].title if log.sections else ""
        theme.draw_text(surface, title or "Moves", (rect.x + 8, rect.y + 4), 14, theme.TEXT_DIM, bold=True)
        theme.draw_panel(surface, self.button, theme.PANEL, theme.PANEL_EDGE, radius=6, width=1)
        theme.draw_text(surface, "Log (J)", self.button.center, 13, theme.TEXT, anchor="center")
        rows = self.rows(app, log, viewer)
        step = row_step(CORNER_PX)
        y = rect.bottom - 6 - len(rows) * step
        for i, (row, colour) in enumerate(rows):
            if colour == HEADING:      # an earlier round's title, over its last lines
                theme.draw_text(surface, row, (rect.x + 8, y + 1), 13, theme.TEXT_DIM, bold=True)
            else:
                age = len(rows) - 1 - i
                shade = colour if age < 3 else theme.lighten(colour, -0.25)
                surface.blit(render_line(app, row, CORNER_PX, shade), (rect.x + 8, y))
            y += step

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)


# ---------------------------------------------------------------- the full view
class MoveLogScene(Scene):
    """The whole log over the dimmed table, newest at the bottom, scrolled to the end."""

    overlay = True
    dims_below = True   # the table under it is dimmed (engine/scene.py: laid once by the app)
    box = pygame.Rect(240, 50, 800, 620)

    def __init__(self, app: Any, log: MoveLog, viewer: int | None, title: str = N_("Move log")) -> None:
        super().__init__(app)
        self.log, self.viewer, self.title = log, viewer, title
        self.rows = self._rows()
        self.step = row_step(VIEW_PX, 3)
        self.view = pygame.Rect(self.box.x + 24, self.box.y + 70, self.box.width - 48, self.box.height - 110)
        self.visible = max(1, self.view.height // self.step)
        self.top = max(0, len(self.rows) - self.visible)

    def _rows(self) -> list[tuple[str, theme.Colour, bool]]:
        """(text, colour, is a section heading) for every wrapped row."""
        out: list[tuple[str, theme.Colour, bool]] = []
        width = self.box.width - 60
        for sec in self.log.sections:
            if sec.title:
                out.append((sec.title, theme.ACCENT, True))
            for line in sec.lines:
                colour = line_colour(line, self.viewer)
                for row in wrap(self.app, tr(line.text), width, VIEW_PX):
                    out.append((row, colour, False))
        if not out:
            out.append((tr("Nothing has happened yet."), theme.TEXT_DIM, False))
        return out

    def scroll(self, rows: int) -> None:
        self.top = max(0, min(len(self.rows) - self.visible, self.top + rows))

    def close(self) -> None:
        if self.stack.top is self:
            self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible,
                    pygame.K_PAGEDOWN: self.visible, pygame.K_HOME: -len(self.rows), pygame.K_END: len(self.rows)}
            if event.key in keys:
                self.scroll(keys[event.key])
            elif event.key in (LOG_KEY, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_BACKSPACE):
                self.close()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and (
                not self.box.collidepoint(event.pos) or self._close_rect().collidepoint(event.pos)):
            self.close()

    def _close_rect(self) -> pygame.Rect:
        return pygame.Rect(self.box.right - 120, self.box.y + 16, 100, 34)

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        theme.draw_panel(surface, box, theme.PANEL_SOLID, theme.ACCENT, width=3)
        theme.draw_text(surface, self.title, (box.x + 24, box.y + 18), theme.LARGE, theme.ACCENT, bold=True)
        close = self._close_rect()
        theme.draw_panel(surface, close, theme.PANEL, theme.PANEL_EDGE, radius=8, width=1)
        theme.draw_text(surface, "Close", close.center, theme.SMALL, theme.TEXT, anchor="center")
        y = self.view.y
        for text, colour, heading in self.rows[self.top:self.top + self.visible]:
            if heading:
                surface.blit(theme.text_surface(text, VIEW_PX, colour, bold=True), (self.view.x, y))
            else:
                surface.blit(render_line(self.app, text, VIEW_PX, colour), (self.view.x + 10, y))
            y += self.step
        if len(self.rows) > self.visible:   # a scroll bar
            bar = pygame.Rect(box.right - 14, self.view.y, 6, self.view.height)
            pygame.draw.rect(surface, theme.PANEL, bar, border_radius=3)
            h = max(20, bar.height * self.visible // len(self.rows))
            y = bar.y + (bar.height - h) * self.top // max(1, len(self.rows) - self.visible)
            pygame.draw.rect(surface, theme.TEXT_DIM, (bar.x, y, bar.width, h), border_radius=3)
        theme.draw_text(surface, "Wheel / Up / Down / Page Up / Page Down: scroll    J or Esc: close",
                        (box.centerx, box.bottom - 30), theme.SMALL, theme.TEXT_DIM, anchor="midtop")


# ---------------------------------------------------------------- what a GameScene holds
class SceneLog:
    """The log of one game scene (scene.move_log): the model, the corner, the key and the click.

    Asks the scene for describe_move, log_rect, log_section(obs), log_viewer() and
    seat_name(seat) (see "How a game plugs in" above).
    """

    def __init__(self, scene: Any, story: Any = ()) -> None:
        """`story`: the game so far as the table told the viewer (TableLine.open_table): the
        opening position (with the deal's events), then an update per move."""
        self.scene = scene
        self.model = MoveLog()
        self.describe = getattr(scene, "describe_move", None)
        rect = getattr(scene, "log_rect", None)
        self.corner = LogCorner(rect) if (rect is not None and self.describe is not None) else None
        if self.describe is not None and story:
            self.model.section(scene.log_section(story[0].observation), 0)
            self._opening(story[0])
            for before, after in itertools.pairwise(story):
                self.record_update(before, after)

    @property
    def enabled(self) -> bool:
        return self.describe is not None

    def place(self, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        """Move the corner (e.g. a table whose free space depends on the number of players)."""
        if self.describe is not None:
            self.corner = LogCorner(rect)

    def _name(self, seat: int) -> str:
        name = getattr(self.scene, "seat_name", None)
        return name(seat) if name is not None else said("Player {n}", n=seat + 1)

    def record_update(self, before: Any, after: Any) -> None:
        """The move the update `after` tells (after.played), from the viewer's update `before` it:
        the observations before and after, the events as the viewer was sent them (made public
        in pass-and-play, where every line must be what every seat saw)."""
        if self.describe is None or not after.played:
            return
        from cardgames.core.events import redact

        scene = self.scene
        viewer = scene.log_viewer()
        events = tuple(after.events) if viewer is not None else redact(tuple(after.events), None)
        action = scene.rules.parse_action(after.played[-1])
        move = Move(seat=before.turn, action=action, before=before.observation, after=after.observation,
                    events=events, name=self._name, viewer=viewer)
        index = after.moves - 1
        self.model.section(scene.log_section(move.after), index)   # a new hand or round: a new section
        for line in describe_lines(self.describe, move):
            self.model.add(line, index)

    def _opening(self, opening: Any) -> None:
        """The deal's lines (who deals, who starts and why), from the scene's describe_opening(move)
        if it has one: a Move with no action whose events are the deal's, as the viewer saw them.
        Written as move -1, so no undo takes them away."""
        scene = self.scene
        describe = getattr(scene, "describe_opening", None)
        if describe is None:
            return
        from cardgames.core.events import redact

        viewer = scene.log_viewer()
        events = tuple(opening.events) if viewer is not None else redact(tuple(opening.events), None)
        obs = opening.observation
        move = Move(seat=None, action=None, before=obs, after=obs, events=events, name=self._name, viewer=viewer)
        for line in describe_lines(describe, move):
            self.model.add(line, -1)

    def truncate(self, moves: int) -> None:
        self.model.truncate(moves)

    def draw(self, surface: pygame.Surface) -> None:
        if self.corner is not None:
            self.corner.draw(surface, self.scene.app, self.model, self.scene.log_viewer())

    def open(self) -> None:
        scene = self.scene
        if self.enabled and scene.stack.top is scene:
            scene.stack.push(MoveLogScene(scene.app, self.model, scene.log_viewer()))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """J, or a click on the corner, opens the full log. True when the event was used."""
        if not self.enabled:
            return False
        if event.type == pygame.KEYDOWN and event.key == LOG_KEY and not event.mod & pygame.KMOD_CTRL:
            self.open()
            return True
        if (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1
                and self.corner is not None and self.corner.hit(event.pos)):
            if event.type == pygame.MOUSEBUTTONUP:
                self.open()
            return True
        return False
