"""The player-names screen (opened by "Player names..." on the select screen).

Two columns of text fields: the human seats (one player, or up to four in
pass and play) and the computer players, first computer seat first. Typing
edits the focused field, Backspace deletes, Up/Down/Tab/Enter move between
fields, a click picks one, Esc or "Done" goes back. A field's name is all
selected when the field takes the focus: the first letter typed replaces it.
On a gamepad, A on a field (or a click on "Letters...") opens the on-screen
letter picker for it (ui/letter_picker.py): every language's letters.
Every change is written to the settings at once (settings["player_names"],
settings["computer_names"]: lists of strings, see cardgames/names.py); an
empty field means the default name.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames import names
from cardgames.engine.scene import Scene
from cardgames.i18n import N_, _
from cardgames.scenes.common import backdrop, draw_header, draw_hints, play
from cardgames.ui import controls, theme
from cardgames.ui.letter_picker import LetterPicker

FIELD_W, FIELD_H, FIELD_GAP = 360, 40, 8
HUMAN_X, COMPUTER_X, TOP = 120, 700, 150
DONE = pygame.Rect(540, 600, 200, 54)
LETTERS = pygame.Rect(300, 600, 220, 54)   # "Letters...": the on-screen letter picker
SELECTION = (50, 90, 170)   # behind a selected name


class NameField:
    def __init__(self, rect: tuple[int, int, int, int], label: str, text: str, placeholder: str) -> None:
        self.rect = pygame.Rect(rect)
        self.label, self.text, self.placeholder = label, text, placeholder
        self.selected = False   # the whole name is selected: typing replaces it, Backspace clears it

    def select_all(self) -> None:
        self.selected = bool(self.text)

    def type(self, text: str) -> bool:
        """Add `text` (replacing the selected name); False (nothing added) past MAX_LENGTH."""
        base = "" if self.selected else self.text
        self.selected = False
        joined = (base + text).replace("\n", "")
        self.text = joined[:names.MAX_LENGTH]
        return len(joined) <= names.MAX_LENGTH

    def back(self) -> None:
        self.text = "" if self.selected else self.text[:-1]
        self.selected = False


class NamesScene(Scene):
    def __init__(self, app: Any, humans: int = 1) -> None:
        """`humans`: how many people the select screen's game has at the table now; with more than
        one, the first seat's default name is "Player 1" (names.human_default), not "You"."""
        super().__init__(app)
        s = app.settings
        own = s.get("player_names") if names.is_name_list(s.get("player_names")) else []
        bots = s.get("computer_names") if names.is_name_list(s.get("computer_names")) else list(names.COMPUTER_NAMES)
        first = N_("You (playing alone)") if humans == 1 else _("Player {n}").format(n=1)
        self.humans = [NameField((HUMAN_X, TOP + k * (FIELD_H + FIELD_GAP), FIELD_W, FIELD_H),
                                 _("Player {n}").format(n=k + 1), own[k] if k < len(own) else "",
                                 first if k == 0 else _("Player {n}").format(n=k + 1))
                       for k in range(names.HUMAN_SEATS)]
        self.computers = [NameField((COMPUTER_X, TOP + k * (FIELD_H + FIELD_GAP), FIELD_W, FIELD_H),
                                    _("Computer {n}").format(n=k + 1), bots[k] if k < len(bots) else "", names.COMPUTER_NAMES[k])
                          for k in range(len(names.COMPUTER_NAMES))]
        self.fields = self.humans + self.computers
        self.focus = 0
        self.fields[0].select_all()
        self.time = 0.0

    # Changes ---------------------------------------------------------------------
    def save(self) -> None:
        """Write both lists (a fresh list each time; the defaults are never changed in place)."""
        self.app.settings["player_names"] = [names.clean(f.text) for f in self.humans]
        self.app.settings["computer_names"] = [names.clean(f.text) or f.placeholder for f in self.computers]
        self.app.save_settings()

    def type(self, text: str) -> None:
        if not self.fields[self.focus].type(text):
            play(self.app, "invalid")
        self.save()

    def erase(self) -> None:
        self.fields[self.focus].back()
        self.save()

    def move(self, step: int) -> None:
        self.focus_on((self.focus + step) % len(self.fields))

    def focus_on(self, index: int) -> None:
        """The focus to field `index`, its name all selected (the first letter typed replaces it)."""
        if index != self.focus:
            self.fields[self.focus].selected = False
            self.focus = index
            self.fields[index].select_all()

    def pick_letters(self) -> None:
        """The on-screen letter picker for the focused field (a pad's A, or "Letters...")."""
        field = self.fields[self.focus]
        self.stack.push(LetterPicker(self.app, field, field.label, on_change=self.save))

    def done(self) -> None:
        for f in self.fields:
            f.text = names.clean(f.text)
        self.save()
        self.stack.pop()

    # Frame -------------------------------------------------------------------------
    def on_enter(self) -> None:
        pygame.key.start_text_input()

    def on_exit(self) -> None:
        pygame.key.stop_text_input()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            self.type(event.text)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.done()
            elif event.key == pygame.K_BACKSPACE:
                self.erase()
            elif getattr(event, "command", None) == "act":   # a pad's A: letters to pick from
                self.pick_letters()
            elif event.key in (pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.move(1)
            elif event.key == pygame.K_TAB:
                self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            elif event.key == pygame.K_UP:
                self.move(-1)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):   # jump between the columns
                column = self.humans if self.focus >= len(self.humans) else self.computers
                row = self.focus % len(self.humans) if self.focus < len(self.humans) else \
                    min(self.focus - len(self.humans), len(self.humans) - 1)
                self.focus_on(self.fields.index(column[min(row, len(column) - 1)]))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if DONE.collidepoint(event.pos):
                self.done()
                return
            if LETTERS.collidepoint(event.pos):
                self.pick_letters()
                return
            for i, f in enumerate(self.fields):
                if f.rect.collidepoint(event.pos):
                    self.focus_on(i)

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(), (0, 0))
        draw_header(surface, "Player names", subtitle=N_("shown at every table and in the summaries"))
        theme.draw_text(surface, "Players (one, or pass and play)", (HUMAN_X, TOP - 34), theme.BODY, theme.ACCENT,
                        bold=True)
        theme.draw_text(surface, "Computer players", (COMPUTER_X, TOP - 34), theme.BODY, theme.ACCENT, bold=True)
        for i, f in enumerate(self.fields):
            theme.draw_text(surface, f.label, (f.rect.x - 12, f.rect.centery), theme.SMALL, theme.TEXT_DIM,
                            anchor="midright")
            theme.draw_panel(surface, f.rect, theme.PANEL_SOLID, theme.ACCENT if i == self.focus else theme.PANEL_EDGE,
                             radius=8, width=2)
            shown, colour = (f.text, theme.TEXT) if f.text else (f.placeholder, theme.TEXT_DIM)
            if f.selected:        # all selected: the name on the selection's colour
                size = theme.font(theme.BODY).size(shown)
                surface.fill(SELECTION, pygame.Rect(f.rect.x + 10, f.rect.centery - size[1] // 2 - 2, size[0] + 4,
                                                    size[1] + 4))
            rect = theme.draw_text(surface, shown, (f.rect.x + 12, f.rect.centery), theme.BODY, colour,
                                   anchor="midleft")
            if i == self.focus and not f.selected and int(self.time * 2) % 2 == 0:      # the blinking caret
                x = rect.right + 2 if f.text else f.rect.x + 12
                pygame.draw.line(surface, theme.ACCENT, (x, f.rect.y + 8), (x, f.rect.bottom - 8), 2)
        theme.draw_panel(surface, LETTERS, theme.BUTTON, None, radius=theme.RADIUS)
        theme.draw_text(surface, N_("Letters..."), LETTERS.center, theme.BODY, theme.TEXT, bold=True, anchor="center")
        theme.draw_panel(surface, DONE, theme.BUTTON_PRIMARY, None, radius=theme.RADIUS)
        theme.draw_text(surface, "Done", DONE.center, theme.LARGE, theme.TEXT_DARK, bold=True, anchor="center")
        theme.draw_text(surface, _("An empty field keeps the name shown in grey. Up to {n} letters.").format(n=names.MAX_LENGTH),
                        (640, DONE.y - 40), theme.SMALL, theme.TEXT_DIM, anchor="midtop")
        keys = N_("Type a name   Up/Down/Tab/Enter: next field   Left/Right: other column   Esc: done")
        pad = N_("{updown}: field   {leftright}: other column   {act}: letters   {back}: done")
        draw_hints(surface, controls.for_device(self.app, keys, pad=pad), self.app)
