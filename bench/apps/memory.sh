#!/usr/bin/env bash
# bench/apps/memory.sh — the memory of smokeflow's own processes, the
# browser excluded (docs/benchmarks.md "Memory"), on the real apps of
# bench/apps/run.sh:
#
#  a. the runner: COPIES copies of the flow of each app of APPS (default
#     all of bench/apps/flows; every copy named apart), `smokeflow run DIR --workers WORKERS`: peak RSS
#     (VmHWM) of the smokeflow process alone, read from /proc every 20 ms
#     until it exits (the last reading is its peak: VmHWM only grows);
#  b. the session's background process: `smokeflow open` on TodoMVC, then
#     fill, press, snapshot, click; then `open` on AdminLTE's data table,
#     snapshot, click, snapshot: VmHWM and VmRSS of the session's process (smokeflow-session) after
#     each group of commands.
#
# Prints a Markdown table; raw readings go to OUT.
#
#   bench/apps/memory.sh
#   SMOKEFLOW=bin/smokeflow COPIES=24 APPS=todomvc bench/apps/memory.sh
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/bench/apps
export REALAPPS_CACHE=${REALAPPS_CACHE:-$ROOT/realapps/.cache}
OUT=${OUT:-$ROOT/bench/out/memory}
COPIES=${COPIES:-8}
WORKERS=${WORKERS:-4}
APPS=${APPS:-$(cd "$HERE/flows" && ls *.yaml | sed 's/\.yaml$//' | tr '\n' ' ')}
SMOKEFLOW=${SMOKEFLOW:-}
export NO_COLOR=1

. "$ROOT/bench/lib.sh"

sf_tmpdir sfmem
mkdir -p "$tmp/work" "$tmp/flows" "$tmp/rt"
SERVE_PID=
sf_on_exit() { SMOKEFLOW_RUNTIME_DIR=$tmp/rt "$SMOKEFLOW" close --session mem >/dev/null 2>&1; }
sf_cleanup_on_exit quiet SERVE_PID

cd "$ROOT"
if [[ -z $SMOKEFLOW ]]; then
	sf_log "building smokeflow (as make build does)"
	CGO_ENABLED=0 go build -o "$tmp/" ./cmd/smokeflow ./cmd/smokeflow-session # as make build does
	SMOKEFLOW=$tmp/smokeflow
else
	SMOKEFLOW=$(realpath "$SMOKEFLOW")
fi
REALAPPS_CACHE=$REALAPPS_CACHE "$ROOT/realapps/install.sh"
go build -o "$tmp/serve" ./realapps/serve
sf_serve realapps/serve "$tmp/serve.log" "$tmp/serve" -pages "$ROOT/realapps/pages" -modules "$REALAPPS_CACHE/node_modules"
rm -rf "$OUT"
mkdir -p "$OUT"

# kb FIELD PID: a /proc/PID/status field in kB.
kb() { awk -v f="$1:" '$1 == f {print $2}' "/proc/$2/status" 2>/dev/null || true; }

# --- a. the runner -------------------------------------------------------------
for app in $APPS; do
	f=$HERE/flows/$app.yaml
	for k in $(seq -w "$COPIES"); do
		sed "s/^name: \(.*\)/name: \1, copy $k/" "$f" >"$tmp/flows/$app-$k.yaml"
	done
done
n=$(ls "$tmp/flows" | wc -l)
sf_log "a. the runner: $n flows, $WORKERS workers"
(cd "$tmp/work" && TMPDIR=$tmp/tmp exec "$SMOKEFLOW" run "$tmp/flows" --workers "$WORKERS" --base-url "$URL") >"$OUT/runner.txt" 2>&1 &
pid=$!
hwm=0 rss=0
while kill -0 "$pid" 2>/dev/null; do
	h=$(kb VmHWM "$pid")
	[[ -z $h ]] || hwm=$h
	sleep 0.02
done
rc=0
wait "$pid" || rc=$?
echo "flows,workers,vmhwm_kb,rc" >"$OUT/runner.csv"
echo "$n,$WORKERS,$hwm,$rc" >>"$OUT/runner.csv"

# --- b. the session's background process -----------------------------------------
sf_log "b. the session's background process"
export SMOKEFLOW_RUNTIME_DIR=$tmp/rt SMOKEFLOW_SESSION=mem
sf() { (cd "$tmp/work" && TMPDIR=$tmp/tmp "$SMOKEFLOW" "$@") >>"$OUT/session.txt" 2>&1 || sf_log "  smokeflow $* failed (see $OUT/session.txt)"; }
echo "after,vmhwm_kb,vmrss_kb" >"$OUT/session.csv"
reading() {
	local p
	p=$(pgrep -f -- "(session-serve|smokeflow-session) --session mem --dir $tmp/rt" | head -1 || true)
	[[ -n $p ]] || { sf_log "  no session process"; return; }
	echo "$1,$(kb VmHWM "$p"),$(kb VmRSS "$p")" >>"$OUT/session.csv"
}
sf open "$URL/node_modules/todomvc/examples/vanillajs/index.html"
reading "open TodoMVC"
sf fill "What needs to be done?" "Buy milk"
sf press Enter
sf snapshot
sf click Active
reading "fill + press + snapshot + click"
sf open "$URL/node_modules/admin-lte/pages/tables/data.html"
reading "open AdminLTE's data table"
sf snapshot
sf click Forms
sf snapshot
reading "snapshot + click + snapshot"
sf close

{
	echo "smokeflow: $(sf_smokeflow_version "$SMOKEFLOW"), load $(cut -d' ' -f1-3 /proc/loadavg)"
	echo
	echo "| process | what | peak RSS (VmHWM) | RSS now |"
	echo "|---|---|---:|---:|"
	echo "| runner | $n flows ($APPS), $WORKERS workers (exit $rc) | $((hwm / 1024)) MiB ($hwm kB) | |"
	tail -n +2 "$OUT/session.csv" | while IFS=, read -r what h r; do
		echo "| session process | after $what | $((h / 1024)) MiB ($h kB) | $((r / 1024)) MiB |"
	done
} | tee "$OUT/report.md"
