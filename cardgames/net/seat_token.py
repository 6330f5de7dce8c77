"""The seat token of the table this player last sat at on a server, kept in the data folder.

    seat_token.keep(storage, handle)      # on opening an online game (handle: a connected NetHandle)
    seat_token.load(storage)              # {"url", "code", "seat", "token", "game"} or None
    seat_token.forget(storage)            # the table is gone, or the server refused the token

The token takes the seat back after a drop, a crash or a restart of the game (NetHandle.join(url,
code, token=...)): the select screen offers "Rejoin table CODE" while it is kept and the server
answers. The file (online_seat.json) is written atomically by storage.py like every data file;
"forgetting" writes it empty (no token). It is a secret of this player: never shown, never logged.
"""
from __future__ import annotations

from typing import Any

from cardgames.i18n import N_
from cardgames.schema import Bool, Int, Record, Text, declare

FILE = "online_seat.json"
SCHEMA = Record({
    "url": Text("", max_len=300, pattern=r"(wss?://\S+)?"),
    "code": Text("", max_len=16, pattern=r"[A-Z0-9]*"),
    "seat": Int(0, lo=0, hi=15),
    "token": Text("", max_len=64, pattern=r"[A-Za-z0-9_-]*"),
    "game": Text("", max_len=40, pattern=r"[a-z_]*"),
    "hosted": Bool(False),           # this computer hosted the table: Rejoin hosts it again if it is down
})
declare(FILE, "online_seat", SCHEMA, what=N_("online seat"))


def keep(storage: Any, handle: Any, hosted: bool = False) -> bool:
    """Keep `handle`'s seat (its url, code, seat, token and game; `hosted`: this computer hosts the
    table); False when it holds none (a spectator) or the write failed (storage says so)."""
    if handle.seat is None or not handle.token:
        return False
    return storage.save(FILE, {"url": handle.url, "code": handle.code, "seat": handle.seat,
                               "token": handle.token, "game": handle.game or "", "hosted": bool(hosted)})


def load(storage: Any) -> dict[str, Any] | None:
    """The kept seat, or None when there is none (or the file held nothing usable)."""
    data = storage.load(FILE)
    if not (data.get("token") and data.get("url") and data.get("code")):
        return None
    return data


def forget(storage: Any) -> None:
    if load(storage) is not None:
        storage.save(FILE, SCHEMA.fresh_default())
