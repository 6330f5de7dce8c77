"""Suggest, in a practice game: the card or pile the game's Expert would play, ringed and said in words.

The view never runs an AI (tests/test_view_line.py): it sends the table the command "suggest" and
the table answers in the seat's Update (`suggestion`, the action's text), computed by the game's
Expert from the seat's own observation (cardgames/table/suggest.py). The scene then rings the
move's card or pile (and where it goes) until the next move, moves the focus there, and says the
move in the move log's words (`suggestion(action, observation)` in the game's log.py, beside the log's
describe(); a plain "Expert would play ..." for a game without one).

Asked by the Suggest button (under the Undo button: `suggest_rect`), the E key (for Expert), and a pad's right
stick click (engine/gamepad.py: the command "suggest"). Offered in practice games of the games
that have an Expert (cardgames/games/<game>/expert.py).
"""
from __future__ import annotations

import importlib
import importlib.util
import math
from typing import Any

import pygame

from cardgames.i18n import N_, said
from cardgames.ui import controls, theme
from cardgames.ui.widgets import Button

SUGGEST_KEY = pygame.K_e
KEYS_LABEL = N_("Suggest (E)")
PAD_LABEL = N_("Suggest")
RING = (255, 214, 90)


def has_expert(game: str) -> bool:
    """Whether the game has an Expert to ask (found without importing it: the view runs no AI)."""
    try:
        return importlib.util.find_spec(f"cardgames.games.{game}.expert") is not None
    except (ImportError, ValueError):
        return False


def _words_of(game: str) -> Any:
    """The game's log.suggestion(action, observation), or None."""
    try:
        return getattr(importlib.import_module(f"cardgames.games.{game}.log"), "suggestion", None)
    except ImportError:
        return None


class SuggestButton(Button):
    def __init__(self, scene: Any, rect: pygame.Rect) -> None:
        super().__init__(rect, KEYS_LABEL, scene.suggest, px=theme.BODY)
        self.app = scene.app

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        self.text = PAD_LABEL if controls.device(self.app) == "pad" else KEYS_LABEL
        super().draw(surface, focused)


class SuggestMixin:
    """Mixed into GameScene (needs its members: practice, undo_rect, human_turn, send_command, ...)."""

    _suggest_button: Any = None
    _suggested: tuple[int, tuple[Any, ...]] | None = None   # (moves when it was given, the piles ringed)

    @property
    def suggest_rect(self) -> pygame.Rect | None:
        """Where the Suggest button sits: under the Undo button (a game may override)."""
        undo = self.undo_rect
        return None if undo is None else pygame.Rect(undo).move(0, undo.height + 8)

    def suggest_offered(self) -> bool:
        return self.practice and self.app.demo is None and has_expert(self.info.name)

    def suggest_button(self) -> SuggestButton | None:
        """The Suggest button while it is shown (with the Undo button, in a practice game), else None."""
        rect = self.suggest_rect
        if rect is None or not self.suggest_offered() or self.undo_button() is None:
            return None
        if self._suggest_button is None:
            self._suggest_button = SuggestButton(self, rect)
        self._suggest_button.rect = pygame.Rect(rect)
        return self._suggest_button

    def suggest(self) -> bool:
        """Ask the table what Expert would play (the answer comes in the seat's update: show_suggestion)."""
        if not self.suggest_offered():
            self.app.notify(N_("Suggestions are for practice games."))
            self.app.play_sound("invalid")
            return False
        if self.over or not self.human_turn:
            self.app.play_sound("invalid")
            return False
        self.animator.finish_all()
        return self.send_command("suggest")

    def show_suggestion(self, text: str) -> None:
        """The table's answer: ring the move's card or pile and where it goes, and say it."""
        try:
            action = self.rules.parse_action(text)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            return
        source, target = self.action_ui(action)
        piles = tuple(p for p in (source[0] if isinstance(source, tuple) else source, target)
                      if isinstance(p, str) and p in self.board.piles)
        self._suggested = (len(self.actions), piles)
        if piles:
            self.focus_pile(piles[0])
        describe = _words_of(self.info.name)
        words = describe(action, self.observation()) if describe is not None else None
        self.app.notify(words or said("Expert would play {move}", move=text))
        self.app.play_sound("button")

    def suggested_piles(self) -> tuple[Any, ...]:
        """The piles ringed now: the suggestion's, until the next move."""
        if self._suggested is None or self._suggested[0] != len(self.actions):
            return ()
        return self._suggested[1]

    def draw_suggestion(self, surface: pygame.Surface) -> None:
        button = self.suggest_button()
        if button is not None:
            button.enabled = self.human_turn and not self.over
            button.draw(surface, self.button_focused("suggest"))
        grow = 13 + round(4 * (1 + math.sin(self.scheduler.time * 6)) / 2)   # outside the focus ring
        for pile in self.suggested_piles():
            top = self.board.top(pile)
            rect = top.rect if top is not None else self.board.piles[pile].base_rect(self.card_size)
            pygame.draw.rect(surface, RING, rect.inflate(grow * 2, grow * 2), width=4, border_radius=12)
