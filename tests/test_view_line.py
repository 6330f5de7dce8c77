"""The line between a game's table and its view, checked from the syntax tree (issue 24).

The modules that draw (everything under cardgames/ui/ and cardgames/scenes/, and each game's
scene*.py, hud.py, summary.py, tutorial.py) are views: they work from what their seat is sent
(observations, updates, action strings), never from the game itself. This test parses each of them
and reports, as path:line, every place that
- reads or sets `.state` or `.history` of a scene or table: `self.state`, `scene.state`,
  `game.history`, `self.host.state`, `self.game.table.history`, getattr(scene, "state") ...
  (a receiver named self/scene/game/host/table/view, or an attribute chain ending in one);
- imports a game's State type (`from cardgames.games.skyjo.rules import State`), or names it
  through a rules module (`rules.State`);
- calls one of the rules' state functions (new_game, deal, apply, legal_actions, ...) through a
  rules module (`rules.apply`, `self.rules.winners`, `self.game.rules.observe`, a module of
  cardgames.games imported under any name) or imported by name from one.
`parse_action` and the rules' constants, Phase, Observation... stay allowed: parsing is fine.

ALLOWED lists the few hits that are not a game's state, each with its reason; an entry that no
longer occurs fails the test too, so the list cannot go stale.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardgames"

GAME_VIEW_FILES = ("scene*.py", "hud.py", "summary.py", "tutorial.py")
SCENE_NAMES = {"self", "scene", "game", "host", "table", "view"}
GAME_ATTRS = {"state", "history"}
RULES_MODULES = {"rules", "state", "moves", "dealing", "play", "observation"}
STATE_FUNCTIONS = {"new_game", "deal", "apply", "legal_actions", "current_player", "is_over", "scores", "winners",
                   "observe", "out_of_turn_actions", "actions_for", "deal_events"}

# (path, what the checker reports) -> why it is not a game's state.
ALLOWED = {
    ("cardgames/scenes/stats.py", "self.history"):
        "the statistics screen's own list of past games (a HistoryList widget it builds), not a game's history",
}


def view_files() -> list[Path]:
    files = sorted((PACKAGE / "ui").rglob("*.py")) + sorted((PACKAGE / "scenes").rglob("*.py"))
    for game in sorted(p for p in (PACKAGE / "games").iterdir() if p.is_dir()):
        files += sorted({p for pattern in GAME_VIEW_FILES for p in game.glob(pattern)})
    return files


def dotted(node: ast.AST) -> str | None:
    """`self.game.rules` for an attribute chain on a name; None for anything else (a call, a subscript)."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def is_scene(node: ast.AST) -> bool:
    """A receiver that is a scene or a table: a name like self/scene/host, or a chain ending in one."""
    if isinstance(node, ast.Name):
        return node.id in SCENE_NAMES
    return isinstance(node, ast.Attribute) and node.attr in SCENE_NAMES and dotted(node) is not None


def is_game_module(module: str) -> bool:
    """A module of a game's rules: cardgames.games.<game>.rules, or one of the parts Switch's rules
    are made of (state, moves, dealing, play, observation). A lesson's scripted deal (lesson.py) is
    the table's, handed to it by the tutorial: not one of them."""
    parts = module.split(".")
    return len(parts) == 4 and module.startswith("cardgames.games.") and parts[3] in RULES_MODULES


class LineChecker:
    """The crossings of the line in one module: (line, what, why)."""

    def __init__(self, tree: ast.AST) -> None:
        self.found: list[tuple[int, str, str]] = []
        self.rules_names: set[str] = {"rules"}    # names bound to a game's rules module (or moves, state...)
        self.rule_functions: set[str] = set()     # state functions imported by name
        nodes = list(ast.walk(tree))
        for node in nodes:                         # the imports first: `r` is known wherever it is used
            if isinstance(node, ast.Import):
                self.check_import(node)
            elif isinstance(node, ast.ImportFrom):
                self.check_import_from(node)
        for node in nodes:
            if isinstance(node, ast.Attribute):
                self.check_attribute(node)
            elif isinstance(node, ast.Call):
                self.check_call(node)

    def hit(self, node: ast.AST, what: str, why: str) -> None:
        self.found.append((node.lineno, what, why))

    def is_rules(self, node: ast.AST) -> bool:
        name = dotted(node)
        return name is not None and name.split(".")[-1] in self.rules_names

    def check_import(self, node: ast.Import) -> None:
        for alias in node.names:
            if is_game_module(alias.name):
                self.rules_names.add(alias.asname or alias.name.split(".")[-1])

    def check_import_from(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        for alias in node.names:
            bound = alias.asname or alias.name
            if is_game_module(f"{module}.{alias.name}") and not is_game_module(module):
                self.rules_names.add(bound)        # from cardgames.games.skyjo import rules [as r]
            elif is_game_module(module) and alias.name == "State":
                self.hit(node, f"from {module} import State", "imports a game's State type")
            elif is_game_module(module) and alias.name in STATE_FUNCTIONS:
                self.rule_functions.add(bound)
                self.hit(node, f"from {module} import {alias.name}", "imports a rules state function")

    def check_attribute(self, node: ast.Attribute) -> None:
        if node.attr in GAME_ATTRS and is_scene(node.value):
            verb = "sets" if isinstance(node.ctx, ast.Store) else "reads"
            self.hit(node, str(dotted(node)), f"{verb} the game's {node.attr}")
        elif node.attr == "State" and self.is_rules(node.value):
            self.hit(node, str(dotted(node)), "names a game's State type")

    def check_call(self, node: ast.Call) -> None:
        func, args = node.func, node.args
        if isinstance(func, ast.Attribute) and func.attr in STATE_FUNCTIONS and self.is_rules(func.value):
            self.hit(node, f"{dotted(func)}()", "calls a rules state function")
        elif isinstance(func, ast.Name) and func.id in self.rule_functions:
            self.hit(node, f"{func.id}()", "calls a rules state function")
        elif (isinstance(func, ast.Name) and func.id in ("getattr", "setattr", "hasattr") and len(args) >= 2
              and is_scene(args[0]) and isinstance(args[1], ast.Constant) and args[1].value in GAME_ATTRS):
            self.hit(node, f"{func.id}({dotted(args[0])}, {args[1].value!r})", f"reads the game's {args[1].value}")


def crossings(source: str, path: str = "<test>") -> list[tuple[int, str, str]]:
    """Every crossing of the line in `source` that ALLOWED does not excuse, in line order."""
    found = LineChecker(ast.parse(source, filename=path)).found
    return sorted({hit for hit in found if (path, hit[1]) not in ALLOWED})


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def report(path: str, found: list[tuple[int, str, str]]) -> str:
    return "\n".join(f"  {path}:{line}: {what} ({why})" for line, what, why in found)


# ---------------------------------------------------------------------- the views
@pytest.mark.parametrize("path", view_files(), ids=relative)
def test_a_view_never_reaches_the_game(path):
    found = crossings(path.read_text(encoding="utf-8"), relative(path))
    if found:
        pytest.fail(f"{relative(path)} crosses the line to the table {len(found)} times:\n"
                    f"{report(relative(path), found)}", pytrace=False)


def test_the_views_checked_include_every_game_scene_and_the_shared_screens():
    names = {relative(p) for p in view_files()}
    for game in ("skyjo", "switch", "three_thirteen", "tripeaks"):
        assert f"cardgames/games/{game}/scene.py" in names and f"cardgames/games/{game}/tutorial.py" in names
    assert {"cardgames/ui/game_scene.py", "cardgames/ui/table_line.py", "cardgames/ui/round_scene.py",
            "cardgames/scenes/summary.py", "cardgames/games/tripeaks/scene_assist.py"} <= names
    assert not any(n.startswith("cardgames/games/") and n.endswith(("/rules.py", "/ai.py")) for n in names)


def test_every_allowed_crossing_still_occurs():
    for (path, what), why in ALLOWED.items():
        checker = LineChecker(ast.parse((ROOT / path).read_text(encoding="utf-8")))
        assert any(hit[1] == what for hit in checker.found), f"{path}: {what} is allowed ({why}) but no longer occurs"


# ---------------------------------------------------------------------- the checker can fail
CROSSINGS = {
    "x = self.state.phase": "self.state",
    "n = len(scene.history)": "scene.history",
    "s = self.host.state": "self.host.state",
    "h = self.game.table.history": "self.game.table.history",
    "self.state = start": "self.state",
    "s = getattr(scene, 'state')": "getattr(scene, 'state')",
    "from cardgames.games.skyjo.rules import State": "from cardgames.games.skyjo.rules import State",
    "from cardgames.games.switch.state import State": "from cardgames.games.switch.state import State",
    "def deal() -> rules.State: ...": "rules.State",
    "moves = rules.legal_actions(obs)": "rules.legal_actions()",
    "who = self.rules.current_player(x)": "self.rules.current_player()",
    "won = self.game.rules.winners(x)": "self.game.rules.winners()",
    "from cardgames.games.three_thirteen import rules as tt\nx = tt.apply(s, a)": "tt.apply()",
    "import cardgames.games.tripeaks.rules as tp\nx = tp.observe(s, 0)": "tp.observe()",
    "from cardgames.games.switch import moves\nx = moves.actions_for(s, 1)": "moves.actions_for()",
    "from cardgames.games.switch.dealing import deal_events as de\nx = de(s)": "de()",
    "s = rules.new_game({}, 1); rules.deal({}, [], [], [])": "rules.new_game()",
    "o = rules.out_of_turn_actions(s, 0), rules.is_over(s), rules.scores(s)": "rules.is_over()",
}


@pytest.mark.parametrize("source", list(CROSSINGS), ids=range(len(CROSSINGS)))
def test_the_checker_finds_a_crossing(source):
    assert CROSSINGS[source] in [what for _line, what, _why in crossings(source)]


VIEW_LIKE = """
from cardgames.games.skyjo import rules
from cardgames.games.skyjo.rules import Phase, parse_action

class Scene:
    def draw(self, event):
        obs = self.observation()
        if obs.phase == rules.Phase.ROUND_OVER and self.latest().result is not None:
            self.send(rules.parse_action(self.latest().legal[0]))
        self.focus.state = event.state          # a widget's, an event's: not a game's
        self.apply(self.deal)                   # the scene's own methods
        history = self.move_log.entries
        return self.stats_history, obs.scores, self.states


from cardgames.games.three_thirteen.lesson import deal        # a lesson's deal, for the table
from cardgames.games.three_thirteen import lesson, melds


class Lesson:
    def table_deal(self):
        return deal if lesson.deal else melds.arrange
"""


def test_the_checker_lets_a_view_work_from_what_it_is_sent():
    assert crossings(VIEW_LIKE) == []


def test_an_allowed_crossing_is_only_allowed_where_it_is_listed():
    source = "rows = self.history.entries"
    assert crossings(source, "cardgames/scenes/stats.py") == []
    assert [what for _l, what, _w in crossings(source, "cardgames/scenes/select.py")] == ["self.history"]
