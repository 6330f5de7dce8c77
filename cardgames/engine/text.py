"""The one text renderer: every string the app draws goes through a `MixedFont`.

pygame does no font fallback, and no single font here covers everything the
collection says: pygame's built-in face draws English (every layout is tuned to
its widths), Noto Sans Symbols 2 the suit symbols, and Noto Sans Tamil, Telugu
and Kannada their scripts. A string is split into runs of one script each
(`script_runs`, pure), each run is rendered by its own font — the Indic fonts
with HarfBuzz shaping switched on (`Font.set_script`), so vowel signs attach and
conjuncts form — and the runs are blitted on one baseline.

`MixedFont` is a `pygame.font.Font` (the built-in face) whose `size`, `render`
and line height know the other faces, so every caller of `theme.font` and
`Assets.font` gets this for free. While an Indic language is chosen, line
heights follow that script's taller font, so boxes grow with it.
"""
from __future__ import annotations

import functools
import math
from typing import Any

import pygame

from cardgames import i18n
from cardgames.config import CANVAS_SIZE, FONTS_DIR, MIN_TEXT_PX, MIN_WINDOW

LATIN, SYMBOLS, TAMIL, TELUGU, KANNADA = "latin", "symbols", "tamil", "telugu", "kannada"
INDIC = (TAMIL, TELUGU, KANNADA)
# Unicode blocks of the Indic scripts; HarfBuzz's ISO 15924 script codes for set_script.
BLOCKS = {TAMIL: (0x0B80, 0x0BFF), TELUGU: (0x0C00, 0x0C7F), KANNADA: (0x0C80, 0x0CFF)}
SCRIPT_CODES = {TAMIL: "Taml", TELUGU: "Telu", KANNADA: "Knda"}
# Symbols pygame's built-in face lacks (it draws an empty box): suits and friends.
SYMBOL_RANGES = ((0x2460, 0x24FF), (0x25A0, 0x27BF), (0x2B00, 0x2BFF), (0x1F000, 0x1FAFF))
SHARED = (0x0964, 0x0965, 0x200C, 0x200D, 0x25CC)  # danda, ZWNJ, ZWJ, dotted circle: belong to Indic runs
LATIN_ONLY = "$&@`"  # ASCII signs the Noto Indic faces lack
FILES = {
    SYMBOLS: ("NotoSansSymbols2-Regular.ttf", "NotoSansSymbols2-Regular.ttf"),
    TAMIL: ("NotoSansTamil-Regular.ttf", "NotoSansTamil-Bold.ttf"),
    TELUGU: ("NotoSansTelugu-Regular.ttf", "NotoSansTelugu-Bold.ttf"),
    KANNADA: ("NotoSansKannada-Regular.ttf", "NotoSansKannada-Bold.ttf"),
}
# Each Noto Indic face is drawn at this share of the built-in face's size, so the body of its
# letters (no head marks, no ascenders) reads as large as Latin's: about 0.87 of the built-in
# face's x-height, where Tamil's body has always been and reads right beside English. Measured
# (ink top above the baseline, alpha >= 128, pygame size 400, Indic faces at 275 pt): Latin
# x-height 149 px (x v z w n m r); body at a share of 1.0: Tamil 152 (க ப ம ட ன வ ச ய ண),
# Telugu 137 (ల అ ఇ ఎ ఒ ఉ: the letters without the talakattu), Kannada 155 (ಲ ಅ ಇ ಎ ಒ ಉ).
# 0.87 * 149 / body gives Tamil 0.85, Telugu 0.95, Kannada 0.84 (kept at 0.85).
INDIC_SIZES = {TAMIL: 0.85, TELUGU: 0.95, KANNADA: 0.85}
DEFAULT_SIZE = 0.6875  # pygame scales the built-in face's size by this
# The floor on every font's size: a MixedFont is never smaller than this, so its em is at least
# MIN_TEXT_PX screen pixels when the canvas is shown in the smallest window (at 960x540, 3/4 of the
# canvas: size 22, an em of 15 canvas px, 11.25 on screen). Callers may ask for less (a HUD's 16);
# they get this, and their layouts are measured with the font they get.
MIN_WINDOW_SCALE = min(MIN_WINDOW[0] / CANVAS_SIZE[0], MIN_WINDOW[1] / CANVAS_SIZE[1])
MIN_SIZE = math.ceil(MIN_TEXT_PX / (MIN_WINDOW_SCALE * DEFAULT_SIZE))
SIZES_KEPT = 512   # measured strings kept per font (MixedFont.size)


@functools.lru_cache(maxsize=4096)   # asked for every character of every string measured or drawn
def char_script(ch: str) -> str | None:
    """The script a character needs, or None for what any face has (spaces, digits, punctuation)."""
    code = ord(ch)
    for script, (lo, hi) in BLOCKS.items():
        if lo <= code <= hi:
            return script
    if any(lo <= code <= hi for lo, hi in SYMBOL_RANGES) and code != 0x25CC:
        return SYMBOLS
    if ch.isascii() and not ch.isalpha() and ch not in LATIN_ONLY:
        return None
    if code in SHARED:
        return None
    return LATIN


def has_indic(text: str) -> bool:
    """Whether `text` holds Tamil, Telugu or Kannada letters."""
    if text.isascii():
        return False
    return any(char_script(ch) in INDIC for ch in text)


def script_runs(text: str) -> list[tuple[str, str]]:
    """`text` split into (script, piece) runs. Spaces, digits and punctuation join the run they
    sit in (a Tamil sentence stays one run, so HarfBuzz shapes it whole); at a change of script
    they go with the run before them, leading ones with the first script after them. The symbols
    face draws symbols only: what follows a symbol without a script of its own is Latin."""
    if text.isascii():   # the usual case (English): one Latin run, found without a look at each letter
        return [(LATIN, text)] if text else []
    runs: list[list[str]] = []
    pending = ""   # script-less characters not yet given to a run
    for ch in text:
        script = char_script(ch)
        if script is None:
            pending += ch
            continue
        if pending and script == SYMBOLS and not runs or pending and runs and runs[-1][0] == SYMBOLS:
            runs.append([LATIN, pending])
            pending = ""
        if runs and runs[-1][0] == script:
            runs[-1][1] += pending + ch
        elif runs:
            runs[-1][1] += pending
            runs.append([script, ch])
        else:
            runs.append([script, pending + ch])
        pending = ""
    if pending:
        if runs and runs[-1][0] != SYMBOLS:
            runs[-1][1] += pending
        else:
            runs.append([LATIN, pending])
    return [(s, t) for s, t in runs]


def usable(f: pygame.font.Font) -> bool:
    """False once pygame's font module has quit since `f` was made (a finished App, a test): such a
    font raises "Invalid font" on every use, so a cache holding it must make a new one."""
    try:
        pygame.font.Font.get_height(f)
    except pygame.error:
        return False
    return True


def _face(script: str, points: int, bold: bool) -> pygame.font.Font:
    f = pygame.font.Font(str(FONTS_DIR / FILES[script][1 if bold else 0]), max(1, points))
    if script in SCRIPT_CODES:
        f.set_script(SCRIPT_CODES[script])
    return f


class MixedFont(pygame.font.Font):
    """pygame's built-in face for Latin text, with the Noto faces for the other scripts."""

    def __init__(self, size: int) -> None:
        size = max(MIN_SIZE, size)   # legible in the smallest window (MIN_SIZE)
        super().__init__(None, size)
        self._size = size
        self._faces: dict[tuple[str, bool], pygame.font.Font] = {}
        self._sizes: dict[tuple[Any, ...], tuple[int, int]] = {}   # size() of the strings drawn frame after frame

    def face(self, script: str) -> pygame.font.Font:
        """The font that draws `script` at this size (and weight)."""
        if script == LATIN:
            return self
        key = (script, bool(self.bold))
        f = self._faces.get(key)
        if f is None:
            scale = INDIC_SIZES.get(script, 1.0)
            f = self._faces[key] = _face(script, round(self._size * DEFAULT_SIZE * scale),
                                         bool(self.bold) and script != SYMBOLS)
        return f

    def _line(self, faces=()) -> tuple[int, int]:
        """(ascent, descent) of a line holding the Latin face, the chosen script's and `faces`."""
        fonts = [*faces, self.face(i18n.script())] if i18n.script() != LATIN else list(faces)
        ascent, descent = super().get_ascent(), super().get_height() - super().get_ascent()
        for f in fonts:
            ascent, descent = max(ascent, f.get_ascent()), max(descent, f.get_height() - f.get_ascent())
        return ascent, descent

    def get_height(self) -> int:
        return sum(self._line())

    def get_linesize(self) -> int:
        return max(super().get_linesize(), self.get_height())

    def get_ascent(self) -> int:
        return self._line()[0]

    def size(self, text) -> tuple[int, int]:
        """The size of `text` in this font: kept, since a table measures the same few dozen strings every
        frame (splitting one into scripts is a Python loop over its characters); bounded, emptied when full."""
        key = (text, i18n.script(), self.bold, self.italic)
        got = self._sizes.get(key)
        if got is None:
            if len(self._sizes) >= SIZES_KEPT:
                self._sizes.clear()
            got = self._sizes[key] = self._measure(text)
        return got

    def _measure(self, text) -> tuple[int, int]:
        runs = script_runs(str(text))
        if len(runs) == 1 and runs[0][0] == LATIN:
            w, h = super().size(text)
            return w, max(h, self.get_height())
        w = sum(pygame.font.Font.size(self.face(s), t)[0] for s, t in runs)
        return w, sum(self._line([self.face(s) for s, _ in runs if s in INDIC]))

    def render(self, text, antialias, color, bgcolor=None, wraplength=0) -> pygame.Surface:
        runs = script_runs(str(text)) if text else []
        if not runs or (len(runs) == 1 and runs[0][0] == LATIN and i18n.script() == LATIN):
            return super().render(text, antialias, color, bgcolor, wraplength)
        images = [(self.face(s), pygame.font.Font.render(self.face(s), t, antialias, color, bgcolor))
                  for s, t in runs]
        # the symbols face has a very tall line box: its glyphs sit on the baseline, inside the line
        ascent, descent = self._line([f for (s, _), (f, _) in zip(runs, images) if s in INDIC])
        surf = pygame.Surface((max(1, sum(i.get_width() for _, i in images)), ascent + descent), pygame.SRCALPHA)
        if bgcolor is not None:
            surf.fill(bgcolor)
        x = 0
        for f, image in images:
            surf.blit(image, (x, ascent - f.get_ascent()))
            x += image.get_width()
        return surf


def missing_glyphs(f: pygame.font.Font, text: str) -> set[str]:
    """The characters of `text` that font `f` has no glyph for (it would draw its empty box).

    Font.metrics() reports the empty box's metrics for a missing character, not None, so each
    character is drawn alone and compared with the drawing of a character no font has."""
    def image(ch: str) -> bytes:
        surf = pygame.font.Font.render(f, ch, False, (255, 255, 255), (0, 0, 0))
        return pygame.image.tobytes(surf, "RGB") + bytes(surf.get_size())
    nothing = image("\uffff")
    return {ch for ch in set(text) if not ch.isspace() and ch not in "\u200c\u200d" and image(ch) == nothing}
