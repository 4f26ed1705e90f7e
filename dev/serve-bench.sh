#!/usr/bin/env bash
# How fast `dicelab serve` answers, measured from a client over loopback with ApacheBench (`ab`,
# Debian's apache2-utils, installed when missing; root, as every machine here):
#
#   dev/serve-bench.sh [DICELAB_BINARY] [REQUESTS]     (default: target/release/dicelab, 2000)
#
# Starts the server on a free port, asks each question once to warm it (the three-player game is
# solved on the first), then REQUESTS times one after another (-c 1, so each figure is one
# request's own time), and prints ab's percentiles for: a two-player Sevens position, a
# three-player one, a move of a two-player game on the Play page (its five moves replayed, the
# coach on the last), the review of the kitchen-table record of docs/review.md, and the first
# page (index.html and the files it loads). Stops the server it started, by its pid.
set -euo pipefail
bin=${1:-target/release/dicelab}
requests=${2:-2000}
command -v ab >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q apache2-utils >/dev/null; }
tmp=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
"$bin" serve --port 0 >"$tmp/out" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q http:// "$tmp/out" && break; sleep 0.1; done
base=$(grep -o "http://[0-9.:]*/" "$tmp/out" | head -n 1)
echo '{"roll": 1, "dice": 2, "sum": 5, "allowed": 2, "round": 6, "totals": "52,49", "scores": 15}' >"$tmp/two.json"
echo '{"roll": 1, "dice": 2, "sum": 5, "round": 9, "totals": "80,85,70", "scores": "12,20"}' >"$tmp/three.json"
echo '{"seed": 7, "players": 2, "moves": [0, 0, 0, 0, 0], "coach": true}' >"$tmp/play.json"
here=$(cd "$(dirname "$0")" && pwd)
sed -n '/^## A game typed by hand/,$p' "$here/../docs/review.md" |
    awk '/^```text$/ { inside = 1; next } /^```$/ { if (inside) exit } inside' >"$tmp/kitchen.txt"
measure() {
    local what=$1 url=$2 body=${3:-}
    if [ -n "$body" ]; then
        curl -s -o /dev/null -X POST --data-binary @"$body" "$url"
        ab -q -n "$requests" -c 1 -p "$body" -T application/json "$url" >"$tmp/ab" 2>&1
    else
        curl -s -o /dev/null "$url"
        ab -q -n "$requests" -c 1 "$url" >"$tmp/ab" 2>&1
    fi
    # ab's percentiles are whole milliseconds; its mean is finer. A refusal would be fast and
    # wrong: non-2xx answers are counted apart and must be none.
    local p50 p99 mean failed non2xx
    p50=$(awk '$1=="50%"{print $2}' "$tmp/ab")
    p99=$(awk '$1=="99%"{print $2}' "$tmp/ab")
    mean=$(awk '/Time per request:/{print $4; exit}' "$tmp/ab")
    failed=$(awk '/Failed requests/{print $3}' "$tmp/ab")
    non2xx=$(awk '/Non-2xx responses/{print $3}' "$tmp/ab")
    printf '%-34s mean %s ms, p50 %s ms, p99 %s ms (%s requests, %s failed, %s not 2xx)\n' \
        "$what" "$mean" "$p50" "$p99" "$requests" "$failed" "${non2xx:-0}"
}
start=$(date +%s%N)
curl -s -o /dev/null "${base}api/advise/sevens" -X POST --data-binary @"$tmp/three.json"
echo "first three-player question (solves the game): $(( ($(date +%s%N) - start) / 1000000 )) ms"
measure "sevens, two players" "${base}api/advise/sevens" "$tmp/two.json"
measure "sevens, three players (solved)" "${base}api/advise/sevens" "$tmp/three.json"
measure "sevens, a move of a game" "${base}api/play/sevens" "$tmp/play.json"
measure "review, the kitchen-table game" "${base}api/review" "$tmp/kitchen.txt"
files="app.js coach.js taps.js play.js review.js findings.js style.css"
measure "index.html" "$base"
for file in $files; do measure "$file" "$base$file"; done
bytes=0
for file in "" $files; do bytes=$((bytes + $(curl -s "$base$file" | wc -c))); done
echo "first page: $bytes bytes (index.html and the files it loads)"
