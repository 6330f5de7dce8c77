"""GameScene's computer seats: the thinking delay, the worker thread, the move landing.

A mixin of cardgames.ui.game_scene.GameScene (read its docstring, "Turns"): when
current_player() is a computer seat, _maybe_start_ai() (called every frame) shows the
thinking dots, submits choose_for_computer() to one worker thread, and after
ai_delay(seat) plays the choice through act_computer(). Undo, restart or a new state
meanwhile make the choice stale: it is dropped.

Uses from the scene: rules, ai, options, seed, state, over, humans, players, current,
history, scheduler, animator, think_while_animating, computer_may_move(), act(),
seat_anchor(); owns _ai_rngs, _ai_job, _ai_future and thinking (reset by _new_game).
"""
from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pygame

from cardgames.core.rng import make_rng
from cardgames.i18n import N_

PACE_PLAYERS = 3      # with more players than this, each computer thinks for PACE_PLAYERS / players of the delay
FOLLOW_UP = 0.5       # the rest of a turn a computer has begun (after a draw) takes this share of its delay
TURN_GAP = 0.5        # think_while_animating: a new turn lands this share of its delay after the last move landed

# Computer players choose in one background thread, so a slow search never freezes the
# animation. One thread: choices are made one at a time, in order (deterministic per seat).
_AI_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")


class ComputerTurns:
    """The computer seats' turns (a GameScene mixin)."""

    def ai_level(self, seat: int) -> str:
        return str(self.options.get("level", "normal"))

    def ai_rng(self, seat: int) -> random.Random:
        if seat not in self._ai_rngs:
            self._ai_rngs[seat] = make_rng(self.seed, "ai", seat)
        return self._ai_rngs[seat]

    def choose_for_computer(self, seat: int) -> Any:
        legal = self.rules.legal_actions(self.state)
        if self.ai is None:
            return self.ai_rng(seat).choice(legal)
        return self.ai.choose(self.rules.observe(self.state, seat), legal, self.ai_rng(seat), self.ai_level(seat))

    def _maybe_start_ai(self) -> None:
        """Start a computer seat's turn: the dots appear, the choice is made in a worker thread,
        and the move is played once both the thinking delay has passed and the choice is ready."""
        if self.over or self._ai_job is not None or not self.computer_may_move():
            return
        seat = self.current
        if seat is None or seat in self.humans:
            return
        if self.animator.busy and not self.think_while_animating:
            return
        self.thinking = seat
        state = self.state
        self._ai_future = _AI_WORKER.submit(self.choose_for_computer, seat)
        self._ai_job = self.scheduler.after(self.ai_delay(seat), lambda: self._ai_ready(seat, state))

    def computer_anim_pace(self) -> float:
        """How much faster than the animation setting a computer's move animates (1.0: not at all);
        a game may speed up a big table's computer moves."""
        return 1.0

    def continues_turn(self, seat: int) -> bool:
        """Whether `seat` also made the last move (the rest of a turn it has begun)."""
        return bool(self.history) and self.rules.current_player(self.history[-1]) == seat

    def ai_delay(self, seat: int) -> float:
        """Seconds computer `seat` visibly thinks before this move: the speed setting's delay
        (0 at Instant), shorter at a big table, and shorter again for the rest of a turn it
        has begun (a draw, then where the card goes)."""
        delay = self.app.ai_delay * min(1.0, PACE_PLAYERS / max(1, self.players))
        if self.continues_turn(seat):
            delay *= FOLLOW_UP
        return delay

    def _ai_ready(self, seat: int, state: Any, gap: float | None = None) -> None:
        """The thinking delay is over: play the choice.

        The choice has had the whole delay to run in the background; if it is not ready
        yet, the frame waits for it. So the move always lands on the same frame
        (deterministic screenshots and tests), and a fast machine never notices.
        """
        if self.animator.busy and self.state is state and not self.over:   # thought while the last move
            gap = 0.0 if self.continues_turn(seat) else self.ai_delay(seat) * TURN_GAP   # flew: land
            self._ai_job = self.scheduler.after(0, lambda: self._ai_ready(seat, state, gap))  # after it
            return
        if gap:   # a new turn: a short look at the last move once it has landed
            self._ai_job = self.scheduler.after(gap, lambda: self._ai_ready(seat, state))
            return
        future = self._ai_future
        self._ai_job, self.thinking, self._ai_future = None, None, None
        if self.state is not state or self.over:  # undone or restarted meanwhile: forget it
            return
        try:
            action = future.result()
        except Exception:  # noqa: BLE001 - a bug in an AI must not end the player's game
            self.app.storage.log_error(f"{self.info.name} computer player")
            self.app.notify(N_("A computer player made an error; it plays its first legal move."))
            action = self.rules.legal_actions(self.state)[0]
        self.act_computer(seat, action)

    def act_computer(self, seat: int, action: Any) -> None:
        """A computer seat's chosen move lands (override to batch several, with act_then)."""
        self.act(action)

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        if self.thinking is None:
            return
        x, y = self.seat_anchor(self.thinking)
        t = self.scheduler.time
        for i in range(3):
            lift = max(0.0, min(1.0, 1 - abs(((t * 2.2 - i * 0.25) % 1.2) - 0.3) * 4))
            pygame.draw.circle(surface, (250, 240, 200), (x - 16 + i * 16, round(y - 6 * lift)), 5)

