#!/usr/bin/env python3
"""A thousand subscriptions on ten hosts (issue 30): `artfeed refresh` against newsboat.

Usage: python3 Scripts/many_feeds_figures.py [--feeds 1000] [--hosts 10] [--rounds 3]
           [--before PATH] [--after PATH] [--latency 20-80] [--reload-threads 4]
           [--order mixed|grouped] [--no-newsboat] [--browser] [--keep DIR]

Generates --feeds small feeds (20-60 items each, about 1 KB an item, three shapes: RSS 2.0
with Media RSS content, thumbnails and credits; Atom with a media:group; RSS 2.0 with an
enclosure and an <img> in the description), spread evenly over --hosts loopback hosts
(127.0.0.1, 127.0.0.2, ...; every 127.0.0.0/8 address reaches loopback on Linux, so each
is a distinct host to a client). A server process (this script with --serve) answers on
every host with HTTP/1.1 keep-alive; each response waits its feed's latency first (from
--latency, ms, fixed per feed by the crc32 of its path, so every program meets the same
server), sends an ETag and a Last-Modified, and answers 304 to If-None-Match or
If-Modified-Since. It counts the requests each host has in progress at once.

Then, --rounds times, alternating the programs within each round: --before's artfeed (by
default /work/base's release build), --after's (this tree's .build-rel release build) and
newsboat 2.21 (`newsboat -u URLS -c CACHE -C CONFIG -x reload`, `reload-threads` from
--reload-threads), each once with an empty cache (every feed fetched: "cold") and once more
with the cache the first run left (every feed answers 304: "warm"). artfeed runs
`artfeed refresh` with its defaults (feeds file under XDG_CONFIG_HOME, cache and state in
their own temporary XDG folders). Prints, per program and run kind, the median and range
of the wall time, CPU time (user + system, from wait4), peak RSS (ru_maxrss), the most file
descriptors the process had open (/proc/PID/fd, sampled every 5 ms) and, from the server,
the most requests in progress at once on one host and on all hosts together.

--order grouped: each host's feeds together in the feeds file (an import from one site),
instead of a seeded shuffle ("mixed", the default).

--browser: also R in the browser (before and after, two runs each, alternating): the release
`artfeed --no-images` in a real pty (100x30) on the same subscriptions with their cache
warm. `j` and `k` alternate, one about every 50 ms after the last one's frame, first with
nothing running (40 keys), then from R until the title bar's "refreshing" goes away; each
key's figure is the time from writing it to the arrival of the bytes that put the
selection marker on its new line (fed to pyte as they arrive). Prints p50/p99/max of each,
the time from R to the end of the refresh, and the CPU time of the run loop's thread (the
main one) from R to that end.
"""

import argparse
import email.utils
import http.server
import json
import os
import random
import select
import shutil
import socketserver
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEFORE = "/work/base/.build-rel/release/artfeed"
AFTER = os.path.join(ROOT, ".build-rel", "release", "artfeed")

ARTISTS = ["Brindlewick", "Quillon", "Marrowgate", "Ashfern", "Velloran", "Copperleaf",
           "Nimbrel", "Saltmarsh", "Oriel Vance", "Tamsin Okoro", "Kei Hanada", "Lumen Ash",
           "Petra Solvig", "Ruaidhrí", "Zoë Marchetti", "Inkwell", "Harrow & Daughters"]
WORDS = ["study", "light", "harbour", "dusk", "portrait", "fox", "lantern", "tide", "moss",
         "ember", "glass", "orchard", "winter", "cinder", "heron", "quiet", "signal", "bloom"]


# MARK: - Feeds

def item_text(rng, feed, index):
    words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 5)))
    return words.capitalize(), "A %s in %s, number %d of gallery %d." % (
        rng.choice(WORDS), rng.choice(WORDS), index, feed)


def date(feed, index):
    stamp = 1_790_000_000 - index * 3_600 * 7 - feed * 613
    return email.utils.formatdate(stamp, usegmt=True), time.strftime(
        "%Y-%m-%dT%H:%M:%SZ", time.gmtime(stamp))


def rss_media(rng, feed, count):
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" '
           'xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Gallery %d</title>'
           "<link>https://art%d.example.org/</link><description>Works</description>\n"
           % (feed, feed % 10)]
    for i in range(count):
        title, text = item_text(rng, feed, i)
        rfc, _ = date(feed, i)
        artist = rng.choice(ARTISTS)
        out.append(
            "<item><title>%s</title><link>https://art.example.org/%d/%d</link>"
            "<guid>https://art.example.org/%d/%d</guid><pubDate>%s</pubDate>"
            '<media:title type="plain">%s</media:title>'
            '<media:credit role="author" scheme="urn:ebu">%s</media:credit>'
            '<media:description type="html">&lt;p&gt;%s&lt;/p&gt;</media:description>'
            '<media:content url="https://images.example.org/%d/%d.jpg" medium="image" '
            'width="1200" height="900"/>'
            '<media:thumbnail url="https://images.example.org/%d/%d-t.jpg" width="150" '
            'height="113"/><media:rating scheme="urn:simple">nonadult</media:rating></item>\n'
            % (title, feed, i, feed, i, rfc, title, artist, text, feed, i, feed, i))
    out.append("</channel></rss>\n")
    return "".join(out)


def atom_media(rng, feed, count):
    out = ['<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" '
           'xmlns:m="http://search.yahoo.com/mrss/"><title>Sketchbook %d</title>'
           '<id>urn:sketchbook:%d</id><updated>2026-09-20T10:00:00Z</updated>'
           '<link rel="alternate" href="https://sketch.example.net/%d"/>\n' % (feed, feed, feed)]
    for i in range(count):
        title, text = item_text(rng, feed, i)
        _, iso = date(feed, i)
        out.append(
            "<entry><title>%s</title><id>urn:sketch:%d:%d</id><updated>%s</updated>"
            '<link rel="alternate" href="https://sketch.example.net/%d/%d"/>'
            "<author><name>%s</name></author><summary>%s</summary>"
            '<m:group><m:content url="https://cdn.example.net/%d/%d.png" type="image/png"/>'
            '<m:thumbnail url="https://cdn.example.net/%d/%d-s.png"/></m:group></entry>\n'
            % (title, feed, i, iso, feed, i, rng.choice(ARTISTS), text, feed, i, feed, i))
    out.append("</feed>\n")
    return "".join(out)


def rss_enclosure(rng, feed, count):
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" '
           'xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Photo blog %d</title>'
           "<link>https://photos.example.com/%d</link><description>Photos</description>\n"
           % (feed, feed)]
    for i in range(count):
        title, text = item_text(rng, feed, i)
        rfc, _ = date(feed, i)
        out.append(
            "<item><title>%s</title><link>https://photos.example.com/%d/%d</link>"
            '<guid isPermaLink="false">photo-%d-%d</guid><pubDate>%s</pubDate>'
            "<dc:creator>%s</dc:creator><description><![CDATA[<p>%s</p>"
            '<img src="https://photos.example.com/%d/%d.jpg" alt="%s">]]></description>'
            '<enclosure url="https://photos.example.com/%d/%d-large.jpg" length="245760" '
            'type="image/jpeg"/></item>\n'
            % (title, feed, i, feed, i, rfc, rng.choice(ARTISTS), text, feed, i, title, feed, i))
    out.append("</channel></rss>\n")
    return "".join(out)


def generate(directory, feeds):
    """Writes feed0.xml ... feedN.xml; returns the total of items and bytes."""
    items = size = 0
    shapes = [rss_media, atom_media, rss_enclosure]
    for feed in range(feeds):
        rng = random.Random(feed)
        count = rng.randint(20, 60)
        text = shapes[feed % 3](rng, feed, count).encode("utf-8")
        with open(os.path.join(directory, "feed%d.xml" % feed), "wb") as out:
            out.write(text)
        items += count
        size += len(text)
    return items, size


# MARK: - The server (a process of its own: --serve)

class Counters:
    def __init__(self):
        self.lock = threading.Lock()
        self.clear()

    def clear(self):
        self.now = {}
        self.most = {}
        self.total_now = 0
        self.total_most = 0
        self.requests = 0
        self.not_modified = 0

    def enter(self, host):
        with self.lock:
            self.requests += 1
            self.now[host] = self.now.get(host, 0) + 1
            self.most[host] = max(self.most.get(host, 0), self.now[host])
            self.total_now += 1
            self.total_most = max(self.total_most, self.total_now)

    def leave(self, host):
        with self.lock:
            self.now[host] -= 1
            self.total_now -= 1


def serve(directory, hosts, low, high):
    counters = Counters()
    modified = email.utils.formatdate(1_790_000_000, usegmt=True)

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_GET(self):
            if self.path.startswith("/stats"):
                with counters.lock:
                    body = json.dumps({"most": counters.most, "all": counters.total_most,
                                       "requests": counters.requests,
                                       "notModified": counters.not_modified}).encode()
                    if "clear" in self.path:
                        counters.clear()
                return self.answer(200, body, {"Content-Type": "application/json"})
            host = self.server.server_address[0]
            counters.enter(host)
            try:
                self.feed()
            finally:
                counters.leave(host)

        def feed(self):
            name = os.path.basename(self.path.split("?")[0])
            path = os.path.join(directory, name)
            time.sleep((low + zlib.crc32(self.path.encode()) % (high - low + 1)) / 1000.0)
            if not name.startswith("feed") or not os.path.isfile(path):
                return self.answer(404, b"not found", {"Content-Type": "text/plain"})
            with open(path, "rb") as source:
                body = source.read()
            etag = '"%08x"' % zlib.crc32(body)
            headers = {"ETag": etag, "Last-Modified": modified}
            if (self.headers.get("If-None-Match") == etag
                    or self.headers.get("If-Modified-Since") == modified):
                with counters.lock:
                    counters.not_modified += 1
                return self.answer(304, b"", headers)
            headers["Content-Type"] = "application/rss+xml; charset=utf-8"
            return self.answer(200, body, headers)

        def answer(self, status, body, headers):
            self.send_response(status)
            for key, value in headers.items():
                self.send_header(key, value)
            if status != 304:
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if status != 304:
                self.wfile.write(body)

    class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
        daemon_threads = True
        request_queue_size = 128

    servers = [Server(("127.0.0.%d" % (host + 1), 0), Handler) for host in range(hosts)]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print(" ".join(str(server.server_address[1]) for server in servers), flush=True)
    # Ends with its parent (the figures script), so a crash leaves no server behind.
    while os.getppid() != 1:
        time.sleep(0.5)


def stats(port, clear=True):
    import urllib.request
    url = "http://127.0.0.1:%d/stats%s" % (port, "?clear=1" if clear else "")
    with urllib.request.urlopen(url) as answer:
        return json.load(answer)


# MARK: - Running a program

def run(argv, env, stdout=subprocess.DEVNULL):
    """Runs argv; returns (wall s, CPU s, peak RSS MiB, most open fds, exit status)."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdout=stdout, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL)
    most = [0]
    done = threading.Event()

    def sample():
        directory = "/proc/%d/fd" % process.pid
        while not done.is_set():
            try:
                most[0] = max(most[0], len(os.listdir(directory)))
            except OSError:
                return
            time.sleep(0.005)

    sampler = threading.Thread(target=sample)
    sampler.start()
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    done.set()
    sampler.join()
    if status != 0:
        sys.exit("%s failed (%d): %s" % (argv[0], status, errors.decode()[-2000:]))
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, most[0]


def url(feed, hosts, ports):
    """Feed `feed` lives on host 127.0.0.(feed % hosts + 1)."""
    return "http://127.0.0.%d:%d/feed%d.xml" % (feed % hosts + 1, ports[feed % hosts], feed)


def feed_order(feeds, hosts, order):
    """The subscriptions' order: "mixed" (a seeded shuffle: hosts interleave as in a file
    sorted by title) or "grouped" (each host's feeds together, as an import from one site)."""
    numbers = list(range(feeds))
    if order == "grouped":
        return sorted(numbers, key=lambda feed: (feed % hosts, feed))
    random.Random(30).shuffle(numbers)
    return numbers


class Program:
    def __init__(self, name, scratch, ports, feeds, hosts, order):
        self.name = name
        self.home = os.path.join(scratch, name.replace(" ", "-"))
        self.urls = [url(f, hosts, ports) for f in feed_order(feeds, hosts, order)]

    def fresh(self):
        shutil.rmtree(self.home, ignore_errors=True)
        os.makedirs(self.home)


class Artfeed(Program):
    def __init__(self, name, binary, *rest):
        super().__init__(name, *rest)
        self.binary = binary

    def env(self):
        return dict(os.environ, LANG="C.UTF-8", HOME=self.home,
                    XDG_CONFIG_HOME=os.path.join(self.home, "config"),
                    XDG_CACHE_HOME=os.path.join(self.home, "cache"),
                    XDG_DATA_HOME=os.path.join(self.home, "data"))

    def fresh(self):
        super().fresh()
        os.makedirs(os.path.join(self.home, "config", "artfeed"))
        with open(os.path.join(self.home, "config", "artfeed", "feeds"), "w") as out:
            out.write("".join(url + "\n" for url in self.urls))

    def refresh(self):
        # Exit status 0: every feed was fetched (`run` stops the script on any other).
        return run([self.binary, "refresh"], self.env())


class Newsboat(Program):
    def __init__(self, threads, *rest):
        super().__init__("newsboat", *rest)
        self.threads = threads

    def fresh(self):
        super().fresh()
        with open(os.path.join(self.home, "urls"), "w") as out:
            out.write("".join(url + "\n" for url in self.urls))
        with open(os.path.join(self.home, "config"), "w") as out:
            out.write("reload-threads %d\n" % self.threads)

    def refresh(self):
        env = dict(os.environ, LANG="C.UTF-8", HOME=self.home,
                   XDG_CONFIG_HOME=os.path.join(self.home, "xdg"),
                   XDG_DATA_HOME=os.path.join(self.home, "xdg"))
        cache = os.path.join(self.home, "cache.db")
        return run(["newsboat", "-u", os.path.join(self.home, "urls"), "-c", cache, "-C",
                    os.path.join(self.home, "config"), "-x", "reload"], env)

    def check(self, items):
        import sqlite3
        with sqlite3.connect(os.path.join(self.home, "cache.db")) as db:
            stored = db.execute("select count(*) from rss_item").fetchone()[0]
        if stored != items:
            sys.exit("newsboat stored %d items, not %d" % (stored, items))


# MARK: - Figures

def show(name, rows):
    def part(values, form):
        return (form + " (" + form + "-" + form + ")") % (
            statistics.median(values), min(values), max(values))
    print("%-26s %s s  CPU %s s  RSS %s MiB  fds %d  per host %d  all hosts %d" % (
        name, part([r[0] for r in rows], "%.2f"), part([r[1] for r in rows], "%.2f"),
        part([r[2] for r in rows], "%.0f"), max(r[3] for r in rows),
        max(r[4] for r in rows), max(r[5] for r in rows)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--feeds", type=int, default=1000)
    parser.add_argument("--hosts", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--before", default=BEFORE)
    parser.add_argument("--after", default=AFTER)
    parser.add_argument("--latency", default="20-80")
    parser.add_argument("--order", choices=["mixed", "grouped"], default="mixed")
    parser.add_argument("--reload-threads", type=int, default=4)
    parser.add_argument("--no-newsboat", action="store_true")
    parser.add_argument("--browser", action="store_true")
    parser.add_argument("--keep")
    parser.add_argument("--serve", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        directory, hosts, low, high = args.serve
        return serve(directory, int(hosts), int(low), int(high))

    low, high = (int(x) for x in args.latency.split("-"))
    scratch = args.keep or tempfile.mkdtemp(prefix="artfeed-many-")
    files = os.path.join(scratch, "files")
    os.makedirs(files, exist_ok=True)
    items, size = generate(files, args.feeds)
    server = subprocess.Popen(
        [sys.executable, os.path.abspath(__file__), "--serve", files, str(args.hosts),
         str(low), str(high)], stdout=subprocess.PIPE, text=True)
    ports = [int(p) for p in server.stdout.readline().split()]
    rest = (scratch, ports, args.feeds, args.hosts, args.order)
    programs = [Artfeed("before", args.before, *rest), Artfeed("after", args.after, *rest)]
    if not args.no_newsboat:
        programs.append(Newsboat(args.reload_threads, *rest))
    for program in programs:
        if isinstance(program, Artfeed) and not os.access(program.binary, os.X_OK):
            sys.exit("no %s binary at %s" % (program.name, program.binary))
    figures = {(p.name, kind): [] for p in programs for kind in ("cold", "warm")}
    try:
        stats(ports[0])
        for round_ in range(args.rounds):
            order = programs if round_ % 2 == 0 else programs[::-1]
            for program in order:
                program.fresh()
                for kind in ("cold", "warm"):
                    wall, cpu, rss, fds = program.refresh()
                    seen = stats(ports[0])
                    # newsboat 2.21 asks unconditionally (no If-None-Match or
                    # If-Modified-Since, though its cache keeps both): its warm run is whole.
                    conditional = kind == "warm" and isinstance(program, Artfeed)
                    if seen["requests"] != args.feeds or (
                            conditional and seen["notModified"] != args.feeds):
                        sys.exit("%s %s: %d requests, %d not modified" % (
                            program.name, kind, seen["requests"], seen["notModified"]))
                    figures[(program.name, kind)].append(
                        (wall, cpu, rss, fds, max(seen["most"].values()), seen["all"]))
                    print("round %d %-9s %s: %.2f s, CPU %.2f s, %.0f MiB, %d fds, "
                          "%d/host, %d all" % (round_ + 1, program.name, kind, wall, cpu, rss,
                                                fds, max(seen["most"].values()), seen["all"]),
                          file=sys.stderr, flush=True)
                if isinstance(program, Newsboat):
                    program.check(items)
        if args.browser and args.rounds == 0:
            # The browser alone (--rounds 0): one refresh each fills the cache first.
            for program in programs[:2]:
                program.fresh()
                program.refresh()
                stats(ports[0])
        browser = run_browser(programs[:2], ports[0]) if args.browser else None
    finally:
        server.terminate()
        if not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)

    print("%d feeds (%d items, %.1f MB) on %d hosts 127.0.0.1-%d, %s order, %d-%d ms per "
          "response, %d rounds, ulimit -n %s" % (args.feeds, items, size / 1e6, args.hosts,
                                                 args.hosts, args.order, low, high, args.rounds,
                                       subprocess.run("ulimit -n", shell=True, text=True,
                                                      capture_output=True).stdout.strip()))
    print("median (min-max); fds, per host and all hosts: the most at once over the rounds")
    for kind, words in (("cold", "every feed fetched"), ("warm", "every feed 304")):
        if args.rounds == 0:
            break
        print("%s (%s):" % (kind, words))
        for program in programs:
            label = program.name
            if isinstance(program, Newsboat):
                label = "newsboat (%d threads)" % program.threads
            show("  " + label, figures[(program.name, kind)])
        if not args.no_newsboat:
            newsboat = statistics.median(r[0] for r in figures[("newsboat", kind)])
            for name in ("before", "after"):
                ours = statistics.median(r[0] for r in figures[(name, kind)])
                print("  newsboat / %s: %.1fx" % (name, newsboat / ours))
    if browser:
        print_browser(browser)


# MARK: - The browser's R (--browser)

def run_browser(programs, stats_port):
    import pty
    results = {}
    for round_ in range(2):
        for program in (programs if round_ == 0 else programs[::-1]):
            results.setdefault(program.name, []).append(browser_once(program, pty, stats_port))
    return results


class Terminal:
    def __init__(self, binary, env, pty):
        import fcntl
        import struct
        import termios
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(binary, [binary, "--no-images"], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.output = bytearray()

    def read(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return b""
        self.output += data
        return data

    def quiet(self, quiet, limit=10.0):
        """Reads until nothing arrives for `quiet` s; the time the last byte arrived."""
        last = time.perf_counter()
        end = last + limit
        while time.perf_counter() < end:
            if self.read(quiet):
                last = time.perf_counter()
            else:
                return last
        return last

    def wait_for(self, text, limit=120.0):
        end = time.perf_counter() + limit
        while time.perf_counter() < end:
            if text in self.output:
                return time.perf_counter()
            self.read(0.05)
        sys.exit("never saw %r" % text)

    def key(self, data):
        start = time.perf_counter()
        os.write(self.fd, data)
        return self.quiet(0.03) - start

    def close(self):
        os.write(self.fd, b"q")
        os.waitpid(self.pid, 0)


def browser_once(program, pty, stats_port):
    """Keys before and during R: each key's time to the frame that shows it (the selection
    marker on its new line, read through pyte as the bytes arrive), and R's length."""
    import pyte
    screen = pyte.Screen(100, 30)
    stream = pyte.ByteStream(screen)
    terminal = Terminal(program.binary, program.env(), pty)
    terminal.wait_for(b"%d feeds" % len(program.urls))

    def take():
        stream.feed(bytes(terminal.output))
        terminal.output.clear()

    # The opening read (every cached copy) ends before the keys "with nothing running".
    while True:
        terminal.quiet(0.5)
        take()
        if "refreshing" not in screen.display[0] and "All items" in "".join(screen.display):
            break

    def marker():
        return next((row for row, line in enumerate(screen.display)
                     if line.lstrip().startswith("\u25b8")), None)

    def key(data):
        take()
        before = marker()
        start = time.perf_counter()
        os.write(terminal.fd, data)
        while time.perf_counter() - start < 5:
            terminal.read(0.05)
            take()
            if marker() != before:
                return time.perf_counter() - start
        sys.exit("the selection did not move after %r" % data)

    keys = [b"j", b"k"]
    idle = []
    for i in range(40):
        idle.append(key(keys[i % 2]))
        terminal.read(0.05)
    take()
    ui_before = thread_cpu(terminal.pid)
    start = time.perf_counter()
    os.write(terminal.fd, b"R")
    while "refreshing" not in screen.display[0]:
        terminal.read(0.05)
        take()
    busy = []
    ended = None
    while ended is None and time.perf_counter() - start < 120:
        busy.append(key(keys[len(busy) % 2]))
        end = time.perf_counter() + 0.05
        while time.perf_counter() < end:
            terminal.read(max(0, end - time.perf_counter()))
        take()
        if "refreshing" not in screen.display[0]:
            ended = time.perf_counter() - start
    ui = thread_cpu(terminal.pid) - ui_before
    terminal.close()
    stats(stats_port)
    return idle, busy, ended, ui


def thread_cpu(pid):
    """CPU seconds (user + system) of the process's main thread: the run loop's."""
    with open("/proc/%d/task/%d/stat" % (pid, pid)) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def print_browser(results):
    def cut(values):
        values = sorted(values)
        p99 = values[max(0, int(len(values) * 0.99) - 1)]
        return "p50 %.1f  p99 %.1f  max %.1f ms (%d keys)" % (
            statistics.median(values) * 1e3, p99 * 1e3, values[-1] * 1e3, len(values))
    print("R in the browser (warm cache, every feed 304), 100x30 pty, j/k about every 50 ms:")
    for name, runs in results.items():
        idle = [v for run in runs for v in run[0]]
        busy = [v for run in runs for v in run[1]]
        ends = [run[2] for run in runs if run[2] is not None]
        print("  %-7s keys idle: %s" % (name, cut(idle)))
        print("  %-7s keys during R: %s; R to its end %s s; run loop's CPU during R %s s" % (
            name, cut(busy), ", ".join("%.2f" % e for e in ends),
            ", ".join("%.2f" % run[3] for run in runs)))


if __name__ == "__main__":
    main()
