"""The quick messages' picker over an online game: "Good game", "Your turn", "Oops", "Well played".

Opened by the table's "Say…" button, the Q key or the pad (the focus ring reaches the button);
a choice sends lobby.Say (the server passes it to everyone at most once every few seconds), Esc
closes it. The words are lobby.PHRASES translated here (PHRASE_TEXTS): the
message itself carries only the phrase's number. Over the game like the pause overlay: while
it is open the game's screen waits (the table goes on at the server; nothing is lost).
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames import config
from cardgames.engine.scene import Scene
from cardgames.i18n import N_
from cardgames.table.lobby import PHRASES
from cardgames.ui import theme
from cardgames.ui.widgets import Button, Menu

W, H = config.CANVAS_SIZE
TITLE = N_("Quick message")
PHRASE_TEXTS = {"good_game": N_("Good game"), "your_turn": N_("Your turn"), "oops": N_("Oops"),
                "well_played": N_("Well played")}


def phrase_text(phrase: int) -> str:
    """A quick message's words (to be translated when drawn), or "" for a number out of range."""
    return PHRASE_TEXTS.get(PHRASES[phrase], "") if 0 <= phrase < len(PHRASES) else ""


class QuickMessages(Scene):
    overlay = True
    dims_below = True
    changes_by_itself = False
    announces_changes = True

    def __init__(self, app: Any, game: Any) -> None:
        super().__init__(app)
        self.game = game
        self.box = pygame.Rect((W - 420) // 2, 150, 420, 120 + 66 * len(PHRASES))
        x, w = self.box.x + 40, self.box.width - 80
        self.buttons = [Button((x, self.box.y + 90 + i * 66, w, 54), phrase_text(i), self._say(i), primary=i == 0)
                        for i in range(len(PHRASES))]
        self.menu = Menu(self.buttons, on_back=self.close, sound=getattr(app, "play_sound", None))

    def _say(self, phrase: int) -> Any:
        def send() -> None:
            self.close()
            self.game.say(phrase)
        return send

    def close(self) -> None:
        if self.stack.top is self:
            self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_q:
            self.close()
            return
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)
        self.game.poll_lobby()      # drops and messages show under the picker too

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_panel(surface, self.box, theme.PANEL_SOLID, theme.ACCENT, width=3)
        theme.draw_text(surface, TITLE, (self.box.centerx, self.box.y + 24), theme.BODY, theme.ACCENT, bold=True,
                        anchor="midtop")
        self.menu.draw(surface)
