#!/bin/sh
# Start-up side by side: instructions (callgrind, cold then warm cells cache, three rounds) and
# perf stat of `newsboat -v` and each binary's bundled first screen.
# Usage: Scripts/startup_figures.sh BASE_BINARY NEW_BINARY   (static release builds:
#   swift build -c release --static-swift-stdlib --product artfeed)
# Benchmarks/README.md "Start-up" has the figures and how to read them.
set -eu
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# Each binary runs from a folder of its own with the resource bundle beside it, as installed
# (docs/adr/0142): the bundle found there is what a reader's artfeed reads. The bundle is the
# one beside the given binary, else the release build's.
BUNDLE=artfeed_ArtfeedResources.resources
placed() {
  mkdir -p "$WORK/$2"
  cp "$1" "$WORK/$2/artfeed"
  if [ -d "$(dirname "$1")/$BUNDLE" ]; then
    cp -r "$(dirname "$1")/$BUNDLE" "$WORK/$2/"
  else
    cp -r "$(dirname "$0")/../.build/release/$BUNDLE" "$WORK/$2/"
  fi
  echo "$WORK/$2/artfeed"
}
B=$(placed "$1" base)
N=$(placed "$2" new)
render() { "$@" render --width 100 --height 30; }
instructions() {
  HOME=$1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$2" render --width 100 \
    --height 30 2>&1 >/dev/null | awk '/refs/{print $4}'
}
for round in 1 2 3; do
  for bin in "$B" "$N"; do
    H="$WORK/h-$round"
    rm -rf "$H"
    mkdir -p "$H"
    cd "$H"
    cold=$(instructions "$H" "$bin")
    warm=$(instructions "$H" "$bin")
    echo "callgrind $bin round $round: cold $cold warm $warm"
  done
done
H="$WORK/perf"
mkdir -p "$H"
cd "$H"
for bin in "$B" "$N"; do HOME=$H render "$bin" >/dev/null; done
run() {
  label=$1
  shift
  out=$(HOME=$H perf stat -r 30 -e task-clock,page-faults "$@" 2>&1 >/dev/null)
  cpu=$(echo "$out" | awk '/task-clock/{print $1}')
  faults=$(echo "$out" | awk '/page-faults/{print $1}')
  wall=$(echo "$out" | awk '/elapsed/{print $1*1000}')
  printf "%-48s %7s ms CPU %7.1f ms wall %6s faults\n" "$label" "$cpu" "$wall" "$faults"
}
run "newsboat -v" newsboat -v
run "$B render" "$B" render --width 100 --height 30
run "$N render" "$N" render --width 100 --height 30
run "$B --version" "$B" --version
run "$N --version" "$N" --version
run "$N render --no-state" "$N" render --width 100 --height 30 --no-state
run "$N render --no-images" "$N" render --width 100 --height 30 --no-images
run "newsboat -v" newsboat -v
