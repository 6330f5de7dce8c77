"""20,000 frames of seeded random real input through every scene of the app (cardgames/monkey.py):
clicks, drags, keys, controller buttons, resizes and focus changes posted to pygame's event queue.
0 exceptions, nothing in errors.log, no traceback on the terminal. `make monkey` runs 200,000."""
from cardgames import monkey

MUST_SEE = {"TitleScene", "SelectScene", "SettingsScene", "StatsScene", "RulesScene", "PauseScene",
            "TriPeaksScene", "SkyjoScene", "ThreeThirteenScene", "SwitchScene", "LevelSelectScene",
            "RoundSummaryScene"}


def test_twenty_thousand_frames_of_random_input_raise_nothing(tmp_path, capfd):
    report = monkey.run(frames=20000, seed=16, data_dir=tmp_path)
    print(report.summary())
    assert report.frames == 20000
    assert report.exceptions == [], report.exceptions[0]
    assert report.logged_errors == ""
    assert MUST_SEE <= set(report.scenes), MUST_SEE - set(report.scenes)
    assert report.events > 20000
    assert "Traceback" not in capfd.readouterr().err


def test_the_monkey_counts_an_exception_and_goes_on(tmp_path, monkeypatch):
    """The harness itself: a scene that raises is counted, not hidden, and the run continues."""
    from cardgames.scenes.settings import SettingsScene

    def broken(self, dt):
        raise RuntimeError("boom")

    monkeypatch.setattr(SettingsScene, "update", broken)
    monkeypatch.setattr(monkey, "JUMP_EVERY", (5, 10))
    report = monkey.run(frames=400, seed=3, data_dir=tmp_path)
    assert report.frames == 400
    assert report.exceptions and "RuntimeError: boom" in report.exceptions[0]
