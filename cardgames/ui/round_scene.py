"""The shared base of the card tables played in rounds where the lowest total wins.

Skyjo and Three Thirteen subclass RoundGameScene: they set names, summary_class
and summary_delay, add their own statistics in result_figures, and start their
prompt with waiting_prompt().

What it does on top of GameScene:
- seat names: "You" (or "Player 2" in pass and play), the computer seats from
  `names`, with their level on request ("Ben (Hard)");
- the prompt while the human waits (waiting_prompt);
- between rounds nobody moves: the rules module's Phase.ROUND_OVER waits for
  the summary's "Next round", which plays rules.NEXT;
- at the end of the game: the result for the statistics once (won, the best
  final total of the human seats, plus the game's own figures from
  result_figures) through cardgames.records, a win or lose sound, and the last
  summary after `summary_delay` seconds.
The rules module must have Phase.ROUND_OVER, NEXT and winners(state), and its
state `totals`.
"""
from __future__ import annotations

from typing import Any

from cardgames.engine.tween import Call, Sequence, Wait
from cardgames.records import GameResult
from cardgames.ui.game_scene import GameScene

LEVEL_LABELS = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}


class RoundGameScene(GameScene):
    names: tuple[str, ...] = ()    # the computer seats' names, by seat
    summary_class: Any = None      # the round summary overlay: summary_class(app, scene)
    summary_delay = 1.4            # seconds to look at the table before the summary opens

    # ------------------------------------------------------------------ who is who
    def level_label(self, seat: int) -> str:
        """'Easy', 'Normal', 'Hard' for a computer seat."""
        level = self.ai_level(seat)
        return LEVEL_LABELS.get(level, level)

    def seat_name(self, seat: int, with_level: bool = False) -> str:
        if seat in self.humans:
            return "You" if len(self.humans) == 1 else f"Player {self.humans.index(seat) + 1}"
        return f"{self.names[seat]} ({self.level_label(seat)})" if with_level else self.names[seat]

    @property
    def round_over(self) -> bool:
        return self.state.phase == self.rules.Phase.ROUND_OVER

    @property
    def current(self) -> int | None:
        """Nobody moves while a round's summary is up (its button deals the next round)."""
        if self.round_over:
            return None
        return self.rules.current_player(self.state)

    def waiting_prompt(self) -> str | None:
        """The prompt while the human waits ("Game over", "Round 3 over", "Ben is playing"),
        or None on the human's own move (the game words that one)."""
        if self.over:
            return "Game over"
        if self.round_over:
            return f"Round {self.state.round_no} over"
        if not self.human_turn:
            seat = self.current
            return f"{self.seat_name(seat)} is playing" if seat is not None else ""
        return None

    # ------------------------------------------------------------------ between rounds
    def next_round(self) -> None:
        """The summary's "Next round"."""
        if self.round_over:
            self.act(self.rules.NEXT)

    def undo(self) -> bool:
        """Take back the human's last move, but never into a round that has been scored (that would
        leave the table between rounds with no summary to deal the next one)."""
        for earlier in reversed(self.history):
            if earlier.round_no != self.state.round_no or earlier.phase == self.rules.Phase.ROUND_OVER:
                self.app.notify("A scored round cannot be taken back.")
                self.app.play_sound("invalid")
                return False
            if self.rules.current_player(earlier) in self.humans:
                break
        return super().undo()

    def on_enter(self) -> None:
        """A game resumed between rounds (or a summary closed without "Next round") shows its
        summary again: between rounds only the summary's button goes on."""
        super().on_enter()
        if self.round_over and not self.over and not self.animator.busy:
            self.show_summary()

    def show_summary_later(self) -> None:
        """Open the summary once the animations so far and `summary_delay` have passed."""
        self.animator.queue(Sequence(Wait(self.summary_delay), Call(self.show_summary)))  # one after the other

    def show_summary(self) -> None:
        if self.stack.top is self:
            self.stack.push(self.summary_class(self.app, self))

    # ------------------------------------------------------------------ the end
    def on_game_over(self) -> None:
        super().on_game_over()
        self.record_game()
        won = any(s in self.humans for s in self.rules.winners(self.state))
        if self.humans and self.app.demo is None:
            self.app.play_sound("win" if won else "lose")
        self.show_summary_later()

    def result_figures(self) -> dict[str, Any]:
        """The game's own figures for its statistics at the end of a game (override)."""
        return {}

    def game_result(self, abandoned: bool) -> GameResult | None:
        """Won when a human seat has the lowest total; the best human total is the game's score."""
        if not self.humans:
            return None
        state = self.state
        won = not abandoned and any(s in self.humans for s in self.rules.winners(state))
        total = min(state.totals[s] for s in self.humans)
        return GameResult(won=won, score=total, figures=dict(self.result_figures(), total=total))

    def record_game(self) -> None:
        """The statistics of this game, once (records.record_game; the summary shows what it touched)."""
        self.record_result()
