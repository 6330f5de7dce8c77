"""The settings screen: volumes, animations, computer speed, deck colours, card back, full screen, language.

Every change is applied at once and written to settings.json (Storage), so
there is no "save" button to forget. The card back and the four-colour deck
are previewed on the right. Opened from the menu and from the pause overlay.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames import i18n
from cardgames.core.cards import Card, Rank, Suit
from cardgames.engine.scene import Scene
from cardgames.i18n import N_
from cardgames.scenes.common import backdrop, draw_header, draw_hints, play
from cardgames.ui import controls, theme
from cardgames.ui.widgets import Button, Cycler, Menu, Slider, draw_wrapped

try:
    from cardgames.engine.assets import BACKS
except ImportError:  # the assets module not there yet (early development)
    BACKS = ("blue", "red", "green")

ON_OFF = ((False, N_("Off")), (True, N_("On")))
ANIM = (("off", N_("Off")), ("fast", N_("Fast")), ("normal", N_("Normal")), ("slow", N_("Slow")))
AI = (("instant", N_("Instant")), ("fast", N_("Fast")), ("normal", N_("Normal")), ("slow", N_("Slow")))  # Instant: no thinking pause
BACK_NAMES = {"blue": N_("Blue"), "red": N_("Red"), "green": N_("Green"), "purple": N_("Purple")}
ROW_X, ROW_Y, ROW_W, ROW_H, ROW_GAP = 60, 104, 700, 52, 10
PREVIEW = pygame.Rect(800, 104, 420, 486)
BACK_SIZE = (150, 210)
ACE_SIZE = (84, 118)


class SettingsScene(Scene):
    changes_by_itself = False  # drawn on input and while the focus ring pulses (Scene.changing)
    announces_changes = True   # its changing() covers every change: audited rarely (engine/redraw.py)
    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        rows: list[Any] = [
            Slider(self._row(0), "Sound effects", s["sfx_volume"], self._sfx),
            Slider(self._row(1), "Music", s["music_volume"], self._music),
            Cycler(self._row(2), "Animations", ANIM, s["anim_speed"], lambda v: self.change("anim_speed", v)),
            Cycler(self._row(3), "Computer players' speed", AI, s["ai_speed"],
                   lambda v: self.change("ai_speed", v)),
            Cycler(self._row(4), "Four-colour deck", ON_OFF, s["four_colour"],
                   lambda v: self.change("four_colour", v)),
            Cycler(self._row(5), "Card back", tuple((b, BACK_NAMES.get(b, b.capitalize())) for b in BACKS),
                   s["card_back"] if s["card_back"] in BACKS else BACKS[0], lambda v: self.change("card_back", v)),
            Cycler(self._row(6), controls.label(app, N_("Full screen (F11)"), N_("Full screen")), ON_OFF,
                   bool(s["fullscreen"]), self._fullscreen),
            Cycler(self._row(7), "Language", i18n.LANGUAGES, s.get("language") or i18n.language(), self._language),
        ]
        self.fullscreen_row = rows[6]
        back = Button((ROW_X, ROW_Y + 8 * (ROW_H + ROW_GAP) + 8, 260, 52), "Back", self.back, primary=True)
        self.menu = Menu([*rows, back], on_back=self.back, sound=getattr(app, "play_sound", None))

    @staticmethod
    def _row(i: int) -> tuple[int, int, int, int]:
        return (ROW_X, ROW_Y + i * (ROW_H + ROW_GAP), ROW_W, ROW_H)

    # Changes ---------------------------------------------------------------------
    def change(self, key: str, value: Any) -> None:
        """Apply one setting and write the settings file."""
        self.app.settings[key] = value
        self.app.save_settings()

    def _sfx(self, value: float) -> None:
        self.change("sfx_volume", value)
        play(self.app, "place")  # a sample at the new volume

    def _music(self, value: float) -> None:
        self.change("music_volume", value)
        apply = getattr(self.app, "apply_volumes", None)
        if apply is not None:
            apply()

    def _language(self, code: str) -> None:
        """Speak `code` from this frame on: every text is looked up as it is drawn, no restart."""
        self.change("language", code)
        i18n.set_language(code)

    def _fullscreen(self, value: bool) -> None:
        toggle = getattr(self.app, "toggle_fullscreen", None)
        if toggle is not None and bool(self.app.settings.get("fullscreen")) != value:
            toggle()  # switches the window and saves the setting
        else:
            self.change("fullscreen", value)

    def back(self) -> None:
        self.stack.pop()

    # Frame ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.menu.handle_event(event)   # Esc or Backspace: back

    def update(self, dt: float) -> None:
        self.menu.update(dt)
        self.fullscreen_row.set_value(bool(self.app.settings.get("fullscreen")))  # F11 may have changed it

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        draw_header(surface, "Settings", subtitle=N_("changes are saved at once"))
        self.menu.draw(surface)
        self._draw_preview(surface)
        draw_hints(surface, "{updown}: choose   {leftright}: change   {back}: back", self.app)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        s = self.app.settings
        theme.draw_panel(surface, PREVIEW, theme.PANEL_SOLID)
        x = PREVIEW.x + 24
        theme.draw_text(surface, "Preview", (x, PREVIEW.y + 16), theme.LARGE, theme.ACCENT, bold=True)
        back = self.app.assets.back(s["card_back"], BACK_SIZE)
        surface.blit(back, back.get_rect(midtop=(PREVIEW.centerx, PREVIEW.y + 64)))
        four = bool(s["four_colour"])
        aces = [Card(Rank.ACE, suit) for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]
        gap = (PREVIEW.width - 48 - 4 * ACE_SIZE[0]) // 3
        y = PREVIEW.y + 64 + BACK_SIZE[1] + 24
        for i, card in enumerate(aces):
            surface.blit(self.app.assets.card(card, ACE_SIZE, four_colour=four), (x + i * (ACE_SIZE[0] + gap), y))
        note = N_("Four colours: spades black, hearts red, diamonds blue, clubs green.") if four else \
            N_("Two colours: red hearts and diamonds, black spades and clubs.")
        draw_wrapped(surface, note, (x, y + ACE_SIZE[1] + 14), PREVIEW.width - 48, theme.SMALL, theme.TEXT_DIM)
