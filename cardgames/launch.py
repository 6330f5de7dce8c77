"""What the command line asked for; main.py fills it, app.run() reads it."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class Launch:
    game: str | None = None          # open this game directly (registry name)
    seed: int | None = None          # the deal's seed (else a fresh one)
    players: int | None = None
    level: str | None = None         # easy | normal | hard
    demo: bool = False               # attract mode: computer players play until a key is pressed
    fullscreen: bool | None = None   # None: as the settings say
    mute: bool = False
    data_dir: Path | None = None     # else $CARDGAMES_DATA_DIR, else the user's data folder
    frames: int | None = None        # render this many frames, then quit
    screenshot: Path | None = None   # save the last frame here (with frames)
    join: str | None = None          # join a table on a server at this address (ws://HOST:PORT) ...
    code: str | None = None          # ... with this room code
