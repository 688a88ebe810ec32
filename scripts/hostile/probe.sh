#!/usr/bin/env bash
# Sends the malformed requests of issue 21 ("misleading errors") to a running
# conformance_server with curl, as a 2026-07-28 client, and prints each body and the whole
# answer: the reproduction behind the table in docs/robustness.md ("The HTTP server"), which
# examples/tests/hostile_http.rs checks on every test run.
#
#   cargo run -p examples --bin conformance_server -- 3001 &
#   bash scripts/hostile/probe.sh http://127.0.0.1:3001/mcp
set -uo pipefail
U=${1:?usage: probe.sh URL, the MCP endpoint of the server}
META='"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"probe","version":"1"},"io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}}}'
T=test_input_required_result_multi_round
call() { echo "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"$T\",\"arguments\":{},$1$META}}"; }
send() {
  echo "=== $1"; echo "body: ${2:0:300}"
  curl -s -i "$U" -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
    -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' -H "Mcp-Name: $T" --data-binary "$2" | tr -d '\r' | grep -v '^date:'
  echo
}
send "inputResponses is an array" "$(call '"inputResponses":[1],')"
send "inputResponses is a string" "$(call '"inputResponses":"x",')"
send "inputResponses is a number" "$(call '"inputResponses":5,')"
send "requestState is a number" "$(call '"requestState":5,')"
send "a param key given twice (name)" "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"$T\",\"name\":\"$T\",\"arguments\":{},$META}}"
send "a param key given twice (inputResponses)" "$(call '"inputResponses":{},"inputResponses":{},')"
send "not JSON" "hello"
send "truncated" "$(call '' | head -c 60)"
send "batch" "[$(call ''),$(call '')]"
send "empty batch" "[]"
send "a number" "42"
send "empty body" ""
send "an entry of inputResponses is a number" "$(call '"inputResponses":{"step1":5},')"
send "a method given twice" "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"method\":\"tools/call\",\"params\":{\"name\":\"$T\",\"arguments\":{},$META}}"
send "params is an array" "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":[1]}"
send "name is a number" "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":5,\"arguments\":{},$META}}"
send "arguments is a string" "$(call '"arguments":"x",' | sed 's/"arguments":{},//')"
