#!/usr/bin/env python3
"""artfeed beside its peers, in one run, on the same generated files (the hardening issue).

Usage: python3 Scripts/peers.py [--runs N] [--items 1000,10000,100000] [--text-mb 8]
                                [--slow SECONDS] [--no-install] [--no-build]

Installs what is missing (Debian: newsboat, libxml2-utils for xmllint, python3-feedparser, or
feedparser from PyPI if the Debian package is not there), builds the release `artfeed`,
`LayoutBenchmark` and `ScaleBenchmark`, writes DeviantArt-shaped Media RSS feeds with
ScaleBenchmark's generator (Benchmarks/BenchmarkSupport/FeedGenerator.swift, seed 42: the
files the README's other scale figures use) and times, as whole processes, N runs each:

  feeds  xmllint --stream --noout FILE                   libxml2 reading every byte: the floor
         python3 -c 'feedparser.parse(bytes of FILE)'   Python start and import included
         newsboat -u URLS -c NEW.db -C /dev/null -x reload   file:// URL, a fresh cache each run
         artfeed parse --json FILE > /dev/null
         artfeed render FILE --first-screen --no-images --width 80 --height 24
  text   fold -s -w 80 FILE > /dev/null                  counts bytes, keeps the space at breaks
         LayoutBenchmark --fold 80 FILE > /dev/null      LineWrapper: counts display cells

It prints medians, MB/s, the highest peak RSS of the runs (ru_maxrss of the child, from
GNU time) and artfeed's ratios: a peer's median time over artfeed's (above 1: artfeed is faster).
A tool whose first run takes longer than --slow seconds is run once only (the table says so).
The text is made here: one file of English prose with some CJK, emoji and accented lines, and
one of pure ASCII prose without tabs or words longer than the line, on which the script checks
that fold's and LineWrapper's lines agree once fold's trailing spaces are stripped.
"""

import argparse
import os
import platform
import random
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE = os.path.join(ROOT, ".build", "release")
FEEDPARSER = ("import feedparser, sys\n"
              "d = feedparser.parse(open(sys.argv[1], 'rb').read())\n"
              "print(len(d.entries))\n")

# MARK: - Installing the peers


def install(allowed):
    """Installs the missing peers with apt-get (and pip for feedparser if apt has none)."""
    debian = []
    if not shutil.which("xmllint"):
        debian.append("libxml2-utils")
    if not shutil.which("newsboat"):
        debian.append("newsboat")
    if not has_feedparser():
        debian.append("python3-feedparser")
    if not shutil.which("fold"):
        debian.append("coreutils")
    if not os.path.exists("/usr/bin/time"):
        debian.append("time")  # GNU time: each tool's own peak RSS
    if not debian:
        return
    if not allowed:
        sys.exit("missing: %s (run without --no-install)" % " ".join(debian))
    print("peers: installing %s" % " ".join(debian), flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], env=env, check=True)
    subprocess.run(["apt-get", "install", "-y", "-qq"] + debian, env=env, check=True)
    if not has_feedparser():
        subprocess.run([sys.executable, "-m", "pip", "install", "--break-system-packages",
                        "feedparser"], check=True)


def has_feedparser():
    return subprocess.run([sys.executable, "-c", "import feedparser"],
                          stderr=subprocess.DEVNULL).returncode == 0


def versions():
    """One line per tool: the version each reports."""
    def first_line(argv, stream="stdout"):
        result = subprocess.run(argv, capture_output=True, text=True)
        text = (result.stdout if stream == "stdout" else result.stderr).strip()
        return text.splitlines()[0] if text else "?"
    feedparser = subprocess.run([sys.executable, "-c",
                                 "import feedparser; print(feedparser.__version__)"],
                                capture_output=True, text=True).stdout.strip()
    return [
        "xmllint: " + first_line(["xmllint", "--version"], "stderr"),
        "newsboat: " + first_line(["newsboat", "-v"]),
        "feedparser: %s (Python %s)" % (feedparser, platform.python_version()),
        "fold: " + first_line(["fold", "--version"]),
        "swift: " + first_line(["swift", "--version"]),
    ]


def machine():
    model = "?"
    with open("/proc/cpuinfo") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as meminfo:
        total = int(meminfo.readline().split()[1]) / 1024 / 1024
    return "%s, %d cores (%s), %.0f GiB RAM, %s" % (
        platform.machine(), os.cpu_count(), model, total, platform.platform())


# MARK: - Building and generating


def build():
    for product in ["artfeed", "LayoutBenchmark", "ScaleBenchmark"]:
        subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=ROOT,
                       check=True, stdout=subprocess.DEVNULL)


def generate_feeds(counts):
    """ScaleBenchmark's feeds (kept in the temporary folder between runs): {count: path}."""
    output = subprocess.run(
        [os.path.join(RELEASE, "ScaleBenchmark"), "--generate-only", "--items",
         ",".join(str(count) for count in counts)],
        check=True, capture_output=True, text=True).stdout
    paths = {}
    for match in re.finditer(r"^(\d+) items, [\d.]+ MB \((.*)\)$", output, re.M):
        paths[int(match.group(1))] = match.group(2)
    if sorted(paths) != sorted(counts):
        sys.exit("ScaleBenchmark --generate-only printed:\n" + output)
    return paths


ENGLISH = ("the quick brown fox jumps over lazy dog digital painting of a lighthouse at dusk "
           "with storm clouds rolling in from sea commissions are open prints available "
           "artwork sketch watercolor character design for my original story light colour "
           "evening study portrait landscape finished wash blue thank you all for the "
           "favourites and comments").split()
OTHER = ["日本語の文章は空白を使わずに続きます。", "新作のイラストを公開しました！",
         "中文文本没有空格，需要在字符之间换行。", "한국어 문장은 띄어쓰기를 사용합니다.",
         "👨‍👩‍👧", "❤️", "🇯🇵", "👍🏽", "🎨✨", "café", "naïve", "Tiếng Việt có dấu"]


def write_text(path, megabytes, mixed):
    """Paragraphs of prose, one per line; in a mixed text, one line in ten has other scripts."""
    rng = random.Random(20261123 if mixed else 20261124)
    target = megabytes * 1_000_000
    written = 0
    with open(path, "w", encoding="utf-8") as out:
        while written < target:
            other = mixed and rng.random() < 0.1
            words = []
            for _ in range(rng.randint(5, 160)):
                words.append(rng.choice(OTHER) if other and rng.random() < 0.3
                             else rng.choice(ENGLISH))
            line = " ".join(words) + ("\n\n" if rng.random() < 0.2 else "\n")
            out.write(line)
            written += len(line.encode("utf-8"))
    return os.path.getsize(path)


def wrap_agreement(path, width):
    """fold -s -w WIDTH against LineWrapper at WIDTH - 1, source line by source line.

    fold -s breaks where the text and the blank after it fit WIDTH columns, so its lines hold
    WIDTH - 1 characters, except the last piece of a source line, which may fill WIDTH.
    LineWrapper's text fills its width. So the two agree at WIDTH and WIDTH - 1 except on
    source lines whose last piece fold makes exactly WIDTH wide. Returns (source lines, lines
    that agree, lines that differ for that reason, lines that differ otherwise).
    """
    def chunks(lines, sources):
        lines = iter(lines)
        for source in sources:
            words, chunk = source.split(), []
            while not chunk or sum(len(line.split()) for line in chunk) < len(words):
                chunk.append(next(lines).rstrip(" "))
            yield chunk

    with open(path, encoding="utf-8") as text:
        sources = text.read().split("\n")
    if sources and sources[-1] == "":
        sources.pop()
    fold = subprocess.run(["fold", "-s", "-w", str(width), path], check=True,
                          capture_output=True).stdout.decode().split("\n")
    ours = subprocess.run([os.path.join(RELEASE, "LayoutBenchmark"), "--fold", str(width - 1),
                           path], check=True, capture_output=True).stdout.decode().split("\n")
    agree = explained = other = 0
    for theirs, mine in zip(chunks(fold, sources), chunks(ours, sources)):
        if theirs == mine:
            agree += 1
        elif len(theirs[-1]) == width and theirs[:-1] == mine[:len(theirs) - 1]:
            explained += 1
        else:
            other += 1
    return len(sources), agree, explained, other


# MARK: - Timing


def timed(argv, env, stdout=subprocess.DEVNULL):
    """Runs argv under GNU time; returns (seconds, peak RSS in MiB, exit status).

    The peak comes from GNU time, not from this script's own wait4: a child forked from Python
    keeps the parent's resident size as its ru_maxrss floor across exec (about 17 MiB here),
    which would hide the peak of small tools such as fold and xmllint.
    """
    with tempfile.NamedTemporaryFile("r", prefix="peers-time-") as report:
        start = time.perf_counter()
        status = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name] + argv,
                                env=env, stdout=stdout, stderr=subprocess.DEVNULL,
                                stdin=subprocess.DEVNULL).returncode
        elapsed = time.perf_counter() - start
        lines = report.read().split()
    peak = int(lines[-1]) / 1024.0 if lines and lines[-1].isdigit() else float("nan")
    return elapsed, peak, status


class Measure:
    """The runs of one tool on one file: median seconds, highest peak RSS, runs done."""

    def __init__(self, seconds, peaks):
        self.seconds = statistics.median(seconds)
        self.all = seconds
        self.peak = max(peaks)
        self.runs = len(seconds)


def measure(name, runs, slow, run_once):
    """Calls run_once() (-> seconds, peak MiB) up to `runs` times; once if the first is slow."""
    seconds, peaks = [], []
    for index in range(runs):
        elapsed, peak = run_once(index)
        seconds.append(elapsed)
        peaks.append(peak)
        print("  %-28s run %d: %.3f s, %.1f MiB" % (name, index + 1, elapsed, peak), flush=True)
        if elapsed > slow:
            break
    return Measure(seconds, peaks)


def checked(argv, env, what, stdout=subprocess.DEVNULL):
    elapsed, peak, status = timed(argv, env, stdout)
    if status != 0:
        sys.exit("%s failed (%d): %s" % (what, status, " ".join(argv)))
    return elapsed, peak


def time_feed(path, count, args, work, base):
    artfeed = os.path.join(RELEASE, "artfeed")
    results = {}
    results["xmllint --stream --noout"] = measure(
        "xmllint", args.runs, args.slow,
        lambda i: checked(["xmllint", "--stream", "--noout", path], base, "xmllint"))

    def feedparser_once(index):
        out_path = os.path.join(work, "feedparser.out")
        with open(out_path, "w") as out:
            result = checked([sys.executable, "-c", FEEDPARSER, path], base, "feedparser", out)
        with open(out_path) as out:
            entries = int(out.read().strip() or "0")
        if entries != count:
            sys.exit("feedparser found %d entries in %s, not %d" % (entries, path, count))
        return result
    results["feedparser (python3 process)"] = measure(
        "feedparser", args.runs, args.slow, feedparser_once)

    def newsboat_once(index):
        home = tempfile.mkdtemp(prefix="newsboat-", dir=work)
        urls = os.path.join(home, "urls")
        with open(urls, "w") as out:
            out.write("file://%s\n" % os.path.abspath(path))
        db = os.path.join(home, "cache.db")
        env = dict(base, HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
                   XDG_DATA_HOME=os.path.join(home, "data"))
        result = checked(["newsboat", "-u", urls, "-c", db, "-C", "/dev/null", "-x", "reload"],
                         env, "newsboat")
        with sqlite3.connect(db) as connection:
            items = connection.execute("select count(*) from rss_item").fetchone()[0]
        shutil.rmtree(home, ignore_errors=True)
        if items != count:
            sys.exit("newsboat stored %d items from %s, not %d" % (items, path, count))
        return result
    results["newsboat -x reload"] = measure("newsboat", args.runs, args.slow, newsboat_once)

    results["artfeed parse --json"] = measure(
        "artfeed parse --json", args.runs, args.slow,
        lambda i: checked([artfeed, "parse", "--json", path], base, "artfeed parse"))
    results["artfeed render, first screen"] = measure(
        "artfeed first screen", args.runs, args.slow,
        lambda i: checked([artfeed, "render", path, "--first-screen", "--no-images", "--width",
                           "80", "--height", "24"], base, "artfeed render"))
    return results


def time_text(path, args, base):
    wrapper = os.path.join(RELEASE, "LayoutBenchmark")
    return {
        "fold -s -w 80": measure(
            "fold", args.runs, args.slow,
            lambda i: checked(["fold", "-s", "-w", "80", path], base, "fold")),
        "artfeed LineWrapper at 80": measure(
            "LayoutBenchmark --fold", args.runs, args.slow,
            lambda i: checked([wrapper, "--fold", "80", path], base, "LayoutBenchmark")),
    }


# MARK: - The table


def print_table(title, rows, ours_name, second_name=None):
    """rows: [(label, size MB, {tool: Measure})]."""
    print("\n" + title)
    head = "| tool | input | median s | MB/s | peak MiB | runs | vs %s |" % ours_name
    if second_name:
        head += " vs %s |" % second_name
    print(head)
    print("|---|---|---:|---:|---:|---:|---:|" + ("---:|" if second_name else ""))
    for label, megabytes, measures in rows:
        ours = measures[ours_name].seconds
        second = measures[second_name].seconds if second_name else None
        for tool, m in measures.items():
            rate = "" if "first screen" in tool else "%.1f" % (megabytes / m.seconds)
            line = "| %s | %s | %.3f | %s | %.1f | %d | %.2fx |" % (
                tool, label, m.seconds, rate, m.peak, m.runs, m.seconds / ours)
            if second_name:
                line += " %.1fx |" % (m.seconds / second)
            print(line)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--items", default="1000,10000,100000")
    parser.add_argument("--text-mb", type=int, default=8)
    parser.add_argument("--slow", type=float, default=120.0,
                        help="run a tool once only when its first run takes longer (seconds)")
    parser.add_argument("--no-install", action="store_true")
    parser.add_argument("--no-build", action="store_true",
                        help="use the release binaries already in .build/release")
    args = parser.parse_args()
    counts = [int(count) for count in args.items.split(",")]

    install(not args.no_install)
    if not args.no_build:
        build()
    feeds = generate_feeds(counts)
    work = tempfile.mkdtemp(prefix="artfeed-peers-")
    base = dict(os.environ, LANG="C.UTF-8", XDG_CACHE_HOME=os.path.join(work, "cache"))
    load_before = os.getloadavg()
    started = time.time()
    try:
        feed_rows = []
        for count in counts:
            megabytes = os.path.getsize(feeds[count]) / 1e6
            print("%d items, %.1f MB: %s" % (count, megabytes, feeds[count]), flush=True)
            feed_rows.append(("%dk items, %.1f MB" % (count // 1000, megabytes), megabytes,
                              time_feed(feeds[count], count, args, work, base)))
        text_rows = []
        for name, mixed in [("mixed", True), ("ASCII", False)]:
            path = os.path.join(work, "%s.txt" % name)
            megabytes = write_text(path, args.text_mb, mixed) / 1e6
            print("%s text, %.1f MB: %s" % (name, megabytes, path), flush=True)
            text_rows.append(("%s text, %.1f MB" % (name, megabytes), megabytes,
                              time_text(path, args, base)))
        agreement = wrap_agreement(os.path.join(work, "ASCII.txt"), 80)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load_after = os.getloadavg()

    print("\nartfeed beside its peers, %s, %d runs each (median; peak = highest of the runs)"
          % (time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(started)), args.runs))
    print("machine: " + machine())
    print("load average (1, 5, 15 min): before %.2f %.2f %.2f, after %.2f %.2f %.2f; took %.0f s"
          % (load_before + load_after + (time.time() - started,)))
    for line in versions():
        print("  " + line)
    print_table("Feeds (whole processes; vs = the tool's median time / artfeed's: above 1 means "
                "artfeed is faster)", feed_rows, "artfeed parse --json",
                "artfeed render, first screen")
    print_table("Wrapping at 80 (fold counts bytes, artfeed display cells: on non-ASCII text "
                "their lines differ)", text_rows, "artfeed LineWrapper at 80")
    print("\nASCII text, fold -s -w 80 (trailing spaces stripped) against LineWrapper at 79, per"
          " source line:\n  %d lines, %d wrapped alike, %d differ only in fold's last piece"
          " being 80 wide, %d differ otherwise" % agreement)


if __name__ == "__main__":
    main()
