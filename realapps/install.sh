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

. "$HERE/../bench/lib.sh"

# --- 2. assemble ------------------------------------------------------------
assemble() {
	sf_log "assembling AdminLTE's plugins folder (its build/npm/Publish.js)"
	(cd "$CACHE/node_modules/admin-lte" && node build/npm/Publish.js)
	sf_log "taking out the tags that load from other hosts (AdminLTE, TodoMVC pages)"
	find "$CACHE/node_modules/admin-lte" "$CACHE/node_modules/todomvc" -name '*.html' \
		-not -path '*/node_modules/admin-lte/plugins/*' -not -path '*/bower_components/*' -print0 |
		xargs -0 sed -i -E '/<(link|script)[^>]*(href|src)="(https?:)?\/\//d'
}

# --- 1. install, then assemble ------------------------------------------------
sf_npm_ci "the pinned packages" "$HERE" "$CACHE" .realapps-lock assemble
