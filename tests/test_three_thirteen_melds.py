"""The meld finder agrees with a brute-force enumerator of every partition of a hand."""
from collections import Counter
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames.core.cards import Card, Rank, Suit, parse_cards, remove_one, standard_deck
from cardgames.games.three_thirteen import melds

# -- an independent, slow reference --------------------------------------------------

def brute_is_meld(block, wild_rank, ace_high):
    """A set, or a run found by trying every window of places; written without melds.py."""
    if len(block) < 3:
        return False
    nat = [c for c in block if int(c.rank) != wild_rank]
    if len({c.rank for c in nat}) <= 1:
        return True
    if len({c.suit for c in nat}) > 1:
        return False
    n = len(block)
    top = 14 if ace_high else 13
    for lo in range(1, top - n + 2):
        window = range(lo, lo + n)
        if n > 13:
            continue
        used = set()
        ok = True
        for c in nat:
            options = [p for p in ((1, 14) if c.rank == 1 else (int(c.rank),)) if p in window and p not in used]
            if c.rank == 1 and not ace_high:
                options = [p for p in options if p == 1]
            if not options:
                ok = False
                break
            used.add(options[0])
        if ok:
            return True
    return False


def value(c, ace_high):
    r = int(c.rank)
    return (15 if ace_high else 1) if r == 1 else min(r, 10)


def brute_penalty(cards, wild_rank, ace_high):
    cards = tuple(sorted(cards, key=lambda c: (int(c.rank), int(c.suit))))

    @cache
    def best(rest):
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        result = value(cards[first], ace_high) + best(others)
        for pick in range(1, 1 << len(others)):
            chosen = [others[k] for k in range(len(others)) if pick >> k & 1]
            if len(chosen) < 2:
                continue
            block = [cards[first]] + [cards[j] for j in chosen]
            if brute_is_meld(block, wild_rank, ace_high):
                left = tuple(j for j in others if j not in chosen)
                result = min(result, best(left))
        return result

    return best(tuple(range(len(cards))))


def brute_discard_penalty(cards, wild_rank, ace_high, forbidden=None):
    options = [brute_penalty(remove_one(cards, c), wild_rank, ace_high) for c in set(cards) if c != forbidden]
    return min(options, default=melds.INF)


# -- hands to test -----------------------------------------------------------------------

@st.composite
def hands(draw, max_size=8):
    decks = draw(st.integers(1, 3))
    deck = list(standard_deck(decks))
    wild = draw(st.one_of(st.none(), st.integers(1, 13)))
    size = draw(st.integers(1, max_size))
    n_wild = draw(st.integers(0, min(size, 6))) if wild else 0
    wild_cards = [c for c in deck if int(c.rank) == wild]
    picks = draw(st.lists(st.sampled_from(wild_cards), min_size=n_wild, max_size=n_wild)) if n_wild else []
    pool = [c for c in deck if int(c.rank) != wild]
    # Small suits and nearby ranks make melds likely, so the search has work to do.
    lo = draw(st.integers(1, 9))
    near = [c for c in pool if lo <= int(c.rank) <= lo + 5 or c.rank == 1]
    source = draw(st.sampled_from([pool, near]))
    rest = draw(st.lists(st.sampled_from(source), min_size=size - n_wild, max_size=size - n_wild))
    # respect the number of copies the decks hold
    counts = Counter(picks + rest)
    hand = [c for c, k in counts.items() for _ in range(min(k, decks))]
    return hand, wild, draw(st.booleans())


FAST = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(hands())
def test_penalty_matches_brute_force(case):
    hand, wild, ace_high = case
    assert melds.penalty(hand, wild, ace_high) == brute_penalty(hand, wild, ace_high)


@settings(max_examples=700, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=8), st.data())
def test_best_discard_and_going_out_match_brute_force(case, data):
    hand, wild, ace_high = case
    forbidden = data.draw(st.sampled_from([None] + hand))
    expect = brute_discard_penalty(hand, wild, ace_high, forbidden)
    assert melds.discard_penalty(hand, wild, ace_high, forbidden) == expect
    outs = {c for c in set(hand) if c != forbidden
            and brute_penalty(remove_one(hand, c), wild, ace_high) == 0}
    assert melds.can_go_out(hand, wild, ace_high, forbidden) == (bool(outs) and len(hand) >= 4)
    if len(hand) >= 4:
        assert set(melds.go_out_discards(hand, wild, ace_high, forbidden)) == outs


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=8), st.booleans())
def test_arrangement_is_valid_and_costs_what_it_says(case, discard):
    hand, wild, ace_high = case
    if discard and len(hand) < 2:
        return
    arr = melds.arrange(hand, wild, ace_high, discard=discard)
    laid = [c for m in arr.melds for c in m.cards] + list(arr.unmelded)
    if discard:
        laid.append(arr.discard)
    assert Counter(laid) == Counter(hand)
    for m in arr.melds:
        assert brute_is_meld(m.cards, wild, ace_high), m
        assert melds.is_meld(m.cards, wild, ace_high)
    assert arr.penalty == sum(value(c, ace_high) for c in arr.unmelded)
    if discard:
        assert arr.penalty == brute_discard_penalty(hand, wild, ace_high)
    else:
        assert arr.penalty == brute_penalty(hand, wild, ace_high)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(0, 4), st.booleans())
def test_big_hands_rearrange_consistently(seed, n_wild, ace_high):
    """14-card hands are too big for brute force; the arrangement must still be valid
    and agree with the value search, and discarding can only help by at most that card."""
    import random
    rng = random.Random(seed)
    wild = rng.randint(3, 13)
    deck = [c for c in standard_deck(2) if int(c.rank) != wild]
    hand = rng.sample(deck, 14 - n_wild) + [Card(Rank(wild), Suit(rng.randrange(4))) for _ in range(n_wild)]
    arr = melds.arrange(hand, wild, ace_high)
    assert arr.penalty == melds.penalty(hand, wild, ace_high)
    for m in arr.melds:
        assert brute_is_meld(m.cards, wild, ace_high)
    best = melds.arrange(hand, wild, ace_high, discard=True)
    assert best.penalty == melds.discard_penalty(hand, wild, ace_high)
    assert best.penalty == melds.penalty(remove_one(hand, best.discard), wild, ace_high)


# -- named cases -------------------------------------------------------------------------

def test_runs_with_the_ace_low():
    assert melds.penalty(parse_cards("AH 2H 3H"), None) == 0
    assert melds.penalty(parse_cards("QH KH AH"), None) == 21  # no Q-K-A without the variant


def test_ace_high_variant_allows_q_k_a_and_an_ace_costs_15():
    assert melds.penalty(parse_cards("QH KH AH"), None, ace_high=True) == 0
    assert melds.penalty(parse_cards("AH 2H 3H"), None, ace_high=True) == 0
    assert melds.penalty(parse_cards("AS 9H"), None, ace_high=True) == 24


def test_no_wrap_from_king_to_two():
    assert melds.penalty(parse_cards("KH AH 2H"), None, ace_high=True) == 27
    assert melds.penalty(parse_cards("KH AH 2H"), None) == 13


def test_sets_may_hold_identical_cards_from_two_decks():
    assert melds.penalty(parse_cards("7H 7H 7S"), None) == 0
    assert melds.penalty(parse_cards("7H 7H 8H"), None) == 22  # a run never holds a rank twice


def test_all_wild_melds_and_wild_penalty():
    assert melds.penalty(parse_cards("5H 5S 5D"), 5) == 0
    assert melds.penalty(parse_cards("5H 5S KD"), 5) == 0    # K with two wilds
    assert melds.penalty(parse_cards("KH KS"), 13) == 20      # two wild Kings alone cost 10 each
    arr = melds.arrange(parse_cards("5H 5S 5D 5C"), 5)
    assert arr.penalty == 0 and len(arr.melds) == 1


def test_wilds_fill_gaps_in_runs():
    assert melds.penalty(parse_cards("4S 6S 8S 5H 5D"), 5) == 0  # 4 W 6 W 8
    arr = melds.arrange(parse_cards("4S 6S 8S 5H 5D"), 5)
    assert arr.melds[0].ranks == (4, 5, 6, 7, 8)
    assert melds.penalty(parse_cards("4S 8S 5H"), 5) == 17  # one wild cannot close 4..8, and with no meld it costs 5


def test_a_run_longer_than_five_splits_when_that_is_cheaper():
    # 2..7 of hearts plus 7C 7D: the 7H is better in the set when the run can spare it
    assert melds.penalty(parse_cards("2H 3H 4H 5H 6H 7H 7C 7D"), None) == 0


def test_go_out_with_three_cards_in_round_one():
    hand = parse_cards("3H 9C 9D KS")  # 3s are wild in round 1: 9C 9D W, throw the King
    assert melds.can_go_out(hand, 3)
    assert melds.go_out_discards(hand, 3) == parse_cards("KS")


def test_the_card_just_taken_cannot_be_the_discard():
    hand = parse_cards("9C 9D 9S KS")
    assert melds.go_out_discards(hand, 3) == parse_cards("KS")
    assert not melds.can_go_out(hand, 3, forbidden=Card(Rank.KING, Suit.SPADES))


# -- going out with high Aces (the quick "cannot go out" proof once refused these) ----------

def test_ace_high_run_with_two_wilds_goes_out():
    """Round 2 (4s wild), Ace high: JH 4D 4S 7C + AH goes out as J-Q-K-A of hearts, throwing 7C."""
    hand = parse_cards("JH 4D 4S 7C AH")
    assert melds.can_go_out(hand, 4, True)
    assert melds.go_out_discards(hand, 4, True) == (Card(Rank.SEVEN, Suit.CLUBS),)
    assert not melds.can_go_out(hand, 4, False)           # Ace low: J and A are far apart


@st.composite
def high_ace_hands(draw):
    """Hands built around high Aces: Aces, court cards and 10s of few suits, some wilds, a stray card."""
    decks = draw(st.integers(1, 2))
    wild = draw(st.integers(2, 9))
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=2, unique=True))
    high = [Card(Rank(r), s) for s in suits for r in (1, 10, 11, 12, 13)] * decks
    aces = draw(st.lists(st.sampled_from([Card(Rank.ACE, s) for s in suits]), min_size=1, max_size=2))
    tops = draw(st.lists(st.sampled_from(high), min_size=0, max_size=4))
    n_wild = draw(st.integers(0, 3))
    wilds = draw(st.lists(st.sampled_from([Card(Rank(wild), s) for s in Suit]), min_size=n_wild, max_size=n_wild))
    filler = draw(st.lists(st.sampled_from([c for c in standard_deck(1) if int(c.rank) != wild]),
                           min_size=0, max_size=2))
    counts = Counter(aces + tops + wilds + filler)
    hand = [c for c, k in counts.items() for _ in range(min(k, decks))]
    return hand, wild


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(high_ace_hands(), st.data())
def test_go_out_with_high_aces_matches_brute_force_and_the_exact_search(case, data):
    hand, wild = case
    forbidden = data.draw(st.sampled_from([None] + hand))
    outs = {c for c in set(hand) if c != forbidden and brute_penalty(remove_one(hand, c), wild, True) == 0}
    expect = bool(outs) and len(hand) >= 4
    assert melds.can_go_out(hand, wild, True, forbidden) == expect
    # The exact search alone (no quick proof) agrees too.
    naturals = [c for c in hand if int(c.rank) != wild]
    search = melds._Search(naturals, [c for c in hand if int(c.rank) == wild], 0, True, forbidden)
    assert (search.fits(search.full, len(hand) - len(naturals), 1, 0) and len(hand) >= 4) == expect
    if len(hand) >= 4:
        assert set(melds.go_out_discards(hand, wild, True, forbidden)) == outs
