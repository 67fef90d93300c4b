#!/usr/bin/env bash
# Peak RSS and time of `state export` and `state import` of N marks, whole process
# (/usr/bin/time -v), for the binaries given (issue 32: a backup of 3M marks could not be
# restored). Each run uses a fresh data folder under $TMPDIR; the state is made by SQL
# (items with read or starred marks, as a long-used state holds), not by artfeed.
#
#   Scripts/state_backup_figures.sh [--marks N,...] BINARY...
#
# Prints one line per binary, size and step: seconds, peak RSS (MiB), exit status, and the
# export's size.
set -euo pipefail
marks=1000000,3000000
if [ "${1:-}" = --marks ]; then marks=$2; shift 2; fi
[ $# -gt 0 ] || { sed -n '2,10p' "$0"; exit 64; }
work=$(mktemp -d "${TMPDIR:-/tmp}/artfeed-backup-figures.XXXXXX")
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config LANG=C.UTF-8

# measure LABEL COMMAND...: one line of figures from /usr/bin/time -v.
measure() {
  local label=$1; shift
  local status=0
  /usr/bin/time -v -o "$work/time" "$@" >"$work/out" 2>"$work/err" || status=$?
  local rss seconds
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time")
  seconds=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time")
  printf '%-34s %10s s %8.1f MiB  exit %3s  %s\n' "$label" "$seconds" "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')" \
    "$status" "$(head -c 100 "$work/err" | tr '\n' ' ')"
}

for count in ${marks//,/ }; do
  source_data=$work/source-$count
  mkdir -p "$source_data/artfeed"
  printf '{"format":1,"feeds":[],"items":[]}' >"$work/empty.json"
  XDG_DATA_HOME=$source_data "$1" state import "$work/empty.json" >/dev/null
  python3 - "$source_data/artfeed/state.db" "$count" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
count = int(sys.argv[2])
rows = ((index * 0x9E3779B97F4A7C15 % (1 << 63), 1, index % 7 == 0, 1700000000 + index % 1000,
         1700000000 + index % 5000) for index in range(1, count + 1))
db.executemany("INSERT INTO items(id, read, starred, first_seen, changed) VALUES(?,?,?,?,?)", rows)
db.execute("INSERT INTO feeds(key, last_visit) VALUES('https://www.deviantart.com/rss/a', 1700000000)")
db.commit()
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
PY
  for binary in "$@"; do
    name=$(basename "$binary")
    export_file=$work/export-$count.json
    rm -f "$export_file"
    XDG_DATA_HOME=$source_data measure "$name export $count" sh -c 'exec "$0" state export > "$1"' \
      "$binary" "$export_file"
    echo "  export: $(stat -c %s "$export_file") bytes"
    target=$work/target-$count-$name
    rm -rf "$target"
    XDG_DATA_HOME=$target measure "$name import $count" "$binary" state import "$export_file"
    rm -rf "$target" "$export_file"
  done
  rm -rf "$source_data"
done
