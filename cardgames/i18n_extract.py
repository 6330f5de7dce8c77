"""Babel's extractor for the games' GameInfo declarations (games/<game>/__init__.py; babel.cfg).

A game declares its title, tagline, description, option labels, choice labels and statistics
labels as plain strings in its GameInfo: the select, statistics and rules screens draw them
through the text renderer, which looks them up at draw time. This extractor collects them for
`make translations` without the game modules having to mark them: every string constant that
reads as words (not a key like "normal" or a module path). An f-string whose only field is a
plain name is collected with its field: f"{n} (pass and play)" gives "{n} (pass and play)",
which `cardgames.i18n.tr` matches for "2 (pass and play)".
"""
from __future__ import annotations

import ast
import io
import re

KEY = re.compile(r"[a-z0-9_.:]*|[\w.]+:\w+")   # a key or value ("normal"), a scene path ("mod.scene:Class")


def words(value: str) -> bool:
    """Whether a string constant is shown to the player (not a key, a value or a module path)."""
    return any(c.isalpha() for c in value) and not KEY.fullmatch(value)


def _fstring(node: ast.JoinedStr) -> str | None:
    parts = []
    for v in node.values:
        if isinstance(v, ast.Constant):
            parts.append(str(v.value))
        elif isinstance(v, ast.FormattedValue) and isinstance(v.value, ast.Name) and v.format_spec is None:
            parts.append("{" + v.value.id + "}")
        else:
            return None
    return "".join(parts)


def extract_game_info(fileobj, keywords, comment_tags, options):
    """(lineno, funcname, message, comments) for every player-facing string of the file."""
    tree = ast.parse(fileobj.read().decode("utf-8"))
    pieces = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    pieces |= {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}   # docstrings
    for node in ast.walk(tree):
        if id(node) in pieces:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and words(node.value):
            yield node.lineno, None, node.value, []
        elif isinstance(node, ast.JoinedStr):
            message = _fstring(node)
            if message and words(message):
                yield node.lineno, None, message, []


def extract_level_file(fileobj, keywords, comment_tags, options):
    """A TriPeaks level file's name and intro (levels/tripeaks/level_*.json), drawn through the text renderer."""
    import json

    try:
        data = json.loads(fileobj.read().decode("utf-8"))
    except ValueError:
        return
    for key in ("name", "intro"):
        value = data.get(key) if isinstance(data, dict) else None
        if isinstance(value, str) and words(value):
            yield 1, None, value, []



def extract_python(fileobj, keywords, comment_tags, options):
    """Every keyword call of a Python file, by its syntax tree: (line, keyword, its positional arguments,
    a string literal or None each); Babel then takes the messages where the keyword's spec says
    (`_`, `N_`, `ngettext:1,2`, the drawing calls listed in the Makefile's KEYWORDS).

    Babel's own Python extractor misses a message nested two calls deep inside another keyword's
    call (stack.push(ConfirmScene(app, N_("Restart?")))): the tree sees every call. Babel's reader
    runs first (it also reads a literal inside an expression: `title or "Moves"`), the union is kept."""
    from babel.messages.extract import extract_python as babel_python

    source = fileobj.read()
    copy = io.BytesIO(source)
    copy.name = getattr(fileobj, "name", "")   # (Babel's warnings name the file)
    yield from babel_python(copy, keywords, comment_tags, options)
    tree = ast.parse(source.decode("utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name in keywords and node.args:
            args = tuple(a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                         for a in node.args)
            yield node.lineno, name, args, []
