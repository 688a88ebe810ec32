#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against the
# `conformance_server` example, for the scenarios that elicit a form, and against the
# `conformance_client` example, for the client scenarios that elicit a form, on two pinned
# releases: 0.1.16 (scripts/conformance/package-lock.json; protocol up to 2025-11-25) and
# 0.2.0-alpha.12 (scripts/conformance-alpha/package-lock.json; adds 2026-07-28 and its
# InputRequiredResult scenarios). The 2026-07-28 InputRequiredResult scenarios run against
# `conformance_server_rust_mcp_sdk` too, the same tools on rust-mcp-sdk 2.0 (which speaks
# 2026-07-28 only). Exits non-zero if any check of any scenario fails.
#
#   bash scripts/conformance.sh               # the elicitation scenarios on both releases,
#                                             # then a report of server-stateless (not judged)
#   bash scripts/conformance.sh SCENARIO...   # others, by name, on each release that has
#                                             # them (`conformance list --server`, or
#                                             # `--client` for conformance_client)
#
# Needs cargo, Node >= 20.6 and npm (each release is installed with `npm ci` into its
# directory's node_modules, from the npm registry). The suite's CLI imports `fs.globSync`,
# which Node 20 lacks: on such a Node, scripts/conformance/globsync-*.mjs provide it from
# the `glob` package (in scripts/conformance/node_modules) before the CLI loads.
set -euo pipefail
cd "$(dirname "$0")/.."

ELICITATION=(tools-call-elicitation elicitation-sep1034-defaults elicitation-sep1330-enums)
INPUT_REQUIRED=(
    input-required-result-basic-elicitation
    input-required-result-request-state
    input-required-result-multiple-input-requests
    input-required-result-multi-round
    input-required-result-missing-input-response
    input-required-result-non-tool-request
    input-required-result-result-type
    input-required-result-ignore-extra-params
    input-required-result-validate-input
    input-required-result-tampered-state
    input-required-result-capability-check
)
# Client scenarios: the suite runs conformance_client against a server of its own; each
# runs on the releases that list it.
CLIENT_SCENARIOS=(elicitation-sep1034-client-defaults sep-2322-client-request-state)
SUITE_DIRS=(scripts/conformance scripts/conformance-alpha)
SCENARIO_TIMEOUT=120 # seconds; the suite's own tools/call timeout is 60
START_TIMEOUT=300    # tenths of a second for the server to start listening

for tool in cargo node npm; do
    command -v "$tool" >/dev/null || { echo "conformance: $tool is required" >&2; exit 2; }
done

PRELOAD=$PWD/scripts/conformance/globsync-register.mjs
declare -A CLI VERSION
for dir in "${SUITE_DIRS[@]}"; do
    echo "== installing the conformance suite (npm ci, $dir)"
    if [[ ! -f $dir/node_modules/.package-lock.json ||
          $dir/package-lock.json -nt $dir/node_modules/.package-lock.json ]]; then
        (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error --engine-strict=false)
    else
        echo "already installed"
    fi
    CLI[$dir]=$PWD/$dir/node_modules/@modelcontextprotocol/conformance/dist/index.js
    VERSION[$dir]=$(node -p "require('./$dir/node_modules/@modelcontextprotocol/conformance/package.json').version")
    echo "suite ${VERSION[$dir]}, node $(node --version)"
done

# The scenarios to run on a release: the defaults, or those named that it lists.
scenarios_for() {
    local dir=$1
    if [[ $# -gt 1 ]]; then
        local known
        known=$(node --import "$PRELOAD" "${CLI[$dir]}" list --server | sed -n 's/^  - \([^ ]*\).*/\1/p')
        for scenario in "${@:2}"; do
            grep -qxF -- "$scenario" <<<"$known" && echo "$scenario"
        done
        return 0
    fi
    printf '%s\n' "${ELICITATION[@]}"
    [[ $dir == scripts/conformance-alpha ]] && printf '%s\n' "${INPUT_REQUIRED[@]}"
    return 0
}

# The client scenarios to run on a release: those it lists, of the defaults or those named.
client_scenarios_for() {
    local dir=$1 known
    known=$(node --import "$PRELOAD" "${CLI[$dir]}" list --client | sed -n 's/^  - \([^ ]*\).*/\1/p')
    local wanted=("${@:2}")
    [[ $# -gt 1 ]] || wanted=("${CLIENT_SCENARIOS[@]}")
    for scenario in "${wanted[@]}"; do
        grep -qxF -- "$scenario" <<<"$known" && echo "$scenario"
    done
    return 0
}

# The scenarios to run against the rust-mcp-sdk server: the 2026-07-28 InputRequiredResult
# ones, of the defaults or those named.
rust_mcp_sdk_scenarios() {
    local wanted=("$@")
    [[ $# -gt 0 ]] || wanted=("${INPUT_REQUIRED[@]}")
    for scenario in "${wanted[@]}"; do
        printf '%s\n' "${INPUT_REQUIRED[@]}" | grep -qxF -- "$scenario" && echo "$scenario"
    done
    return 0
}

echo "== building conformance_server, conformance_client and conformance_server_rust_mcp_sdk"
cargo build --quiet -p examples --features rust-mcp-sdk \
    --bin conformance_server --bin conformance_client --bin conformance_server_rust_mcp_sdk
TARGET_DIR=$(cargo metadata --format-version 1 --no-deps |
    node -e 'let s = ""; process.stdin.on("data", d => s += d).on("end", () => console.log(JSON.parse(s).target_directory))')
CLIENT=$TARGET_DIR/debug/conformance_client

WORK=$(mktemp -d)
SERVER_PIDS=()
cleanup() {
    for pid in "${SERVER_PIDS[@]}"; do
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid" 2>/dev/null || true
            wait "$pid" 2>/dev/null || true
        fi
    done
    rm -rf "$WORK"
}
trap cleanup EXIT

# Starts the example server NAME on a free port and sets URL to its endpoint.
start_server() {
    local name=$1 log=$WORK/$1.log pid
    echo "== starting $name on a free port"
    : >"$log"
    "$TARGET_DIR/debug/$name" 0 >"$log" 2>&1 &
    pid=$!
    SERVER_PIDS+=("$pid")
    URL=
    for ((tick = 0; tick < START_TIMEOUT; tick++)); do
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "conformance: $name exited:" >&2
            cat "$log" >&2
            exit 1
        fi
        URL=$(sed -n 's/^listening on \(http:[^ ]*\)$/\1/p' "$log" | head -n 1)
        [[ -n $URL ]] && break
        sleep 0.1
    done
    if [[ -z $URL ]]; then
        echo "conformance: $name did not start listening within $((START_TIMEOUT / 10)) s" >&2
        cat "$log" >&2
        exit 1
    fi
    echo "$URL"
}

start_server conformance_server_rust_mcp_sdk
RUST_MCP_SDK_URL=$URL
start_server conformance_server

passed=0
failed=0
summary=()
# Runs one scenario, its output in $WORK/NAME.txt (NAME: release and scenario; the
# client's scenarios prefixed `client-`, the rust-mcp-sdk server's `rust-mcp-sdk-`). Against
# conformance_server unless the third argument is `client` (the suite serves, and runs
# conformance_client against itself) or `rust-mcp-sdk` (against
# conformance_server_rust_mcp_sdk).
run_scenario() {
    local dir=$1 scenario=$2 side=${3:-server} name=${VERSION[$1]}-$2
    local target=(server --url "$URL")
    if [[ $side == client ]]; then
        name=${VERSION[$dir]}-client-${scenario//\//-}
        target=(client --command "$CLIENT")
    elif [[ $side == rust-mcp-sdk ]]; then
        name=${VERSION[$dir]}-rust-mcp-sdk-$scenario
        target=(server --url "$RUST_MCP_SDK_URL")
    fi
    echo "== $side scenario $scenario (suite ${VERSION[$dir]})"
    status=0
    timeout "$SCENARIO_TIMEOUT" node --import "$PRELOAD" "${CLI[$dir]}" "${target[@]}" --scenario "$scenario" \
        >"$WORK/$name.out" 2>&1 || status=$?
    # The suite colours its output; keep the text.
    sed 's/\x1b\[[0-9;]*m//g' "$WORK/$name.out" >"$WORK/$name.txt"
    result=$WORK/$name.txt
}

# Counts the scenario run last ($result, $status) as passed or failed, for the summary.
judge() {
    local label=$1
    sed 's/^/    /' "$result"
    # "Passed: 5/5, 0 failed, 0 warnings"
    counts=$(sed -n 's/^Passed: \([0-9]*\/[0-9]*\), \([0-9]*\) failed.*/\1 \2/p' "$result" | tail -n 1)
    checks=${counts% *}
    failures=${counts#* }
    if [[ $status -eq 0 && -n $counts && $failures == 0 ]]; then
        passed=$((passed + 1))
        summary+=("PASS $label: $checks checks passed, 0 failed")
    else
        failed=$((failed + 1))
        if [[ -z $counts ]]; then
            summary+=("FAIL $label: no result (exit status $status)")
        else
            summary+=("FAIL $label: $checks checks passed, $failures failed (exit status $status)")
        fi
    fi
}

for dir in "${SUITE_DIRS[@]}"; do
    mapfile -t scenarios < <(scenarios_for "$dir" "$@")
    for scenario in "${scenarios[@]}"; do
        run_scenario "$dir" "$scenario"
        judge "[${VERSION[$dir]}] $scenario"
    done
    mapfile -t scenarios < <(client_scenarios_for "$dir" "$@")
    for scenario in "${scenarios[@]}"; do
        run_scenario "$dir" "$scenario" client
        judge "[${VERSION[$dir]}] client $scenario"
    done
done

# The same 2026-07-28 tools on rust-mcp-sdk: the release that has those scenarios.
dir=scripts/conformance-alpha
mapfile -t scenarios < <(rust_mcp_sdk_scenarios "$@")
for scenario in "${scenarios[@]}"; do
    run_scenario "$dir" "$scenario" rust-mcp-sdk
    judge "[${VERSION[$dir]}] rust-mcp-sdk $scenario"
done

if [[ $# -eq 0 ]]; then
    # Stateless serving (SEP-2575) is mostly rmcp's transport, not this crate: reported, not
    # judged. Its checks on client capabilities (-32021) are listed apart.
    dir=scripts/conformance-alpha
    run_scenario "$dir" server-stateless
    file=$WORK/${VERSION[$dir]}-server-stateless.txt
    echo "== server-stateless checks (suite ${VERSION[$dir]}; reported, not judged)"
    sed -n 's/^[0-9TZ:.-]* \[\(.*\)$/    [\1/p' "$file"
    echo "   concerning client capabilities:"
    grep -i 'capabilit' "$file" | sed -n 's/^[0-9TZ:.-]* \[\(.*\)$/    [\1/p'
    grep '^Passed:' "$file" | sed 's/^/    /' || true
fi

echo "== summary"
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed, in ${SECONDS} s"
[[ $failed -eq 0 ]]
