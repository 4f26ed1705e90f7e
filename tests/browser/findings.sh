#!/usr/bin/env bash
# The findings page in a real browser, end to end:
#
#   tests/browser/findings.sh [DICELAB_BINARY [SECTIONS]]    (default: target/release/dicelab)
#
# Installs what it needs when missing (tests/browser/setup.sh: Debian's chromium, as root, and
# playwright-core into the cache folder), writes a small default-job report into a temporary
# folder (`dicelab report -n 2000`: every section, each run tiny; the job's fixed cost is the
# exact tables, about a minute on two cores), then checks its index.html at 390x844 and 1280x800
# with tests/browser/findings.js (SECTIONS: how many sections the page must have; by default it
# is not checked). Screenshots of the whole page at both sizes are kept in the shots folder.
#
# Folders: DICELAB_BROWSER_CACHE (playwright-core; default target/browser) and
# DICELAB_BROWSER_SHOTS (screenshots; default CACHE/shots). It removes its temporary folder,
# whatever happens.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../../target/release/dicelab}
sections=${2:-0}
[ -x "$bin" ] || {
    echo "findings page: no dicelab binary at $bin (cargo build --release first)" >&2
    exit 1
}
export DICELAB_BROWSER_CACHE=${DICELAB_BROWSER_CACHE:-$here/../../target/browser}
shots=${DICELAB_BROWSER_SHOTS:-$DICELAB_BROWSER_CACHE/shots}
bash "$here/setup.sh" "$DICELAB_BROWSER_CACHE"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dicelab-findings.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
started=$(date +%s)
"$bin" report -n 2000 -q --out "$tmp/reports" >"$tmp/report.log" 2>&1 || {
    echo "findings page: dicelab report failed:" >&2
    tail -n 20 "$tmp/report.log" >&2
    exit 1
}
echo "findings page: report written in $(($(date +%s) - started)) s"
started=$(date +%s)
node "$here/findings.js" "$tmp/reports" "$shots" "$sections"
echo "findings page: checked in $(($(date +%s) - started)) s; screenshots in $shots"
