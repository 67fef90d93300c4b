#!/usr/bin/env python3
"""Issue 20's sync figures against a real FreshRSS on 127.0.0.1 (../shared/freshrss).

Usage: python3 Scripts/sync_figures.py [--items 10000] [--feeds 20] [--runs 5] [--keep]

Needs the release build: swift build -c release --product artfeed; and
swift build -c release --product SyncBenchmark. Steps:
  1. start.sh a fresh FreshRSS, serve FEEDS Media RSS files of ITEMS/FEEDS items each from
     Tests/TestSupport/feedserver.py, subscribe the user to them (subscribe.sh: OPML import,
     then one fetch of every feed) and check the server holds ITEMS items;
  2. artfeed account add (release binary, fresh XDG folders);
  3. initial sync: whole-process wall time and peak RSS (wait4 on a forked child, as
     Tests/EndToEndTests' Spawn.measure does), artfeed's own count of requests and bytes,
     and the requests in the PHP server's log;
  4. an incremental sync with nothing new, RUNS times: requests and bytes (artfeed's count
     and the server's log), wall time;
  5. SyncBenchmark: the first screen of All items from the local copy while the server never
     answers (a blackhole port); and `artfeed render --first-screen --offline` as a whole
     process (the feed list with every account feed read from the copy).
"""

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("ARTFEED_FRESHRSS_DIR") or os.path.join(os.path.dirname(ROOT), "shared", "freshrss")
RELEASE = os.path.join(ROOT, ".build", "release")


def feed_xml(name, count, offset):
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>',
        f"<title>Figures {name}</title><link>http://example.org/{name}</link><description>d</description>",
    ]
    for i in range(count):
        t = time.gmtime(1793491200 + (offset + i) * 60)
        date = time.strftime("%a, %d %b %Y %H:%M:%S GMT", t)
        out.append(
            f"<item><title>{name} artwork {i} by artist{i % 97}</title>"
            f"<link>https://www.deviantart.com/artist{i % 97}/art/{name}-{i}</link>"
            f"<guid>https://www.deviantart.com/artist{i % 97}/art/{name}-{i}-{i * 7919}</guid>"
            f"<pubDate>{date}</pubDate>"
            f"<description>&lt;p&gt;A piece about {name} number {i}, in ink and colour.&lt;/p&gt;</description>"
            f'<media:thumbnail url="https://images.example/{name}/{i}-t.jpg" width="150" height="120"/>'
            f'<media:content url="https://images.example/{name}/{i}.jpg" medium="image" width="1200" height="960"/>'
            f'<media:credit role="author">artist{i % 97}</media:credit></item>'
        )
    out.append("</channel></rss>")
    return "\n".join(out) + "\n"


def measure(argv, env):
    """Runs argv in a forked child; returns (status, seconds, peak KiB, stdout, stderr)."""
    out = tempfile.TemporaryFile()
    err = tempfile.TemporaryFile()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.dup2(out.fileno(), 1)
        os.dup2(err.fileno(), 2)
        os.execve(argv[0], argv, env)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.monotonic() - start
    out.seek(0)
    err.seek(0)
    return (os.waitstatus_to_exitcode(status), seconds, usage.ru_maxrss, out.read().decode(), err.read().decode())


def server_requests(log, since):
    with open(log, encoding="utf-8", errors="replace") as f:
        lines = f.readlines()[since:]
    return [l for l in lines if re.search(r"\[\d{3}\]: (GET|POST) ", l)], len(lines) + since


def log_length(log):
    with open(log, encoding="utf-8", errors="replace") as f:
        return len(f.readlines())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=10000)
    parser.add_argument("--feeds", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", action="store_true", help="keep the folders and the server")
    args = parser.parse_args()
    artfeed = os.path.join(RELEASE, "artfeed")
    bench = os.path.join(RELEASE, "SyncBenchmark")
    for program in (artfeed, bench):
        if not os.access(program, os.X_OK):
            sys.exit(f"build it first: swift build -c release --product {os.path.basename(program)}")

    work = tempfile.mkdtemp(prefix="artfeed-sync-figures-")
    state = os.path.join(work, "freshrss")
    feeds_dir = os.path.join(work, "feeds")
    os.makedirs(feeds_dir)
    per_feed = args.items // args.feeds
    for n in range(args.feeds):
        with open(os.path.join(feeds_dir, f"f{n:02}.xml"), "w") as f:
            f.write(feed_xml(f"f{n:02}", per_feed, n * per_feed))
    server = subprocess.Popen(
        [sys.executable, os.path.join(ROOT, "Tests/TestSupport/feedserver.py"), "--dir", feeds_dir, "--lifetime", "3600"],
        stdout=subprocess.PIPE, text=True)
    port = int(server.stdout.readline())
    blackhole = int(server.stdout.readline().split()[-1])
    try:
        t0 = time.monotonic()
        out = subprocess.run([os.path.join(SHARED, "start.sh"), state], capture_output=True, text=True, check=True).stdout
        fenv = dict(l.split("=", 1) for l in out.splitlines() if "=" in l)
        print(f"FreshRSS up in {time.monotonic() - t0:.1f} s at {fenv['FRESHRSS_URL']}")
        t0 = time.monotonic()
        urls = [f"http://127.0.0.1:{port}/files/f{n:02}.xml" for n in range(args.feeds)]
        subprocess.run([os.path.join(SHARED, "subscribe.sh"), state] + urls, capture_output=True, text=True, check=True)
        print(f"subscribed to {args.feeds} feeds of {per_feed} items in {time.monotonic() - t0:.1f} s")

        home = os.path.join(work, "home")
        env = dict(os.environ, LANG="C.UTF-8", HOME=home,
                   XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_DATA_HOME=os.path.join(home, "data"),
                   XDG_CACHE_HOME=os.path.join(home, "cache"))
        pw = os.path.join(work, "password")
        with open(os.open(pw, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
            f.write(fenv["FRESHRSS_API_PASSWORD"] + "\n")
        added = subprocess.run([artfeed, "account", "add", "greader", fenv["FRESHRSS_API"], "--user", fenv["FRESHRSS_USER"],
                                "--password-command", f"cat {pw}", "--name", "figures"], env=env, capture_output=True, text=True)
        if added.returncode != 0:
            sys.exit(f"account add failed: {added.stderr}")
        log = os.path.join(state, "server.log")

        mark = log_length(log)
        status, seconds, peak, output, errors = measure([artfeed, "sync"], env)
        requests, mark = server_requests(log, mark)
        if status != 0:
            sys.exit(f"sync failed ({status}): {errors}")
        print(f"initial sync: {seconds * 1000:.0f} ms wall, peak RSS {peak / 1024:.1f} MiB (whole process)")
        print(f"  artfeed says: {output.strip()}")
        print(f"  server log: {len(requests)} requests: " + ", ".join(sorted(set(re.sub(r'\?.*', '', r.split()[-1]) for r in requests))))
        items = int(re.search(r"(\d+) new items", output).group(1))
        if items != per_feed * args.feeds:
            print(f"  WARNING: {items} items fetched, {per_feed * args.feeds} served")

        walls, counts = [], []
        for _ in range(args.runs):
            mark = log_length(log)
            status, seconds, peak2, output, errors = measure([artfeed, "sync"], env)
            requests, _ = server_requests(log, mark)
            walls.append(seconds)
            counts.append((len(requests), output.strip()))
        walls.sort()
        print(f"incremental sync, nothing new ({args.runs} runs): wall min {walls[0] * 1000:.0f} ms, "
              f"median {walls[len(walls) // 2] * 1000:.0f} ms; peak RSS {peak2 / 1024:.1f} MiB")
        print(f"  server log: {counts[-1][0]} requests; artfeed says: {counts[-1][1]}")

        if args.keep:
            print(f"SyncBenchmark: {bench} --account figures --unreachable {blackhole} (XDG_* under {home})")
        bench_out = subprocess.run([bench, "--account", "figures", "--unreachable", str(blackhole), "--runs", str(args.runs)],
                                   env=env, capture_output=True, text=True, timeout=600)
        print(bench_out.stdout.strip() or bench_out.stderr.strip())
        renders = []
        for _ in range(args.runs):
            status, seconds, peak3, output, errors = measure(
                [artfeed, "render", "--first-screen", "--offline", "--width", "100", "--height", "30", "--no-images"], env)
            renders.append(seconds)
        renders.sort()
        print(f"artfeed render --first-screen --offline (feed list from the copy, whole process): "
              f"min {renders[0] * 1000:.0f} ms, median {renders[len(renders) // 2] * 1000:.0f} ms, peak RSS {peak3 / 1024:.1f} MiB")
    finally:
        server.terminate()
        if not args.keep:
            subprocess.run([os.path.join(SHARED, "stop.sh"), state], capture_output=True)
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"kept {work} (stop the server with {SHARED}/stop.sh {state})")


if __name__ == "__main__":
    main()
