"""The TriPeaks tutorial's scripted deal (the table deals it: tutorial.py is the view's script).

The classic three peaks, dealt so each lesson's move is there when it is taught:
the waste starts on a 7 with an 8 and a 7 side by side in the bottom row; playing
both uncovers the 6 they covered; then nothing fits, so the stock turns a King;
the Ace goes on the King (the wrap), and a 2, 3, 4 keep the streak going.
"""
from __future__ import annotations

from cardgames.core.cards import parse_card, standard_deck
from cardgames.games.tripeaks import rules

# The cards the lessons use, by tableau slot (classic layout: 18-27 is the face-up bottom row;
# slot 13 lies under 22 and 23).
PLACED = {22: "8S", 23: "7H", 13: "6C", 18: "2H", 19: "9C", 20: "JD", 21: "10S", 24: "3D", 25: "QC",
          26: "4S", 27: "AH"}
WASTE = "7D"
STOCK_TOP = "KD"
# the rest of the tableau and stock: what is left of the deck, in a fixed order without 5s and 7s
# near the top of the stock (so "nothing fits the 6" stays true for the lesson)


def deal() -> rules.State:
    used = {*PLACED.values(), WASTE, STOCK_TOP}
    rest = [c for c in standard_deck() if str(c) not in used]
    tableau = [parse_card(PLACED[i]) if i in PLACED else None for i in range(28)]
    for i in range(28):
        if tableau[i] is None:
            tableau[i] = rest.pop(0)
    stock = [*reversed(rest), parse_card(STOCK_TOP)]   # top card last: the King turns first
    return rules.deal({"wrap": True}, tableau, stock, [parse_card(WASTE)])
