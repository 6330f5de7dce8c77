"""The player's achievements and tutorials on disk: achievements.json beside stats.json.

    achievements.json  {"version": 1, "kind": "achievements",
                        "data": {"unlocked": {id: "YYYY-MM-DD"}, "tutorials": {game: "finished"|"skipped"}}}

Read and written through cardgames.storage (atomic writes; a damaged or newer
file is moved aside with a notice and an empty book is used). Entries that do
not fit the shape are dropped one by one (a copy of the file is kept first);
unknown achievement ids are kept, so a newer version's entries survive.
"""
from __future__ import annotations

import copy
import re
import time
from typing import Any

FILE = "achievements.json"
KIND = "achievements"
TUTORIAL_ENDS = ("finished", "skipped")
_ID = re.compile(r"^[a-z0-9_]{1,40}$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def validate(raw: Any) -> tuple[dict[str, Any], list[str]]:
    """A clean book from whatever was read, and what was wrong with it (one line per problem)."""
    book: dict[str, Any] = {"unlocked": {}, "tutorials": {}}
    problems: list[str] = []
    if raw is None:
        return book, problems
    if not isinstance(raw, dict):
        return book, ["the achievements file did not hold a book"]
    unlocked = raw.get("unlocked", {})
    if isinstance(unlocked, dict):
        for key, when in unlocked.items():
            if isinstance(key, str) and _ID.match(key) and isinstance(when, str) and _DATE.match(when):
                book["unlocked"][key] = when
            else:
                problems.append(f"achievement entry {key!r} was unreadable")
    else:
        problems.append("the list of achievements was unreadable")
    tutorials = raw.get("tutorials", {})
    if isinstance(tutorials, dict):
        for key, how in tutorials.items():
            if isinstance(key, str) and _ID.match(key) and how in TUTORIAL_ENDS:
                book["tutorials"][key] = how
            else:
                problems.append(f"tutorial entry {key!r} was unreadable")
    else:
        problems.append("the list of tutorials was unreadable")
    return book, problems


class Book:
    """Unlocked achievements and finished tutorials, kept in the storage's data folder."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage
        raw = storage._read(FILE, KIND)
        self.data, problems = validate(raw)
        if problems:
            storage._keep_copy(FILE, "invalid")
            storage.notices.append(f"Some achievements could not be read and were left out ({problems[0]}).")
            self.save()

    def save(self) -> bool:
        return self.storage._write(FILE, KIND, copy.deepcopy(self.data))

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
