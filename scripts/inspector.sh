#!/usr/bin/env bash
# Drive the server with the MCP Inspector CLI in both protocol eras (`make clients`).
# Needs Node and the npm registry; the server itself needs neither.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
ROOT="${DEMO_ROOT:-examples/quickstart/private-notes}"
I=(npx -y @modelcontextprotocol/inspector@2.12.0 --cli --format json --cwd .)
S=(-- "$PYTHON" -m redacted_context_mcp --root "$ROOT")

check() {  # label, then the inspector arguments; prints one line per call
  local label="$1"; shift
  local out
  if ! out=$("${I[@]}" "$@" "${S[@]}" 2>/dev/null); then
    echo "FAIL $label"; echo "$out"; exit 1
  fi
  echo "ok   $label: $(printf '%s' "$out" | head -c 160)"
}

for ERA in legacy modern; do
  echo "== protocol era: $ERA"
  check "tools/list" --protocol-era "$ERA" --method tools/list
  check "redctx_tree" --protocol-era "$ERA" --method tools/call --tool-name redctx_tree
  check "redctx_read" --protocol-era "$ERA" --method tools/call --tool-name redctx_read --tool-arg path=todo.txt
  check "redctx_bundle" --protocol-era "$ERA" --method tools/call --tool-name redctx_bundle --tool-args-json '{"glob":["*.md"]}'
  check "resources/list" --protocol-era "$ERA" --method resources/list
  URI=$("${I[@]}" --protocol-era "$ERA" --method resources/list "${S[@]}" 2>/dev/null |
        "$PYTHON" -c 'import json,sys; print(json.load(sys.stdin)["result"]["resources"][0]["uri"])')
  check "resources/read $URI" --protocol-era "$ERA" --method resources/read --uri "$URI"
  check "resources/templates/list" --protocol-era "$ERA" --method resources/templates/list
done
