#!/usr/bin/env bash
# Installs the accessibility checker the URL-mode form pages are held to: axe-core, pinned
# (scripts/axe/package-lock.json), into scripts/axe/node_modules with `npm ci`, from the npm
# registry. tests/tests/url_form_accessibility.rs injects its axe.min.js into the pages in
# headless Chromium; without it that test says it was skipped, which ELICIT_REQUIRE_SERVICES=1
# (set by .ci/run) makes a failure. Nothing here runs a browser.
#
#   bash scripts/axe.sh    # needs npm
set -euo pipefail
cd "$(dirname "$0")/axe"

command -v npm >/dev/null || { echo "axe: npm is required" >&2; exit 2; }
if [[ ! -f node_modules/.package-lock.json ||
      package-lock.json -nt node_modules/.package-lock.json ]]; then
    npm ci --no-audit --no-fund --loglevel=error
fi
test -f node_modules/axe-core/axe.min.js || { echo "axe: axe.min.js is missing after npm ci" >&2; exit 1; }
echo "axe: axe-core $(node -p "require('./node_modules/axe-core/package.json').version") is installed"
