"""Every declared data file, with every wrong-typed and every out-of-range field GENERATED from its
schema (cardgames/datafiles.py): the field gets its default with ONE notice naming the file and the
field and nothing else changes, or (a vital field) the file is moved aside with one notice."""
import copy
import json

import pytest

from cardgames import datafiles, schema
from cardgames.games import registry
from cardgames.storage import Storage

DATA_FILES = ["settings.json", "stats.json", "achievements.json"] + [f"saves/{g.name}.json" for g in registry.GAMES]


def _cases():
    for name in DATA_FILES:
        spec, part = schema.spec_for(name)
        for sample in schema.bad_samples(spec.schema_for(part)):
            yield pytest.param(name, sample, id=f"{name}:{sample.path}:{sample.kind}:{sample.value!r}"[:120])


CASES = list(_cases())


def test_every_declared_file_yields_cases():
    names = {c.values[0] for c in CASES}
    assert names == set(DATA_FILES)
    assert len(CASES) > 150  # many fields, each with several wrong types and ranges


def _write(folder, name, kind, data):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "kind": kind, "data": data}))


def _good_document(name):
    spec, part = schema.spec_for(name)
    doc = schema.example(spec.schema_for(part))
    if name.startswith("saves/"):
        doc["actions"] = ["a move", "another"]
    return doc


@pytest.mark.parametrize("name, sample", CASES)
def test_bad_field_is_replaced_or_the_file_moved_aside(tmp_path, name, sample, capsys):
    spec, part = schema.spec_for(name)
    good = _good_document(name)
    bad = copy.deepcopy(good)
    schema.set_path(bad, sample.path, sample.value)
    _write(tmp_path, name, spec.kind, bad)
    s = Storage(tmp_path)
    got = s.load(name, absent=None)
    notices = s.take_notices()
    assert len(notices) == 1, notices
    assert spec.what_for(part) in notices[0]
    assert repr(sample.replaced) in notices[0] or sample.replaced in notices[0]
    folder = (tmp_path / name).parent
    if sample.untrusted:
        assert got is None
        assert [p.name for p in folder.iterdir() if ".corrupt-" in p.name]  # kept for the player
        assert "could not be used" in notices[0]
    else:
        want = copy.deepcopy(good)
        if sample.dropped:   # an item of a drop_bad list (a statistics history entry) is left out
            head, _, index = sample.path.rpartition("[")
            del schema.get_path(want, head)[int(index.rstrip("]"))]
        else:
            schema.set_path(want, sample.replaced, sample.default)
        assert got == want  # the field has its default, nothing else changed
        assert Storage(tmp_path).load(name, absent=None) == want  # the file itself still holds the rest
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("name", DATA_FILES)
def test_good_example_loads_unchanged_and_round_trips(tmp_path, name):
    spec, _ = schema.spec_for(name)
    good = _good_document(name)
    _write(tmp_path, name, spec.kind, good)
    s = Storage(tmp_path)
    assert s.load(name) == good and s.notices == []
    assert s.save(name, good)
    assert Storage(tmp_path).load(name) == good


@pytest.mark.parametrize("name", DATA_FILES)
@pytest.mark.parametrize("top", ["text", 3, [1, 2], None, True])
def test_top_level_of_the_wrong_type_is_moved_aside_with_a_notice(tmp_path, name, top):
    spec, _ = schema.spec_for(name)
    _write(tmp_path, name, spec.kind, top)
    s = Storage(tmp_path)
    got = s.load(name, absent="absent")
    assert got == "absent"
    assert len(s.notices) == 1 and "could not be used" in s.notices[0]


def test_settings_wrong_type_reads_the_same_on_every_path(tmp_path):
    """Loading and saving a bad setting both give the default and one notice (was: silent on one path)."""
    _write(tmp_path, "settings.json", "settings", dict(datafiles.DEFAULT_SETTINGS, sfx_volume="loud"))
    s = Storage(tmp_path)
    assert s.load_settings()["sfx_volume"] == 0.8 and len(s.take_notices()) == 1
    assert s.save_settings(dict(datafiles.DEFAULT_SETTINGS, music_volume="x"))
    assert s.load_settings()["music_volume"] == 0.5 and len(s.take_notices()) == 1
    _write(tmp_path, "settings.json", "settings", "not an object")
    s = Storage(tmp_path)
    assert s.load_settings() == datafiles.DEFAULT_SETTINGS and len(s.take_notices()) == 1


def test_save_with_players_many_moves_aside_without_a_traceback(tmp_path, capsys):
    _write(tmp_path, "saves/skyjo.json", "save",
           {"game": "skyjo", "options": {"players": "many"}, "seed": 3, "actions": []})
    s = Storage(tmp_path)
    assert s.load_game("skyjo") is None
    assert len(s.notices) == 1 and "'options.players'" in s.notices[0] and "Skyjo" in s.notices[0]
    assert "Traceback" not in capsys.readouterr().err


# ------------------------------------------------------------------ shipped files (levels/)
def _shipped_cases():
    from cardgames.config import LEVELS_DIR

    bases = {
        "levels/tripeaks/layouts/{name}.json": ("classic.json", LEVELS_DIR / "tripeaks" / "layouts" / "classic.json"),
        "levels/tripeaks/{name}.json": ("level_01.json", LEVELS_DIR / "tripeaks" / "level_01.json"),
        "levels/ai/three_thirteen.json": ("three_thirteen.json", LEVELS_DIR / "ai" / "three_thirteen.json"),
    }
    for pattern, (file, path) in bases.items():
        spec = schema.FILES[pattern]
        base = json.loads(path.read_text())
        for sample in schema.bad_samples(spec.schema_for("")):
            try:
                schema.get_path(base, sample.path.rpartition("[")[0] if sample.path.endswith("]") else
                                sample.path.rpartition(".")[0] or sample.path)
            except (KeyError, IndexError, TypeError):
                continue   # the shipped file has no such place (an optional field it leaves out)
            yield pytest.param(pattern, file, base, sample, id=f"{file}:{sample.path}:{sample.kind}:{sample.value!r}"[:120])


SHIPPED = list(_shipped_cases())


def test_every_shipped_kind_yields_cases():
    assert {c.values[0] for c in SHIPPED} == {"levels/tripeaks/layouts/{name}.json", "levels/tripeaks/{name}.json",
                                              "levels/ai/three_thirteen.json"}


@pytest.mark.parametrize("pattern, file, base, sample", SHIPPED)
def test_a_bad_field_of_a_shipped_file_is_named(tmp_path, pattern, file, base, sample):
    """Layouts and levels: a bad field makes that file unusable with an error naming the file and the
    field (the level is shown unavailable; a broken classic layout falls back to the built-in one)."""
    from cardgames.games.three_thirteen import ai
    from cardgames.games.tripeaks import layout, levels

    bad = copy.deepcopy(base)
    schema.set_path(bad, sample.path, sample.value)
    datafiles.take_notices()
    if pattern.startswith("levels/tripeaks/layouts"):
        if not sample.untrusted:
            pytest.fail("layout fields are all vital")
        with pytest.raises(layout.LayoutError) as err:
            layout.parse_layout(bad, file)
    elif pattern.startswith("levels/tripeaks/"):
        assert sample.untrusted
        with pytest.raises(levels.LevelError) as err:
            levels.parse_level(bad, file, layout.layout_names())
    else:
        path = tmp_path / file
        path.write_text(json.dumps(bad))
        if not sample.untrusted:
            ai.load_presets(path)
            notices = datafiles.take_notices()
            assert len(notices) == 1 and file in notices[0] and sample.replaced in notices[0]
            return
        with pytest.raises(ValueError) as err:
            ai.load_presets(path)
    assert file in str(err.value) and sample.replaced in str(err.value), str(err.value)
