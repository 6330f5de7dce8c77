"""The solver's help at the TriPeaks table, as the player sees it: the "still winnable" sign, hints,
and undoing back to a win.

The solver needs the face-down cards, so it runs at the table (cardgames/table/tripeaks_assist.py,
in background threads: it always answers, a busy machine only later); this view asks with the
commands "hint" and "undo_to_winnable" and draws the answers its seat is sent (Update.assist,
messages.Assist). An answer can come in an update of its own, without a move: AnswerLine takes
those aside, so they never count as a move (the log, the selection and a drag in progress stay).

- The sign (Relaxed): the table solves every new position; a spinner until it answers.
- A hint (H): the first move of a winning line; the card gets a ring and the keyboard focus,
  both until the next move. In Arcade it spends one of the level's hints. The Hint button shows
  a spinner while the table looks.
- In Relaxed, once the position is lost, the hint says how many moves must be undone to get back
  to a position that can still be won (never further back than undo reaches), and offers to undo
  them; "Keep playing" there rings a card that plays instead.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from cardgames.i18n import N_, ngettext
from cardgames.table.messages import Assist, Update
from cardgames.ui import theme


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


def answer_only(msg: Any) -> bool:
    """An update that brings only the solver's answers (no move, no new deal, no refusal)."""
    return (isinstance(msg, Update) and msg.assist is not None and not msg.played and not msg.reset
            and msg.refusal is None and not msg.events)


class AnswerLine:
    """The scene's line to its table, with the solver's answers noted as they arrive (scene.told, the
    newest for the viewer's seat) and the updates that bring nothing else taken aside."""

    def __init__(self, line: Any, scene: Any) -> None:
        self.line = line
        self.scene = scene

    def __getattr__(self, name: str) -> Any:
        return getattr(self.line, name)

    def receive(self) -> list[Any]:
        out = []
        for msg in self.line.receive():
            if isinstance(msg, Update) and msg.seat == self.scene.viewer:
                self.scene.told = msg.assist
            if not answer_only(msg):
                out.append(msg)
        return out


class SolverAssist:
    """Mixed into TriPeaksScene: the sign, the hints and undo-to-winnable (needs the GameScene members)."""

    told: Assist | None = None          # the table's last answers (for the position told then)
    hint_target: str | None = None      # the hinted pile, until the next move
    _hint_asked: bool = False           # H asked the table for help in this position; no answer yet
    _position: int = 0                  # counts the positions seen (a move, an undo, a new deal)

    def open_table(self, actions: Any = None, line: Any = None) -> list[Update]:
        story = super().open_table(actions, line)
        self.line = AnswerLine(self.line, self)
        self.told = self.latest().assist
        return story

    def run_clock(self, dt: float) -> None:
        """As the base, and take in the solver's answers even while the board moves or the hand is over
        (the table sends them when they come in; in this process it is asked here, every frame)."""
        super().run_clock(dt)
        if self.host is not None and self.host.poll():
            self.take_updates()

    def reset_assist(self) -> None:
        self.hint_target = None
        self._hint_asked = False

    def answers(self) -> Assist | None:
        """The table's answers for the position on the board (None before any)."""
        told = self.told
        return told if told is not None and told.moves == len(self.actions) else None

    @property
    def winnable(self) -> bool | None:
        """The sign: True or False once the table's solver has answered for this position."""
        answers = self.answers()
        return answers.winnable if answers is not None else None

    @property
    def hint_pending(self) -> bool:
        return self._hint_asked

    @property
    def sign_pending(self) -> bool:
        return self.mode == "relaxed" and self.winnable is None and not self.over

    # ------------------------------------------------------------ a new position
    def after_update(self, before: Update, after: Update) -> None:
        super().after_update(before, after)
        self._moved_on()

    def on_reset(self, msg: Update) -> None:
        super().on_reset(msg)
        self._moved_on()

    def _moved_on(self) -> None:
        """The position changed: a hint asked for the old one is not shown."""
        self._position += 1
        self._hint_asked = False
        self.hint_target = None

    # ------------------------------------------------------------ hints
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
        if not self._hint_asked:     # the table's solver looks in the background; update_assist shows it
            self._hint_asked = self.send_command("hint")

    def update_assist(self) -> None:
        """The table's answer to H: ring the card and move the focus to it, or offer the undo."""
        answers = self.answers()
        if not self._hint_asked or answers is None or not answers.help:
            return
        self._hint_asked = False
        if self.phase == "over":
            return
        move = self._action(answers.hint)
        if answers.help == "undo":
            self.offer_undo(len(self.actions) - answers.undo_to, move)
            return
        if answers.help == "lost" and self.mode == "relaxed":
            self.app.notify(N_("This deal cannot be won from any earlier position either: deal another (N)."))
        if move is None:
            return
        if self.mode == "arcade":
            self.hints_left -= 1
        self.ring_move(move)

    def _action(self, text: str) -> Any:
        """The answer's move as an action (None when there is none, or it cannot be read)."""
        try:
            return self.rules.parse_action(text) if text else None
        except ValueError:
            return None

    def ring_move(self, action: Any) -> None:
        """The hint shown: a ring round the card to play (or the stock) and the focus on it."""
        pile, _ = self.action_ui(action)
        self.hint_target = pile
        self.focus_pile(pile)
        self.app.play_sound("button")

    def offer_undo(self, n: int, playable: Any) -> None:
        """Ask to undo n moves back to a winnable position; "Keep playing" shows a card that plays."""
        from cardgames.scenes.confirm import ConfirmScene

        position = self._position

        def keep_playing() -> None:
            if playable is not None and position == self._position:
                self.ring_move(playable)

        dialog = ConfirmScene(
            self.app, N_("No longer winnable"),
            ngettext("This position cannot be won any more. Undo {n} move to get back to a position that can.",
                     "This position cannot be won any more. Undo {n} moves to get back to a position that can.",
                     n).format(n=n),
            ngettext("Undo {n} move", "Undo {n} moves", n).format(n=n), self.undo_to_winnable,
            N_("Keep playing"), on_no=keep_playing)
        self.stack.push(dialog)

    def undo_to_winnable(self) -> bool:
        """Take back the moves since the winnable position the table's solver found (one undo for all)."""
        if not self.undo_allowed or not self.actions:
            self.app.play_sound("invalid")
            return False
        self.animator.finish_all()
        if not self.send_command("undo_to_winnable"):
            return False
        self.app.play_sound("place")
        self.save()
        self.hand_reopened()
        return True

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
        return self.rules.parse_action("turn" if self.hint_target == "stock" else f"play {self.hint_target.split(':')[1]}")
