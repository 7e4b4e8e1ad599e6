#!/usr/bin/env bash
# realapps/run.sh — smokeflow on real open-source apps and widgets from npm
# (docs/realapps.md). `make realapps` runs it.
#
#  1. installs the packages that package-lock.json pins into realapps/.cache
#     (gitignored) with `npm ci`, once per version of the lock file, and
#  2. assembles them for an offline machine (both in realapps/install.sh);
#  3. serves realapps/pages and the packages on 127.0.0.1 (realapps/serve);
#  4. runs `smokeflow run realapps/flows` with that base URL, and writes
#     realapps/out/report.md, results.json, junit.xml and table.md (the
#     results table of docs/realapps.md), artifacts in realapps/out/artifacts;
#  5. with PEER=1, also counts the tokens of smokeflow's and Playwright's
#     snapshots of each page (realapps/out/peer.md).
#
# Exits with smokeflow's exit code: 0 when every flow passed, 1 when one failed.
#
#   realapps/run.sh                       # everything
#   realapps/run.sh realapps/flows/quill.yaml   # some flows
#   PEER=1 realapps/run.sh
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
HERE=$ROOT/realapps
CACHE=${REALAPPS_CACHE:-$HERE/.cache}
OUT=${OUT:-$HERE/out}
SMOKEFLOW=${SMOKEFLOW:-$ROOT/bin/smokeflow}
PEER=${PEER:-0}
WORKERS=${WORKERS:-1}
export NO_COLOR=1

. "$ROOT/bench/lib.sh"

SERVE_PID=
sf_cleanup_on_exit quiet SERVE_PID

cd "$ROOT"
[[ -x $SMOKEFLOW ]] || { sf_log "no smokeflow at $SMOKEFLOW: run make build (or make realapps)"; exit 2; }

# --- 1, 2. install and assemble (realapps/install.sh) -------------------------
REALAPPS_CACHE=$CACHE "$HERE/install.sh"

# --- 3. serve ---------------------------------------------------------------
go build -o "$CACHE/serve" ./realapps/serve
sf_serve realapps/serve "$CACHE/serve.log" "$CACHE/serve" -pages "$HERE/pages" -modules "$CACHE/node_modules"
sf_log "serving the apps on $URL"

# --- 4. run the flows -------------------------------------------------------
rm -rf "$OUT"
mkdir -p "$OUT"
flows=("$@")
((${#flows[@]})) || flows=(realapps/flows)
sf_log "smokeflow run ${flows[*]}"
rc=0
"$SMOKEFLOW" run "${flows[@]}" --base-url "$URL" --workers "$WORKERS" \
	--artifacts "$OUT/artifacts" --report "markdown=$OUT/report.md" \
	--report "json=$OUT/results.json" --report "junit=$OUT/junit.xml" || rc=$?
if [[ -f $OUT/results.json ]]; then
	node "$HERE/table.js" "$OUT/results.json" >"$OUT/table.md"
	cat "$OUT/table.md"
	sf_log "results table: $OUT/table.md; report: $OUT/report.md"
fi

# --- 5. the peer's snapshots (optional) -------------------------------------
if [[ $PEER == 1 ]]; then
	sf_log "snapshots of each page, smokeflow and Playwright (playwright-core drives the installed Chromium)"
	NODE_PATH=$CACHE/node_modules node "$HERE/peer.js" "$URL" "$SMOKEFLOW" "$OUT/peer" >"$OUT/peer.md" || sf_log "the peer comparison failed (see $OUT/peer.md)"
	cat "$OUT/peer.md"
fi
exit "$rc"
