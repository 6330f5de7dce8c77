"""When a computer acts, on the table's clock, and how long Switch's "last card" catch window lasts.

The one source of these numbers: the table plans the computers' moves and the catch window with
them; a view that shows one imports it (cardgames/games/switch/catch.py: HOLD = CATCH_HOLD).
"""
from __future__ import annotations

PACE_PLAYERS = 3      # with more players than this, each computer thinks for PACE_PLAYERS / players of the delay
FOLLOW_UP = 0.5       # the rest of a turn a computer has begun (after a draw) takes this share of its delay
CATCH_HOLD = 3.0      # seconds a computer who plays next waits while a missed "last card" can be caught
ROUND_PAUSE = 1.4     # a table without a human deals the next round after this many seconds (the demo)
AI_DELAY = 0.7        # the "normal" computer speed setting (app.AI_DELAYS)


def thinking_delay(ai_delay: float, players: int, continues_turn: bool) -> float:
    """Seconds a computer visibly thinks before a move: the speed setting's delay, shorter at a big
    table, and shorter again for the rest of a turn it has begun (a draw, then where the card goes)."""
    delay = ai_delay * min(1.0, PACE_PLAYERS / max(1, players))
    return delay * FOLLOW_UP if continues_turn else delay
