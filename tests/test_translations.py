"""The catalogues: every message translated into each language, every character drawable,
placeholders kept, and every button, label and option fitting its box in every language."""
import re
from pathlib import Path

import pygame
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from cardgames import i18n
from cardgames.engine import text
from cardgames.ui import theme

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("ta", "te", "kn")


def _keywords() -> dict:
    """The extraction keywords, read from the Makefile (the one list `make translations` uses)."""
    make = (ROOT / "Makefile").read_text()
    block = re.search(r"^KEYWORDS := (.*?)(?<!\\)\n", make, re.DOTALL | re.MULTILINE).group(1)
    out = {}
    for spec in re.findall(r"-k (\S+)", block):
        name, _, args = spec.partition(":")
        out[name] = tuple(int(a) if a.isdigit() else (int(a[:-1]), "c") for a in args.split(",")) if args else None
    return out


@pytest.fixture(scope="module")
def messages() -> set:
    """What the code says today, extracted the way `make translations` does (not the .pot on disk)."""
    method_map, options = parse_mapping_cfg((ROOT / "babel.cfg").open())
    found = set()
    for folder in ("cardgames", "levels"):   # as the Makefile's extract line lists them
        for _file, _line, msg, _comments, ctx in extract_from_dir(ROOT / folder, method_map, options,
                                                                 keywords=_keywords()):
            found.add((msg, ctx))   # (a message, its context: pgettext("pile", "Draw"), or None)
    return {(m, ctx) for m, ctx in found if any(c.isalpha() for c in (m if isinstance(m, str) else m[0]))}


def catalogue(lang):
    with open(ROOT / "cardgames" / "locale" / lang / "LC_MESSAGES" / "cardgames.po", "rb") as f:
        return read_po(f, locale=lang)


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_has_a_translation(messages, lang):
    cat = catalogue(lang)
    missing = []
    for msg, ctx in messages:
        entry = cat.get(msg, context=ctx)
        strings = entry.string if entry is not None else None
        if not strings or (isinstance(strings, tuple) and not all(strings)):
            missing.append(msg)
    assert not missing, f"{len(missing)} messages untranslated in {lang} (run `make translations`): {missing[:10]}"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_placeholders_and_are_in_the_language(lang):
    script = i18n.SCRIPTS[lang]
    for entry in catalogue(lang):
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        want = set(re.findall(r"\{\w*\}", ids[-1]))
        for s in strings:
            if s:
                assert set(re.findall(r"\{\w*\}", s)) == want, (entry.id, s)
                words = re.sub(r"\{\w*\}", "", s).strip(" ():.,!#-$0123456789")   # a pure reordering ("{suit} {rank}") has none
                if any(c.isalpha() for c in ids[0]) and re.sub(r"\{\w*\}", "", ids[0]).strip(" ():.#-$0123456789") and words:
                    assert any(text.char_script(c) == script for c in s), (entry.id, s)


@pytest.mark.parametrize("lang", LANGS)
def test_no_character_of_a_translation_is_missing_from_its_font(lang):
    i18n.set_language(lang)
    for bold in (False, True):
        f = theme.font(theme.BODY, bold)
        for entry in catalogue(lang):
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            for s in strings:
                for script, piece in text.script_runs(s or ""):
                    assert not text.missing_glyphs(f.face(script), piece), (lang, script, piece)


def test_the_compiled_catalogues_match_their_sources():
    """The .mo the app loads says what the .po says (a stale .mo is compiled afresh in memory)."""
    for lang in LANGS:
        i18n._loaded.pop(lang, None)
        got = i18n.catalogue(lang)
        for entry in catalogue(lang):
            if entry.id and isinstance(entry.id, str) and entry.string:
                found = got.pgettext(entry.context, entry.id) if entry.context else got.gettext(entry.id)
                assert found == entry.string


def _marked_literals():
    """(file, line, message) of every string literal the code hands to _, N_, tr or ngettext."""
    import ast

    for path in sorted((ROOT / "cardgames").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                    "_", "N_", "tr", "ngettext"):
                for arg in node.args[:2 if node.func.id == "ngettext" else 1]:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        yield path.relative_to(ROOT), node.lineno, arg.value


@pytest.mark.parametrize("source", ("cardgames.pot", *LANGS))
def test_the_catalogues_hold_no_message_the_code_no_longer_says(messages, source):
    """A message no code says any more ("A card has been seen since: that move cannot be taken
    back") is dead weight the translators would keep translating: gone from the .pot and every .po."""
    said_now = {(m if isinstance(m, str) else m[0], ctx) for m, ctx in messages}
    path = ROOT / "cardgames" / "locale" / (source if source.endswith(".pot") else f"{source}/LC_MESSAGES/cardgames.po")
    with open(path, "rb") as f:
        kept = read_po(f)
    ids = [((m.id if isinstance(m.id, str) else m.id[0]), m.context) for m in kept if m.id]
    stale = [i for i, ctx in ids if any(c.isalpha() for c in i) and (i, ctx) not in said_now]   # ("0", "…": as messages)
    assert not stale, f"{source}: no code says these any more: {stale}"


def test_every_marked_message_is_extracted(messages):
    """Babel reads no message nested inside another keyword's call (push(Confirm(N_("...")))): such a
    message would never reach the catalogues, and no translation test would notice."""
    ids = [m for m, _ctx in messages]
    found = {m if isinstance(m, str) else m[0] for m in ids} | {m[1] for m in ids if not isinstance(m, str)}
    lost = [f"{f}:{line}: {msg!r}" for f, line, msg in _marked_literals()
            if any(c.isalpha() for c in msg) and msg not in found]
    assert not lost, "marked but not extracted (build the argument before the call):\n" + "\n".join(lost)
