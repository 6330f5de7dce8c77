"""GameScene's keyboard focus: what the arrows, Tab and a gamepad reach, and Enter on it.

A mixin of cardgames.ui.game_scene.GameScene (read its docstring, "Keyboard"). The
keys are the cards and piles the human can play from (or a picked card's targets),
then the scene's on-screen buttons as "button:<name>"; refresh_focus() hands them to
the FocusRing (cardgames/engine/input.py) whenever they are marked dirty.

Uses from the scene: board, focus, app, stack, deal_from, moves(), actions_from(), click(),
undo_button(), can_undo, _selection, _focus_dirty, _focus_moved.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from cardgames.ui.cards import CardSprite

BUTTON, IDLE, MAIN, PLAYS = 0, 1, 2, 3   # focus_rank(): after a move the ring goes to the best one there


class SceneFocus:
    """The keys' focus ring over cards, piles and buttons (a GameScene mixin)."""

    def focus_keys(self) -> list[Hashable]:
        """What the keyboard can reach: the playable cards and piles, or the targets of a picked card.

        Keys are CardSprites or pile names; override to add the scene's own items (they
        must have a rect in focus_rect, and activate() must handle them).
        """
        if self._selection is not None:
            return list(self._selection[1])
        keys: list[Hashable] = []
        seen: set[int] = set()
        for action, src, card, dst in self.moves():
            if src is None or src not in self.board.piles:
                continue
            sprites = self.board.sprites(src)
            if card is None:
                key: Hashable = sprites[-1] if sprites else src
            else:
                key = next((s for s in sprites if s.card == card), src)
            if id(key) not in seen:
                seen.add(id(key))
                keys.append(key)
        keys.sort(key=lambda k: (self.focus_rect(k).centery // 40, self.focus_rect(k).centerx))
        return keys

    def focus_buttons(self) -> dict[str, Any]:
        """The scene's enabled on-screen buttons ({name: Button}) the keys and the pad reach; default none."""
        return {}

    def _buttons(self) -> dict[str, Any]:
        """focus_buttons(), and a practice table's Undo button ("undo") while it is lit."""
        buttons, undo, suggest = {**self.focus_buttons(), **self.online_buttons()}, self.undo_button(), \
            self.suggest_button()
        buttons = {**buttons, "undo": undo} if undo is not None and self.can_undo else buttons
        return {**buttons, "suggest": suggest} if suggest is not None and self.human_turn else buttons

    def _focus_button(self, key: Hashable) -> Any:
        """The Button behind a "button:<name>" focus key, or None."""
        if isinstance(key, str) and key.startswith("button:"):
            return self._buttons().get(key[7:])
        return None

    def ring_shown(self) -> bool:
        """Whether the ring is drawn: it is visible and the table is on top (under an overlay, a pause
        or a result panel, the keys go to the overlay: no ring, no lit button, is left on the table)."""
        return self.focus.visible and self.stack.top is self

    def button_focused(self, name: str) -> bool:
        """Whether the visible ring is on the button `name` (draw it lit)."""
        return self.ring_shown() and self.focus.current == f"button:{name}"

    def focus_rect(self, key: Hashable) -> pygame.Rect | None:
        """Where a focus key is on the canvas (override together with focus_keys and activate)."""
        button = self._focus_button(key)
        if button is not None:
            return button.rect
        if isinstance(key, CardSprite):
            return key.rect
        if isinstance(key, str) and key in self.board.piles:
            top = self.board.top(key)
            return top.rect if top is not None else self.board.piles[key].base_rect(self.board.size_of(key))
        return None

    def focus_rank(self, key: Hashable) -> int:
        """Where the ring goes after a move (the FocusRing's policy: the nearest key of the best rank):
        PLAYS a card or pile with a move, else MAIN the game's main move (a draw from the `deal_from`
        pile, the stock), else IDLE a card that does not play now, and BUTTON an on-screen button
        ("button:<name>") last, so it is never where a move leaves the ring while anything else is
        there. Other keys (a chooser's choices) count as PLAYS. A scene whose main move is a button
        (Switch's Draw / Pass) ranks it MAIN."""
        if isinstance(key, str) and key.startswith("button:"):
            return BUTTON
        if isinstance(key, CardSprite):
            pile, top = key.pile, key
        elif isinstance(key, str) and key in self.board.piles:
            pile, top = key, self.board.top(key)
        else:
            return PLAYS
        if not self.actions_from(top, pile):
            return IDLE
        return MAIN if pile == self.deal_from else PLAYS

    def focus_key_of(self, action: Any) -> Hashable | None:
        """The key Enter must be on to play `action` now: with a card picked up, the target pile it goes
        to; else its source card (or pile) on the board. None for an action without one: a scene whose
        buttons play actions (Go out, Draw / Pass, a suit) names their keys (a lesson's ring goes there)."""
        if self._selection is not None:
            return next((dst for dst, actions in self._selection[1].items() if action in actions), None)
        src, _dst = self.action_ui(action)
        pile, card = src if isinstance(src, tuple) else (src, None)
        if pile is None or pile not in self.board.piles:
            return None
        sprites = self.board.sprites(pile)
        if card is not None:
            return next((s for s in sprites if s.card == card), None)
        return sprites[-1] if sprites else pile

    def activate(self, key: Hashable) -> None:
        """Enter/Space on a focused item: the same as clicking it."""
        button = self._focus_button(key)
        if button is not None:
            self.app.play_sound("button")
            button.activate()
        elif isinstance(key, CardSprite):
            self.click(key, key.pile)
        elif isinstance(key, str):
            self.click(self.board.top(key), key)

    def focus_pile(self, pile: str) -> None:
        """Put the keyboard focus, shown, on the top card of `pile` (a hint, a suggestion)."""
        self.refresh_focus()
        for key in self.focus.keys:
            if getattr(key, "pile", key) == pile:
                self.focus.current = key
                self.focus.visible = True
                return

    def refresh_focus(self) -> None:
        """Bring what the keys reach up to date now (after refresh_moves(); done each frame anyway)."""
        if self._focus_dirty:
            self._focus_dirty = False
            keys = self.focus_keys()
            if self._selection is None:   # a picked card's targets only, else the buttons too
                keys += [f"button:{name}" for name in self._buttons() if f"button:{name}" not in keys]
            self.focus.set_keys(keys, self.focus_rank, after_move=self._focus_moved)
            self._focus_moved = False

    _refresh_focus = refresh_focus   # the older private name
