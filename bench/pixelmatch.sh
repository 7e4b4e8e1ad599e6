#!/usr/bin/env bash
# bench/pixelmatch.sh — smokeflow's pixel counts against pixelmatch from
# npm on the same image pairs (docs/benchmarks.md "Screenshot and snapshot
# diffs"). Runs BenchmarkImageDiff, which writes the pairs of 1280×800
# screenshots and its counts to bench/out/pixelmatch, installs pixelmatch
# and pngjs into bench/.cache/pixelmatch (gitignored), and compares the
# counts with bench/pixelmatch.mjs: within 1%, or it exits 1.
#
# pixelmatch 7.1.0 is the last release with the YIQ distance that the Go
# port (github.com/orisano/pixelmatch) and smokeflow use; 8.0.0 moved to
# OKLab, which counts anti-aliased text differently (4% more pixels on
# the text-subpixel pair).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/bench/out/pixelmatch
CACHE=$ROOT/bench/.cache/pixelmatch
mkdir -p "$OUT" "$CACHE"

(cd "$ROOT" && DISABLE_ROD_FLAG=1 PIXEL_PAIRS=$OUT go test ./bench -run '^$' -bench 'ImageDiff' -benchtime 20x)

PIXELMATCH=7.1.0
if [ "$(cd "$CACHE" && node -p "require('./node_modules/pixelmatch/package.json').version" 2>/dev/null)" != "$PIXELMATCH" ]; then
  (cd "$CACHE" && { [ -f package.json ] || npm init -y >/dev/null; } && npm install --no-audit --no-fund "pixelmatch@$PIXELMATCH" pngjs@7 >/dev/null)
fi
cp "$ROOT/bench/pixelmatch.mjs" "$CACHE/pixelmatch.mjs"
node "$CACHE/pixelmatch.mjs" "$OUT"
