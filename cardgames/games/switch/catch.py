"""The "last card" catch window of the Switch table, in real time.

The rules keep a missed call catchable until the next player acts (plays,
draws, takes the pick-up or passes). The table makes that a matter of seconds:
- when the next player is a computer, it holds back for HOLD seconds (its move
  lands then), so everyone gets the chance to catch; the countdown shows those
  seconds;
- when the next player is a human, there is no time limit: they may catch
  before they move, however long they take;
- the computer players catch after their reaction time (levels/ai/switch.json),
  if they notice. When you are the one who forgot, the countdown shows the
  soonest a computer may catch you, not the longest the window may last.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames.core.rng import make_rng
from cardgames.games.switch import ai, rules
from cardgames.games.switch.rules import K_CATCH, Action
from cardgames.i18n import N_, _, tr
from cardgames.table import pace
from cardgames.ui import controls, theme

HOLD = pace.CATCH_HOLD   # seconds a computer who plays next waits while a missed call can be caught (one source)


class CatchWindow:
    """Tracks the open window of one scene (scene.window) and draws its countdown."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.key: tuple | None = None     # (exposed seat, move number) of the open window
        self.age = 0.0                    # seconds since it opened

    # ------------------------------------------------------------------ state
    @property
    def exposed(self) -> int | None:
        return self.scene.state.exposed if self.key is not None else None

    @property
    def open(self) -> bool:
        return self.key is not None

    def next_seat(self) -> int:
        return self.scene.state.turn

    def hold(self) -> float | None:
        """How long the window lasts (seconds from its opening), None while a human plays next."""
        return None if self.next_seat() in self.scene.humans else HOLD

    def reset(self) -> None:
        self.key, self.age = None, 0.0

    def track(self, dt: float) -> None:
        """Open a window for a new missed call, let time pass, close it when the rules do."""
        scene = self.scene
        exposed = scene.state.exposed
        if exposed is None:
            self.reset()
            return
        if self.key is None or self.key[0] != exposed:
            self.key, self.age = (exposed, len(scene.actions)), 0.0
            self._schedule(self.key)
        else:
            self.age += dt

    def next_may_move(self) -> bool:
        """Whether the computer who plays next may start its move (its move lands at HOLD)."""
        exposed = self.scene.state.exposed
        if exposed is None:
            return True
        if self.key is None or self.key[0] != exposed:
            return False                  # a window opens this frame
        hold = self.hold()
        return hold is None or self.age >= hold - self.scene.app.ai_delay

    # ------------------------------------------------------------------ the computers catch
    def computer_seats(self) -> list[int]:
        scene = self.scene
        return [s for s in range(scene.players) if s not in scene.humans and s != self.exposed]

    def soonest_catch(self) -> float | None:
        """Seconds from the opening until the quickest computer may catch, or None (no computer)."""
        times = [ai.reaction_time(self.scene.ai_level(s)) for s in self.computer_seats()]
        return min(times) if times else None

    def _schedule(self, key: tuple) -> None:
        scene = self.scene
        for seat in self.computer_seats():
            delay = ai.reaction_time(scene.ai_level(seat))
            scene.scheduler.after(delay, lambda s=seat: self._computer_catch(s, key))

    def _computer_catch(self, seat: int, key: tuple) -> None:
        scene = self.scene
        if self.key != key or scene.over or scene.state.exposed != key[0]:
            return
        rng = make_rng(scene.seed, "catch", seat, key[1])
        action = ai.catch_action(rules.observe(scene.state, seat), rng, scene.ai_level(seat))
        if action is not None and action in rules.out_of_turn_actions(scene.state, seat):
            scene.act(action)

    # ------------------------------------------------------------------ the human catches
    def human_catch(self, viewer: int, target: int | None) -> tuple[Action | None, str]:
        """The catch `viewer` asks for (target None: whoever may be caught): the action, or None
        and the reason it cannot be made."""
        scene = self.scene
        exposed = scene.state.exposed
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
        hold = self.hold()
        app = scene.app     # the controls of the device in use: "(L)", "(double-click or C)", a pad's "(Y)"
        call = controls.text(app, controls.for_device(app, "(L)", pad="({y})"), scene)
        catch = controls.text(app, controls.for_device(app, N_("(double-click or C)"), pad="({y})"), scene)
        if self.exposed == viewer:
            soonest = self.soonest_catch()
            if soonest is not None and self.age < soonest:
                left = soonest - self.age
                return _("Call now! {key}  A computer may catch you in {s}s").format(key=call, s=f"{left:.1f}"), \
                    left / soonest
            if hold is not None:
                left = max(0.0, hold - self.age)
                return _("Call now! {key}  {s}s").format(key=call, s=f"{left:.1f}"), left / hold
            return _("Call now! {key}").format(key=call), None
        if hold is None:
            nxt = self.next_seat()
            if nxt == viewer:
                return _("Catch! {key} before you move").format(key=catch), None
            return _("Catch! {key} before {name} moves").format(key=catch, name=tr(scene.seat_name(nxt))), None
        left = max(0.0, hold - self.age)
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
