#!/usr/bin/env python3
"""Reliability figures for artfeed against hostile servers and big feeds files (issue 17).

Usage: /usr/bin/python3 Scripts/hostile_figures.py [--runs N] [--no-build] [--binary PATH]

Builds the release binary (`swift build -c release --product artfeed`) unless --no-build,
starts Tests/TestSupport/feedserver.py on 127.0.0.1, and prints for each case the median
wall-clock time over N runs (default 3) and the largest peak resident memory, read from GNU
time (`/usr/bin/time -v`, "Maximum resident set size") around the whole process:
  - a plain 3-item feed (the floor);
  - `parse URL` of gzip bombs: 1 GB of zeros in 1 MB on the wire, the same gzipped twice
    (2 KB on the wire), 10 GB in 10 MB, and a gzip stream that never ends; the cap is 50 MB;
  - `refresh` of four 1 GB bombs at once (--jobs 4);
  - `parse URL --timeout 5` of servers that trickle a byte every 0.2 s, with no length or
    with 10 GB declared, and of one that never sends its headers: time to give up;
  - `feeds` and `add` with 1,000 subscriptions (and `feeds` at the 1 MiB bound);
  - sync servers (a second feedserver.py for another origin): `account add` whose login is a
    307 to another port (refused, nothing sent there), and `sync` of listings that repeat
    their continuation, bring nothing new, or a new item and continuation forever;
  - `render --pictures kitty` and symbols of a feed whose picture is a 64x64 JPEG, progressive
    or baseline, whose header claims 30000x30000, 45000x45000 or 16000x16000 (refused before
    any whole-image buffer; a baseline one within the bound decodes scaled).
Exit status is 1 when a case ends with a status other than the one it must have.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(ROOT, "Tests", "TestSupport", "feedserver.py")
GNU_TIME = "/usr/bin/time"


def timed(argv, env):
    """Runs argv under GNU time; returns (seconds, peak RSS in MiB, exit status)."""
    report = tempfile.NamedTemporaryFile(prefix="artfeed-time-", delete=False)
    report.close()
    start = time.perf_counter()
    status = subprocess.call([GNU_TIME, "-v", "-o", report.name] + argv, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             stdin=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    with open(report.name, encoding="utf-8") as handle:
        text = handle.read()
    os.unlink(report.name)
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
    peak = int(match.group(1)) / 1024.0 if match else float("nan")
    return seconds, peak, status


def measure(name, argv, env, runs, expected_status):
    times, peaks, statuses = [], [], set()
    for _ in range(runs):
        seconds, peak, status = timed(argv, env)
        times.append(seconds)
        peaks.append(peak)
        statuses.add(status)
    ok = statuses == {expected_status}
    print("| %s | %.2f s | %.0f MiB | %s |" % (
        name, statistics.median(times), max(peaks),
        ",".join(str(s) for s in sorted(statuses)) + ("" if ok else " (expected %d)" %
                                                       expected_status)))
    sys.stdout.flush()
    return ok


def start_server():
    process = subprocess.Popen([sys.executable, SERVER, "--lifetime", "3600"],
                               stdout=subprocess.PIPE, stdin=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, text=True)
    port = int(process.stdout.readline())
    process.stdout.readline()  # the blackhole port
    return process, "http://127.0.0.1:%d" % port


def write_feeds(path, count, extra_bytes=0):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        for i in range(count):
            out.write('https://feeds%d.example.org/rss.xml?q=tag%%3A%d "art" "~Feed %d"\n'
                      % (i, i, i))
        if extra_bytes:
            out.write("# " + "x" * extra_bytes + "\n")


def lying_jpeg(path, progressive, width, height):
    """A real 64x64 JPEG (Pillow) whose frame header then claims width x height."""
    from io import BytesIO
    from PIL import Image  # Debian's python3-pil: run with /usr/bin/python3
    buffer = BytesIO()
    Image.new("RGB", (64, 64), (200, 120, 40)).save(buffer, "JPEG", progressive=progressive)
    data = bytearray(buffer.getvalue())
    at = data.index(bytes([0xFF, 0xC2 if progressive else 0xC0]))
    data[at + 5:at + 9] = bytes([height >> 8, height & 0xFF, width >> 8, width & 0xFF])
    with open(path, "wb") as out:
        out.write(data)


def picture_feed(folder, picture):
    """A one-item feed whose thumbnail and full picture are `picture` (a file beside it)."""
    path = os.path.join(folder, "pictures.xml")
    with open(path, "w", encoding="utf-8") as out:
        out.write('<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>'
                  '<title>Bombs</title><item><title>Liar</title><guid>1</guid>'
                  '<media:content url="%s" medium="image"/>'
                  '<media:thumbnail url="%s"/></item></channel></rss>' % (picture, picture))
    return path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "artfeed"))
    args = parser.parse_args()
    if not os.path.exists(GNU_TIME):
        sys.exit("GNU time is needed at /usr/bin/time (apt-get install time)")
    if not args.no_build:
        subprocess.check_call(["swift", "build", "-c", "release", "--product", "artfeed"],
                              cwd=ROOT)
    binary = args.binary
    scratch = tempfile.mkdtemp(prefix="artfeed-hostile-")
    server, base = start_server()
    ok = True
    try:
        env = dict(os.environ, LANG="C.UTF-8", XDG_CACHE_HOME=os.path.join(scratch, "cache"),
                   XDG_CONFIG_HOME=os.path.join(scratch, "none"))
        # Warm the server's bombs, so their making is not in the figures.
        for path in ["/bomb?mb=1000", "/bomb?mb=1000&layers=2", "/bomb?mb=10000"]:
            subprocess.call(["curl", "-s", "-o", "/dev/null", base + path])
        print("| case | median time | peak memory | exit |")
        print("|---|---:|---:|---|")
        ok &= measure("parse, a 3-item feed (the floor)", [binary, "parse", base + "/feed.xml"],
                      env, args.runs, 0)
        for name, path in [("parse, gzip bomb: 1 GB from 1 MB", "/bomb?mb=1000"),
                           ("parse, gzip of gzip: 1 GB from 2 KB", "/bomb?mb=1000&layers=2"),
                           ("parse, gzip bomb: 10 GB from 10 MB", "/bomb?mb=10000"),
                           ("parse, endless gzip stream", "/gzipstream")]:
            ok &= measure(name, [binary, "parse", base + path], env, args.runs, 69)

        config = os.path.join(scratch, "bombs")
        feeds = os.path.join(config, "artfeed", "feeds")
        os.makedirs(os.path.dirname(feeds), exist_ok=True)
        with open(feeds, "w", encoding="utf-8") as out:
            for i in range(4):
                out.write("%s/bomb?mb=1000&n=%d\n" % (base, i))
        ok &= measure("refresh, four 1 GB bombs at once", [binary, "refresh"],
                      dict(env, XDG_CONFIG_HOME=config), args.runs, 69)

        for name, path in [("parse --timeout 5, trickle, no length", "/trickle"),
                           ("parse --timeout 5, trickle, 10 GB declared",
                            "/trickle?declared=10737418240"),
                           ("parse --timeout 5, headers never come", "/stall/headers?seconds=60")]:
            ok &= measure(name, [binary, "parse", base + path, "--timeout", "5"], env,
                          args.runs, 69)

        thousand = os.path.join(scratch, "thousand")
        write_feeds(os.path.join(thousand, "artfeed", "feeds"), 1000)
        ok &= measure("feeds, 1,000 subscriptions", [binary, "feeds"],
                      dict(env, XDG_CONFIG_HOME=thousand), args.runs, 0)
        # Each run adds a new feed, so every `add` edits the file (and never refuses).
        adds = []
        for run in range(args.runs):
            seconds, peak, status = timed(
                [binary, "add", "https://new%d.example.org/rss.xml" % run],
                dict(env, XDG_CONFIG_HOME=thousand))
            adds.append((seconds, peak, status))
        add_ok = all(status == 0 for _, _, status in adds)
        ok &= add_ok
        print("| add, 1,000 subscriptions | %.2f s | %.0f MiB | %s |" % (
            statistics.median(a[0] for a in adds), max(a[1] for a in adds),
            "0" if add_ok else "failed"))
        bound = os.path.join(scratch, "bound")
        write_feeds(os.path.join(bound, "artfeed", "feeds"), 14000)
        ok &= measure("feeds, 14,000 subscriptions (just under the 1 MiB bound)",
                      [binary, "feeds"], dict(env, XDG_CONFIG_HOME=bound), args.runs, 0)
        write_feeds(os.path.join(bound, "artfeed", "feeds"), 14000, extra_bytes=100_000)
        ok &= measure("feeds, a file over the 1 MiB bound (refused)", [binary, "feeds"],
                      dict(env, XDG_CONFIG_HOME=bound), args.runs, 66)

        other, other_base = start_server()
        try:
            sync_env = dict(env, XDG_CONFIG_HOME=os.path.join(scratch, "sync-config"),
                            XDG_DATA_HOME=os.path.join(scratch, "sync-data"),
                            HOME=os.path.join(scratch, "sync-home"))
            other_port = other_base.rsplit(":", 1)[1]
            ok &= measure("account add, login 307 to another origin (refused)",
                          [binary, "account", "add", "greader",
                           base + "/greader/login307-" + other_port, "--user", "u",
                           "--password-command", "echo pw", "--name", "cross"],
                          sync_env, args.runs, 65)
            for mode, name in [("same", "a listing repeating its continuation"),
                               ("newc", "new continuations, nothing new"),
                               ("new", "a new item and continuation forever")]:
                subprocess.call([binary, "account", "add", "greader",
                                 base + "/greader/" + mode, "--user", "u", "--password-command",
                                 "echo pw", "--name", mode], env=sync_env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                ok &= measure("sync, " + name, [binary, "sync", mode], sync_env, args.runs, 0)
        finally:
            other.terminate()
            other.wait()

        bombs = os.path.join(scratch, "pictures")
        os.makedirs(bombs, exist_ok=True)
        for name, progressive, size in [("progressive JPEG claiming 30000x30000", True, 30000),
                                        ("progressive JPEG claiming 45000x45000", True, 45000),
                                        ("baseline JPEG claiming 16000x16000", False, 16000)]:
            picture = os.path.join(bombs, "%s-%d.jpg" % (progressive, size))
            lying_jpeg(picture, progressive, size, size)
            feed = picture_feed(bombs, os.path.basename(picture))
            state = dict(env, XDG_DATA_HOME=os.path.join(scratch, "data"))
            ok &= measure("render --pictures kitty, " + name,
                          [binary, "render", feed, "--pictures", "kitty", "--width", "100",
                           "--height", "30"], state, args.runs, 0)
            ok &= measure("render (symbols), " + name,
                          [binary, "render", feed, "--width", "100", "--height", "30"], state,
                          args.runs, 0)
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(scratch, ignore_errors=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
