"""The `drawn` fixture (registered for every test module in conftest.py): every string rendered to a
surface from then on, through theme.render or MixedFont.render, with the text caches emptied first so
nothing drawn earlier is served from a cache unseen. (test_text_sizes.py has a `drawn` of its own that
also records the font of each string.)"""
from __future__ import annotations

import pytest

from cardgames.engine import text
from cardgames.ui import controls, move_log, theme


@pytest.fixture
def drawn(monkeypatch):
    """The list of strings rendered from now on, in order."""
    seen: list[str] = []
    theme._texts.clear()
    move_log._line_cache.clear()
    controls._cache.clear()
    render, font_render = theme.render, text.MixedFont.render

    def spy_render(f, s, *a, **kw):
        seen.append(s)
        return render(f, s, *a, **kw)

    def spy_font_render(self, s, *a, **kw):
        seen.append(s)
        return font_render(self, s, *a, **kw)

    monkeypatch.setattr(theme, "render", spy_render)
    monkeypatch.setattr(text.MixedFont, "render", spy_font_render)
    return seen
