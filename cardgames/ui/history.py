"""GameScene's history: undo (fair in the multiplayer tables), restart and a new deal in place.

A mixin of cardgames.ui.game_scene.GameScene. Every applied action pushes the state
before it on self.history (act_then in game_scene.py); undo() goes back to the point
cardgames/ui/fair_undo.py allows (the state before the viewer's last move: the deal and
the stock as they were), restart() throws the game away (it counts as lost) and deals
again, redeal() deals again keeping the autosave. In a practice game undo is offered
on screen too: an Undo button (cardgames/ui/undo_button.py), the pause menu's entry,
Ctrl+Z / U / Backspace and the pad's Back button.

Uses from the scene: rules, history, actions, humans, viewer, options, allow_undo,
fair_undo, scheduler, animator, board, drag, move_log, app, sync(), save(), clear_save(),
abandon(), _new_game(), _build_board(), begin().
"""
from __future__ import annotations

import pygame

from cardgames.core.rng import new_seed
from cardgames.engine.tween import Animator
from cardgames.ui import fair_undo
from cardgames.ui.undo_button import UndoButton


class UndoHistory:
    """Undo, restart and redeal (a GameScene mixin)."""

    undo_closed = fair_undo.SCORED_ROUND   # why a move undo_mover() calls None stays
    mover = staticmethod(fair_undo.turn_mover)   # who made a move (fair_undo.py; the table's GameSpec.mover too)

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

    def undo_mover(self, i: int) -> int | None:
        """The seat that made move i (self.actions[i], played from self.history[i]), or None for a
        move undo never takes back (it closed a round: undo_closed says so), as the game's `mover` says."""
        return self.mover(self.rules, self.history[i], self.state_after(i), self.actions[i])

    def state_after(self, i: int):
        """The state move i led to."""
        return self.history[i + 1] if i + 1 < len(self.history) else self.state

    def curtain_down(self) -> bool:
        """A pass-and-play curtain hides the table (nobody's undo until the next player lifts it)."""
        return False

    def undo_target(self) -> tuple[int | None, str]:
        """Where undo would go back to (an index in self.history), or None and why not."""
        return fair_undo.undo_target(len(self.actions), self.undo_mover, self.humans, self.viewer,
                                     self.undo_closed)

    @property
    def can_undo(self) -> bool:
        """Whether undo would take a move back now (the button and the pause entry are lit)."""
        return self.undo_allowed and not self.curtain_down() and self.undo_target()[0] is not None

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
        """Take back the human's last move (and the computers' after it), fairly (ui/fair_undo.py)."""
        if not self.undo_allowed:
            if self.fair_undo and self.humans:
                self.app.notify(fair_undo.NO_UNDO)
            self.app.play_sound("invalid")
            return False
        target, why = self.undo_target()
        if target is None or self.curtain_down():
            if why and self.history and target is None:
                self.app.notify(why)
            self.app.play_sound("invalid")
            return False
        self.animator.finish_all()
        self.scheduler.cancel(self._ai_job)
        self._ai_job, self.thinking = None, None
        self.state = self.history[target]
        del self.history[target:], self.actions[target:]
        self.move_log.truncate(len(self.actions))
        self.over = False
        self._clear_selection()
        self.drag.cancel()
        self._set_hover(None)
        self.animator.queue(self.sync(animate=True))
        self._focus_dirty = True
        self.app.play_sound("place")
        self.save()
        return True

    def restart(self, seed: int | None = None) -> None:
        """A new deal with the same options, in place (the pause overlay pops itself, then calls this)."""
        self.abandon()   # a game in progress thrown away counts as played and lost
        self.clear_save()
        self.redeal(seed)

    def redeal(self, seed: int | None = None) -> None:
        """Deal again in place without touching the autosave (restart() clears it first)."""
        self.scheduler.clear()
        self.animator = Animator(lambda: self.app.anim_scale * self.anim_pace)
        self.seed = new_seed() if seed is None else seed
        self._new_game()
        self.fx.clear()
        self._hover = None
        self._build_board(deal=True)
        self.begin()
