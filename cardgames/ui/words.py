"""Sentences with names in them: "You win" but "Ada wins", "You were caught" but "Ada was caught".

    verb("You", "wins", "win")        -> "You win"
    verb("Ada", "wins", "win")        -> "Ada wins"
    verb(["Ada", "Ben"], "wins", "win") -> "Ada and Ben win"
    was("You")                        -> "You were"     (was("Ada") -> "Ada was")
    has("You")                        -> "You have"     (has("Ada") -> "Ada has")
    names(["Ada", "Ben", "Cleo"])     -> "Ada, Ben and Cleo"
    count(1, "card")                  -> "1 card"       (count(3, "card") -> "3 cards")

"You" (the one human) and any list of two or more names take the plural verb; a single
name takes the singular one. Pure Python, no pygame.
"""
from __future__ import annotations

from collections.abc import Sequence


def names(who: str | Sequence[str]) -> str:
    """'Ada', 'Ada and Ben', 'Ada, Ben and Cleo'."""
    if isinstance(who, str):
        return who
    items = list(who)
    if not items:
        return "Nobody"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _plural_subject(who: str | Sequence[str]) -> bool:
    if isinstance(who, str):
        return who == "You"
    return len(who) > 1 or (len(who) == 1 and who[0] == "You")


def verb(who: str | Sequence[str], singular: str, plural: str) -> str:
    """The subject and the verb that agrees with it."""
    return f"{names(who)} {plural if _plural_subject(who) else singular}"


def was(who: str | Sequence[str]) -> str:
    return verb(who, "was", "were")


def has(who: str | Sequence[str]) -> str:
    return verb(who, "has", "have")


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 card', '2 cards', '0 points' ('1 point')."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def sentence(text: str) -> str:
    """A message as a sentence: capital first letter, a full stop unless it ends in . ! ? or :"""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?:" else text + "."


_RANK_WORDS = {"A": "Aces", "J": "Jacks", "Q": "Queens", "K": "Kings"}


def ranks(label: str) -> str:
    """A card rank in the plural: 'J' -> 'Jacks', '7' -> '7s'."""
    return _RANK_WORDS.get(label, f"{label}s")
