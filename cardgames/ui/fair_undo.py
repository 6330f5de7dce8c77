"""Fair undo: how far back a game scene's undo may go (used by GameScene.undo).

Two rules, for every game:
- undo takes back the player's own last move and the computer moves after it,
  never another human's move (pass-and-play);
and, for the multiplayer tables (GameScene.fair_undo = True: Skyjo, Three
Thirteen, Switch), two more:
- undo is only there in practice games (options["practice"] = True, the select
  screen's "Practice (undo allowed)"), and
- it never lets anyone see a card twice: it stops at the last move that showed
  a card to a human (a draw, a card turned over, a computer's card played from
  its hand). GameScene keeps that point as `undo_floor`; a drawn or turned
  card stays what it was.
Pure: no pygame.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardgames.core.events import CardFlipped, CardMoved, redact
from cardgames.i18n import N_


def default_hidden_to(pile: str, seat: int) -> bool:
    """Whether `seat` could not see the cards in `pile` (the stock, another's hand)."""
    if pile == "stock":
        return True
    if pile.startswith("hand:"):
        return pile != f"hand:{seat}"
    return False


def reveals(events: Sequence[Any], humans: Sequence[int], hidden_to: Callable[[str, int], bool]) -> bool:
    """Whether these events showed some human a card they had not seen (as that human sees them)."""
    for seat in humans:
        for ev in redact(events, seat):
            if isinstance(ev, CardFlipped) and ev.face_up and ev.card is not None:
                return True
            if isinstance(ev, CardMoved) and ev.card is not None and hidden_to(ev.src, seat):
                return True
    return False


def undo_target(history: Sequence[Any], floor: int, humans: Sequence[int], viewer: int,
                current_player: Callable[[Any], int | None]) -> tuple[int | None, str]:
    """The index in `history` undo goes back to (the state before the viewer's last move), or None
    with the reason. No move before `floor` is taken back, nor any move of another human."""
    for i in range(len(history) - 1, -1, -1):
        mover = current_player(history[i])
        if i < floor:
            return None, N_("A card has been seen since: that move cannot be taken back")
        if mover in humans and mover != viewer:
            return None, N_("Another player's turn cannot be taken back")
        if mover == viewer:
            return i, ""
    return None, N_("Nothing to take back")
