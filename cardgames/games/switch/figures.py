"""Switch's own figures for the statistics, counted from what the viewer was told (pure, no pygame).

Each move's update gives its share: the hand it ended (and whether a human seat went out), a
catch (the event "caught": who caught whom), a pick-up taken (the event "pickup"). The scene
keeps the shares by move number (Tally), so an undo takes its moves' shares back, and a resumed
game counts from the table's story of the game so far: the figures are exact either way.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from cardgames.games.switch.rules import HAND_OVER, OVER

FIELDS = ("hands", "hands_won", "catches", "caught", "longest_pickup")


def share(obs: Any, events: Iterable[Any], humans: Collection[int]) -> dict[str, int]:
    """One position's part of the figures: `obs` the observation after the move, `events` the move's."""
    out = dict.fromkeys(FIELDS, 0)
    if obs.phase is HAND_OVER or obs.phase is OVER:
        out["hands"] = 1
        out["hands_won"] = int(obs.winner in humans)
    for ev in events:
        kind = getattr(ev, "kind", None)
        if kind == "caught":           # seat: who was caught; value: who caught them
            out["catches"] += int(ev.value in humans)
            out["caught"] += int(ev.seat in humans)
        elif kind == "pickup" and ev.seat in humans:
            out["longest_pickup"] = max(out["longest_pickup"], int(ev.value))
    return out


def game_figures(shares: Iterable[dict[str, int]]) -> dict[str, int]:
    """Hands played and won by the human seats, their catches, times caught and longest pick-up."""
    out = dict.fromkeys(FIELDS, 0)
    for part in shares:
        for name in FIELDS:
            if name == "longest_pickup":
                out[name] = max(out[name], part[name])
            else:
                out[name] += part[name]
    return out


class Tally:
    """The shares of one game, by move number (-1: the opening position), as the updates come."""

    def __init__(self, humans: Collection[int]) -> None:
        self.humans = tuple(humans)
        self.shares: dict[int, dict[str, int]] = {}

    def opening(self, update: Any) -> None:
        """The position a game (or an undo back to its deal) starts from."""
        self.shares = {-1: share(update.observation, (), self.humans)}

    def told(self, update: Any) -> None:
        """An update that tells a move (update.played): its share, as move update.moves - 1."""
        if update.played:
            self.shares[update.moves - 1] = share(update.observation, update.events, self.humans)

    def story(self, updates: list[Any]) -> None:
        """A game so far (TableLine.open_table): the opening, then an update per move."""
        if updates:
            self.opening(updates[0])
            for update in updates[1:]:
                self.told(update)

    def reset(self, update: Any) -> None:
        """The table drew the position afresh at update.moves (an undo): later moves are forgotten."""
        if update.moves == 0:
            self.opening(update)
        else:
            self.shares = {i: part for i, part in self.shares.items() if i < update.moves}

    def figures(self) -> dict[str, int]:
        return game_figures(self.shares.values())
