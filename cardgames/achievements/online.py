"""The achievements only an online game gives (the "Online" page), from what the local seat knows.

check(move) runs beside the game's own check (checks.py) for a move at a table on a server
(move.online). Besides the seat's observations and redacted events it reads two things every
seat is told: the table's seats (lobby.SeatInfo: a player or a computer, and whether a computer
plays for a player who dropped or left) and the table's result when the move ended the game
(messages.Result: the winners). Nothing here is hidden from the seat.

Each asks for another player, a person at another screen, at the table: a table hosted with
computers only is a local game by another road (its moves still earn the games' own
achievements, as locally), and gives none of these. A player a computer plays for (dropped past
the grace, or gone) does not count. Rematch needs a second game finished in a row at the same
table in the same screen: "Play again" deals it only once every player there asked for it.
"""
from __future__ import annotations

from typing import Any

FULL_TABLE = 3      # players at the table (you included) for Full Table


def other_players(seats: Any, viewer: int) -> list[int]:
    """The seats other than `viewer` played by a person now (not a computer, nor a computer for them)."""
    return [s for s, info in enumerate(seats)
            if s != viewer and getattr(info, "kind", "") == "player" and not getattr(info, "computer_plays", False)]


def check(m: Any) -> list[str]:
    """The online ids this move earned (m: a checks.Move with online=True)."""
    me, others, out = m.viewer, other_players(m.seats, m.viewer), []
    if not others:
        return out
    if m.game == "switch" and any(e.value == me and e.seat in others for e in m.announced("caught")):
        out.append("on_catch")
    ended = m.ended
    if ended is not None and me not in ended.resigned:
        out.append("on_game")
        games = m.memory["online_games"] = m.memory.get("online_games", 0) + 1
        if games >= 2:
            out.append("on_again")
        if me in ended.winners:
            out.append("on_win")
            if len(others) + 1 >= FULL_TABLE:
                out.append("on_full_table")
    return out
