"""Playing cards: suits, ranks, the frozen Card, text notation and decks.

Notation: rank then suit letter, "AS", "10H", "QD", "7C"; the Joker is "JK".
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "\u2663\u2666\u2665\u2660"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Rank(IntEnum):
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    JOKER = 14

    @property
    def label(self) -> str:
        return _RANK_LABELS[self]


_RANK_LABELS = {
    Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.JOKER: "JK",
    **{Rank(v): str(v) for v in range(2, 11)},
}
_LABEL_RANKS = {label: rank for rank, label in _RANK_LABELS.items() if rank is not Rank.JOKER}
_LETTER_SUITS = {s.letter: s for s in Suit}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. The Joker has rank JOKER and suit None."""

    rank: Rank
    suit: Suit | None

    def __post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise ValueError("only the Joker has no suit")

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def sort_key(self) -> tuple[int, int]:
        """Orders by suit then rank; the Joker sorts last."""
        return (4 if self.suit is None else int(self.suit), int(self.rank))

    def __str__(self) -> str:
        return "JK" if self.is_joker else f"{self.rank.label}{self.suit.letter}"

    def __repr__(self) -> str:
        return f"Card({self})"


JOKER = Card(Rank.JOKER, None)


def parse_card(text: str) -> Card:
    """"QH" -> Card(QUEEN, HEARTS); raises ValueError with the bad text."""
    t = text.strip().upper()
    if t == "JK":
        return JOKER
    if len(t) < 2 or t[:-1] not in _LABEL_RANKS or t[-1] not in _LETTER_SUITS:
        raise ValueError(f"not a card: {text!r} (expected e.g. 'QH', '10S', 'JK')")
    return Card(_LABEL_RANKS[t[:-1]], _LETTER_SUITS[t[-1]])


def parse_cards(text: str) -> tuple[Card, ...]:
    """"AS 2H 10C" -> three cards."""
    return tuple(parse_card(part) for part in text.split())


def cards_str(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


_RANK_WORDS = {Rank.ACE: "Ace", Rank.JACK: "Jack", Rank.QUEEN: "Queen", Rank.KING: "King"}


def card_words(card: Card) -> str:
    """The card in words, for sentences on screen: "7 of spades", "Ace of hearts", "Joker"."""
    if card.is_joker:
        return "Joker"
    return f"{_RANK_WORDS.get(card.rank, card.rank.label)} of {card.suit.name.lower()}"


def standard_deck(decks: int = 1, jokers: int = 0) -> tuple[Card, ...]:
    """`decks` full 52-card decks in a fixed order, then `jokers` Jokers."""
    one = tuple(Card(r, s) for s in Suit for r in Rank if r is not Rank.JOKER)
    return one * decks + (JOKER,) * jokers


def remove_one(cards: Sequence, item) -> tuple:
    """`cards` without exactly one copy of `item` (decks may hold duplicates).

    Raises ValueError when `item` is not there.
    """
    for i, c in enumerate(cards):
        if c == item:
            return tuple(cards[:i]) + tuple(cards[i + 1:])
    raise ValueError(f"{item} is not among {len(cards)} cards")


def check_deal(cards: Iterable[Hashable], deck: Iterable[Hashable], what: str = "") -> None:
    """ValueError unless `deck` could hold `cards`: nothing it lacks, nothing more often than it has.

    The message names each card and both counts: "impossible deal: 5 x 7H (at most 1 in one deck)"."""
    held, given = Counter(deck), Counter(cards)
    unknown = [c for c in given if c not in held]
    if unknown:
        raise ValueError(f"impossible deal: {', '.join(map(str, unknown))} {'is' if len(unknown) == 1 else 'are'} "
                         f"not in {what or 'the deck'}")
    over = [f"{n} x {c} (at most {held[c]} in {what or 'the deck'})" for c, n in given.items() if n > held[c]]
    if over:
        raise ValueError(f"impossible deal: {', '.join(over)}")
