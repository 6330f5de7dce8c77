"""The Three Thirteen tutorial's scripted deal: the lesson's table deals it (tutorial.py, the
view, names it and never calls the rules' state functions itself).

Round 4 (six cards each, so 6s are wild) against one computer seat: your 9, 9 and the wild 6 are
a set, the 4 and 5 of clubs wait for the discard pile's 3 of clubs.
"""
from __future__ import annotations

from cardgames.games.three_thirteen import rules

ROUND = 4                       # six cards: 6s are wild
MINE = "9H 9S 4C 5C 6D KS"
THEIRS = "2D 7S JD QH 10C 8D"
STOCK = "7D 8H JS QC 4H 10D 2S AH"   # top card last
DISCARD = "3C"


def deal() -> rules.State:
    return rules.deal({"players": 2}, [MINE, THEIRS], STOCK, DISCARD, round_no=ROUND, dealer=1)
