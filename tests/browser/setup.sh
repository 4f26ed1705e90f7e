#!/usr/bin/env bash
# What the browser tests need, installed when missing (as deploy/slurm/cluster.sh installs Slurm):
#
#   tests/browser/setup.sh CACHE
#
# - Debian's `chromium` (/usr/bin/chromium), with apt-get: this needs root, as every machine of
#   this project has; without root and without Chromium it fails with one line saying so.
# - `playwright-core` from the npm registry, at the version pinned below, into CACHE/node_modules
#   (the tests' own folder under target/, never the repository): only the driver, no browser of
#   its own (`npx playwright install` downloads one, which this machine's network refuses).
#
# Prints one line per thing it installed; nothing when all is there.
set -euo pipefail
cache=${1:?usage: tests/browser/setup.sh CACHE}
# The version the harness was written and checked against; playwright-core has no dependencies.
playwright=1.65.1

if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "browser setup: /usr/bin/chromium is missing and installing Debian's chromium needs root" >&2
        exit 1
    fi
    echo "browser setup: installing Debian's chromium (apt-get)" >&2
    # The lock the Slurm and ssh tests' installers take too: apt-get update at once fails on apt's
    # lists lock; apt's own timeout waits for anyone else's apt.
    DEBIAN_FRONTEND=noninteractive flock -w 1200 /tmp/dicelab-apt.lock sh -c \
        'apt-get -o DPkg::Lock::Timeout=600 update -qq &&
         apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends \
            chromium fonts-dejavu-core' >&2
fi
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || {
    echo "browser setup: node and npm are needed for playwright-core (Debian: nodejs, npm)" >&2
    exit 1
}

installed=$(node -p "try { require('$cache/node_modules/playwright-core/package.json').version } catch (e) { '' }")
if [ "$installed" != "$playwright" ]; then
    echo "browser setup: installing playwright-core@$playwright into $cache" >&2
    mkdir -p "$cache"
    npm install --silent --no-save --no-audit --no-fund --no-package-lock \
        --prefix "$cache" "playwright-core@$playwright" >&2
fi
