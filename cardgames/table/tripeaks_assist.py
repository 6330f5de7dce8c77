"""TriPeaks' solver at the table: the live "still winnable" sign, hints, and undoing back to a win.

The solver needs the face-down cards, so it runs here, beside the State, and the seat is told
only its answers: messages.Assist in the seat's Update (the view draws the sign, rings the hinted
card, offers the undo). Table(...) makes one for a TriPeaks table (assistant()), and asks it:
- answer()      the answers for the position now, put in every update (None: nothing to say);
                a new position starts the sign's solver (Relaxed only: options["mode"]).
- ask()         the seat's "hint" command: the solver looks for help for the position now.
- poll()        True when an answer came in since (the table then tells the seat afresh).
- undo_target() for the "undo_to_winnable" command: the move number the last help said to go
                back to, when it was found for the position now.

The solver runs in background threads, so a hard position never holds up the table (nor the
screen that runs it). It is given a budget of CPU time of its own thread (solver.solve's
time_limit is time.thread_time), never wall time, so a busy machine only makes the answer come
later, never fail: when a budget runs out, the next try gets twice as much (solve_patiently).
There is no "try again" and no "unknown". An answer found for a position the game has left is
dropped.

Help (find_help): the first move of a winning line; else, with undo allowed (Relaxed), how many
moves back a position can still be won (never further back than the hand: the table's history,
a resumed hand's too); else a move that plays (playable_move), to show anyway.
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from cardgames.games.tripeaks import rules, solver
from cardgames.games.tripeaks.rules import Play
from cardgames.table.messages import Assist

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


def find_help(state: rules.State, history: tuple[rules.State, ...], can_undo: bool) -> tuple[str, Any, int]:
    """What a hint says: ("move", action, 0) keeps a win possible; ("undo", playable, n): take back n
    moves to reach a winnable position; ("lost", playable, 0) when neither exists (or undo is not allowed)."""
    result = solve_patiently(state)
    if result.winnable:
        return "move", result.line[0], 0
    if can_undo:
        for n, earlier in enumerate(reversed(history), 1):
            if solve_patiently(earlier).winnable:
                return "undo", playable_move(state), n
    return "lost", playable_move(state), 0


def playable_move(state: rules.State) -> Any:
    """A move to show when none keeps a win: a card that plays, else the stock (None when nothing plays)."""
    legal = rules.legal_actions(state)
    return next((a for a in legal if isinstance(a, Play)), legal[0] if legal else None)


def sign_of(state: rules.State) -> bool:
    """The sign's verdict (in a background thread): a finished hand needs no search."""
    if rules.is_over(state):
        return rules.is_won(state)
    return bool(solve_patiently(state).winnable)


class TriPeaksAssist:
    """The solver's help at one TriPeaks table (the table's `assist`)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.sign = table.options.get("mode") == "relaxed"      # the live sign: Relaxed
        self.hints = table.options.get("mode") != "classic"     # Classic has no hints: it is your money
        self._sign_job: tuple[Any, Future] | None = None        # (state, its verdict on the way)
        self._winnable: tuple[Any, bool] | None = None          # (state, verdict)
        self._help_job: tuple[Any, int, Future] | None = None   # (state, moves, find_help on the way)
        self._help: tuple[Any, int, tuple[str, Any, int]] | None = None   # (state, moves, find_help's answer)

    def _now(self) -> tuple[Any, int]:
        return self.table.state, len(self.table.actions)

    def answer(self) -> Assist | None:
        """The answers for the position now (None when there is none and none is coming)."""
        state, moves = self._now()
        if self.sign and not self._is(self._winnable, state) and not self._is(self._sign_job, state):
            if self._sign_job is not None:
                self._sign_job[1].cancel()    # only cancels it if it has not started yet
            self._sign_job = (state, _SIGN.submit(sign_of, state))
        winnable = self._winnable[1] if self._is(self._winnable, state) else None
        help_ = self._help if self._is(self._help, state, moves) else None
        if not self.sign and help_ is None:
            return None
        if help_ is None:
            return Assist(moves, winnable)
        kind, move, back = help_[2]
        return Assist(moves, winnable, kind, "" if move is None else str(move), moves - back if kind == "undo" else -1)

    def ask(self) -> None:
        """The seat asked for a hint: look for help in the position now (once per position)."""
        state, moves = self._now()
        if self._is(self._help, state, moves) or self._is(self._help_job, state, moves):
            return
        history = tuple(self.table.history)     # undo reaches the whole hand, resumed or not
        self._help_job = (state, moves, _HINTS.submit(find_help, state, history, self.table.undo_allowed))

    def poll(self) -> bool:
        """Take in the answers that came in; True when one is for the position now."""
        state, moves = self._now()
        news = False
        if self._sign_job is not None and self._sign_job[1].done():
            (done_for, job), self._sign_job = self._sign_job, None
            if not job.cancelled():
                self._winnable = (done_for, job.result())
                news = news or done_for is state
        if self._help_job is not None and self._help_job[2].done():
            done_for, at, job = self._help_job
            self._help_job = None
            if done_for is state and at == moves:      # an answer for a position left behind is dropped
                self._help = (state, moves, job.result())
                news = True
        return news

    def undo_target(self) -> int | None:
        """The number of moves to go back to, when the help for the position now said "undo"."""
        state, moves = self._now()
        if self._is(self._help, state, moves) and self._help[2][0] == "undo":
            return moves - self._help[2][2]
        return None

    @property
    def busy(self) -> bool:
        """The solver is at work for this table (a test waits for it)."""
        return self._sign_job is not None or self._help_job is not None

    @staticmethod
    def _is(entry: tuple | None, state: Any, moves: int | None = None) -> bool:
        """Whether a (state, ...) entry is for this position (the very State object, and the move count)."""
        return entry is not None and entry[0] is state and (moves is None or entry[1] == moves)


def assistant(table: Any) -> TriPeaksAssist | None:
    """The solver's help for a TriPeaks table; None for the other games."""
    return TriPeaksAssist(table) if table.game == "tripeaks" else None
