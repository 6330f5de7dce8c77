"""The shared base of the card tables played in rounds where the lowest total wins.

Skyjo and Three Thirteen subclass RoundGameScene: they set summary_class,
summary_delay and summary_button, add their own statistics in result_figures, and start their
prompt with waiting_prompt().

What it does on top of GameScene:
- seat names from GameScene.player_name (the select screen's names: "You" by
  default, "Player 2" in pass and play, the computers "Ada", "Ben"...), with
  their level on request ("Ben (Hard)");
- the prompt while the human waits (waiting_prompt);
- between rounds nobody moves: the rules module's Phase.ROUND_OVER waits for
  the summary's "Next round", which plays rules.NEXT;
- a round's end leaves the final table in view: once its last cards have
  landed, a "Scores" button (summary_button; Enter too) opens the summary,
  whose "See the table" (H) hides it again (summary_waiting is True meanwhile).
  Without a human (the demo) the summary opens by itself after summary_delay;
- at the end of the game: the result for the statistics once (won, the best
  final total of the human seats, plus the game's own figures from
  result_figures) through cardgames.records, a win or lose sound, and the last
  summary (on request, as after every round).
The rules module must have Phase.ROUND_OVER and NEXT, its Observation `phase`, `round_no` and
`totals`; nobody's turn between rounds and the winners come from the table's updates.
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames.engine.tween import Call, Sequence, Wait
from cardgames.i18n import N_, said, said_by, seat_word, tr, word
from cardgames.records import GameResult
from cardgames.ui import theme
from cardgames.ui.game_scene import GameScene
from cardgames.ui.widgets import wrap_lines

LEVEL_LABELS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"), "expert": N_("Expert")}


class RoundGameScene(GameScene):
    summary_class: Any = None      # the round summary overlay: summary_class(app, scene)
    summary_delay = 1.4            # the demo: seconds to look at the table before the summary opens
    fair_undo = True               # undo only in practice games (cardgames/table/fair_undo.py)
    summary_button = pygame.Rect(40, 420, 240, 56)   # "Scores (Enter)" while the final table is in view
    summary_waiting = False        # the round is over and its table in view: the summary opens on request

    # ------------------------------------------------------------------ who is who
    def level_label(self, seat: int) -> str:
        """'Easy', 'Normal', 'Hard' for a computer seat."""
        level = self.ai_level(seat)
        return word(LEVEL_LABELS[level]) if level in LEVEL_LABELS else level

    def seat_name(self, seat: int, with_level: bool = False) -> str:
        """The seat's name as the table and its sentences say it ("You" in the chosen language)."""
        name = seat_word(self.player_name(seat))
        return said("{name} ({level})", name=name, level=self.level_label(seat)) \
            if with_level and seat not in self.humans else name

    @property
    def round_over(self) -> bool:
        return self.observation().phase == self.rules.Phase.ROUND_OVER

    def waiting_prompt(self) -> str | None:
        """The prompt while the human waits ("Game over", "Round 3 over", "Ben is playing"),
        or None on the human's own move (the game words that one)."""
        if self.over:
            return word(N_("Game over"))
        if self.round_over:
            return said("Round {n} over", n=self.observation().round_no)
        if not self.human_turn:
            seat = self.current
            return said_by(self.seat_name(seat), N_("You are playing"), N_("{name} is playing")) \
                if seat is not None else ""
        return None

    def draw_fitted(self, surface: pygame.Surface, text: str, pos: tuple[int, int], px: int, room: int,
                    colour: theme.Colour, anchor: str = "topright", bold: bool = False) -> int:
        """`text` in a space `room` px wide: on one line at `px` when it fits there, else wrapped at a
        smaller size (a Tamil prompt is half as long again as the English). Returns the bottom."""
        text = tr(text)
        if theme.text_width(theme.font(px, bold), text) <= room:
            return self.draw_text(surface, text, pos, px, colour, anchor=anchor, bold=bold).bottom
        small = max(14, px - 4)
        rows = wrap_lines(text, room, small, bold)
        while len(rows) > 2 and small > 14:
            small -= 1
            rows = wrap_lines(text, room, small, bold)
        x, y = pos
        for row in rows:
            y = self.draw_text(surface, row, (x, y), small, colour, anchor=anchor, bold=bold).bottom
        return y

    # ------------------------------------------------------------------ between rounds
    def next_round(self) -> None:
        """The summary's "Next round"."""
        if self.round_over:
            self.summary_waiting = False
            self.act(self.rules.NEXT)

    def undo_button(self) -> Any:
        """No Undo button between rounds (nothing can be taken back; "Scores" may sit there)."""
        return None if self.round_over else super().undo_button()

    def on_enter(self) -> None:
        """A game resumed between rounds (or a summary closed without "Next round") shows its
        summary again: between rounds only the summary's button goes on. Not when the player hid it
        to look at the table (summary_waiting: the table's "Scores" button brings it back)."""
        super().on_enter()
        if self.round_over and not self.over and not self.animator.busy and not self.summary_waiting:
            self.show_summary()

    def show_summary_later(self) -> None:
        """Once the animations so far have played, offer the summary (the "Scores" button); without
        a human player (the demo), open it after `summary_delay`."""
        if not self.humans or self.app.demo is not None:
            self.animator.queue(Sequence(Wait(self.summary_delay), Call(self.show_summary)))  # one after the other
        else:
            self.animator.queue(Call(self._offer_summary))

    def _offer_summary(self) -> None:
        self.summary_waiting = True
        self.refresh_moves()

    def show_summary(self) -> None:
        """Open the round's (or the game's) summary over the table."""
        if self.stack.top is self:
            self.summary_waiting = bool(self.humans) and self.app.demo is None
            self.stack.push(self.summary_class(self.app, self))

    def handle_event(self, event: pygame.event.Event) -> None:
        """While the final table is in view: Enter, Space, H (the summary's "See the table" key, again)
        or the "Scores" button open the summary."""
        if self.summary_waiting and not self.animator.busy:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER,
                                                              pygame.K_h):
                self.show_summary()
                return
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.summary_button.collidepoint(
                    event.pos):
                self.show_summary()
                return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.summary_waiting and not self.animator.busy and self.stack.top is self:
            self.draw_summary_button(surface)

    def draw_summary_button(self, surface: pygame.Surface) -> None:
        rect = self.summary_button
        theme.draw_panel(surface, rect, theme.BUTTON_PRIMARY, theme.lighten(theme.BUTTON_PRIMARY, 0.3),
                         radius=theme.RADIUS)
        label = N_("Final scores (Enter)") if self.over else N_("Scores (Enter)")
        theme.draw_text(surface, label, rect.center, theme.BODY, theme.TEXT_DARK, bold=True,
                        anchor="center")

    # ------------------------------------------------------------------ the end
    def on_game_over(self) -> None:
        super().on_game_over()
        self.record_game()
        won = any(s in self.humans for s in self.winning_seats())
        if self.humans and self.app.demo is None:
            self.app.play_sound("win" if won else "lose")
        self.show_summary_later()

    def restart(self, seed: int | None = None) -> None:
        self.summary_waiting = False
        super().restart(seed)

    def winning_seats(self) -> tuple[int, ...]:
        """The seats the table named winners (none before the game is over)."""
        result = self.latest().result
        return result.winners if result is not None else ()

    def result_figures(self) -> dict[str, Any]:
        """The game's own figures for its statistics at the end of a game (override)."""
        return {}

    def game_result(self, abandoned: bool) -> GameResult | None:
        """Won when a human seat has the lowest total; the best human total is the game's score."""
        if not self.humans:
            return None
        won = not abandoned and any(s in self.humans for s in self.winning_seats())
        total = min(self.observation().totals[s] for s in self.humans)
        return GameResult(won=won, score=total, figures=dict(self.result_figures(), total=total))

    def record_game(self) -> None:
        """The statistics of this game, once (records.record_game; the summary shows what it touched)."""
        self.record_result()
