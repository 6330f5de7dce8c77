"""How a game scene records its result: once a game, through cardgames.records.record_game.

GameScene mixes this in. A game writes one hook:

    game_result(self, abandoned) -> GameResult | None
        the game's result now (won, score, its own figures); the mixin fills in
        the options, the seed and the time played

and calls self.record_result() when its game ends (before its end screen, which
shows self.records_touched: "New best total: 12", "Winning streak: 4").
The base calls self.abandon() when a game in progress is thrown away (Restart,
a new deal): it counts as played and lost, like every game's. Quitting to the
menu is not abandoning: the game is saved and Continue picks it up.

Nothing is recorded in the demo, in a tutorial or without a human seat.
"""
from __future__ import annotations

import math
from typing import Any

from cardgames.records import GameResult, record_game


class RecordsMixin:
    play_seconds: float = 0.0           # time played in this game (paused time does not count)
    records_touched: tuple[str, ...] = ()   # what the last recorded result touched, for the end screen
    _result_recorded = False

    def game_result(self, abandoned: bool) -> GameResult | None:
        """The game's result (override); None records nothing."""
        return None

    @property
    def recording(self) -> bool:
        """Only a human's real game counts: not the demo, not a tutorial (scene.tutorial is its script)."""
        return bool(self.humans) and self.app.demo is None and not getattr(self, "tutorial", None)

    def reset_records(self) -> None:
        """A new deal: its result is not recorded yet."""
        self._result_recorded = False
        self.play_seconds = 0.0
        self.records_touched = ()

    def record_result(self, abandoned: bool = False) -> list[str]:
        """Count this game once; returns (and keeps in records_touched) the records it touched."""
        if self._result_recorded or not self.recording:
            return []
        result = self.game_result(abandoned)
        if result is None:
            return []
        self._result_recorded = True
        result.abandoned = result.abandoned or abandoned
        if not result.options:
            result.options = {k: v for k, v in self.options.items() if k != "humans"}
        if result.seed is None:
            result.seed = self.seed
        if result.seconds is None:
            result.seconds = self.play_seconds
        self.records_touched = tuple(record_game(self.app.storage, self.info.name, result))
        return list(self.records_touched)

    def abandon(self) -> None:
        """The game in progress is thrown away: played and lost (nothing when no move was made)."""
        if self.actions and not self.over:
            self.record_result(abandoned=True)

    def tick_play_time(self, dt: float) -> None:
        if not self.over and self.actions:
            self.play_seconds += dt

    def play_time_extra(self, extra: dict[str, Any]) -> dict[str, Any]:
        """The autosave's extra with the time played in it."""
        return dict(extra, play_seconds=round(self.play_seconds, 1))

    def load_play_time(self, extra: dict[str, Any]) -> None:
        value = extra.get("play_seconds", 0.0)
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        self.play_seconds = max(0.0, float(value)) if ok else 0.0
