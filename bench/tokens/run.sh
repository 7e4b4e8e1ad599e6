#!/usr/bin/env bash
# bench/tokens/run.sh — smokeflow's snapshot next to agent-browser's
# `snapshot -i` and Playwright's AI snapshot, on a real corpus served
# locally, in one run (docs/benchmarks.md "Snapshot tokens on a real
# corpus"). `make bench-tokens` runs it; it is not part of `make test` (it
# installs from npm).
#
#  1. installs the sites this package.json pins (Spectre.css's built docs,
#     Gentelella's and SB Admin 2's pages, JSONEditor's examples, Tabler
#     UI's docs) into bench/tokens/.cache, once per version of the lock
#     file, and takes out of their pages what loads from other hosts;
#     agent-browser and gpt-tokenizer come from AGENT_BENCH_CACHE
#     (bench/agent/run.sh installs them), AdminLTE, the editors, Swagger
#     UI, TodoMVC and playwright-core from REALAPPS_CACHE
#     (realapps/install.sh);
#  2. serves the real apps, the sites (realapps/serve; Gentelella on a
#     server of its own, as its pages load from the root) and the demo shop
#     (`smokeflow demo --serve`);
#  3. runs measure.js: each page read by the three tools, tokens, refs and
#     recall; writes OUT/report.md, OUT/results.json and every text.
#
#   bench/tokens/run.sh                    # ~17 minutes (190 pages) on 2 cores shared with others
#   PEERS=reuse bench/tokens/run.sh        # the peers read only the pages the last run did not
#   SMOKEFLOW=path bench/tokens/run.sh     # another build (default: built from the tree)
#   PAGES=regexp PEERS=reuse bench/tokens/run.sh  # only the pages whose "group name" matches (to iterate)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/bench/tokens
CACHE=${TOKENS_CACHE:-$HERE/.cache}
export REALAPPS_CACHE=${REALAPPS_CACHE:-$ROOT/realapps/.cache}
AGENT_BENCH_CACHE=${AGENT_BENCH_CACHE:-$ROOT/bench/agent/.cache}
export OUT=${OUT:-$HERE/out}
export CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
export PEERS=${PEERS:-}

. "$ROOT/bench/lib.sh"

# A short path: the tools' sockets live under it.
sf_tmpdir sftok /tmp
PIDS=()
sf_cleanup_on_exit report PIDS
cd "$ROOT"

# --- 1. what the run needs ---------------------------------------------------------
# offline: the <link>/<script> tags that load from another host (web
# fonts, scripts on a CDN) taken out, and the images of another host
# emptied, so that every request stays on 127.0.0.1
offline() {
	find "$CACHE/node_modules/gentelella/dist" "$CACHE/node_modules/startbootstrap-sb-admin-2" \
		"$CACHE/node_modules/jsoneditor/examples" "$CACHE/node_modules/tabler-ui/dist" -name '*.html' -print0 |
		xargs -0 sed -i -E -e '/<(link|script)[^>]*(href|src)="(https?:)?\/\//d' \
			-e 's/(<img[^>]*src=")(https?:)?\/\/[^"]*"/\1"/g'
}
sf_npm_ci "the sites" "$HERE" "$CACHE" .bench-tokens-lock offline
"$ROOT/realapps/install.sh"
AB=$AGENT_BENCH_CACHE/node_modules/agent-browser/bin/agent-browser-linux-x64
if [[ ! -x $AB && $AGENT_BENCH_CACHE == "$ROOT/bench/agent/.cache" ]]; then
	sf_log "agent-browser is not installed: bench/agent/run.sh installs it; run it once (TOOLS=agent-browser RUNS=1 COLD_RUNS=1)"
	exit 2
fi
export NODE_PATH=$AGENT_BENCH_CACHE/node_modules:$REALAPPS_CACHE/node_modules
export ADMINLTE=$REALAPPS_CACHE/node_modules/admin-lte SITES=$CACHE/node_modules

# Each tool's binary, HOME, TMPDIR and runtime folder under $tmp, so its
# processes are found by that path.
for t in sf ab; do mkdir -p "$tmp/$t/bin" "$tmp/$t/home" "$tmp/$t/tmp" "$tmp/$t/run"; done
export SF_DIR=$tmp/sf AB_DIR=$tmp/ab
sf_log "building smokeflow and the server"
if [[ -n ${SMOKEFLOW:-} ]]; then
	cp "$SMOKEFLOW" "$tmp/sf/bin/smokeflow"
else
	CGO_ENABLED=0 go build -o "$tmp/sf/bin/" ./cmd/smokeflow ./cmd/smokeflow-cli
fi
go build -o "$tmp/serve" ./realapps/serve
cp "$AB" "$tmp/ab/bin/agent-browser" && chmod +x "$tmp/ab/bin/agent-browser"
export SMOKEFLOW=$tmp/sf/bin/smokeflow AB=$tmp/ab/bin/agent-browser

# --- 2. serve ------------------------------------------------------------------------
# start NAME CMD...: runs CMD in the background and sets URL to the first
# http://host:port it prints.
start() {
	sf_serve "$1" "$tmp/$1.log" "${@:2}"
	PIDS+=("$SERVE_PID")
}
start apps "$tmp/serve" -pages realapps/pages -modules "$REALAPPS_CACHE/node_modules"
export APPS=$URL
start docs "$tmp/serve" -pages realapps/pages -modules "$CACHE/node_modules"
export DOCS=$URL
# Gentelella's pages load their scripts from /js/ and /assets/
start gentelella "$tmp/serve" -pages "$CACHE/node_modules/gentelella/dist" -modules "$CACHE/node_modules"
export GENTELELLA=$URL
start shop "$SMOKEFLOW" demo --serve
export SHOP=$URL

# --- 3. measure ------------------------------------------------------------------------
mkdir -p "$OUT"
{
	echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "chromium: $("$CHROMIUM" --version 2>/dev/null), headless"
	echo "agent-browser: $("$AB" --version 2>/dev/null)"
	echo "smokeflow: ${SMOKEFLOW_LABEL:-$(sf_git_rev)}"
	echo "playwright-core: $(node -p "require('playwright-core/package.json').version")"
	echo "peers: ${PEERS:-measured in this run}"
	echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$OUT/machine.txt"
# in the background, so that a signal reaches the trap at once
node "$HERE/measure.js" >"$OUT/report.md" &
PIDS+=($!)
wait $!
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$OUT/machine.txt"
cat "$OUT/machine.txt" "$OUT/report.md"
sf_log "texts of every page in $OUT/texts"
