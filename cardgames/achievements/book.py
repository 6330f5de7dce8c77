"""The player's achievements and tutorials on disk: achievements.json beside stats.json.

    achievements.json  {"version": 1, "kind": "achievements",
                        "data": {"unlocked": {id: "YYYY-MM-DD"}, "tutorials": {game: "finished"|"skipped"}}}

Read and written through cardgames.storage, checked against its declaration
(cardgames/datafiles.py ACHIEVEMENTS): atomic writes; a damaged or newer file is
moved aside with a notice and an empty book is used; entries that do not fit the
shape are dropped one by one with one notice (a copy of the file is kept first);
unknown achievement ids are kept, so a newer version's entries survive.
"""
from __future__ import annotations

import copy
import time
from typing import Any

FILE = "achievements.json"
KIND = "achievements"
TUTORIAL_ENDS = ("finished", "skipped")


class Book:
    """Unlocked achievements and finished tutorials, kept in the storage's data folder."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage
        self.data = storage.load(FILE)   # validated by its declaration (cardgames/datafiles.py ACHIEVEMENTS)

    def save(self) -> bool:
        return self.storage.save(FILE, copy.deepcopy(self.data))

    # ---------------------------------------------------------------- achievements
    def unlocked(self, achievement_id: str) -> bool:
        return achievement_id in self.data["unlocked"]

    def when(self, achievement_id: str) -> str | None:
        return self.data["unlocked"].get(achievement_id)

    def unlock(self, ids: list[str]) -> list[str]:
        """Mark these as earned today; the ones that are new (in order), written at once."""
        new = [i for i in dict.fromkeys(ids) if i not in self.data["unlocked"]]
        if new:
            today = time.strftime("%Y-%m-%d")
            for i in new:
                self.data["unlocked"][i] = today
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
