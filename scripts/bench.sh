#!/usr/bin/env bash
# Issue 8: elicit side by side with rmcp's schemars path, run time and build cost, in one
# table. From a fresh clone:
#
#   bash scripts/bench.sh
#
# Slow (about 25 minutes on 2 cores) and not part of CI. Everything it measures goes under
# ${CARGO_TARGET_DIR:-target}/elicit-bench/: criterion's estimates (criterion/), the build
# timings (build.tsv), the machine (machine.txt) and the table (table.md), which it also prints.
#
#   1, 2  cargo bench -p benches --bench forms, BENCH_ROUNDS times (default 3), each round a
#         criterion baseline; the table takes the median round and shows the spread.
#         2a–2d (issue 15): the validating, typed parses against serde's unvalidated ones, from
#         a borrowed map and from the bytes of the answer, on the 13-field `Everything` form
#         and the 10-field `Signup` form (benches/benches/forms/signup.rs); 2d, the schema's
#         checks alone (no conversion), the floor of any validating path.
#         4 (issue 23): a form shaped at run time, built and its request made. 5 (issue 29): a
#         full answer read by a form shaped at run time against the static form's read of it,
#         on both forms and on a form with options given at run time (against a static twin).
#         ELICIT_BENCH_CLOCK=cpu (default: the benchmark thread's CPU time, so that other
#         processes on a shared machine do not count) or wall.
#   3     scripts/bench/build-cost.sh: generated crates of 100 forms, BUILD_RUNS builds each
#         (default 5), and CLEAN_RUNS clean builds of the dependency sets (default 3): 3d
#         builds elicit from its packaged tarballs, as crates.io will serve it; 3d-path from
#         the workspace, as a path dependency (incremental, so dearer).
#
# BENCH_QUICK=1 runs everything once, briefly: a smoke test of the script, not figures.
# BENCH_RUNTIME_ONLY=1 skips 3 (the table then says "not measured" there).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$repo/target}
out=$CARGO_TARGET_DIR/elicit-bench
rounds=${BENCH_ROUNDS:-3}
criterion_args=()
if [[ ${BENCH_QUICK:-} == 1 ]]; then
    rounds=1
    export BUILD_RUNS=1 CLEAN_RUNS=1
    criterion_args=(--warm-up-time 1 --measurement-time 1 --sample-size 20)
fi

rm -rf "$out"
mkdir -p "$out"
export CRITERION_HOME=$out/criterion

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if ! git diff --quiet HEAD -- 2>/dev/null; then commit="$commit (with local changes)"; fi
{
    echo "command: ${BENCH_RUNTIME_ONLY:+BENCH_RUNTIME_ONLY=1 }bash scripts/bench.sh"
    echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "commit: $commit"
    echo "cores (nproc): $(nproc)"
    echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1)"
    echo "memory: $(awk '/^MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
    echo "OS: $(uname -sr)"
    echo "rustc: $(rustc -V)"
    echo "run-time clock: ${ELICIT_BENCH_CLOCK:-cpu}"
    echo "load average at start: $(cut -d ' ' -f 1-3 /proc/loadavg)"
} >"$out/machine.txt"

echo "== 1, 2: run time (criterion, $rounds rounds; log in $out/criterion.log)" >&2
cargo bench -q -p benches --bench forms --no-run
for round in $(seq 1 "$rounds"); do
    echo "  round $round of $rounds" >&2
    cargo bench -q -p benches --bench forms -- --noplot --save-baseline "round$round" \
        "${criterion_args[@]}" >>"$out/criterion.log"
done

if [[ ${BENCH_RUNTIME_ONLY:-} == 1 ]]; then
    echo "== 3: build cost skipped (BENCH_RUNTIME_ONLY=1)" >&2
else
    echo "== 3: build cost (scripts/bench/build-cost.sh)" >&2
    bash scripts/bench/build-cost.sh "$repo" "$out/build" "$out/build.tsv"
fi

echo "load average at end: $(cut -d ' ' -f 1-3 /proc/loadavg)" >>"$out/machine.txt"
echo "== table ($out/table.md)" >&2
cargo run -q -p benches --bin bench-report -- "$out"
