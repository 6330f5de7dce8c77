"""The pause overlay (Esc in a game): resume, restart, rules, settings, quit to menu; in a practice game
(the game's undo_offered) "Undo last move" too, lit while the game's can_undo.

It is an overlay: the game stays visible, dimmed, and frozen (the stack gives
it no updates, so its clock, animations and computer players all stop).
Restart asks first (the shared confirm dialog) when it would abandon a hand in progress.
Quitting to the menu keeps the game: the game scene autosaves when it leaves
the stack, and "Continue" on the menu picks it up.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames import config
from cardgames.engine.scene import Scene
from cardgames.i18n import N_
from cardgames.ui import controls, theme
from cardgames.ui.widgets import Button, Menu

W, H = config.CANVAS_SIZE
BOX = pygame.Rect((W - 460) // 2, 110, 460, 500)   # five entries; each more makes it ENTRY_STEP taller
ENTRY_STEP = 70

class PauseScene(Scene):
    overlay = True
    changes_by_itself = False  # drawn on input and while the focus ring pulses (Scene.changing)
    announces_changes = True   # its changing() covers every change: audited rarely (engine/redraw.py)
    dims_below = True

    def __init__(self, app, game_scene: Any) -> None:
        super().__init__(app)
        self.game = game_scene
        info = getattr(game_scene, "info", None)
        self.title = getattr(info, "title", "Game")
        self.game_name = getattr(info, "name", None)
        entries = [(N_("Resume"), self.resume, True), (N_("Restart"), self.restart, False),
                   (N_("Rules"), self.rules, False), (N_("Settings"), self.settings, False),
                   (N_("Quit to menu"), self.quit_to_menu, False)]
        practice = bool(getattr(game_scene, "undo_offered", False))
        if practice:
            entries.insert(1, (N_("Undo last move"), self.undo, False))
        height = BOX.height + (len(entries) - 5) * ENTRY_STEP
        self.box = pygame.Rect(BOX.x, min(BOX.y, (H - height) // 2), BOX.width, height)
        x, w = self.box.x + 40, self.box.width - 80
        self.buttons = [Button((x, self.box.y + 118 + i * ENTRY_STEP, w, 56), text, fn, primary=primary)
                        for i, (text, fn, primary) in enumerate(entries)]
        self.undo_button = self.buttons[1] if practice else None
        if self.undo_button is not None:
            self.undo_button.enabled = bool(game_scene.can_undo)
        self.restart_button = self.buttons[2 if practice else 1]
        self.restart_button.enabled = not getattr(game_scene, "online", False)   # a table on a server deals again
        #                                                                       only when everyone asks (its summary)
        self.rules_button = self.buttons[3 if practice else 2]
        self.rules_button.enabled = self.game_name is not None
        self.menu = Menu(self.buttons, on_back=self.resume, sound=getattr(app, "play_sound", None))

    # Actions ---------------------------------------------------------------------
    def resume(self) -> None:
        self.stack.pop()

    def undo(self) -> None:
        """Back to the game with the last move taken back (the game says why when it cannot)."""
        self.stack.pop()
        self.game.undo()

    def restart(self) -> None:
        if not _in_progress(self.game):
            self.restart_now()
            return
        self.stack.push(self.app.screens.confirm(N_("Restart?"), N_("The game in progress will be lost."),
                                                 N_("Restart"), on_yes=self.restart_now))

    def restart_now(self) -> None:
        self.stack.pop()
        self.game.restart()  # a new deal with the same options; it clears the old autosave

    def rules(self) -> None:
        from cardgames.scenes.rules import RulesScene

        self.stack.push(RulesScene(self.app, self.game_name))

    def settings(self) -> None:
        from cardgames.scenes.settings import SettingsScene

        self.stack.push(SettingsScene(self.app))

    def quit_to_menu(self) -> None:
        self.stack.reset(self.app.screens.select(game=self.game_name))  # the game autosaves on exit

    # Frame -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_p, pygame.K_PAUSE):
            self.resume()
            return
        self.menu.handle_event(event)

    def update(self, dt: float) -> None:
        self.menu.update(dt)
        getattr(self.game, "poll_lobby", lambda: None)()   # online: the table goes on; drops are told at once

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        theme.draw_panel(surface, box, theme.PANEL_SOLID, theme.ACCENT, width=3)
        theme.draw_text(surface, "PAUSED", (box.centerx, box.y + 22), theme.HEADING, theme.ACCENT, bold=True,
                        anchor="midtop", shadow=True)
        theme.draw_text(surface, self.title, (box.centerx, box.y + 74), theme.BODY, theme.TEXT_DIM, anchor="midtop")
        self.menu.draw(surface)
        # the hint goes inside the box: the game's own bottom line is still visible under the dim
        controls.draw_prompt(surface, self.app, "{move}: choose   {act}: select   {back}: resume",
                             (box.centerx, box.bottom - 12), theme.SMALL, theme.TEXT_DIM)


def _in_progress(game: Any) -> bool:
    """Whether the game has moves a restart would throw away (not over, someone has played)."""
    return bool(getattr(game, "actions", None)) and not getattr(game, "over", False)
