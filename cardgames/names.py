"""Player names: the human seats' and the computer players', kept in the settings. Pure (no pygame).

settings["player_names"]   the human seats in order (pass and play: player 1, 2, ...); "" or missing
                           means the default: "You" when one human plays, else "Player N".
settings["computer_names"] the computer players in seat order (the first computer seat takes the first).
Both are plain lists of strings. seat_names() gives every seat its name for one game; the game
keeps that tuple in its options (options["names"]), so a resumed game keeps its names.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

COMPUTER_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gia", "Hugo")
HUMAN_SEATS = 4          # the most human seats a game offers (pass and play)
MAX_LENGTH = 14          # characters: a name fits above a small Skyjo grid and in a summary row


def clean(text: Any) -> str:
    """A name as kept: printable characters, single spaces, at most MAX_LENGTH; "" for nothing usable."""
    if not isinstance(text, str):
        return ""
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(text.split())[:MAX_LENGTH].strip()


def is_name_list(value: Any) -> bool:
    """The settings check: a list of at most 8 strings."""
    return isinstance(value, list) and len(value) <= len(COMPUTER_NAMES) and all(isinstance(v, str) for v in value)


def human_default(k: int, humans: int) -> str:
    return "You" if humans == 1 else f"Player {k + 1}"


def seat_names(settings: Mapping[str, Any], players: int, humans: Sequence[int]) -> tuple[str, ...]:
    """Every seat's name for a game of `players` with these human seats; no two alike."""
    own = settings.get("player_names")
    own = own if is_name_list(own) else []
    bots = settings.get("computer_names")
    bots = bots if is_name_list(bots) else []
    out: list[str] = []
    computer = 0
    for seat in range(players):
        if seat in humans:
            k = list(humans).index(seat)
            name = clean(own[k]) if k < len(own) else ""
            name = name or human_default(k, len(humans))
        else:
            name = clean(bots[computer]) if computer < len(bots) else ""
            name = name or COMPUTER_NAMES[computer % len(COMPUTER_NAMES)]
            computer += 1
        out.append(name)
    return _distinct(out)


def with_players(names: Sequence[str], players: Mapping[int, str]) -> tuple[str, ...]:
    """`names` (seat_names()) with the players of an online table at their seats under their own names;
    a computer seat whose name a player has takes the first computer name nobody at the table has (a
    player called "Ada" never sits beside a computer "Ada")."""
    out = list(names)
    for seat, name in players.items():
        if 0 <= seat < len(out) and name:
            out[seat] = name
    taken = {out[seat].lower() for seat in players if 0 <= seat < len(out)}
    used = {name.lower() for name in out}
    spare = [n for n in COMPUTER_NAMES if n.lower() not in used]
    for seat, name in enumerate(out):
        if seat not in players and name.lower() in taken:
            out[seat] = spare.pop(0) if spare else f"{name[:MAX_LENGTH - 2]} {seat + 1}"
    return tuple(out)


def _distinct(names: list[str]) -> tuple[str, ...]:
    """Two seats with one name: the later one gets " 2" (then " 3"...)."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        n = seen.get(name.lower(), 0) + 1
        seen[name.lower()] = n
        out.append(name if n == 1 else f"{name[:MAX_LENGTH - 2]} {n}")
    return tuple(out)
