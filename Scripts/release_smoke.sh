#!/usr/bin/env bash
# A smoke test of the release binary: the test suite runs debug builds, and Swift 6.3.1's
# optimizer once broke a path that only a release build takes (docs/adr/0085: every artist
# search on an endpoint died with SIGILL). Builds `-c release`, serves the loopback test
# feeds, and runs the commands a reader starts with, each of which must exit 0 and show what
# it should. Usage: Scripts/release_smoke.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${1:-}" = "--no-build" ] || swift build -c release --product artfeed
bin="$(swift build -c release --show-bin-path)/artfeed"
scratch="$(mktemp -d)"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT
export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/config" XDG_CACHE_HOME="$scratch/cache" \
  XDG_DATA_HOME="$scratch/data" LANG=C.UTF-8 TZ=UTC
mkdir -p "$HOME"
python3 Tests/TestSupport/feedserver.py --lifetime 300 >"$scratch/server.out" 2>/dev/null &
server_pid=$!
for _ in $(seq 1 100); do [ -s "$scratch/server.out" ] && break; sleep 0.05; done
port="$(head -n 1 "$scratch/server.out")"
[ -n "$port" ] || { echo "release smoke: the feed server did not start" >&2; exit 1; }
endpoint="http://127.0.0.1:$port/rss.xml"

failures=0
check() { # check NAME EXPECTED-TEXT COMMAND...
  local name="$1" expected="$2" output status
  shift 2
  set +e
  output="$("$@" 2>&1)"
  status=$?
  set -e
  if [ "$status" -ne 0 ] || ! grep -qF -- "$expected" <<<"$output"; then
    echo "release smoke: $name failed (exit $status); wanted \"$expected\":" >&2
    head -n 20 <<<"$output" >&2
    failures=$((failures + 1))
  else
    echo "release smoke: $name ok"
  fi
}
check "--version" "artfeed" "$bin" --version
check "render (bundled)" "Popular" "$bin" render --width 100 --height 30
check "parse --json (bundled)" '"items"' "$bin" parse Resources/feeds/popular.rss --json
check "render --endpoint" "items" "$bin" render --endpoint "$endpoint" --width 100 --height 30
check "render --endpoint --artist" "Brindlewick" \
  "$bin" render --endpoint "$endpoint" --artist Brindlewick --width 100 --height 30
check "config" "[keys]" "$bin" config
[ "$failures" -eq 0 ] || { echo "release smoke: $failures failed" >&2; exit 1; }
