#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs each for a fixed time.
#
#   Scripts/fuzz.sh [--time SECONDS] [--runs N] [--seed N] [--no-build] [TARGET...]
#
# --runs N stops a target after N inputs (or --time, whichever comes first) and --seed N fixes
# libFuzzer's random choices: with both, a run tries the same inputs every time (CI's smoke).
# TARGET is FuzzParser, FuzzHTML, FuzzDates, FuzzWrap, FuzzListEngine, FuzzOPML, FuzzImages,
# FuzzAnimations or FuzzStateImport
# (default: all, one after the other, one process each). Seeds come from Fuzz/Seeds, the
# bundled feeds and thumbnails and ../shared/realfeeds (copied at run time, never committed);
# the corpus grows in Fuzz/.build/fuzz-corpus/TARGET and is reused by the next run. Findings
# (crash-*, timeout-*, oom-*, leak-*; slow-unit-* are listed but do not fail) go to
# Fuzz/.build/fuzz-findings/TARGET. A test input that runs over 10 s is a hang; over 2 GB of
# RSS is a memory blow-up. Prints one summary line per target; exits 1 if any target found
# something.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export LANG=C.UTF-8
# The Swift runtime's own crash reporter would take the signal before libFuzzer does.
export SWIFT_BACKTRACE=enable=no

time=60
runs=-1
seed=0
build=1
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) time=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
all=(FuzzParser FuzzHTML FuzzDates FuzzWrap FuzzListEngine FuzzOPML FuzzImages FuzzAnimations
  FuzzStateImport)
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")

if [ "$build" = 1 ]; then
  echo "fuzz: building (release, -sanitize=fuzzer,address)"
  # -enable-testing: the fuzzers reach internal API (FeedDate, StreamingParse) by @testable.
  swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address \
    -Xswiftc -enable-testing 2>&1 | grep -v "Cannot export local symbol '__asan_extra_spill_area'"
fi
bin=$(swift build --package-path Fuzz -c release --show-bin-path)
work=$root/Fuzz/.build
realfeeds=$root/../shared/realfeeds

# Fills $work/fuzz-seeds/TARGET from the committed seeds and the project's data.
prepare_seeds() {
  local target=$1 seeds=$work/fuzz-seeds/$1
  rm -rf "$seeds"
  mkdir -p "$seeds"
  if [ -d "Fuzz/Seeds/$target" ]; then cp Fuzz/Seeds/"$target"/* "$seeds"/; fi
  python3 - "$target" "$seeds" "$root" "$realfeeds" <<'PY'
import glob, hashlib, os, re, sys
target, seeds, root, realfeeds = sys.argv[1:]
feeds = sorted(glob.glob(f"{root}/Resources/feeds/*.rss"))
if os.path.isdir(realfeeds):
    feeds += sorted(f for f in glob.glob(f"{realfeeds}/*") if re.search(r"\.(rss|atom|rdf)$", f))
images = sorted(glob.glob(f"{root}/Resources/thumbnails/*.*"))
images = [i for i in images if re.search(r"\.(jpg|png|gif|webp)$", i)]

def put(data):
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(seeds, name), "wb") as out:
        out.write(data)

def texts(pattern, limit):
    found = []
    for feed in feeds:
        data = open(feed, "rb").read()
        found += re.findall(pattern, data, re.S)[:limit]
    return found

if target == "FuzzParser":
    for feed in feeds:
        put(open(feed, "rb").read()[:200_000])
elif target == "FuzzHTML":
    for text in texts(rb"<description>(.*?)</description>", 8):
        put(b"\x80" + text.replace(b"<![CDATA[", b"").replace(b"]]>", b"")[:20_000])
elif target == "FuzzDates":
    for text in texts(rb"<(?:pubDate|updated|published|dc:date)>([^<]{1,80})<", 3):
        put(text)
elif target == "FuzzWrap":
    for index, text in enumerate(texts(rb"<title>(.*?)</title>", 6)):
        put(bytes([(7 * index) % 120 + 1, 0]) + text[:4_000])
    put(bytes([40, 0]) + "e\u0301 \u4e2d\u6587 \U0001F468\u200d\U0001F469 \x1b[31m\t\u202e".encode())
elif target == "FuzzImages":
    for index, image in enumerate(images):
        put(bytes([index % 4, 20, 8]) + open(image, "rb").read())
PY
}

status=0
printf '%-15s %6s %12s %8s %6s %7s %8s  %s\n' target secs executions exec/s cov ft rss_mb findings
summary=()
for target in "${targets[@]}"; do
  case "$target" in
    FuzzParser) options=(-max_len=131072 -dict=Fuzz/Dictionaries/feed.dict) ;;
    FuzzHTML) options=(-max_len=32768 -dict=Fuzz/Dictionaries/feed.dict) ;;
    FuzzImages) options=(-max_len=262144) ;;
    FuzzAnimations) options=(-max_len=65536) ;;
    FuzzDates) options=(-max_len=256) ;;
    FuzzStateImport) options=(-max_len=65536 -dict=Fuzz/Dictionaries/state.dict) ;;
    # FoundationXML leaks the CFError of every XML error it reports (in the toolchain).
    FuzzOPML) options=(-max_len=8192 -detect_leaks=0) ;;
    *) options=(-max_len=8192) ;;
  esac
  prepare_seeds "$target"
  corpus=$work/fuzz-corpus/$target
  findings=$work/fuzz-findings/$target
  mkdir -p "$corpus" "$findings"
  log=$work/fuzz-logs/$target.log
  mkdir -p "$(dirname "$log")"
  before=$(ls "$findings" | grep -vc '^slow-unit-' || true)
  set +e
  leaks=1
  [ "$target" != FuzzOPML ] || leaks=0
  ASAN_OPTIONS=detect_leaks=$leaks "$bin/$target" "$corpus" "$work/fuzz-seeds/$target" "${options[@]}" \
    -max_total_time="$time" -runs="$runs" -seed="$seed" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$findings/" -close_fd_mask=1 >"$log" 2>&1
  code=$?
  set -e
  after=$(ls "$findings" | grep -vc '^slow-unit-' || true)
  # A slow unit (over 10 s, libFuzzer's -report_slow_units) is kept for a look but is not a
  # failure: on this shared machine a stall of the whole process makes one; -timeout decides.
  slow=$(ls "$findings" | grep -c '^slow-unit-' || true)
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2 || true)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2 || true)
  found=$((after - before))
  note=$found
  if [ "$code" -ne 0 ] || [ "$found" -gt 0 ]; then
    status=1
    note="$found new (exit $code): $(ls -t "$findings" | grep -v '^slow-unit-' | head -3 | tr '\n' ' ')"
    grep -m1 -E 'Fatal error|ERROR: (libFuzzer|AddressSanitizer)' "$log" | cut -c1-160 || true
  fi
  [ "$slow" -eq 0 ] || note="$note ($slow slow-unit files, not failures)"
  line=$(printf '%-15s %6s %12s %8s %6s %7s %8s  %s' "$target" "$time" "${executions:--}" \
    "${speed:--}" "${cov:--}" "${ft:--}" "${rss:--}" "$note")
  echo "$line"
  summary+=("$line")
done
echo "fuzz: logs in Fuzz/.build/fuzz-logs, findings in Fuzz/.build/fuzz-findings"
exit $status
