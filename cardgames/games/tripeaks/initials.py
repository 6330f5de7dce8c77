"""High-score initials: three letters, typed in English or in the player's own script.

An initial is one letter as a reader sees it (a grapheme): a Latin capital or a digit, or a Tamil,
Telugu or Kannada letter with its signs ("மு", "கௌ", "కి"), or a Telugu or Kannada conjunct
("క్ష", "ಕ್ಷ": the virama joins the next consonant). Tamil's pulli does not join: "க்" is a letter
of its own. Text input brings code points one at a time (a vowel sign after its consonant) or a
syllable at once (an input method): `letters` groups them, and a sign typed after a letter joins
the box it was typed into. Pure: no pygame (the scene measures widths, see `Entry.fits`).
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable

SIZE = 3                 # letters in a table entry
MAX_CODE_POINTS = 6      # one letter's code points at most ("స్త్రీ" has six)
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "
SCRIPTS = ("TAMIL", "TELUGU", "KANNADA")   # as Unicode names their characters
JOINING_VIRAMA = "\u0c4d\u0ccd"            # Telugu's and Kannada's: the next consonant makes a conjunct
ZERO_WIDTH = "\u200c\u200d"


def indic(ch: str) -> bool:
    """Whether `ch` is a character of the Tamil, Telugu or Kannada script (or a zero-width joiner)."""
    return ch in ZERO_WIDTH or unicodedata.name(ch, "").startswith(SCRIPTS)


def _continues(letter: str, ch: str) -> bool:
    """Whether `ch` belongs to `letter` rather than starting the next one."""
    if unicodedata.category(ch).startswith("M") or ch in ZERO_WIDTH:
        return True
    return letter[-1] in JOINING_VIRAMA and unicodedata.category(ch) == "Lo"


def letters(text: str) -> list[str]:
    """`text` split into the letters a reader sees: "முகு" -> ["மு", "கு"], "ABC" -> ["A", "B", "C"]."""
    out: list[str] = []
    for ch in text:
        if out and _continues(out[-1], ch):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _allowed(letter: str) -> bool:
    base = letter[0]
    return (base.isascii() and base.isalnum()) or (indic(base) and unicodedata.category(base) == "Lo")


def clean(text: str) -> str:
    """Up to three letters, arcade style, for the table: 'ab' -> 'AB ', 'மு கு' -> 'முகு ', '' -> '???'."""
    kept = [g.upper() if g.isascii() else g[:MAX_CODE_POINTS] for g in letters(text) if _allowed(g)][:SIZE]
    return "".join(kept) + " " * (SIZE - len(kept)) if kept else "???"


def script_letters(script: str) -> str:
    """The letters (vowels and consonants) of `script` ("tamil"), in Unicode's order: a pad cycles
    through them after the Latin ones."""
    name = f"{script.upper()} LETTER "
    return "".join(chr(c) for c in range(0x0B80, 0x0D00)
                   if unicodedata.category(chr(c)) == "Lo" and unicodedata.name(chr(c), "").startswith(name))


class Entry:
    """The initials being typed: three letter boxes and a cursor.

    `fits(text)`, given by the scene, says whether initials are narrow enough for the table's
    row; a letter that would make them too wide is refused, like a fourth one."""

    def __init__(self, initials: str, fits: Callable[[str], bool] = lambda text: True, cycle: str = ALNUM) -> None:
        self.letters = (letters(initials) + [" "] * SIZE)[:SIZE]
        self.cursor = 0
        self.last: int | None = None   # the box typed into last: a vowel sign typed next joins it
        self.fits, self.cycle = fits, cycle

    @property
    def text(self) -> str:
        return "".join(self.letters)

    def _set(self, box: int, letter: str) -> bool:
        trial = [*self.letters]
        trial[box] = letter
        if len(letter) > MAX_CODE_POINTS or not self.fits("".join(trial)):
            return False
        self.letters = trial
        return True

    def type(self, text: str) -> bool:
        """Type `text` (a key's letter, or a text input's code points: a syllable from an input
        method goes in whole or not at all); True if it went in."""
        before = ([*self.letters], self.cursor, self.last)
        for ch in text:
            if self.last is not None and _continues(self.letters[self.last], ch):
                ok = self._set(self.last, self.letters[self.last] + ch)
            else:
                ok = _allowed(ch) and self._set(self.cursor, ch.upper())
                if ok:
                    self.last, self.cursor = self.cursor, min(SIZE - 1, self.cursor + 1)
            if not ok:
                self.letters, self.cursor, self.last = before
                return False
        return bool(text)

    def back(self) -> None:
        """Backspace: takes the sign just typed off its letter ("மு" -> "ம"), else moves left."""
        if self.last is not None and len(self.letters[self.last]) > 1:
            self.letters[self.last] = self.letters[self.last][:-1]
        else:
            self.move(-1)

    def move(self, step: int) -> None:
        self.cursor, self.last = max(0, min(SIZE - 1, self.cursor + step)), None

    def step_letter(self, step: int) -> None:
        """The letter under the cursor one along the cycle (a pad's up and down)."""
        here = self.letters[self.cursor]
        i = self.cycle.find(here) if len(here) == 1 else -1
        letter = self.cycle[(i + step) % len(self.cycle)] if i >= 0 else self.cycle[0]
        self._set(self.cursor, letter)
        self.last = None
