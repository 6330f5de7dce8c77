import os
import sys
from pathlib import Path

import pytest

# Every test runs headless: no window, no audio device needed.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LANGUAGE"] = "en"  # the suite speaks English whatever the machine's locale (cardgames/i18n.py)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cardgames import i18n


@pytest.fixture(autouse=True)
def english_after():
    """Every test ends in English, whatever language it switched to (the language is process-wide)."""
    yield
    i18n.set_language("en")


# Fixtures shared by test modules: `device` (keyboard or gamepad) and `drawn` (the strings rendered).
pytest_plugins = ["device_fixtures", "drawn_strings"]
