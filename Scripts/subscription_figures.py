#!/usr/bin/env python3
"""Figures for the feed list (issue 9), from a loopback server this script starts.

Usage: python3 Scripts/subscription_figures.py [--feeds N] [--items N] [--runs N]

Builds the release binary, writes N feeds of M items (default 100 x 60, Media RSS with
thumbnails and credits) served by Tests/TestSupport/feedserver.py on 127.0.0.1, and a feeds
file subscribing to all of them. Prints medians over the runs of:
  - the feed list with every feed fetched (cold cache: opening fetches the feeds it has no
    copy of, 4 at a time): `artfeed render --first-screen`, launch to the finished list;
  - the feed list from the cache (every feed cached, nothing fetched): the same command;
  - R in the browser under tmux: from the key to the status line's "refreshing" going away
    (every feed asked again, 4 at a time, the server answering 304 to the cached ETag), and
    the browser's peak memory (VmHWM) with every feed read and "All items" counted;
  - the peak memory (ru_maxrss from wait4) of each render.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(ROOT, "Tests", "TestSupport", "feedserver.py")


def write_feed(path, feed, count):
    """Feed `feed` with `count` items (about 1 KB each), dated so feeds interleave."""
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" '
                  'xmlns:media="http://search.yahoo.com/mrss/"><channel>'
                  "<title>Gallery %d</title>\n" % feed)
        for i in range(count):
            artist = "artist%d" % ((feed * 7 + i) % 300)
            out.write(
                "<item><title>Work %d of gallery %d</title>"
                "<link>https://art.example.org/%d/%d</link>"
                "<guid>https://art.example.org/%d/%d</guid>"
                "<pubDate>Sat, %02d Nov 2026 %02d:%02d:00 GMT</pubDate>"
                '<media:credit role="author">%s</media:credit>'
                "<media:description>A study in light, number %d.</media:description>"
                '<media:thumbnail url="https://images.example.org/%d-%d.jpg" width="150" '
                'height="100"/></item>\n'
                % (i, feed, feed, i, feed, i, 1 + i % 28, feed % 24, i % 60, artist, i, feed, i))
        out.write("</channel></rss>\n")


def timed(argv, env):
    """Runs argv; returns (seconds, peak RSS in MiB, exit status, output)."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    return elapsed, usage.ru_maxrss / 1024.0, status, output.decode("utf-8", "replace")


def capture(socket):
    return subprocess.run(["tmux", "-S", socket, "capture-pane", "-p"], capture_output=True,
                          text=True).stdout


def wait_screen(socket, condition, timeout=60.0):
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        screen = capture(socket)
        if condition(screen):
            return screen
        time.sleep(0.01)
    raise SystemExit("timed out; screen:\n" + capture(socket))


def tmux_refresh(binary, env, scratch):
    """Seconds from R to the refresh's end in the browser, and its VmHWM in MiB."""
    socket = os.path.join(scratch, "tmux.sock")
    command = "exec env %s %s" % (
        " ".join("%s=%s" % (k, env[k]) for k in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "LANG")),
        binary)
    subprocess.run(["tmux", "-S", socket, "new-session", "-d", "-x", "100", "-y", "30",
                    command], check=True)
    try:
        wait_screen(socket, lambda s: "feeds" in s.splitlines()[0] and "refreshing" not in s
                    and "1/" in s.splitlines()[-1])
        start = time.perf_counter()
        subprocess.run(["tmux", "-S", socket, "send-keys", "R"], check=True)
        wait_screen(socket, lambda s: "refreshing" in s, timeout=10)
        wait_screen(socket, lambda s: "refreshing" not in s)
        elapsed = time.perf_counter() - start
        pid = subprocess.run(["tmux", "-S", socket, "display", "-p", "#{pane_pid}"],
                             capture_output=True, text=True).stdout.strip()
        hwm = 0.0
        with open("/proc/%s/status" % pid) as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    hwm = int(line.split()[1]) / 1024.0
        subprocess.run(["tmux", "-S", socket, "send-keys", "q"])
        return elapsed, hwm
    finally:
        subprocess.run(["tmux", "-S", socket, "kill-server"], stderr=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--feeds", type=int, default=100)
    parser.add_argument("--items", type=int, default=60)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    subprocess.run(["swift", "build", "-c", "release", "--product", "artfeed"], cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout.strip()
    binary = os.path.join(binary, "artfeed")

    scratch = tempfile.mkdtemp(prefix="artfeed-subs-")
    files = os.path.join(scratch, "files")
    os.makedirs(files)
    for feed in range(args.feeds):
        write_feed(os.path.join(files, "feed%d.xml" % feed), feed, args.items)
    server = subprocess.Popen([sys.executable, SERVER, "--lifetime", "1800", "--dir", files],
                              stdout=subprocess.PIPE, text=True)
    port = int(server.stdout.readline())
    server.stdout.readline()
    config = os.path.join(scratch, "config", "artfeed")
    os.makedirs(config)
    with open(os.path.join(config, "feeds"), "w") as out:
        for feed in range(args.feeds):
            out.write("http://127.0.0.1:%d/files/feed%d.xml\n" % (port, feed))

    render = [binary, "render", "--width", "100", "--height", "30", "--no-images",
              "--first-screen"]
    cold, cached, refresh = [], [], []
    try:
        for run in range(args.runs):
            env = dict(os.environ, LANG="C.UTF-8",
                       XDG_CONFIG_HOME=os.path.join(scratch, "config"),
                       XDG_CACHE_HOME=os.path.join(scratch, "cache%d" % run))
            seconds, rss, status, screen = timed(render, env)
            assert status == 0 and "%d feeds" % args.feeds in screen, screen
            assert "error" not in screen, screen
            cold.append((seconds, rss))
            seconds, rss, status, screen = timed(render, env)
            assert status == 0 and "cached" in screen, screen
            cached.append((seconds, rss))
            if shutil.which("tmux"):
                refresh.append(tmux_refresh(binary, env, scratch))
    finally:
        server.terminate()
        shutil.rmtree(scratch, ignore_errors=True)

    def show(name, pairs, unit="peak RSS"):
        times = [p[0] for p in pairs]
        mems = [p[1] for p in pairs]
        print("%-58s %7.3f s (%.3f-%.3f)   %s %.1f MiB" % (
            name, statistics.median(times), min(times), max(times), unit,
            statistics.median(mems)))

    total = args.feeds * args.items
    print("%d feeds of %d items (%d items), %d runs, medians (min-max)" % (
        args.feeds, args.items, total, args.runs))
    show("feed list, every feed fetched (cold cache, 4 at a time)", cold)
    show("feed list from the cache (nothing fetched)", cached)
    if refresh:
        show("R in the browser: key to the end of the refresh (304s)", refresh, "VmHWM")


if __name__ == "__main__":
    main()
