import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

# Every test runs headless: no window, no audio device needed.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LANGUAGE"] = "en"  # the suite speaks English whatever the machine's locale (cardgames/i18n.py)
# No test writes to the user's own data folder: a process a test starts without naming a folder (a server
# with its default store, say) gets this throwaway one, removed when the suite ends.
_DATA = tempfile.mkdtemp(prefix="cardgames-tests-")
os.environ["CARDGAMES_DATA_DIR"] = _DATA
atexit.register(shutil.rmtree, _DATA, True)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, settings

from cardgames import i18n

# Property tests judge results, never the machine's speed: no per-example deadline, no "too slow" check
# (a shared, busy machine runs an example in ten times its usual time). Each test may still set its own
# example count.
settings.register_profile("any_speed", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("any_speed")


@pytest.fixture(autouse=True)
def english_after():
    """Every test ends in English, whatever language it switched to (the language is process-wide)."""
    yield
    i18n.set_language("en")


# Fixtures shared by test modules: `device` (keyboard or gamepad), `drawn` (the strings rendered), `line` (the
# local and the wire handle to the table, tests/line_fixtures.py), and the
# suite's fixed calendar (`on_day`; no test sees the real date).
pytest_plugins = ["device_fixtures", "drawn_strings", "fixed_clock", "line_fixtures", "net_helpers"]
