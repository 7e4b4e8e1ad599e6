#!/usr/bin/env bash
# bench/trust/run.sh — issue 30's reproductions 1–4 run with smokeflow and
# its peers, side by side (docs/benchmarks.md "Trust: the peers on issue
# 30's reproductions"). `make bench-trust` runs it; it is not part of
# `make test` (it installs from npm).
#
#  1. installs what bench/trust/package-lock.json pins (agent-browser,
#     whose native CLI ships in its npm package, and Playwright Test) into
#     bench/trust/.cache (gitignored) with `npm ci --ignore-scripts`, once
#     per version of the lock file; no browser is downloaded;
#  2. serves the pages (bench/trust/serve, on 127.0.0.1): a catalog of six
#     links, an account page with "Delete account", pages that never finish
#     loading, and request counters;
#  3. runs each reproduction with each tool of TOOLS, every one in a fresh
#     session or process, and judges what happened from the server's
#     counters and the tools' own output:
#       1   a ref no output showed: open /catalog, snapshot (e1–e6), click
#           the first link (the page goes to /more), click one ref past the
#           last one shown (e7);
#       1b  a ref of the page the tab left (agent-browser's #1922): the
#           same, then the old page's second link by its ref;
#       2   a deny rule on clicks of /delete|remove/i (agent-browser: its
#           nearest, a deny on the action `click`), then click, dblclick
#           and Enter on "Delete account"; 2c the same with a confirm rule;
#       3   a cookie and localStorage, then open a page whose server never
#           answers, with an 8 s timeout; are they kept? 3b the same with a
#           document whose body never ends;
#       4   a run that fails a flow (evidence and a last failed flow), a run
#           that cannot start a browser, then --last-failed; 4b the same
#           with a run attached to a dead browser address;
#  4. prints a Markdown table (reproduction × tool → what happened), also
#     written to OUT/report.md with the raw results (OUT/results.tsv).
#
# Every process a tool starts lives under one temporary folder (its TMPDIR,
# HOME and runtime folder); a trap closes the sessions, ends the server
# and any such process left, and the run fails if one was left.
#
#   bench/trust/run.sh                                # smokeflow built from this tree
#   SMOKEFLOW=/tmp/sf-before/smokeflow LABEL=before bench/trust/run.sh
#   TOOLS=smokeflow REPROS="1 2" bench/trust/run.sh   # one tool, some reproductions
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$ROOT/bench/trust
CACHE=${TRUST_BENCH_CACHE:-$HERE/.cache}
OUT=${OUT:-$HERE/out}
TOOLS=${TOOLS:-smokeflow,agent-browser,playwright}
REPROS=${REPROS:-1 1b 2 2c 3 3b 4 4b}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
SMOKEFLOW=${SMOKEFLOW:-}
LABEL=${LABEL:-}
export NO_COLOR=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PLAYWRIGHT_BROWSERS_PATH=0 CHROMIUM

. "$ROOT/bench/lib.sh"

# A short path: the tools' sockets live under it.
sf_tmpdir sftrust /tmp
SERVE_PID=
SESSIONS=() # "tool session" of every session started, closed at exit
# sf_on_exit closes what an interrupted run left open: smokeflow's
# sessions one by one (closing one that is not running starts nothing),
# agent-browser's all at once (its `close` of a session that is not
# running would start one).
sf_on_exit() {
	local s ab=
	for s in "${SESSIONS[@]}"; do
		case $s in
		smokeflow\ *) T=smokeflow SESSION=${s#* } cli close >/dev/null 2>&1 || true ;;
		*) ab=1 ;;
		esac
	done
	[[ -z $ab ]] || T=agent-browser SESSION=x cli close --all >/dev/null 2>&1 || true
}
sf_cleanup_on_exit fail SERVE_PID

[[ -z $SMOKEFLOW ]] || SMOKEFLOW=$(realpath "$SMOKEFLOW")
cd "$ROOT"

# --- 1. the peers ---------------------------------------------------------------
sf_npm_ci "the pinned peers" "$HERE" "$CACHE" .bench-trust-lock
[[ $(uname -sm) == "Linux x86_64" ]] || { sf_log "the agent-browser binary used here is the linux-x64 one"; exit 2; }
mkdir -p "$tmp/ab/bin" "$tmp/ab/home" "$tmp/ab/tmp" "$tmp/ab/run" "$tmp/sf/run" "$tmp/sf/tmp"
# A copy under $tmp: its daemon's command line names the run's folder.
AB=$tmp/ab/bin/agent-browser
cp "$CACHE/node_modules/agent-browser/bin/agent-browser-linux-x64" "$AB"
chmod +x "$AB"
export NODE_PATH=$CACHE/node_modules

# --- 2. the pages ---------------------------------------------------------------
go build -o "$tmp/serve" ./bench/trust/serve
sf_serve bench/trust/serve "$tmp/serve.log" "$tmp/serve"
if [[ ,$TOOLS, == *,smokeflow,* && -z $SMOKEFLOW ]]; then
	sf_log "building smokeflow"
	CGO_ENABLED=0 go build -o "$tmp/" ./cmd/smokeflow ./cmd/smokeflow-session # as make build does
	SMOKEFLOW=$tmp/smokeflow
fi

# --- helpers ----------------------------------------------------------------------
# cli ARGS...: the session command of tool T in session SESSION.
AB_ENV=()
cli() {
	case $T in
	smokeflow)
		env SMOKEFLOW_RUNTIME_DIR="$tmp/sf/run" TMPDIR="$tmp/sf/tmp" SMOKEFLOW_BROWSER="$CHROMIUM" \
			SMOKEFLOW_SESSION="$SESSION" "$SMOKEFLOW" "$@"
		;;
	agent-browser)
		local args=--disable-background-networking,--disable-component-update,--disable-sync,--no-first-run
		[[ $(id -u) != 0 ]] || args=--no-sandbox,$args
		env HOME="$tmp/ab/home" TMPDIR="$tmp/ab/tmp" XDG_RUNTIME_DIR="$tmp/ab/run" \
			AGENT_BROWSER_EXECUTABLE_PATH="${AB_EXE:-$CHROMIUM}" AGENT_BROWSER_ARGS="$args" AGENT_BROWSER_NAMESPACE=trust \
			AGENT_BROWSER_NO_VERSION_CHECK=1 AGENT_BROWSER_IDLE_TIMEOUT_MS=600000 \
			AGENT_BROWSER_SESSION="$SESSION" "${AB_ENV[@]}" "$AB" "$@"
		;;
	esac
}

# session NAME: a fresh session of tool T for one reproduction.
session() {
	SESSION=trust-$1
	SESSIONS+=("$T $SESSION")
}

# run_cmd CMD...: runs CMD, never failing the script; sets OUTPUT (stdout
# and stderr), RC and MS (its time).
OUTPUT= RC=0 MS=0
run_cmd() {
	local t0
	t0=$(sf_now_ms)
	set +e
	OUTPUT=$("$@" 2>&1)
	RC=$?
	set -e
	MS=$(($(sf_now_ms) - t0))
}

# must CMD...: run_cmd, and stop the reproduction's tool with a message
# when CMD fails (the setup of a reproduction must work).
must() {
	run_cmd "$@"
	((RC == 0)) || { sf_log "setup failed: $* (exit $RC): $OUTPUT"; return 1; }
}

# said: how the last command ended, for a table cell.
said() { echo "exit $RC in $(awk -v m="$MS" 'BEGIN { printf "%.1f", m / 1000 }') s: \`$(first_line)\`"; }
first_line() { printf '%s\n' "$OUTPUT" | sed '/^[[:space:]]*$/d' | head -1 | cell "${1:-110}"; }
# cell N: stdin's first line, cut to N characters (… when cut), safe in a
# Markdown table cell.
cell() { awk -v n="$1" 'NR == 1 { if (length($0) > n) $0 = substr($0, 1, n) "…"; print }' | sed 's/|/\\|/g; s/`/'"'"'/g'; }
note_line() { printf '%s\n' "$OUTPUT" | grep -m1 '^note:' | cell 150 || true; }

count() { curl -fsS "$URL/_count?$1"; }
reset() { curl -fsS -o /dev/null "$URL/_reset"; }

# settled QUERY: the counter once it has not moved for 0.5 s (a click's
# request may leave after the command returns).
settled() {
	local n m
	n=$(count "$1")
	for _ in 1 2 3 4 5; do
		sleep 0.1
		m=$(count "$1")
		[[ $m == "$n" ]] || { n=$m; continue; }
	done
	echo "$n"
}

# ref_of NAME: the ref the last snapshot (in SNAP) gave the element named NAME.
ref_of() { printf '%s\n' "$SNAP" | sed -nE "s/.*\"$1\" \\[([^]]*, )?ref=(e[0-9]+).*/\\2/p" | head -1; }
max_ref() { printf '%s\n' "$SNAP" | grep -oE 'ref=e[0-9]+' | cut -c6- | sort -n | tail -1; }

mkdir -p "$OUT"
: >"$OUT/results.tsv"
rec() {
	printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$OUT/results.tsv"
	sf_log "$1 / $2: $3"
}

snapshot_args() { if [[ $T == agent-browser ]]; then echo "snapshot -i"; else echo snapshot; fi; }

# --- 3. the reproductions, with the session tools ---------------------------------
# cli_ref ID MODE: 1 and 1b; MODE is unseen or stale.
cli_ref() {
	local id=$1 mode=$2 target acted
	session "r1-$mode"
	reset
	must cli open "$URL/catalog" || return 1
	# shellcheck disable=SC2046 # two words for agent-browser
	must cli $(snapshot_args) || return 1
	SNAP=$OUTPUT
	must cli click "@$(ref_of "Item 1")" || return 1
	[[ $(settled path=/more) == 1 ]] || { sf_log "the first link did not open /more"; return 1; }
	if [[ $mode == unseen ]]; then target=e$(($(max_ref) + 1)); else target=$(ref_of "Item 2"); fi
	run_cmd cli click "@$target"
	acted=$(($(settled prefix=/detail/) + $(count prefix=/item/)))
	local how
	how=$(said)
	if ((acted > 0)); then acted="ACTED: a link of /more was followed"; else acted="nothing clicked"; fi
	rec "$id" "$T" "\`click @$target\`: $how; $acted"
	rec_done
}
rec_done() { cli close >/dev/null 2>&1 || true; }

# cli_policy ID KIND: 2 and 2c; KIND is deny or confirm.
cli_policy() {
	local id=$1 kind=$2 ref before cell="" policy
	session "r2-$kind"
	reset
	if [[ $T == smokeflow ]]; then
		policy=$tmp/policy-$kind.yaml
		printf '%s: ["click:/delete|remove/i"]\n' "$kind" >"$policy"
		must cli open "$URL/account" --policy "$policy" || return 1
	elif [[ $kind == deny ]]; then
		policy=$tmp/policy-deny.json
		echo '{"deny": ["click"]}' >"$policy"
		must cli --action-policy "$policy" open "$URL/account" || return 1
	else
		must cli --confirm-actions click open "$URL/account" || return 1
	fi
	# shellcheck disable=SC2046
	must cli $(snapshot_args) || return 1
	SNAP=$OUTPUT
	ref=$(ref_of "Delete account")
	local step
	for step in click dblclick press; do
		before=$(settled path=/delete)
		case $step/$T in
		press/smokeflow) run_cmd cli press Enter "@$ref" ;;
		press/agent-browser)
			must cli focus "@$ref" || return 1
			run_cmd cli press Enter
			;;
		*) run_cmd cli "$step" "@$ref" ;;
		esac
		local what=$step
		[[ $step != press ]] || what="Enter"
		cell+="$what: exit $RC, $(($(settled path=/delete) - before)) POST /delete"
		[[ $step != click ]] || cell+=" (\`$(first_line 70)\`)"
		cell+="; "
	done
	rec "$id" "$T" "${cell%; }"
	rec_done
}

# cli_slow ID PATH: 3 and 3b; PATH is /never or /slow.
cli_slow() {
	local id=$1 path=$2 how note got
	session "r3${path//\//-}"
	AB_ENV=()
	[[ $T != agent-browser ]] || AB_ENV=(AGENT_BROWSER_DEFAULT_TIMEOUT=8000) # its open takes no --timeout
	must cli open "$URL/state" || return 1
	must cli eval "document.cookie = 'sid=abc; path=/'; localStorage.setItem('k', 'v'); 'set'" || return 1
	if [[ $T == smokeflow ]]; then run_cmd cli open "$URL$path" --timeout 8s; else run_cmd cli open "$URL$path"; fi
	how=$(said)
	note=$(note_line)
	run_cmd cli open "$URL/state"
	local next=""
	((RC == 0)) || {
		next="; the next \`open\`: $(said)"
		run_cmd cli open "$URL/state"
	}
	run_cmd cli eval "document.cookie + ' | ' + localStorage.getItem('k')"
	if [[ $OUTPUT == *'sid=abc | v'* ]]; then got="cookie and localStorage kept"; else got="cookie and localStorage LOST (\`$(first_line 40)\`)"; fi
	rec "$id" "$T" "\`open $path\`: $how${note:+ ($note)}$next; then $got"
	AB_ENV=()
	rec_done
}

# --- 4: a run that cannot start a browser -------------------------------------------
# evidence DIR: what the folder holds, in a few words.
evidence() {
	local dir=$1 shot last
	shot=$(find "$dir" -name '*.png' 2>/dev/null | wc -l)
	last=absent
	[[ ! -f $dir/.last-run.json ]] || last=present
	echo "$shot failure screenshot(s), .last-run.json $last"
}

# sf_run4 ID WHAT BAD...: run 1 fails a flow; run 2 adds BAD (a browser
# that cannot start, WHAT in the table); run 3 is --last-failed.
sf_run4() {
	local id=$1 what=$2 d=$tmp/sf4-$1 a b c
	shift 2
	mkdir -p "$d"
	cp -r "$HERE/flows" "$d/"
	cd "$d"
	local run=(env TMPDIR="$tmp/sf/tmp" SMOKEFLOW_BROWSER="$CHROMIUM" "$SMOKEFLOW" run flows --base-url "$URL")
	run_cmd "${run[@]}"
	a="run 1: exit $RC, $(evidence smokeflow-results)"
	run_cmd "${run[@]}" "$@"
	b="run 2 (\`$what\`): $(said); left $(evidence smokeflow-results)"
	run_cmd "${run[@]}" --last-failed
	c="run 3 (\`--last-failed\`): exit $RC, \`$(printf '%s\n' "$OUTPUT" | grep -E 'passed|failed|no last run|smokeflow:' | tail -1 | cell 100)\`"
	cd "$ROOT"
	rec "$id" smokeflow "$a; $b; $c"
}

ab_run4() {
	local shot=$tmp/ab4/shot.png
	mkdir -p "$tmp/ab4"
	session r4
	must cli open "$URL/catalog" || return 1
	must cli screenshot "$shot" || return 1
	cli close >/dev/null 2>&1 || true
	session r4-nobrowser
	AB_EXE=/nonexistent run_cmd cli open "$URL/catalog"
	local kept=GONE
	[[ ! -f $shot ]] || kept=kept
	rec 4 agent-browser "no run folder or last-run record of its own (a session CLI); a screenshot saved before: \`open\` with \`AGENT_BROWSER_EXECUTABLE_PATH=/nonexistent\`: $(said); the screenshot is $kept"
	AB_EXE=/nonexistent cli close >/dev/null 2>&1 || true
}

# pw_run4 ID WHAT VAR=VALUE: as sf_run4, run 2 with VAR=VALUE in the
# environment (playwright/project/playwright.config.js reads PW_EXE, PW_WS).
pw_run4() {
	local id=$1 what=$2 bad=$3 d=$tmp/pw4-$1 a b c
	mkdir -p "$d"
	cp "$HERE/playwright/project/"*.js "$d/"
	ln -s "$CACHE/node_modules" "$d/node_modules"
	cd "$d"
	local run=(env TMPDIR="$tmp/pw/tmp" BASE_URL="$URL" node node_modules/@playwright/test/cli.js test)
	run_cmd "${run[@]}"
	a="run 1: exit $RC, $(evidence test-results)"
	run_cmd env "$bad" "${run[@]}"
	local why
	why=$(printf '%s\n' "$OUTPUT" | grep -m1 'Error:' | sed 's/^ *//' | cell 90)
	b="run 2 (\`$what\`): exit $RC in $(awk -v m="$MS" 'BEGIN { printf "%.1f", m / 1000 }') s: \`$why\`; left $(evidence test-results), listing $(node -p "require('./test-results/.last-run.json').failedTests.length" 2>/dev/null || echo no) failed test(s)"
	run_cmd "${run[@]}" --last-failed
	c="run 3 (\`--last-failed\`): exit $RC, ran $(printf '%s\n' "$OUTPUT" | grep -m1 -oE 'Running [0-9]+ tests?' | grep -oE '[0-9]+') of 2 tests"
	cd "$ROOT"
	rec "$id" playwright "$a; $b; $c"
}

pw_repro() {
	local id=$1 name=$2
	reset
	run_cmd env TMPDIR="$tmp/pw/tmp" node "$HERE/playwright/repro.js" "$URL" "$name"
	rec "$id" playwright "$(printf '%s\n' "$OUTPUT" | tail -1)"
}

# sf_binary_version BIN: the first line of `BIN version` and the commit
# the binary was built from (its own build info, not this tree's).
sf_binary_version() {
	local rev
	rev=$(go version -m "$1" 2>/dev/null | awk '$2 == "vcs.revision" { r = substr($3, 1, 7) } $2 == "vcs.modified" && $3 == "true" { m = "+dirty" } END { print r m }')
	echo "$("$1" version 2>/dev/null | head -1) (${rev:-commit unknown})"
}

# --- run ------------------------------------------------------------------------------
{
	sf_machine_info
	echo "chromium: $("$CHROMIUM" --version 2>/dev/null), headless"
	[[ ,$TOOLS, != *,smokeflow,* ]] || echo "smokeflow: $(sf_binary_version "$SMOKEFLOW")${LABEL:+ ($LABEL)}"
	echo "agent-browser: $("$AB" --version 2>/dev/null) (npm agent-browser, native linux-x64 CLI)"
	echo "playwright: $(node -p "require('$CACHE/node_modules/@playwright/test/package.json').version") (@playwright/test, playwright-core)"
	echo "node: $(node --version)"
	echo "tools: $TOOLS"
	echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$OUT/machine.txt"
cat "$OUT/machine.txt" >&2
mkdir -p "$tmp/pw/tmp"

for r in $REPROS; do
	for T in ${TOOLS//,/ }; do
		sf_log "reproduction $r with $T"
		case $T/$r in
		playwright/1) pw_repro 1 ref-unseen ;;
		playwright/1b) pw_repro 1b ref-stale ;;
		playwright/2) pw_repro 2 policy-deny ;;
		playwright/2c) rec 2c playwright "no action policy, so no confirm rule: as in 2" ;;
		playwright/3) pw_repro 3 slow-never ;;
		playwright/3b) pw_repro 3b slow-body ;;
		playwright/4) pw_run4 4 "executablePath: '/nonexistent'" PW_EXE=/nonexistent ;;
		playwright/4b) pw_run4 4b "connectOptions: { wsEndpoint: 'ws://127.0.0.1:1/' }" PW_WS=ws://127.0.0.1:1/ ;;
		smokeflow/4) sf_run4 4 "--browser /nonexistent" --browser /nonexistent ;;
		smokeflow/4b) sf_run4 4b "--cdp 127.0.0.1:1" --cdp 127.0.0.1:1 ;;
		agent-browser/4) ab_run4 ;;
		agent-browser/4b) rec 4b agent-browser "keeps no run record: as 4" ;;
		*/1) cli_ref 1 unseen ;;
		*/1b) cli_ref 1b stale ;;
		*/2) cli_policy 2 deny ;;
		*/2c) cli_policy 2c confirm ;;
		*/3) cli_slow 3 /never ;;
		*/3b) cli_slow 3b /slow ;;
		*) sf_log "no reproduction $r for $T" ;;
		esac || rec "$r" "$T" "could not run: see the log above"
	done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$OUT/machine.txt"

# --- 4. the table -----------------------------------------------------------------------
sfcol=smokeflow
[[ -z $LABEL ]] || sfcol="smokeflow ($LABEL)"
awk -F'\t' -v tools="$TOOLS" -v repros="$REPROS" -v sfcol="$sfcol" '
	BEGIN {
		label["1"] = "1. ref never shown: `open /catalog`, snapshot (e1–e6), click the first link (→ /more), click e7"
		label["1b"] = "1b. ref of the page the tab left (agent-browser #1922): as 1, then the old page'\''s \"Item 2\" by its ref"
		label["2"] = "2. deny `click:/delete\\|remove/i` (agent-browser: deny `click`); click, dblclick, Enter on \"Delete account\""
		label["2c"] = "2c. as 2 with a confirm rule (agent-browser: `--confirm-actions click`)"
		label["3"] = "3. cookie + localStorage, then open a page whose server never answers, timeout 8 s"
		label["3b"] = "3b. as 3, a document whose body never ends"
		label["4"] = "4. run 1 fails a flow; run 2 cannot start a browser; run 3 `--last-failed`"
		label["4b"] = "4b. as 4, run 2 attached to a dead browser address"
	}
	{ cell[$1, $2] = $3 }
	END {
		nt = split(tools, t, ","); nr = split(repros, r, " ")
		head = "| reproduction |"; sep = "|---|"
		for (i = 1; i <= nt; i++) { head = head " " (t[i] == "smokeflow" ? sfcol : t[i]) " |"; sep = sep "---|" }
		print head; print sep
		for (j = 1; j <= nr; j++) {
			line = "| " label[r[j]] " |"
			for (i = 1; i <= nt; i++) line = line " " ((r[j], t[i]) in cell ? cell[r[j], t[i]] : "not run") " |"
			print line
		}
	}' "$OUT/results.tsv" >"$OUT/table.md"
{
	echo "# Trust: issue 30's reproductions, side by side"
	echo
	sed 's/^/    /' "$OUT/machine.txt"
	echo
	cat "$OUT/table.md"
} | tee "$OUT/report.md"
sf_log "raw results in $OUT"
