"""How the screens open one another without importing one another: `app.screens`.

The screens form loops (title -> select -> title, select -> a game -> pause ->
select, a game's summary -> select ...). A screen that leads back to one that
leads to it does not import it: it asks the app, `self.app.screens.select(game)`,
and this module, the one place that imports the screens a loop leads back to
(title, select, pause, confirm), builds it. A screen opens one that cannot lead
back to it (select -> rules, statistics, settings) by importing it. The app
makes its Screens at start-up; no screen imports this module or the app, so the
imports run one way only (tests/test_code_shape.py checks it).
Games are reached by name through cardgames/games/registry.py (GameInfo.scene).

Also here: the first scene of a launch (a game from the command line, or the
title) and the attract mode's director (computer players play the games in turn
until a key or a click brings the title back).
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames.core.rng import new_seed
from cardgames.engine.scene import Scene
from cardgames.games import registry
from cardgames.launch import Launch
from cardgames.scenes.confirm import ConfirmScene
from cardgames.scenes.pause import PauseScene
from cardgames.scenes.select import SelectScene
from cardgames.scenes.title import TitleScene


class Screens:
    """The shell's screens, built for one app; each method returns a new scene (push it)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def first(self) -> Scene:
        """The scene a launch opens: a table on a server (--join, --code), the chosen game (--game), or
        the title screen."""
        launch = self.app.launch
        if launch.join and launch.code:
            from cardgames.ui.join_wait import join_scene
            return join_scene(self.app, launch.join, launch.code)
        if launch.game:
            info = registry.get(launch.game)
            return info.scene_class()(self.app, launch_options(info, launch), launch.seed)
        return self.title()

    def title(self, resting: bool = False) -> Scene:
        """The title screen (`resting`: its animation still until the first input)."""
        return TitleScene(self.app, resting=resting)

    def select(self, game: str | None = None) -> Scene:
        """The game-select screen, on `game` (else the last one played)."""
        return SelectScene(self.app, game=game)

    def pause(self, game_scene: Any) -> Scene:
        """The pause overlay over `game_scene`."""
        return PauseScene(self.app, game_scene)

    def confirm(self, *args: Any, **kwargs: Any) -> Scene:
        """The shared yes/no dialog (cardgames/scenes/confirm.py: ConfirmScene's arguments)."""
        return ConfirmScene(self.app, *args, **kwargs)

    def demo(self, game: str | None = None, once: bool = False) -> Scene:
        """Start the attract mode (of `game`, else every available game in turn): its first scene.
        `once`: one deal, then the title at rest (the title's own attract mode: a window left open
        comes to rest)."""
        return DemoDirector(self.app, game, once).start()


def launch_options(info: Any, launch: Launch, demo: bool = False) -> dict[str, Any]:
    """The game's default options with the command line's --players/--level applied."""
    options = info.default_options()
    if launch.players is not None and "players" in options:
        options["players"] = launch.players
    if launch.level is not None and "level" in options:
        options["level"] = launch.level
    if demo:
        options["humans"] = ()
    return options


class _Placeholder(Scene):
    """Shown when the attract mode has no game to play (never in a finished build)."""

    def __init__(self, app: Any, text: str) -> None:
        super().__init__(app)
        self.text = text

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((12, 40, 28))
        label = self.app.assets.font(32).render(self.text, True, (240, 240, 230))
        surface.blit(label, label.get_rect(center=surface.get_rect().center))


class DemoDirector:
    """Attract mode: computer players play the chosen game, or every available game in turn,
    a new deal each time, until a key or a click stops it (then the title screen opens)."""

    NEXT_AFTER = 4.0  # seconds the finished table stays on screen

    def __init__(self, app: Any, game: str | None, once: bool = False) -> None:
        self.app = app
        self.once = once
        self.games = [registry.get(game)] if game else [g for g in registry.GAMES if g.available]
        self.index = -1
        self._next_in: float | None = None  # seconds until the next game, once one ended
        self._started = False

    def start(self) -> Scene:
        self.app.demo = self
        if not self.games:
            self.app.demo = None
            return _Placeholder(self.app, "No game is available for the demo yet")
        return self._next_scene()

    def _next_scene(self) -> Scene:
        self.index = (self.index + 1) % len(self.games)
        info = self.games[self.index]
        first = not self._started
        self._started = True
        seed = self.app.launch.seed if (first and self.app.launch.seed is not None) else new_seed()
        self._next_in = None
        return info.scene_class()(self.app, launch_options(info, self.app.launch, demo=True), seed)

    def game_over(self) -> None:
        """A game scene calls this when its game ends during the demo."""
        self._next_in = self.NEXT_AFTER

    def update(self, dt: float) -> None:
        if self._next_in is not None:
            self._next_in -= dt
            if self._next_in <= 0 and self.once:   # nobody watched: the title, at rest
                self.app.demo = None
                self.app.stack.reset(self.app.screens.title(resting=True))
            elif self._next_in <= 0:
                self.app.stack.reset(self._next_scene())

    def stop(self) -> None:
        self.app.demo = None
        self.app.stack.reset(self.app.screens.title())
