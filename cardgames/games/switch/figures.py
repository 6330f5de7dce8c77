"""Switch's own figures for the statistics, worked out from a game's moves (pure, no pygame).

The game is given by its states and actions (the scene's history), so the
figures are exact after a resume too: each move is applied again to see what
it announced (a catch, a pick-up), and each hand's end gives its winner.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from cardgames.games.switch import rules


def game_figures(states: Sequence[Any], actions: Sequence[str], humans: Collection[int]) -> dict[str, int]:
    """Hands played and won by the human seats, their catches, times caught and longest pick-up.

    `states` are the game's states from the deal on (history plus the current one);
    actions[i] led from states[i] to states[i + 1]."""
    out = {"hands": 0, "hands_won": 0, "catches": 0, "caught": 0, "longest_pickup": 0}
    for state in states:
        if state.phase in (rules.HAND_OVER, rules.OVER):
            out["hands"] += 1
            out["hands_won"] += int(state.winner in humans)
    for state, text in zip(states, actions):
        try:
            _after, events = rules.apply(state, rules.parse_action(text))
        except ValueError:     # IllegalAction is a ValueError: a history that does not replay counts no more
            break
        for ev in events:
            kind = getattr(ev, "kind", None)
            if kind == "caught":
                out["catches"] += int(ev.value in humans)
                out["caught"] += int(ev.seat in humans)
            elif kind == "pickup" and ev.seat in humans:
                out["longest_pickup"] = max(out["longest_pickup"], int(ev.value))
    return out
