#!/usr/bin/env bash
# The whole test suite under AddressSanitizer, then under ThreadSanitizer, and a summary.
#
# Usage: Scripts/sanitizers.sh [address|thread ...]    (default: address thread)
#
# Each sanitizer builds into its own scratch path (.build/asan, .build/tsan), so the plain
# debug build in .build stays as it is. `swift test` builds every product with the sanitizer,
# and the end-to-end tests spawn the `artfeed` built beside the test bundle, so the binary the
# tests drive under tmux (loading feeds and pictures in the background) is the sanitized one.
# Reports go to files (log_path), from the test process and from every artfeed it spawns: a
# report printed inside a tmux pane would otherwise be lost with the pane.
#
# Sanitized runs are 2-15x slower; ARTFEED_TIME_SCALE stretches the tests' own deadlines
# (Tests/TestSupport/TimeScale.swift). LeakSanitizer reads Scripts/lsan.supp and TSan
# Scripts/tsan.supp: allocations and frames outside our code only, each entry with its evidence.
set -uo pipefail
cd "$(dirname "$0")/.."

export LANG=C.UTF-8 ARTFEED_REQUIRE_E2E=1
export ARTFEED_TIME_SCALE="${ARTFEED_TIME_SCALE:-5}"
logs="${SANITIZER_LOGS:-/tmp/artfeed-sanitizers}"
mkdir -p "$logs"
[ $# -gt 0 ] || set -- address thread

summary=()
status=0
for sanitizer in "$@"; do
  case "$sanitizer" in
    address) short=asan ;;
    thread) short=tsan ;;
    *) echo "unknown sanitizer: $sanitizer" >&2; exit 2 ;;
  esac
  reports="$logs/$short-reports"
  rm -rf "$reports" && mkdir -p "$reports"
  export ASAN_OPTIONS="log_path=$reports/report:detect_leaks=1"
  export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan.supp:print_suppressions=1"
  # exitcode=0: a report must not change what the tests see (an e2e test waits for EXIT=0);
  # the reports are counted from their files below.
  tsan="log_path=$reports/report:halt_on_error=0:exitcode=0"
  export TSAN_OPTIONS="$tsan:suppressions=$PWD/Scripts/tsan.supp"
  log="$logs/$short.log"
  start=$(date +%s)
  echo "== swift test --sanitize=$sanitizer (log: $log, reports: $reports)"
  swift test --sanitize="$sanitizer" --scratch-path ".build/$short" >"$log" 2>&1
  code=$?
  seconds=$(($(date +%s) - start))
  [ $code -eq 0 ] || status=1
  # Swift Testing's last line, e.g. "Test run with 402 tests in 20 suites passed after 81 s."
  result=$(grep -aE "Test run with [0-9]+ tests? .*(passed|failed)" "$log" | tail -n 1)
  failed=$(grep -aE '^✘ Test ".*" (with [0-9]+ test cases )?failed after' "$log" | wc -l)
  count=$(cat "$reports"/report.* 2>/dev/null | grep -cE "(WARNING|ERROR): [A-Za-z]+Sanitizer")
  files=$(ls "$reports" | wc -l)
  [ "$count" -eq 0 ] || status=1
  line="$sanitizer: exit $code in ${seconds}s; ${result:-no Swift Testing summary line};"
  summary+=("$line failing tests $failed; sanitizer reports $count ($files log files in $reports)")
done

echo
for line in "${summary[@]}"; do echo "$line"; done
exit $status
