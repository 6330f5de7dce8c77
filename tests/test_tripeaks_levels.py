"""TriPeaks Arcade levels: the shipped collection, file checking, unlocking, high scores."""
import json

import pytest

from cardgames.games.tripeaks import levels as lv
from cardgames.games.tripeaks.levels import (
    LevelError,
    load_levels,
    parse_level,
    record_level,
    table_rank,
    unlocked,
)

GOOD = {
    "name": "Test", "layout": "classic", "clock": 120, "streak_seconds": 5,
    "targets": [1000, 2000, 3000], "hints": 2,
}


def write_levels(tmp_path, files):
    (tmp_path / "layouts").mkdir()
    tiny = {"name": "classic", "title": "One card", "slots": [{"x": 0, "y": 0, "covered_by": []}], "peaks": [0]}
    (tmp_path / "layouts" / "classic.json").write_text(json.dumps(tiny))
    (tmp_path / "layouts" / "broken.json").write_text(json.dumps(dict(tiny, name="broken", slots=[])))
    for name, content in files.items():
        text = content if isinstance(content, str) else json.dumps(content)
        (tmp_path / name).write_text(text)
    return tmp_path


# ---------------------------------------------------------------- the shipped levels


def shipped():
    return load_levels()


def test_at_least_fifteen_levels_ship_and_all_load():
    entries = shipped()
    assert len(entries) >= 15
    assert [e.error for e in entries if not e.available] == []


def test_levels_grow_harder():
    levels = [e.level for e in shipped()]
    first, last = levels[0], levels[-1]
    assert last.clock < first.clock
    assert last.streak_seconds < first.streak_seconds
    # The clear bonus pays for seconds left, so raw targets follow the clock;
    # what grows is how close to a three-star run the first star asks you to come.
    assert last.targets[0] / last.targets[2] > first.targets[0] / first.targets[2]
    # never easier than three levels back, on clock and streak timer
    for i in range(3, len(levels)):
        assert levels[i].clock <= levels[i - 3].clock
        assert levels[i].streak_seconds <= levels[i - 3].streak_seconds
    assert len({lvl.layout for lvl in levels}) >= 3, "other layouts"
    assert any(lvl.wild for lvl in levels) and any(lvl.open_peaks for lvl in levels)
    assert any(lvl.empty_waste for lvl in levels) and any(not lvl.wrap for lvl in levels)
    assert levels[-1].hints < levels[0].hints


def test_every_shipped_layout_is_usable_by_the_rules():
    from cardgames.games.tripeaks import layout as layout_mod

    for entry in shipped():
        layout_mod.load_layout(entry.level.layout)


# ---------------------------------------------------------------- checking files


def test_a_good_file_parses():
    level = parse_level(dict(GOOD, wild=True), "level_07.json", ["classic"])
    assert level.id == "level_07" and level.targets == (1000, 2000, 3000)
    assert level.variants() == {"wrap": True, "wild": True, "open_peaks": False, "empty_waste": False}
    assert level.streak_seconds == 5.0


@pytest.mark.parametrize("change,field", [
    ({"clock": "fast"}, "clock"),
    ({"clock": 3}, "clock"),
    ({"clock": True}, "clock"),
    ({"streak_seconds": 0}, "streak_seconds"),
    ({"targets": [1, 2]}, "targets"),
    ({"targets": [3000, 2000, 1000]}, "targets"),
    ({"targets": [1, 2, "x"]}, "targets"),
    ({"hints": -1}, "hints"),
    ({"wild": "yes"}, "wild"),
    ({"layout": "pyramid"}, "layout"),
    ({"name": ""}, "name"),
    ({"colour": "red"}, "colour"),
    ({"intro": 5}, "intro"),
])
def test_a_bad_field_is_named(change, field):
    with pytest.raises(LevelError) as err:
        parse_level(dict(GOOD, **change), "level_03.json", ["classic"])
    assert err.value.file == "level_03.json" and err.value.field == field
    assert str(err.value).startswith(f"level_03.json: {field}:")


def test_a_missing_field_is_named():
    data = dict(GOOD)
    del data["streak_seconds"]
    with pytest.raises(LevelError, match=r"level_01.json: streak_seconds: missing"):
        parse_level(data, "level_01.json", ["classic"])


def test_broken_files_are_unavailable_and_the_rest_still_load(tmp_path):
    write_levels(tmp_path, {
        "level_01.json": GOOD,
        "level_02.json": "{not json",
        "level_03.json": dict(GOOD, targets=[5, 4, 3]),
        "level_04.json": [1, 2, 3],
        "level_05.json": dict(GOOD, layout="missing"),
        "level_06.json": GOOD,
        "level_08.json": dict(GOOD, layout="broken"),
    })
    (tmp_path / "level_07.json").write_bytes(b"\xff\xfe\x00bad")
    entries = load_levels(tmp_path)
    assert [e.available for e in entries] == [True, False, False, False, False, True, False, False]
    assert "level_02.json: (file): not valid JSON" in entries[1].error
    assert entries[2].error.startswith("level_03.json: targets:")
    assert entries[3].error.startswith("level_04.json: (file):")
    assert entries[4].error.startswith("level_05.json: layout:")
    assert entries[6].error.startswith("level_07.json: (file): cannot be read")
    assert entries[7].error.startswith("level_08.json: layout:") and "slots" in entries[7].error


def test_a_layout_the_rules_reject_makes_the_level_unavailable(tmp_path):
    write_levels(tmp_path, {"level_01.json": GOOD})

    def reject(name):
        raise ValueError("slot 4 covers itself")

    (entry,) = load_levels(tmp_path, check_layout=reject)
    assert not entry.available and "slot 4 covers itself" in entry.error and "layout" in entry.error


# ---------------------------------------------------------------- progress


def test_the_next_level_unlocks_with_one_star(tmp_path):
    write_levels(tmp_path, {f"level_0{i}.json": GOOD for i in range(1, 5)})
    entries = load_levels(tmp_path)
    stats = {}
    assert unlocked(entries, stats) == (True, False, False, False)
    record_level(stats, "level_01", 900, 0)
    assert unlocked(entries, stats) == (True, False, False, False)
    record_level(stats, "level_01", 1500, 1)
    assert unlocked(entries, stats) == (True, True, False, False)
    record_level(stats, "level_02", 3500, 3)
    assert unlocked(entries, stats) == (True, True, True, False)


def test_an_unavailable_level_does_not_block_the_next(tmp_path):
    write_levels(tmp_path, {"level_01.json": GOOD, "level_02.json": "oops", "level_03.json": GOOD})
    entries = load_levels(tmp_path)
    stats = record_level({}, "level_01", 2500, 2)
    assert unlocked(entries, stats) == (True, False, True)


def test_best_score_and_stars_only_go_up():
    stats = record_level({}, "level_01", 5000, 2)
    record_level(stats, "level_01", 3000, 1)
    assert lv.level_record(stats, "level_01")["best"] == 5000
    assert lv.level_record(stats, "level_01")["stars"] == 2


def test_high_score_table_keeps_the_top_entries_with_initials():
    stats = {}
    for i, score in enumerate([500, 900, 700, 100, 300, 800, 200, 600, 400]):
        assert table_rank(stats, "L", score) is not None or len(lv.level_record(stats, "L")["table"]) == lv.TABLE_SIZE
        record_level(stats, "L", score, 0, initials="abc"[: 1 + i % 3])
    table = lv.level_record(stats, "L")["table"]
    assert len(table) == lv.TABLE_SIZE
    assert [e["score"] for e in table] == [900, 800, 700, 600, 500, 400, 300, 200]
    assert table[0]["initials"] == "AB "
    assert table_rank(stats, "L", 150) is None
    assert table_rank(stats, "L", 250) == 7
    assert table_rank(stats, "L", 1000) == 0
    assert table_rank(stats, "L", 0) is None


def test_equal_score_enters_below_the_older_entry():
    stats = record_level({}, "L", 500, 0, initials="OLD")
    assert table_rank(stats, "L", 500) == 1
    record_level(stats, "L", 500, 0, initials="NEW")
    assert [e["initials"] for e in lv.level_record(stats, "L")["table"]] == ["OLD", "NEW"]


@pytest.mark.parametrize("text,expected", [("abc", "ABC"), ("a", "A  "), ("", "???"), ("x!y?z9", "XYZ"), ("é1", "1  ")])
def test_initials_are_three_arcade_characters(text, expected):
    assert lv.clean_initials(text) == expected


def test_corrupt_progress_data_is_read_as_nothing_played():
    assert lv.level_record({"levels": "garbage"}, "L") == {"stars": 0, "best": 0, "table": []}
    assert lv.level_record({"levels": {"L": [1]}}, "L") == {"stars": 0, "best": 0, "table": []}
    bad = {"levels": {"L": {"stars": "3", "best": None, "table": [{"score": "9"}, 5]}}}
    assert lv.level_record(bad, "L") == {"stars": 0, "best": 0, "table": []}
    stats = record_level({"levels": []}, "L", 100, 1, initials="ZZZ")
    assert lv.level_record(stats, "L")["stars"] == 1
