#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance, pinned in
# scripts/conformance/package-lock.json) against the `conformance_server` example, for the
# elicitation scenarios. Exits non-zero if any check of any scenario fails.
#
#   bash scripts/conformance.sh               # the three elicitation scenarios
#   bash scripts/conformance.sh SCENARIO...   # others, by name (`npx conformance list`)
#
# Needs cargo, Node >= 20.6 and npm (the suite is installed with `npm ci` into
# scripts/conformance/node_modules, from the npm registry). The suite's CLI imports
# `fs.globSync`, which Node 20 lacks: on such a Node, scripts/conformance/globsync-*.mjs
# provide it from the `glob` package before the CLI loads.
set -euo pipefail
cd "$(dirname "$0")/.."

SCENARIOS=(tools-call-elicitation elicitation-sep1034-defaults elicitation-sep1330-enums)
if [[ $# -gt 0 ]]; then
    SCENARIOS=("$@")
fi
SUITE_DIR=scripts/conformance
SCENARIO_TIMEOUT=120 # seconds; the suite's own tools/call timeout is 60
START_TIMEOUT=300    # tenths of a second for the server to start listening

for tool in cargo node npm; do
    command -v "$tool" >/dev/null || { echo "conformance: $tool is required" >&2; exit 2; }
done

echo "== installing the conformance suite (npm ci, $SUITE_DIR)"
if [[ ! -f $SUITE_DIR/node_modules/.package-lock.json ||
      $SUITE_DIR/package-lock.json -nt $SUITE_DIR/node_modules/.package-lock.json ]]; then
    (cd "$SUITE_DIR" && npm ci --no-audit --no-fund --loglevel=error --engine-strict=false)
else
    echo "already installed"
fi
CLI=$PWD/$SUITE_DIR/node_modules/@modelcontextprotocol/conformance/dist/index.js
PRELOAD=$PWD/$SUITE_DIR/globsync-register.mjs
echo "suite $(node -p "require('./$SUITE_DIR/node_modules/@modelcontextprotocol/conformance/package.json').version"), node $(node --version)"

echo "== building conformance_server"
cargo build --quiet -p examples --bin conformance_server
TARGET_DIR=$(cargo metadata --format-version 1 --no-deps |
    node -e 'let s = ""; process.stdin.on("data", d => s += d).on("end", () => console.log(JSON.parse(s).target_directory))')
SERVER=$TARGET_DIR/debug/conformance_server

WORK=$(mktemp -d)
SERVER_PID=
cleanup() {
    if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

echo "== starting conformance_server on a free port"
: >"$WORK/server.log"
"$SERVER" 0 >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
URL=
for ((tick = 0; tick < START_TIMEOUT; tick++)); do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
        echo "conformance: the server exited:" >&2
        cat "$WORK/server.log" >&2
        exit 1
    fi
    URL=$(sed -n 's/^listening on \(http:[^ ]*\)$/\1/p' "$WORK/server.log" | head -n 1)
    [[ -n $URL ]] && break
    sleep 0.1
done
if [[ -z $URL ]]; then
    echo "conformance: the server did not start listening within $((START_TIMEOUT / 10)) s" >&2
    cat "$WORK/server.log" >&2
    exit 1
fi
echo "$URL"

passed=0
failed=0
summary=()
for scenario in "${SCENARIOS[@]}"; do
    echo "== scenario $scenario"
    status=0
    timeout "$SCENARIO_TIMEOUT" node --import "$PRELOAD" "$CLI" server --url "$URL" --scenario "$scenario" \
        >"$WORK/$scenario.out" 2>&1 || status=$?
    # The suite colours its output; keep the text.
    sed 's/\x1b\[[0-9;]*m//g' "$WORK/$scenario.out" | tee "$WORK/$scenario.txt" | sed 's/^/    /'
    # "Passed: 5/5, 0 failed, 0 warnings"
    counts=$(sed -n 's/^Passed: \([0-9]*\/[0-9]*\), \([0-9]*\) failed.*/\1 \2/p' "$WORK/$scenario.txt" | tail -n 1)
    checks=${counts% *}
    failures=${counts#* }
    if [[ $status -eq 0 && -n $counts && $failures == 0 ]]; then
        passed=$((passed + 1))
        summary+=("PASS $scenario: $checks checks passed, 0 failed")
    else
        failed=$((failed + 1))
        if [[ -z $counts ]]; then
            summary+=("FAIL $scenario: no result (exit status $status)")
        else
            summary+=("FAIL $scenario: $checks checks passed, $failures failed (exit status $status)")
        fi
    fi
done

echo "== summary"
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
