"""cardgames.records: the statistics of scripted games computed exactly, kept across a restart,
and recorded whatever damage the stored file has."""
import json
import math

import pytest

from cardgames import records
from cardgames.records import HISTORY, GameResult, record_game
from cardgames.storage import Storage


def skyjo(won, total, rounds=4, points=None, **kw):
    return GameResult(won=won, score=total, figures={"total": total, "rounds": rounds,
                                                      "round_points": total if points is None else points}, **kw)


def section(storage, game, mode, practice=False):
    return records.load(storage, game)["practice" if practice else "modes"][mode]


def fig(sec, game, key):
    f = next(f for f in records.FIGURES[game] if f.key == key)
    return records.figure_value(sec, f)


# ------------------------------------------------------------------ a scripted sequence
def test_a_sequence_of_games_is_counted_exactly(tmp_path):
    s = Storage(tmp_path)
    seq = [(True, 40), (True, 35), (False, 90), (True, 30), (True, 60), (True, 45)]
    touched = [record_game(s, "skyjo", skyjo(w, t)) for w, t in seq]
    record_game(s, "skyjo", GameResult(won=True, abandoned=True, score=5, figures={"total": 5}))  # abandoned
    touched.append(record_game(s, "skyjo", skyjo(True, 50)))
    sec = section(s, "skyjo", "standard")
    assert (sec["games"], sec["wins"], sec["abandoned"]) == (8, 6, 1)
    assert records.win_rate(sec) == 0.75
    assert sec["streak"] == 1 and sec["best_streak"] == 3
    assert fig(sec, "skyjo", "best_total") == 30                      # the abandoned 5 sets no best
    assert fig(sec, "skyjo", "average_total") == pytest.approx((40 + 35 + 90 + 30 + 60 + 45 + 50) / 7)
    assert fig(sec, "skyjo", "average_round") == pytest.approx((40 + 35 + 90 + 30 + 60 + 45 + 50) / 28)
    assert touched[0] == []                                           # a first game is no "new best"
    assert touched[1] == ["New best total: 35", "Best winning streak: 2"]
    assert touched[2] == []
    assert touched[3] == ["New best total: 30"]
    assert touched[4] == ["Winning streak: 2"]                        # equal to the best: not a new best
    assert touched[5] == ["Best winning streak: 3"]
    assert touched[6] == []                                           # streak 1 after the abandoned game
    history = sec["history"]
    assert [h["won"] for h in history] == [True, True, False, True, True, True, False, True]
    assert history[6]["abandoned"] and history[6]["score"] == 5 and not history[7]["abandoned"]


def test_a_winning_streak_is_reported_while_it_grows_below_the_best(tmp_path):
    s = Storage(tmp_path)
    for won in (True, True, True, False, True):
        record_game(s, "three_thirteen", GameResult(won=won, score=50, figures={"total": 50}))
    assert record_game(s, "three_thirteen", GameResult(won=True, score=60, figures={"total": 60})) == \
        ["Winning streak: 2"]
    assert section(s, "three_thirteen", "standard")["best_streak"] == 3


def test_an_abandoned_game_counts_as_played_and_lost_in_every_game(tmp_path):
    s = Storage(tmp_path)
    for game, options in (("tripeaks", {"mode": "classic"}), ("skyjo", {}), ("three_thirteen", {}),
                          ("switch", {"match": True})):
        record_game(s, game, GameResult(won=True, options=options))
        record_game(s, game, GameResult(won=True, options=options, abandoned=True))
        sec = section(s, game, records.mode_of(game, options))
        assert (sec["games"], sec["wins"], sec["abandoned"], sec["streak"]) == (2, 1, 1, 0), game
        assert sec["history"][-1]["won"] is False and sec["history"][-1]["abandoned"] is True


def test_the_last_fifty_games_newest_last_with_date_options_deal_and_result(tmp_path):
    s = Storage(tmp_path)
    for i in range(HISTORY + 7):
        record_game(s, "tripeaks", GameResult(won=i % 3 == 0, options={"mode": "relaxed", "deal": i, "wrap": True},
                                              seed=1000 + i, score=i, when=1_700_000_000 + 60 * i))
    history = section(s, "tripeaks", "relaxed")["history"]
    assert len(history) == HISTORY
    assert [h["deal"] for h in history] == list(range(7, HISTORY + 7))   # the oldest seven dropped
    last = history[-1]
    assert last["seed"] == 1000 + HISTORY + 6 and last["options"] == {"mode": "relaxed", "deal": 56, "wrap": True}
    assert last["won"] is False and last["score"] == 56
    assert len(last["date"]) == 16 and last["date"][4] == "-" and last["date"][13] == ":"
    assert history[0]["date"] < last["date"]
    assert section(s, "tripeaks", "relaxed")["games"] == HISTORY + 7


def test_practice_games_are_kept_apart(tmp_path):
    s = Storage(tmp_path)
    record_game(s, "skyjo", skyjo(True, 20, options={"practice": True}))
    record_game(s, "skyjo", skyjo(True, 20, options={"practice": True}))
    assert record_game(s, "skyjo", skyjo(True, 15, options={"practice": True})) == \
        ["New best total: 15 (practice)", "Best winning streak: 3 (practice)"]
    record_game(s, "skyjo", skyjo(False, 70))
    recs = records.load(s, "skyjo")
    assert recs["modes"]["standard"]["games"] == 1 and recs["modes"]["standard"]["wins"] == 0
    assert fig(recs["modes"]["standard"], "skyjo", "best_total") == 70
    assert recs["practice"]["standard"]["games"] == 3 and recs["practice"]["standard"]["best_streak"] == 3
    assert records.totals(recs) == {"games": 1, "wins": 0, "best_streak": 0}   # the record line leaves practice out


def test_tripeaks_modes_daily_bank_time_and_run(tmp_path):
    s = Storage(tmp_path)
    classic = {"mode": "classic"}
    record_game(s, "tripeaks", GameResult(won=False, options=classic, score=-30, seconds=80,
                                          figures={"money": -30, "run": 4}))
    record_game(s, "tripeaks", GameResult(won=True, options=classic, score=75, seconds=95,
                                          figures={"money": 75, "run": 9}))
    record_game(s, "tripeaks", GameResult(won=False, options=classic, abandoned=True, score=-5, seconds=10,
                                          figures={"money": -5, "run": 11}))
    assert record_game(s, "tripeaks", GameResult(won=True, options=classic, score=20, seconds=70,
                                                 figures={"money": 20, "run": 3})) == ["New best time: 1:10"]
    record_game(s, "tripeaks", GameResult(won=True, options={"mode": "arcade", "daily": "2026-12-01"},
                                          score=9000, seconds=100, figures={"run": 6}))
    sec = section(s, "tripeaks", "classic")
    assert fig(sec, "tripeaks", "bank") == 60                  # the abandoned hand's money is banked too
    assert fig(sec, "tripeaks", "best_time") == 70             # wins only: the 80 s and 10 s hands were not
    assert fig(sec, "tripeaks", "longest_run") == 11           # a run is a run, even in a hand left
    assert fig(sec, "tripeaks", "best_hand") == 75 and fig(sec, "tripeaks", "best_score") is None
    assert records.figure(s, "tripeaks", "classic", "bank") == 60
    daily = section(s, "tripeaks", "daily")
    assert daily["games"] == 1 and daily["history"][0]["daily"] == "2026-12-01"
    assert "arcade" not in records.load(s, "tripeaks")["modes"]
    assert [f.key for f in records.figures_for("tripeaks", "arcade")] == ["best_score", "best_time", "longest_run"]


def test_switch_single_hands_and_matches(tmp_path):
    s = Storage(tmp_path)
    hand = {"hands": 1, "hands_won": 1, "catches": 1, "caught": 0, "longest_pickup": 4}
    record_game(s, "switch", GameResult(won=True, options={"match": False}, figures=hand))
    record_game(s, "switch", GameResult(won=False, options={"match": True}, score=150,
                                        figures={"hands": 5, "hands_won": 2, "total": 150, "longest_pickup": 8}))
    assert record_game(s, "switch", GameResult(won=True, options={"match": True}, score=90,
                                               figures={"hands": 4, "hands_won": 3, "total": 90})) == \
        ["New best match: 90"]
    match = section(s, "switch", "match")
    assert match["games"] == 2 and fig(match, "switch", "hands") == 9 and fig(match, "switch", "hands_won") == 5
    assert fig(match, "switch", "best_match") == 90 and fig(match, "switch", "longest_pickup") == 8
    single = section(s, "switch", "single")
    assert fig(single, "switch", "catches") == 1 and fig(single, "switch", "best_match") is None


# ------------------------------------------------------------------ restart and reset
def test_the_statistics_survive_a_restart(tmp_path):
    s = Storage(tmp_path)
    for w, t in [(True, 40), (False, 80), (True, 33)]:
        record_game(s, "skyjo", skyjo(w, t, options={"players": 3, "level": "hard"}, seed=7))
    before = records.load(s, "skyjo")
    again = Storage(tmp_path)
    assert records.load(again, "skyjo") == before
    assert before["modes"]["standard"]["history"][0]["options"] == {"players": 3, "level": "hard"}
    record_game(again, "skyjo", skyjo(True, 30))
    assert section(Storage(tmp_path), "skyjo", "standard")["games"] == 4
    assert again.take_notices() == []


def test_reset_forgets_one_game_and_keeps_its_progress(tmp_path):
    s = Storage(tmp_path)
    s.update_stats("tripeaks", lambda d: {"levels": {"level_01": {"stars": 2, "best": 9000, "table": []}}})
    record_game(s, "tripeaks", GameResult(won=True, options={"mode": "arcade"}, score=9000))
    record_game(s, "skyjo", skyjo(True, 30))
    records.reset(s, "tripeaks")
    assert records.load(Storage(tmp_path), "tripeaks") == {"version": 2, "modes": {}, "practice": {}}
    assert Storage(tmp_path).stats("tripeaks")["levels"]["level_01"]["stars"] == 2
    assert section(Storage(tmp_path), "skyjo", "standard")["games"] == 1


# ------------------------------------------------------------------ the older flat shape
def write_stats(folder, data):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "stats.json").write_text(json.dumps({"version": 1, "kind": "stats", "data": data}))


def test_the_old_statistics_are_migrated(tmp_path):
    write_stats(tmp_path, {
        "skyjo": {"games": 5, "wins": 2, "best_total": 31, "rounds": 20, "round_points": 110, "average_round": 5.5},
        "three_thirteen": {"games": 3, "wins": 1, "best_total": 62, "rounds_out": 5},
        "tripeaks": {"games": 9, "wins": 4, "win_rate": "44%", "longest_streak": 12, "bank": 130,
                     "levels": {"level_01": {"stars": 3, "best": 12000, "table": []}}, "last_initials": "ABC"},
        "switch": {"hands": 7, "wins": 3, "win_rate": 0.43, "matches": 2, "match_wins": 1, "catches": 2,
                   "caught": 1, "longest_pickup": 6},
    })
    s = Storage(tmp_path)
    sky = section(s, "skyjo", "standard")
    assert (sky["games"], sky["wins"]) == (5, 2)
    assert fig(sky, "skyjo", "best_total") == 31 and fig(sky, "skyjo", "average_round") == 5.5
    tt = section(s, "three_thirteen", "standard")
    assert (tt["games"], tt["wins"], fig(tt, "three_thirteen", "best_total")) == (3, 1, 62)
    assert fig(tt, "three_thirteen", "rounds_out") == 5
    earlier = section(s, "tripeaks", records.EARLIER)
    assert (earlier["games"], earlier["wins"], fig(earlier, "tripeaks", "longest_run")) == (9, 4, 12)
    assert records.figure(s, "tripeaks", "classic", "bank") == 130
    sw = section(s, "switch", records.EARLIER)
    assert (sw["games"], sw["wins"], fig(sw, "switch", "catches"), fig(sw, "switch", "longest_pickup")) == (7, 3, 2, 6)
    assert (section(s, "switch", "match")["games"], section(s, "switch", "match")["wins"]) == (2, 1)
    # the next game writes the new shape; TriPeaks' level progress stays beside it
    record_game(s, "tripeaks", GameResult(won=True, options={"mode": "classic"}, score=40, figures={"money": 40}))
    raw = Storage(tmp_path).stats("tripeaks")
    assert set(raw) == {"records", "levels", "last_initials"}
    assert records.figure(Storage(tmp_path), "tripeaks", "classic", "bank") == 170
    assert section(Storage(tmp_path), "tripeaks", records.EARLIER)["games"] == 9


# ------------------------------------------------------------------ damaged stored data
BAD_VALUES = ("x", [], {}, None, -3, 2.5, True, [1, 2], {"a": 1}, 10**30)


def populated(tmp_path):
    """A stats entry with every field of the shape filled in (a practice section too)."""
    s = Storage(tmp_path / "src")
    record_game(s, "skyjo", skyjo(True, 30, options={"players": 3, "deal": 4}, seed=5, seconds=61.5))
    record_game(s, "skyjo", skyjo(False, 60, options={"practice": True}, seed=6))
    return s.stats("skyjo")


def paths(node, prefix=()):
    """Every place in a JSON tree: each key of each dict and each item of each list."""
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, (*prefix, i))


def replaced(tree, path, value):
    if not path:
        return value
    tree = json.loads(json.dumps(tree))
    node = tree
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value
    return tree


def test_a_damaged_file_of_every_kind_still_records_the_game(tmp_path):
    entry = populated(tmp_path)
    places = list(paths(entry))
    assert len(places) > 60                                      # the generator reaches every field
    checked = 0
    for n, path in enumerate(places):
        for bad in BAD_VALUES:
            folder = tmp_path / f"d{n}-{BAD_VALUES.index(bad)}"
            write_stats(folder, {"skyjo": replaced(entry, path, bad), "switch": {"games": "x"}})
            s = Storage(folder)
            before = records.load(s, "skyjo")["modes"].get("standard", records.empty_section())
            touched = record_game(s, "skyjo", skyjo(True, 12, options={"players": 2}))
            assert isinstance(touched, list)
            after = section(Storage(folder), "skyjo", "standard")
            assert after["games"] == before["games"] + 1, path
            assert after["history"][-1]["score"] == 12 and after["history"][-1]["won"] is True, path
            assert fig(after, "skyjo", "best_total") is not None and fig(after, "skyjo", "best_total") <= 12, path
            checked += 1
    assert checked == len(places) * len(BAD_VALUES)


@pytest.mark.parametrize("bad", BAD_VALUES)
@pytest.mark.parametrize("key", records.OLD_KEYS)
def test_a_damaged_old_file_still_records_the_game(tmp_path, key, bad):
    for game in ("skyjo", "three_thirteen", "tripeaks", "switch"):
        write_stats(tmp_path / game, {game: {"games": 4, "wins": 2, key: bad}})
        s = Storage(tmp_path / game)
        options = {"mode": "classic"} if game == "tripeaks" else {}
        record_game(s, game, GameResult(won=True, options=options, score=10, figures={"total": 10, "money": 10}))
        sec = section(Storage(tmp_path / game), game, records.mode_of(game, options))
        assert sec["history"][-1]["won"] is True and sec["wins"] >= 1, (game, key, bad)


def test_damage_is_repaired_field_by_field_with_one_notice(tmp_path):
    entry = populated(tmp_path)
    entry["records"]["modes"]["standard"]["games"] = "x"
    entry["records"]["modes"]["standard"]["figures"]["best_total"] = "low"
    entry["records"]["modes"]["standard"]["history"].append(5)
    write_stats(tmp_path / "d", {"skyjo": entry})
    s = Storage(tmp_path / "d")
    s.take_notices()
    record_game(s, "skyjo", skyjo(True, 50))
    notices = s.take_notices()
    assert len(notices) == 1 and "stats.json" in notices[0]            # one notice, from the schema layer
    assert "skyjo.records.modes.standard.games" in notices[0] and "figures.best_total" in notices[0]
    sec = section(s, "skyjo", "standard")
    assert sec["wins"] == 2 and sec["games"] == 2               # wins kept; games repaired up to the wins
    assert fig(sec, "skyjo", "best_total") == 50                # the bad best is dropped, the new one kept
    assert len(sec["history"]) == 2                             # the unreadable entry is dropped
    assert section(s, "skyjo", "standard", practice=True)["games"] == 1   # the rest is untouched


def test_a_broken_progress_function_never_costs_the_result(tmp_path):
    s = Storage(tmp_path)

    def boom(entry):
        entry["levels"] = "half written"
        raise RuntimeError("bug")

    record_game(s, "tripeaks", GameResult(won=True, options={"mode": "arcade"}, score=5, progress=boom))
    assert section(s, "tripeaks", "arcade")["games"] == 1 and "levels" not in s.stats("tripeaks")


def test_formatting():
    f = {x.key: x for x in records.FIGURES["tripeaks"]}
    assert records.format_figure(f["best_time"], 95.4) == "1:35"
    assert records.format_figure(f["bank"], -40) == "-$40" and records.format_figure(f["bank"], 1234) == "$1,234"
    assert records.format_figure(f["best_score"], None) == "–"
    assert records.format_figure(records.FIGURES["skyjo"][1], 41.25) == "41.2"
    assert not math.isnan(records.win_rate({"games": 3, "wins": 1}))
