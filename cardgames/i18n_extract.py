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
