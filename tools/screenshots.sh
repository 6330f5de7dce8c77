#!/usr/bin/env bash
# Regenerate the README's screenshots: the menu, and each game with computer players
# playing (--demo), rendered headless with --frames/--screenshot.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
DATA=$(mktemp -d)
trap 'rm -rf "$DATA"' EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
mkdir -p docs
"$PY" main.py --frames 120 --screenshot docs/title.png --data-dir "$DATA"
for game in tripeaks skyjo three_thirteen switch; do
    "$PY" main.py --demo --game "$game" --seed 11 --frames 900 --screenshot "docs/$game.png" --data-dir "$DATA"
done
echo "screenshots in docs/"
