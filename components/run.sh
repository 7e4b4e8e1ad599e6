#!/usr/bin/env bash
# components/run.sh — smokeflow and Playwright, side by side, on small apps
# built with popular UI libraries from npm (docs/components.md). `make
# components` runs it; it is not part of `make test` (it installs from npm).
#
#  1. installs what components/package-lock.json pins (the UI libraries,
#     esbuild and Playwright Test) into components/.cache (gitignored) with
#     `npm ci --ignore-scripts`, once per version of the lock file; no
#     browser is downloaded;
#  2. bundles each app of components/apps with esbuild
#     (components/build.mjs) into a temporary site;
#  3. serves the site and the installed packages on 127.0.0.1
#     (realapps/serve);
#  4. RUNS times (default 3): `smokeflow run components/flows` and
#     Playwright Test on components/playwright, both on /usr/bin/chromium
#     (Playwright with --no-sandbox), each writing its JSON results to
#     OUT/run-N/;
#  5. writes OUT/table.md (components/table.js): library, version,
#     smokeflow passes (n/RUNS), Playwright passes (n/RUNS), the
#     workarounds each needed, and smokeflow's failure.
#
# Every browser and the server live under one temporary folder (their
# TMPDIR); a trap ends the server and anything left under it, and the run
# fails if something was left. Exits 0 when every flow and test passed in
# every run, 1 otherwise.
#
#   components/run.sh                    # every library, 3 runs
#   RUNS=1 components/run.sh mui ionic   # some libraries, one run
#   TOOLS=smokeflow components/run.sh    # one tool
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
HERE=$ROOT/components
CACHE=${COMPONENTS_CACHE:-$HERE/.cache}
OUT=${OUT:-$HERE/out}
SMOKEFLOW=${SMOKEFLOW:-$ROOT/bin/smokeflow}
RUNS=${RUNS:-3}
TOOLS=${TOOLS:-smokeflow,playwright}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
export NO_COLOR=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PLAYWRIGHT_BROWSERS_PATH=0 CHROMIUM

. "$ROOT/bench/lib.sh"

sf_tmpdir sfcomponents /tmp
SERVE_PID=
sf_cleanup_on_exit fail SERVE_PID

cd "$ROOT"
[[ -x $SMOKEFLOW ]] || { sf_log "no smokeflow at $SMOKEFLOW: run make build (or make components)"; exit 2; }
SMOKEFLOW=$(realpath "$SMOKEFLOW")

# The libraries to run: the arguments, else every folder of components/apps.
libs=("$@")
if ((${#libs[@]} == 0)); then
	for d in "$HERE"/apps/*/; do libs+=("$(basename "$d")"); done
fi
for l in "${libs[@]}"; do
	[[ -f $HERE/flows/$l.yaml && -f $HERE/playwright/$l.spec.js ]] ||
		{ sf_log "no library $l: components/flows/$l.yaml and components/playwright/$l.spec.js are its flow and test"; exit 2; }
done

# --- 1, 2. install and bundle ----------------------------------------------------
sf_npm_ci "the pinned UI libraries" "$HERE" "$CACHE" .components-lock
sf_log "bundling the apps with esbuild"
node "$HERE/build.mjs" "$HERE/apps" "$tmp/site" "$CACHE/node_modules"

# --- 3. serve ----------------------------------------------------------------------
go build -o "$tmp/serve" ./realapps/serve
sf_serve components "$tmp/serve.log" "$tmp/serve" -pages "$tmp/site" -modules "$CACHE/node_modules"
sf_log "serving the apps on $URL"

# Playwright's project: a copy beside the installed packages.
mkdir -p "$tmp/pw"
cp "$HERE"/playwright/*.js "$tmp/pw/"
ln -s "$CACHE/node_modules" "$tmp/pw/node_modules"

# --- 4. run ------------------------------------------------------------------------
rm -rf "$OUT"
mkdir -p "$OUT"
{
	sf_machine_info
	echo "chromium: $("$CHROMIUM" --version 2>/dev/null), headless"
	echo "smokeflow: $(sf_smokeflow_version "$SMOKEFLOW")"
	echo "playwright: $(node -p "require('$CACHE/node_modules/@playwright/test/package.json').version") (@playwright/test)"
	echo "node: $(node --version)"
	echo "runs: $RUNS; libraries: ${libs[*]}"
} >"$OUT/machine.txt"
cat "$OUT/machine.txt" >&2

flows=() specs=()
for l in "${libs[@]}"; do
	flows+=("$HERE/flows/$l.yaml")
	specs+=("$l.spec.js")
done
rc=0
for i in $(seq "$RUNS"); do
	run=$OUT/run-$i
	mkdir -p "$run"
	if [[ ,$TOOLS, == *,smokeflow,* ]]; then
		sf_log "run $i/$RUNS: smokeflow run (${#flows[@]} flows)"
		TMPDIR=$tmp/tmp SMOKEFLOW_BROWSER=$CHROMIUM "$SMOKEFLOW" run "${flows[@]}" --base-url "$URL" --quiet \
			--artifacts "$run/smokeflow" --report "json=$run/smokeflow.json" || rc=1
	fi
	if [[ ,$TOOLS, == *,playwright,* ]]; then
		sf_log "run $i/$RUNS: Playwright Test (${#specs[@]} tests)"
		(cd "$tmp/pw" && TMPDIR=$tmp/tmp BASE_URL=$URL PW_OUT=$run/playwright \
			node node_modules/@playwright/test/cli.js test "${specs[@]}") || rc=1
	fi
done

# --- 5. the table ------------------------------------------------------------------
node "$HERE/table.js" "$OUT" "$RUNS" "${libs[@]}" >"$OUT/table.md"
cat "$OUT/table.md"
sf_log "results table: $OUT/table.md; raw results in $OUT/run-*/"
exit "$rc"
