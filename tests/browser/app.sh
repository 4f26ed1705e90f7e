#!/usr/bin/env bash
# The web app (`dicelab serve`) in a real browser, end to end:
#
#   tests/browser/app.sh [DICELAB_BINARY]    (default: target/checked/dicelab)
#
# Installs what it needs when missing (tests/browser/setup.sh), starts `dicelab serve` on a free
# port of 127.0.0.1 with the committed reports/ as its findings, runs tests/browser/app.js
# against it at 390x844 and 1280x800, and stops the server it started (by its pid) whatever
# happens. Screenshots go to DICELAB_BROWSER_SHOTS (default CACHE/shots).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../../target/checked/dicelab}
[ -x "$bin" ] || {
    echo "web app: no dicelab binary at $bin (cargo build --profile checked first)" >&2
    exit 1
}
export DICELAB_BROWSER_CACHE=${DICELAB_BROWSER_CACHE:-$here/../../target/browser}
shots=${DICELAB_BROWSER_SHOTS:-$DICELAB_BROWSER_CACHE/shots}
bash "$here/setup.sh" "$DICELAB_BROWSER_CACHE"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dicelab-app.XXXXXX")
server=
stop() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$tmp"
}
trap stop EXIT
# DICELAB_APP: the app that computes in the browser (dev/web.sh's folder); without it, the pages
# built into the binary, which compute on the server.
app=(--no-app)
[ -z "${DICELAB_APP:-}" ] || app=(--app "$DICELAB_APP")
"$bin" serve --port 0 "${app[@]}" --reports "$here/../../reports" >"$tmp/serve.out" 2>"$tmp/serve.err" &
server=$!
for _ in $(seq 1 100); do
    grep -q "http://" "$tmp/serve.out" 2>/dev/null && break
    sleep 0.1
done
url=$(grep -o "http://[0-9.:]*/" "$tmp/serve.out" | head -n 1)
[ -n "$url" ] || {
    echo "web app: dicelab serve did not start:" >&2
    cat "$tmp/serve.err" >&2
    exit 1
}
echo "web app: serving at $url"
started=$(date +%s)
node "$here/app.js" "$url" "$bin" "$shots"
echo "web app: checked in $(($(date +%s) - started)) s; screenshots in $shots"
