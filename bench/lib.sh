# bench/lib.sh — what the benchmark and real-app scripts share (bench/run.sh,
# bench/apps/run.sh, bench/apps/memory.sh, bench/tokens/run.sh,
# bench/agent/run.sh, realapps/run.sh, realapps/install.sh). Sourced, not
# executed:
#
#   . "$ROOT/bench/lib.sh"
#
# Names start with sf_, except the globals the scripts read by their short
# names: tmp (sf_tmpdir), SERVE_PID and URL (sf_serve).
# shellcheck shell=bash

# sf_log MESSAGE...: one line on stderr, after the time.
sf_log() { printf '%s  %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

# sf_now_ms: the time in milliseconds.
sf_now_ms() { date +%s%3N; }

# sf_tmpdir PREFIX [PARENT]: sets tmp to a new folder PARENT/PREFIX.XXXXXX
# (PARENT: TMPDIR, else /tmp) with an empty tmp/tmp in it. Every browser
# profile of a run is made under $tmp (its TMPDIR is $tmp/tmp, or its
# files are), so what is left of the run is found by that path alone
# (sf_cleanup_on_exit).
sf_tmpdir() {
	tmp=$(mktemp -d "${2:-${TMPDIR:-/tmp}}/$1.XXXXXX")
	mkdir -p "$tmp/tmp"
}

# sf_stop PID...: ends each process still running, and waits for it.
sf_stop() {
	local p
	for p in "$@"; do
		[[ -n $p ]] || continue
		kill -0 "$p" 2>/dev/null || continue
		kill "$p" 2>/dev/null || true
		wait "$p" 2>/dev/null || true
	done
}

# sf_end_left DIR [quiet|report]: ends every process whose command line
# names DIR/ (TERM, a second, then KILL); with report, lists them on stderr
# first. Fails when there was one.
sf_end_left() {
	local left
	left=$(pgrep -f -- "$1/" || true)
	[[ -n $left ]] || return 0
	if [[ ${2:-quiet} == report ]]; then
		sf_log "processes of this run were left behind; ending them:"
		ps -o pid=,args= -p "$(echo $left | tr ' ' ,)" >&2 || true
	fi
	# shellcheck disable=SC2086 # a list of pids
	kill $left 2>/dev/null || true
	sleep 1
	left=$(pgrep -f -- "$1/" || true)
	# shellcheck disable=SC2086 # a list of pids
	[[ -z $left ]] || kill -9 $left 2>/dev/null || true
	return 1
}

# sf_cleanup_on_exit [quiet|report|fail] [VAR...]: on any exit (INT and
# TERM exit 130), runs the script's sf_on_exit if it defines one, ends the
# processes whose pids the variables VAR hold (scalars or arrays, read at
# exit), then, if sf_tmpdir made $tmp, ends whatever still runs under it
# and removes it. quiet ends them silently; report lists them; fail lists
# them and makes the exit code 1 when it was 0.
sf_cleanup_on_exit() {
	_sf_left=${1:-quiet}
	shift || true
	_sf_pid_vars=("$@")
	trap _sf_cleanup EXIT
	trap 'exit 130' INT TERM
}

_sf_cleanup() {
	local rc=$? name
	trap - EXIT INT TERM
	if declare -F sf_on_exit >/dev/null; then sf_on_exit || true; fi
	for name in "${_sf_pid_vars[@]}"; do
		local -n _sf_pids=$name
		sf_stop "${_sf_pids[@]}"
		unset -n _sf_pids
	done
	if [[ -n ${tmp:-} ]]; then
		local mode=$_sf_left
		[[ $mode != fail ]] || mode=report
		if ! sf_end_left "$tmp" "$mode" && [[ $_sf_left == fail && $rc == 0 ]]; then rc=1; fi
		rm -rf "$tmp"
	fi
	exit "$rc"
}

# sf_serve NAME LOG CMD...: runs CMD in the background, output to LOG; sets
# SERVE_PID to its pid and URL to the first http://host:port it prints.
# Exits 1 (the log on stderr) when CMD ends first or prints none in 10 s.
sf_serve() {
	local name=$1 log=$2
	shift 2
	"$@" >"$log" 2>&1 &
	SERVE_PID=$!
	URL=
	for _ in $(seq 100); do
		URL=$(grep -o 'http://[0-9.]*:[0-9]*' "$log" | head -1 || true)
		[[ -n $URL ]] && return 0
		kill -0 "$SERVE_PID" 2>/dev/null || { cat "$log" >&2; exit 1; }
		sleep 0.1
	done
	sf_log "$name did not print its URL:"
	cat "$log" >&2
	exit 1
}

# sf_git_rev: the short commit of the tree, +dirty when it has changes.
sf_git_rev() { echo "$(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet 2>/dev/null || echo '+dirty')"; }

# sf_smokeflow_version BIN: the first line of `BIN version`, then the commit
# BIN was built from when it names one, else the tree's, said as such (a
# build with -buildvcs=false and no -ldflags stamp names none, and BIN may
# be another tree's, as BEFORE= builds are).
sf_smokeflow_version() {
	local out commit
	out=$("$1" version 2>/dev/null)
	commit=$(sed -n 's/^commit: \([0-9a-f]\{7\}\)[0-9a-f]*.*/\1/p' <<<"$out")
	echo "$(head -1 <<<"$out") (${commit:-the binary names no commit; the tree is at $(sf_git_rev)})"
}

# sf_machine_info: the first lines of every machine.txt: the date (UTC) and
# the number of cores.
sf_machine_info() {
	echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "nproc: $(nproc)"
}

# sf_npm_ci WHAT SRC CACHE STAMP [CMD...]: unless CACHE/node_modules/STAMP
# holds the sha256 of SRC/package-lock.json, installs what that lock pins
# into CACHE (`npm ci --ignore-scripts`, SRC's package.json, lock and
# .npmrc copied there), runs CMD (if any) and writes the stamp.
sf_npm_ci() {
	local what=$1 src=$2 cache=$3 stamp=$3/node_modules/$4 want
	shift 4
	want=$(sha256sum "$src/package-lock.json" | cut -d' ' -f1)
	[[ ! -f $stamp || $(cat "$stamp") != "$want" ]] || return 0
	sf_log "installing $what into $cache (npm ci --ignore-scripts)"
	mkdir -p "$cache"
	cp "$src/package.json" "$src/package-lock.json" "$src/.npmrc" "$cache/"
	(cd "$cache" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
	if (($#)); then "$@"; fi
	echo "$want" >"$stamp"
}
