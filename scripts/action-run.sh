#!/usr/bin/env bash
# The steps of smokeflow's GitHub Action (action.yml), kept here so that a
# test runs them (cmd/smokeflow-cli/action_test.go; docs/running.md "The
# GitHub Action"):
#
#   action-run.sh install   Chromium (scripts/install-chromium.sh) and smokeflow
#   action-run.sh run       run the flows, write the step summary and the outputs
#
# Inputs come as INPUT_* variables (action.yml sets them): INPUT_VERSION,
# INPUT_FLOWS, INPUT_BASE_URL, INPUT_SHARD, INPUT_REPORTS, INPUT_HISTORY,
# INPUT_ARGS, INPUT_ARTIFACTS. GitHub's own: GITHUB_ENV, GITHUB_OUTPUT,
# GITHUB_STEP_SUMMARY, RUNNER_TEMP, RUNNER_OS, RUNNER_ARCH.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
releases=${SMOKEFLOW_RELEASES:-https://github.com/smokeflow/smokeflow/releases}

die() { echo "smokeflow action: $*" >&2; exit 2; }

# install_smokeflow puts the smokeflow that INPUT_VERSION names in
# SMOKEFLOW_ACTION_BIN, for the run step (through GITHUB_ENV): a path to
# a binary (./bin/smokeflow, built by an earlier step), else a release,
# latest or a tag such as v0.2.0, checked against its checksums.txt.
install_smokeflow() {
  local version=${INPUT_VERSION:-latest} bin
  case "$version" in
    /* | ./* | ../*)
      [ -x "$version" ] || die "version: $version is not an executable file: build it first, or give a release such as latest or v0.2.0"
      bin=$(cd "$(dirname "$version")" && pwd)/$(basename "$version")
      ;;
    *)
      local os arch url dir archive
      case "${RUNNER_OS:-Linux}" in Linux) os=linux ;; macOS) os=darwin ;; *) die "the action runs on Linux and macOS runners, not ${RUNNER_OS}: on Windows, download the release's zip" ;; esac
      case "${RUNNER_ARCH:-X64}" in X64) arch=amd64 ;; ARM64) arch=arm64 ;; *) die "runner arch ${RUNNER_ARCH} is not one smokeflow releases for (X64, ARM64)" ;; esac
      if [ "$version" = latest ]; then url=$releases/latest/download; else url=$releases/download/$version; fi
      archive=smokeflow_${os}_${arch}.tar.gz
      dir=${RUNNER_TEMP:-/tmp}/smokeflow-$version
      mkdir -p "$dir"
      curl -fsSL --retry 3 -o "$dir/$archive" "$url/$archive" || die "no release $version at $url/$archive: check the version input (latest, or a tag such as v0.2.0)"
      curl -fsSL --retry 3 -o "$dir/checksums.txt" "$url/checksums.txt" || die "no checksums.txt at $url"
      (cd "$dir" && grep " $archive\$" checksums.txt | sha256sum -c -) || die "$archive does not match checksums.txt: download again"
      tar -xzf "$dir/$archive" -C "$dir"
      bin=$dir/smokeflow
      ;;
  esac
  echo "smokeflow: $("$bin" --version)"
  echo "SMOKEFLOW_ACTION_BIN=$bin" >>"${GITHUB_ENV:-/dev/null}"
}

# run_args fills the array args with smokeflow run's arguments.
run_args() {
  local out=${INPUT_ARTIFACTS:-smokeflow-results} word
  set -f # the flows' globs are smokeflow's to expand
  # shellcheck disable=SC2206 # word splitting of the inputs is meant
  args=(run ${INPUT_FLOWS:-flows} --artifacts "$out")
  [ -z "${INPUT_BASE_URL:-}" ] || args+=(--base-url "$INPUT_BASE_URL")
  [ -z "${INPUT_SHARD:-}" ] || args+=(--shard "$INPUT_SHARD")
  [ -z "${INPUT_HISTORY:-}" ] || args+=(--history "$INPUT_HISTORY")
  local reports=${INPUT_REPORTS:-"junit=$out/junit.xml markdown=$out/report.md json=$out/results.json"}
  for word in $reports; do args+=(--report "$word"); done
  # shellcheck disable=SC2206
  args+=(${INPUT_ARGS:-})
  set +f
}

# markdown_report is the path of the Markdown report among the args.
markdown_report() {
  local a
  for a in "${args[@]}"; do
    case "$a" in markdown=* | md=*) echo "${a#*=}" ;; esac
  done
}

# write_summary appends to GITHUB_STEP_SUMMARY when smokeflow did not:
# smokeflow appends its Markdown report itself inside GitHub Actions
# (docs/running.md "Shards over machines"), so this is for a run that
# stopped before a report, or a runner that is not GitHub's.
write_summary() {
  local code=$1 before=$2 errlog=$3 report
  # a report older than errlog, made when the run started, is a past run's
  [ -n "${GITHUB_STEP_SUMMARY:-}" ] || return 0
  [ "$(wc -c <"$GITHUB_STEP_SUMMARY" 2>/dev/null || echo 0)" -gt "$before" ] && return 0
  report=$(markdown_report)
  if [ -n "$report" ] && [ -s "$report" ] && [ "$report" -nt "$errlog" ]; then
    cat "$report" >>"$GITHUB_STEP_SUMMARY"
    return 0
  fi
  {
    echo "### smokeflow stopped before a report: exit $code"
    echo
    echo '```'
    tail -n 20 "$errlog"
    echo '```'
  } >>"$GITHUB_STEP_SUMMARY"
}

run_flows() {
  local bin=${SMOKEFLOW_ACTION_BIN:-smokeflow} args=() code=0 before=0 errlog
  run_args
  if [ -n "${INPUT_HISTORY:-}" ]; then
    case "$("$bin" run --help 2>&1 || true)" in
      *--history*) ;;
      *) die "the history input needs a smokeflow whose run has --history, and $("$bin" --version) has none: set version to a release that has it, or leave history empty" ;;
    esac
  fi
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -f "$GITHUB_STEP_SUMMARY" ]; then before=$(wc -c <"$GITHUB_STEP_SUMMARY"); fi
  errlog=$(mktemp)
  "$bin" "${args[@]}" 2>"$errlog" || code=$?
  cat "$errlog" >&2
  write_summary "$code" "$before" "$errlog"
  rm -f "$errlog"
  {
    echo "exit-code=$code"
    echo "artifacts=${INPUT_ARTIFACTS:-smokeflow-results}"
    echo "report=$(markdown_report)"
  } >>"${GITHUB_OUTPUT:-/dev/null}"
  return "$code"
}

case "${1:-}" in
  install)
    # GitHub's macOS runners have Google Chrome, which smokeflow finds
    if [ "${RUNNER_OS:-Linux}" = Linux ]; then bash "$here/install-chromium.sh"; fi
    install_smokeflow
    ;;
  run) run_flows ;;
  *) die "usage: action-run.sh install|run" ;;
esac
