"""`python -m cardgames.server`: the headless table server (cardgames/net/server.py)."""
from __future__ import annotations

import sys

from cardgames.net.server import main

if __name__ == "__main__":
    sys.exit(main())
