#!/usr/bin/env bash
# bench/apps/run.sh — the same multi-step flows on real apps, smokeflow next
# to Playwright (docs/benchmarks.md "Real apps side by side"). `make
# bench-apps` runs it; it is not part of `make test`.
#
#  1. installs and assembles the real apps (realapps/install.sh, into
#     REALAPPS_CACHE; a cache whose stamp matches the lock is left as it
#     is) and serves them with realapps/serve, built into a temporary folder;
#  2. for each app of APPS and each of ROUNDS rounds, runs the app's flow as
#     a fresh process with each tool, the order alternating round by round:
#       smokeflow run bench/apps/flows/APP.yaml --base-url URL $SMOKEFLOW_FLAGS
#       node bench/apps/playwright/APP.js URL
#     (playwright-core from REALAPPS_CACHE, the installed Chromium through
#     executablePath; no browser is downloaded), each timed from start to
#     exit, browser start and close included;
#     With FLOOR=1, each round also times each tool's floor for the app:
#     launch, a fresh page, the app's first page opened up to its `load`
#     event, close (smokeflow: `open: {url: PATH, wait: load}`, written from
#     the flow's first `open:` line; Playwright: playwright/floor.js), the
#     time before any other step could run;
#  3. writes OUT/apps.csv, the logs, and OUT/report.md: median and p90 per
#     app and tool, their ratio, the load average, and (STEPS=1) each step's
#     median from smokeflow's JSON report and Playwright's own timing,
#     and (FLOOR=1) the floors next to the whole runs.
#
# smokeflow runs as a user runs it: default options, in a scratch folder
# (its artifacts go to smokeflow-results there). SMOKEFLOW_FLAGS adds flags
# to every run (such as --trace off); STEPS=1 adds --report json=FILE.
#
#   bench/apps/run.sh                                   # 10 rounds, ~3 minutes
#   ROUNDS=3 APPS=todomvc bench/apps/run.sh
#   FLOOR=1 bench/apps/run.sh                           # and each tool's floor
#   SMOKEFLOW=bin/smokeflow SMOKEFLOW_FLAGS='--workers 1' bench/apps/run.sh
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/bench/apps
export REALAPPS_CACHE=${REALAPPS_CACHE:-$ROOT/realapps/.cache}
OUT=${OUT:-$ROOT/bench/out/apps}
ROUNDS=${ROUNDS:-10}
APPS=${APPS:-todomvc swagger adminlte}
STEPS=${STEPS:-0}
FLOOR=${FLOOR:-0}
SMOKEFLOW=${SMOKEFLOW:-}
SMOKEFLOW_FLAGS=${SMOKEFLOW_FLAGS:-}
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
export NO_COLOR=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PLAYWRIGHT_BROWSERS_PATH=0

. "$ROOT/bench/lib.sh"

# Every browser profile of the run (both tools make theirs under TMPDIR)
# lives under $tmp, so what is left of the run is found by that path alone.
sf_tmpdir sfapps
mkdir -p "$tmp/work"
SERVE_PID=
sf_cleanup_on_exit quiet SERVE_PID

cd "$ROOT"
if [[ -z $SMOKEFLOW ]]; then
	sf_log "building smokeflow (as make build does)"
	CGO_ENABLED=0 go build -o "$tmp/" ./cmd/smokeflow ./cmd/smokeflow-cli # as make build does
	SMOKEFLOW=$tmp/smokeflow
else
	SMOKEFLOW=$(realpath "$SMOKEFLOW")
fi

# --- 1. the apps --------------------------------------------------------------
REALAPPS_CACHE=$REALAPPS_CACHE "$ROOT/realapps/install.sh"
export NODE_PATH=$REALAPPS_CACHE/node_modules
[[ -d $NODE_PATH/playwright-core ]] || { sf_log "no playwright-core in $NODE_PATH (realapps/package.json pins it)"; exit 2; }
go build -o "$tmp/serve" ./realapps/serve
sf_serve realapps/serve "$tmp/serve.log" "$tmp/serve" -pages "$ROOT/realapps/pages" -modules "$NODE_PATH"
sf_log "serving the apps on $URL"

rm -rf "$OUT"
mkdir -p "$OUT/logs" "$OUT/steps"
{
	sf_machine_info
	echo "chromium: $("$CHROMIUM" --version 2>/dev/null)"
	echo "node: $(node --version)"
	echo "playwright-core: $(node -p "require('playwright-core/package.json').version")"
	echo "smokeflow: $(sf_smokeflow_version "$SMOKEFLOW")"
	echo "smokeflow flags: ${SMOKEFLOW_FLAGS:-(none)}"
} >"$OUT/machine.txt"
cat "$OUT/machine.txt" >&2

# --- 2. the rounds ------------------------------------------------------------
CSV=$OUT/apps.csv
echo "app,tool,round,ms,rc,load1" >"$CSV"

# timed APP TOOL ROUND CMD...: runs CMD in the scratch folder, output to the
# log, one line of CSV.
timed() {
	local app=$1 tool=$2 round=$3
	shift 3
	local t0 t1 rc=0 load
	load=$(cut -d' ' -f1 /proc/loadavg)
	t0=$(sf_now_ms)
	(cd "$tmp/work" && TMPDIR=$tmp/tmp "$@") >"$OUT/logs/$app-$tool-$round.txt" 2>&1 || rc=$?
	t1=$(sf_now_ms)
	echo "$app,$tool,$round,$((t1 - t0)),$rc,$load" >>"$CSV"
	[[ $rc == 0 ]] || sf_log "  $app $tool round $round exited $rc (see $OUT/logs/$app-$tool-$round.txt)"
}
sf() {
	local app=$1 round=$2 extra=()
	[[ $STEPS != 1 ]] || extra=(--report "json=$OUT/steps/$app-smokeflow-$round.json")
	# shellcheck disable=SC2086 # SMOKEFLOW_FLAGS is a list of flags
	timed "$app" smokeflow "$round" "$SMOKEFLOW" run "$HERE/flows/$app.yaml" --base-url "$URL" $SMOKEFLOW_FLAGS "${extra[@]}"
}
# floor APP ROUND: each tool's floor for APP (FLOOR=1), in the round's order.
floor() {
	local app=$1 round=$2 open
	open=$(sed -n 's/^  - open: \(.*\)$/\1/p' "$HERE/flows/$app.yaml" | head -1)
	[[ -n $open ]] || { sf_log "no '  - open: PATH' line in $HERE/flows/$app.yaml"; exit 2; }
	printf 'name: %s floor\nsteps:\n  - open: { url: "%s", wait: load }\n' "$app" "$open" >"$tmp/floor-$app.yaml"
	local sfl=(timed "$app" smokeflow-floor "$round" "$SMOKEFLOW" run "$tmp/floor-$app.yaml" --base-url "$URL")
	local pwl=(timed "$app" playwright-floor "$round" node "$HERE/playwright/floor.js" "$open" "$URL")
	# shellcheck disable=SC2086 # SMOKEFLOW_FLAGS is a list of flags
	if ((round % 2)); then "${sfl[@]}" $SMOKEFLOW_FLAGS; "${pwl[@]}"; else "${pwl[@]}"; "${sfl[@]}" $SMOKEFLOW_FLAGS; fi
}
pw() {
	timed "$1" playwright "$2" node "$HERE/playwright/$1.js" "$URL"
	tail -1 "$OUT/logs/$1-playwright-$2.txt" >"$OUT/steps/$1-playwright-$2.json" 2>/dev/null || true
}

for i in $(seq "$ROUNDS"); do
	sf_log "round $i of $ROUNDS (load $(cut -d' ' -f1-3 /proc/loadavg))"
	for app in $APPS; do
		if ((i % 2)); then sf "$app" "$i"; pw "$app" "$i"; else pw "$app" "$i"; sf "$app" "$i"; fi
		[[ $FLOOR != 1 ]] || floor "$app" "$i"
	done
done

# --- 3. the report ------------------------------------------------------------
node "$HERE/report.js" "$OUT" | tee "$OUT/report.md"
sf_log "raw numbers in $OUT"
