"""Every tutorial speaks the chosen language: its title, each step's sentence and each step's
"wrong move" sentence are translated (written in the language's script; the TriPeaks and Switch
tutorials were English in every language)."""
from __future__ import annotations

import pytest

from cardgames import i18n, tutorial
from cardgames.engine import text


def in_script(s: str, lang: str) -> bool:
    letters = [c for c in s if c.isalpha()]
    return sum(text.char_script(c) == i18n.SCRIPTS[lang] for c in letters) > 0.6 * len(letters)


@pytest.mark.parametrize("lang", ("ta", "te", "kn"))
@pytest.mark.parametrize("game", tutorial.GAMES)
def test_every_tutorial_sentence_is_translated(lang, game):
    script = tutorial.module(game).SCRIPT
    i18n.set_language(lang)
    sentences = [script.title] + [s for step in script.steps for s in (step.text, step.wrong) if s]
    english = [s for s in sentences if not in_script(i18n.tr(s), lang)]
    assert english == [], f"{len(english)} of {len(sentences)} untranslated in {lang}: {english[:3]}"
