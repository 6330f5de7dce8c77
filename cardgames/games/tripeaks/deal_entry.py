"""TriPeaks on the select screen: "Play deal #..." (a number entry) and "Daily challenge" (the calendar).

select_buttons(select_scene) gives the select screen its two extra buttons
(GameInfo.select_buttons names it for the select screen). DealEntryScene is the
number entry, over the select screen: type the digits (or click them on the
keypad, or reach them with the arrows), Backspace takes one back; typing
puts the focus on "Play", so digits then Enter deal that number in the mode chosen on the select screen, Esc
cancels. A bad entry says why and keeps what was typed. In Arcade a row under the keypad says on which
level the deal is played (the level an Arcade game would open on) and Left/Right choose another
unlocked one. Over a saved game of the same mode it asks first, as Start does.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames.engine.scene import Scene
from cardgames.games.tripeaks import deals, levels
from cardgames.i18n import N_, _, format_number, tr
from cardgames.ui import controls, theme
from cardgames.ui.widgets import Button, Cycler, Menu

W, H = 1280, 720
BOX = pygame.Rect((W - 520) // 2, 50, 520, 620)
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)} | {
    getattr(pygame, f"K_KP{d}", -1 - d): str(d) for d in range(10)}
MAX_DIGITS = len(str(deals.DEAL_MAX))
MODE_NAMES = {"arcade": N_("Arcade"), "classic": N_("Classic"), "relaxed": N_("Relaxed")}


def select_buttons(select: Any) -> list[tuple[str, Any]]:
    """The select screen's extra buttons for TriPeaks."""
    def calendar() -> None:
        from cardgames.games.tripeaks.daily import CalendarScene

        select.stack.push(CalendarScene(select.app))

    return [(N_("Play deal #..."), lambda: select.stack.push(DealEntryScene(select.app, select))),
            (N_("Daily challenge"), calendar)]


class DealEntryScene(Scene):
    overlay = True
    dims_below = True   # the table under it is dimmed (engine/scene.py: laid once by the app)

    def __init__(self, app: Any, select: Any) -> None:
        super().__init__(app)
        self.select = select
        self.text = ""
        self.error = ""
        self.mode = str(select.options.get("mode", "arcade"))
        self.level = self._level_row() if self.mode == "arcade" else None
        size, gap = 92, 12
        key_h, y0 = (52, BOX.y + 184) if self.level is not None else (60, BOX.y + 200)   # the level row's room
        x0 = BOX.centerx - (3 * size + 2 * gap) // 2
        labels = ["1", "2", "3", "4", "5", "6", "7", "8", "9", N_("Del"), "0", N_("Clear")]
        self.keys = []
        for i, label in enumerate(labels):
            row, col = divmod(i, 3)
            rect = (x0 + col * (size + gap), y0 + row * (key_h + gap), size, key_h)
            self.keys.append(Button(rect, label, lambda label=label: self.press(label), px=theme.LARGE
                                    if label.isdigit() else theme.BODY))
        self.play_button = Button((BOX.x + 40, BOX.bottom - 100, 210, 54), "Play", self.play, primary=True,
                                  px=theme.BODY)
        self.cancel_button = Button((BOX.right - 250, BOX.bottom - 100, 210, 54), "Cancel", self.cancel,
                                    px=theme.BODY)
        rows = [self.level] if self.level is not None else []
        self.menu = Menu(self.keys + rows + [self.play_button, self.cancel_button], on_back=self.cancel,
                         sound=getattr(app, "play_sound", None))
        self.menu.set_focus(self.play_button)

    def _level_row(self) -> Cycler | None:
        """Arcade: "Level   < 3. Peaks at Dawn >", the unlocked levels, on the one a game would open on."""
        entries = levels.load_levels()
        stats = self.app.storage.stats("tripeaks")
        choices = [(e.id, f"{n}. {tr(e.level.name)}") for n, e in enumerate(entries, 1)
                   if e in levels.playable(entries, stats)]
        first = levels.pick_level(entries, stats)
        if not choices or first is None:
            return None
        return Cycler((BOX.x + 40, BOX.y + 436, BOX.width - 80, 46), N_("Level"), choices, first.id, px=theme.BODY)

    # ---------------------------------------------------------- editing
    def press(self, label: str) -> None:
        self.error = ""
        if label == "Del":
            self.text = self.text[:-1]
        elif label == "Clear":
            self.text = ""
        elif len(self.text) < MAX_DIGITS:
            self.text = (self.text + label).lstrip("0")
        else:
            self.error = _("Deal numbers have at most {n} digits.").format(n=MAX_DIGITS)

    def play(self) -> None:
        try:
            number = deals.parse_number(self.text)
        except ValueError as exc:
            self.error = exc.args[0] if exc.args else str(exc)   # drawn through tr: the player's language
            self.app.play_sound("invalid")
            return
        select = self.select
        self.stack.pop()
        options = dict(select.options, deal=number)
        if self.level is not None:
            options["level_id"] = self.level.value   # dealt on this level (no level list first)
        select.start(lambda: select._open(lambda cls: cls(self.app, options, seed=number)))

    def cancel(self) -> None:
        self.stack.pop()

    # ---------------------------------------------------------- frame
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            digit = DIGIT_KEYS.get(event.key) or (event.unicode if event.unicode.isdigit() else "")
            if digit:
                self.press(digit)
                self.menu.set_focus(self.play_button)   # typed digits, then Enter: play
                return
            if event.key == pygame.K_BACKSPACE:
                self.press("Del")
                return
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_panel(surface, BOX, theme.PANEL_SOLID, theme.ACCENT, width=3)
        theme.draw_text(surface, "PLAY DEAL #", (BOX.centerx, BOX.y + 18), theme.HEADING, theme.ACCENT, bold=True,
                        anchor="midtop", shadow=True)
        if self.level is not None:
            caption = _("The same number deals the same cards, on the level below")
        else:
            caption = _("The same number deals the same cards, in {mode} mode").format(
                mode=tr(MODE_NAMES.get(self.mode, N_("any"))))
        theme.draw_text(surface, caption, (BOX.centerx, BOX.y + 74), theme.SMALL, theme.TEXT_DIM, anchor="midtop")
        field = pygame.Rect(BOX.x + 60, BOX.y + 104, BOX.width - 120, 64)
        pygame.draw.rect(surface, (22, 26, 48), field, border_radius=10)
        pygame.draw.rect(surface, theme.FOCUS, field, width=2, border_radius=10)
        shown = f"#{format_number(int(self.text))}" if self.text else "#"
        caret = "_" if int(self.menu.time * 2) % 2 == 0 else " "
        theme.draw_text(surface, shown + caret, field.center, theme.HEADING, theme.TEXT, bold=True, anchor="center")
        if self.error:
            theme.draw_text(surface, self.error, (BOX.centerx, field.bottom + 2), theme.SMALL, theme.BAD,
                            anchor="midtop")
        self.menu.draw(surface)
        prompt = controls.for_device(self.app, N_("Type the digits · Enter: play · Esc: cancel"),
                                     pad=N_("{move}: choose   {act}: press   {back}: cancel"))
        controls.draw_prompt(surface, self.app, prompt, (BOX.centerx, BOX.bottom - 14), theme.SMALL, theme.TEXT_DIM)
