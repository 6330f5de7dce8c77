"""The pause overlay (Esc in a game): resume, restart, rules, settings, quit to menu.

It is an overlay: the game stays visible, dimmed, and frozen (the stack gives
it no updates, so its clock, animations and computer players all stop).
Restart asks for a second press, since it abandons the game in progress.
Quitting to the menu keeps the game: the game scene autosaves when it leaves
the stack, and "Continue" on the menu picks it up.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames import config
from cardgames.engine.scene import Scene
from cardgames.ui import theme
from cardgames.ui.widgets import Button, Menu

W, H = config.CANVAS_SIZE
BOX = pygame.Rect((W - 460) // 2, 110, 460, 500)
CONFIRM_SECONDS = 3.0

_dim: pygame.Surface | None = None


def dim_surface() -> pygame.Surface:
    """A black sheet at 60% opacity. A plain surface with a surface alpha blits much faster than
    a per-pixel-alpha one, which matters for a full-screen layer drawn every frame."""
    global _dim
    if _dim is None:
        _dim = pygame.Surface(config.CANVAS_SIZE)
        _dim.fill((4, 6, 14))
        _dim.set_alpha(160)
    return _dim


class PauseScene(Scene):
    overlay = True
    changes_by_itself = False  # drawn on input, while the focus ring pulses, while "Restart" asks to confirm

    def __init__(self, app, game_scene: Any) -> None:
        super().__init__(app)
        self.game = game_scene
        info = getattr(game_scene, "info", None)
        self.title = getattr(info, "title", "Game")
        self.game_name = getattr(info, "name", None)
        self.confirm_left = 0.0  # > 0: Restart was pressed once and waits for a second press
        x, w = BOX.x + 40, BOX.width - 80
        entries = [("Resume", self.resume, True), ("Restart", self.restart, False), ("Rules", self.rules, False),
                   ("Settings", self.settings, False), ("Quit to menu", self.quit_to_menu, False)]
        self.buttons = [Button((x, BOX.y + 118 + i * 70, w, 56), text, fn, primary=primary)
                        for i, (text, fn, primary) in enumerate(entries)]
        self.restart_button = self.buttons[1]
        self.rules_button = self.buttons[2]
        self.rules_button.enabled = self.game_name is not None
        self.menu = Menu(self.buttons, on_back=self.resume, sound=getattr(app, "play_sound", None))

    # Actions ---------------------------------------------------------------------
    def resume(self) -> None:
        self.stack.pop()

    def restart(self) -> None:
        if self.confirm_left <= 0:
            self.confirm_left = CONFIRM_SECONDS
            self.restart_button.text = "Restart: press again"
            return
        self.stack.pop()
        self.game.restart()  # a new deal with the same options; it clears the old autosave

    def rules(self) -> None:
        from cardgames.scenes.rules import RulesScene

        self.stack.push(RulesScene(self.app, self.game_name))

    def settings(self) -> None:
        from cardgames.scenes.settings import SettingsScene

        self.stack.push(SettingsScene(self.app))

    def quit_to_menu(self) -> None:
        from cardgames.scenes.select import SelectScene

        self.stack.reset(SelectScene(self.app, game=self.game_name))  # the game autosaves on exit

    # Frame -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_p:
            self.resume()
            return
        self.menu.handle_event(event)

    def changing(self) -> bool:
        return super().changing() or self.confirm_left > 0

    def update(self, dt: float) -> None:
        self.menu.update(dt)
        if self.confirm_left > 0:
            self.confirm_left -= dt
            if self.confirm_left <= 0 or self.menu.focused is not self.restart_button:
                self.confirm_left = 0.0
                self.restart_button.text = "Restart"

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(dim_surface(), (0, 0))
        theme.draw_panel(surface, BOX, theme.PANEL_SOLID, theme.ACCENT, width=3)
        theme.draw_text(surface, "PAUSED", (BOX.centerx, BOX.y + 22), theme.HEADING, theme.ACCENT, bold=True,
                        anchor="midtop", shadow=True)
        theme.draw_text(surface, self.title, (BOX.centerx, BOX.y + 74), theme.BODY, theme.TEXT_DIM, anchor="midtop")
        self.menu.draw(surface)
        # the hint goes inside the box: the game's own bottom line is still visible under the dim
        theme.draw_text(surface, "Up/Down: choose   Enter: select   Esc: resume", (BOX.centerx, BOX.bottom - 12),
                        theme.SMALL, theme.TEXT_DIM, anchor="midbottom")
