"""Joining a table from the command line (`main.py --join ws://HOST:PORT --code CODE`): the line is
made; a table still waiting for players opens the lobby of "Play with others" (scenes/online_lobby:
the seats, Ready, Leave), a table in play opens the game's own screen (net/play.open_online_game).
Refused or unreachable: the select screen, and why in the player's words (net/texts.py).
"""
from __future__ import annotations

from typing import Any

from cardgames.engine.scene import Scene


def join_scene(app: Any, url: str, code: str) -> Scene:
    """The scene `--join url --code code` opens: the game (its table started), the lobby (seats still
    open), or the select screen with a notice when the table cannot be joined."""
    from cardgames.net import play, seat_token
    from cardgames.net.client import NetError, NetHandle
    from cardgames.scenes.online_common import player_name
    code = code.strip().upper()
    kept = seat_token.load(app.storage)
    if kept is not None and kept["code"] == code and kept["url"] == url:   # the same command after a drop:
        again = play.rejoin_saved(app)                                    # the kept seat, not a new one
        if again is not None:
            return again
    try:
        handle = NetHandle.join(url, code, player_name(app.settings))
    except NetError as exc:
        from cardgames.net.texts import error_text
        app.notify(error_text(exc.code))
        return app.screens.select()
    if handle.welcome is not None and handle.welcome.started:
        return play.open_online_game(app, handle)
    from cardgames.games import registry
    from cardgames.scenes.online_lobby import LobbyScene
    return LobbyScene(app, registry.get(handle.game or ""), handle)
