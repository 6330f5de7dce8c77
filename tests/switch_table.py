"""Switch tables for the scene tests: a position dealt at the scene's table, computers that play
what a test says. Shared by tests/test_switch_scene.py and tests/test_switch_catch_pad.py.

    scene = open_table(app, options, state=R.deal(...), script=("1 play 5C",))
    computer_moves(app, scene, 1)      # frames until the scripted move has landed

The scene is a view: a test sets its table up (scene.host, the Table, may be inspected and told a
position) and then watches what the scene shows and does.
"""
from __future__ import annotations

from scene_events import FRAME, settle

from cardgames.games.switch import rules as R
from cardgames.games.switch.scene import SwitchScene
from cardgames.table.games import spec as game_spec


class ScriptedSwitch(SwitchScene):
    """The computer seats play `script` (action texts, in order), then as their AI chooses."""

    def __init__(self, app, options, seed=None, resume=None, script=()):
        self.script = list(script)
        super().__init__(app, options, seed, resume)

    def table_choose(self):
        if not self.script:
            return None
        spec = game_spec("switch")

        def choose(state, seat, rng, level):
            if self.script:
                return R.parse_action(self.script.pop(0))
            return spec.choose(spec, state, seat, rng, level)
        return choose


def deal_at_table(scene, state):
    """The game goes on from `state` at the scene's table; the scene is told and draws it at rest."""
    scene.host.jump(state)
    scene.take_updates()
    scene.sync(animate=False)


def open_table(app, options=None, seed=3, state=None, wait=1.5, script=()):
    scene = ScriptedSwitch(app, {"players": 2, "level": "easy", **(options or {})}, seed=seed, script=script)
    if state is not None:
        deal_at_table(scene, state)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, wait)
    return scene


def computer_moves(app, scene, n=1, limit=10.0):
    """Frames until `n` more moves were made at the table and the scene shows them at rest."""
    target = len(scene.actions) + n
    t = 0.0
    while (len(scene.actions) < target or scene.animator.busy) and t < limit:
        app.step(FRAME)
        t += FRAME
    assert len(scene.actions) >= target, f"no computer move in {limit}s: {scene.actions}"


def human_choice(scene, call=True):
    """A simple player, from what seat 0 is sent: call when it may, else the first card it can
    play, else the other move."""
    latest = scene.latest()
    legal = [R.parse_action(a) for a in (*latest.legal, *latest.out_of_turn)]
    for kinds in (((R.K_CALL,) if call else ()), (R.K_PLAY,), (R.K_DRAW, R.K_TAKE, R.K_PASS)):
        for a in legal:
            if a.kind in kinds and a.seat == 0:
                return a
    raise AssertionError(f"no move for the human among {legal}")
