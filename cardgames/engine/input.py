"""Mouse drag-and-drop and keyboard focus, over a board of card sprites.

DragController turns raw mouse events into three things a game cares about:
- click(sprite, pile): a press and release without moving more than
  `threshold` pixels (click-to-play);
- drop(sprite, pile, action): the card was dragged and released over a pile
  that `targets(sprite)` listed as legal (those piles glow while dragging);
- a drag released anywhere else: the card flies back home and
  invalid(sprite) is called (for the "invalid" sound).
It needs a board (hit_test, pile_at, pile_rect, set_highlight), sprites with
pos / rect / begin_drag() / end_drag() / go_home(), an animator, and a
handler with targets / drop / click / invalid; GameScene is that handler.

FocusRing is keyboard focus over any set of keys (sprites, pile names,
buttons): arrows move to the nearest item in that direction, Tab and
Shift+Tab step through the list, Enter/Space activate. It becomes visible on
the first key press and hides again when the mouse moves.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Protocol

import pygame

from cardgames.engine.tween import Tween, out_quad

DRAG_THRESHOLD = 6  # canvas pixels a press must travel to become a drag


class DragHandler(Protocol):
    def targets(self, sprite: Any) -> dict[str, Any]: ...             # pile name -> action; empty: no drag
    def drop(self, sprite: Any, pile: str, action: Any) -> None: ...
    def click(self, sprite: Any | None, pile: str | None) -> None: ...
    def invalid(self, sprite: Any) -> None: ...


class DragController:
    def __init__(self, board: Any, handler: DragHandler, animator: Any, threshold: int = DRAG_THRESHOLD) -> None:
        self.board = board
        self.handler = handler
        self.animator = animator
        self.threshold = threshold
        self.pressed = False
        self.press_pos = (0, 0)
        self.sprite: Any = None        # the sprite under the press
        self.pile: str | None = None   # the pile under the press
        self.dragging = False
        self.moved = False             # travelled past the threshold (so it is no click)
        self.offset = (0.0, 0.0)       # pointer minus the sprite's top-left
        self.targets: dict[str, Any] = {}
        self.hover: str | None = None  # the legal target the card would drop on now

    def cancel(self) -> None:
        """Abandon a press or drag (e.g. the turn passed to someone else); the card goes home."""
        if self.dragging and self.sprite is not None:
            self._send_home()
        self._reset()

    def _reset(self) -> None:
        self.pressed = self.dragging = self.moved = False
        self.sprite, self.pile, self.hover, self.targets = None, None, None, {}

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Feed a canvas-mapped mouse event; True when it was used."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._reset()
            self.pressed = True
            self.press_pos = event.pos
            self.sprite = self.board.hit_test(event.pos)
            self.pile = self.sprite.pile if self.sprite is not None else self.board.pile_at(event.pos)
            return True
        if event.type == pygame.MOUSEMOTION and self.pressed:
            if not self.moved:
                dx, dy = event.pos[0] - self.press_pos[0], event.pos[1] - self.press_pos[1]
                if dx * dx + dy * dy < self.threshold * self.threshold:
                    return True
                self.moved = True
                self._start_drag()
            if self.dragging:
                self._follow(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            if self.dragging:
                self._follow(event.pos)
                self._release()
            elif not self.moved:
                sprite, pile = self.sprite, self.pile
                self._reset()
                self.handler.click(sprite, pile)
            self._reset()
            return True
        return False

    def _start_drag(self) -> None:
        if self.sprite is None:
            return
        self.targets = dict(self.handler.targets(self.sprite))
        if not self.targets:
            return
        self.animator.finish_all()  # the board settles before a card leaves it
        self.dragging = True
        s = self.sprite
        s.begin_drag()
        self.offset = (self.press_pos[0] - s.pos[0], self.press_pos[1] - s.pos[1])
        self.animator.play(Tween(s, "lift", 1.0, 0.1, out_quad))
        self.board.set_highlight(self.targets)

    def _follow(self, pos: tuple[int, int]) -> None:
        s = self.sprite
        s.pos = (pos[0] - self.offset[0], pos[1] - self.offset[1])
        self.hover = self._target_at(pos)
        self.board.set_highlight(self.targets, hover=self.hover)

    def _target_at(self, pos: tuple[int, int]) -> str | None:
        """The legal pile under the pointer, else the legal pile the card overlaps most."""
        under = self.board.pile_at(pos, exclude=self.sprite)
        if under in self.targets:
            return under
        card = self.sprite.rect
        best, best_area = None, 0
        for name in self.targets:
            if name not in self.board.piles:
                continue
            overlap = card.clip(self.board.pile_rect(name))
            area = overlap.width * overlap.height
            if area > best_area:
                best, best_area = name, area
        return best

    def _release(self) -> None:
        s, target = self.sprite, self.hover
        action = self.targets.get(target) if target is not None else None
        self.board.set_highlight(())
        if target is not None:
            s.end_drag()
            self._reset()
            self.handler.drop(s, target, action)
        else:
            self._send_home()
            self._reset()
            self.handler.invalid(s)

    def _send_home(self) -> None:
        s = self.sprite
        s.end_drag()
        self.animator.play(s.go_home())
        self.board.set_highlight(())


Direction = tuple[int, int]
KEY_DIRECTIONS: dict[int, Direction] = {
    pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1),
}
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class FocusRing:
    """Keyboard focus over `keys`; rect_of(key) tells where each one is now (None: not shown)."""

    COLOUR = (90, 200, 255)

    def __init__(self, rect_of: Callable[[Hashable], pygame.Rect | None]) -> None:
        self.rect_of = rect_of
        self.keys: list[Hashable] = []
        self.current: Hashable | None = None
        self.visible = False

    def set_keys(self, keys: list[Hashable]) -> None:
        """New focusable items; focus stays on the same key, else moves to the nearest one."""
        old_rect = self.rect_of(self.current) if self.current is not None else None
        self.keys = [k for k in keys if self.rect_of(k) is not None]
        if self.current in self.keys:
            return
        if not self.keys:
            self.current = None
        elif old_rect is None:
            self.current = self.keys[0]
        else:
            self.current = min(self.keys, key=lambda k: _distance(self.rect_of(k).center, old_rect.center))

    def handle_event(self, event: pygame.event.Event) -> Hashable | None:
        """Move on arrows/Tab; on Enter/Space return the key to activate. Mouse motion hides the ring."""
        if event.type == pygame.MOUSEMOTION:
            self.visible = False
            return None
        if event.type != pygame.KEYDOWN or not self.keys:
            return None
        if event.key in ACTIVATE_KEYS:
            was_visible, self.visible = self.visible, True
            return self.current if was_visible else None  # the first press only shows where focus is
        if event.key == pygame.K_TAB:
            self.visible = True
            self.step(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif event.key in KEY_DIRECTIONS:
            self.visible = True
            self.move(KEY_DIRECTIONS[event.key])
        return None

    def step(self, delta: int) -> None:
        if self.current not in self.keys:
            self.current = self.keys[0]
            return
        self.current = self.keys[(self.keys.index(self.current) + delta) % len(self.keys)]

    def move(self, direction: Direction) -> None:
        """Go to the nearest item whose centre lies in `direction` (straight lines preferred)."""
        if self.current not in self.keys:
            self.current = self.keys[0]
            return
        here = self.rect_of(self.current).center
        best, best_score = None, float("inf")
        for key in self.keys:
            if key == self.current:
                continue
            c = self.rect_of(key).center
            dx, dy = c[0] - here[0], c[1] - here[1]
            along = dx * direction[0] + dy * direction[1]
            if along <= 0:
                continue
            across = abs(dx * direction[1]) + abs(dy * direction[0])
            score = along + 2.5 * across
            if score < best_score:
                best, best_score = key, score
        if best is not None:
            self.current = best

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.current is None:
            return
        rect = self.rect_of(self.current)
        if rect is not None:
            pygame.draw.rect(surface, self.COLOUR, rect.inflate(12, 12), width=3, border_radius=12)


def _distance(a: tuple[int, int], b: tuple[int, int]) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
