#!/usr/bin/env bash
# Installs Chromium from the distribution's packages (Debian or Ubuntu),
# and Chromium's headless shell where the distribution has it (Debian:
# chromium-headless-shell), which smokeflow prefers for headless runs
# (docs/running.md "The browser"): the one install step that the
# Dockerfile, .ci/run, `make test` and the GitHub Action (action.yml)
# share: docs/running.md "Ways to run it". smokeflow never downloads a
# browser.
#
#   scripts/install-chromium.sh [--fonts] [--clean] [--force]
#
#   --fonts  also the fonts a page's text is drawn with: Liberation (metric
#            twins of Arial, Times and Courier), DejaVu, Noto color emoji and
#            Noto CJK, so screenshots show text, not boxes
#   --clean  remove apt's package lists afterwards (a smaller image layer)
#   --force  install even when a browser is there
#
# Without --force it does nothing when a Chromium or Chrome is there and so
# is the headless shell; with a browser and no shell it only tries to add
# the shell, and a distribution without it is no error. Run as root, or as
# a user with sudo.
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

have_browser() { [ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1; }
have_shell() { [ -x /usr/lib/chromium/chromium-headless-shell ] || command -v chromium-headless-shell >/dev/null 2>&1 || command -v chrome-headless-shell >/dev/null 2>&1; }
if [ "$force" = 0 ] && have_browser && have_shell; then
  echo "Chromium and its headless shell are installed"
  exit 0
fi
shell_only=0
if [ "$force" = 0 ] && have_browser && [ "$fonts" = 0 ]; then
  shell_only=1
fi

sudo=()
if [ "$(id -u)" != 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-chromium.sh: run it as root, or install sudo: apt-get needs root" >&2
    exit 1
  fi
  sudo=(sudo)
fi
if ! command -v apt-get >/dev/null 2>&1 && [ "$shell_only" = 1 ]; then
  echo "install-chromium.sh: no apt-get here to add Chromium's headless shell: smokeflow runs Chromium headless"
  exit 0
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
"${sudo[@]}" apt-get update
if [ "$shell_only" = 0 ]; then
  echo "Installing ${packages[*]} from the distribution..."
  "${sudo[@]}" apt-get install -y "${packages[@]}"
fi
# the headless shell: not in every distribution (Ubuntu's chromium is a snap)
if apt-cache show chromium-headless-shell >/dev/null 2>&1; then
  echo "Installing chromium-headless-shell from the distribution..."
  "${sudo[@]}" apt-get install -y chromium-headless-shell ||
    echo "install-chromium.sh: chromium-headless-shell did not install: smokeflow runs Chromium headless instead" >&2
else
  echo "This distribution has no chromium-headless-shell: smokeflow runs Chromium headless"
fi
if [ "$clean" = 1 ]; then
  "${sudo[@]}" rm -rf /var/lib/apt/lists/*
fi
# Ubuntu's chromium package is a stub that installs a snap; say where it is
if [ ! -x /usr/bin/chromium ] && command -v chromium-browser >/dev/null 2>&1; then
  echo "Chromium is $(command -v chromium-browser): smokeflow finds it on PATH"
fi
