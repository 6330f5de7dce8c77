"""The pure modules (core, rules, AI, solver, melds, scoring) never import pygame."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "cardgames"
PURE_NAMES = {"rules.py", "ai.py", "expert.py", "solver.py", "melds.py", "scoring.py", "levels.py", "arena.py", "log.py", "presets.py"}


def pure_files():
    files = sorted((ROOT / "core").glob("*.py"))
    for game in sorted((ROOT / "games").iterdir()):
        if game.is_dir():
            files += [p for p in sorted(game.glob("*.py")) if p.name in PURE_NAMES]
    return files


def imported_modules(path: Path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


@pytest.mark.parametrize("path", pure_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_pure_module_never_imports_pygame_or_ui(path):
    for module in imported_modules(path):
        assert not module.startswith("pygame"), f"{path.name} imports {module}"
        assert not module.startswith(("cardgames.engine", "cardgames.ui", "cardgames.scenes", "cardgames.app")), (
            f"{path.name} imports {module}"
        )


def test_the_check_finds_core_modules():
    assert len(pure_files()) >= 4
