"""The table is pure Python: no module under cardgames/table imports pygame, directly or through
the project's modules it imports (followed in their syntax trees), and importing it in a fresh
interpreter loads no pygame."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TABLE = sorted((ROOT / "cardgames" / "table").glob("*.py"))


def imports_of(path: Path) -> set[str]:
    """The modules a file imports (absolute names; `from . import x` is resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1] + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def source_of(module: str) -> Path | None:
    parts = module.split(".")
    if parts[0] != "cardgames":
        return None
    path = ROOT.joinpath(*parts)
    if path.with_suffix(".py").is_file():
        return path.with_suffix(".py")
    if (path / "__init__.py").is_file():
        return path / "__init__.py"
    return None


def reached(start: Path) -> dict[str, Path]:
    """Every module of the project `start` imports, and what they import, and so on (with the
    packages they live in, whose __init__ runs first)."""
    seen: dict[str, Path] = {}
    todo = [start]
    while todo:
        path = todo.pop()
        for module in imports_of(path):
            parts = module.split(".")
            for i in range(1, len(parts) + 1):
                name = ".".join(parts[:i])
                src = source_of(name)
                if src is not None and name not in seen:
                    seen[name] = src
                    todo.append(src)
    return seen


@pytest.mark.parametrize("path", TABLE, ids=lambda p: p.name)
def test_no_table_module_reaches_pygame(path):
    modules = {"(itself)": path, **reached(path)}
    for name, src in modules.items():
        bad = [m for m in imports_of(src) if m == "pygame" or m.startswith("pygame.")]
        assert not bad, f"{path.name} reaches {name} ({src.relative_to(ROOT)}), which imports {bad}"


def test_the_check_would_see_a_module_that_imports_pygame():
    scene = ROOT / "cardgames" / "games" / "switch" / "catch.py"
    assert "pygame" in imports_of(scene)
    fans = ROOT / "cardgames" / "ui" / "pile_fans.py"        # no pygame of its own, but through what it imports
    assert "pygame" not in imports_of(fans)
    assert any("pygame" in imports_of(src) for src in reached(fans).values())


def test_importing_the_table_loads_no_pygame():
    code = ("import sys\nimport cardgames.table.table, cardgames.table.handles, cardgames.table.bench\n"
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
