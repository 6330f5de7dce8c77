"""A game scene draws the same frames whichever line joins it to its table (issue 24).

For each of the four games: the same seeded game, the same inputs (the keyboard steering the
focus ring to each card, through App.step as real events), played once with the in-process handle
(LocalHandle: the messages pass as objects) and once with the wire handle (WireHandle: every
message encoded to bytes and decoded on the other side). Every frame on the canvas, from the
deal to the last move's landing, computer moves and all, is the same pixel for pixel
(pygame.image.tobytes, compared frame by frame).
"""
from __future__ import annotations

import hashlib
import random

import msgspec
import pygame
import pytest
from input_drive import Keyboard, open_table, play_action
from line_fixtures import inner
from scene_events import FRAME, settle, table_app

from cardgames.games.skyjo.scene import SkyjoScene
from cardgames.games.switch.scene import SwitchScene
from cardgames.games.three_thirteen.scene import ThreeThirteenScene
from cardgames.games.tripeaks.scene import TriPeaksScene
from cardgames.table.handles import LocalHandle, WireHandle
from cardgames.table.messages import Update
from cardgames.ui import table_line
from cardgames.ui.table_line import LINE_ENV

MOVES = 6   # the human's moves in each game (the computers' in between)
GAMES = {
    # (Classic: Relaxed's "winnable" sign is a solver thread's answer, drawn when the thread has it,
    # however fast the machine is: frames that depend on the machine cannot be compared.)
    "tripeaks": lambda app: TriPeaksScene(app, {"mode": "classic"}, seed=5),
    "skyjo": lambda app: SkyjoScene(app, {"players": 3, "level": "easy"}, seed=4),
    "three_thirteen": lambda app: ThreeThirteenScene(app, {"players": 3, "level": "easy"}, seed=3),
    "switch": lambda app: SwitchScene(app, {"players": 3, "level": "easy"}, seed=8),
}


class Film:
    """Every frame the app shows, as a digest of its pixels (App.step wrapped)."""

    def __init__(self, app) -> None:
        self.frames: list[bytes] = []
        self.surface = app.canvas.surface
        step = app.step

        def filmed_step(dt, events=()):
            step(dt, events)
            self.frames.append(hashlib.sha256(pygame.image.tobytes(app.canvas.surface, "RGB")).digest())

        app.step = filmed_step


def chooser_for(action):
    """Switch's suit chooser after a Jack: the suit the action names."""
    suit = getattr(action, "suit", None)
    return lambda scene: f"suit:{suit.letter}" if suit is not None and getattr(scene, "choosing", None) else None


def human_moves_next(app, scene, limit=60.0) -> bool:
    """Let the computers play and the cards land until the human may move (True), or nobody will
    (False: the game or the round is over, or something covers the table)."""
    for _ in range(int(limit / FRAME)):
        if app.stack.top is not scene or scene.over or getattr(scene, "round_over", False):
            return False
        if scene.human_turn and not scene.animator.busy:
            return True
        app.step(FRAME)
    raise AssertionError("the human never got a move")


def play(app, scene, rng, moves=MOVES) -> list[str]:
    """`moves` moves of the human, each drawn by `rng` from what the table says is legal: by the keys
    when the move goes from one pile to another, else as the scene's own act() (a button, a key).
    Returns the game's actions."""
    press = Keyboard(app)
    for _ in range(moves):
        if not human_moves_next(app, scene):
            break
        action = scene.rules.parse_action(rng.choice(sorted(scene.latest().legal)))
        src, dst = scene.action_ui(action)
        if src is not None and dst is not None:
            play_action(app, scene, press, action, chooser=chooser_for(action))
        else:
            assert scene.act(action), action
    settle(app, 2.0)
    return list(scene.actions)


def film(game: str, line: str, tmp_path, monkeypatch, moves=MOVES) -> tuple[list[bytes], list[str], type]:
    monkeypatch.setenv(LINE_ENV, line)
    app = table_app(tmp_path / line)
    pygame.event.clear()
    recording = Film(app)
    scene = open_table(app, GAMES[game](app))
    actions = play(app, scene, random.Random(11), moves)
    return recording.frames, actions, type(inner(scene.line))


def first_difference(local: list[bytes], wire: list[bytes]) -> int | None:
    """The first frame that differs (or that only one film has), None when the films are the same."""
    first = next((i for i, (a, b) in enumerate(zip(local, wire)) if a != b), None)
    return first if first is not None or len(local) == len(wire) else min(len(local), len(wire))


@pytest.mark.parametrize("game", GAMES)
def test_both_lines_draw_the_same_frames(game, tmp_path, monkeypatch):
    local, local_actions, local_kind = film(game, "local", tmp_path, monkeypatch)
    wire, wire_actions, wire_kind = film(game, "wire", tmp_path, monkeypatch)
    assert (local_kind, wire_kind) == (LocalHandle, WireHandle)
    assert len(local_actions) >= MOVES, "the game hardly moved"
    assert wire_actions == local_actions
    assert len(set(local)) > 20, "the film hardly changed"
    first = first_difference(local, wire)
    assert first is None, f"frame {first} of {len(local)} differs between the two lines"


class ForgetfulWire(WireHandle):
    """A wire that loses who is thinking on the way (a codec that forgot a field)."""

    def _carried(self, msg):
        msg = super()._carried(msg)
        return msgspec.structs.replace(msg, thinking=None) if isinstance(msg, Update) else msg


def test_a_line_that_loses_a_detail_draws_other_frames(tmp_path, monkeypatch):
    """The comparison can fail: a wire that drops the computers' thinking (their dots) is caught."""
    monkeypatch.setitem(table_line.LINES, "wire", ForgetfulWire)
    local, local_actions, _ = film("skyjo", "local", tmp_path, monkeypatch, moves=2)
    wire, wire_actions, kind = film("skyjo", "wire", tmp_path, monkeypatch, moves=2)
    assert kind is ForgetfulWire and wire_actions == local_actions
    assert first_difference(local, wire) is not None
    assert first_difference(local, local) is None and first_difference(local, local[:-1]) == len(local) - 1
