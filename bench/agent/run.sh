#!/usr/bin/env bash
# bench/agent/run.sh — smokeflow's agent session next to agent-browser, in
# one run (docs/benchmarks.md "The agent session against agent-browser").
# `make bench-agent` runs it; it is not part of `make test` (it installs
# from npm).
#
#  1. installs what bench/agent/package-lock.json pins (agent-browser, whose
#     native CLI ships in its npm package, and gpt-tokenizer) into
#     bench/agent/.cache (gitignored) with `npm ci --ignore-scripts`, once
#     per version of the lock file: agent-browser's postinstall would
#     download from elsewhere, and the binary it needs is already there;
#     with the real apps of the broader token tasks (Gentelella, SB Admin 2,
#     Tabler UI, JSONEditor), whose tags that load from other hosts are
#     taken out once installed;
#  2. for the AdminLTE task, installs and assembles the real apps
#     (realapps/install.sh, into REALAPPS_CACHE) and serves them
#     (realapps/serve);
#  3. runs the Go driver (bench/agent), which serves the bench dashboard,
#     the demo shop and the other real apps itself and measures: warm
#     command latency, the cold first command, and the tokens of the tasks
#     TASKS names (each open, a read, then each action and a read);
#  4. writes bench/agent/out/report.md (and results.json, the transcripts).
#
# Both tools drive CHROMIUM (default /usr/bin/chromium), headless. Every
# process a tool starts lives under one temporary folder; a trap ends the
# servers and any such process left, and the run fails if one was left.
#
#   bench/agent/run.sh                      # ~10 minutes on 2 cores
#   SMOKEFLOW=bin/smokeflow bench/agent/run.sh
#   TOOLS=agent-browser bench/agent/run.sh  # the peer only
#   BEFORE=old/smokeflow bench/agent/run.sh # another build too, as smokeflow-before, alternating
#   RUNS=5 COLD_RUNS=2 bench/agent/run.sh   # quicker
#   THINK=1s bench/agent/run.sh             # each warm command 1 s after the one before,
#                          # of either tool: a model's time to answer
#   TASKS=adminlte,apps SKIP=warm,cold bench/agent/run.sh
#                          # the token tasks only: AdminLTE's and the six on
#                          # the other real apps (TASKS=apps: those six; or
#                          # task names, bench/agent/tasks.go)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/bench/agent
CACHE=${AGENT_BENCH_CACHE:-$HERE/.cache}
export REALAPPS_CACHE=${REALAPPS_CACHE:-$ROOT/realapps/.cache}
OUT=${OUT:-$HERE/out}
TOOLS=${TOOLS:-smokeflow,agent-browser}
RUNS=${RUNS:-30}
COLD_RUNS=${COLD_RUNS:-10}
THINK=${THINK:-0s}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
SMOKEFLOW=${SMOKEFLOW:-}
TASKS=${TASKS:-adminlte}
SKIP=${SKIP:-}
BEFORE=${BEFORE:-}
export NO_COLOR=1

. "$ROOT/bench/lib.sh"

# A short path: the tools' sockets live under it.
sf_tmpdir sfab /tmp
SERVE_PID=
sf_cleanup_on_exit fail SERVE_PID

[[ -z $SMOKEFLOW ]] || SMOKEFLOW=$(realpath "$SMOKEFLOW")
if [[ -n $BEFORE ]]; then
	BEFORE=$(realpath "$BEFORE")
	[[ ,$TOOLS, == *,smokeflow-before,* ]] || TOOLS=smokeflow-before,$TOOLS
fi
cd "$ROOT"

# --- 1. agent-browser, gpt-tokenizer and the real apps -------------------------
# The real apps' pages, offline: their <link>/<script> tags that load from
# another host (web fonts, icon fonts) taken out, as realapps/install.sh
# does for AdminLTE's.
assemble_apps() {
	sf_log "taking out the tags that load from other hosts (Gentelella, SB Admin 2, Tabler UI, JSONEditor pages)"
	local m=$CACHE/node_modules
	find "$m/gentelella/dist" "$m/startbootstrap-sb-admin-2" "$m/tabler-ui/dist" "$m/jsoneditor/examples" \
		-maxdepth 2 -name '*.html' -print0 |
		xargs -0 sed -i -E '/<(link|script)[^>]*(href|src)="(https?:)?\/\//d'
}
sf_npm_ci "the pinned packages" "$HERE" "$CACHE" .bench-agent-lock assemble_apps
AB=$CACHE/node_modules/agent-browser/bin/agent-browser-linux-x64
[[ $(uname -sm) == "Linux x86_64" ]] || { sf_log "the agent-browser binary used here is the linux-x64 one"; exit 2; }
chmod +x "$AB"
export NODE_PATH=$CACHE/node_modules

# --- 2. AdminLTE ------------------------------------------------------------
# AdminLTE's form: the adminlte token task and a warm page; TodoMVC: a
# warm page (both from realapps/)
ADMIN= TODO=
if [[ ,$TASKS, == *,adminlte,* || ,$SKIP, != *,warm,* ]]; then
	"$ROOT/realapps/install.sh"
	go build -o "$tmp/serve" ./realapps/serve
	sf_serve realapps/serve "$tmp/serve.log" "$tmp/serve" -pages realapps/pages -modules "$REALAPPS_CACHE/node_modules"
	ADMIN=$URL/node_modules/admin-lte/pages/forms/general.html
	curl -fsS -o /dev/null --max-time 10 "$ADMIN" || { sf_log "AdminLTE's page does not answer at $ADMIN"; exit 1; }
	sf_log "AdminLTE on $ADMIN"
	TODO=$URL/node_modules/todomvc/examples/vanillajs/index.html
	curl -fsS -o /dev/null --max-time 10 "$TODO" || { sf_log "TodoMVC does not answer at $TODO"; exit 1; }
fi

# --- 3. measure ---------------------------------------------------------------
if [[ ,$TOOLS, == *,smokeflow,* && -z $SMOKEFLOW ]]; then
	sf_log "building smokeflow"
	CGO_ENABLED=0 go build -o "$tmp/" ./cmd/smokeflow ./cmd/smokeflow-cli ./cmd/smokeflow-session # as make build does: static
	SMOKEFLOW=$tmp/smokeflow
fi
go build -o "$tmp/agentbench" ./bench/agent
skips=
[[ ,$SKIP, != *,warm,* ]] || skips+=" -skip-warm"
[[ ,$SKIP, != *,cold,* ]] || skips+=" -skip-cold"
rm -rf "$OUT"
mkdir -p "$OUT"
{
	sf_machine_info
	echo "cpu: $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
	echo "chromium: $("$CHROMIUM" --version 2>/dev/null), headless"
	echo "agent-browser: $("$AB" --version 2>/dev/null) (npm agent-browser, native linux-x64 CLI)"
	if [[ -n $SMOKEFLOW ]]; then
		echo "smokeflow: $(sf_smokeflow_version "$SMOKEFLOW")"
	fi
	if [[ -n $BEFORE ]]; then
		echo "smokeflow-before: $(sf_smokeflow_version "$BEFORE")"
	fi
	echo "go: $(go version | awk '{print $3}')"
	echo "node: $(node --version)"
	if [[ -n $ADMIN ]]; then
		echo "admin-lte: $(node -p "require('$REALAPPS_CACHE/node_modules/admin-lte/package.json').version")"
	fi
	echo "tasks: $TASKS"
	echo "apps: $(cd "$CACHE/node_modules" && for a in gentelella startbootstrap-sb-admin-2 tabler-ui jsoneditor; do printf '%s %s ' "$a" "$(node -p "require('./$a/package.json').version")"; done)"
	echo "tools: $TOOLS"
	echo "think: $THINK before each warm command"
	echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$OUT/machine.txt"
cat "$OUT/machine.txt" >&2
"$tmp/agentbench" -tools "$TOOLS" -smokeflow "$SMOKEFLOW" -smokeflow-before "$BEFORE" -agent-browser "$AB" -chromium "$CHROMIUM" \
	-adminlte "$ADMIN" -todomvc "$TODO" -tasks "$TASKS" -apps "$CACHE/node_modules" \
	-testdata "$ROOT/testdata/bench" -dir "$tmp/tools" -out "$OUT/results.json" \
	-runs "$RUNS" -cold-runs "$COLD_RUNS" -think "$THINK" $skips

echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$OUT/machine.txt"

# --- 4. report ------------------------------------------------------------------
node "$HERE/report.js" "$OUT" | tee "$OUT/report.md"
sf_log "raw numbers and transcripts in $OUT"
