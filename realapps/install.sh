#!/usr/bin/env bash
# realapps/install.sh — installs and assembles the real apps of
# docs/realapps.md into REALAPPS_CACHE (default realapps/.cache), once per
# version of package-lock.json. realapps/run.sh and bench/agent/run.sh run it.
#
#  1. installs the packages that package-lock.json pins with `npm ci`;
#  2. assembles them for an offline machine: AdminLTE's own plugin step
#     (build/npm/Publish.js copies its dependencies into plugins/), and the
#     <link>/<script> tags of AdminLTE's and TodoMVC's pages that load from
#     another host (web fonts, icon fonts) taken out.
#
# A cache whose stamp matches the lock file is left as it is.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=${REALAPPS_CACHE:-$HERE/.cache}

log() { printf '%s  %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

stamp=$CACHE/node_modules/.realapps-lock
want=$(sha256sum "$HERE/package-lock.json" | cut -d' ' -f1)
if [[ -f $stamp && $(cat "$stamp") == "$want" ]]; then
	exit 0
fi

# --- 1. install -------------------------------------------------------------
log "installing the pinned packages into $CACHE (npm ci)"
mkdir -p "$CACHE"
cp "$HERE/package.json" "$HERE/package-lock.json" "$HERE/.npmrc" "$CACHE/"
(cd "$CACHE" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)

# --- 2. assemble ------------------------------------------------------------
log "assembling AdminLTE's plugins folder (its build/npm/Publish.js)"
(cd "$CACHE/node_modules/admin-lte" && node build/npm/Publish.js)
log "taking out the tags that load from other hosts (AdminLTE, TodoMVC pages)"
find "$CACHE/node_modules/admin-lte" "$CACHE/node_modules/todomvc" -name '*.html' \
	-not -path '*/node_modules/admin-lte/plugins/*' -not -path '*/bower_components/*' -print0 |
	xargs -0 sed -i -E '/<(link|script)[^>]*(href|src)="(https?:)?\/\//d'
echo "$want" >"$stamp"
