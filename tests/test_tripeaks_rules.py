"""TriPeaks rules, one test per rule of seeds/tripeaks.md and clarifications.md (scripted deals)."""
import json
from collections import Counter

import pytest

from cardgames.core.cards import JOKER, parse_card, parse_cards, standard_deck
from cardgames.core.events import Announced, CardFlipped, CardMoved
from cardgames.core.protocol import IllegalAction
from cardgames.core.rng import make_rng, shuffled
from cardgames.games.tripeaks import rules
from cardgames.games.tripeaks.layout import LayoutError, layout_names, load_layout, parse_layout
from cardgames.games.tripeaks.rules import Play, Turn

C = parse_card

# A tiny shape for scripted deals: slot 0 lies under slots 1 and 2, which are face up.
#        [0]
#      [1] [2]
TINY = parse_layout({"name": "tiny", "title": "Tiny", "peaks": [0], "slots": [
    {"x": 0.5, "y": 0, "covered_by": [1, 2]},
    {"x": 0, "y": 1, "covered_by": []},
    {"x": 1, "y": 1, "covered_by": []},
]})


def tiny(tableau, stock, waste="", **options):
    return rules.deal(options, parse_cards(tableau), parse_cards(stock), parse_cards(waste), layout=TINY)


# ---------------------------------------------------------------- layout and deal

def test_classic_layout_is_3_6_9_face_down_and_10_face_up():
    layout = load_layout("classic")
    assert layout.size == 28 and layout.peaks == (0, 1, 2)
    rows = Counter(slot.y for slot in layout.slots)
    assert [rows[y] for y in range(4)] == [3, 6, 9, 10]
    face_up = [i for i, slot in enumerate(layout.slots) if not slot.covered_by]
    assert face_up == list(range(18, 28))
    # each card lies half over the two cards of the row below it
    assert layout.slots[0].covered_by == (3, 4) and layout.slots[9].covered_by == (18, 19)
    assert layout.slots[17].covered_by == (26, 27)
    assert layout.covers(21) == (11, 12)          # the bottom row joins the peaks


def test_every_layout_file_loads_and_leaves_a_stock():
    names = layout_names()
    assert {"classic", "twin_peaks", "pyramid", "wall", "diamond"} <= set(names)
    for name in names:
        layout = load_layout(name)
        assert layout.name == name and 1 <= layout.size <= 51
        state = rules.new_game({"layout": name}, 3)
        assert len(state.stock) == 52 - layout.size - 1


def test_bad_layout_file_names_the_file_and_the_field(tmp_path):
    good = load_layout("classic").to_data()
    broken = dict(good, slots=[dict(s) for s in good["slots"]])
    broken["slots"][4]["covered_by"] = [4]
    (tmp_path / "broken.json").write_text(json.dumps(dict(broken, name="broken")))
    with pytest.raises(LayoutError, match=r"broken.json: slots\[4\].covered_by"):
        load_layout("broken", tmp_path)
    (tmp_path / "notjson.json").write_text("{nope")
    with pytest.raises(LayoutError, match="notjson.json"):
        load_layout("notjson", tmp_path)
    with pytest.raises(LayoutError, match="no such layout"):
        load_layout("missing", tmp_path)


def test_layout_cycles_and_bad_peaks_are_refused():
    loop = {"name": "loop", "title": "Loop", "slots": [
        {"x": 0, "y": 0, "covered_by": [1]}, {"x": 1, "y": 0, "covered_by": [0]}]}
    with pytest.raises(LayoutError, match="circle"):
        parse_layout(loop, "loop.json")
    with pytest.raises(LayoutError, match="peaks"):
        parse_layout(dict(TINY.to_data(), peaks=[7]), "t.json")


def test_new_game_deals_28_then_waste_then_23_stock_from_the_deal_seed():
    state = rules.new_game({}, 42)
    deck = shuffled(standard_deck(), make_rng(42, "deal"))
    assert state.tableau == deck[:28] and state.waste == deck[28:29] and state.stock == deck[29:][::-1]   # top last
    assert len(state.stock) == 23
    assert rules.new_game({}, 42) == state and rules.new_game({}, 43) != state


def test_face_down_cards_turn_up_when_uncovered():
    state = tiny("5H 6S 9C", "2D", "8D")
    assert rules.observe(state).tableau == (None, C("6S"), C("9C"))
    with pytest.raises(IllegalAction, match="covered"):
        rules.apply(state, Play(0))
    state, events = rules.apply(state, Play(2))             # 9C on 8D: slot 0 still under 6S
    assert events == (CardMoved(C("9C"), "tableau:2", "waste"),)
    assert rules.observe(state).tableau[0] is None
    state, _ = rules.apply(state, Turn())                   # 2D
    state = rules.deal({}, state.tableau, (), parse_cards("7D"), layout=TINY)
    state, events = rules.apply(state, Play(1))             # 6S on 7D uncovers slot 0
    assert events == (CardMoved(C("6S"), "tableau:1", "waste"), CardFlipped(C("5H"), "tableau:0"))
    assert rules.observe(state).tableau[0] == C("5H")


# ---------------------------------------------------------------- what plays

@pytest.mark.parametrize("card,ok", [("8C", True), ("6H", True), ("7S", False), ("9D", False), ("5D", False)])
def test_one_rank_up_or_down_whatever_the_suit(card, ok):
    state = tiny(f"2S {card} 2C", "KD", "7D")
    assert (Play(1) in rules.legal_actions(state)) is ok
    if not ok:
        with pytest.raises(IllegalAction, match="not one rank above or below 7D"):
            rules.apply(state, Play(1))


def test_king_and_ace_wrap_by_default_and_not_with_wrap_off():
    on = tiny("2S AH QC", "9D", "KD")
    assert rules.legal_actions(on) == (Play(1), Play(2), Turn())
    off = tiny("2S AH QC", "9D", "KD", wrap=False)
    assert rules.legal_actions(off) == (Play(2), Turn())
    assert rules.legal_actions(tiny("2S KH 5C", "9D", "AD", wrap=False)) == (Turn(),)


def test_turning_the_stock_puts_its_next_card_on_the_waste():
    state = tiny("2S 9H 9C", "4C 3D", "7D")
    state, events = rules.apply(state, Turn())
    assert events == (CardMoved(C("3D"), "stock", "waste"),)
    assert state.waste == parse_cards("7D 3D") and state.stock == parse_cards("4C")


def test_one_pass_through_the_stock_then_lost_when_nothing_plays():
    state = tiny("2S 9H 9C", "3D", "7D")
    state, events = rules.apply(state, Turn())
    assert events[-1] == Announced("lost")
    assert rules.is_over(state) and rules.legal_actions(state) == () and rules.current_player(state) is None
    with pytest.raises(IllegalAction, match="over"):
        rules.apply(state, Turn())
    assert rules.scores(state) == (0,)


def test_empty_stock_is_not_lost_while_a_card_plays():
    state = tiny("2S 9H 8C", "", "7D")
    assert not rules.is_over(state) and rules.legal_actions(state) == (Play(2),)
    with pytest.raises(IllegalAction, match="stock is empty"):
        rules.apply(state, Turn())


def test_won_when_all_tableau_cards_are_cleared_even_with_stock_left():
    state = tiny("7S 8H 6C", "QD KD", "7D")
    for action in (Play(1), Turn(), Turn()):      # 8H on 7D, then KD and QD: nothing plays on them
        state, events = rules.apply(state, action)
    assert events[-1] == Announced("lost")
    state = tiny("7S 8H 6C", "QD 5D", "7D")
    for action in (Play(1), Turn(), Play(2)):     # 8H on 7D; 5D; 6C on 5D uncovers 7S
        state, events = rules.apply(state, action)
    state, events = rules.apply(state, Play(0))   # 7S on 6C
    assert events == (CardMoved(C("7S"), "tableau:0", "waste"), Announced("peak_cleared", value=0),
                      Announced("won"))
    assert state.stock == parse_cards("QD")
    assert rules.is_won(state) and rules.legal_actions(state) == () and rules.scores(state) == (3,)


def test_peak_cleared_names_the_peak_in_the_classic_layout():
    layout = load_layout("classic")
    tableau = [None] * 28
    tableau[2] = C("9S")
    tableau[20] = C("2C")
    state = rules.deal({}, tableau, parse_cards("4D"), parse_cards("10H"), layout=layout)
    state, events = rules.apply(state, Play(2))
    assert events == (CardMoved(C("9S"), "tableau:2", "waste"), Announced("peak_cleared", value=2))
    assert rules.peaks_cleared(state) == 3


# ---------------------------------------------------------------- the source's variants

def test_wild_card_is_a_joker_shuffled_into_the_stock():
    state = rules.new_game({"wild": True}, 7)
    assert len(state.stock) == 24 and state.stock.count(JOKER) == 1
    assert JOKER not in state.tableau and JOKER not in state.waste
    with pytest.raises(ValueError, match="Joker"):
        rules.deal({"wild": True}, (JOKER, C("2S"), C("3S")), (), parse_cards("4S"), layout=TINY)


def test_a_joker_on_the_waste_takes_any_card_and_any_card_plays_onto_it():
    state = tiny("2S 9H 4C", "3D JK", "QD", wild=True)
    assert rules.legal_actions(state) == (Turn(),)
    state, events = rules.apply(state, Turn())
    assert events == (CardMoved(JOKER, "stock", "waste"),)
    assert rules.legal_actions(state) == (Play(1), Play(2), Turn())
    state, _ = rules.apply(state, Play(1))
    assert state.waste[-1] == C("9H")


def test_open_peaks_shows_every_card_but_covered_cards_still_wait():
    state = rules.new_game({"open_peaks": True}, 5)
    obs = rules.observe(state)
    assert obs.tableau == state.tableau and all(obs.face_up)
    small = tiny("8S 6S 9C", "2D", "7D", open_peaks=True)
    assert rules.observe(small).tableau == parse_cards("8S 6S 9C")
    assert rules.legal_actions(small) == (Play(1), Turn())       # 8S is face up but covered
    _, events = rules.apply(small, Play(1))
    assert events == (CardMoved(C("6S"), "tableau:1", "waste"),)  # nothing to flip


def test_empty_waste_start_lets_any_exposed_card_go_first():
    state = rules.new_game({"empty_waste": True}, 9)
    assert state.waste == () and len(state.stock) == 24
    assert rules.legal_actions(state) == tuple(Play(i) for i in range(18, 28)) + (Turn(),)
    state, events = rules.apply(state, Play(22))
    assert events[0] == CardMoved(state.waste[-1], "tableau:22", "waste")


def test_options_are_checked_and_unknown_keys_ignored():
    assert rules.make_options({"mode": "arcade", "wrap": False}).wrap is False
    with pytest.raises(ValueError, match="wrap"):
        rules.make_options({"wrap": "yes"})
    with pytest.raises(LayoutError):
        rules.new_game({"layout": "nowhere"}, 1)


# ---------------------------------------------------------------- notation, JSON, observation

def test_actions_print_and_parse():
    for action in (Play(0), Play(27), Turn()):
        assert rules.parse_action(str(action)) == action
    assert rules.parse_action("p12") == Play(12) and rules.parse_action(" T ") == Turn()
    for bad in ("", "play", "play x", "draw"):
        with pytest.raises(ValueError, match="not a TriPeaks action"):
            rules.parse_action(bad)


def test_bad_slots_raise_clear_messages():
    state = rules.new_game({}, 1)
    with pytest.raises(IllegalAction, match="no tableau slot 28"):
        rules.apply(state, Play(28))
    with pytest.raises(IllegalAction, match="not a TriPeaks action"):
        rules.apply(state, "turn")


def test_json_round_trip_and_corrupt_saves():
    state = rules.new_game({"wild": True, "layout": "wall"}, 11)
    state, _ = rules.apply(state, Turn())
    data = json.loads(json.dumps(rules.to_json(state)))
    assert rules.from_json(data) == state
    for broken in ({}, {**data, "version": 99}, {**data, "tableau": ["ZZ"]}, {**data, "layout": {"name": 3}},
                   {k: v for k, v in data.items() if k != "stock"}):
        with pytest.raises(ValueError, match="TriPeaks save"):
            rules.from_json(broken)


def test_observation_hides_face_down_cards_and_the_stock():
    state = rules.new_game({}, 2)
    obs = rules.observe(state, 0)
    assert obs.tableau[:18] == (None,) * 18 and obs.tableau[18:] == state.tableau[18:]
    assert all(obs.present) and obs.stock_count == 23 and obs.waste == state.waste
    assert not hasattr(obs, "stock")
    assert obs.playable == tuple(a.slot for a in rules.legal_actions(state) if isinstance(a, Play))


@pytest.mark.parametrize(("stock", "options", "message"), [
    ("4C 4C", {}, "2 x 4C \\(at most 1 in one deck without Jokers\\)"),
    ("5H", {}, "2 x 5H"),                                   # 5H is in the tableau already
    ("JK", {}, "JK is not in one deck without Jokers"),
    ("JK JK", {"wild": True}, "2 x JK \\(at most 1 in one deck and the wild Joker\\)"),
])
def test_impossible_deals_are_refused_saying_what_is_wrong(stock, options, message):
    with pytest.raises(ValueError, match=message):
        tiny("5H 6S 9C", stock, "8D", **options)


def test_the_stock_lists_its_top_card_last_and_old_saves_read_the_other_way():
    state = tiny("5H 6S 9C", "2D 3D", "8D")
    assert rules.apply(state, Turn())[0].waste[-1] == C("3D") and rules.observe(state).stock_count == 2
    old = dict(rules.to_json(state), version=1, stock=["3D", "2D"])   # version 1 listed the top card first
    assert rules.from_json(old) == state
