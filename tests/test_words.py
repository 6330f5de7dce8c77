"""Sentences with names: the verb agrees with "You", one name, or several."""
import pytest

from cardgames.ui import words


@pytest.mark.parametrize("who, want", [
    ("You", "You win"), ("Ada", "Ada wins"), (["Ada"], "Ada wins"), (["You"], "You win"),
    (["You", "Ada"], "You and Ada win"), (["Ada", "Ben", "Cleo"], "Ada, Ben and Cleo win"),
    ([], "Nobody wins"),
])
def test_verb_agrees_with_the_subject(who, want):
    assert words.verb(who, "wins", "win") == want


def test_was_has_count_sentence_ranks():
    assert words.was("You") == "You were" and words.was("Ada") == "Ada was"
    assert words.has("You") == "You have" and words.has("Player 2") == "Player 2 has"
    assert words.count(1, "card") == "1 card" and words.count(0, "card") == "0 cards"
    assert words.count(2, "match", "matches") == "2 matches"
    assert words.sentence("facing an 8: play an 8 or pass") == "Facing an 8: play an 8 or pass."
    assert words.sentence("Out!") == "Out!"
    assert words.ranks("J") == "Jacks" and words.ranks("7") == "7s" and words.ranks("K") == "Kings"

