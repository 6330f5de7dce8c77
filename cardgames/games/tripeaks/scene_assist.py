"""The solver's help at the TriPeaks table: the live "still winnable" sign, hints, and undoing back to a win.

The solver runs in background threads, so a hard position never stalls a
frame. It is given a budget of CPU time of its own thread (solver.solve's
time_limit is time.thread_time), never wall time, so a busy machine only
makes the answer come later, never fail: when a budget runs out, the next
try gets twice as much (solve_patiently), and the table meanwhile shows a
spinner. There is no "try again" and no "unknown".

- The sign (Relaxed): solved again for every new position.
- A hint (H): the first move of a winning line; the card gets a ring and the
  keyboard focus, both until the next move. In Arcade it spends one of the
  level's hints.
- In Relaxed, once the position is lost, the hint counts how many moves must
  be undone to get back to a position that can still be won (never further
  back than undo reaches), and offers to undo them; "Keep playing" there rings
  a card that plays instead (playable_move).
"""
from __future__ import annotations

import math
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame

from cardgames.games.tripeaks import rules, solver
from cardgames.games.tripeaks.rules import Play
from cardgames.i18n import N_, ngettext
from cardgames.ui import theme

FIRST_BUDGET = 0.5       # seconds of the solver thread's CPU time for a first try (the exact table needs ~0.03)
_SIGN = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tripeaks-sign")
_HINTS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tripeaks-hint")


def solve_patiently(state: rules.State, budget: float | None = None) -> solver.Result:
    """solver.solve under a CPU budget that doubles until it answers (so it always answers)."""
    budget = FIRST_BUDGET if budget is None else budget
    while True:
        result = solver.solve(state, time_limit=budget)
        if result.winnable is not None:
            return result
        budget *= 2


def find_help(state: rules.State, history: tuple[rules.State, ...], can_undo: bool) -> tuple[str, Any]:
    """What the hint says: ("move", action) that keeps a win possible; ("undo", n) moves to take back to
    reach a winnable position; ("lost", playable_move) when neither exists (or undo is not allowed)."""
    result = solve_patiently(state)
    if result.winnable:
        return "move", result.line[0]
    if can_undo:
        for n, earlier in enumerate(reversed(history), 1):
            if solve_patiently(earlier).winnable:
                return "undo", n
    return "lost", playable_move(state)


def playable_move(state: rules.State) -> Any:
    """A move to show when none keeps a win: a card that plays, else the stock (None when nothing plays)."""
    legal = rules.legal_actions(state)
    return next((a for a in legal if isinstance(a, Play)), legal[0] if legal else None)


def draw_spinner(surface: pygame.Surface, centre: tuple[float, float], t: float, radius: int = 9,
                 colour: theme.Colour = theme.TEXT) -> None:
    """Eight dots round a circle, the bright one going round: "working on it"."""
    head = int(t * 12) % 8
    for k in range(8):
        a = 2 * math.pi * k / 8
        fade = ((k - head) % 8) / 8
        c = tuple(round(v * (1 - 0.75 * fade)) for v in colour)
        pos = (round(centre[0] + radius * math.cos(a)), round(centre[1] + radius * math.sin(a)))
        pygame.draw.circle(surface, c, pos, max(2, radius // 4))


class SolverAssist:
    """Mixed into TriPeaksScene: the sign, the hints and undo-to-winnable (needs the GameScene members)."""

    winnable_for: Any = None
    winnable: bool | None = None
    _winnable_job: Future | None = None
    _hint_job: tuple[Any, Future] | None = None
    hint_target: str | None = None     # the hinted pile, until the next move

    def reset_assist(self) -> None:
        self.hint_target = None
        self.winnable_for, self.winnable = None, None
        if self._winnable_job is not None:
            self._winnable_job.cancel()
        self._winnable_job = None
        self._hint_job = None

    @property
    def hint_pending(self) -> bool:
        return self._hint_job is not None

    @property
    def sign_pending(self) -> bool:
        return self._winnable_job is not None

    def update_assist(self) -> None:
        if self.mode == "relaxed":
            self._update_winnable()
        if self._hint_job is not None:
            self._update_hint()

    def _update_winnable(self) -> None:
        if self.winnable_for is not self.state:
            if self._winnable_job is not None:
                self._winnable_job.cancel()   # only cancels it if it has not started yet
            self.winnable_for, self.winnable = self.state, None
            self._winnable_job = _SIGN.submit(solve_patiently, self.state)
        elif self._winnable_job is not None and self._winnable_job.done():
            job, self._winnable_job = self._winnable_job, None
            if not job.cancelled():
                self.winnable = job.result().winnable

    def show_hint(self) -> None:
        if self.mode == "classic" or self.phase == "over" or not self.human_turn:
            self.app.play_sound("invalid")
            if self.mode == "classic":
                self.app.notify(N_("No hints in Classic: it is your money."))
            return
        if self.mode == "arcade" and self.hints_left <= 0:
            self.app.play_sound("invalid")
            self.app.notify(N_("No hints left on this level."))
            return
        if self.hint_target is not None:
            self.focus_pile(self.hint_target)
            return
        if self._hint_job is None:   # the solver looks in the background; _update_hint shows it
            reach = tuple(self.history)   # undo reaches the whole hand, resumed or not
            job = _HINTS.submit(find_help, self.state, reach, self.undo_allowed)
            self._hint_job = (self.state, job)

    def _update_hint(self) -> None:
        """The solver's answer: ring the card and move the focus to it, or offer the undo (an answer for an
        older position is dropped, unspent)."""
        state, job = self._hint_job
        if not job.done():
            return
        self._hint_job = None
        kind, value = job.result()
        if state is not self.state or self.phase == "over":
            return
        if kind == "undo":
            self.offer_undo(value)
            return
        if kind == "lost" and self.mode == "relaxed":
            self.app.notify(N_("This deal cannot be won from any earlier position either: deal another (N)."))
        if value is None:
            return
        if self.mode == "arcade":
            self.hints_left -= 1
        self.ring_move(value)

    def ring_move(self, action: Any) -> None:
        """The hint shown: a ring round the card to play (or the stock) and the focus on it."""
        pile, _ = self.action_ui(action)
        self.hint_target = pile
        self.focus_pile(pile)
        self.app.play_sound("button")

    def offer_undo(self, n: int) -> None:
        """Ask to undo n moves back to a winnable position; "Keep playing" shows a card that plays."""
        from cardgames.scenes.confirm import ConfirmScene

        state = self.state

        def keep_playing() -> None:
            move = playable_move(state)
            if move is not None and state is self.state:
                self.ring_move(move)

        dialog = ConfirmScene(
            self.app, N_("No longer winnable"),
            ngettext("This position cannot be won any more. Undo {n} move to get back to a position that can.",
                     "This position cannot be won any more. Undo {n} moves to get back to a position that can.",
                     n).format(n=n),
            ngettext("Undo {n} move", "Undo {n} moves", n).format(n=n), lambda: self.undo_moves(n),
            N_("Keep playing"), on_no=keep_playing)
        self.stack.push(dialog)

    def undo_moves(self, n: int) -> None:
        for _ in range(n):
            if not self.undo():
                break

    def focus_pile(self, pile: str) -> None:
        """Put the keyboard focus on the top card of `pile` (the hinted card)."""
        self.refresh_focus()
        for key in self.focus.keys:
            if getattr(key, "pile", key) == pile:
                self.focus.current = key
                self.focus.visible = True
                return

    def draw_hint(self, surface: pygame.Surface) -> None:
        if self.hint_target is None:
            return
        top = self.board.top(self.hint_target)
        rect = top.rect if top is not None else self.board.piles[self.hint_target].base_rect(self.card_size)
        grow = 6 + round(4 * (1 + math.sin(self.scheduler.time * 6)) / 2)
        pygame.draw.rect(surface, (120, 255, 160), rect.inflate(grow * 2, grow * 2), width=4, border_radius=12)

    def hinted_action(self) -> Any:
        """The hinted move as an action (for tests and the log)."""
        if self.hint_target is None:
            return None
        return rules.Turn() if self.hint_target == "stock" else Play(int(self.hint_target.split(":")[1]))
