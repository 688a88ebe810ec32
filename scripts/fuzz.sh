#!/usr/bin/env bash
# Runs each cargo-fuzz target of fuzz/ for a fixed time, one after the other, and reports
# how many inputs each executed and whether it crashed.
#
#   scripts/fuzz.sh [seconds-per-target] [target…]
#
# Defaults: 600 seconds, all five targets (from_content, outcome, bytes, schema, state_open). Logs go to
# fuzz/runs/<target>.log; crashes to fuzz/artifacts/<target>/. The seeds in fuzz/corpus/ are
# read, never written: what libFuzzer finds goes to fuzz/runs/corpus/<target>/, which the
# next run starts from too. Exit status: 0 when every target ran clean, 1 otherwise.
# A crash, once minimized (cargo fuzz tmin), goes into fuzz/corpus/<target>/: `cargo test
# --workspace` replays every seed there through the oracles (tests/tests/fuzz_corpus_replay.rs).
#
# Only stable Rust is needed: cargo-fuzz passes nightly flags (-Zsanitizer), which
# RUSTC_BOOTSTRAP=1 lets a stable compiler accept.
set -euo pipefail

seconds="${1:-600}"
shift || true
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
    targets=(from_content outcome bytes schema state_open)
fi

root="$(cd "$(dirname "$0")/.." && pwd)"
fuzz="$root/fuzz"
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

cd "$fuzz"
mkdir -p runs/corpus
echo "building the fuzz targets"
cargo fuzz build --release

status=0
summary=()
for target in "${targets[@]}"; do
    work="runs/corpus/$target"
    log="runs/$target.log"
    mkdir -p "$work"
    echo "fuzzing $target for ${seconds}s (log: fuzz/$log)"
    set +e
    # -timeout: one input taking over 10 s is a finding (unbounded work), not a slow machine.
    # -rss_limit_mb: likewise for memory.
    cargo fuzz run --release "$target" "$work" "corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -dict=json.dict -print_final_stats=1 >"$log" 2>&1
    code=$?
    set -e
    done_line="$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 || true)"
    execs="$(grep -E '^stat::number_of_executed_units:' "$log" | awk '{print $2}' | tail -n 1 || true)"
    rate="$(grep -E '^stat::average_exec_per_sec:' "$log" | awk '{print $2}' | tail -n 1 || true)"
    # libFuzzer's last status line ends with "corp: <inputs>/<size>": the corpus it kept.
    corpus="$(grep -E '^#[0-9]+' "$log" | grep -oE 'corp: [0-9]+/[0-9]+[a-zA-Z]*' | tail -n 1 | cut -d' ' -f2 || true)"
    crashes="$(find "artifacts/$target" -type f 2>/dev/null | wc -l)"
    if [ "$code" -eq 0 ] && [ -n "$done_line" ]; then
        verdict="clean"
    else
        verdict="CRASHED (exit $code; see fuzz/$log and fuzz/artifacts/$target/)"
        status=1
    fi
    line="$target: ${seconds}s, ${execs:-?} execs (${rate:-?}/s), corpus ${corpus:-?} (inputs/bytes), $crashes crash files, $verdict"
    echo "$line"
    [ -n "$done_line" ] && echo "  $done_line"
    summary+=("$line")
done

echo
echo "summary ($(date -u +%Y-%m-%dT%H:%MZ), $(rustc --version)):"
printf '  %s\n' "${summary[@]}"
exit "$status"
