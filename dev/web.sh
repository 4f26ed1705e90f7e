#!/usr/bin/env bash
# Writes dicelab's web app as a static folder: the pages of web/, the library compiled to
# WebAssembly (dev/wasm.sh builds it, installing the Rust target and wasm-bindgen-cli where
# they are missing), the manifest and icons, and the service worker with the list of every file
# the app needs, so that after one visit it works with no server and no network:
#
#   dev/web.sh [OUT]      (default target/web, where `dicelab serve` looks for it)
#
# Any static host serves OUT (docs/web.md: GitHub Pages). Beside each file of over 1 KB that is
# not already compressed lies its gzip (NAME.gz), which `dicelab serve` sends to a browser that
# takes gzip; other hosts compress as they do. OUT is replaced whole, never left half written;
# it must be new, or an app this script wrote. GNU tools (realpath, sed, stat), as on Linux.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$root/target/web}")
wasm="$root/target/wasm"

# OUT is replaced whole: never the checkout, a folder above it or its sources, and never a
# folder of something else (one that is there must be an app this script wrote).
case "$root/" in "$out"/*)
    echo "web: $out holds this checkout; name a folder for the app alone" >&2
    exit 2 ;;
esac
case "$out" in "$root/web" | "$root/web/"* | "$root/src"* | "$root/wasm"* | "$root/.git"*)
    echo "web: $out is part of dicelab's sources; name a folder for the app alone" >&2
    exit 2 ;;
esac
if [ -e "$out" ] && ! [ -f "$out/sw.js" -a -f "$out/pkg/dicelab_wasm_bg.wasm" ]; then
    echo "web: $out is there and is not an app dev/web.sh wrote; name a new folder, or remove it first" >&2
    exit 2
fi

bash "$root/dev/wasm.sh" "$wasm" >&2

next="$out.next.$$"
rm -rf "$next"
trap 'rm -rf "$next"' EXIT
mkdir -p "$next/pkg"
for file in "$root"/web/*; do
    case "$(basename "$file")" in
        sw.js) ;;
        *) cp "$file" "$next/" ;;
    esac
done
cp "$wasm/web/dicelab_wasm.js" "$wasm/web/dicelab_wasm_bg.wasm" "$next/pkg/"
# This copy carries the module: the page computes in the browser, and keeps itself for offline.
sed -i 's#<meta charset="utf-8">#<meta charset="utf-8">\n<meta name="dicelab-computes" content="browser">#' "$next/index.html"
grep -q 'name="dicelab-computes"' "$next/index.html" || {
    echo "web: web/index.html has no <meta charset=\"utf-8\"> to mark" >&2
    exit 1
}

# The files the service worker keeps: the app's page by its folder's address, then every file,
# in a fixed order; the version is a hash of them all, so any change makes a new version.
files=$(cd "$next" && find . -type f | sed 's#^\./##' | LC_ALL=C sort)
version=$( (cd "$next" && echo "$files" | xargs sha256sum; sha256sum <"$root/web/sw.js") | sha256sum | cut -c1-16)
list=$( (echo "./"; echo "$files") | sed 's/.*/"&"/' | paste -sd, -)
sed -e "s/__VERSION__/$version/" -e "s#__FILES__#[$list]#" "$root/web/sw.js" >"$next/sw.js"

sent=0
for file in $(cd "$next" && find . -type f | LC_ALL=C sort); do
    path="$next/${file#./}"
    size=$(stat -c %s "$path")
    case "$file" in
        *.png) sent=$((sent + size)) ;;
        *)
            if [ "$size" -gt 1024 ]; then
                gzip -9 -n -c "$path" >"$path.gz"
                sent=$((sent + $(stat -c %s "$path.gz")))
            else
                sent=$((sent + size))
            fi
            ;;
    esac
done

# The old app is moved aside, the new one in, then the old removed: OUT is missing only between
# two renames.
old="$out.old.$$"
if [ -e "$out" ]; then mv "$out" "$old"; fi
mv "$next" "$out"
rm -rf "$old"
trap - EXIT
module="$out/pkg/dicelab_wasm_bg.wasm"
echo "web: $out (version $version; $(echo "$files" | wc -l) files, $sent bytes as sent gzipped;" \
    "module $(stat -c %s "$module") bytes, $(stat -c %s "$module.gz") gzipped)"
