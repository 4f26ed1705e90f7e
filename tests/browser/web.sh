#!/usr/bin/env bash
# The app that computes in the browser, end to end, in Debian's headless Chromium:
#
#   tests/browser/web.sh [DICELAB_BINARY]    (default: target/checked/dicelab)
#
# Builds the app as a static folder (dev/web.sh, into a temporary folder; DICELAB_WEB names one
# already built instead), serves it twice, by `dicelab serve --app` and by another static server
# (Python's http.server), each on a free port of 127.0.0.1, and runs tests/browser/web.js against
# both: the script API against the command line (1,000 positions, 100 records), the figures
# under 4x CPU throttling, and, with each server stopped and the network off, the app reloaded,
# a game played by taps and reviewed; and on the static server, a new version offered and
# taken. Stops the servers it started (by their pids) whatever
# happens. Then runs tests/browser/app.js, every page's checks, against the app computing in the
# browser. Screenshots go to DICELAB_BROWSER_SHOTS (default CACHE/shots).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=$(realpath "${1:-$root/target/checked/dicelab}")
[ -x "$bin" ] || {
    echo "web: no dicelab binary at $bin (cargo build --profile checked first)" >&2
    exit 1
}
command -v python3 >/dev/null 2>&1 || {
    echo "web: python3 is needed for the second static server (Debian: python3)" >&2
    exit 1
}
export DICELAB_BROWSER_CACHE=${DICELAB_BROWSER_CACHE:-$root/target/browser}
shots=${DICELAB_BROWSER_SHOTS:-$DICELAB_BROWSER_CACHE/shots}
bash "$here/setup.sh" "$DICELAB_BROWSER_CACHE"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dicelab-web.XXXXXX")
pids=()
stop() {
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$tmp"
}
trap stop EXIT

app=${DICELAB_WEB:-}
if [ -z "$app" ]; then
    app="$tmp/web"
    bash "$root/dev/web.sh" "$app"
fi

# Waits for a server's address in FILE, printed as PATTERN's match.
address() {
    for _ in $(seq 1 100); do
        grep -qo "$2" "$1" 2>/dev/null && break
        sleep 0.1
    done
    grep -o "$2" "$1" | head -n 1
}

"$bin" serve --port 0 --app "$app" >"$tmp/serve.out" 2>"$tmp/serve.err" &
serve=$!
pids+=("$serve")
served=$(address "$tmp/serve.out" "http://[0-9.:]*/")
[ -n "$served" ] || {
    echo "web: dicelab serve did not start:" >&2
    cat "$tmp/serve.err" >&2
    exit 1
}
# Another static server, on a copy (the first server reads the folder to the end).
cp -r "$app" "$tmp/static"
(cd "$tmp/static" && exec python3 -u -m http.server --bind 127.0.0.1 0 >"$tmp/static.out" 2>&1) &
static=$!
pids+=("$static")
port=$(address "$tmp/static.out" "port [0-9]*" | cut -d' ' -f2)
[ -n "$port" ] || {
    echo "web: python3 -m http.server did not start:" >&2
    cat "$tmp/static.out" >&2
    exit 1
}
echo "web: the app at $served (dicelab serve) and http://127.0.0.1:$port/ (python3 http.server)"
started=$(date +%s)
node "$here/web.js" "$served" "http://127.0.0.1:$port/" "$bin" "$serve" "$static" "$shots" "$tmp/static"
echo "web: checked in $(($(date +%s) - started)) s"
DICELAB_APP="$app" bash "$here/app.sh" "$bin"
