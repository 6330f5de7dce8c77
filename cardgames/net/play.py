"""Opening the game screen of a table on a server (issue 25), and rejoining one's seat.

    scene = open_online_game(app, handle, pending)   # handle: a connected NetHandle whose table has
    app.stack.push(scene)                            # started; pending: what the lobby read after it
    scene = rejoin_saved(app)                        # the kept seat token: the table again, or None
                                                     # (hosted here and down: hosted again, host_again)

The scene is the game's own (Skyjo, Three Thirteen, Switch), opened with a ui/remote_line.RemoteLine
as its line instead of a table in this process: only this player's seat is shown, the server plays
the computers. Names come from the table's seats; the options say "online" (the statistics keep
online games apart: cardgames/records.py).
"""
from __future__ import annotations

from typing import Any

from cardgames import names as player_names
from cardgames.games import registry
from cardgames.i18n import N_
from cardgames.net import seat_token
from cardgames.net.client import NetError, NetHandle

REJOIN_TIMEOUT = 5.0       # seconds to wait for the server when rejoining with the kept token
REFUSED_TOKEN = N_("That table no longer has your seat; it was forgotten.")
UNREACHABLE = N_("The table's server does not answer. Try again later.")


def online_options(app: Any, handle: NetHandle, seats: Any) -> dict[str, Any]:
    """The scene's options for `handle`'s seat: the game's defaults, this seat as the only human, every
    seat's name (`seats`: the players' own, the computers' from the settings), and "online"."""
    info = registry.get(handle.game or "")
    options = info.default_options()
    options.update(getattr(handle, "options", None) or {})
    mine = (handle.seat,) if handle.seat is not None else ()
    names = player_names.with_players(player_names.seat_names(app.settings, len(seats), mine),
                                      {seat: info.name for seat, info in enumerate(seats)
                                       if seat != handle.seat and info.name})
    options.update(humans=mine, names=list(names), players=len(seats), online=True)
    return options


def open_online_game(app: Any, handle: NetHandle, pending: list[Any] | tuple[Any, ...] = ()) -> Any:
    """The game scene for a connected `handle` (contract 3 of S10.md); `pending`: the messages the
    lobby read after the table started, given back in order."""
    from cardgames.ui.remote_line import RemoteLine
    info = registry.get(handle.game or "")
    line = RemoteLine(handle, pending)
    options = online_options(app, handle, line.seats)
    options["line"] = line
    scene = info.scene_class()(app, options)
    scene.rejoin = rejoin_saved
    app.settings["last_game"] = info.name     # the select screen opens on it (its "Rejoin table" entry)
    app.save_settings()
    return scene


def rejoin_saved(app: Any, timeout: float = REJOIN_TIMEOUT) -> Any:
    """The game scene of the kept seat (its token taken to its server), or None with a notice: a
    refused token is forgotten, an unreachable server keeps it for later."""
    kept = seat_token.load(app.storage)
    if kept is None:
        return None
    try:
        handle = NetHandle.join(kept["url"], kept["code"], token=kept["token"], timeout=timeout)
    except NetError as exc:
        if exc.code == "unreachable" and kept.get("hosted"):   # this computer hosted it: host it again
            return host_again(app, kept, timeout)
        if exc.code in ("bad_token", "no_table"):
            seat_token.forget(app.storage)
            app.notify(REFUSED_TOKEN)
        else:
            app.notify(UNREACHABLE)
        return None
    try:
        return open_online_game(app, handle)
    except Exception:   # noqa: BLE001 - a table that cannot be shown closes its line, never the menu
        handle.close()
        app.storage.log_error("rejoining an online table")
        app.notify(UNREACHABLE)
        return None


def rejoin_entries(select: Any) -> list[tuple[str, Any]]:
    """The select screen's "Rejoin table CODE" button while a seat of its game is kept: pressed, the
    table opens (or the screen says why not, and a refused token is forgotten)."""
    from cardgames.i18n import said
    kept = seat_token.load(select.app.storage)
    if kept is None or kept["game"] != select.info.name:
        return []

    def rejoin() -> None:
        scene = rejoin_saved(select.app)
        if scene is None:
            select.build()
        else:
            select.stack.push(scene)
    return [(said("Rejoin table {code}", code=kept["code"]), rejoin)]


def host_again(app: Any, kept: dict[str, Any], timeout: float = REJOIN_TIMEOUT) -> Any:
    """A table this computer hosted, its game quit meanwhile: the game's own server again (its
    records reopen the table where it was, the same seats and tokens: net/host.py, net/store.py), and
    the host back in their seat. The game screen owns the server (it stops when the screen goes);
    None with a notice when it cannot be done."""
    from urllib.parse import urlsplit

    from cardgames.net.host import RECORDS, LocalHost, lan_setting
    from cardgames.scenes.online_common import this_machine_only
    local = this_machine_only(app)
    server = LocalHost(lan_setting(app.settings), address="127.0.0.1" if local else "0.0.0.0",
                       port=urlsplit(kept["url"]).port or 0, announce=not local, records=app.storage.data_dir / RECORDS)
    try:
        url = server.start()
        handle = NetHandle.join(url, kept["code"], token=kept["token"], timeout=timeout)
    except (OSError, NetError) as exc:
        server.stop()
        if getattr(exc, "code", "") in ("bad_token", "no_table"):
            seat_token.forget(app.storage)
            app.notify(REFUSED_TOKEN)
        else:
            app.storage.log_error("hosting a table again")
            app.notify(UNREACHABLE)
        return None
    handle.hosted_here = True
    try:
        scene = open_online_game(app, handle)
    except Exception:   # noqa: BLE001 - a table that cannot be shown closes, never the menu
        handle.close()
        server.stop()
        app.storage.log_error("hosting a table again")
        app.notify(UNREACHABLE)
        return None
    scene.own_server = server
    return scene
