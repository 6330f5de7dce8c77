"""Storage: round trips, atomic writes, and every kind of bad file on disk."""
import json
import stat

import pytest

from cardgames import storage as st
from cardgames.storage import DEFAULT_SETTINGS, Storage


def write_doc(path, data, version=st.VERSION, kind=None):
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = {"version": version, "data": data}
    if kind:
        doc["kind"] = kind
    path.write_text(json.dumps(doc))


def aside_files(folder, name):
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(name + ".corrupt-"))


def a_save(game="skyjo", actions=("draw", "swap 3")):
    return {"game": game, "options": {"players": 3}, "seed": 42, "actions": list(actions), "extra": {"t": 1.5}}


# ------------------------------------------------------------------ data folder
def test_data_dir_explicit_beats_env_beats_platformdirs(tmp_path, monkeypatch):
    monkeypatch.setenv(st.DATA_DIR_ENV, str(tmp_path / "env"))
    assert st.resolve_data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert st.resolve_data_dir(None) == tmp_path / "env"
    monkeypatch.delenv(st.DATA_DIR_ENV)
    default = st.resolve_data_dir(None)
    assert default.name == st.APP_DIR_NAME and default.is_absolute()


def test_fresh_folder_gives_defaults_and_no_notices(tmp_path):
    s = Storage(tmp_path / "new")
    assert s.load_settings() == DEFAULT_SETTINGS
    assert s.stats("tripeaks") == {}
    assert s.load_game("skyjo") is None
    assert s.notices == []


# ------------------------------------------------------------------ round trips
def test_settings_round_trip_and_versioned_file(tmp_path):
    s = Storage(tmp_path)
    want = dict(DEFAULT_SETTINGS, sfx_volume=0.25, anim_speed="off", card_back="red", fullscreen=True)
    assert s.save_settings(want)
    doc = json.loads((tmp_path / "settings.json").read_text())
    assert doc["version"] == st.VERSION and doc["kind"] == "settings"
    assert Storage(tmp_path).load_settings() == want


def test_stats_update_persists_and_keeps_other_games(tmp_path):
    s = Storage(tmp_path)

    def win(d):
        d["played"] = d.get("played", 0) + 1
        return d

    s.update_stats("tripeaks", win)
    s.update_stats("tripeaks", win)
    s.update_stats("skyjo", lambda d: {"played": 7})
    fresh = Storage(tmp_path)
    assert fresh.stats("tripeaks") == {"played": 2}
    assert fresh.stats("skyjo") == {"played": 7}
    # stats() hands out a copy: changing it changes nothing stored
    fresh.stats("skyjo")["played"] = 99
    assert fresh.stats("skyjo") == {"played": 7}


def test_save_load_clear_game(tmp_path):
    s = Storage(tmp_path)
    assert s.save_game("skyjo", a_save())
    assert Storage(tmp_path).load_game("skyjo") == a_save()
    assert Storage(tmp_path).load_game("switch") is None
    s.clear_game("skyjo")
    assert s.load_game("skyjo") is None
    assert Storage(tmp_path).load_game("skyjo") is None
    s.clear_game("skyjo")  # clearing twice is fine
    assert s.notices == []


def test_save_game_rejects_malformed_data_and_bad_names(tmp_path):
    s = Storage(tmp_path)
    with pytest.raises(ValueError):
        s.save_game("skyjo", {"game": "skyjo", "options": {}, "seed": "x", "actions": []})
    with pytest.raises(ValueError):
        s.save_game("skyjo", a_save(game="switch"))
    with pytest.raises(ValueError):
        s.load_game("../settings")


def test_write_is_atomic_and_leaves_no_temp_files(tmp_path, monkeypatch):
    s = Storage(tmp_path)
    s.save_settings(dict(DEFAULT_SETTINGS, music_volume=0.1))
    # a failure half-way (here: at the rename) keeps the old file intact and removes the temp file
    monkeypatch.setattr(st.os, "replace", lambda a, b: (_ for _ in ()).throw(OSError(28, "No space left")))
    assert not s.save_settings(dict(DEFAULT_SETTINGS, music_volume=0.9))
    monkeypatch.undo()
    assert Storage(tmp_path).load_settings()["music_volume"] == 0.1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]
    assert any("Could not save settings.json" in n for n in s.notices)


# ------------------------------------------------------------------ bad files
@pytest.mark.parametrize(
    "content, why",
    [
        ("{not json", "damaged"),
        ('{"version": 1, "kind": "settings", "data": {"sfx_vol', "damaged"),  # truncated
        ("", "damaged"),
        ("[1, 2, 3]", "expected format"),
        ('{"version": "one", "data": {}}', "expected format"),
        ('{"version": 1, "kind": "stats", "data": {}}', "expected format"),
        ('{"version": 1, "data": {"sfx_volume": NaN}}', "damaged"),
    ],
)
def test_corrupt_settings_moved_aside_defaults_used(tmp_path, content, why):
    (tmp_path / "settings.json").write_text(content)
    s = Storage(tmp_path)
    assert s.load_settings() == DEFAULT_SETTINGS
    moved = aside_files(tmp_path, "settings.json")
    assert len(moved) == 1 and (tmp_path / moved[0]).read_text() == content  # nothing lost
    assert not (tmp_path / "settings.json").exists()
    assert len(s.notices) == 1 and why in s.notices[0] and moved[0] in s.notices[0]


def test_binary_garbage_is_moved_aside(tmp_path):
    (tmp_path / "stats.json").write_bytes(b"\xff\xfe\x00garbage\x80")
    s = Storage(tmp_path)
    assert s.stats("skyjo") == {}
    assert len(aside_files(tmp_path, "stats.json")) == 1
    assert s.notices


def test_future_version_moved_aside_with_notice(tmp_path):
    write_doc(tmp_path / "settings.json", {"sfx_volume": 0.1}, version=st.VERSION + 1, kind="settings")
    s = Storage(tmp_path)
    assert s.load_settings() == DEFAULT_SETTINGS
    assert "newer version" in s.notices[0]
    assert len(aside_files(tmp_path, "settings.json")) == 1


def test_corrupt_stats_does_not_touch_settings_or_saves(tmp_path):
    good = Storage(tmp_path)
    good.save_settings(dict(DEFAULT_SETTINGS, card_back="green"))
    good.save_game("switch", a_save("switch"))
    (tmp_path / "stats.json").write_text('{"version": 1, "kind": "stats", "data": {"tripeaks": {"pla')
    s = Storage(tmp_path)
    assert s.stats("tripeaks") == {}
    assert s.load_settings()["card_back"] == "green"
    assert s.load_game("switch") == a_save("switch")
    s.update_stats("tripeaks", lambda d: {"played": 1})  # writing fresh stats works after the move
    assert Storage(tmp_path).stats("tripeaks") == {"played": 1}
    assert len(aside_files(tmp_path, "stats.json")) == 1


def test_wrong_type_settings_fall_back_key_by_key(tmp_path):
    write_doc(tmp_path / "settings.json", {
        "sfx_volume": "loud", "music_volume": 0.3, "anim_speed": "warp", "four_colour": 1,
        "card_back": "red", "fullscreen": "yes", "ai_speed": "slow", "from_the_future": [1, 2],
    }, kind="settings")
    s = Storage(tmp_path)
    got = s.load_settings()
    assert got["music_volume"] == 0.3 and got["card_back"] == "red" and got["ai_speed"] == "slow"
    for key in ("sfx_volume", "anim_speed", "four_colour", "fullscreen"):
        assert got[key] == DEFAULT_SETTINGS[key]
        assert any(repr(key) in n for n in s.notices)
    assert got["from_the_future"] == [1, 2]  # unknown keys are kept, not lost
    assert len(s.notices) == 1 and "settings.json" in s.notices[0]  # ONE notice naming the file and fields
    # the original is kept as a copy since the next save rewrites it
    assert any(p.name.startswith("settings.json.invalid-") for p in tmp_path.iterdir())


def test_volume_out_of_range_and_bool_are_rejected(tmp_path):
    write_doc(tmp_path / "settings.json", {"sfx_volume": 1.5, "music_volume": True}, kind="settings")
    got = Storage(tmp_path).load_settings()
    assert got["sfx_volume"] == DEFAULT_SETTINGS["sfx_volume"]
    assert got["music_volume"] == DEFAULT_SETTINGS["music_volume"]


def test_stats_with_one_bad_game_keeps_the_others(tmp_path):
    write_doc(tmp_path / "stats.json", {"tripeaks": {"played": 3}, "skyjo": "oops"}, kind="stats")
    s = Storage(tmp_path)
    assert s.stats("tripeaks") == {"played": 3}
    assert s.stats("skyjo") == {}
    assert any("skyjo" in n for n in s.notices)


@pytest.mark.parametrize("data", [
    {"game": "skyjo", "options": {}, "seed": 1},                                  # no actions
    {"game": "skyjo", "options": [], "seed": 1, "actions": []},                  # options wrong type
    {"game": "skyjo", "options": {}, "seed": True, "actions": []},               # bool is not a seed
    {"game": "skyjo", "options": {}, "seed": 1, "actions": ["ok", 3]},           # non-string action
    {"game": "switch", "options": {}, "seed": 1, "actions": []},                 # another game's save
    "just a string",
])
def test_bad_save_moved_aside_returns_none(tmp_path, data):
    write_doc(tmp_path / "saves" / "skyjo.json", data, kind="save")
    s = Storage(tmp_path)
    assert s.load_game("skyjo") is None
    assert len(aside_files(tmp_path / "saves", "skyjo.json")) == 1
    assert len(s.notices) == 1 and "saved Skyjo game" in s.notices[0] and "skyjo.json.corrupt-" in s.notices[0]
    assert "Defaults" not in s.notices[0]                      # a bad save is left out, not "defaulted"


def test_two_bad_files_in_the_same_second_both_kept(tmp_path):
    for _ in range(2):
        (tmp_path / "settings.json").write_text("{broken")
        Storage(tmp_path).load_settings()
    assert len(aside_files(tmp_path, "settings.json")) == 2


def make_read_only(folder, monkeypatch):
    """Deny every write inside `folder`: chmod where that works, and refuse temp files too
    (the tests may run as root, whom chmod does not stop)."""
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    real = st.tempfile.mkstemp

    def deny(*a, dir=None, **k):
        if dir is not None and str(folder) in str(dir):
            raise PermissionError(13, "Permission denied")
        return real(*a, dir=dir, **k)

    monkeypatch.setattr(st.tempfile, "mkstemp", deny)


def test_read_only_folder_never_crashes(tmp_path, monkeypatch):
    folder = tmp_path / "ro"
    folder.mkdir()
    Storage(folder).save_settings(dict(DEFAULT_SETTINGS, sfx_volume=0.3))
    make_read_only(folder, monkeypatch)
    try:
        s = Storage(folder)
        assert s.load_settings()["sfx_volume"] == 0.3  # reading still works
        assert not s.save_settings(dict(DEFAULT_SETTINGS, sfx_volume=0.6))
        assert s.load_settings()["sfx_volume"] == 0.6  # kept in memory for this session
        assert not s.save_game("skyjo", a_save())
        s.update_stats("skyjo", lambda d: {"played": 1})
        assert s.stats("skyjo") == {"played": 1}
        failures = [n for n in s.notices if n.startswith("Could not save")]
        assert len(failures) == 3  # once per file
        s.save_settings(DEFAULT_SETTINGS)
        assert len([n for n in s.notices if n.startswith("Could not save")]) == 3  # not repeated
        assert Storage(folder).load_settings()["sfx_volume"] == 0.3  # disk untouched
    finally:
        folder.chmod(stat.S_IRWXU)


def test_data_folder_that_cannot_be_created(tmp_path):
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    s = Storage(blocker / "data")
    assert s.load_settings() == DEFAULT_SETTINGS
    assert not s.save_settings(DEFAULT_SETTINGS)
    assert not s.save_game("switch", a_save("switch"))
    assert s.load_game("switch") == a_save("switch")  # still resumable within this session
    assert len(s.notices) == 2


def test_unreadable_file_is_reported(tmp_path, monkeypatch):
    (tmp_path / "settings.json").write_text("{}")
    real = st.Path.read_text

    def deny(self, *a, **k):
        if self.name == "settings.json":
            raise PermissionError(13, "Permission denied")
        return real(self, *a, **k)

    monkeypatch.setattr(st.Path, "read_text", deny)
    s = Storage(tmp_path)
    assert s.load_settings() == DEFAULT_SETTINGS
    assert "could not be read" in s.notices[0]


def test_take_notices_empties_the_list(tmp_path):
    (tmp_path / "settings.json").write_text("{")
    s = Storage(tmp_path)
    s.load_settings()
    assert len(s.take_notices()) == 1
    assert s.notices == [] and s.take_notices() == []


def test_discard_game_moves_the_save_aside(tmp_path):
    s = Storage(tmp_path)
    s.save_game("skyjo", a_save())
    s.discard_game("skyjo", "it could not be replayed")
    assert s.load_game("skyjo") is None and Storage(tmp_path).load_game("skyjo") is None
    assert len(aside_files(tmp_path / "saves", "skyjo.json")) == 1
    assert "could not be replayed" in s.notices[0]
