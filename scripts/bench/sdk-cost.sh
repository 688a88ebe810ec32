#!/usr/bin/env bash
# What the `rust-mcp-sdk` feature adds to a clean build (issue 25), for the guide page
# elicit-runtime/docs/sdks.md:
#
#   bash scripts/bench/sdk-cost.sh [WORKDIR]      # RUNS=3 by default
#
# Generates throwaway crates under WORKDIR (default: a new temporary directory; never
# committed), each an empty lib with its own `[workspace]`, target directory and a copy of
# the workspace's Cargo.lock (so every side builds the same dependency versions):
#
#   default     elicit-core, default features (what a user builds today)
#   rmcp        elicit-core with `rmcp` (rmcp's `server` side, no transport), for comparison
#   feature     elicit-core with `rust-mcp-sdk` (the SDK's `server` side, no transport)
#   sdk         rust-mcp-sdk with `server` and `streamable-http`, without elicit: what a
#               rust-mcp-sdk HTTP server builds anyway
#   sdk-elicit  the same server with elicit-core and `rust-mcp-sdk`
#
# elicit-core is a path dependency, built with CARGO_INCREMENTAL=0 as a registry package
# is. Each run builds every side from nothing (debug `cargo build`), one after the other,
# alternating, so that load from elsewhere hits all alike; a ratio is taken within one run.
# Prints one line a measurement:
#
#   <side> run <n>: <wall s> wall, <cpu s> CPU (user + sys of cargo and everything it ran)
#   <side>: <n> packages    (`cargo tree -e normal,build`, distinct, root excluded)
#
# then the median of each side, and each ratio's median and range over the runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
work=${1:-$(mktemp -d)}
runs=${RUNS:-3}
sides=(default rmcp feature sdk sdk-elicit)
command -v /usr/bin/time >/dev/null || { echo "sdk-cost: needs /usr/bin/time" >&2; exit 2; }

mkdir -p "$work"
for side in "${sides[@]}"; do
    dir=$work/$side
    mkdir -p "$dir/src"
    echo "pub fn touch() {}" >"$dir/src/lib.rs"
    cp Cargo.lock "$dir/Cargo.lock"
    {
        printf '[package]\nname = "cost-%s"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n[workspace]\n\n[dependencies]\n' "$side"
        case $side in
            default) echo "elicit-core = { path = \"$repo/elicit-core\" }" ;;
            rmcp) echo "elicit-core = { path = \"$repo/elicit-core\", features = [\"rmcp\"] }" ;;
            feature) echo "elicit-core = { path = \"$repo/elicit-core\", features = [\"rust-mcp-sdk\"] }" ;;
            sdk) echo 'rust-mcp-sdk = { version = "2.0.0", default-features = false, features = ["server", "streamable-http"] }' ;;
            sdk-elicit)
                echo 'rust-mcp-sdk = { version = "2.0.0", default-features = false, features = ["server", "streamable-http"] }'
                echo "elicit-core = { path = \"$repo/elicit-core\", features = [\"rust-mcp-sdk\"] }"
                ;;
        esac
    } >"$dir/Cargo.toml"
done

declare -A cpu wall
for side in "${sides[@]}"; do
    count=$(cargo tree --quiet --manifest-path "$work/$side/Cargo.toml" -e normal,build --prefix none |
        sed 's/ (\*)$//; s/ (proc-macro)$//' | sort -u | grep -vc "^cost-$side ")
    echo "$side: $count packages"
done
for ((run = 1; run <= runs; run++)); do
    for side in "${sides[@]}"; do
        dir=$work/$side
        rm -rf "$dir/target"
        CARGO_INCREMENTAL=0 /usr/bin/time -f "%e %U %S" -o "$dir/time.txt" \
            cargo build --quiet --manifest-path "$dir/Cargo.toml" --target-dir "$dir/target"
        read -r w user sys <"$dir/time.txt"
        c=$(echo "$user + $sys" | bc)
        echo "$side run $run: ${w} s wall, ${c} s CPU (load $(cut -d' ' -f1 /proc/loadavg))"
        wall[$side]+="$w "
        cpu[$side]+="$c "
    done
done

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
for side in "${sides[@]}"; do
    echo "$side: median $(median <<<"${wall[$side]}") s wall, $(median <<<"${cpu[$side]}") s CPU"
done
# The CPU ratio of two sides in each run, then their median and range.
ratios() {
    local -a top=(${cpu[$1]}) bottom=(${cpu[$2]})
    local all=""
    for ((i = 0; i < ${#top[@]}; i++)); do
        all+="$(echo "scale=3; ${top[i]} / ${bottom[i]}" | bc) "
    done
    local sorted
    sorted=$(tr ' ' '\n' <<<"$all" | grep -v '^$' | sort -g)
    echo "$1 / $2 (CPU, per run: $all): median $(median <<<"$all"), $(head -n 1 <<<"$sorted")–$(tail -n 1 <<<"$sorted")"
}
ratios rmcp default
ratios feature default
ratios sdk-elicit sdk
