#!/usr/bin/python3
"""Memory and time of whole artfeed processes on one huge feed, two binaries side by side.

Usage: /usr/bin/python3 Scripts/scale_figures.py --before BIN --after BIN
                                        [--items 10000,100000,1000000] [--artists distinct|few]
                                        [--rounds 1] [--only xmllint,parse,render,browser]
                                        [--query "heron pix"] [--generator PATH]
                                        [--files FILE,...] [--after-only parse,...]

Generates the feeds with ScaleBenchmark's generator (`--generator`, default the release
ScaleBenchmark beside --after, else beside --before; the files are kept in the temporary
folder as artfeed-scale-[distinct-]N.rss and reused), then for each size, in each round,
runs one after the other, alternating the two binaries:

- `xmllint --stream --noout FILE` (the baseline of parse --json's throughput);
- `artfeed parse --json FILE > /dev/null`;
- `artfeed render FILE --end --width 100 --height 30 --no-images`;
- the browser, `artfeed FILE --no-images` in a 100x30 pseudo-terminal (pty_figures.Browser),
  until the whole feed is loaded and its unread count shown, then an artist search typed key
  by key (`/` then the query), then quiet; its peak is VmHWM from /proc/PID/status, read
  before `q`.

--files: these feeds instead of generated ones (their item count read from the digits of the
name, as in ParseBenchmark's artfeed-parsebench-N.rss: `KEEP_BENCH_FILE=1 ParseBenchmark
--items 10000,100000 --runs 1`).

--after-only: run these commands with --after alone (a before of minutes at 1M whose figure is
already known).

Each figure is the whole process: wall time, CPU time (user + system, from wait4: on a
loaded machine the steadier one) and peak RSS from wait4's ru_maxrss (VmHWM for the
browser, whose time is from spawn to loaded). Prints, per size, each tool's times, peak,
bytes of peak per item, and for parse --json its throughput against xmllint's in the same
round (by CPU time, and by wall time in brackets); the load average before and after each size.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pty_figures  # noqa: E402


def feed_path(generator, count, artists):
    shape = "" if artists == "few" else artists + "-"
    path = os.path.join(tempfile.gettempdir(), "artfeed-scale-%s%d.rss" % (shape, count))
    if not os.path.exists(path):
        subprocess.run([generator, "--items", str(count), "--generate-only", "--artists", artists],
                       check=True, stdout=subprocess.DEVNULL)
    return path


def run_process(arguments, stdout=subprocess.DEVNULL):
    """Runs a whole process; returns (wall seconds, CPU seconds, peak KiB, exit status)."""
    start = time.perf_counter()
    process = subprocess.Popen(arguments, stdout=stdout, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, process.returncode


def vm_hwm(pid):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return None


def run_browser(binary, path, count, query):
    """Spawn to loaded, then a search typed key by key; returns (load seconds, VmHWM KiB)."""
    home = tempfile.mkdtemp(prefix="artfeed-scale-")
    start = time.perf_counter()
    try:
        browser = pty_figures.Browser(binary, path, home=home)
    except Exception:
        subprocess.run(["rm", "-rf", home])
        raise
    try:
        timeout = 60 + count / 2000
        if not browser.wait_loaded(count, timeout):
            raise RuntimeError("%s did not load %s in %d s:\n%s"
                               % (binary, path, timeout, browser.text()))
        loaded = time.perf_counter() - start - 1.0  # wait_loaded ends with 1 s of quiet
        browser.key(b"/", 0.3)
        for letter in query:
            browser.key(letter.encode(), 1.0)
        browser.read_until_quiet(2.0, limit=30)
        if query not in browser.text():
            raise RuntimeError("no search on screen:\n" + browser.text())
        peak = vm_hwm(browser.process.pid)
    finally:
        browser.close()
        subprocess.run(["rm", "-rf", home])
    return loaded, peak


def load_average():
    with open("/proc/loadavg") as loadavg:
        return " ".join(loadavg.read().split()[:3])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--items", default="10000,100000,1000000")
    parser.add_argument("--artists", choices=["few", "distinct"], default="distinct")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--only", default="xmllint,parse,render,browser")
    parser.add_argument("--query", default=None)
    parser.add_argument("--generator", default=None)
    parser.add_argument("--files", default=None)
    parser.add_argument("--after-only", default="")
    args = parser.parse_args()
    query = args.query or ("heron pix" if args.artists == "distinct" else "artist12")
    only = set(args.only.split(","))
    after_only = set(args.after_only.split(",")) if args.after_only else set()
    binaries = [("before", args.before), ("after", args.after)]
    generator = args.generator
    if generator is None:
        for _, binary in reversed(binaries):
            candidate = os.path.join(os.path.dirname(binary), "ScaleBenchmark")
            if os.path.exists(candidate):
                generator = candidate
                break
    print("before: %s\nafter:  %s\nquery: %r, rounds: %d" % (args.before, args.after, query,
                                                               args.rounds))
    if args.files:
        feeds = [(int("".join(c for c in os.path.basename(f) if c.isdigit())), f)
                 for f in args.files.split(",")]
    else:
        feeds = [(int(n), None) for n in args.items.split(",")]
    for count, path in feeds:
        path = path or feed_path(generator, count, args.artists)
        size = os.path.getsize(path)
        print("\n%d items, %.1f MB (%s), load average %s"
              % (count, size / 1e6, path, load_average()))
        print("%-18s %-7s %8s %8s %9s %7s %s" % ("command", "binary", "wall s", "CPU s",
                                                "peak MiB", "B/item", "note"))
        row = "%-18s %-7s %8.2f %8.2f %9.1f %7.0f %s"
        for round_index in range(args.rounds):
            xmllint = None
            if "xmllint" in only:
                seconds, cpu, peak, status = run_process(
                    ["xmllint", "--stream", "--noout", path])
                xmllint = (seconds, cpu)
                print(row % ("xmllint --stream", "-", seconds, cpu, peak / 1024,
                             peak * 1024 / count,
                             "%.0f MB/s (CPU), exit %d" % (size / cpu / 1e6, status)))
            # Alternate which binary goes first from one round to the next.
            order = binaries if round_index % 2 == 0 else list(reversed(binaries))

            def runs(command):
                return [b for b in order if b[0] == "after" or command not in after_only]
            if "parse" in only:
                for name, binary in runs("parse"):
                    seconds, cpu, peak, status = run_process([binary, "parse", "--json", path])
                    ratio = ("%.2fx xmllint's throughput (wall %.2fx), exit %d"
                             % (xmllint[1] / cpu, xmllint[0] / seconds, status)
                             if xmllint else "exit %d" % status)
                    print(row % ("parse --json", name, seconds, cpu, peak / 1024,
                                 peak * 1024 / count, ratio))
            if "render" in only:
                for name, binary in runs("render"):
                    seconds, cpu, peak, status = run_process(
                        [binary, "render", path, "--end", "--width", "100", "--height", "30",
                         "--no-images"])
                    print(row % ("render --end", name, seconds, cpu, peak / 1024,
                                 peak * 1024 / count, "exit %d" % status))
            if "browser" in only:
                for name, binary in runs("browser"):
                    loaded, peak = run_browser(binary, path, count, query)
                    print(row % ("browser + search", name, loaded, float("nan"), peak / 1024,
                                 peak * 1024 / count,
                                 "wall: spawn to loaded; peak: VmHWM after typing %r" % query))
            sys.stdout.flush()
        print("load average after: %s" % load_average())


if __name__ == "__main__":
    main()
