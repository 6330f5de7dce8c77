"""What was looked up on screen and came back in English: a catalogue that records its misses.

    with untranslated() as misses:
        ... draw scenes in Tamil, Telugu or Kannada ...
    assert english(misses) == []

Every text drawn goes through `cardgames.i18n.tr` / `ngettext`, which ask the chosen language's
catalogue; a message it does not know comes back as itself, English. Player names, initials, card
names ("10♥") and numbers are not sentences: `english` keeps only what reads as English words.
"""
from __future__ import annotations

import contextlib
import re

from cardgames import i18n

WORD = re.compile(r"[A-Za-z]{2,}")


class _Recording:
    def __init__(self, inner, misses: set):
        self.inner, self.misses = inner, misses

    def gettext(self, message):
        found = self.inner.gettext(message)
        if found == message:
            self.misses.add(message)
        return found

    def pgettext(self, context, message):
        found = self.inner.pgettext(context, message)
        if found == message:
            self.misses.add(message)
        return found

    def ngettext(self, singular, plural, n):
        found = self.inner.ngettext(singular, plural, n)
        if found in (singular, plural):
            self.misses.add(found)
        return found


@contextlib.contextmanager
def untranslated():
    """The set of messages looked up (in the chosen language) while the block runs that had no translation."""
    misses: set = set()
    inner = i18n._catalogue
    i18n._catalogue = _Recording(inner, misses)
    i18n._memo.clear()
    try:
        yield misses
    finally:
        if isinstance(i18n._catalogue, _Recording):
            i18n._catalogue = i18n._catalogue.inner
        i18n._memo.clear()


def english(misses, names=()) -> list[str]:
    """The misses that read as English: a word of two Latin letters or more that is not a name in `names`."""
    out = []
    numbered = {re.sub(r"\d+", "{n}", m) for m in misses if re.search(r"\d", m)}
    for m in misses:
        if "{n}" in m and m in numbered:
            continue   # tr's second look-up of a numbered message ("Hand 2" as "Hand {n}"): the first is kept
        words = [w for w in WORD.findall(re.sub(r"\{\w*\}", "", m)) if w not in names]
        if words:
            out.append(m)
    return sorted(out)
