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

import math
from collections.abc import Callable, Hashable, Iterable
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


def nearest_in_direction(here: pygame.Rect, items: Iterable[tuple[Hashable, pygame.Rect]],
                         direction: Direction) -> Hashable | None:
    """The item an arrow key should reach from `here`: the nearest whose centre lies that way.

    The one geometry of the arrow keys (the card tables' FocusRing and the menus' Menu both
    use it). Distances are measured between edges, so a wide button or a long row is reached
    as easily as a card. An item that lines up with `here` across the move (overlaps it
    sideways) comes first, the nearest of them: Down in a grid stays in its column, over a gap.
    With none lined up, the nearest off to the side, each pixel sideways counting three along
    (so never a card two columns over while one column over has one). Ties go to the nearer
    centre sideways, then along: in a fan of overlapping cards Right is the next card.
    """
    dx, dy = direction
    best, best_score = None, None
    for key, r in items:
        if dx:
            gap = (r.left - here.right) if dx > 0 else (here.left - r.right)
            centre_along = (r.centerx - here.centerx) * dx
            side = max(0, r.top - here.bottom, here.top - r.bottom)
            centre_side = abs(r.centery - here.centery)
        else:
            gap = (r.top - here.bottom) if dy > 0 else (here.top - r.bottom)
            centre_along = (r.centery - here.centery) * dy
            side = max(0, r.left - here.right, here.left - r.right)
            centre_side = abs(r.centerx - here.centerx)
        if centre_along <= 0:
            continue
        score = (side > 0, max(0, gap) + 3 * side, centre_side, centre_along)
        if best_score is None or score < best_score:
            best, best_score = key, score
    return best


class FocusRing:
    """Keyboard (and gamepad) focus over `keys`; rect_of(key) tells where each one is now (None: not shown).

    Arrows move to the nearest item in that direction (nearest_in_direction), Tab and
    Shift+Tab step through the list, Enter/Space return the focused key to activate. The
    ring hides when the mouse moves; the first arrow or Tab after that only shows it where
    the focus is (so nothing is skipped), while Enter acts at once on the focused item.

    The focus policy (set_keys): each key has a rank (`rank(key)`, higher first: a card that
    plays, then the game's main move such as the stock, then the rest, buttons last). When the
    focused item goes away (a card was played), the focus goes to the nearest item of the best
    rank left to where it was; after a move (`after_move=True`) it also leaves an item for a
    better-ranked one. So after a move the ring is never on a button while anything else is there.
    """

    COLOUR = (90, 230, 255)
    OUTLINE = (8, 20, 40)
    SLIDE = 0.09   # seconds the ring takes to glide to a new item
    BREATHE_FOR = 3.0  # seconds the ring breathes after a key or a move of the focus; then it rests (no redraws)

    def __init__(self, rect_of: Callable[[Hashable], pygame.Rect | None]) -> None:
        self.rect_of = rect_of
        self.keys: list[Hashable] = []
        self.current: Hashable | None = None
        self.visible = False
        self.anchor: pygame.Rect | None = None   # where the focused item was last seen
        self.time = 0.0
        self.still = 0.0   # seconds since the last key or focus move
        self._shown: list[float] | None = None   # the ring's drawn rect (x, y, w, h) while it glides

    @property
    def changing(self) -> bool:
        """True while the visible ring breathes or glides (the app keeps drawing; Scene.changing)."""
        return self.visible and self.current is not None and self.still < self.BREATHE_FOR

    def set_keys(self, keys: list[Hashable], rank: Callable[[Hashable], int] | None = None,
                 after_move: bool = False) -> None:
        """New focusable items; focus stays on the same key, else goes to the nearest best-ranked one.

        `rank(key)` is an int (or a bool: preferred or not); without it every key ranks the same."""
        self.keys = [k for k in keys if self.rect_of(k) is not None]
        if not self.keys:
            self.current = None
            return
        ranks = [int(rank(k)) if rank is not None else 0 for k in self.keys]
        best = max(ranks)
        if self.current in self.keys and (not after_move or ranks[self.keys.index(self.current)] == best):
            self._remember()
            return
        pool = [k for k, r in zip(self.keys, ranks) if r == best]
        if self.anchor is None:
            self.current = pool[0]
        else:
            here = self.anchor.center
            self.current = min(pool, key=lambda k: _distance(self.rect_of(k).center, here))
        self._remember()

    def focus(self, key: Hashable) -> None:
        """Put the focus on `key` (e.g. the card under the mouse), if it is one of the keys."""
        if key in self.keys:
            self.current = key
            self._remember()

    def _remember(self) -> None:
        self.still = 0.0
        rect = self.rect_of(self.current) if self.current is not None else None
        if rect is not None:
            self.anchor = pygame.Rect(rect)

    def handle_event(self, event: pygame.event.Event) -> Hashable | None:
        """Move on arrows/Tab; on Enter/Space return the key to activate. Mouse motion hides the ring."""
        if event.type == pygame.MOUSEMOTION:
            self.visible = False
            return None
        if event.type != pygame.KEYDOWN or not self.keys:
            return None
        self.still = 0.0
        if event.key in ACTIVATE_KEYS:
            self.visible = True
            return self.current
        if event.key == pygame.K_TAB or event.key in KEY_DIRECTIONS:
            was_visible, self.visible = self.visible, True
            if not was_visible and self.current in self.keys:
                self._shown = None
                return None   # the first press shows where the focus is; it skips nothing
            if event.key == pygame.K_TAB:
                self.step(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            else:
                self.move(KEY_DIRECTIONS[event.key])
        return None

    def step(self, delta: int) -> None:
        if self.current not in self.keys:
            self.current = self.keys[0]
        else:
            self.current = self.keys[(self.keys.index(self.current) + delta) % len(self.keys)]
        self._remember()

    def move(self, direction: Direction) -> None:
        """Go to the nearest item that way (nearest_in_direction); stay put if there is none."""
        if self.current not in self.keys:
            self.current = self.keys[0]
        else:
            here = self.rect_of(self.current)
            others = ((k, self.rect_of(k)) for k in self.keys if k != self.current)
            best = nearest_in_direction(here, others, direction)
            if best is not None:
                self.current = best
        self._remember()

    def update(self, dt: float) -> None:
        self.time += dt
        self.still += dt
        if not self.visible or self.current is None:
            self._shown = None
            return
        rect = self.rect_of(self.current)
        if rect is None:
            return
        target = [float(rect.x), float(rect.y), float(rect.w), float(rect.h)]
        if self._shown is None:
            self._shown = target
            return
        k = min(1.0, dt / self.SLIDE) if self.SLIDE > 0 else 1.0
        self._shown = [a + (b - a) * k for a, b in zip(self._shown, target)]

    def draw(self, surface: pygame.Surface) -> None:
        """A thick cyan ring with a dark edge (it reads on any felt and is never the gold glow of a
        legal target), breathing in and out, with a small marker bobbing above it."""
        if not self.visible or self.current is None:
            return
        rect = self.rect_of(self.current)
        if rect is None:
            return
        if self._shown is not None:
            rect = pygame.Rect(*(round(v) for v in self._shown))
        # a wide, low item (a button in a stack) gets its marker at the left, clear of the one above
        draw_focus(surface, rect, self.time if self.changing else 0.0, self.COLOUR, self.OUTLINE,
                   side="left" if rect.w > 2 * rect.h else "top")


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, t: float,
               colour: tuple[int, int, int] = FocusRing.COLOUR,
               outline: tuple[int, int, int] = FocusRing.OUTLINE, side: str = "top") -> None:
    """The card tables' focus ring around `rect` at time `t` (seconds); its marker above ("top")
    pointing down, or at the "left" pointing right."""
    pulse = (1 + math.sin(t * 6.0)) / 2
    grow = 7 + round(3 * pulse)
    ring = rect.inflate(grow * 2, grow * 2)
    pygame.draw.rect(surface, outline, ring.inflate(4, 4), width=8, border_radius=14 + grow)
    pygame.draw.rect(surface, colour, ring, width=5, border_radius=12 + grow)
    bob = round(4 * pulse)
    if side == "left":
        cy, tip = ring.centery, ring.left - 6 - bob
        edge = [(tip - 14, cy - 15), (tip - 14, cy + 15), (tip + 3, cy)]
        marker = [(tip - 12, cy - 11), (tip - 12, cy + 11), (tip, cy)]
    else:
        cx, tip = ring.centerx, ring.top - 6 - bob
        edge = [(cx - 15, tip - 14), (cx + 15, tip - 14), (cx, tip + 3)]
        marker = [(cx - 11, tip - 12), (cx + 11, tip - 12), (cx, tip)]
    pygame.draw.polygon(surface, outline, edge)
    pygame.draw.polygon(surface, colour, marker)


def _distance(a: tuple[int, int], b: tuple[int, int]) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
