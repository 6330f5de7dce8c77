"""The computers' levels, listed once (games/info.py): every game with computer players offers
Expert, the table seats it, and a game whose ai.py has no Expert yet plays Hard for it."""
from __future__ import annotations

import pytest

from cardgames.games import registry
from cardgames.games.info import LEVEL_NAMES, LEVEL_NOTES
from cardgames.table import games
from cardgames.table.seats import computer, parse_seat
from cardgames.table.table import Table


def test_every_game_with_computers_offers_every_level_with_a_line_saying_what_it_is():
    seated = [g for g in registry.GAMES if "level" in {o.key for o in g.options}]
    assert {g.name for g in seated} == {"skyjo", "switch", "three_thirteen"}
    for info in seated:
        spec = next(o for o in info.options if o.key == "level")
        assert [v for v, _ in spec.choices] == list(LEVEL_NAMES) == ["easy", "normal", "hard", "expert"]
    assert set(LEVEL_NOTES) == set(LEVEL_NAMES)
    assert parse_seat("computer:expert") == computer("expert")


@pytest.mark.parametrize("game", ["skyjo", "switch", "three_thirteen"])
def test_an_expert_computer_plays_at_every_games_table(game):
    table = Table(game, {}, 3, (computer("expert"), computer("expert")), ai_delay=0.0)
    table.start()
    table.advance(5.0)
    assert len(table.actions) >= 2 and not table.ai_errors


def test_a_game_without_an_expert_yet_plays_hard_in_its_place():
    class NoExpert:
        LEVELS = ("easy", "normal", "hard")
    assert games._playable(NoExpert, "expert") == "hard"
    assert games._playable(NoExpert, "normal") == "normal"
    class WithExpert:
        LEVELS = ("easy", "normal", "hard", "expert")
    assert games._playable(WithExpert, "expert") == "expert"
