"""Computer pacing: the Instant speed, delays that shrink with the table, Skyjo's set-up all at once."""
from __future__ import annotations

import pytest
from scene_events import FRAME, click, settle, table_app

from cardgames.games.skyjo.bench import round_pacing
from cardgames.games.skyjo.rules import Phase
from cardgames.games.skyjo.scene import SkyjoScene


@pytest.fixture
def app(tmp_path):
    return table_app(tmp_path)


def open_skyjo(app, players, speed, seed=3):
    app.settings["ai_speed"], app.settings["anim_speed"] = speed, "normal"
    scene = SkyjoScene(app, {"players": players, "level": "normal"}, seed=seed)
    app.stack.push(scene)
    app.stack.apply_pending()
    settle(app, 2.0)
    return scene


def time_to_next_computer_move(app, scene):
    """Scene seconds from the human's last set-up flip until the first computer action lands."""
    click(app, scene.board.top("grid:0:0").rect.center)
    settle(app, 0.6)
    click(app, scene.board.top("grid:0:1").rect.center)
    done, t = len(scene.actions), 0.0
    while len(scene.actions) == done:
        app.step(FRAME)
        t += FRAME
        assert t < 10
    return t


def test_instant_plays_as_soon_as_the_last_move_has_landed(app):
    scene = open_skyjo(app, 3, "instant")
    assert scene.host.ai_delay == 0.0          # the table's clock runs at the app's speed
    t = time_to_next_computer_move(app, scene)
    assert t < 0.45     # the human's flip animates (0.24 s) and lands, then the computer moves


def test_slow_thinks_visibly_before_moving(app):
    scene = open_skyjo(app, 3, "slow")
    t = time_to_next_computer_move(app, scene)
    assert t >= 1.0


def test_the_thinking_delay_shrinks_with_the_number_of_players(tmp_path):
    """The table's computers think pace.thinking_delay: the speed's delay up to four players, 3/8 of it at
    eight (the scene's flip lands in the same time at both tables)."""
    waits = {}
    for players in (3, 8):
        app = table_app(tmp_path / str(players))
        scene = open_skyjo(app, players, "normal")
        waits[players] = time_to_next_computer_move(app, scene)
    assert waits[3] >= app.ai_delay
    assert waits[3] - waits[8] == pytest.approx(app.ai_delay * (1 - 3 / 8), abs=2.5 * FRAME)


def test_the_computers_set_up_flips_land_in_one_batch(app):
    scene = open_skyjo(app, 8, "normal")
    click(app, scene.board.top("grid:0:0").rect.center)
    settle(app, 0.6)
    click(app, scene.board.top("grid:0:1").rect.center)
    counts = []
    for _ in range(int(3 / FRAME)):
        app.step(FRAME)
        counts.append(len(scene.actions))
        if scene.host.state.phase != Phase.SETUP:
            break
    assert scene.host.state.phase != Phase.SETUP
    jumps = [b - a for a, b in zip([2] + counts, counts) if b != a]
    assert jumps[0] == 14            # seven computers, two flips each, on one frame


def test_the_pacing_bench_measures_the_scene():
    slow, actions = round_pacing("slow", players=3, seed=2)
    instant, same_actions = round_pacing("instant", players=3, seed=2)
    assert actions == same_actions > 20          # the same round...
    assert slow > instant + 0.5 * actions * 0.5  # ...with a visible pause per action at Slow
