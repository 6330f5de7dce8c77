"""Achievements: each earned by a scripted position (a deal() and moves through the real rules),
and not earned when it should not be; the book survives a restart and a damaged file."""
from __future__ import annotations

import json

import pytest
from scene_events import jump

from cardgames import achievements
from cardgames.achievements import ACHIEVEMENTS, BY_ID, Book, checks
from cardgames.achievements.book import FILE
from cardgames.core.cards import Rank, parse_card, parse_cards, standard_deck
from cardgames.core.events import redact
from cardgames.games.skyjo import rules as sk
from cardgames.games.switch import rules as sw
from cardgames.games.three_thirteen import rules as tt
from cardgames.games.tripeaks import rules as tp
from cardgames.storage import Storage


def earned(game, rules, state, actions, viewer=0):
    """Every id check() returns over the moves (the same way the scene hook calls it)."""
    memory, out = {}, []
    for text in actions:
        before = state
        state, events = rules.apply(state, rules.parse_action(text))
        move = checks.Move(game, viewer, rules.parse_action(text), rules.observe(before, viewer),
                           rules.observe(state, viewer), redact(events, viewer), memory)
        out += checks.check(move)
    return out


def test_catalogue_has_twenty_to_thirty_with_names_texts_and_icons():
    local = [a for a in ACHIEVEMENTS if a.game != achievements.ONLINE]
    assert 20 <= len(local) <= 30                   # this computer's games; the online ones are their own kind
    assert 3 <= len(ACHIEVEMENTS) - len(local) <= 6
    assert len(BY_ID) == len(ACHIEVEMENTS)
    for a in ACHIEVEMENTS:
        assert a.name and a.text and a.how and a.icon
    from cardgames.scenes.achievement_icons import ICONS
    assert {a.icon for a in ACHIEVEMENTS} <= set(ICONS)


# ---------------------------------------------------------------- TriPeaks

PLAY_ORDER = list(range(18, 28)) + list(range(9, 18)) + list(range(3, 9)) + [0, 1, 2]


# 28 different cards, each one up or down from the one before (no King-Ace wrap), on the waste's 5D.
RUN = parse_cards("6H 5H 6C 7C 8D 9C 10D JD QS KH QH JC 10S JH 10C 9S 10H 9H 8H 7H 6D 7S 6S 5S 4D 3C 2D AC")
# the deck's other cards: RUN[9] (KH) goes on QC, RUN[26] (2D) on 3D
SPARE = "2C 4C 5C 8C KC 7D 9D QD KD AH 2H"


def whole_run_deal(stock=SPARE):
    """The tableau dealt so that playing it in PLAY_ORDER is one run (stock: top card last)."""
    tableau = [None] * 28
    for card, slot in zip(RUN, PLAY_ORDER):
        tableau[slot] = card
    return tp.deal({}, tableau, parse_cards(stock), [parse_card("5D")])


def on_a_wrap(top: str, waste: str, stock: str = "3C"):
    """Slot 27 (exposed) holds `top`; the other 27 slots hold any other cards of the deck."""
    taken = {top, waste, *stock.split()}
    rest = [c for c in standard_deck() if str(c) not in taken][:27]
    return tp.deal({}, rest + [parse_card(top)], parse_cards(stock), [parse_card(waste)])


def test_tripeaks_whole_deal_in_one_streak_earns_streak_peaks_clear_and_spare():
    got = earned("tripeaks", tp, whole_run_deal(), [f"play {s}" for s in PLAY_ORDER])
    assert {"tp_peak", "tp_streak10", "tp_three_peaks", "tp_clear", "tp_spare"} <= set(got)
    assert "tp_wrap" not in got


def test_tripeaks_a_stock_card_breaks_the_streak():
    moves = [f"play {s}" for s in PLAY_ORDER[:9]] + ["turn"] + ["play 27"]
    state = whole_run_deal("5C QC")   # turning gives a Q: the run of 9 is broken, then KH on it
    got = earned("tripeaks", tp, state, moves)
    assert "tp_streak10" not in got and "tp_clear" not in got


def test_tripeaks_clear_with_few_stock_cards_is_not_room_to_spare():
    got = earned("tripeaks", tp, whole_run_deal("KC QC"), [f"play {s}" for s in PLAY_ORDER])
    assert "tp_clear" in got and "tp_spare" not in got


def test_tripeaks_wrap_king_on_ace():
    assert "tp_wrap" in earned("tripeaks", tp, on_a_wrap("KH", "AD"), ["play 27"])
    assert "tp_wrap" not in earned("tripeaks", tp, on_a_wrap("QH", "KD"), ["play 27"])


# ---------------------------------------------------------------- Skyjo

HIGH = [3, 4, 5] * 4   # 48: a high round that does not reach the target


def test_skyjo_negative_round_last_lap_and_clean_finish():
    grid = [-1, 0, -2] * 4
    state = sk.deal({"players": 2}, [grid, HIGH], [4, 4, 4, 4], [9], face_up=[range(11), range(12)],
                    current=0)
    got = earned("skyjo", sk, state, ["draw", "discard", "flip 11", "draw", "discard"])
    assert {"sk_negative", "sk_last_lap", "sk_clean_finish"} <= set(got)
    assert "sk_win" not in got and "sk_column" not in got and "sk_two_columns" not in got


def test_skyjo_doubled_finisher_is_not_a_clean_finish():
    grid = [5, 6, 7] * 4
    low = [1, 0, 2] * 4
    state = sk.deal({"players": 2}, [grid, low], [4, 4, 4, 4], [9], face_up=[range(11), range(12)], current=0)
    got = earned("skyjo", sk, state, ["draw", "discard", "flip 11", "draw", "discard"])
    assert "sk_last_lap" in got
    assert "sk_clean_finish" not in got and "sk_negative" not in got


def test_skyjo_two_columns_in_one_round_and_the_win():
    grid = [5, 5, 5, 7, 7, 7, 1, 2, 3, 1, 2, 3]
    up = [0, 1, 3, 4, 6, 7, 8, 9, 10, 11]
    state = sk.deal({"players": 2, "target": 10}, [grid, HIGH], [4, 4, 4, 4, 4, 4], [9],
                    face_up=[up, range(10)], current=0)
    got = earned("skyjo", sk, state, ["draw", "discard", "flip 2", "draw", "swap 0",
                                      "draw", "discard", "flip 5", "draw", "swap 0"])
    assert {"sk_column", "sk_two_columns", "sk_win"} <= set(got)


def test_skyjo_one_column_is_not_double_clear():
    grid = [5, 5, 5, 7, 8, 7, 1, 2, 3, 1, 2, 3]
    up = [0, 1, 3, 4, 6, 7, 8, 9, 10, 11]
    state = sk.deal({"players": 2}, [grid, HIGH], [4] * 6, [9], face_up=[up, range(10)], current=0)
    got = earned("skyjo", sk, state, ["draw", "discard", "flip 2", "draw", "swap 0",
                                      "draw", "discard", "flip 5", "draw", "swap 0"])
    assert "sk_column" in got and "sk_two_columns" not in got


# ---------------------------------------------------------------- Three Thirteen

def test_three_thirteen_out_in_the_first_round_with_two_wilds():
    state = tt.deal({}, ["3C 3D 9H", "KC QD 8S"], "5D 4D KS", "7C")
    got = earned("three_thirteen", tt, state, ["stock", "out", "discard KS"])
    assert {"tt_out", "tt_first_round", "tt_wilds"} <= set(got)
    assert "tt_kings" not in got


def test_three_thirteen_no_out_no_achievement_and_the_opponent_going_out_is_not_mine():
    state = tt.deal({}, ["4C 9D KH", "5H 6H 7H"], "5D 4D KS", "7C")
    got = earned("three_thirteen", tt, state, ["stock", "discard KS", "stock", "out", "discard 4D"])
    assert got == []


def test_three_thirteen_last_round_out_and_the_win():
    hand = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KD"
    state = tt.deal({}, [hand, "AH 4C 6D 8H 10C QH 2D 5C 7D 9H JC 3H 9C"], "6C 4D 8C", "7C", round_no=11)
    got = earned("three_thirteen", tt, state, ["stock", "out", "discard 8C", "stock", "discard 4D"])
    assert {"tt_out", "tt_kings", "tt_win"} <= set(got)
    assert "tt_spotless" not in got   # one round played, not a whole game


def test_three_thirteen_spotless_needs_every_round_at_zero():
    hand = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KD"
    loose = "AH 4C 6D 8H 10C QH 2D 5C 7D 9H JC 3H 9C"
    moves = ["stock", "out", "discard 8C", "stock", "discard 4D"]
    clean = tuple(tt.RoundResult(n, ((), ()), (0, 12), 0) for n in range(1, 11))
    assert "tt_spotless" in earned("three_thirteen", tt, tt.deal({}, [hand, loose], "6C 4D 8C", "7C", rounds=clean), moves)
    spotted = clean[:4] + (tt.RoundResult(5, ((), ()), (3, 0), 1),) + clean[5:]
    assert "tt_spotless" not in earned("three_thirteen", tt, tt.deal({}, [hand, loose], "6C 4D 8C", "7C", rounds=spotted),
                                       moves)


# ---------------------------------------------------------------- Switch

def hands(*texts):
    return [parse_cards(t) for t in texts]


def test_switch_going_out_on_a_jack():
    state = sw.deal({}, hands("JH", "5C 6C 7C"), parse_cards("9D 9S"), parse_cards("5H"))
    got = earned("switch", sw, state, ["0 play JH>H"])
    assert {"sw_win", "sw_jack_out"} <= set(got) and "sw_parting_gift" not in got


def test_switch_parting_gift_a_last_two_that_makes_eight():
    state = sw.deal({}, hands("2H", "5C 6C 7C"), parse_cards("9D 9S"), parse_cards("2S"),
                    pending=6, pending_rank=Rank.TWO)
    got = earned("switch", sw, state, ["0 play 2H"])
    assert {"sw_win", "sw_parting_gift", "sw_stack"} <= set(got)
    state = sw.deal({}, hands("2H", "5C 6C 7C"), parse_cards("9D 9S"), parse_cards("2S"),
                    pending=4, pending_rank=Rank.TWO)
    assert "sw_parting_gift" not in earned("switch", sw, state, ["0 play 2H"])


def test_switch_catching_a_forgotten_last_card():
    state = sw.deal({}, hands("9C 9D 9H", "5H 6H"), parse_cards("KD KS QS QD"), parse_cards("5S"), turn=1)
    assert "sw_catch" in earned("switch", sw, state, ["1 play 5H", "0 catch 1"])
    state = sw.deal({}, hands("9C 9D 9H", "5H 6H", "4C 4D 4S"), parse_cards("KD KS QS QD"), parse_cards("5S"),
                    turn=1)
    assert "sw_catch" not in earned("switch", sw, state, ["1 play 5H", "2 catch 1"])


def test_switch_match_won():
    state = sw.deal({"match": True}, hands("9H", "5C 6C KC"), parse_cards("9D 9S"), parse_cards("5H"))
    state = state._replace(table=state.table._replace(totals=(150, 180)))
    got = earned("switch", sw, state, ["0 play 9H"])
    assert "sw_match" in got
    state = state._replace(table=state.table._replace(totals=(10, 20)))
    assert "sw_match" not in earned("switch", sw, state, ["0 play 9H"])


# ---------------------------------------------------------------- the book on disk

def test_book_survives_a_restart(tmp_path):
    book = Book(Storage(tmp_path))
    assert book.unlock(["tp_peak", "sw_win"]) == ["tp_peak", "sw_win"]
    assert book.unlock(["tp_peak"]) == []
    book.end_tutorial("skyjo", "skipped")
    again = Book(Storage(tmp_path))
    assert again.unlocked("tp_peak") and again.unlocked("sw_win") and not again.unlocked("sk_win")
    assert again.tutorial_seen("skyjo") and not again.tutorial_seen("switch")


def test_a_damaged_book_is_moved_aside_with_a_notice(tmp_path):
    (tmp_path / FILE).write_text("{not json", encoding="utf-8")
    storage = Storage(tmp_path)
    book = Book(storage)
    assert not book.unlocked("tp_peak")
    assert any("could not be used" in n for n in storage.notices)
    assert any(p.name.startswith(FILE + ".corrupt") for p in tmp_path.iterdir())
    book.unlock(["tp_peak"])
    assert Book(Storage(tmp_path)).unlocked("tp_peak")


def test_bad_entries_take_their_defaults_one_by_one(tmp_path):
    doc = {"version": 1, "kind": "achievements",
           "data": {"unlocked": {"tp_peak": "2026-12-01", "sk_win": 5, "../x": "2026-12-01"},
                    "tutorials": {"switch": "finished", "skyjo": "maybe"}}}
    (tmp_path / FILE).write_text(json.dumps(doc), encoding="utf-8")
    storage = Storage(tmp_path)
    book = Book(storage)
    assert book.when("tp_peak") == "2026-12-01"
    assert book.unlocked("sk_win")             # a bad date never takes an achievement away
    assert not book.unlocked("../x")           # a bad name is left out
    assert book.tutorial_state("switch") == "finished" and book.tutorial_state("skyjo") == "skipped"
    assert len(storage.notices) == 1 and "achievements.json" in storage.notices[0]
    with pytest.raises(ValueError):
        book.end_tutorial("switch", "half")


# ---------------------------------------------------------------- through the real scene's hook

def tripeaks_table(tmp_path, **options):
    from scene_events import settle, table_app

    from cardgames.games.tripeaks.scene import TriPeaksScene

    app = table_app(tmp_path)
    scene = TriPeaksScene(app, {"mode": "relaxed", "winnable": False, **options}, seed=1)
    app.stack.push(scene)
    app.stack.apply_pending()
    jump(scene, on_a_wrap("KH", "AD", "4C 3C"))
    scene.animator.queue(scene.sync(animate=False))
    scene.refresh_moves()
    settle(app, 1.0)
    return app, scene


def test_the_scene_hook_unlocks_with_a_toast_and_keeps_it(tmp_path):
    from scene_events import click, settle

    app, scene = tripeaks_table(tmp_path)
    click(app, scene.board.top("tableau:27").rect.center)       # King on the Ace: the wrap
    settle(app, 1.5)
    assert achievements.book(app).unlocked("tp_wrap")
    assert any("Achievement unlocked: Round the Corner" in t[0] for t in app.toasts.queue)
    assert Book(Storage(tmp_path)).unlocked("tp_wrap")          # on disk at once


def test_practice_games_earn_nothing(tmp_path):
    from scene_events import click, settle

    app, scene = tripeaks_table(tmp_path, practice=True)
    click(app, scene.board.top("tableau:27").rect.center)
    settle(app, 1.5)
    assert scene.host.state.waste[-1] == parse_card("KH")            # the move was played
    assert not achievements.book(app).unlocked("tp_wrap")


def test_grand_tour_follows_the_four_wins(tmp_path):
    from scene_events import click, settle

    app, scene = tripeaks_table(tmp_path)
    achievements.book(app).unlock(["sk_win", "tt_win", "sw_win"])
    jump(scene, whole_run_deal())
    scene.animator.queue(scene.sync(animate=False))
    scene.refresh_moves()
    for slot in PLAY_ORDER:
        settle(app, 0.3)
        click(app, scene.board.top(f"tableau:{slot}").rect.center)
    settle(app, 2.0)
    book = achievements.book(app)
    assert book.unlocked("tp_clear") and book.unlocked("all_wins")


# ---------------------------------------------------------------- not earned when it should not be

def test_peaks_in_separate_streaks_are_not_peak_performance():
    moves = [f"play {s}" for s in PLAY_ORDER]
    state = whole_run_deal("5C 3D")
    # a stock card between the first peak and the others: the run (and its peaks) start again
    first_peak_at = moves.index("play 0")
    got = earned("tripeaks", tp, state, moves[:first_peak_at + 1] + ["turn"] + moves[first_peak_at + 1:])
    assert "tp_peak" in got and "tp_clear" in got
    assert "tp_three_peaks" not in got


def test_a_wrap_alone_is_not_a_peak():
    state = on_a_wrap("KH", "AD")
    assert "tp_peak" not in earned("tripeaks", tp, state, ["play 27"])


def test_skyjo_the_opponent_finishing_first_is_not_my_last_lap():
    mine = [3, 4, 5] * 4
    theirs = [-1, 0, -2] * 4
    state = sk.deal({"players": 2}, [mine, theirs], [4, 4, 4, 4], [9], face_up=[range(10), range(11)], current=1)
    got = earned("skyjo", sk, state, ["draw", "discard", "flip 11", "draw", "swap 0"])
    assert "sk_last_lap" not in got and "sk_negative" not in got and "sk_clean_finish" not in got


def test_three_thirteen_one_wild_is_not_wild_at_heart_and_losing_is_not_a_win():
    state = tt.deal({}, ["3C 9D 9H", "KC QD 8S"], "5D 4D 9S", "7C")
    got = earned("three_thirteen", tt, state, ["stock", "out", "discard 3C"])
    assert "tt_out" in got and "tt_wilds" not in got
    hand = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KD"
    last = tt.deal({}, [hand, "AH 4C 6D 8H 10C QH 2D 5C 7D 9H JC 3H 9C"], "6C 4D 8C", "7C", round_no=11,
                   totals=(200, 10))
    got = earned("three_thirteen", tt, last, ["stock", "out", "discard 8C", "stock", "discard 4D"])
    assert "tt_kings" in got and "tt_win" not in got


def test_switch_the_opponent_going_out_and_a_plain_two_earn_nothing():
    state = sw.deal({}, hands("5C 6C 7C", "9H"), parse_cards("9D 9S"), parse_cards("5H"), turn=1)
    assert earned("switch", sw, state, ["1 play 9H"]) == []
    state = sw.deal({}, hands("2H 7D", "5C 6C 7C"), parse_cards("9D 9S"), parse_cards("5H"))
    assert "sw_stack" not in earned("switch", sw, state, ["0 play 2H"])
    state = sw.deal({}, hands("9H", "5C 6C 7C"), parse_cards("9D 9S"), parse_cards("5H"))
    got = earned("switch", sw, state, ["0 play 9H"])
    assert "sw_win" in got and "sw_jack_out" not in got and "sw_match" not in got   # a single hand is no match


def test_grand_tour_needs_all_four_and_quick_study_all_four_tutorials(tmp_path):
    from scene_events import table_app

    app = table_app(tmp_path)
    book = achievements.book(app)
    book.unlock(["tp_clear", "sk_win", "tt_win"])
    assert not book.unlocked("all_wins")
    for game in ("tripeaks", "skyjo", "three_thirteen"):
        assert achievements.tutorial_ended(app, game, "finished") == []
    assert achievements.tutorial_ended(app, "switch", "skipped") == []      # skipped is not finished
    assert achievements.tutorial_ended(app, "switch", "finished") == ["all_tutorials"]
    assert any("Quick Study" in t[0] for t in app.toasts.queue)
