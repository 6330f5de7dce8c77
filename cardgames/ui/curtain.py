"""Pass and play: a curtain hides the table between two human players' turns.

A scene with several human seats holds one Curtain (scene.curtain) and
- calls curtain.update(dt) every frame and lets curtain.handle_event(event)
  take events first (True: used);
- draws the table and curtain.draw(surface) instead of the game while
  curtain.down;
- treats it as nobody's move while the curtain is down (human_turn False);
- turns the table to a new viewer in set_viewer(seat), which lift() calls.

The curtain falls only once the player who just moved has seen what their
move did: every animation has landed, then LOOK seconds more. Computer turns
in between are played on the table as usual (the move log tells them again).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cardgames.i18n import N_, said
from cardgames.ui import controls, theme
from cardgames.ui.widgets import draw_wrapped

LOOK = 1.2          # seconds to look at the table after your move before it is hidden
BOX = pygame.Rect(340, 255, 600, 190)
TEXT_MARGIN = 20     # the hint under the name wraps inside the box (two lines at most in every language)


class Curtain:
    def __init__(self, scene: Any, current: Callable[[], int | None] | None = None) -> None:
        self.scene = scene
        self.current = current or (lambda: scene.current)   # whose move it is (None: nobody's)
        self.seat: int | None = None     # the human seat waiting behind the curtain
        self._waited = 0.0

    @property
    def down(self) -> bool:
        return self.seat is not None

    @property
    def active(self) -> bool:
        """This table has several human seats."""
        return len(self.scene.humans) > 1

    def reset(self) -> None:
        self.seat, self._waited = None, 0.0

    def update(self, dt: float) -> None:
        scene = self.scene
        if not self.active or self.down or scene.over:
            self._waited = 0.0
            return
        seat = self.current()
        if seat in scene.humans and seat != scene.viewer and not scene.animator.busy:
            self._waited += dt
            if self._waited >= LOOK:
                self.seat, self._waited = seat, 0.0
                scene.drag.cancel()
        else:
            self._waited = 0.0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.down:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.scene.open_pause()
        elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)):
            self.lift()
        return True

    def lift(self) -> None:
        """The next human is ready: turn the table to them."""
        seat, self.seat = self.seat, None
        if seat is not None:
            self.scene.set_viewer(seat)

    def draw(self, surface: pygame.Surface, colour: theme.Colour = theme.ACCENT) -> None:
        name = self.scene.seat_name(self.seat)
        theme.draw_panel(surface, BOX, theme.PANEL_SOLID, colour, width=3)
        theme.draw_text(surface, said("{name}'s turn", name=name), (BOX.centerx, BOX.y + 40), theme.HEADING,
                        theme.ACCENT, bold=True, anchor="midtop", shadow=True)
        app = self.scene.app
        asks = controls.for_device(app, N_("Pass the computer to {name}, then click or press Enter"),
                                   pad=N_("Pass the controller to {name}, then press {act}"))
        draw_wrapped(surface, said(asks, name=name, act=controls.name(app, "act")),
                     (BOX.x + TEXT_MARGIN, BOX.y + 104), BOX.w - 2 * TEXT_MARGIN, theme.BODY, theme.TEXT, align="center")


def with_hotseat(options: dict[str, Any]) -> dict[str, Any]:
    """The options with "humans" made from the select screen's "hotseat" (how many people play,
    seats 0, 1, ...), unless "humans" is given."""
    options = dict(options)
    if "humans" not in options:
        players = int(options.get("players", 2))
        options["humans"] = tuple(range(max(1, min(int(options.get("hotseat", 1)), players))))
    return options


class PassAndPlay:
    """Mixin for a GameScene (put it first: class MyScene(PassAndPlay, GameScene)): the options'
    "hotseat" humans share the screen, with a Curtain between their turns."""

    curtain_colour: theme.Colour = theme.ACCENT

    def __init__(self, app: Any, options: dict[str, Any], seed: int | None = None,
                 resume: dict[str, Any] | None = None) -> None:
        self.curtain = Curtain(self)
        super().__init__(app, with_hotseat(options), seed, resume)   # type: ignore[call-arg]

    @property
    def human_turn(self) -> bool:
        """Your move: it is a human seat's turn, that seat is the one in front, and no curtain is down."""
        base = super().human_turn      # type: ignore[misc]
        return base and not self.curtain.down and (len(self.humans) < 2 or self.current == self.viewer)

    def curtain_down(self) -> bool:
        return self.curtain.down

    def set_viewer(self, seat: int) -> None:
        """Turn the table so `seat`'s hand is in front (pass and play)."""
        self.viewer = seat
        self._build_board(deal=False)
        self.refresh_moves()

    def update(self, dt: float) -> None:
        super().update(dt)             # type: ignore[misc]
        self.curtain.update(dt)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.curtain.handle_event(event):
            return
        super().handle_event(event)    # type: ignore[misc]

    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain.down:
            self.draw_table(surface)
            self.curtain.draw(surface, self.curtain_colour)
            return
        super().draw(surface)          # type: ignore[misc]

    def restart(self, seed: int | None = None) -> None:
        self.curtain.reset()
        if self.humans and self.viewer != self.humans[0]:
            self.viewer = self.humans[0]
        super().restart(seed)          # type: ignore[misc]
