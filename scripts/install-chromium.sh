#!/usr/bin/env bash
# Installs Chromium from the distribution's packages (Debian or Ubuntu),
# the one install step that the Dockerfile, .ci/run and the GitHub Action
# (action.yml) share: docs/running.md "Ways to run it". smokeflow never
# downloads a browser.
#
#   scripts/install-chromium.sh [--fonts] [--clean] [--force]
#
#   --fonts  also the fonts a page's text is drawn with: Liberation (metric
#            twins of Arial, Times and Courier), DejaVu, Noto color emoji and
#            Noto CJK, so screenshots show text, not boxes
#   --clean  remove apt's package lists afterwards (a smaller image layer)
#   --force  install even when /usr/bin/chromium is there
#
# Without --force it does nothing when /usr/bin/chromium is there. Run as
# root, or as a user with sudo.
set -euo pipefail

fonts=0 clean=0 force=0
for arg in "$@"; do
  case "$arg" in
    --fonts) fonts=1 ;;
    --clean) clean=1 ;;
    --force) force=1 ;;
    *) echo "install-chromium.sh: unknown option $arg (known: --fonts, --clean, --force)" >&2; exit 2 ;;
  esac
done

if [ "$force" = 0 ] && [ -x /usr/bin/chromium ]; then
  echo "Chromium is installed: /usr/bin/chromium"
  exit 0
fi

sudo=()
if [ "$(id -u)" != 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-chromium.sh: run it as root, or install sudo: apt-get needs root" >&2
    exit 1
  fi
  sudo=(sudo)
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-chromium.sh: no apt-get here: install Chromium with this system's package manager, or point smokeflow at a browser with --browser PATH" >&2
  exit 1
fi

packages=(chromium)
if [ "$fonts" = 1 ]; then
  packages+=(fonts-liberation fonts-dejavu-core fonts-noto-color-emoji fonts-noto-cjk)
fi
export DEBIAN_FRONTEND=noninteractive
echo "Installing ${packages[*]} from the distribution..."
"${sudo[@]}" apt-get update
"${sudo[@]}" apt-get install -y "${packages[@]}"
if [ "$clean" = 1 ]; then
  "${sudo[@]}" rm -rf /var/lib/apt/lists/*
fi
# Ubuntu's chromium package is a stub that installs a snap; say where it is
if [ ! -x /usr/bin/chromium ] && command -v chromium-browser >/dev/null 2>&1; then
  echo "Chromium is $(command -v chromium-browser): smokeflow finds it on PATH"
fi
