"""Fair undo: how far back a game scene's undo may go (used by GameScene.undo).

The rules, for every game:
- undo takes back the player's own last move and the computer moves after it
  (the computers then play again), never another human's move (pass-and-play);
- it never goes back into a round (or hand) that has been scored: a scene says
  which moves closed one (the game's mover gives None for them);
and, for the multiplayer tables (GameScene.fair_undo = True: Skyjo, Three
Thirteen, Switch), undo is only there in practice games (options["practice"] =
True, the select screen's "Practice (undo allowed)"). There it takes back any
of your own moves, a draw or a card turned over too: the state goes back to
the one before the move, stock and all, so a card drawn again is the same card.

Who made a move is said once per game, here, for the table (cardgames/table/games.py,
GameSpec.mover; Table.undo applies these rules) and the scenes (their `mover` attribute) alike: a mover is
mover(rules, before, after, action_text) -> the seat, or None for a move that closed a round or
hand (turn_mover: TriPeaks; round_mover: Skyjo, Three Thirteen; switch_mover: Switch).
Pure: no pygame.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardgames.i18n import N_

OTHERS_TURN = N_("Another player's turn cannot be taken back")
NOTHING = N_("Nothing to take back")
NO_UNDO = N_("No undo in this game: choose Practice (undo allowed) to take moves back")
SCORED_ROUND = N_("A scored round cannot be taken back.")     # why a round game's closing move stays
FINISHED_HAND = N_("A finished hand cannot be taken back.")   # why Switch's closing move stays


def turn_mover(rules: Any, before: Any, after: Any, action: str) -> int | None:
    """Whose turn it was (a game of one round: TriPeaks)."""
    return rules.current_player(before)


def round_mover(rules: Any, before: Any, after: Any, action: str) -> int | None:
    """Whose turn it was; None for the move that ended a round (or the game) and for "Next round":
    undo never goes back into a round that has been scored. The rules module has Phase.ROUND_OVER."""
    over = rules.Phase.ROUND_OVER
    if before.phase == over or after.phase == over or rules.is_over(after):
        return None
    return rules.current_player(before)


def switch_mover(rules: Any, before: Any, after: Any, action: str) -> int | None:
    """The seat the action names (a "last card" call or a catch comes out of turn); None for the
    move that ended a hand (or the match) and for the next hand's deal."""
    move = rules.parse_action(action)
    if move.kind is rules.K_NEXT or after.phase in (rules.HAND_OVER, rules.OVER):
        return None
    return move.seat


def undo_target(moves: int, mover: Callable[[int], int | None], humans: Sequence[int], viewer: int,
                closed: str) -> tuple[int | None, str]:
    """The move undo goes back to (the viewer's last of `moves`: the history index of the state
    before it), or None with the reason. mover(i) is who made move i, None for a move that closed
    a round (`closed` says why that cannot be taken back). No move of another human is taken back."""
    for i in range(moves - 1, -1, -1):
        who = mover(i)
        if who is None:
            return None, closed
        if who in humans and who != viewer:
            return None, OTHERS_TURN
        if who == viewer:
            return i, ""
    return None, NOTHING
