"""The on-screen letter picker: letters of every language the collection speaks, for a gamepad
(and the mouse, and a keyboard without the player's script).

One overlay for every place a player writes: the names dialog (scenes/names.py) and TriPeaks'
high-score initials (games/tripeaks/scene_overlays.py). It edits a `target`, anything with
    text          what is written so far
    type(s)       add `s` (a letter, or a vowel sign that joins the letter before it); False if refused
    back()        take the last letter (or sign) off
and, for initials, `letters` and `cursor` (three boxes, drawn as boxes: games/tripeaks/initials.py).

Pages: Latin (capitals, small letters for names, digits) and Tamil, Telugu and Kannada (their vowels
and consonants, then their vowel signs and virama: picked after a consonant, a sign joins it, "க" +
"ு" = "கு"; in Telugu and Kannada a virama then a consonant makes a conjunct). The page of the chosen
language opens first. Controls:
    D-pad / stick / arrows   move over the letters      A / Enter / click   pick the letter
    B / Backspace            delete                     Start / OK          done
    LB / RB                  the previous / next page   Esc (keyboard)      close, keeping what is written
Typing works too while it is open (text input).
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

import pygame

from cardgames import config, i18n
from cardgames.engine.scene import Scene
from cardgames.engine.text import BLOCKS, missing_glyphs
from cardgames.i18n import N_
from cardgames.ui import controls, theme
from cardgames.ui.widgets import Button, Menu

W, H = config.CANVAS_SIZE
BOX = pygame.Rect(100, 24, W - 200, H - 48)
COLUMNS, CELL, CELL_H, GAP = 14, 66, 50, 6
PAGES = (("latin", "ABC"), ("tamil", "தமிழ்"), ("telugu", "తెలుగు"), ("kannada", "ಕನ್ನಡ"))
SIGN_WORDS = ("VOWEL SIGN", "VIRAMA", "ANUSVARA", "VISARGA", "CANDRABINDU")
DIGITS = "0123456789"
CAPITALS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def page_letters(script: str, small: bool = True) -> list[str]:
    """The keys of a page: Latin capitals (and small letters), digits; or a script's letters then its
    signs, those the font draws."""
    if script == "latin":
        return list(CAPITALS + (CAPITALS.lower() if small else "") + DIGITS)
    lo, hi = BLOCKS[script]
    chars = [chr(c) for c in range(lo, hi + 1)]
    names = {ch: unicodedata.name(ch, "") for ch in chars}
    letters = [ch for ch in chars if unicodedata.category(ch) == "Lo"   # (Tamil's aytham is a "sign visarga")
               and (" LETTER " in names[ch] or names[ch] == "TAMIL SIGN VISARGA")]
    signs = [ch for ch in chars if unicodedata.category(ch) in ("Mn", "Mc") and any(w in names[ch] for w in SIGN_WORDS)]
    face = theme.font(theme.LARGE).face(script)
    base = letters[len(letters) // 2]   # a consonant to try each sign on
    return [ch for ch in letters if not missing_glyphs(face, ch)] + \
        [s for s in signs if not missing_glyphs(face, base + s)]


def shown(key: str) -> str:
    """A sign drawn on its key on a dotted circle (where its consonant goes)."""
    return "\u25cc" + key if unicodedata.category(key) in ("Mn", "Mc") else key


class LetterPicker(Scene):
    overlay = True
    dims_below = True

    def __init__(self, app: Any, target: Any, title: str, on_done: Callable[[], Any] | None = None,
                 on_change: Callable[[], Any] | None = None, small: bool = True) -> None:
        super().__init__(app)
        self.target, self.title = target, title
        self.on_done, self.on_change, self.small = on_done, on_change, small
        self.closed = False
        here = i18n.script()
        self.page = here if here in dict(PAGES) else "latin"
        self.menu = Menu([], on_back=self.erase, sound=getattr(app, "play_sound", None))
        self.build()

    # ------------------------------------------------------------ the keys
    def build(self) -> None:
        """The page's keys, the page tabs and Space / Delete / OK; the focus on the first letter."""
        x0, y0 = BOX.x + (BOX.w - COLUMNS * (CELL + GAP) + GAP) // 2, BOX.y + 186
        self.tabs = [Button((BOX.centerx - 2 * 166 + i * 166, BOX.y + 130, 154, 42), label,
                            lambda page=page: self.show_page(page), primary=page == self.page, px=theme.BODY)
                     for i, (page, label) in enumerate(PAGES)]
        self.keys = []
        for i, letter in enumerate(page_letters(self.page, self.small)):
            row, col = divmod(i, COLUMNS)
            self.keys.append(Button((x0 + col * (CELL + GAP), y0 + row * (CELL_H + GAP), CELL, CELL_H), shown(letter),
                                    lambda letter=letter: self.pick(letter), px=theme.LARGE))
        y = BOX.bottom - 118
        self.space = Button((BOX.centerx - 380, y, 220, 50), N_("Space"), lambda: self.pick(" "), px=theme.BODY)
        self.space.enabled = self.small
        self.delete = Button((BOX.centerx - 110, y, 220, 50), N_("Delete"), self.erase, px=theme.BODY)
        self.ok = Button((BOX.centerx + 160, y, 220, 50), N_("OK"), self.done, primary=True, px=theme.BODY)
        self.menu.widgets = [*self.tabs, *self.keys, self.space, self.delete, self.ok]
        self.menu.set_focus(self.keys[0] if self.keys else self.ok)

    def show_page(self, page: str) -> None:
        if page != self.page:
            self.page = page
            self.build()

    def step_page(self, step: int) -> None:
        names = [p for p, _label in PAGES]
        self.show_page(names[(names.index(self.page) + step) % len(names)])

    # ------------------------------------------------------------ editing
    def pick(self, letter: str) -> None:
        if self.target.type(letter):
            self._changed()
        else:
            self._sound("invalid")

    def erase(self) -> None:
        self.target.back()
        self._changed()

    def done(self) -> None:
        """Start, OK (or Esc on a keyboard): close, and tell the scene below."""
        if self.closed:
            return
        self.closed = True
        self.stack.pop()
        if self.on_done is not None:
            self.on_done()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def _sound(self, name: str) -> None:
        play = getattr(self.app, "play_sound", None)
        if play is not None:
            play(name)

    # ------------------------------------------------------------ frame
    def on_enter(self) -> None:
        pygame.key.start_text_input()   # typing works too, in any script the keyboard has

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            for ch in event.text:
                self.pick(ch)
            return
        if event.type == pygame.KEYDOWN:
            command = getattr(event, "command", None)
            if event.key == pygame.K_PAUSE:
                self.done()
                return
            if event.key == pygame.K_ESCAPE and command is None:   # the keyboard's Esc (a pad's B deletes)
                self.done()
                return
            if command in ("next", "prev"):                         # the shoulder buttons turn the page
                self.step_page(1 if command == "next" else -1)
                return
            if event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE, pygame.K_ESCAPE,
                                 pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
                return   # a letter key: its letter comes as text input
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_panel(surface, BOX, theme.PANEL_SOLID, theme.ACCENT, width=3)
        theme.draw_text(surface, self.title, (BOX.centerx, BOX.y + 14), theme.LARGE, theme.ACCENT, bold=True,
                        anchor="midtop")
        self._draw_written(surface, pygame.Rect(BOX.centerx - 260, BOX.y + 56, 520, 62))
        self.menu.draw(surface)
        prompt = controls.for_device(
            self.app, N_("Type, or {move}: letter   {act}: pick   Backspace: delete   Esc: done"),
            pad=N_("{move}: letter   {act}: pick   {back}: delete   {pause}: done   {prev} {next}: page"))
        controls.draw_prompt(surface, self.app, prompt, (BOX.centerx, BOX.bottom - 12), theme.SMALL, theme.TEXT_DIM)

    def _draw_written(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What is written: three boxes with the cursor (initials), or a line with a caret (a name)."""
        boxes = getattr(self.target, "letters", None)
        if boxes is not None:
            size = rect.h
            x0 = rect.centerx - (len(boxes) * (size + 12) - 12) // 2
            for i, letter in enumerate(boxes):
                box = pygame.Rect(x0 + i * (size + 12), rect.y, size, size)
                edge = theme.ACCENT if i == self.target.cursor else theme.PANEL_EDGE
                theme.draw_panel(surface, box, (22, 26, 48), edge, radius=8, width=3)
                theme.draw_text(surface, letter, box.center, theme.HEADING, theme.TEXT, bold=True, anchor="center")
            return
        theme.draw_panel(surface, rect, (22, 26, 48), theme.ACCENT, radius=8, width=2)
        caret = "_" if int(self.menu.time * 2) % 2 == 0 else " "
        theme.draw_text(surface, self.target.text + caret, (rect.x + 14, rect.centery), theme.LARGE, theme.TEXT,
                        anchor="midleft")
