#!/usr/bin/env bash
# What a hostile client costs the conformance server on loopback (docs/robustness.md, "The
# HTTP server"): throughput and latency of three-call dialogs, and memory under bodies of
# tiny answers. Each server binary named is measured in turn, scenario by scenario, so the
# figures of a before and an after come from one run on the same machine:
#
#   bash scripts/hostile/measure.sh                     # the current conformance_server
#   bash scripts/hostile/measure.sh BEFORE AFTER ...    # server binaries to compare
#
# A binary of an earlier commit, for BEFORE:
#   git worktree add /tmp/before COMMIT && (cd /tmp/before &&
#     cargo build --release -p examples --bin conformance_server)
#   # then pass /tmp/before/target/release/conformance_server
#
#   1. dialogs: `load_client dialogs` with 10 and with 200 clients, each on one kept-open
#      connection, DIALOG_SECONDS measured (default 10), ROUNDS rounds (default 3); and the
#      server's CPU time (/proc/PID/stat) per dialog it served;
#   2. memory, ROUNDS rounds: a fresh server per case; `load_client flood` sends 1, then (another server) 32
#      bodies at once, each just under 4 MiB (rmcp's default limit) and just under 1 MiB
#      (examples::http's); the server's VmRSS before, its VmHWM (peak) after the answers,
#      and its VmRSS KEPT_SECONDS later (default 2), from /proc/PID/status.
#
# SECTIONS="dialogs memory" (the default) chooses what runs; SERVER_THREADS=N runs the servers
# with N tokio worker threads (TOKIO_WORKER_THREADS), as on a machine of N cores.
#
# Linux only (/proc). Builds load_client and conformance_server in release mode.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo"
target=${CARGO_TARGET_DIR:-$repo/target}
rounds=${ROUNDS:-3}
dialog_seconds=${DIALOG_SECONDS:-10}
kept_seconds=${KEPT_SECONDS:-2}
sections=${SECTIONS:-dialogs memory}
[[ -n ${SERVER_THREADS:-} ]] && export TOKIO_WORKER_THREADS=$SERVER_THREADS

cargo build --release --quiet -p examples --bin load_client --bin conformance_server
client=$target/release/load_client
servers=("$@")
[[ ${#servers[@]} -gt 0 ]] || servers=("$target/release/conformance_server")

log=$(mktemp -d)
pid=
stop() { if [[ -n $pid ]]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=; fi; }
trap 'stop; rm -rf "$log"' EXIT

# Starts server $1 on a free port; sets pid and url.
start() {
    "$1" 0 >"$log/out" 2>"$log/err" &
    pid=$!
    for _ in $(seq 100); do
        url=$(sed -n 's/^listening on \(http:[^ ]*\)$/\1/p' "$log/out")
        [[ -n $url ]] && return 0
        sleep 0.1
    done
    echo "measure: $1 did not start" >&2
    cat "$log/err" >&2
    exit 1
}

# The value, in MiB, of field $1 (VmRSS, VmHWM) of the running server.
mib() { awk -v field="$1:" '$1 == field { printf "%.0f", $2 / 1024 }' "/proc/$pid/status"; }

echo "== machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); server threads: ${TOKIO_WORKER_THREADS:-one per core}"
for i in "${!servers[@]}"; do echo "server $((i + 1)): ${servers[$i]}"; done

dialogs() {
    echo
    echo "== dialogs (test_input_required_result_multi_round, 3 calls each), ${dialog_seconds} s per line"
    for round in $(seq "$rounds"); do
        for clients in 10 200; do
            for i in "${!servers[@]}"; do
                start "${servers[$i]}"
                line=$("$client" dialogs "$url" "$clients" "$dialog_seconds")
                # The server's CPU time (user + system) over every dialog it served.
                ticks=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
                all=$(sed -n 's/.* all_dialogs=\([0-9]*\).*/\1/p' <<<"$line")
                cpu=$(awk -v t="$ticks" -v hz="$(getconf CLK_TCK)" -v n="$all" 'BEGIN { printf "%.0f", t / hz * 1e6 / n }')
                echo "round $round, server $((i + 1)): $line server_cpu_us_per_dialog=$cpu"
                stop
            done
        done
    done
}

memory() {
    echo
    echo "== memory (MiB): a fresh server per line"
    for round in $(seq "$rounds"); do
        for bytes in 4194304 1048576; do
            for requests in 1 32; do
                for i in "${!servers[@]}"; do
                    start "${servers[$i]}"
                    before=$(mib VmRSS)
                    "$client" flood "$url" "$requests" "$bytes" >"$log/flood"
                    peak=$(mib VmHWM)
                    sleep "$kept_seconds"
                    kept=$(mib VmRSS)
                    body=$(sed -n '1s/.* of \([0-9]*\) bytes, \([0-9]*\) .*/\1 bytes (\2 entries)/p' "$log/flood")
                    answers=$( (grep -E '^[0-9]{3} ' "$log/flood" || true) | cut -c1-90 | sort | uniq -c | sed 's/^ *//' | paste -sd';')
                    # A server that refuses a body unread may close before the client has sent it.
                    resets=$(grep -c '^failed:' "$log/flood" || true)
                    echo "round $round, server $((i + 1)): $requests x $body: rss_before=$before peak=$peak rss_kept=$kept; $(tail -1 "$log/flood"); answers: $answers; no answer (connection closed): $resets"
                    stop
                done
            done
        done
    done
}

for section in $sections; do
    case $section in
        dialogs | memory) "$section" ;;
        *) echo "measure: no section $section (dialogs, memory)" >&2; exit 2 ;;
    esac
done
