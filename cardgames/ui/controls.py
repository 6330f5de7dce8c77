"""Prompts that name the controls of the device the player used last.

A prompt is written once with command tokens in braces:

    "{act}: select   {back}: back"      ->  "Enter: select   Esc: back"   (keyboard)
                                             "Click: select   Esc: back"   (mouse)
                                             (A) select   (B) back          (gamepad: drawn button glyphs)

Tokens: {act} {back} {move} {leftright} {updown} {next} {prev} {pause} {undo} and {x} / {y}, a scene's extra actions
(its pad_keys: on a keyboard their key's name, on a pad the X / Y button). The device is
app.input_device ("keyboard", "mouse" or "pad", cardgames/engine/gamepad.py), so a prompt
switches as the player switches.

    controls.text(app, "{act} to deal", scene)      a plain string (no glyphs), e.g. for a toast
    controls.for_device(app, keyboard=..., mouse=..., pad=...)   a prompt written per device
    controls.press(app)                             "Press Enter" / "Click" / "Press A"
    controls.label(app, "Menu (Esc)", "Menu ({pause})")   a button's words that follow the device as drawn
    controls.draw_prompt(surface, app, text, pos, ...)   draws it, with the glyphs on a pad
"""
from __future__ import annotations

import re
from typing import Any

import pygame

from cardgames.i18n import N_, Said, tr
from cardgames.ui import theme

NAMES: dict[str, dict[str, str]] = {
    "keyboard": {"act": "Enter", "back": "Esc", "move": N_("Arrows"), "next": "Tab", "prev": "Shift+Tab",
                 "pause": "Esc", "leftright": "Left/Right", "updown": "Up/Down", "undo": "Ctrl+Z"},
    "mouse": {"act": N_("Click"), "back": "Esc", "move": N_("Point"), "next": "Tab", "prev": "Shift+Tab",
              "pause": "Esc", "leftright": "Left/Right", "updown": "Up/Down", "undo": "Ctrl+Z"},
    "pad": {"act": "A", "back": "B", "move": "D-pad", "next": "RB", "prev": "LB", "pause": "Start",
            "x": "X", "y": "Y", "leftright": "D-pad", "updown": "D-pad", "undo": "Back"},
}
GLYPH_COLOURS = {"A": (74, 190, 92), "B": (222, 72, 64), "X": (64, 130, 232), "Y": (236, 186, 40)}
_TOKEN = re.compile(r"\{(\w+)\}")


def device(app: Any) -> str:
    return getattr(app, "input_device", "keyboard")


def by_keys(app: Any) -> bool:
    """Whether the player's last input was a key or a pad button (not the mouse, and not nothing yet)."""
    return bool(getattr(getattr(app, "input", None), "by_keys", False))


def name(app: Any, command: str, scene: Any = None) -> str:
    """The control for `command` on the device in use ("Enter", "Click", "A", "Space"...)."""
    dev = device(app)
    if command in ("x", "y") and dev != "pad":
        key = (getattr(scene, "pad_keys", None) or {}).get(command)
        return _key_name(key) if key is not None else command.upper()
    return tr(NAMES.get(dev, NAMES["keyboard"]).get(command, command))   # "Click", "Point" in the language


def press(app: Any, command: str = "act", scene: Any = None, capital: bool = True) -> str:
    """"Press Enter", "Click", "Press A": the words that start a prompt ("press Enter" mid-sentence)."""
    control = name(app, command, scene)
    words = control if device(app) == "mouse" and command == "act" else tr("Press {key}").format(key=control)
    return words if capital else words[0].lower() + words[1:]


def for_device(app: Any, keyboard: str, mouse: str | None = None, pad: str | None = None) -> str:
    """The prompt written for the device in use (a pad falls back to the keyboard's, whose tokens
    then name its buttons; the mouse too, when it has no words of its own)."""
    dev = device(app)
    if dev == "mouse" and mouse is not None:
        return mouse
    if dev == "pad" and pad is not None:
        return pad
    return keyboard


def label(app: Any, keyboard: str, pad: str, scene: Any = None) -> Said:
    """A label that is said afresh each time it is drawn (tr): `keyboard`'s words, or on a pad `pad`'s
    with its {tokens} named ("Menu ({pause})" -> "Menu (Start)"), in the chosen language. As a str it
    is the `keyboard` message, whatever the device (a button's name for the focus ring stays put)."""
    obj = Said.__new__(Said, lambda: keyboard, keyboard)
    obj._render = lambda: text(app, tr(for_device(app, keyboard, pad=pad)), scene)
    return obj


def text(app: Any, prompt: str, scene: Any = None) -> str:
    """The prompt as plain words for the device in use."""
    return _TOKEN.sub(lambda m: name(app, m.group(1), scene), prompt)


def _key_name(key: int) -> str:
    label = pygame.key.name(key)
    return label.capitalize() if len(label) > 1 else label.upper()


# ---------------------------------------------------------------- drawing
_cache: dict[tuple, pygame.Surface] = {}


def draw_prompt(surface: pygame.Surface, app: Any, prompt: str, pos: tuple[int, int], px: int = theme.SMALL,
                colour: theme.Colour = theme.TEXT_DIM, anchor: str = "midbottom", scene: Any = None,
                bold: bool = False) -> pygame.Rect:
    """Draw a prompt with tokens: words on a keyboard or mouse, button glyphs on a pad (cached)."""
    prompt = tr(prompt)
    dev = device(app)
    extra = tuple(sorted((getattr(scene, "pad_keys", None) or {}).items())) if dev != "pad" else ()
    key = (prompt, dev, px, colour, bold, extra)
    image = _cache.get(key)
    if image is None:
        if len(_cache) > 200:
            _cache.clear()
        image = _cache[key] = _render(app, prompt, px, colour, bold, scene)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def _render(app: Any, prompt: str, px: int, colour: theme.Colour, bold: bool, scene: Any) -> pygame.Surface:
    if device(app) != "pad":
        return theme.font(px, bold).render(text(app, prompt, scene), True, colour)
    parts: list[pygame.Surface] = []
    words = []   # the text between the glyphs; "{act}: play" reads "(A) play" on a pad
    at = 0
    for m in _TOKEN.finditer(prompt):
        words.append(prompt[at:m.start()])
        words.append(m.group(1))
        at = m.end()
    words.append(prompt[at:])
    for i, piece in enumerate(words):
        if i % 2:
            parts.append(glyph(name(app, piece, scene), px))
            continue
        if i > 0 and piece.startswith(":"):
            piece = piece[1:]
        if i > 0 and piece and not piece.startswith(" "):
            piece = " " + piece
        if i < len(words) - 1 and piece and not piece.endswith(" "):
            piece += " "
        if piece:
            parts.append(theme.font(px, bold).render(piece, True, colour))
    height = max(p.get_height() for p in parts) if parts else 1
    out = pygame.Surface((sum(p.get_width() for p in parts) or 1, height), pygame.SRCALPHA)
    x = 0
    for p in parts:
        out.blit(p, (x, (height - p.get_height()) // 2))
        x += p.get_width()
    return out


def glyph(label: str, px: int = theme.SMALL) -> pygame.Surface:
    """A gamepad button drawn: a coloured disc with its letter (A B X Y), a pill for the others
    (LB, RB, Start), a cross for the D-pad. About as tall as text of `px`."""
    size = round(px * theme.FONT_SCALE) + 4
    if label in GLYPH_COLOURS:
        surf = pygame.Surface((size + 4, size), pygame.SRCALPHA)
        centre, r = (surf.get_width() // 2, size // 2), size // 2 - 1
        pygame.draw.circle(surf, (10, 12, 20), centre, r)
        pygame.draw.circle(surf, GLYPH_COLOURS[label], centre, r - 2)
        letter = theme.font(max(10, px - 3), True).render(label, True, (255, 255, 255))
        surf.blit(letter, letter.get_rect(center=(centre[0], centre[1] + 1)))
        return surf
    if label == "D-pad":
        surf = pygame.Surface((size + 4, size), pygame.SRCALPHA)
        c, arm = surf.get_width() // 2, max(3, size // 6)
        for rect in (pygame.Rect(c - arm, 1, 2 * arm, size - 2), pygame.Rect(c - size // 2 + 1, size // 2 - arm,
                                                                            size - 2, 2 * arm)):
            pygame.draw.rect(surf, (200, 206, 224), rect, border_radius=2)
        return surf
    word = theme.font(max(10, px - 4), True).render(label, True, (20, 22, 34))
    surf = pygame.Surface((word.get_width() + 14, size), pygame.SRCALPHA)
    pygame.draw.rect(surf, (200, 206, 224), surf.get_rect(), border_radius=size // 2)
    surf.blit(word, word.get_rect(center=surf.get_rect().center))
    return surf
