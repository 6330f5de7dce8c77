#!/usr/bin/env bash
# Check the standalone build (it builds nothing: run `make exe` first).
#
#   tools/check_exe.sh            # checks dist/cardarcade/cardarcade
#
# Runs the executable headless (dummy video and audio drivers) for 60 frames of the
# menu and of every game that is available, checks that each run saves a PNG
# screenshot; then starts the frozen table server (`--server`) on 127.0.0.1 with a
# Switch table, joins it with a headless frozen player (`--bot-join`) who plays the
# game to its end, and stops the server with SIGTERM (it must exit 0); then prints
# the folder's size and the start-up time (wall time of `--frames 1`, median of 5
# runs). Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=cardarcade
DIST="dist/$NAME"
EXE="$DIST/$NAME"
GAMES="tripeaks skyjo three_thirteen switch"

if [ ! -x "$EXE" ]; then
    echo "check_exe: $EXE not found; build it first with 'make exe'" >&2
    exit 1
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

is_png() {  # a non-empty file starting with the PNG signature
    [ -s "$1" ] && [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ]
}

run_shot() {  # run_shot LABEL ARGS... : 60 frames and a screenshot, or fail
    local label=$1; shift
    local shot="$WORK/$label.png"
    local rc=0
    "$EXE" "$@" --frames 60 --screenshot "$shot" --data-dir "$WORK/data" >"$WORK/$label.out" 2>&1 || rc=$?
    if [ "$rc" -ne 0 ] || ! is_png "$shot"; then
        echo "check_exe: $label failed (exit code $rc); its output:" >&2
        tail -n 30 "$WORK/$label.out" >&2
        return 1
    fi
    echo "  $label: ok, screenshot $(stat -c %s "$shot") bytes"
}

echo "check_exe: $EXE"
run_shot menu
for game in $GAMES; do
    run_shot "$game" --game "$game" --seed 1
done

check_server() {  # the frozen server on loopback, a frozen headless player at its table
    local log="$WORK/server.log" port code rc=0
    "$EXE" --server --host 127.0.0.1 --port 0 --store "$WORK/server-tables.sqlite3" --ai-delay 0 \
        --table switch:away,computer:easy 2>"$log" &
    local pid=$!
    for _ in $(seq 300); do
        grep -q "code [A-Z2-9]\{5\}" "$log" 2>/dev/null && break
        sleep 0.1
    done
    port=$(sed -n 's/.*listening on ws:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log")
    code=$(sed -n 's/.*: code \([A-Z2-9]\{5\}\).*/\1/p' "$log")
    if [ -z "$port" ] || [ -z "$code" ]; then
        kill "$pid" 2>/dev/null || true
        echo "check_exe: the server did not start; its log:" >&2; tail -n 30 "$log" >&2
        return 1
    fi
    "$EXE" --bot-join "ws://127.0.0.1:$port" "$code" --timeout 120 >"$WORK/bot.out" 2>&1 || rc=$?
    kill -TERM "$pid"
    local src=0
    wait "$pid" || src=$?
    if [ "$rc" -ne 0 ] || [ "$src" -ne 0 ] || ! grep -q "stopped" "$log"; then
        echo "check_exe: server (exit $src) or headless player (exit $rc) failed:" >&2
        cat "$WORK/bot.out" >&2; tail -n 30 "$log" >&2
        return 1
    fi
    echo "  server: ok, $(cat "$WORK/bot.out")"
}
check_server

times=()
for _ in 1 2 3 4 5; do
    start=$(date +%s%N)
    "$EXE" --frames 1 --data-dir "$WORK/data" >/dev/null 2>&1
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000000 )))
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p)

size_mb=$(du -sb "$DIST" | awk '{printf "%.1f", $1 / 1048576}')
echo "folder size: ${size_mb} MB ($(du -sh "$DIST" | cut -f1))"
echo "start-up to first frame (--frames 1, median of 5): ${median} ms (runs: ${times[*]})"
