"""The "last card" catch window of the Switch table, as its seat is told it.

The rules keep a missed call catchable until the next player acts (plays, draws, takes the
pick-up or passes). The table (cardgames/table/table.py) makes that a matter of seconds on its
own clock, and tells every seat in Update.deadlines (a Deadline of kind "catch"):
- when the next player is a computer, it holds its move until `closes` (pace.CATCH_HOLD seconds
  after the opening), so everyone gets the chance to catch; the countdown shows those seconds;
- when the next player is a human, `closes` is None: they may catch before they move, however
  long they take;
- the computer players catch after their reaction time (levels/ai/switch.json), if they notice,
  at the table. When you are the one who forgot, the countdown shows `soonest`, when a computer
  may first catch you, not the longest the window may last.
This module only shows the window and turns the human's catch into the seat's out-of-turn
action; it keeps no clock of its own beyond following the table's between updates (tick()).
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames.games.switch.rules import K_CATCH, Action
from cardgames.i18n import N_, _, tr
from cardgames.table import pace
from cardgames.table.messages import Deadline
from cardgames.ui import controls, theme

HOLD = pace.CATCH_HOLD   # seconds a computer who plays next waits while a missed call can be caught (one source)


class CatchWindow:
    """The open window of one scene (scene.window), from the viewer's last update; draws its countdown."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self._base: Any = None     # the update the clock was last set from
        self.clock = 0.0           # the table's clock as this view follows it (seconds)

    # ------------------------------------------------------------------ what the table said
    @property
    def deadline(self) -> Deadline | None:
        scene = self.scene
        if not getattr(scene, "seen", None):
            return None
        return next((d for d in scene.latest().deadlines if d.kind == "catch"), None)

    @property
    def open(self) -> bool:
        return self.deadline is not None

    @property
    def exposed(self) -> int | None:
        """The seat that may be caught now (None: nobody)."""
        deadline = self.deadline
        return deadline.seat if deadline is not None else None

    def next_seat(self) -> int:
        return self.scene.observation().turn

    def hold(self) -> float | None:
        """How long the window lasts (seconds from its opening), None while a human plays next."""
        deadline = self.deadline
        if deadline is None or deadline.closes is None:
            return None
        return deadline.closes - deadline.opened

    def soonest_catch(self) -> float | None:
        """Seconds from the opening until the quickest computer may catch, or None (no computer)."""
        deadline = self.deadline
        if deadline is None or deadline.soonest is None:
            return None
        return deadline.soonest - deadline.opened

    @property
    def age(self) -> float:
        """Seconds since the window opened, on the table's clock."""
        deadline = self.deadline
        return max(0.0, self.clock - deadline.opened) if deadline is not None else 0.0

    # ------------------------------------------------------------------ the table's clock, followed
    def tick(self, dt: float, told: bool) -> None:
        """Once a frame, after the scene let the table's clock run `dt` seconds (0: held): each
        update says the table's time (`now`); between updates the clock runs as the scene lets it.
        `told`: an update came in while the clock ran (it stands at that moment)."""
        latest = self.scene.latest() if getattr(self.scene, "seen", None) else None
        if latest is None:
            return
        if told:
            self.clock = latest.now
        elif latest is not self._base:
            self.clock = latest.now + dt
        else:
            self.clock += dt
        self._base = latest

    # ------------------------------------------------------------------ the human catches
    def human_catch(self, viewer: int, target: int | None) -> tuple[Action | None, str]:
        """The catch `viewer` asks for (target None: whoever may be caught): the action (one of the
        seat's out-of-turn actions, sent with act()), or None and the reason it cannot be made."""
        scene = self.scene
        exposed = scene.observation().exposed
        if exposed is None:
            if target is None:
                return None, _("Nobody can be caught now: nobody is left with one card without calling.")
            return None, _("{name} cannot be caught now.").format(name=scene.seat_name(target))
        if target is not None and target != exposed:
            return None, _("{name} cannot be caught now: only {other} can.").format(
                name=scene.seat_name(target), other=tr(scene.seat_name(exposed)))
        if exposed == viewer:
            return None, _("You cannot catch yourself: call \u201cLast card!\u201d (L) before someone catches you.")
        return Action(K_CATCH, viewer, target=exposed), ""

    # ------------------------------------------------------------------ drawing
    def countdown(self, viewer: int) -> tuple[str, float | None]:
        """The countdown's text and how full its bar is (None: no time limit, the bar pulses)."""
        scene = self.scene
        hold, age = self.hold(), self.age
        app = scene.app     # the controls of the device in use: "(L)", "(double-click or C)", a pad's "(Y)"
        call = controls.text(app, controls.for_device(app, "(L)", pad="({y})"), scene)
        catch = controls.text(app, controls.for_device(app, N_("(double-click or C)"), pad="({y})"), scene)
        if self.exposed == viewer:
            soonest = self.soonest_catch()
            if soonest is not None and age < soonest:
                left = soonest - age
                return _("Call now! {key}  A computer may catch you in {s}s").format(key=call, s=f"{left:.1f}"), \
                    left / soonest
            if hold is not None:
                left = max(0.0, hold - age)
                return _("Call now! {key}  {s}s").format(key=call, s=f"{left:.1f}"), left / hold
            return _("Call now! {key}").format(key=call), None
        if hold is None:
            nxt = self.next_seat()
            if nxt == viewer:
                return _("Catch! {key} before you move").format(key=catch), None
            return _("Catch! {key} before {name} moves").format(key=catch, name=tr(scene.seat_name(nxt))), None
        left = max(0.0, hold - age)
        return _("Catch! {key}  {s}s").format(key=catch, s=f"{left:.1f}"), left / hold

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, seat: int, viewer: int) -> None:
        """The countdown under another player's panel (above yours): a bar and its text."""
        text, frac = self.countdown(viewer)
        mine = seat == viewer
        bar = pygame.Rect(rect.x, rect.bottom + 4 if not mine else rect.y - 12, rect.width, 8)
        if frac is None:        # no time limit: a steady pulse
            frac = 0.75 + 0.25 * abs(((self.scene.scheduler.time * 1.5) % 2) - 1)
        pygame.draw.rect(surface, (40, 20, 24), bar, border_radius=4)
        pygame.draw.rect(surface, theme.BAD, (bar.x, bar.y, round(bar.width * frac), bar.height), border_radius=4)
        y = bar.bottom + 3 if not mine else bar.y - 3
        label = theme.text_surface(text, 18, (255, 214, 204), bold=True)
        box = label.get_rect(**{"midtop" if not mine else "midbottom": (rect.centerx, y)}).inflate(14, 6)
        box.clamp_ip(surface.get_rect())
        theme.draw_panel(surface, box, (70, 12, 20, 235), theme.BAD, radius=8)
        surface.blit(label, label.get_rect(center=box.center))
