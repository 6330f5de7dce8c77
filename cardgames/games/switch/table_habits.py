"""The computer players' "last card" habits as a player meets them: measured through the table.

Seeded games are played through SwitchScene, headless: the computer turns and catches run at its
table as a game runs them (the worker thread, the table's clock as the scene lets it run, the catch
window and its hold), frame after frame. Seat 0 stands in for the human and plays at once when it
is its turn, from what it is sent (its legal actions): the first card that goes, else the other
move. Computers play at the "instant" speed with animations off (settings a player may choose), so
the figures come in seconds; the catch window's hold and the reaction times are clock time either
way. What happened is read from the table's record (its history: the states before each action).

- forget_figures: a computer's "last card" moment is a "Last card!" it calls, or a play that leaves
  it one card without the call; the share of moments it forgot (levels/ai/switch.json: forget_call).
- catch_figures: the human always forgets; at a 2-player table, the computer's reaction to each
  forgotten call as the table tells it (the catch deadline's `soonest`: reaction_time,
  reaction_spread), whether that falls within the window's hold (a reaction slower than the hold
  comes too late: the computer's own move closes the window first), how often the computer catches
  and how long after the human's play the catch lands (notice, among the windows it could catch in).

Used by `make bench` (bench.py) and tests/test_switch_habits.py.
"""
from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from typing import Any

from cardgames.games.switch import rules
from cardgames.games.switch.rules import K_CALL, K_CATCH, K_DRAW, K_PASS, K_PLAY, K_TAKE, Action

FRAME = 1 / 60
LIMIT = 900.0          # seconds of scene time a game may take before the measurement gives up on it


@dataclass
class Figures:
    moments: int = 0                  # "last card" moments (forget_figures) or forgotten calls (catch_figures)
    forgot: int = 0                   # moments without the call
    caught: int = 0                   # forgotten calls a computer caught
    reactions: list[float] = field(default_factory=list)   # seconds from the play to the catch
    planned: list[float] = field(default_factory=list)     # each forgotten call: the computer's reaction (seconds)
    in_time: int = 0                  # forgotten calls whose reaction fell within the window's hold
    late: list[float] = field(default_factory=list)        # caught: the landed reaction less the planned one
    calls_not_due: int = 0            # calls not followed by the caller's play to one card


def _human_move(update: Any, call: bool) -> Action:
    """Seat 0's move from its update: "last card" when due (if `call`), the first card that goes,
    else the other move."""
    legal = [rules.parse_action(a) for a in update.legal]
    for kinds in (((K_CALL,) if call else ()), (K_PLAY,), (K_DRAW, K_TAKE, K_PASS)):
        for a in legal:
            if a.kind in kinds and a.seat == 0:
                return a
    return legal[0]


def _clock(scene: Any) -> float:
    """The table's clock as the scene was last told it (to the microsecond: the clock adds up
    frames, so a 2.2 s reaction may read 2.1999999999999)."""
    return round(scene.latest().now, 6)


def play_game(app: Any, level: str, players: int, seed: int,
              human_calls: bool) -> tuple[Any, list[float], dict[float, Any]]:
    """One seeded hand through the scene; returns the scene, the moment (the table's clock, on
    which the computers move and catch) each action was told, and the catch deadlines on seat 0
    the scene was told, by the moment each window opened."""
    from cardgames.games.switch.scene import SwitchScene

    scene = SwitchScene(app, {"players": players, "level": level, "humans": (0,)}, seed=seed)
    scene.save = lambda: None          # the autosave: a file written per move, no part of the measure
    app.stack.push(scene)
    app.stack.apply_pending()
    times: list[float] = []
    windows: dict[float, Any] = {}

    def told() -> None:
        nonlocal times
        times += [_clock(scene)] * (len(scene.actions) - len(times))
        for d in scene.latest().deadlines if scene.seen else ():
            if d.kind == "catch" and d.seat == 0:
                windows.setdefault(round(d.opened, 6), d)

    try:
        while not scene.over and scene.scheduler.time < LIMIT:
            scene.update(FRAME)
            told()
            if scene.human_turn and not scene.animator.busy and not scene.over:
                scene.act(_human_move(scene.latest(), human_calls))
                told()
    finally:
        while app.stack.top is not None:
            app.stack.pop()
            app.stack.apply_pending()
    return scene, times, windows


def _app() -> Any:
    from cardgames.app import headless_app

    app = headless_app(tempfile.mkdtemp(prefix="switch-habits-"))
    app.settings["ai_speed"] = "instant"
    app.settings["anim_speed"] = "off"
    return app


def forget_figures(level: str, games: int, players: int = 4, seed: int = 1, app: Any = None) -> Figures:
    """The computers' "last card" moments and forgets over `games` seeded hands at `level`."""
    app = app or _app()
    out = Figures()
    for g in range(games):
        scene, _times, _windows = play_game(app, level, players, seed * 1_000_003 + g, human_calls=True)
        acts = [rules.parse_action(a) for a in scene.actions]
        for i, (action, before) in enumerate(zip(acts, scene.host.history)):
            if action.seat == 0:
                continue
            if action.kind is K_CALL:
                out.moments += 1
                after = next((a for a in acts[i + 1:] if a.seat == action.seat and a.kind is not K_CATCH), None)
                if after is None or after.kind is not K_PLAY or len(before.hands[action.seat]) != 2:
                    out.calls_not_due += 1
            elif action.kind is K_PLAY and len(before.hands[action.seat]) == 2 and not before.called[action.seat]:
                out.moments += 1
                out.forgot += 1
    return out


def catch_figures(level: str, games: int, seed: int = 1, app: Any = None) -> Figures:
    """The human (seat 0) never calls; at a 2-player table, how often and how fast the computer catches."""
    app = app or _app()
    out = Figures()
    for g in range(games):
        scene, times, windows = play_game(app, level, 2, seed * 1_000_003 + g, human_calls=False)
        acts = [rules.parse_action(a) for a in scene.actions]
        for i, (action, before) in enumerate(zip(acts, scene.host.history)):
            if action.seat != 0 or action.kind is not K_PLAY or len(before.hands[0]) != 2:
                continue
            out.moments += 1
            out.forgot += 1
            window = windows.get(times[i])
            planned = None
            if window is not None and window.soonest is not None:
                planned = round(window.soonest - window.opened, 6)
                out.planned.append(planned)
                out.in_time += window.closes is not None and window.soonest <= window.closes
            nxt = acts[i + 1] if i + 1 < len(acts) else None
            if nxt is not None and nxt.kind is K_CATCH and nxt.target == 0:
                out.caught += 1
                out.reactions.append(round(times[i + 1] - times[i], 6))
                if planned is not None:
                    out.late.append(round(out.reactions[-1] - planned, 6))
    return out
