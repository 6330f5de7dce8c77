"""GameScene's history: undo (fair in the multiplayer tables), restart and a new deal in place.

A mixin of cardgames.ui.game_scene.GameScene. The history is the table's (cardgames/table):
undo() asks the table to take back the viewer's last move, as far as cardgames/table/fair_undo.py
allows (the state before it: the deal and the stock as they were), and the table answers with
the position afresh (or why not); the viewer's update says whether undo would do anything now
(Update.undo). restart() throws the game away (it counts as lost) and deals again, redeal()
deals again keeping the autosave. In a practice game undo is offered on screen too: an Undo
button (cardgames/ui/undo_button.py), the pause menu's entry, Ctrl+Z / U / Backspace and the
pad's Back button.

Uses from the scene: humans, viewer, options, allow_undo, fair_undo, scheduler, animator,
app, send_command(), latest(), open_table(), save(), clear_save(), abandon(), _new_game(),
_build_board(), begin().
"""
from __future__ import annotations

import pygame

from cardgames.core.rng import new_seed
from cardgames.engine.tween import Animator
from cardgames.table import fair_undo
from cardgames.ui.undo_button import UndoButton


class UndoHistory:
    """Undo, restart and redeal (a GameScene mixin)."""

    @property
    def practice(self) -> bool:
        """A practice game (the select screen's "Practice (undo allowed)"); statistics keep it apart."""
        return bool(self.options.get("practice"))

    @property
    def undo_allowed(self) -> bool:
        """Whether this game has undo at all (fair_undo games: only in practice)."""
        return self.allow_undo and bool(self.humans) and (self.practice or not self.fair_undo)

    @property
    def undo_offered(self) -> bool:
        """Whether the table shows undo (its button, the pause menu's entry): practice games."""
        return self.practice and self.undo_allowed

    def curtain_down(self) -> bool:
        """A pass-and-play curtain hides the table (nobody's undo until the next player lifts it)."""
        return False

    @property
    def can_undo(self) -> bool:
        """Whether undo would take a move back now (the button and the pause entry are lit)."""
        return self.undo_allowed and not self.curtain_down() and self.latest().undo

    def undo_button(self) -> UndoButton | None:
        """The table's Undo button while it is shown (a practice game with an undo_rect, the table in
        view, the game not over), else None."""
        if not self.undo_offered or self.undo_rect is None or self.over or self.curtain_down():
            return None
        if self._undo_button is None:
            self._undo_button = UndoButton(self, self.undo_rect)
        self._undo_button.rect = pygame.Rect(self.undo_rect)   # (a table may move it: undo_rect is asked each time)
        return self._undo_button

    def draw_undo_button(self, surface) -> None:
        button = self.undo_button()
        if button is not None:
            button.enabled = self.can_undo
            button.draw(surface, self.button_focused("undo"))

    def undo(self) -> bool:
        """Take back the human's last move (and the computers' after it), fairly (table/fair_undo.py)."""
        if not self.undo_allowed:
            if self.fair_undo and self.humans:
                self.app.notify(fair_undo.NO_UNDO)
            self.app.play_sound("invalid")
            return False
        if self.curtain_down() or not self.actions:
            self.app.play_sound("invalid")
            return False
        self.animator.finish_all()
        if not self.send_command("undo"):
            return False
        self.app.play_sound("place")
        self.save()
        return True

    def restart(self, seed: int | None = None) -> None:
        """A new deal with the same options, in place (the pause overlay pops itself, then calls this).
        Online, once the game is over, it asks the table to play again (ui/remote_line.py)."""
        if self.online:
            if self.over:
                self.ask_again()
            return
        self.abandon()   # a game in progress thrown away counts as played and lost
        self.clear_save()
        self.redeal(seed)

    def redeal(self, seed: int | None = None) -> None:
        """Deal again in place without touching the autosave (restart() clears it first): a new
        table with the same options."""
        self.scheduler.clear()
        self.animator = Animator(lambda: self.app.anim_scale * self.anim_pace)
        self.seed = new_seed() if seed is None else seed
        self._new_game(self.open_table())
        self.fx.clear()
        self._hover = None
        self._build_board(deal=True)
        self.begin()
