"""The player's achievements and tutorials on disk: achievements.json beside stats.json.

    achievements.json  {"version": 1, "kind": "achievements",
                        "data": {"unlocked": {id: "YYYY-MM-DD"}, "online": {id: "YYYY-MM-DD"},
                                 "tutorials": {game: "finished"|"skipped"}}}

"unlocked" is the day an achievement was first earned, wherever; "online" the day it was first
earned in an online game (the screen tags those "Online"). A file written before "online" was
kept reads as none earned online.

Declared with the schema layer (cardgames/schema.py) and read and written through
Storage.load / Storage.save: atomic writes; a damaged or newer file is moved aside
with a notice and an empty book is used; a bad entry takes its default with one
notice (a bad date keeps the achievement earned, a bad tutorial mark counts as
skipped: neither is taken from the player), a bad name is left out. Unknown
achievement ids are kept, so a newer version's entries survive.
"""
from __future__ import annotations

from typing import Any

from cardgames import dates
from cardgames.schema import Choice, MapOf, Record, Text, declare

FILE = "achievements.json"
KIND = "achievements"
TUTORIAL_ENDS = ("finished", "skipped")
ID = r"[a-z0-9_]{1,40}"

SCHEMA = Record({
    "unlocked": MapOf(Text("2000-01-01", pattern=r"\d{4}-\d{2}-\d{2}"), key=ID),   # id -> the day earned
    "online": MapOf(Text("2000-01-01", pattern=r"\d{4}-\d{2}-\d{2}"), key=ID),     # ... first earned online
    "tutorials": MapOf(Choice("skipped", TUTORIAL_ENDS), key=ID),                 # game -> how it ended
})
declare(FILE, KIND, SCHEMA, what="achievements")


class Book:
    """Unlocked achievements and finished tutorials, kept in the storage's data folder."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage
        self.data = storage.load(FILE)

    def save(self) -> bool:
        return self.storage.save(FILE, self.data)

    # ---------------------------------------------------------------- achievements
    def unlocked(self, achievement_id: str) -> bool:
        return achievement_id in self.data["unlocked"]

    def when(self, achievement_id: str) -> str | None:
        return self.data["unlocked"].get(achievement_id)

    def online_when(self, achievement_id: str) -> str | None:
        """The day it was first earned in an online game, or None."""
        return self.data["online"].get(achievement_id)

    def unlock(self, ids: list[str], online: bool = False) -> list[str]:
        """Mark these as earned today (`online`: in an online game, marked so too); the ones that
        are new (in order), written at once. One earned before is not new, though its online mark is."""
        ids = list(dict.fromkeys(ids))
        new = [i for i in ids if i not in self.data["unlocked"]]
        marked = [i for i in ids if online and i not in self.data["online"]]
        if new or marked:
            today = dates.stamp("%Y-%m-%d")
            for i in new:
                self.data["unlocked"][i] = today
            for i in marked:
                self.data["online"][i] = today
            self.save()
        return new

    # ---------------------------------------------------------------- tutorials
    def tutorial_seen(self, game: str) -> bool:
        """Finished or skipped: the tutorial does not open by itself again."""
        return game in self.data["tutorials"]

    def tutorial_state(self, game: str) -> str | None:
        return self.data["tutorials"].get(game)

    def end_tutorial(self, game: str, how: str) -> None:
        """Remember a tutorial as "finished" or "skipped" (a finish is never turned back into a skip)."""
        if how not in TUTORIAL_ENDS:
            raise ValueError(f"a tutorial ends finished or skipped, not {how!r}")
        if self.data["tutorials"].get(game) == "finished" and how == "skipped":
            return
        self.data["tutorials"][game] = how
        self.save()
