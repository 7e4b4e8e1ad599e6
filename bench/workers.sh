#!/usr/bin/env bash
# Issue 8's runner figures: 40 copies of a 10-step flow on the demo shop
# with --workers 1, 2 and 4: wall time and the peak memory (max RSS) of the
# smokeflow process itself (Chromium's processes are not counted).
# Usage: bench/workers.sh [COPIES]   (prints a Markdown table)
set -euo pipefail
cd "$(dirname "$0")/.."
copies=${1:-40}
tmp=$(mktemp -d)
demo_pid=""
cleanup() {
  [ -n "$demo_pid" ] && kill "$demo_pid" 2>/dev/null && wait "$demo_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
CGO_ENABLED=0 go build -o "$tmp/" ./cmd/smokeflow ./cmd/smokeflow-cli
# every browser profile of this script goes under $tmp, so a leftover
# process names it
export TMPDIR="$tmp"
"$tmp/smokeflow" demo --serve >"$tmp/demo.log" 2>&1 &
demo_pid=$!
for _ in $(seq 100); do grep -q 'demo shop on' "$tmp/demo.log" && break; sleep 0.1; done
url=$(sed -n 's/.*demo shop on \(http[^ ]*\).*/\1/p' "$tmp/demo.log")
mkdir -p "$tmp/flows"
for i in $(seq "$copies"); do
  sed "s/^name: .*/name: Ten steps $i/" bench/flows/ten-steps.yaml >"$tmp/flows/f$i.yaml"
done
echo "| workers | flows | wall time | per flow | smokeflow max RSS |"
echo "|---|---|---|---|---|"
for w in 1 2 4; do
  /usr/bin/time -v "$tmp/smokeflow" run --quiet --workers "$w" --base-url "$url" \
    --artifacts "$tmp/out-$w" "$tmp/flows" >"$tmp/run-$w.log" 2>"$tmp/time-$w.log" || {
    cat "$tmp/run-$w.log" >&2; exit 1; }
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/time-$w.log")
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/time-$w.log")
  secs=$(echo "$wall" | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  per=$(awk -v s="$secs" -v n="$copies" 'BEGIN { printf "%.2fs", s/n }')
  echo "| $w | $copies | ${secs}s | $per | $((rss / 1024)) MiB |"
done
kill "$demo_pid" && wait "$demo_pid" 2>/dev/null || true
demo_pid=""
if pgrep -f "$tmp" >/dev/null; then echo "processes left behind:" >&2; pgrep -af "$tmp" >&2; exit 1; fi
echo "no process left behind"
