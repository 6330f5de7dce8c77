"""Small menu widgets shared by the shell and the games.

The pieces:
- `Button`, `Cycler` (left/right through choices), `Slider` (0..1): things
  that can take the keyboard focus. Each has a `rect` on the 1280x720 canvas.
- `Menu`: owns a list of widgets and the focus. It turns keys and the mouse
  into actions, the same way on every screen:
    arrows       move the focus to the nearest widget in that direction
                 (Left/Right change a Cycler or Slider's value instead);
                 past the end of a row or column they wrap round to its other end
    Tab          next widget (Shift+Tab: previous), wrapping around
    Enter/Space  activate the focused widget
    Esc          `on_back()` (back out of the screen); Backspace too
    mouse        hovering moves the focus; a click activates; drag a slider
  and draws a pulsing focus ring around the focused widget.
- `wrap_lines` / `draw_wrapped`: word-wrapped text.
- `Toasts`: short messages that slide in at the bottom and fade away.

Typical use in a scene:

    self.menu = Menu([Button(rect, "Start", self.start), ...], on_back=self.back,
                     sound=app.play_sound)
    handle_event: self.menu.handle_event(event)
    update:       self.menu.update(dt)
    draw:         self.menu.draw(surface)
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cardgames.engine.input import nearest_in_direction
from cardgames.i18n import language, tr
from cardgames.ui import theme

Rect = pygame.Rect


# ---------------------------------------------------------------- text
def wrap_lines(text: str, width: int, px: int = theme.BODY, bold: bool = False) -> list[str]:
    """Split `text` into lines no wider than `width` px (a single too-long word gets its own line).
    Newlines in `text` start new lines; an empty line is kept as ""."""
    return list(_wrapped(tr(text), width, px, bold))


@functools.lru_cache(maxsize=512)   # screens wrap their paragraphs every frame they draw
def _wrapped(text: str, width: int, px: int, bold: bool) -> tuple[str, ...]:
    f = theme.font(px, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        line = words[0]
        for word in words[1:]:
            candidate = f"{line} {word}"
            if theme.text_width(f, candidate) <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def line_height(px: int) -> int:
    """The step between wrapped lines: it follows the font (the Indic scripts' lines are taller)."""
    return max(round(px * 1.35), theme.font(px).get_linesize())


def draw_wrapped(surface: pygame.Surface, text: str, pos: tuple[int, int], width: int,
                 px: int = theme.BODY, colour: theme.Colour = theme.TEXT, bold: bool = False,
                 align: str = "left") -> int:
    """Draw word-wrapped text from `pos` (top-left of the block); returns the height used."""
    x, y = pos
    step = line_height(px)
    for line in wrap_lines(text, width, px, bold):
        if line:
            if align == "center":
                theme.draw_text(surface, line, (x + width // 2, y), px, colour, bold, anchor="midtop")
            else:
                theme.draw_text(surface, line, (x, y), px, colour, bold)
        y += step
    return y - pos[1]


def _triangle(surface: pygame.Surface, centre: tuple[int, int], size: int, pointing: int,
              colour: theme.Colour) -> None:
    """A small arrow head; pointing -1 is left, +1 is right (drawn, since fonts may lack the glyphs)."""
    cx, cy = centre
    tip = (cx + pointing * size, cy)
    back = cx - pointing * size
    pygame.draw.polygon(surface, colour, [tip, (back, cy - size), (back, cy + size)])


# ---------------------------------------------------------------- widgets
class Widget:
    """Something on screen that can take the focus. Subclasses override what they need."""

    focusable = True

    def __init__(self, rect: Rect | tuple[int, int, int, int]) -> None:
        self.rect = Rect(rect)
        self.enabled = True
        # Explicit neighbours for the arrow keys, where the nearest-widget rule would pick
        # the wrong one: {"up" | "down" | "left" | "right": widget}.
        self.links: dict[str, Widget] = {}

    def activate(self) -> bool:
        """Enter, Space or a click. Returns True if something happened."""
        return False

    def adjust(self, step: int) -> bool:
        """Left (-1) or Right (+1). Returns True if the widget used the key (else it moves the focus)."""
        return False

    def press(self, pos: tuple[int, int]) -> bool:
        """Left mouse button went down inside the widget. True: a click, release() follows if the
        button comes up over the widget; False: the press already did its job (an arrow, a slider)."""
        return True

    def drag(self, pos: tuple[int, int]) -> None:
        """The mouse moved while this widget holds the press."""

    def release(self, pos: tuple[int, int]) -> bool:
        """A click (press() returned True) ended over this widget: activate it. True if something happened."""
        return self.activate()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        pass


class Label(Widget):
    """Text that does not take the focus (headings inside a menu layout)."""

    focusable = False

    def __init__(self, rect, text: str, px: int = theme.BODY, colour: theme.Colour = theme.TEXT_DIM,
                 bold: bool = False) -> None:
        super().__init__(rect)
        self.text, self.px, self.colour, self.bold = text, px, colour, bold

    def draw(self, surface, focused):
        theme.draw_text(surface, self.text, self.rect.midleft, self.px, self.colour, self.bold, anchor="midleft")


def fit_px(text: str, width: int, px: int, bold: bool = False, smallest: int = 11) -> int:
    """The size from `px` down at which `text`, in the chosen language, is at most `width` wide (a label
    in a fixed box: Tamil and Kannada words run longer than English)."""
    text = tr(text)
    while px > smallest and theme.text_width(theme.font(px, bold), text) > width:
        px -= 1
    return px


def clip_text(text: str, width: int, px: int, bold: bool = False) -> str:
    """`text` in the chosen language, cut with an ellipsis to at most `width` pixels at size `px`."""
    text = tr(text)
    f = theme.font(px, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip(" ,·") + "…"


class Button(Widget):
    """A labelled button. `primary` buttons are gold (the screen's main action)."""

    def __init__(self, rect, text: str, action: Callable[[], Any] | None = None, primary: bool = False,
                 px: int = theme.LARGE, hint: str = "") -> None:
        super().__init__(rect)
        self.text, self.action, self.primary, self.px, self.hint = text, action, primary, px, hint

    def activate(self) -> bool:
        if not self.enabled or self.action is None:
            return False
        self.action()
        return True

    def draw(self, surface, focused):
        if not self.enabled:
            fill, colour = theme.BUTTON_DISABLED, theme.TEXT_DIM
        elif self.primary:
            fill, colour = (theme.lighten(theme.BUTTON_PRIMARY, 0.2) if focused else theme.BUTTON_PRIMARY,
                            theme.TEXT_DARK)
        else:
            fill, colour = (theme.BUTTON_HOVER if focused else theme.BUTTON), theme.TEXT
        edge = theme.lighten(fill, 0.35)
        theme.draw_panel(surface, self.rect, fill, edge)
        theme.draw_text(surface, self.text, self.rect.center, self.fitted_px(), colour, bold=True, anchor="center")

    def fitted_px(self) -> int:
        """The label's size: `px`, or smaller (down to SMALL - 2) when the label in the chosen language
        is wider than the button (Tamil words run long)."""
        key = (tr(self.text), self.px, self.rect.w)
        if getattr(self, "_fitted", (None,))[0] != key:
            self._fitted = (key, fit_px(self.text, self.rect.w - 12, self.px, bold=True, smallest=theme.SMALL - 2))
        return self._fitted[1]


class Cycler(Widget):
    """"Label      < value >": Left/Right (or a click on an arrow) step through `choices`.

    `choices` are (value, label) pairs, like OptionSpec.choices; `on_change(value)` is called
    after every change. A click in the middle steps forward."""

    def __init__(self, rect, label: str, choices: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], Any] | None = None, px: int = theme.BODY, wrap: bool = True,
                 value_width: int | None = None) -> None:
        super().__init__(rect)
        self.label, self.choices, self.on_change, self.px, self.wrap = label, tuple(choices), on_change, px, wrap
        self._value_width = value_width   # None: room for the widest choice, in the chosen language
        self._widths: dict[str, int] = {}
        values = [v for v, _ in self.choices]
        self.index = values.index(value) if value in values else 0

    @property
    def value_width(self) -> int:
        """The value box's width: the widest choice between the two arrows (measured per language)."""
        if self._value_width is not None:
            return self._value_width
        lang = language()
        if lang not in self._widths:
            f = theme.font(self.px, True)
            self._widths[lang] = max([theme.text_width(f, tr(text)) for _, text in self.choices] + [90]) + 76
        return self._widths[lang]

    @property
    def value(self) -> Any:
        return self.choices[self.index][0]

    @property
    def value_label(self) -> str:
        return self.choices[self.index][1]

    def set_value(self, value: Any) -> None:
        for i, (v, _) in enumerate(self.choices):
            if v == value:
                self.index = i

    def adjust(self, step: int) -> bool:
        if not self.enabled or len(self.choices) < 2:
            return False
        n = len(self.choices)
        new = (self.index + step) % n if self.wrap else max(0, min(n - 1, self.index + step))
        if new != self.index:
            self.index = new
            if self.on_change:
                self.on_change(self.value)
        return True

    def activate(self) -> bool:
        return self.adjust(+1)

    def _value_box(self) -> Rect:
        w = min(self.value_width, self.rect.width // 2)
        return Rect(self.rect.right - w - 8, self.rect.y, w, self.rect.height)

    def press(self, pos):
        box = self._value_box()
        if pos[0] < box.x + 36 and box.collidepoint(pos):
            self.adjust(-1)
            return False
        return True  # the right arrow or anywhere else: step forward on release

    def draw(self, surface, focused):
        fill = theme.BUTTON_HOVER if focused else theme.BUTTON
        theme.draw_panel(surface, self.rect, fill, theme.lighten(fill, 0.3))
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        theme.draw_text(surface, self.label, (self.rect.x + 16, self.rect.centery), self.px, colour,
                        anchor="midleft")
        box = self._value_box()
        arrow = theme.ACCENT if focused else theme.TEXT_DIM
        _triangle(surface, (box.x + 16, box.centery), 7, -1, arrow)
        _triangle(surface, (box.right - 16, box.centery), 7, +1, arrow)
        theme.draw_text(surface, self.value_label, box.center, self.px,
                        theme.ACCENT if self.enabled else theme.TEXT_DIM, bold=True, anchor="center")


class Slider(Widget):
    """A 0..1 value (volumes): Left/Right step by `step`, click or drag on the bar to set it."""

    def __init__(self, rect, label: str, value: float, on_change: Callable[[float], Any] | None = None,
                 step: float = 0.1, px: int = theme.BODY) -> None:
        super().__init__(rect)
        self.label, self.on_change, self.step, self.px = label, on_change, step, px
        self.value = min(1.0, max(0.0, float(value)))

    def set(self, value: float) -> None:
        value = round(min(1.0, max(0.0, value)), 2)
        if value != self.value:
            self.value = value
            if self.on_change:
                self.on_change(value)

    def adjust(self, step: int) -> bool:
        self.set(self.value + step * self.step)
        return True

    def _bar(self) -> Rect:
        w = min(300, self.rect.width // 2)
        return Rect(self.rect.right - w - 8 + 14, self.rect.centery - 5, w - 28 - 56, 10)

    def _set_from_x(self, x: int) -> None:
        bar = self._bar()
        self.set((x - bar.x) / max(1, bar.width))

    def press(self, pos):
        if self._bar().inflate(24, 30).collidepoint(pos):
            self._set_from_x(pos[0])
        return False

    def drag(self, pos):
        self._set_from_x(pos[0])

    def draw(self, surface, focused):
        fill = theme.BUTTON_HOVER if focused else theme.BUTTON
        theme.draw_panel(surface, self.rect, fill, theme.lighten(fill, 0.3))
        theme.draw_text(surface, self.label, (self.rect.x + 16, self.rect.centery), self.px, anchor="midleft")
        bar = self._bar()
        pygame.draw.rect(surface, theme.BG, bar, border_radius=5)
        filled = bar.copy()
        filled.width = round(bar.width * self.value)
        if filled.width:
            pygame.draw.rect(surface, theme.ACCENT, filled, border_radius=5)
        pygame.draw.circle(surface, theme.TEXT, (bar.x + filled.width, bar.centery), 10)
        theme.draw_text(surface, f"{round(self.value * 100)}%", (self.rect.right - 16, self.rect.centery),
                        self.px, theme.ACCENT, bold=True, anchor="midright")


# ---------------------------------------------------------------- the focus manager
_DIRECTIONS = {pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0)}
_ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Menu:
    """The widgets of one screen and the keyboard/mouse focus over them (see the module docstring)."""

    def __init__(self, widgets: Sequence[Widget], on_back: Callable[[], Any] | None = None,
                 sound: Callable[..., Any] | None = None, focus: int = 0, wrap: bool = True) -> None:
        self.widgets = list(widgets)
        self.wrap = wrap  # arrows past the end of a row or column come back at its other end
        self.on_back = on_back
        self.sound = sound
        self.time = 0.0
        self.still = 0.0  # seconds since the last input: the focus ring pulses for PULSE_FOR, then rests
        self.focus = -1
        self._held: Widget | None = None  # the widget the mouse pressed
        self._click_pending = False
        self.show_ring = True
        focusables = self.focusable_indices()
        if focusables:
            self.focus = focus if focus in focusables else focusables[0]

    # Focus -------------------------------------------------------------
    def focusable_indices(self) -> list[int]:
        return [i for i, w in enumerate(self.widgets) if w.focusable and w.enabled]

    @property
    def focused(self) -> Widget | None:
        return self.widgets[self.focus] if 0 <= self.focus < len(self.widgets) else None

    def set_focus(self, widget: Widget) -> None:
        if widget in self.widgets and widget.focusable:
            self.focus = self.widgets.index(widget)
            self.still = 0.0

    def _play(self, name: str, volume: float = 1.0) -> None:
        if self.sound is not None:
            self.sound(name, volume)

    def _move_to(self, index: int) -> None:
        if index != self.focus:
            self.focus = index
            self._play("button", 0.35)

    def tab(self, step: int) -> None:
        order = self.focusable_indices()
        if not order:
            return
        pos = order.index(self.focus) if self.focus in order else -1
        self._move_to(order[(pos + step) % len(order)])

    def move(self, dx: int, dy: int) -> bool:
        """Focus the nearest widget in direction (dx, dy); False if there is none that way."""
        current = self.focused
        if current is None:
            self.tab(1)
            return True
        link = current.links.get({(0, -1): "up", (0, 1): "down", (-1, 0): "left", (1, 0): "right"}[(dx, dy)])
        if link is not None and link in self.widgets and link.focusable and link.enabled:
            self._move_to(self.widgets.index(link))
            return True
        others = ((i, self.widgets[i].rect) for i in self.focusable_indices() if i != self.focus)
        best = nearest_in_direction(current.rect, others, (dx, dy))
        if best is None:
            best = self._wrap_target(dx, dy) if self.wrap else None
        if best is None:
            return False
        self._move_to(best)
        return True

    def _wrap_target(self, dx: int, dy: int) -> int | None:
        """Past the last widget of a row or column, come back at its other end: the farthest
        widget the other way that lines up with the focused one (overlaps it across the move)."""
        current = self.focused
        best, best_far = None, 0
        for i in self.focusable_indices():
            r = self.widgets[i].rect
            if dx:
                lined_up = r.top < current.rect.bottom and current.rect.top < r.bottom
                far = (current.rect.centerx - r.centerx) * dx
            else:
                lined_up = r.left < current.rect.right and current.rect.left < r.right
                far = (current.rect.centery - r.centery) * dy
            if lined_up and far > best_far:
                best, best_far = i, far
        return best

    # Events ------------------------------------------------------------
    PULSE_FOR = 3.0

    @property
    def changing(self) -> bool:
        """True while the focus ring pulses (a few seconds after input): the app keeps drawing."""
        return self.show_ring and self.focused is not None and self.still < self.PULSE_FOR

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Use the event if it is for the menu; returns True when it was used."""
        self.still = 0.0
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            if self._held is not None:
                self._held.drag(event.pos)
                return True
            hit = self.widget_at(event.pos)
            if hit is not None and hit.focusable and hit.enabled:
                self._move_to(self.widgets.index(hit))
            return hit is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.widget_at(event.pos)
            if hit is None or not hit.enabled:
                return False
            if hit.focusable:
                self.focus = self.widgets.index(hit)
            self._held = hit  # gets the drags until the button is released
            self._click_pending = hit.press(event.pos)
            if not self._click_pending:
                self._play("button", 0.6)  # the press itself did something (arrow, slider)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            held, self._held = self._held, None
            if held is None:
                return False
            if self._click_pending and held.rect.collidepoint(event.pos) and held.release(event.pos):
                self._play("button")
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            if self.on_back is not None:
                self._play("button", 0.6)
                self.on_back()
                return True
            return False
        if key == pygame.K_TAB:
            self.tab(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        focused = self.focused
        if key in _ACTIVATE:
            if focused is not None and focused.enabled:
                if focused.activate():
                    self._play("button")
                return True
            return False
        if key in _DIRECTIONS:
            dx, dy = _DIRECTIONS[key]
            if dx and focused is not None and focused.enabled and focused.adjust(dx):
                self._play("button", 0.5)
                return True
            return self.move(dx, dy)
        return False

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        for w in reversed(self.widgets):
            if w.rect.collidepoint(pos):
                return w
        return None

    # Frame -------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.still += dt
        for w in self.widgets:
            w.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        focused = self.focused
        for w in self.widgets:
            w.draw(surface, w is focused)
        if focused is not None and self.show_ring:
            theme.draw_focus_ring(surface, focused.rect, self.time if self.changing else 0.0)


# ---------------------------------------------------------------- toasts
class Toasts:
    """Short messages at the bottom of the screen, one after another, each for a few seconds.

    push(text) queues a message; update(dt) and draw(surface) every frame. Long
    messages stay longer (about 15 characters a second, at least 3 seconds).
    Centred at the bottom (`bottom`, up to `width` wide), or inside `area` when it is set: its
    width, centred on it, its bottom (a table whose free felt is off centre, Scene.toast_area)."""

    FADE = 0.25

    def __init__(self, bottom: int = 700, width: int = 760) -> None:
        self.queue: list[list] = []  # [text, time left, total time]
        self.bottom, self.width = bottom, width
        self.area: Rect | None = None
        self.waiting = False   # a banner is up: nothing shown, no time spent (update)

    def push(self, text: str) -> None:
        total = max(3.0, min(9.0, len(text) / 15))
        self.queue.append([text, total, total])

    def __len__(self) -> int:
        return len(self.queue)

    def rect(self, text: str, canvas_width: int = 1280) -> Rect:
        """Where the message `text` lies once it has faded in."""
        width = self.area.width if self.area is not None else self.width
        lines = wrap_lines(text, width - 2 * theme.PAD, theme.BODY)
        h = len(lines) * line_height(theme.BODY) + 2 * theme.PAD - 6
        w = max(theme.text_width(theme.font(theme.BODY), line) for line in lines) + 2 * theme.PAD
        if self.area is not None:
            return Rect(self.area.centerx - w // 2, self.area.bottom - h, w, h)
        return Rect((canvas_width - w) // 2, self.bottom - h, w, h)

    def update(self, dt: float, wait: bool = False) -> None:
        """`wait`: a banner is up (Scene.holds_toasts): the messages wait, unseen, their time not running."""
        self.waiting = wait
        if self.queue and not wait:
            self.queue[0][1] -= dt
            if self.queue[0][1] <= 0:
                self.queue.pop(0)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.queue or self.waiting:
            return
        text, left, total = self.queue[0]
        shown = total - left
        k = min(1.0, shown / self.FADE, left / self.FADE)
        rect = self.rect(text, surface.get_width())
        w = rect.width
        if self.area is None:             # rises into place (in an area: fades in where it stays)
            rect.y += round((1 - k) * 30)
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        theme.draw_panel(box, box.get_rect(), theme.PANEL_SOLID + (240,), theme.ACCENT)
        draw_wrapped(box, text, (theme.PAD, theme.PAD - 3), w - 2 * theme.PAD, theme.BODY)
        box.set_alpha(round(255 * k))
        surface.blit(box, rect)
