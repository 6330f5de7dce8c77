"""GameScene's input: mouse, keys and pad turned into actions, a picked card, hover, pause.

A mixin of cardgames.ui.game_scene.GameScene. A drag (DragController asks targets()
and calls drop()), a click or Enter (click()) plays an action when it is unambiguous,
else picks the card up (_select) until the next click chooses its target; resolve()
picks among actions sharing one gesture. handle_event() routes the move log's keys,
Esc and Pause (open_pause), the undo keys, the focus ring's keys (scene_focus.py)
and the mouse.

Uses from the scene: board, drag, focus, animator, app, human_turn, over, humans,
move_log, actions_from(), act(), resolve(), undo(), undo_button(), refresh_focus(), activate().
"""
from __future__ import annotations

from typing import Any

import pygame

from cardgames.ui.cards import SELECTED, CardSprite
from cardgames.ui.suggest import SUGGEST_KEY

UNDO_KEYS = (pygame.K_z, pygame.K_BACKSPACE, pygame.K_u)
PICKED_LIFT = 1.0     # a picked card stands up off the table (a hovered one 0.35), by Enter as by a click
HOVER_LIFT = 0.35


class SceneInput:
    """Pointer, keys and the picked card (a GameScene mixin)."""

    @property
    def picked(self) -> Any:
        """The card (CardSprite) or pile picked up by a click and waiting for its target, or None."""
        return self._selection[0] if self._selection is not None else None

    def pick_up(self, source: Any, targets: dict[str, list[Any]]) -> None:
        """Pick `source` up as a click does: its targets light up and the next click chooses."""
        self._select(source, targets)

    def targets(self, sprite: CardSprite) -> dict[str, Any]:
        """DragController: where this card may be dropped (target pile -> action)."""
        out: dict[str, Any] = {}
        for action, dst in self.actions_from(sprite, sprite.pile):
            if dst is not None and dst != sprite.pile:
                out.setdefault(dst, action)
        return out

    def drop(self, sprite: CardSprite, pile: str, action: Any) -> None:
        self._play([a for a, dst in self.actions_from(sprite, sprite.pile) if dst == pile] or [action])

    def _play(self, actions: list[Any]) -> None:
        """Play one of `actions` (all the same gesture); resolve() picks when there are several."""
        choice = actions[0] if len(actions) == 1 else self.resolve(actions)
        if choice is not None:
            self.act(choice)

    def invalid(self, sprite: CardSprite | None) -> None:
        """Not a legal move: the buzz, and a resting card wiggles."""
        self.app.play_sound("invalid")
        if sprite is not None and sprite.at_home and sprite.layer == 0:
            self.animator.play(sprite.shake())

    def click(self, sprite: CardSprite | None, pile: str | None) -> None:
        """A click (or Enter) on a card or pile: play it, pick it up, or put a picked card down."""
        if not self.human_turn:
            return
        if self._selection is not None:
            source, targets = self._selection
            self._clear_selection()
            if pile in targets:
                self._play(targets[pile])
                return
            if source is sprite or (sprite is None and source == pile):
                return  # clicking the picked card again puts it back
        options = self.actions_from(sprite, pile)
        if not options:
            if sprite is not None or pile is not None:
                self.invalid(sprite)
            return
        targets: dict[str, list[Any]] = {}
        for action, dst in options:
            targets.setdefault(dst, []).append(action)
        if len(targets) == 1:
            self._play(next(iter(targets.values())))
        else:
            self._select(sprite if sprite is not None else pile, targets)

    def _select(self, source: Any, targets: dict[str, list[Any]]) -> None:
        """Pick a card up (click or Enter) when it can go to several piles; the next click chooses."""
        targets = {dst: acts for dst, acts in targets.items() if dst is not None}
        self._selection = (source, targets)
        self.board.set_highlight(targets)
        if isinstance(source, CardSprite):
            source.highlight = SELECTED
            source.lift = PICKED_LIFT
        self._focus_dirty = True

    def _clear_selection(self) -> None:
        if self._selection is not None:
            source = self._selection[0]
            self._selection = None
            self.board.set_highlight(())
            if isinstance(source, CardSprite) and source.lift == PICKED_LIFT:   # put down: back in its place
                source.lift = HOVER_LIFT if source is self._hover else 0.0
            self._focus_dirty = True

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.move_log.handle_event(event) or self.online_event(event):   # J, a click on the log's corner; Q
            return
        if event.type == pygame.WINDOWFOCUSLOST:  # the player looked away: stop the clocks
            if self.humans and not self.over and self.app.demo is None:
                self.open_pause()
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self._selection is not None:
                    self._clear_selection()
                else:
                    self.open_pause()
                return
            if event.key == pygame.K_PAUSE:   # the Pause key, a gamepad's Start
                self.open_pause()
                return
            if event.key in UNDO_KEYS and (event.key != pygame.K_z or event.mod & pygame.KMOD_CTRL):
                self.undo()
                return
            if event.key == SUGGEST_KEY and self.suggest_button() is not None:   # E: what Expert would play
                self.suggest()
                return
            self.refresh_focus()
            key = self.focus.handle_event(event)
            if key is not None:
                self.animator.finish_all()
                self.activate(key)
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.focus.handle_event(event)
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:  # right click: let go
                self._clear_selection()
                self.drag.cancel()
                return
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                undo = self.undo_button()
                if undo is not None and undo.rect.collidepoint(event.pos):
                    self.undo()       # (when nothing can be taken back, it says why)
                    return
                suggest = self.suggest_button()
                if suggest is not None and suggest.rect.collidepoint(event.pos):
                    self.suggest()
                    return
                if not self.human_turn:
                    return
                self.animator.finish_all()
            self.drag.handle_event(event)
            if event.type == pygame.MOUSEMOTION and not self.drag.pressed:
                self._set_hover(event.pos)

    def _set_hover(self, pos: tuple[int, int] | None) -> None:
        """Raise the playable card under the pointer a little (it says "you can take me")."""
        sprite = self.board.hit_test(pos) if pos is not None and self.human_turn else None
        if sprite is not None and not self.actions_from(sprite, sprite.pile):
            sprite = None
        if sprite is not None:
            self.focus.focus(sprite)   # the keys carry on from the card under the pointer
        if sprite is self._hover:
            return
        if self._hover is not None and self._hover.layer == 0 and self._hover is not self.picked:
            self._hover.lift = 0.0     # (a picked card stays up until it is put down)
        self._hover = sprite
        if sprite is not None and sprite is not self.picked:
            sprite.lift = HOVER_LIFT

    def open_pause(self) -> None:
        """The pause overlay over this game (Esc, the Pause key or Start, the window losing focus)."""
        self.drag.cancel()
        self.stack.push(self.app.screens.pause(self))
