import random

import pytest

from cardgames.core.cards import JOKER, Card, Rank, Suit, parse_card, parse_cards, remove_one, standard_deck
from cardgames.core.events import Announced, CardMoved, redact
from cardgames.core.rng import child_seed, shuffled


def test_notation_round_trips_for_every_card():
    for card in standard_deck(jokers=1):
        assert parse_card(str(card)) == card
    assert str(Card(Rank.TEN, Suit.SPADES)) == "10S"
    assert parse_cards("AS QH JK") == (Card(Rank.ACE, Suit.SPADES), Card(Rank.QUEEN, Suit.HEARTS), JOKER)


@pytest.mark.parametrize("bad", ["", "1S", "11H", "QX", "Q", "JOKER"])
def test_bad_notation_names_the_text(bad):
    with pytest.raises(ValueError, match="not a card"):
        parse_card(bad)


def test_decks_and_duplicates():
    two = standard_deck(decks=2)
    assert len(two) == 104 and len(set(two)) == 52
    once = remove_one(two, parse_card("7C"))
    assert len(once) == 103 and once.count(parse_card("7C")) == 1
    with pytest.raises(ValueError):
        remove_one(standard_deck(), JOKER)


def test_child_seeds_are_stable_and_independent():
    assert child_seed(42, "deal") == child_seed(42, "deal")
    assert child_seed(42, "deal") != child_seed(42, "ai", 0)
    assert child_seed(42, "deal") != child_seed(43, "deal")
    # stable across runs and versions: sha256-based, pinned here
    assert child_seed(1, "deal") == int.from_bytes(__import__("hashlib").sha256(b"1/deal").digest()[:8], "big") >> 1


def test_shuffle_is_a_permutation_and_deterministic():
    deck = standard_deck()
    a = shuffled(deck, random.Random(5))
    assert sorted(a, key=lambda c: c.sort_key) == sorted(deck, key=lambda c: c.sort_key)
    assert a == shuffled(deck, random.Random(5))
    assert a != shuffled(deck, random.Random(6))


def test_redact_hides_cards_from_other_seats_only():
    ev = (CardMoved(parse_card("QH"), "stock", "hand:1", visible_to=(1,)), Announced("last_card", seat=1))
    assert redact(ev, 1)[0].card == parse_card("QH")
    assert redact(ev, 0)[0].card is None
    assert redact(ev, None)[0].card is None
    assert redact(ev, 0)[1] == ev[1]


def test_lowest_totals_win_and_ties_share():
    from cardgames.core.rounds import lowest_seats

    assert lowest_seats((12, 5, 30)) == (1,)
    assert lowest_seats((7, 9, 7, 8)) == (0, 2)


def test_reshuffle_keeps_the_top_discard_and_is_seeded():
    from cardgames.core.rounds import reshuffle_discard

    discard = tuple(parse_cards("2C 3C 4C 5C 6C 7C 8C"))
    stock, rest = reshuffle_discard(discard, 42, 1)
    assert rest == discard[-1:]
    assert sorted(map(str, stock)) == sorted(map(str, discard[:-1]))
    assert reshuffle_discard(discard, 42, 1) == (stock, rest)
    assert stock == shuffled(discard[:-1], random.Random(child_seed(42, "reshuffle", 1)))  # replays stay exact
    assert reshuffle_discard(discard, 42, 2)[0] != stock
