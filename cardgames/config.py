"""Constants and paths. Paths work from source and from a PyInstaller bundle."""
from __future__ import annotations

import sys
from pathlib import Path

TITLE = "Card Arcade"
CANVAS_SIZE = (1280, 720)   # the logical canvas every scene draws on
FPS = 60
MIN_WINDOW = (960, 540)     # the smallest window the app keeps (3/4 of the canvas)
MIN_TEXT_PX = 11            # no text smaller than this many pixels (its em) on screen, even in MIN_WINDOW
DATA_DIR_ENV = "CARDGAMES_DATA_DIR"  # overrides the user's data folder


def _root() -> Path:
    # PyInstaller unpacks bundled data under sys._MEIPASS; from source, the repo root.
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if bundle else Path(__file__).resolve().parent.parent


ROOT = _root()
SPRITES_DIR = ROOT / "sprites"
SOUNDS_DIR = ROOT / "sounds"
LEVELS_DIR = ROOT / "levels"
SEEDS_DIR = ROOT / "seeds"
FONTS_DIR = ROOT / "fonts"      # the Noto faces for symbols and Indic scripts (SIL OFL, fonts/OFL.txt)
LOCALE_DIR = ROOT / "cardgames" / "locale"  # gettext catalogues: <lang>/LC_MESSAGES/cardgames.po (.mo built)
