"""What the Three Thirteen view remembers of the moves it was told: who made each one, the card
your seat drew with each draw, and that a move just scored the round. A mixin of
ThreeThirteenScene (scene.py), kept from the updates the table sent this screen's seat (the
view never reads the table's State or history):
- the card you drew stays outlined until you discard, and an undo back into that turn outlines
  it again (the stock's card is told to the seat that drew it alone: its hand before and after);
- "rounds gone out" (the statistics) counts the going outs of the human seats, a resumed game's
  too (its moves so far come as the updates that told them);
- a round scored by anyone's move offers its summary once the last cards are down.
"""
from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import Any

from cardgames.core.cards import Card
from cardgames.games.three_thirteen.rules import OUT, STOCK, TAKE, Phase
from cardgames.table.messages import Update


class MovesTold:
    """The scene supplies actions, humans, show_summary_later(); TableLine the hooks chained here."""

    def on_new_game(self) -> None:
        super().on_new_game()
        self.movers: list[int | None] = []   # who made each move so far (of self.actions, one for one)
        self._drew: dict[int, Card] = {}      # move number -> the card your seat drew with it
        self._round_ended = False             # a move just scored the round: offer its summary once it lands
        self.drawn = None

    def _new_game(self, story: list[Update]) -> None:
        """A new or resumed game: the moves so far are remembered from the updates that told them."""
        super()._new_game(story)
        for before, after in pairwise(story):
            self._remember(before, after)

    def _remember(self, before: Update, after: Update) -> None:
        """Who made the move `after` tells (the player to move before it) and, when it was the seat
        of these updates drawing, the card drawn (its hand before and after: the stock's card is
        told to that seat alone)."""
        mover = before.observation.current
        self.movers.extend(mover for _ in after.played)
        if after.played and after.played[-1] in (str(STOCK), str(TAKE)) and mover == after.seat:
            new = Counter(after.observation.hand) - Counter(before.observation.hand)
            self._drew[after.moves - 1] = next(iter(new), None)

    def after_update(self, before: Update, after: Update) -> None:
        super().after_update(before, after)
        self._remember(before, after)
        if after.moves - 1 in self._drew:
            self.drawn = self._drew[after.moves - 1]
        if after.observation.phase == Phase.ROUND_OVER and before.observation.phase != Phase.ROUND_OVER:
            self._round_ended = True

    def landed(self) -> None:
        """A round just scored: its summary is offered once the last cards are down."""
        if self._round_ended:
            self._round_ended = False
            self.show_summary_later()
        super().landed()

    def on_reset(self, msg: Update) -> None:
        """An undo: back in a turn, the card you drew in it is outlined again."""
        super().on_reset(msg)
        del self.movers[msg.moves:]
        self._drew = {i: card for i, card in self._drew.items() if i < msg.moves}
        i = msg.moves - (2 if self.actions[-1:] == [str(OUT)] else 1)
        if i in self._drew:
            self.drawn = self._drew[i]

    def result_figures(self) -> dict[str, Any]:
        """Beside the final total: every time a human went out (first, or laying everything
        down on a last turn)."""
        outs = sum(1 for text, mover in zip(self.actions, self.movers) if text == str(OUT) and mover in self.humans)
        return {"rounds_out": outs}
