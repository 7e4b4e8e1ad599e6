#!/usr/bin/env bash
# bench/features/run.sh — each flow feature of issue 33 written and run with
# smokeflow, Playwright Test and agent-browser on the same fixture, side by
# side: whether it worked, the lines each needed, its time
# (docs/benchmarks.md "Flow features side by side"). `make features` runs
# it; it is not part of `make test` (it installs from npm).
#
# A FEATURE is any name with one of these files (each tool's, as a user of
# that tool writes it):
#
#   bench/features/flows/FEATURE.yaml           smokeflow run FILE --base-url SITE
#   bench/features/playwright/FEATURE.spec.js   Playwright Test, baseURL SITE
#   bench/features/agent-browser/FEATURE.sh     bash FILE, with $AB (the agent-browser
#                                               command) and $BASE (SITE)
#
# and optionally bench/features/env/FEATURE.env (NAME=VALUE lines, the
# environment a CI would give all three, e.g. a secret; not counted).
#
#  1. installs what bench/features/package-lock.json pins (Playwright Test
#     1.65.1, agent-browser 0.41.2, whose native CLI ships in its npm
#     package, and otplib) into bench/features/.cache (gitignored) with
#     `npm ci --ignore-scripts`, once per version of the lock file; no
#     browser is downloaded: all three drive /usr/bin/chromium, headless;
#  2. serves the repository's fixture site, testdata/, as the test suites
#     do (internal/testsite, through bench/features/serve) on 127.0.0.1:
#     the conformance pages are under /conformance/pages/;
#  3. runs each FEATURE with each tool of TOOLS, every run a fresh process
#     (agent-browser: a fresh session, closed after), within TIMEOUT
#     seconds. A run passes when it exits 0; agent-browser's script exits
#     3 when the tool cannot do it at all, its last line on stdout saying
#     why. A file that shows a failure on purpose says so in a comment,
#     `bench: fails "TEXT" ...`: it passes when it exits 1 and its output
#     holds every TEXT;
#  4. counts the lines each tool needed: the non-blank lines of its file
#     that are not comments, and of every other file of bench/features it
#     names (a data file counts for each tool that reads it);
#  5. prints a Markdown table (feature × tool → pass, fail, cannot or
#     missing, lines, seconds), also written to OUT/report.md, with the raw
#     results in OUT/results.tsv and each run's output in OUT/logs/.
#
# Every process lives under one temporary folder (its TMPDIR, and HOME for
# agent-browser); a trap closes the sessions, ends the server and anything
# left, and the run fails if something was left. Exits 0 when every run
# passed (or was missing), 1 otherwise.
#
#   bench/features/run.sh                                  # every feature, every tool
#   FEATURES="soft totp" TOOLS="smokeflow playwright" bench/features/run.sh
#   SMOKEFLOW=/tmp/sf-before/smokeflow bench/features/run.sh
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/bench/features
CACHE=${FEATURES_BENCH_CACHE:-$HERE/.cache}
OUT=${OUT:-$HERE/out}
TOOLS=${TOOLS:-smokeflow playwright agent-browser}
TOOLS=${TOOLS//,/ }
FEATURES=${FEATURES:-}
TIMEOUT=${TIMEOUT:-120}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
SMOKEFLOW=${SMOKEFLOW:-}
export NO_COLOR=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PLAYWRIGHT_BROWSERS_PATH=0 CHROMIUM

. "$ROOT/bench/lib.sh"

# A short path: agent-browser's sockets live under it.
sf_tmpdir sffeatures /tmp
SERVE_PID=
AB_USED=
# sf_on_exit closes every agent-browser session an interrupted run left.
sf_on_exit() { [[ -z $AB_USED ]] || "$AB" close --all >/dev/null 2>&1 || true; }
sf_cleanup_on_exit fail SERVE_PID

[[ -z $SMOKEFLOW ]] || SMOKEFLOW=$(realpath "$SMOKEFLOW")
cd "$ROOT"

for t in $TOOLS; do
	case $t in
	smokeflow | playwright | agent-browser) ;;
	*) sf_log "no tool $t: TOOLS takes smokeflow, playwright and agent-browser"; exit 2 ;;
	esac
done

# file_of TOOL FEATURE: the file TOOL runs for FEATURE.
file_of() {
	case $1 in
	smokeflow) echo "$HERE/flows/$2.yaml" ;;
	playwright) echo "$HERE/playwright/$2.spec.js" ;;
	agent-browser) echo "$HERE/agent-browser/$2.sh" ;;
	esac
}

# The features: FEATURES, else every name with one of the three files.
if [[ -z $FEATURES ]]; then
	FEATURES=$(find "$HERE/flows" "$HERE/playwright" "$HERE/agent-browser" -maxdepth 1 -type f \
		\( -name '*.yaml' -o -name '*.spec.js' -o -name '*.sh' \) 2>/dev/null |
		sed -E 's#.*/##; s/\.(yaml|spec\.js|sh)$//' | sort -u | tr '\n' ' ')
fi
for f in $FEATURES; do
	any=
	for t in smokeflow playwright agent-browser; do [[ ! -f $(file_of $t "$f") ]] || any=1; done
	[[ -n $any ]] || {
		sf_log "no feature $f: bench/features/flows/$f.yaml, playwright/$f.spec.js or agent-browser/$f.sh is its file"
		exit 2
	}
done
[[ -n ${FEATURES// /} ]] || { sf_log "no features in $HERE"; exit 2; }

# --- 1. the peers -------------------------------------------------------------------
sf_npm_ci "the pinned peers" "$HERE" "$CACHE" .bench-features-lock
export NODE_PATH=$CACHE/node_modules # the specs' require('@playwright/test'), otplib
mkdir -p "$tmp/sf" "$tmp/pw" "$tmp/ab/bin" "$tmp/ab/home" "$tmp/ab/tmp" "$tmp/ab/run"
if [[ " $TOOLS " == *" agent-browser "* ]]; then
	[[ $(uname -sm) == "Linux x86_64" ]] || { sf_log "the agent-browser binary used here is the linux-x64 one"; exit 2; }
	# A copy under $tmp: its daemon's command line names the run's folder.
	cp "$CACHE/node_modules/agent-browser/bin/agent-browser-linux-x64" "$tmp/ab/bin/agent-browser"
	chmod +x "$tmp/ab/bin/agent-browser"
	abargs=--disable-background-networking,--disable-component-update,--disable-sync,--no-first-run
	[[ $(id -u) != 0 ]] || abargs=--no-sandbox,$abargs
	# $AB: agent-browser in the session AB_SESSION, its files under $tmp/ab.
	AB=$tmp/ab/agent-browser
	cat >"$AB" <<EOF
#!/usr/bin/env bash
exec env HOME="$tmp/ab/home" TMPDIR="$tmp/ab/tmp" XDG_RUNTIME_DIR="$tmp/ab/run" \\
	AGENT_BROWSER_EXECUTABLE_PATH="$CHROMIUM" AGENT_BROWSER_ARGS="$abargs" AGENT_BROWSER_NAMESPACE=features \\
	AGENT_BROWSER_NO_VERSION_CHECK=1 AGENT_BROWSER_IDLE_TIMEOUT_MS=600000 \\
	AGENT_BROWSER_SESSION="\${AB_SESSION:-features}" "$tmp/ab/bin/agent-browser" "\$@"
EOF
	chmod +x "$AB"
fi

# Playwright Test's project: the specs where they are, the config here.
cat >"$tmp/pw/playwright.config.js" <<'EOF'
// bench/features/run.sh: Playwright Test on the installed Chromium, one
// worker, no retries, the served fixture site as baseURL.
const { defineConfig } = require('@playwright/test');

module.exports = defineConfig({
  testDir: process.env.PW_TESTDIR,
  outputDir: process.env.PW_OUT,
  workers: 1,
  retries: 0,
  timeout: 60000,
  reporter: 'line',
  use: {
    baseURL: process.env.BASE_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM,
      args: process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [],
    },
  },
});
EOF

# --- 2. the site --------------------------------------------------------------------
go build -o "$tmp/serve" ./bench/features/serve
sf_serve bench/features/serve "$tmp/serve.log" "$tmp/serve" -root "$ROOT/testdata"
sf_log "serving testdata/ on $URL"
if [[ " $TOOLS " == *" smokeflow "* && -z $SMOKEFLOW ]]; then
	sf_log "building smokeflow"
	CGO_ENABLED=0 go build -o "$tmp/" ./cmd/smokeflow ./cmd/smokeflow-cli ./cmd/smokeflow-session # as make build does
	SMOKEFLOW=$tmp/smokeflow
fi

# --- helpers --------------------------------------------------------------------------
# code_lines FILE: its non-blank lines that are not comments (# in YAML,
# shell and env files; // and /* */ in JavaScript; none in data files).
code_lines() {
	case $1 in
	*.js | *.mjs | *.cjs | *.ts)
		awk '/^[[:space:]]*\/\*/ { c = 1 } c { if (/\*\//) c = 0; next }
			/^[[:space:]]*(\/\/|$)/ { next } { n++ } END { print n + 0 }' "$1"
		;;
	*.yaml | *.yml | *.sh | *.env) grep -cvE '^[[:space:]]*(#|$)' "$1" || true ;;
	*) grep -cvE '^[[:space:]]*$' "$1" || true ;;
	esac
}

# extra_files FILE: the other files of bench/features that FILE names (by
# their file name): its data files.
extra_files() {
	local g
	find "$HERE" \( -path "$HERE/.cache" -o -path "$HERE/out" -o -path "$HERE/serve" -o -path "$HERE/env" \
		-o -path "$HERE/node_modules" \) -prune -o -type f -print |
		grep -vE '/(run\.sh|package(-lock)?\.json|\.npmrc)$' | while read -r g; do
		[[ $g != "$1" ]] || continue
		case $g in "$HERE"/flows/*.yaml | "$HERE"/playwright/*.spec.js | "$HERE"/agent-browser/*.sh) continue ;; esac
		! grep -qF -- "$(basename "$g")" "$1" || echo "$g"
	done
}

# lines_of FILE: sets LINES to the lines FILE and its data files hold, and
# LINES_NOTE to the data files' names.
LINES=0 LINES_NOTE=
lines_of() {
	local g
	LINES=$(code_lines "$1") LINES_NOTE=
	while read -r g; do
		[[ -n $g ]] || continue
		LINES=$((LINES + $(code_lines "$g")))
		LINES_NOTE+="${LINES_NOTE:+, }${g#"$HERE"/}"
	done < <(extra_files "$1")
}

# feature_env FEATURE: fills FENV with env/FEATURE.env's NAME=VALUE lines.
FENV=()
feature_env() {
	local file=$HERE/env/$1.env line
	FENV=()
	[[ -f $file ]] || return 0
	while IFS= read -r line || [[ -n $line ]]; do
		[[ $line =~ ^[[:space:]]*(#|$) ]] && continue
		[[ $line =~ ^[A-Za-z_][A-Za-z0-9_]*= ]] || { sf_log "$file: \"$line\" is no NAME=VALUE line"; exit 2; }
		FENV+=("$line")
	done <"$file"
}

# cell N: stdin's first line, cut to N characters (… when cut), safe in a
# Markdown table cell.
cell() { awk -v n="$1" 'NR == 1 { if (length($0) > n) $0 = substr($0, 1, n) "…"; print }' | sed 's/|/\\|/g; s/`/'"'"'/g'; }

# first_error TOOL LOG: the line of LOG that best says why TOOL's run
# failed: smokeflow's line under its ✗, Playwright's first Error:, the
# script's last line on stdout.
first_error() {
	local line=
	case $1 in
	smokeflow) line=$(grep -m1 -A1 '^✗' "$2" | sed -n 2p) ;;
	playwright) line=$(grep -m1 -E 'Error:' "$2") ;;
	agent-browser) line=$(sed '/^[[:space:]]*$/d' "$2.out" | tail -1) ;;
	esac
	[[ -n $line ]] || line=$(grep -m1 -E 'Error:|error:|failed|✗' "$2" || sed '/^[[:space:]]*$/d' "$2" | head -1)
	line=${line//"$ROOT"\//}
	printf '%s\n' "$line" | sed -E 's/^[[:space:]]+//; s/\x1b\[[0-9;]*m//g' | cell 90
}

# run_tool TOOL FEATURE FILE LOG: runs FILE with TOOL in a fresh process;
# sets RC and MS (its time). stdout to LOG.out, stderr to LOG.err.
RC=0 MS=0
run_tool() {
	local tool=$1 feature=$2 file=$3 log=$4 t0
	local env=(env "${FENV[@]}" TMPDIR="$tmp/$tool-tmp")
	mkdir -p "$tmp/$tool-tmp"
	t0=$(sf_now_ms)
	set +e
	case $tool in
	smokeflow)
		"${env[@]}" SMOKEFLOW_BROWSER="$CHROMIUM" SMOKEFLOW_RUNTIME_DIR="$tmp/sf" \
			timeout -k 5 "$TIMEOUT" "$SMOKEFLOW" run "$file" --base-url "$URL" \
			--artifacts "$OUT/smokeflow/$feature" >"$log.out" 2>"$log.err"
		;;
	playwright)
		(cd "$HERE/playwright" && "${env[@]}" BASE_URL="$URL" PW_TESTDIR="$HERE/playwright" PW_OUT="$OUT/playwright/$feature" \
			timeout -k 5 "$TIMEOUT" node "$CACHE/node_modules/@playwright/test/cli.js" test \
			--config "$tmp/pw/playwright.config.js" "$file") >"$log.out" 2>"$log.err"
		;;
	agent-browser)
		AB_USED=1
		"${env[@]}" AB="$AB" BASE="$URL" AB_SESSION="feature-$feature" \
			timeout -k 5 "$TIMEOUT" bash "$file" >"$log.out" 2>"$log.err"
		;;
	esac
	RC=$?
	set -e
	MS=$(($(sf_now_ms) - t0))
	[[ $tool != agent-browser ]] || AB_SESSION="feature-$feature" "$AB" close >/dev/null 2>&1 || true
}

# judge TOOL FILE LOG: the result of TOOL's last run of FILE (RC), as
# "RESULT<TAB>NOTE": pass, fail, or cannot.
judge() {
	local tool=$1 file=$2 log=$3 meant s missing=
	meant=$(grep -m1 -oE 'bench: fails( "[^"]*")+' "$file" || true)
	if ((RC == 124 || RC == 137)); then
		printf 'fail\ttimed out after %s s\n' "$TIMEOUT"
	elif ((RC == 3)); then
		printf 'cannot\t%s\n' "$(sed '/^[[:space:]]*$/d' "$log.out" | tail -1 | cell 110)"
	elif [[ -n $meant ]]; then
		((RC != 0)) || { printf 'fail\texit 0, but it was meant to fail\n'; return; }
		while IFS= read -r s; do
			s=${s#\"} s=${s%\"}
			grep -qF -- "$s" "$log" || missing+="${missing:+, }\"$s\""
		done < <(grep -oE '"[^"]*"' <<<"$meant")
		if [[ -n $missing ]]; then
			printf 'fail\texit %s, its output lacks %s: %s\n' "$RC" "$missing" "$(first_error "$tool" "$log")"
		else
			printf 'pass\tfailed as meant\n'
		fi
	elif ((RC == 0)); then
		printf 'pass\t\n'
	else
		printf 'fail\texit %s: %s\n' "$RC" "$(first_error "$tool" "$log")"
	fi
}

# --- 3, 4. run --------------------------------------------------------------------------
rm -rf "$OUT"
mkdir -p "$OUT/logs"
{
	sf_machine_info
	echo "chromium: $("$CHROMIUM" --version 2>/dev/null), headless"
	[[ " $TOOLS " != *" smokeflow "* ]] || echo "smokeflow: $(sf_smokeflow_version "$SMOKEFLOW")"
	echo "playwright: $(node -p "require('$CACHE/node_modules/@playwright/test/package.json').version") (@playwright/test)"
	[[ " $TOOLS " != *" agent-browser "* ]] || echo "agent-browser: $("$AB" --version 2>/dev/null) (npm agent-browser, native linux-x64 CLI)"
	echo "node: $(node --version)"
	echo "features: ${FEATURES% }"
	echo "tools: $TOOLS; timeout ${TIMEOUT} s a run"
	echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$OUT/machine.txt"
cat "$OUT/machine.txt" >&2

printf 'feature\ttool\tresult\tlines\tseconds\texit\tnote\n' >"$OUT/results.tsv"
rc=0
for f in $FEATURES; do
	feature_env "$f"
	for t in $TOOLS; do
		file=$(file_of "$t" "$f")
		if [[ ! -f $file ]]; then
			printf '%s\t%s\tmissing\t\t\t\t\n' "$f" "$t" >>"$OUT/results.tsv"
			sf_log "$f / $t: missing (${file#"$ROOT"/})"
			continue
		fi
		log=$OUT/logs/$f.$t
		sf_log "$f / $t: ${file#"$ROOT"/}"
		run_tool "$t" "$f" "$file" "$log"
		cat "$log.out" "$log.err" >"$log"
		IFS=$'\t' read -r result note < <(judge "$t" "$file" "$log")
		lines_of "$file"
		[[ -z $LINES_NOTE ]] || note+="${note:+; }lines with $LINES_NOTE"
		secs=$(awk -v m="$MS" 'BEGIN { printf "%.1f", m / 1000 }')
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$f" "$t" "$result" "$LINES" "$secs" "$RC" "$note" >>"$OUT/results.tsv"
		sf_log "$f / $t: $result, $LINES lines, $secs s${note:+ ($note)}"
		[[ $result == pass || $result == cannot ]] || rc=1 # a peer that cannot do it at all is a finding, not a broken run
	done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$OUT/machine.txt"

# --- 5. the table -------------------------------------------------------------------------
# The fixture of each feature: the pages its files open.
for f in $FEATURES; do
	pages=$(for t in smokeflow playwright agent-browser; do
		g=$(file_of $t "$f")
		[[ ! -f $g ]] || grep -ohE '/[A-Za-z0-9._/-]+\.html' "$g" || true
	done | sort -u | sed 's/.*/`&`/' | paste -sd' ' -)
	printf '%s\t%s\n' "$f" "$pages"
done >"$OUT/fixtures.tsv"
awk -F'\t' -v tools="$TOOLS" -v features="$FEATURES" '
	BEGIN { name["smokeflow"] = "smokeflow"; name["playwright"] = "Playwright Test"; name["agent-browser"] = "agent-browser" }
	FILENAME ~ /fixtures.tsv$/ { fixture[$1] = $2; next }
	FNR > 1 {
		c = $3
		if ($3 == "pass" || $3 == "fail") c = c " · " $4 " lines · " $5 " s"
		if ($7 != "") c = c " (" $7 ")"
		cell[$1, $2] = c
	}
	END {
		nt = split(tools, t, " "); nf = split(features, f, " ")
		head = "| feature | fixture |"; sep = "|---|---|"
		for (i = 1; i <= nt; i++) { head = head " " name[t[i]] " |"; sep = sep "---|" }
		print head; print sep
		for (j = 1; j <= nf; j++) {
			line = "| " f[j] " | " fixture[f[j]] " |"
			for (i = 1; i <= nt; i++) line = line " " ((f[j], t[i]) in cell ? cell[f[j], t[i]] : "not run") " |"
			print line
		}
	}' "$OUT/fixtures.tsv" "$OUT/results.tsv" >"$OUT/table.md"

# written_by FEATURE: each tool's files for FEATURE, as they are.
written_by() {
	local t g d
	for t in $TOOLS; do
		g=$(file_of "$t" "$1")
		[[ -f $g ]] || continue
		lines_of "$g"
		echo
		echo "$t, \`${g#"$ROOT"/}\` ($LINES lines):"
		echo
		for d in "$g" $(extra_files "$g"); do
			[[ $d == "$g" ]] || printf '\n`%s`:\n\n' "${d#"$ROOT"/}"
			echo '```'
			cat "$d"
			echo '```'
		done
	done
}
{
	echo "# Flow features side by side"
	echo
	sed 's/^/    /' "$OUT/machine.txt"
	echo
	echo "Each cell: the result, the non-blank, non-comment lines its files needed, the run's wall time."
	echo
	cat "$OUT/table.md"
} | tee "$OUT/report.md"
{
	echo
	echo "## What each wrote"
	for f in $FEATURES; do
		echo
		echo "### $f"
		[[ ! -f $HERE/env/$f.env ]] || printf '\nThe environment of all three: `bench/features/env/%s.env`.\n' "$f"
		written_by "$f"
	done
} >>"$OUT/report.md"
sf_log "raw results in $OUT/results.tsv, each run's output in $OUT/logs/"
exit "$rc"
