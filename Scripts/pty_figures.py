#!/usr/bin/env python3
"""What the reader gets: keystroke to frame through a real pty, and idle wake-ups.

Usage: python3 Scripts/pty_figures.py [--items 1000,100000,1000000] [--binary PATH]
                                      [--query artist12] [--idle 5] [--no-build] [--gallery]
                                      [--artists few|distinct] [--rounds 4]
                                      [--scratch-path DIR]
       python3 Scripts/pty_figures.py --startup RUNS --binary PATH[,PATH...] [--no-build]
       python3 Scripts/pty_figures.py --viewer symbols|kitty|sixel --binary PATH[,PATH...]
                                      [--rounds 4] [--no-build]

Builds the release binary (unless --no-build), generates the feeds with ScaleBenchmark's
generator (kept in the temporary folder), then for each size starts `artfeed FILE
--no-images` in a pseudo-terminal of 100x30 (no tmux, no screen model in the timing path)
and waits for the whole feed to load. Then it sends keys one at a time, and for each it
records the time from writing the key to the last byte of the frame it caused: output is
read until the terminal has been quiet for --quiet seconds (default 0.3), and the figure is
the arrival time of the last byte before that quiet. A search key's frame is its results,
however late they come. The bytes are fed to pyte afterwards, to check the screen says what
the key should have done (the check is not timed).

Keys: `j` (30 times), PgDn (10), `G` and `g` (3 each), Enter and Esc (5 each), a resize
(100x30 <-> 90x28, 6 times), and each key of an artist search typed one at a time (`/` then
the query's letters, 4 rounds), then Backspace, and Esc (back to the feed) or Enter (keep the
result) then Esc (clear it), alternately. Idle: the voluntary and involuntary context switches over
--idle seconds with nothing loading and no input, of the run loop's thread (the main one) and
of every thread of the process (a wake-up is a context switch; 0 means it slept throughout).

--gallery: the gallery's keys instead (after `v`, checked on screen): `l` and `j` (30 times
each), PgDn (10), `G` and `g` (3 each), Enter and Esc (5 each), a resize that reflows the
columns (100x30 <-> 80x24, 6 times), and `v` back to the list and to the gallery (3 each).

--artists distinct: feeds of about one artist per item (ScaleBenchmark --artists distinct,
artfeed-scale-distinct-N.rss; the query defaults to "heron pix"), where the artist search has
as many names as items; the search keys are also given key by key over the --rounds rounds,
each against the p50 of `j` in the same run.

--scratch-path DIR: builds into DIR (swift build --scratch-path) and takes the binaries there.

--startup RUNS: the browser's start on the bundled feeds instead, from spawn to the last byte
of the first screen, RUNS times per binary (interleaved), with --no-images and with --pictures
symbols; each binary keeps one HOME (a first run fills its state and caches).

--viewer MODE: the picture viewer's keys instead, on a feed of 4000x3000 JPEGs (made with
Pillow, kept in the temporary folder) with `--pictures MODE` in a 100x30 pty of 1000x600 px
(cells of 10x20): `z` on the first item, then per round `+` four times, `l` and `k` four
times each, `-` four times, `1`, `0`, `n` and `N` (the first round makes each view; the
later rounds, reported apart as "again", find the same views cached). For each key, two
figures: to the first
byte of output (the frame that answers the key: the status line's zoom and a preview or the
view before, at once) and to the last byte before the quiet (the new view, cut from the
picture decoded at full size, converted and, in pixels, encoded). `j` on the list first, in
the same run, is the yardstick. Each binary of a comma-separated --binary runs in turn.

Prints p50, p99 and max per key kind per size. p99 of a few samples is the largest but one.
"""

import argparse
import fcntl
import os
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Sixel (DCS), kitty (APC) and iTerm2 (OSC 1337) sequences, as GRAPHICS-TESTING.md strips them.
GRAPHICS = re.compile(rb"\x1bP[^\x1b]*\x1b\\|\x1b_[^\x1b]*\x1b\\"
                      rb"|\x1b\]1337;[^\x07\x1b]*(?:\x07|\x1b\\)")


def build(no_build, scratch=None):
    scratch_args = ["--scratch-path", scratch] if scratch else []
    if not no_build:
        for product in ("artfeed", "ScaleBenchmark"):
            subprocess.run(["swift", "build", "-c", "release", "--product", product]
                           + scratch_args, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    out = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"] + scratch_args,
                         cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    return out


def feed_path(bin_dir, count, artists="few"):
    shape = "" if artists == "few" else artists + "-"
    path = os.path.join(tempfile.gettempdir(), "artfeed-scale-%s%d.rss" % (shape, count))
    if not os.path.exists(path):
        subprocess.run([os.path.join(bin_dir, "ScaleBenchmark"), "--items", str(count),
                        "--generate-only", "--artists", artists],
                       check=True, stdout=subprocess.DEVNULL)
    return path


def set_size(fd, columns, lines, cell=(0, 0)):
    fcntl.ioctl(fd, termios.TIOCSWINSZ,
                struct.pack("HHHH", lines, columns, columns * cell[0], lines * cell[1]))


class Browser:
    """The release binary in a pseudo-terminal; its output is kept with arrival times."""

    def __init__(self, binary, path, columns=100, lines=30, arguments=None, home=None,
                 cell=(0, 0)):
        import pyte
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        master, slave = os.openpty()
        set_size(slave, columns, lines, cell)
        home = home or tempfile.mkdtemp(prefix="artfeed-pty-")
        arguments = [path, "--no-images"] if arguments is None else arguments
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8",
                   XDG_CONFIG_HOME=os.path.join(home, "config"),
                   XDG_CACHE_HOME=os.path.join(home, "cache"),
                   XDG_DATA_HOME=os.path.join(home, "data"))
        env.pop("NO_COLOR", None)
        env.pop("TMUX", None)
        self.process = subprocess.Popen(
            [binary] + arguments, stdin=slave, stdout=slave, stderr=slave, env=env,
            start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(slave)
        self.master = master

    def read_until_quiet(self, quiet, limit=60.0):
        """Reads until `quiet` seconds pass with no output; returns the last byte's time (or
        None when nothing came)."""
        last = None
        start = time.perf_counter()
        chunks = []
        try:
            while True:
                ready, _, _ = select.select([self.master], [], [], quiet)
                now = time.perf_counter()
                if not ready:
                    return last
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    return last
                if not data:
                    return last
                last = now
                chunks.append(data)
                if now - start > limit:
                    return last
        finally:
            # The screen model is fed after the timing: pyte on a picture's megabytes of
            # escape sequences would delay the reads it times. Graphics are stripped (pyte
            # would print their payloads as text).
            self.stream.feed(GRAPHICS.sub(b"", b"".join(chunks)))

    def text(self):
        return "\n".join(self.screen.display)

    def key(self, data, quiet):
        """Sends `data`; returns milliseconds to the last byte of the frame it caused."""
        self.read_until_quiet(0.05)
        sent = time.perf_counter()
        os.write(self.master, data)
        last = self.read_until_quiet(quiet)
        return None if last is None else (last - sent) * 1000

    def key_first_last(self, data, quiet):
        """Sends `data`; returns milliseconds to the first and to the last byte it caused."""
        self.read_until_quiet(0.05)
        sent = time.perf_counter()
        os.write(self.master, data)
        ready, _, _ = select.select([self.master], [], [], 2)
        if not ready:
            return None, None
        first = time.perf_counter()
        last = self.read_until_quiet(quiet) or first
        return (first - sent) * 1000, (last - sent) * 1000

    def resize(self, columns, lines, quiet):
        self.read_until_quiet(0.05)
        self.screen.resize(lines, columns)
        sent = time.perf_counter()
        set_size(self.master, columns, lines)
        last = self.read_until_quiet(quiet)
        return None if last is None else (last - sent) * 1000

    def wait_loaded(self, count, timeout):
        """Waits until the title bar shows the whole count and the unread count, and the
        output is quiet. The unread count comes when the reading state has recorded the
        list (1M items: 2-4 s after the list): until then a key's figure could take in the
        frame that shows it, which no key caused (it read as a `j` of 200-260 ms)."""
        deadline = time.time() + timeout
        wanted = "{:,}".format(count)
        while time.time() < deadline:
            self.read_until_quiet(0.5, limit=2)
            top = self.screen.display[0]
            if (wanted in top or str(count) in top) and "⠋" not in top and " unread" in top:
                if self.read_until_quiet(1.0, limit=2) is None:
                    return True
        return False

    def switches(self):
        """Context switches so far of each thread, by thread id."""
        counts = {}
        task_dir = "/proc/%d/task" % self.process.pid
        for task in os.listdir(task_dir):
            try:
                with open(os.path.join(task_dir, task, "status")) as status:
                    counts[int(task)] = sum(
                        int(line.split()[1]) for line in status
                        if line.startswith(("voluntary_ctxt_switches",
                                            "nonvoluntary_ctxt_switches")))
            except FileNotFoundError:
                pass
        return counts

    def close(self):
        try:
            os.write(self.master, b"q")
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


def summary(values):
    values = sorted(v for v in values if v is not None)
    if not values:
        return "no frame"
    p99 = values[-2] if len(values) >= 20 else values[-1]
    return "p50 %6.1f  p99 %6.1f  max %6.1f ms  (n=%d)" % (
        statistics.median(values), p99, values[-1], len(values))


def moves(browser, quiet, step, size):
    """PgDn, G / g, Enter and Esc (each after `step`), and resizes to `size` and back."""
    figures = {"PgDn": [browser.key(b"\x1b[6~", quiet) for _ in range(10)]}
    g_keys = []
    for _ in range(3):
        g_keys.append(browser.key(b"G", quiet))
        g_keys.append(browser.key(b"g", quiet))
    figures["G / g"] = g_keys
    enter, esc = [], []
    for _ in range(5):
        browser.key(step, quiet)
        enter.append(browser.key(b"\r", quiet))
        esc.append(browser.key(b"\x1b", quiet))
    figures["Enter"] = enter
    figures["Esc"] = esc
    resizes = []
    for _ in range(3):
        resizes.append(browser.resize(size[0], size[1], quiet))
        resizes.append(browser.resize(100, 30, quiet))
    figures["resize"] = resizes
    return figures


def run_gallery(browser, quiet):
    """The gallery's keys; returns the figures per key kind."""
    figures = {"v (to the gallery)": [browser.key(b"v", quiet)]}
    if "v list" not in browser.screen.display[-1]:
        print("  warning: no gallery on screen: %r" % browser.screen.display[-1])
    figures["l"] = [browser.key(b"l", quiet) for _ in range(30)]
    figures["j"] = [browser.key(b"j", quiet) for _ in range(30)]
    figures.update(moves(browser, quiet, b"l", (80, 24)))
    toggles = []
    for _ in range(3):
        toggles.append(browser.key(b"v", quiet))
        toggles.append(browser.key(b"v", quiet))
    figures["v v (list, gallery)"] = toggles
    if "v list" not in browser.screen.display[-1]:
        print("  warning: the gallery is not on screen at the end")
    return figures


def key_by_key(figures, query, j_p50):
    """Each search key's p50 and max over the rounds, against `j`'s p50."""
    print("  search keys one by one, against j's p50 of %.1f ms:" % j_p50)
    worst_p50 = worst_max = 0
    for position, label in enumerate(["/"] + list(query)):
        values = sorted(v for v in figures[position::len(query) + 1] if v is not None)
        if not values:
            continue
        p50 = statistics.median(values)
        worst_p50, worst_max = max(worst_p50, p50), max(worst_max, values[-1])
        print("    %-3s p50 %6.1f (j + %5.1f)  max %6.1f ms  (n=%d)"
              % (repr(label), p50, p50 - j_p50, values[-1], len(values)))
    print("    worst p50 %.1f ms (j + %.1f), worst max %.1f ms"
          % (worst_p50, worst_p50 - j_p50, worst_max))


def run_size(binary, path, count, query, quiet, idle, gallery=False, rounds=4, by_key=False):
    browser = Browser(binary, path)
    try:
        loaded = browser.wait_loaded(count, timeout=max(60, count / 10000))
        if not loaded:
            print("  the feed did not finish loading; the top line is: %r"
                  % browser.screen.display[0])
            return
        if gallery:
            for name, values in run_gallery(browser, quiet).items():
                print("  %-19s %s" % (name, summary(values)))
            return
        figures = {}
        figures["j"] = [browser.key(b"j", quiet) for _ in range(30)]
        figures.update(moves(browser, quiet, b"j", (90, 28)))
        search, erase, leave, kept, cleared = [], [], [], [], []
        shown = None
        for round in range(rounds):
            search.append(browser.key(b"/", quiet))
            for letter in query:
                search.append(browser.key(letter.encode(), quiet))
            shown = browser.text()
            erase.append(browser.key(b"\x7f", quiet))
            if round % 2 == 0:
                leave.append(browser.key(b"\x1b", quiet))
            else:
                kept.append(browser.key(b"\r", quiet))
                cleared.append(browser.key(b"\x1b", quiet))
        figures["search key"] = search
        figures["Backspace"] = erase
        figures["Esc (prompt)"] = leave
        figures["Enter (keep)"] = kept
        figures["Esc (result)"] = cleared
        if shown is not None and query not in shown:
            print("  warning: the search screen does not show %r" % query)
        before = browser.switches()
        time.sleep(idle)
        after = browser.switches()
        # A thread that ended meanwhile takes its count with it; one that started counts whole.
        woken = sum(count - before.get(tid, 0) for tid, count in after.items())
        loop = after.get(browser.process.pid, 0) - before.get(browser.process.pid, 0)
        for name, values in figures.items():
            print("  %-13s %s" % (name, summary(values)))
        if by_key:
            j_values = [v for v in figures["j"] if v is not None]
            key_by_key(search, query, statistics.median(j_values) if j_values else 0)
        print("  idle          the loop's thread %d wake-ups over %g s; the whole process %.1f a"
              " second (%d context switches)" % (loop, idle, woken / idle, woken))
    finally:
        browser.close()


def run_startup(binaries, runs, quiet):
    """The browser's start on the bundled feeds, as a reader starts it: from the process's
    spawn to the last byte of its first screen (output read until `quiet` seconds pass with
    none), for each binary in turn, `runs` times, with `--no-images` and with `--pictures
    symbols` (the pixel probe is left out: pyte does not answer it, so it would wait for its
    timeout). Each binary has a HOME of its own, made by one run first (the state file and
    the caches exist, as on every start but the first)."""
    for arguments in (["--no-images"], ["--pictures", "symbols"]):
        homes = {binary: tempfile.mkdtemp(prefix="artfeed-start-") for binary in binaries}
        times = {binary: [] for binary in binaries}
        for round in range(runs + 1):
            for binary in binaries:
                start = time.perf_counter()
                browser = Browser(binary, None, arguments=arguments, home=homes[binary])
                try:
                    last = browser.read_until_quiet(quiet, limit=20)
                    if "items" not in browser.screen.display[0]:
                        print("  warning: no list on the first screen: %r"
                              % browser.screen.display[0])
                finally:
                    browser.close()
                if round > 0 and last is not None:
                    times[binary].append((last - start) * 1000)
        print("\nstart-up, bundled feeds, artfeed %s" % " ".join(arguments))
        for binary in binaries:
            print("  %-40s %s" % (binary, summary(times[binary])))


def viewer_feed():
    """A feed of three 4000x3000 JPEGs with detail (gradients, circles, noise-free), made
    once with Pillow (Debian's python3-pil) in the temporary folder."""
    folder = os.path.join(tempfile.gettempdir(), "artfeed-viewer-figures")
    path = os.path.join(folder, "feed.rss")
    if os.path.exists(path):
        return path
    os.makedirs(folder, exist_ok=True)
    script = r"""
import sys
from PIL import Image, ImageDraw
folder = sys.argv[1]
for n in range(3):
    im = Image.linear_gradient("L").resize((4000, 3000)).convert("RGB")
    draw = ImageDraw.Draw(im)
    for i in range(0, 4000, 50):
        draw.ellipse((i, (i * 7 + n * 300) % 3000, i + 40, (i * 7 + n * 300) % 3000 + 40),
                     fill=((i * 3) % 256, (i + n * 80) % 256, (n * 90) % 256))
    im.save("%s/big%d.jpg" % (folder, n), quality=90)
"""
    subprocess.run(["/usr/bin/python3", "-c", script, folder], check=True)
    items = "".join(
        '<item><title>Big %d</title><guid>big-%d</guid><link>https://example.test/%d</link>'
        '<media:content url="big%d.jpg" medium="image" width="4000" height="3000"/></item>'
        % (n, n, n, n) for n in range(3))
    with open(path, "w") as f:
        f.write('<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">'
                '<channel><title>Big pictures</title><link>https://example.test/</link>'
                '<description>d</description>%s</channel></rss>' % items)
    return path


def run_viewer(binaries, mode, rounds, quiet):
    """The viewer's keys (see --viewer), for each binary in turn."""
    path = viewer_feed()
    keys = [("+", b"+")] * 4 + [("l", b"l"), ("k", b"k")] * 4 + [("-", b"-")] * 4 + [
        ("1", b"1"), ("0", b"0"), ("n", b"n"), ("N", b"N")]
    for binary in binaries:
        print("\n%s, --pictures %s, load average %.2f" % (binary, mode, os.getloadavg()[0]))
        browser = Browser(binary, None, arguments=[path, "--pictures", mode, "--no-state"],
                          cell=(10, 20))
        try:
            browser.read_until_quiet(1.0, limit=20)
            # The list's own pictures settle first (a thumbnail of each 4000x3000 JPEG).
            browser.read_until_quiet(1.5, limit=30)
            j_figures = [browser.key(key, quiet) for _ in range(6) for key in (b"j", b"k")]
            print("  %-22s %s" % ("j k on the list", summary(j_figures)))
            first, last = {}, {}
            opened = browser.key_first_last(b"z", max(quiet, 1.0))
            first["z (open)"], last["z (open)"] = [opened[0]], [opened[1]]
            if "fit" not in browser.screen.display[-1]:
                print("  warning: no viewer on screen: %r" % browser.screen.display[-1])
            # The first round makes every view; later rounds repeat the same views, which
            # the picture cache then has: they are reported apart.
            for round in range(rounds):
                for label, data in keys:
                    a, b = browser.key_first_last(data, quiet)
                    name = label if round == 0 else label + " again"
                    first.setdefault(name, []).append(a)
                    last.setdefault(name, []).append(b)
            for label in first:
                print("  %-8s first byte %s" % (label, summary(first[label])))
                print("  %-8s last byte  %s" % ("", summary(last[label])))
            print("  status line at the end: %r" % browser.screen.display[-1].strip()[:60])
            with open("/proc/%d/status" % browser.process.pid) as status:
                peak = [line.split()[1] for line in status if line.startswith("VmHWM")]
            print("  peak resident memory %s KiB" % (peak[0] if peak else "?"))
        finally:
            browser.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", default="1000,100000,1000000")
    parser.add_argument("--binary")
    parser.add_argument("--query")
    parser.add_argument("--artists", choices=["few", "distinct"], default="few")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--scratch-path")
    parser.add_argument("--quiet", type=float, default=0.3)
    parser.add_argument("--idle", type=float, default=5)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--gallery", action="store_true")
    parser.add_argument("--startup", type=int, metavar="RUNS",
                        help="time the browser's start instead (each --binary, comma-separated)")
    parser.add_argument("--viewer", choices=["symbols", "kitty", "sixel", "iterm"],
                        help="time the picture viewer's keys instead")
    args = parser.parse_args()
    try:
        import pyte  # noqa: F401
    except ImportError:
        sys.exit("pty_figures.py needs pyte: pip install pyte")
    bin_dir = build(args.no_build, args.scratch_path)
    query = args.query or ("heron pix" if args.artists == "distinct" else "artist12")
    binary = args.binary or os.path.join(bin_dir, "artfeed")
    print("pty figures: %s, 100x30 pty, TERM=xterm-256color, quiet %.2f s" % (binary, args.quiet))
    if args.startup:
        run_startup(binary.split(","), args.startup, args.quiet)
        return
    if args.viewer:
        run_viewer(binary.split(","), args.viewer, args.rounds, args.quiet)
        return
    for count in [int(c) for c in args.items.split(",")]:
        path = feed_path(bin_dir, count, args.artists)
        print("\n%d items (%s), load average %.2f" % (count, path, os.getloadavg()[0]))
        run_size(binary, path, count, query, args.quiet, args.idle, args.gallery, args.rounds,
                 by_key=args.artists == "distinct")
        print("  (load average %.2f at the end)" % os.getloadavg()[0])


if __name__ == "__main__":
    main()
