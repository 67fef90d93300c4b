#!/usr/bin/env python3
"""Figures for artfeed online (issue 8), all from a loopback server this script starts.

Usage: python3 Scripts/online_figures.py [--runs N] [--items N]

Builds the release binary, starts Tests/TestSupport/feedserver.py on 127.0.0.1 serving a
generated DeviantArt-shaped Media RSS feed, and prints, as medians over N runs:
  - launch to first screen (`artfeed render`, which waits for the whole first screen) of the
    same feed opened as a local file, over HTTP with a cold cache (a new XDG_CACHE_HOME each
    run) and with a warm cache (the server answers 304 to the cached ETag);
  - peak resident memory of each (ru_maxrss of the child, from wait4);
  - keypress to artist results in the browser under tmux, against the endpoint answering at
    once: from sending the typed name to the first screen showing the result (the browser
    waits 250 ms for typing to pause before it asks; that pause is inside the figure).
Pictures are off (--no-images) so the figures are about feeds, not thumbnails.
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


def generate(path, count):
    """A DeviantArt-shaped feed of `count` items (about 1.2 KB each)."""
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" '
                  'xmlns:media="http://search.yahoo.com/mrss/"><channel>'
                  "<title>Generated popular</title>\n")
        for i in range(count):
            artist = "artist%d" % (i % 40)
            out.write(
                "<item><title>Work number %d</title>"
                "<link>https://www.deviantart.com/%s/art/work-%d</link>"
                "<guid>https://www.deviantart.com/%s/art/work-%d</guid>"
                "<pubDate>Sat, 21 Nov 2026 %02d:%02d:00 GMT</pubDate>"
                '<media:credit role="author">%s</media:credit>'
                "<media:description type=\"html\">A study in light and colour, number %d, "
                "drawn over three evenings &amp; finished with a wash of blue.</media:description>"
                '<media:thumbnail url="https://images.example.org/%d-150.jpg" width="150" '
                'height="100"/><media:content url="https://images.example.org/%d.jpg" '
                'medium="image" width="1200" height="800"/></item>\n'
                % (i, artist, i, artist, i, i % 24, i % 60, artist, i, i, i))
        out.write("</channel></rss>\n")


def timed(argv, env):
    """Runs argv; returns (seconds, peak RSS in MiB, exit status)."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    return elapsed, usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status)


def median_of(runs, argv, env_for_run):
    times, peaks = [], []
    for run in range(runs):
        seconds, peak, status = timed(argv, env_for_run(run))
        if status != 0:
            sys.exit("failed (%d): %s" % (status, " ".join(argv)))
        times.append(seconds)
        peaks.append(peak)
    return statistics.median(times), max(peaks)


def keypress_to_results(binary, endpoint, cache, runs):
    """Median ms from typing an artist's name to its results on the tmux screen."""
    socket = "artfeed-figures-%d" % os.getpid()
    tmux = ["tmux", "-L", socket, "-f", "/dev/null"]
    env = dict(os.environ, XDG_CACHE_HOME=cache, LANG="C.UTF-8")
    subprocess.run(tmux + ["new-session", "-d", "-x", "100", "-y", "30",
                           "%s --no-images --endpoint '%s'" % (binary, endpoint)],
                   env=env, check=True)
    def screen():
        return subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True,
                              text=True).stdout
    try:
        deadline = time.time() + 20
        while "boost:popular" not in screen():
            if time.time() > deadline:
                sys.exit("the browser did not open")
            time.sleep(0.05)
        samples = []
        for run in range(runs):
            name = "artist%d" % (run + 1)
            subprocess.run(tmux + ["send-keys", "/"], check=True)
            start = time.perf_counter()
            subprocess.run(tmux + ["send-keys", "-l", name], check=True)
            while "Artist: %s ·" % name not in screen():
                if time.perf_counter() - start > 20:
                    sys.exit("no results for " + name)
            samples.append((time.perf_counter() - start) * 1000)
            subprocess.run(tmux + ["send-keys", "Escape"], check=True)
            time.sleep(0.3)
        return statistics.median(samples), min(samples)
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)
        # tmux 3.3a leaves its socket file behind when its server exits.
        path = os.path.join("/tmp", "tmux-%d" % os.getuid(), socket)
        if os.path.exists(path):
            os.unlink(path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--items", type=int, default=1000)
    args = parser.parse_args()
    subprocess.run(["swift", "build", "-c", "release", "--product", "artfeed"], cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    binary = os.path.join(ROOT, ".build", "release", "artfeed")
    work = tempfile.mkdtemp(prefix="artfeed-figures-")
    server = None
    try:
        served = os.path.join(work, "served")
        os.makedirs(served)
        feed = os.path.join(served, "feed.xml")
        generate(feed, args.items)
        size = os.path.getsize(feed) / 1e6
        server = subprocess.Popen([sys.executable, SERVER, "--dir", served, "--lifetime", "600"],
                                  stdout=subprocess.PIPE, text=True)
        port = int(server.stdout.readline())
        url = "http://127.0.0.1:%d/files/feed.xml" % port
        render = [binary, "render", "--width", "100", "--height", "30", "--no-images"]
        base = dict(os.environ, LANG="C.UTF-8")

        local = median_of(args.runs, render + [feed],
                          lambda r: dict(base, XDG_CACHE_HOME=os.path.join(work, "c-local")))
        cold = median_of(args.runs, render + [url],
                         lambda r: dict(base, XDG_CACHE_HOME=os.path.join(work, "cold%d" % r)))
        warm_cache = os.path.join(work, "warm")
        timed(render + [url], dict(base, XDG_CACHE_HOME=warm_cache))
        warm = median_of(args.runs, render + [url], lambda r: dict(base, XDG_CACHE_HOME=warm_cache))
        endpoint = "http://127.0.0.1:%d/rss.xml" % port
        keys = keypress_to_results(binary, endpoint, os.path.join(work, "keys"), args.runs)

        print("artfeed online figures: %d items, %.2f MB feed, %d runs each, %s" % (
            args.items, size, args.runs, time.strftime("%Y-%m-%d")))
        print("%-44s %10s %10s" % ("launch to first screen (render)", "median", "peak RSS"))
        for name, (seconds, peak) in [("local file", local), ("URL, cold cache", cold),
                                      ("URL, warm cache (304)", warm)]:
            print("%-44s %8.0f ms %7.1f MiB" % (name, seconds * 1000, peak))
        print("%-44s %8.0f ms (fastest %.0f ms; includes the 250 ms typing pause)" % (
            "keypress to artist results (tmux)", keys[0], keys[1]))
    finally:
        if server:
            server.terminate()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
