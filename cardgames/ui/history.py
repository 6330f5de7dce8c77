"""GameScene's history: undo (fair in the multiplayer tables), restart and a new deal in place.

A mixin of cardgames.ui.game_scene.GameScene. Every applied action pushes the state
before it on self.history (act_then in game_scene.py); undo() goes back to the point
cardgames/ui/fair_undo.py allows, restart() throws the game away (it counts as lost)
and deals again, redeal() deals again keeping the autosave.

Uses from the scene: rules, history, actions, undo_floor, humans, viewer, options,
allow_undo, fair_undo, scheduler, animator, board, drag, move_log, app, sync(),
save(), clear_save(), abandon(), _new_game(), _build_board(), begin().
"""
from __future__ import annotations

from cardgames.core.rng import new_seed
from cardgames.engine.tween import Animator
from cardgames.i18n import N_
from cardgames.ui import fair_undo


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

    def pile_hidden_to(self, pile: str, seat: int) -> bool:
        """Whether `seat` could not see into `pile` before a card left it (a card from there is
        news to them: fair undo stops there). Default: stock, draw pile and the others' hands."""
        return fair_undo.default_hidden_to(pile, seat)

    def note_undo_floor(self, events: list) -> None:
        """After a move is applied (played or replayed on resume): in the fair_undo tables, a move that
        showed a human a card becomes the floor undo never goes below."""
        if self.fair_undo and fair_undo.reveals(events, self.humans, self.pile_hidden_to):
            self.undo_floor = len(self.actions)

    def undo(self) -> bool:
        """Take back the human's last move (and the computers' after it), fairly (ui/fair_undo.py)."""
        if not self.undo_allowed:
            if self.fair_undo and self.humans:
                self.app.notify(N_("No undo in this game: choose Practice (undo allowed) to take moves back"))
            self.app.play_sound("invalid")
            return False
        target, why = fair_undo.undo_target(self.history, self.undo_floor, self.humans, self.viewer,
                                            self.rules.current_player)
        if target is None:
            if why and self.history:
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

