"""Switch's catch window, a mixin of cardgames.table.table.Table.

A player left with one card who did not call "last card" is exposed: until the next player moves
(at a server: until the window's length, catch_window(), has passed on the server's clock) any other
seat may catch them. Each computer seat gets its reaction time for this window from its level's
distribution (games/switch/ai.reaction_time, its own random stream); computers catching at the same
moment are ordered by a seeded draw; only catches within a server's window are made. deadlines()
tells every seat when the window opened and closes, and when the soonest computer would catch.
"""
from __future__ import annotations

from typing import Any

from cardgames.core.rng import make_rng
from cardgames.games.switch import ai as switch_ai
from cardgames.table import pace
from cardgames.table.messages import Deadline


class CatchWindow:
    """The Table's Switch catch window (uses its state, seats, seed, actions, now, _after, _play)."""

    game: str
    state: Any
    seats: Any
    seed: int
    actions: list
    now: float
    players: int
    over: bool
    spec: Any
    catch_window: Any
    _window: tuple[int, int] | None
    _window_opened: float
    _window_len: float | None
    _reactions: dict[int, float]

    def _track_window(self) -> None:
        exposed = getattr(self.state, "exposed", None) if self.game == "switch" else None
        if exposed is None:
            self._window = None
            return
        if self._window is not None and self._window[0] == exposed:
            return
        self._window, self._window_opened = (exposed, len(self.actions)), self.now
        self._reactions = {seat: switch_ai.reaction_time(self.seats[seat].level,
                                                         make_rng(self.seed, "reaction", seat, len(self.actions)))
                           for seat in self._catchers()}     # each computer's own reaction this time
        self._window_len = length = self.catch_window() if self.catch_window is not None else None
        draw = make_rng(self.seed, "catch order", len(self.actions))    # the same moment: a seeded draw
        for reaction, _d, seat in sorted((t, draw.random(), s) for s, t in self._reactions.items()):
            if length is None or reaction <= length:     # a server's window: only within it
                self._after(reaction, "catch", (seat, self._window))

    def _catchers(self) -> list[int]:
        exposed = self._window[0] if self._window else None
        return [s for s in range(self.players) if self.seats[s].computer and s != exposed]

    def _computer_catch(self, seat: int, window: tuple[int, int]) -> None:
        if self._window != window or self.over or self.state.exposed != window[0]:
            return
        rng = make_rng(self.seed, "catch", seat, window[1])
        action = switch_ai.catch_action(self.spec.rules.observe(self.state, seat), rng, self.seats[seat].level)
        if action is not None and action in self.spec.out_of_turn(self.state, seat):
            self._play(action)

    def deadlines(self) -> tuple[Deadline, ...]:
        if self._window is None:
            return ()
        opened, length = self._window_opened, self._window_len
        nxt = self.state.turn
        hold = pace.CATCH_HOLD if length is None else length    # (a human next, off a server: no end)
        closes = None if length is None and self.seats[nxt].human else opened + hold
        times = [t for s, t in self._reactions.items() if s in self._catchers() and (length is None or t <= length)]
        return (Deadline("catch", self._window[0], opened, closes, opened + min(times) if times else None),)
