#!/usr/bin/env bash
# bench/run.sh — smokeflow vs Playwright on this machine, in one run.
#
# Builds smokeflow, installs playwright-core and gpt-tokenizer from npm into
# a temporary folder (Playwright drives the installed Chromium through
# executablePath; no browser is ever downloaded), serves the demo shop, and
# measures, alternating the two tools:
#   a. the ten-step flow end to end (browser start included), ROUNDS each
#   b. a suite of 20 copies of it with 2 workers, SUITE_ROUNDS each
#   c. snapshot size (characters, o200k tokens) and time on 3 demo pages
#      and testdata/bench/dashboard.html
#   d. a missing element: time to fail and the error each tool gives
# then (GO_BENCH=1, the default) the Go benchmarks of ./bench and a CPU
# profile of the ten-step flow. Prints a Markdown report; raw numbers go to
# bench/out/ (gitignored; artifacts of failed flows in bench/out/art). Cleans up (demo server, browsers, temp files)
# on any exit.
#
#   bench/run.sh                      # ~7 minutes on 2 cores
#   ROUNDS=5 SUITE_ROUNDS=1 GO_BENCH=0 bench/run.sh   # quicker
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-$ROOT/bench/out}
ROUNDS=${ROUNDS:-10}
SUITE_ROUNDS=${SUITE_ROUNDS:-3}
SUITE_FLOWS=${SUITE_FLOWS:-20}
WORKERS=${WORKERS:-2}
MISSING_ROUNDS=${MISSING_ROUNDS:-3}
SNAP_REPEAT=${SNAP_REPEAT:-10}
GO_BENCH=${GO_BENCH:-1}
GO_BENCHTIME=${GO_BENCHTIME:-20x}
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
export NO_COLOR=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PLAYWRIGHT_BROWSERS_PATH=0

. "$ROOT/bench/lib.sh"
# Every browser profile (smokeflow's and Playwright's) is created under
# $tmp, so the browsers of this run can be found by that path, and only
# they.
sf_tmpdir smokeflow-bench
export TMPDIR=$tmp/tmp
DEMO_PID=
sf_cleanup_on_exit quiet DEMO_PID

rm -rf "$OUT"
mkdir -p "$OUT"
cd "$ROOT"

# --- machine and versions ---------------------------------------------------
sf_log "building smokeflow"
CGO_ENABLED=0 go build -o "$tmp/" ./cmd/smokeflow ./cmd/smokeflow-cli
go build -o "$tmp/snapstat" ./bench/cmd/snapstat

sf_log "installing playwright-core and gpt-tokenizer into $tmp/npm"
npm install --prefix "$tmp/npm" --no-audit --no-fund --loglevel=error playwright-core gpt-tokenizer >"$OUT/npm.log" 2>&1
export NODE_PATH=$tmp/npm/node_modules

{
	sf_machine_info
	echo "memory: $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)"
	echo "cpu: $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
	echo "kernel: $(uname -sr)"
	echo "chromium: $("$CHROMIUM" --version 2>/dev/null)"
	echo "go: $(go version | awk '{print $3}')"
	echo "node: $(node --version)"
	echo "playwright-core: $(node -p "require('playwright-core/package.json').version")"
	echo "gpt-tokenizer: $(node -p "require('gpt-tokenizer/package.json').version") (encode = o200k_base)"
	echo "smokeflow: $(sf_smokeflow_version "$tmp/smokeflow")"
} >"$OUT/machine.txt"
cat "$OUT/machine.txt" >&2

# --- the demo shop ----------------------------------------------------------
# start_demo serves the demo shop in the background and sets URL.
start_demo() {
	"$tmp/smokeflow" demo --serve >>"$tmp/demo.log" 2>&1 &
	DEMO_PID=$!
	URL=
	local line
	for _ in $(seq 100); do
		line=$(grep -o 'http://[0-9.]*:[0-9]*' "$tmp/demo.log" | tail -1 || true)
		if [[ -n $line && $line != "${OLD_URL:-}" ]]; then URL=$line; break; fi
		kill -0 "$DEMO_PID" 2>/dev/null || { cat "$tmp/demo.log" >&2; exit 1; }
		sleep 0.1
	done
	[[ -n $URL ]] || { echo "the demo shop did not print its URL" >&2; exit 1; }
	OLD_URL=$URL
	sf_log "demo shop on $URL"
}
# demo_up reports whether the demo shop still answers. On a shared machine
# something may end it (it happened while these numbers were taken): then
# it is started again, and the restart is recorded.
demo_up() { kill -0 "$DEMO_PID" 2>/dev/null && curl -fsS -o /dev/null --max-time 5 "$URL/"; }
ensure_demo() {
	demo_up && return 0
	sf_log "  the demo shop on $URL is gone; starting it again"
	echo "$(date -u +%H:%M:%S) demo shop on $URL gone; restarted" >>"$OUT/demo-restarts.txt"
	wait "$DEMO_PID" 2>/dev/null || true
	start_demo
}
sf_log "starting the demo shop"
start_demo
PW=$ROOT/bench/playwright

# run_timed FILE CSV_PREFIX CMD... : runs CMD (a function that reads $URL
# when it runs), output to FILE, appends "CSV_PREFIX,ms,rc" to $CSV. A run
# that failed because the demo shop went away is run again once.
run_timed() {
	local file=$1 prefix=$2
	shift 2
	local t0 t1 rc try
	for try in 1 2; do
		ensure_demo
		rc=0
		t0=$(sf_now_ms)
		"$@" >"$file" 2>&1 || rc=$?
		t1=$(sf_now_ms)
		if [[ $rc != 0 && $try == 1 ]] && ! demo_up; then
			sf_log "  $prefix failed while the demo shop was down; once more"
			continue
		fi
		break
	done
	echo "$prefix,$((t1 - t0)),$rc" >>"$CSV"
	[[ $rc == 0 ]] || sf_log "  $prefix exited $rc (see $file)"
	return 0
}

# --- a. the ten-step flow end to end -----------------------------------------
sf_log "a. ten-step flow end to end, $ROUNDS rounds each, alternating"
CSV=$OUT/e2e.csv
echo "tool,round,ms,rc" >"$CSV"
mkdir -p "$OUT/logs"
sf_e2e_cmd() { "$tmp/smokeflow" run bench/flows/ten-steps.yaml --base-url "$URL" --artifacts "$OUT/art/e2e-$1"; }
pw_e2e_cmd() { node "$PW/ten-steps.js" "$URL"; }
sf_e2e() { run_timed "$OUT/logs/e2e-smokeflow-$1.txt" "smokeflow,$1" sf_e2e_cmd "$1"; }
pw_e2e() { run_timed "$OUT/logs/e2e-playwright-$1.txt" "playwright,$1" pw_e2e_cmd "$1"; }
for i in $(seq "$ROUNDS"); do
	if ((i % 2)); then sf_e2e "$i"; pw_e2e "$i"; else pw_e2e "$i"; sf_e2e "$i"; fi
done

# --- b. a suite of 20 flows with 2 workers -----------------------------------
sf_log "b. suite of $SUITE_FLOWS flows, $WORKERS workers, $SUITE_ROUNDS rounds each"
mkdir -p "$tmp/suite"
for k in $(seq -w "$SUITE_FLOWS"); do
	sed "s/^name: .*/name: Ten steps, copy $k/" bench/flows/ten-steps.yaml >"$tmp/suite/ten-steps-$k.yaml"
done
CSV=$OUT/suite.csv
echo "tool,round,ms,rc" >"$CSV"
sf_suite_cmd() { "$tmp/smokeflow" run "$tmp/suite" --workers "$WORKERS" --base-url "$URL" --artifacts "$OUT/art/suite-$1"; }
pw_suite_cmd() { node "$PW/suite.js" "$URL" "$SUITE_FLOWS" "$WORKERS"; }
sf_suite() { run_timed "$OUT/logs/suite-smokeflow-$1.txt" "smokeflow,$1" sf_suite_cmd "$1"; }
pw_suite() { run_timed "$OUT/logs/suite-playwright-$1.txt" "playwright,$1" pw_suite_cmd "$1"; }
for i in $(seq "$SUITE_ROUNDS"); do
	if ((i % 2)); then sf_suite "$i"; pw_suite "$i"; else pw_suite "$i"; sf_suite "$i"; fi
done

# --- c. snapshots -------------------------------------------------------------
sf_log "c. snapshots"
: >"$OUT/snapshots.jsonl"
mkdir -p "$OUT/snapshots"
pages=("home|@URL@/" "search|@URL@/search?q=mug" "checkout|@URL@/checkout" "dashboard|file://$ROOT/testdata/bench/dashboard.html")
n=0
for entry in "${pages[@]}"; do
	ensure_demo
	name=${entry%%|*} url=${entry#*|}
	url=${url//@URL@/$URL}
	sf() { "$tmp/snapstat" "$name" "$url" "$OUT/snapshots" "$SNAP_REPEAT" >>"$OUT/snapshots.jsonl" 2>>"$OUT/logs/snapshots.txt" || sf_log "  smokeflow snapshot of $name failed"; }
	pw() { node "$PW/snapshot.js" "$name" "$url" "$OUT/snapshots" "$SNAP_REPEAT" >>"$OUT/snapshots.jsonl" 2>>"$OUT/logs/snapshots.txt" || sf_log "  playwright snapshot of $name failed"; }
	if ((n++ % 2)); then pw; sf; else sf; pw; fi
done
# The command line, end to end, on the pages that need no preparation; its
# text must be what snapstat saved.
CSV=$OUT/cli-snapshot.csv
echo "page,ms,rc,same_as_snapstat" >"$CSV"
for entry in "home|@URL@/" "dashboard|file://$ROOT/testdata/bench/dashboard.html"; do
	ensure_demo
	name=${entry%%|*} url=${entry#*|}
	url=${url//@URL@/$URL}
	t0=$(sf_now_ms) rc=0
	"$tmp/smokeflow" snapshot "$url" >"$OUT/snapshots/cli-smokeflow-$name.txt" 2>>"$OUT/logs/snapshots.txt" || rc=$?
	t1=$(sf_now_ms)
	same=no
	cmp -s "$OUT/snapshots/cli-smokeflow-$name.txt" "$OUT/snapshots/snap-smokeflow-$name.txt" && same=yes
	echo "$name,$((t1 - t0)),$rc,$same" >>"$CSV"
done

# --- d. a missing element -----------------------------------------------------
sf_log "d. missing element, $MISSING_ROUNDS rounds each"
CSV=$OUT/missing.csv
echo "tool,round,ms,rc" >"$CSV"
sf_missing_cmd() { "$tmp/smokeflow" run bench/flows/missing-element.yaml --base-url "$URL" --artifacts "$OUT/art/missing-$1" --report "json=$OUT/logs/missing-smokeflow-$1.json"; }
pw_missing_cmd() { node "$PW/missing.js" "$URL"; }
sf_missing() { run_timed "$OUT/logs/missing-smokeflow-$1.txt" "smokeflow,$1" sf_missing_cmd "$1"; }
pw_missing() { run_timed "$OUT/logs/missing-playwright-$1.txt" "playwright,$1" pw_missing_cmd "$1"; }
for i in $(seq "$MISSING_ROUNDS"); do
	if ((i % 2)); then sf_missing "$i"; pw_missing "$i"; else pw_missing "$i"; sf_missing "$i"; fi
done

kill "$DEMO_PID" 2>/dev/null || true
wait "$DEMO_PID" 2>/dev/null || true
DEMO_PID=

# --- Go benchmarks ------------------------------------------------------------
if [[ $GO_BENCH == 1 ]]; then
	sf_log "go test ./bench -bench (benchtime $GO_BENCHTIME)"
	go test ./bench -run '^$' -bench 'ChromiumReads|Snapshot|Resolve|FindLate|BusyWait|Diagnostics|Absent|FreshContext' -benchtime "$GO_BENCHTIME" -timeout 20m \
		>"$OUT/go-bench.txt" 2>&1 || sf_log "  go benchmarks failed (see $OUT/go-bench.txt)"
	sf_log "go test ./bench -bench FlowTenSteps with a CPU profile"
	go test ./bench -run '^$' -bench 'FlowTenSteps' -benchtime 5x -timeout 10m \
		-o "$tmp/bench.test" -cpuprofile "$OUT/flow-cpu.prof" >>"$OUT/go-bench.txt" 2>&1 || sf_log "  flow benchmark failed"
	if [[ -s $OUT/flow-cpu.prof ]]; then
		go tool pprof -top -nodecount=30 "$tmp/bench.test" "$OUT/flow-cpu.prof" >"$OUT/flow-cpu-top.txt" 2>/dev/null || true
		go tool pprof -top -cum -nodecount=40 "$tmp/bench.test" "$OUT/flow-cpu.prof" >"$OUT/flow-cpu-cum.txt" 2>/dev/null || true
	fi
fi

# --- report -------------------------------------------------------------------
node "$ROOT/bench/report.js" "$OUT" | tee "$OUT/report.md"
sf_log "raw numbers in $OUT"
