"""The Three Thirteen tutorial's panel hides nothing the player reads or plays, in every language:
not the info column (round, wild rank, dealer, Ace rule), not a card of your hand (where it rests),
not the piles, not a button, not the log's corner, in every step at 1280x720."""
from __future__ import annotations

import pygame
import pytest
from scene_events import FRAME, table_app
from test_tutorial_three_thirteen import move
from tutorial_events import advance, wait_ready

from cardgames import config, i18n, tutorial
from cardgames.games.three_thirteen import tutorial as script


def covered(scene) -> list[str]:
    panel = scene.panel.rect
    things = {"info column": script.INFO_COLUMN, "log": scene.move_log.corner.rect}
    things |= {f"pile {name}": scene.board.piles[name].base_rect(scene.board.size_of(name))
               for name in ("stock", "discard")}
    things |= {f"hand {s.card}": s.home_rect for s in scene.board.sprites("hand:0")}
    things |= {f"button {name}": b.rect for name, b in scene.buttons.items()}
    return sorted(name for name, r in things.items() if panel.colliderect(r))


@pytest.mark.parametrize("lang", ("en", "ta", "te", "kn"))
def test_the_panel_covers_no_info_hand_pile_or_button(tmp_path, lang):
    app = table_app(tmp_path)
    i18n.set_language(lang)
    scene = tutorial.start(app, "three_thirteen")
    app.stack.apply_pending()
    steps = []
    while True:
        wait_ready(app, scene)
        if scene.ended is not None:
            break
        app.step(FRAME)   # a frame drawn: the panel placed for this step
        assert scene.panel.rect is not None
        assert pygame.Rect((0, 0), config.CANVAS_SIZE).contains(scene.panel.rect)
        assert covered(scene) == [], (lang, scene.step_no, scene.panel.rect)
        steps.append(scene.step_no)
        advance(app, scene, move)
        while scene.ended is None and scene.step.auto and scene.auto_done < len(scene.step.auto):
            app.step(FRAME)       # the computer's moves: the panel stays clear of the table meanwhile
            assert covered(scene) == [], (lang, scene.step_no, scene.panel.rect)
            steps.append(scene.step_no)
    assert sorted(set(steps)) == list(range(len(script.STEPS)))


def test_the_info_column_holds_what_the_table_writes_there():
    """INFO_COLUMN is where hud._draw_left_panel writes (x 40, from y 180 to the Ace rule's line)."""
    assert script.INFO_COLUMN.collidepoint(40, 180) and script.INFO_COLUMN.collidepoint(240, 180 + 148 + 20)
