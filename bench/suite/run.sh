#!/usr/bin/env bash
# bench/suite/run.sh — issue 37's suite as CI runs it: the 23 flows of
# bench/suite/flows over three real apps (TodoMVC, Swagger UI, AdminLTE)
# with smokeflow, and the same 23 tests of bench/suite/tests with
# Playwright Test, 2 workers each (docs/benchmarks.md "Issue 37: the suite
# as CI runs it"). `make bench-suite` runs it; it is not part of `make test`.
#
#  1. installs the real apps (realapps/install.sh, into REALAPPS_CACHE) and
#     Playwright Test as bench/suite/package-lock.json pins it (into
#     SUITE_BENCH_CACHE; no browser is downloaded), and serves the apps with
#     realapps/serve;
#  2. runs ROUNDS rounds, each a run of each tool, the order alternating
#     round by round, each timed from start to exit:
#       smokeflow run bench/suite/flows --base-url URL --workers 2 --report json=FILE
#       npx --no-install playwright test --config bench/suite/playwright.config.js
#     smokeflow as built by `make build`, default options (one browser for
#     the run, the trace at its default) in a scratch folder; Playwright
#     Test from a folder whose node_modules is the pinned install, its
#     config 2 workers, fullyParallel, headless, /usr/bin/chromium through
#     executablePath; each run with a TMPDIR of its own, empty, as on a
#     fresh CI machine (Playwright Test's transform cache lives there);
#  3. writes OUT/suite.csv, the logs, each run's JSON report and
#     OUT/report.md: the medians of the wall times, their ratio, the load
#     average, and where each tool's time goes (bench/suite/report.js).
#
# Every browser and server of the run is under its temporary folder, and
# is ended on any exit (bench/lib.sh sf_cleanup_on_exit).
#
#   bench/suite/run.sh                            # 5 rounds: ~11 minutes at a load of 20 to 30
#   ROUNDS=1 bench/suite/run.sh
#   SMOKEFLOW=bin/smokeflow SMOKEFLOW_FLAGS='--trace off' bench/suite/run.sh
#   SMOKEFLOW_B_FLAGS='--trace off' bench/suite/run.sh   # and a second smokeflow in each round
#
# SMOKEFLOW_B (a build) or SMOKEFLOW_B_FLAGS, when set, add a third run to
# each round, "smokeflow-b", that build or these flags (the other one as
# for smokeflow), between the other two: a design and the build before
# it, measured in the same rounds.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/bench/suite
export REALAPPS_CACHE=${REALAPPS_CACHE:-$ROOT/realapps/.cache}
CACHE=${SUITE_BENCH_CACHE:-$HERE/.cache}
OUT=${OUT:-$ROOT/bench/out/suite}
ROUNDS=${ROUNDS:-5}
WORKERS=2 # the issue's figure; playwright.config.js says it too
SMOKEFLOW=${SMOKEFLOW:-}
SMOKEFLOW_FLAGS=${SMOKEFLOW_FLAGS:-}
SMOKEFLOW_B=${SMOKEFLOW_B:-}
SMOKEFLOW_B_FLAGS=${SMOKEFLOW_B_FLAGS:-}
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
export NO_COLOR=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PLAYWRIGHT_BROWSERS_PATH=0

. "$ROOT/bench/lib.sh"

sf_tmpdir sfsuite
mkdir -p "$tmp/work" "$tmp/pw"
SERVE_PID= RUN_PID=
# A run in progress is a process group of its own (timed): on exit, the
# whole group is ended, Playwright Test's workers with it (their command
# lines do not name $tmp, so sf_end_left alone would not find them).
sf_on_exit() { [[ -z $RUN_PID ]] || kill -- "-$RUN_PID" 2>/dev/null || true; }
sf_cleanup_on_exit report SERVE_PID

cd "$ROOT"
if [[ -z $SMOKEFLOW ]]; then
	sf_log "building smokeflow (as make build does)"
	CGO_ENABLED=0 go build -o "$tmp/" ./cmd/smokeflow ./cmd/smokeflow-cli
	SMOKEFLOW=$tmp/smokeflow
else
	SMOKEFLOW=$(realpath "$SMOKEFLOW")
fi
B=
if [[ -n $SMOKEFLOW_B || -n $SMOKEFLOW_B_FLAGS ]]; then
	B=1
	SMOKEFLOW_B=$(realpath "${SMOKEFLOW_B:-$SMOKEFLOW}")
	SMOKEFLOW_B_FLAGS=${SMOKEFLOW_B_FLAGS:-$SMOKEFLOW_FLAGS}
fi

# --- 1. the apps and Playwright Test ---------------------------------------------
"$ROOT/realapps/install.sh"
sf_npm_ci "Playwright Test" "$HERE" "$CACHE" .bench-suite-lock
# Playwright Test's project folder: the pinned install as its node_modules,
# so that npx finds the playwright command there and downloads nothing;
# the config and the tests stay in bench/suite (NODE_PATH for their require).
ln -s "$CACHE/node_modules" "$tmp/pw/node_modules"
export NODE_PATH=$CACHE/node_modules
go build -o "$tmp/serve" ./realapps/serve
go build -o "$tmp/treecpu" ./bench/cmd/treecpu
sf_serve realapps/serve "$tmp/serve.log" "$tmp/serve" -pages "$ROOT/realapps/pages" -modules "$REALAPPS_CACHE/node_modules"
sf_log "serving the apps on $URL"

rm -rf "$OUT"
mkdir -p "$OUT/logs" "$OUT/reports"
{
	sf_machine_info
	echo "chromium: $("$CHROMIUM" --version 2>/dev/null)"
	echo "node: $(node --version)"
	echo "@playwright/test: $(node -p "require('@playwright/test/package.json').version")"
	echo "smokeflow: $(sf_smokeflow_version "$SMOKEFLOW")"
	echo "smokeflow flags: ${SMOKEFLOW_FLAGS:-(none)}"
	[[ -z $B ]] || echo "smokeflow-b: $(sf_smokeflow_version "$SMOKEFLOW_B") $SMOKEFLOW_B, flags: ${SMOKEFLOW_B_FLAGS:-(none)}"
	echo "flows: $(find "$HERE/flows" -name '*.yaml' | wc -l), tests: $(grep -c "^test(" "$HERE"/tests/*.spec.js | awk -F: '{ n += $2 } END { print n }'), workers: $WORKERS"
} >"$OUT/machine.txt"
cat "$OUT/machine.txt" >&2

# --- 2. the rounds ------------------------------------------------------------
CSV=$OUT/suite.csv
echo "tool,round,ms,rc,load1,cpu_s" >"$CSV"

# timed TOOL ROUND DIR CMD...: runs CMD in DIR with a fresh, empty TMPDIR,
# in a process group of its own (RUN_PID), output to the log, one line of
# CSV: ms is CMD's wall time from its start to its exit, cpu_s the user
# and system time of CMD and every process it started, each tool's
# browsers included (bench/cmd/treecpu, a child subreaper, reaps and
# counts the processes whose parent ended first).
timed() {
	local tool=$1 round=$2 dir=$3
	shift 3
	local t0 t1 rc=0 load cpu= user sys scratch=$tmp/tmp/$tool-$round
	mkdir -p "$scratch"
	load=$(cut -d' ' -f1 /proc/loadavg)
	t0=$(sf_now_ms)
	(cd "$dir" && TMPDIR=$scratch exec setsid "$tmp/treecpu" "$scratch.cpu" "$@") >"$OUT/logs/$tool-$round.txt" 2>&1 &
	RUN_PID=$!
	wait "$RUN_PID" || rc=$?
	t1=$(sf_now_ms)
	RUN_PID=
	local ms=$((t1 - t0))
	if [[ -s $scratch.cpu ]]; then
		read -r user sys ms <"$scratch.cpu"
		cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')
	fi
	echo "$tool,$round,$ms,$rc,$load,${cpu:-}" >>"$CSV"
	sf_log "  $tool: $ms ms, ${cpu:-?} s of CPU, exit $rc (load $load)"
	[[ $rc == 0 ]] || sf_log "  $tool round $round exited $rc (see $OUT/logs/$tool-$round.txt)"
	rm -rf "$scratch" "$scratch.cpu"
}
# sf ROUND [b]: smokeflow's run (b: smokeflow-b's).
sf() {
	local tool=smokeflow bin=$SMOKEFLOW flags=$SMOKEFLOW_FLAGS
	[[ ${2:-} != b ]] || tool=smokeflow-b bin=$SMOKEFLOW_B flags=$SMOKEFLOW_B_FLAGS
	# shellcheck disable=SC2086 # flags is a list of flags
	timed "$tool" "$1" "$tmp/work" "$bin" run "$HERE/flows" --base-url "$URL" --workers "$WORKERS" \
		--report "json=$OUT/reports/$tool-$1.json" $flags
}
pw() {
	timed playwright "$1" "$tmp/pw" env BASE_URL="$URL" PW_OUT="$tmp/pw/test-results" \
		PW_REPORT="$OUT/reports/playwright-$1.json" npx --no-install playwright test --config "$HERE/playwright.config.js"
}

for i in $(seq "$ROUNDS"); do
	sf_log "round $i of $ROUNDS (load $(cut -d' ' -f1-3 /proc/loadavg))"
	if ((i % 2)); then sf "$i"; [[ -z $B ]] || sf "$i" b; pw "$i"; else pw "$i"; [[ -z $B ]] || sf "$i" b; sf "$i"; fi
done

# --- 3. the report ------------------------------------------------------------
node "$HERE/report.js" "$OUT" | tee "$OUT/report.md"
sf_log "raw numbers in $OUT"
