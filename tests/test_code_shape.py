"""The code stays a size a newcomer can hold in mind: no file over 600 lines, no import circle.

Import circles are found by parsing every module of the `cardgames` package with
`ast`: an edge A -> B for every `import B` / `from B import x` in A (x counts as
the module B.x when that is a module), at module level AND inside functions (a
lazy import that closes a circle is still a circle: the two modules still need
each other), but not under `if TYPE_CHECKING:` (never run). Imports by name
(importlib, GameInfo.scene) are the registry's plug-in points and not edges.
The screens open one another through app.screens (cardgames/navigation.py).
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 600
CHECKED = ("cardgames", "tools", "tests")


def python_files(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py") if ".venv" not in p.parts)


def long_files(paths: list[Path], root: Path = ROOT, limit: int = MAX_LINES) -> dict[str, int]:
    """{path relative to root: lines} of the files over `limit` lines."""
    out = {}
    for path in paths:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            out[path.relative_to(root).as_posix()] = lines
    return out


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported_names(source: str, module: str, is_package: bool) -> list[tuple[str, int]]:
    """(imported name, line) for every import the module can run: module level and in functions,
    not under `if TYPE_CHECKING:`. For `from m import x` both "m" and "m.x" are given."""
    package = module if is_package else module.rpartition(".")[0]
    out: list[tuple[str, int]] = []

    def visit(nodes: list[ast.stmt] | list[ast.AST]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and _type_checking(node):
                visit(node.orelse)
            elif isinstance(node, ast.Import):
                out.extend((alias.name, node.lineno) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - node.level + 1]
                    source_module = ".".join(base + ([node.module] if node.module else []))
                else:
                    source_module = node.module or ""
                out.append((source_module, node.lineno))
                out.extend((f"{source_module}.{alias.name}", node.lineno) for alias in node.names)
            else:
                visit(list(ast.iter_child_nodes(node)))

    visit(ast.parse(source).body)
    return out


def import_graph(package: str = "cardgames") -> dict[str, dict[str, int]]:
    """{module: {module it imports: line}} within `package`."""
    paths = {module_name(p): p for p in python_files(package)}
    graph: dict[str, dict[str, int]] = {}
    for name, path in paths.items():
        edges: dict[str, int] = {}
        for target, line in imported_names(path.read_text(encoding="utf-8"), name, path.name == "__init__.py"):
            if target in paths and target != name:
                edges.setdefault(target, line)
        graph[name] = edges
    return graph


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def describe(group: list[str], graph: dict[str, dict[str, int]]) -> str:
    members = set(group)
    lines = [f"  {a} -> {b} (line {graph[a][b]})" for a in group for b in sorted(graph[a]) if b in members]
    return f"circle of {len(group)} modules:\n" + "\n".join(lines)


# ------------------------------------------------------------------ the rules
def test_no_python_file_is_over_600_lines():
    over = long_files(python_files(*CHECKED))
    assert not over, f"split these along the lines of what they do (at most {MAX_LINES} lines): {over}"


def test_the_cardgames_package_has_no_import_circle():
    graph = import_graph()
    assert "cardgames.app" in graph and "cardgames.ui.game_scene" in graph   # the parse saw the package
    found = circles(graph)
    assert not found, "\n\n".join(describe(group, graph) for group in found)


# ------------------------------------------------------------------ the checks can fail
def test_a_long_file_is_found(tmp_path):
    long = tmp_path / "long.py"
    long.write_text("x = 1\n" * (MAX_LINES + 1))
    short = tmp_path / "short.py"
    short.write_text("x = 1\n" * MAX_LINES)
    assert long_files([long, short], root=tmp_path) == {"long.py": MAX_LINES + 1}


def test_lazy_imports_count_and_type_checking_ones_do_not():
    source = ("from __future__ import annotations\nfrom typing import TYPE_CHECKING\n"
              "from . import sibling\n"
              "if TYPE_CHECKING:\n    from cardgames.only_for_types import Thing\n"
              "def later():\n    from cardgames.scenes.select import SelectScene\n    import cardgames.app\n")
    names = {name for name, _line in imported_names(source, "cardgames.scenes.title", is_package=False)}
    assert {"cardgames.scenes.sibling", "cardgames.scenes.select", "cardgames.app"} <= names
    assert not any("only_for_types" in name for name in names)


def test_circles_are_found_through_lazy_edges():
    graph = {"a": {"b": 1}, "b": {"c": 2}, "c": {"a": 3}, "d": {"a": 4}, "e": {}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b": 1}, "b": {}, "c": {"a": 1}}) == []
    assert "a -> b (line 1)" in describe(["a", "b", "c"], graph)
