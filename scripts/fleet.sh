#!/usr/bin/env bash
# A fleet under load and faults, on loopback: a real redis-server (every write persisted:
# appendonly yes, appendfsync always), two connect_service instances sharing it
# (--redis URL --keys FILE), and fleet_load driving WORKERS flows at once for SECONDS, each a
# new user's connect_weather on 2026-07-28, its link minted on one instance and answered on
# the other's page. Half way, Redis is restarted (SHUTDOWN, then started again in the same
# directory and port). Prints fleet_load's counts; fails when an answer was lost or a state
# used twice. The figures of docs/robustness.md ("A fleet under load and faults").
#
#   bash scripts/fleet.sh [WORKERS SECONDS]      # 200 30 unless told otherwise
#   bash scripts/fleet.sh 200 30 --lose-data     # the restart loses what Redis held
#
# Needs cargo and redis-server (scripts/services.sh installs it). examples/tests/fleet.rs runs
# a short version in `cargo test --workspace`.
set -euo pipefail
cd "$(dirname "$0")/.."
workers=${1:-200}
seconds=${2:-30}
lose=${3:-}

command -v redis-server >/dev/null || { echo "fleet: redis-server is required (scripts/services.sh)" >&2; exit 2; }
cargo build -q -p examples --features url-forms --bin connect_service --bin fleet_load
bin=target/debug

dir=$(mktemp -d)
cleanup() {
  kill $(jobs -p) 2>/dev/null || true
  redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
persist=(--appendonly yes --appendfsync always)
if [ "$lose" = "--lose-data" ]; then persist=(--appendonly no); fi
start_redis() {
  redis-server --port "$port" --bind 127.0.0.1 --save "" "${persist[@]}" --dir "$dir" >>"$dir/redis.log" 2>&1 &
  for _ in $(seq 100); do redis-cli -p "$port" ping >/dev/null 2>&1 && return; sleep 0.05; done
  echo "fleet: redis-server did not start" >&2; exit 1
}
start_redis

origins=()
for name in a b; do
  "$bin/connect_service" 0 --redis "redis://127.0.0.1:$port/" --keys "$dir/keys.hex" >"$dir/$name.log" 2>&1 &
  for _ in $(seq 200); do grep -q "^listening on " "$dir/$name.log" 2>/dev/null && break; sleep 0.05; done
  origins+=("$(sed -n 's#^listening on \(.*\)/mcp$#\1#p' "$dir/$name.log")")
done
echo "fleet: redis on $port, instances ${origins[*]}, $workers workers for $seconds s"

"$bin/fleet_load" "${origins[0]}" "${origins[1]}" "$workers" "$seconds" &
load=$!
sleep $((seconds / 2))
if [ "$lose" = "--lose-data" ]; then
  redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
else
  redis-cli -p "$port" shutdown >/dev/null 2>&1 || true
fi
echo "fleet: redis restarted at $((seconds / 2)) s"
sleep 1
start_redis
wait "$load"
