"""Every game of the collection, in menu order. Scenes are imported lazily."""
from __future__ import annotations

from cardgames.games.info import GameInfo
from cardgames.games.skyjo import INFO as SKYJO
from cardgames.games.switch import INFO as SWITCH
from cardgames.games.three_thirteen import INFO as THREE_THIRTEEN
from cardgames.games.tripeaks import INFO as TRIPEAKS

GAMES: tuple[GameInfo, ...] = (TRIPEAKS, SKYJO, THREE_THIRTEEN, SWITCH)
BY_NAME: dict[str, GameInfo] = {g.name: g for g in GAMES}


def get(name: str) -> GameInfo:
    try:
        return BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; choose one of: {', '.join(BY_NAME)}") from None
