"""The base of the games' round (or hand) summary overlays: Skyjo, Three Thirteen, Switch.

A game scene pushes its summary when a round ends. The overlay dims the table,
draws a panel with a title, lets the game draw its own content in the middle
(draw_body), and offers the buttons at the bottom: "Next round" (Enter) while
the game goes on; "Play again" and "Menu" once it is over. Esc opens the pause
overlay (or goes to the menu after the last round). In the demo nobody presses
a key, so the overlay closes by itself after DEMO_SECONDS.

A game's summary subclasses SummaryOverlay and writes only what is its own:
    game_name   the game's registry name (the "Menu" button opens its select screen)
    box, edge   the panel's rectangle and border colour
    title()     the heading ("Round 3 over", "Ada wins!")
    draw_body() the scores, hands, tables between the title and the buttons
                (draw_score_table() draws the rounds-and-totals table they share)
and, if its words differ, next_label ("Next hand"), deal_next() and back().

A game scene with a `summary_waiting` attribute (RoundGameScene) keeps its final
table to look at: the overlay then has "See the table" (H), which hides it; the
table's "Scores" button brings it back.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardgames import config
from cardgames.engine.scene import Scene
from cardgames.i18n import N_, _, is_you, listing, said, tr
from cardgames.scenes.common import draw_hints
from cardgames.ui import theme
from cardgames.ui.widgets import Button, Menu

HINT_BAND_H = 34      # a dark strip along the bottom edge under the key hints (the table's cards lie there)
_band: pygame.Surface | None = None


def hint_band() -> pygame.Surface:
    """The strip under the hints: without it the dimmed table's cards showed through the letters."""
    global _band
    if _band is None:
        _band = pygame.Surface((config.CANVAS_SIZE[0], HINT_BAND_H))
        _band.fill((4, 6, 14))
        _band.set_alpha(200)
    return _band

W, H = config.CANVAS_SIZE
DEMO_SECONDS = 3.5   # how long the demo shows a summary before dealing on
BUTTON_GAP = 20      # between the buttons of the row at the bottom


def draw_touched(surface: pygame.Surface, lines: Sequence[str], centre: tuple[int, int]) -> pygame.Rect | None:
    """The records a game touched ("New best total: 12  ·  Winning streak: 4"): a gold ribbon centred
    on `centre` (a panel's edge, or a band of its own inside it); its rect, None when there are none."""
    if not lines:
        return None
    text = theme.text_surface("  ·  ".join(lines), theme.BODY, theme.ACCENT, bold=True)
    rect = text.get_rect(center=centre).inflate(44, 14)
    theme.draw_panel(surface, rect, theme.PANEL_SOLID, theme.ACCENT, width=2)
    surface.blit(text, text.get_rect(center=rect.center))
    return rect


def fitted_box(x: int, width: int, height: int, top: int) -> pygame.Rect:
    """A summary's panel as tall as its content needs (`height`), centred above the key hints, never
    above `top`: a game's table for two players left half of a full-height panel empty."""
    return pygame.Rect(x, max(top, (H - HINT_BAND_H - height) // 2), width, height)


def winners_words(names: Sequence[str]) -> str:
    """"You win!", "Ada wins!", "Ada and Ben win!" (a tie), in the chosen language."""
    if len(names) == 1:
        return said("You win!") if is_you(names[0]) else said("{name} wins!", name=names[0])
    return said("{names} win!", names=listing(names))


class SummaryOverlay(Scene):
    overlay = True
    dims_below = True   # the table under it is dimmed (engine/scene.py: laid once by the app)
    changes_by_itself = False  # drawn on input and while the focus ring pulses (Scene.changing)
    announces_changes = True   # its changing() covers every change: audited rarely (engine/redraw.py)
    game_name = ""                                   # for "Menu": the select screen opens on this game
    box = pygame.Rect(140, 60, W - 280, H - 120)     # the panel
    edge: theme.Colour = theme.ACCENT                # the panel's border
    next_label = N_("Next round")                      # the button that deals on
    title_px, title_dy, title_shadow = theme.HEADING, 18, True   # the heading's size, its gap below the top
    button_h, button_dy = 56, 76                     # the buttons' height; their top above the box's bottom
    records_edge = "bottom"   # the records ribbon: on the box's bottom edge, or "inside" above the buttons
    #                           (a summary whose buttons leave no room below the box; it keeps records_room free)

    def __init__(self, app: Any, game: Any) -> None:
        super().__init__(app)
        self.game = game
        self.obs = game.observation()      # the table as the viewer was last told it
        self.final = game.over
        self.timer = 0.0
        box, y, h = self.box, self.box.bottom - self.button_dy, self.button_h
        if self.final:
            buttons = [Button((0, y, 240, h), "Play again", self.play_again, primary=True),
                       Button((0, y, 240, h), "Menu", self.to_menu)]
        else:
            buttons = [Button((0, y, 280, h), self.next_label, self.next_round, primary=True)]
        self.hideable = hasattr(game, "summary_waiting")
        if self.hideable:
            buttons.append(Button((0, y, 210, h), "See the table", self.hide, px=theme.BODY))
        # One row, centred on the panel as a whole, "See the table" on the left (the focus order stays:
        # the primary button first).
        row = buttons[-1:] + buttons[:-1] if self.hideable else buttons
        x = box.centerx - (sum(b.rect.w for b in row) + BUTTON_GAP * (len(row) - 1)) // 2
        for b in row:
            b.rect.x = x
            x += b.rect.w + BUTTON_GAP
        self.menu = Menu(buttons, on_back=self.back, sound=getattr(app, "play_sound", None))

    @property
    def records_room(self) -> int:
        """Pixels to keep free above the buttons for the records ribbon ("inside" summaries)."""
        touched = self.final and getattr(self.game, "records_touched", ())
        return 44 if touched and self.records_edge == "inside" else 0

    # What a game writes ------------------------------------------------------------
    def title(self) -> str:
        raise NotImplementedError

    def draw_body(self, surface: pygame.Surface) -> None:
        """The game's content inside self.box, between the title and the buttons."""
        raise NotImplementedError

    def deal_next(self) -> None:
        """Deal the next round on the game scene (Switch deals a hand)."""
        self.game.next_round()

    def back(self) -> None:
        """Esc: the pause overlay while the game goes on, the menu once it is over."""
        if self.final:
            self.to_menu()
        else:
            self.game.open_pause()

    def hints(self) -> str:
        """The key hints under the panel."""
        table = "   " + _("H: see the table") if self.hideable else ""
        if self.final:
            return _("{act}: play again") + f"{table}   " + _("{back}: menu")
        return _("{act}: {next}").format(act="{act}", next=tr(self.next_label).lower()) + f"{table}   " + _("{back}: pause")

    # A helper for the body ------------------------------------------------------------
    def draw_score_table(self, surface: pygame.Surface, top: int, row_h: int, px: int,
                         columns: Sequence[str], cell: Callable[[int, int], tuple[str, theme.Colour] | None],
                         name_x: int, col0: int, col_w: int) -> None:
        """Players down, one column a round (`columns`: their headings), the totals at the right
        with the lowest in green. cell(seat, k) gives the text and colour in column k, or None."""
        obs = self.obs
        total_x = self.box.right - 60
        theme.draw_text(surface, "Player", (name_x, top), px, theme.TEXT_DIM)
        for k, head in enumerate(columns):
            theme.draw_text(surface, head, (col0 + k * col_w + col_w // 2, top), px, theme.TEXT_DIM, anchor="midtop")
        theme.draw_text(surface, "Total", (total_x, top), px, theme.TEXT_DIM, anchor="midtop")
        low = min(obs.totals)
        for seat in range(obs.players):
            y = top + (seat + 1) * row_h
            colour = theme.GOOD if obs.totals[seat] == low else theme.TEXT
            theme.draw_text(surface, self.game.seat_name(seat, with_level=True), (name_x, y), px, colour)
            for k in range(len(columns)):
                shown = cell(seat, k)
                if shown is not None:
                    theme.draw_text(surface, shown[0], (col0 + k * col_w + col_w // 2, y), px, shown[1],
                                    anchor="midtop")
            theme.draw_text(surface, str(obs.totals[seat]), (total_x, y), px, colour, bold=True, anchor="midtop")

    # Actions ---------------------------------------------------------------------
    def hide(self) -> None:
        """Back to the final table (its "Scores" button opens this again)."""
        if self.stack.top is self:
            self.stack.pop()

    def next_round(self) -> None:
        self.stack.pop()
        self.deal_next()

    def play_again(self) -> None:
        self.stack.pop()
        self.game.restart()

    def to_menu(self) -> None:
        self.stack.reset(self.app.screens.select(game=self.game_name))

    # Frame -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.hideable and event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.hide()
            return
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)
        getattr(self.game, "poll_lobby", lambda: None)()   # online: who asks to play again, who left (at once)
        if self.app.demo is not None:
            self.timer += dt
            if self.timer >= DEMO_SECONDS and self.stack.top is self:
                if self.final:
                    self.stack.pop()   # the demo director starts the next game
                else:
                    self.next_round()

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        theme.draw_panel(surface, box, theme.PANEL_SOLID, self.edge, width=3)
        theme.draw_text(surface, self.title(), (box.centerx, box.y + self.title_dy), self.title_px, theme.ACCENT,
                        bold=True, anchor="midtop", shadow=self.title_shadow)
        self.draw_body(surface)
        if self.final:   # the records this game touched, from records.record_game
            y = box.bottom if self.records_edge == "bottom" else box.bottom - self.button_dy - 24
            draw_touched(surface, getattr(self.game, "records_touched", ()), (box.centerx, y))
        self.menu.draw(surface)
        surface.blit(hint_band(), (0, config.CANVAS_SIZE[1] - HINT_BAND_H))   # the hints read over the cards
        draw_hints(surface, self.hints(), self.app)
