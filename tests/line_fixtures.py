"""Both lines to the table (registered for every test module in conftest.py; issue 24).

A game scene talks to its table through a handle: LocalHandle (the messages pass as objects) or
WireHandle (every message encoded to bytes and decoded, as a network carries it), chosen by the
CARDGAMES_LINE environment variable (cardgames/ui/table_line.py). Every test that plays a game
through a scene runs with both: the modules in BOTH_LINES are parametrized over LINES (test ids
end in [local] / [wire]), and the autouse `line` fixture sets CARDGAMES_LINE for the test (the
child processes it starts inherit it). Every other test runs with the local line.

The list is kept whole by the fixture itself: after a test of a module NOT in BOTH_LINES, if a scene of
one of the four games sent its table an intent or holds moves (it played, or resumed a game), the
test fails and says so: add its module here. After a [wire] test, every game scene it opened must
have had a WireHandle (the variable took).
"""
from __future__ import annotations

import pytest

from cardgames.table.handles import LocalHandle, WireHandle
from cardgames.ui.table_line import LINE_ENV, TableLine

LINES = ("local", "wire")

BOTH_LINES = {
    # the scenes shared by the games: undo, records, achievements, pacing, focus, keys and pads
    "test_achievements", "test_fair_undo", "test_focus_after_moves", "test_input_games", "test_pacing",
    "test_pad_buttons", "test_pad_screens", "test_pick_lift", "test_practice_undo", "test_practice_undo_controls",
    "test_records_scenes", "test_round_resume", "test_summary_keys", "test_tutorial_keys", "test_table_start",
    "test_fit_tables", "test_table_layout", "test_focus", "test_suggest",
    # the translated tables and refusals (a move played to see what is said)
    "test_translated_refusals", "test_translated_tables", "test_translated_round_tables", "test_table_words",
    "test_text_sizes", "test_tripeaks_initials",
    # the redraw checks (a computer's move, the title's attract deal) and the pad on every screen
    "test_idle_redraw", "test_pad_everywhere",
    # the real app killed and resumed (child processes inherit the line), and random input everywhere
    "test_kill_resume", "test_monkey",
    # each game's own scene tests and tutorials
    "test_skyjo_scene", "test_skyjo_log", "test_switch_scene", "test_switch_catch_pad", "test_switch_contract",
    "test_switch_habits",
    "test_three_thirteen_scene", "test_tripeaks_scene", "test_tripeaks_saves", "test_tripeaks_deals", "test_tripeaks_view",
    "test_tutorial_skyjo", "test_tutorial_switch", "test_tutorial_three_thirteen", "test_tutorial_tripeaks",
    "test_tutorial_panel_three_thirteen",
}

# Modules that set CARDGAMES_LINE themselves, test by test.
CHOOSES_ITS_LINE = {"test_view_frames", "test_line_fixtures"}


def module_name(module) -> str:
    return module.__name__.rsplit(".", 1)[-1]


def pytest_configure(config):
    config.addinivalue_line("markers", "own_line: the test opens its scenes on both lines itself (not run twice)")
    config.addinivalue_line("markers", "real_game: the online screens open the real game scene (not a stand-in)")


def pytest_generate_tests(metafunc):
    if ("line" in metafunc.fixturenames and module_name(metafunc.module) in BOTH_LINES
            and metafunc.definition.get_closest_marker("own_line") is None):
        metafunc.parametrize("line", LINES, indirect=True)


@pytest.fixture(autouse=True)
def line(request, monkeypatch):
    """The line this test's game scenes use: "local" or "wire" (CARDGAMES_LINE); checked afterwards."""
    kind = getattr(request, "param", "local")
    monkeypatch.setenv(LINE_ENV, kind)
    opened: list[TableLine] = []
    open_table = TableLine.open_table

    def noted_open_table(self, *args, **kwargs):
        opened.append(self)
        return open_table(self, *args, **kwargs)

    monkeypatch.setattr(TableLine, "open_table", noted_open_table)
    yield kind
    if request.node.get_closest_marker("own_line") is not None:
        return
    fault = line_fault(kind, module_name(request.module), opened)
    assert fault is None, f"{request.node.nodeid}: {fault}"


def inner(line):
    """The handle under a game's wrapper of it (TriPeaks' AnswerLine keeps the solver's answers aside)."""
    while not isinstance(line, LocalHandle) and hasattr(line, "line"):
        line = line.line
    return line


def line_fault(kind: str, module: str, opened: list) -> str | None:
    """What is wrong with the game scenes a test of `module` opened on line `kind`, or None."""
    games = [scene for scene in opened if scene.game_spec is None]     # (a test's own toy game has no wire)
    if kind == "wire":
        lines = [inner(scene.line) for scene in games]
        kinds = sorted({type(line).__name__ for line in lines})
        return None if all(isinstance(line, WireHandle) for line in lines) else f"[wire] but the scenes had {kinds}"
    if module in BOTH_LINES or module in CHOOSES_ITS_LINE:
        return None
    played = [type(scene).__name__ for scene in games if scene.actions or inner(scene.line)._seq]
    return (f"plays a game through a scene ({', '.join(played)}) with one line only: add {module} to "
            f"BOTH_LINES in tests/line_fixtures.py") if played else None
