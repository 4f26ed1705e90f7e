#!/usr/bin/env bash
# Builds dicelab's WebAssembly module (wasm/, the library compiled for the browser) with what it
# needs installed when missing:
#
#   dev/wasm.sh [OUT]
#
# - the Rust target wasm32-unknown-unknown (`rustup target add`);
# - wasm-bindgen-cli at the version Cargo.lock pins for the wasm-bindgen crate (the module and
#   its JavaScript glue must come from one version), with `cargo install` into
#   target/tools/wasm-bindgen-VERSION, never the user's own ~/.cargo.
#
# Writes OUT (default target/wasm): web/ (an ES module for a page or a Web Worker) and node/ (a
# CommonJS module, which the parity test loads in Node), and prints the module's size, raw and
# gzipped. Built in release, in a target folder of its own, target/wasm-build, so it never waits
# on another build's lock.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$root/target/wasm}")
cd "$root"

version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$version" ]; then
    echo "wasm: Cargo.lock names no wasm-bindgen version" >&2
    exit 1
fi
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    echo "wasm: installing the Rust target wasm32-unknown-unknown (rustup target add)" >&2
    rustup target add wasm32-unknown-unknown >&2 || {
        echo "wasm: cannot install the target: run rustup target add wasm32-unknown-unknown" >&2
        exit 1
    }
fi
tools="$root/target/tools/wasm-bindgen-$version"
bindgen="$tools/bin/wasm-bindgen"
if [ ! -x "$bindgen" ]; then
    echo "wasm: installing wasm-bindgen-cli $version into $tools (cargo install, a few minutes)" >&2
    cargo install --quiet wasm-bindgen-cli --version "=$version" --root "$tools" >&2
fi

CARGO_TARGET_DIR="$root/target/wasm-build" cargo build --quiet --release \
    -p dicelab-wasm --target wasm32-unknown-unknown
module="$root/target/wasm-build/wasm32-unknown-unknown/release/dicelab_wasm.wasm"
rm -rf "$out"
# Without the function names (173 KB, 47 KB gzipped, of a first visit held to 1 MB): a
# browser's trace then shows indexes, not names.
"$bindgen" --target web --no-typescript --remove-name-section --out-dir "$out/web" "$module"
"$bindgen" --target nodejs --no-typescript --remove-name-section --out-dir "$out/node" "$module"
wasm="$out/web/dicelab_wasm_bg.wasm"
echo "wasm: $out (module $(stat -c %s "$wasm") bytes, $(gzip -9 -c "$wasm" | wc -c) gzipped)"
