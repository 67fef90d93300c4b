#!/usr/bin/env python3
"""What the reading state costs the reader: first screen with and without it, and `A`.

Usage: python3 Scripts/state_figures.py [--items 100000] [--runs 10] [--binary PATH]
                                        [--no-build]

Builds the release binary (unless --no-build) and ScaleBenchmark's generated feed of
--items items, then, in a pseudo-terminal of 100x30 (no tmux):

1. Records the feed once in a fresh state (a browser run that loads it whole and quits),
   so later runs open a state that knows all its items (the state file is then several MB).
2. First screen, whole process: from starting `artfeed FEED --no-images --pictures symbols`
   (no terminal probe: a pty answers none, and the probe would wait for its timeout) to the first frame
   that shows a row of the feed, alternately with `--no-state` and with the state on (the
   recorded file), --runs times each; the difference of the medians is the state's cost.
   Also the CPU time the process had used by then (/proc/PID/task/*/schedstat), far less
   noisy than the wall clock on a shared machine.
3. `A` on the loaded feed: from the key to the first byte of the frame it caused (the
   screen answering), and to the frame saying the marks are in memory ("Marked ... read").

Prints medians and ranges in milliseconds. The machine is shared: read the spread too.
"""

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pty_figures  # noqa: E402


class Run(pty_figures.Browser):
    """The browser with given arguments and data folder (pty_figures' Browser otherwise)."""

    def __init__(self, binary, path, data, extra):
        import fcntl
        import subprocess
        import termios
        import pyte
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)
        master, slave = os.openpty()
        pty_figures.set_size(slave, 100, 30)
        home = tempfile.mkdtemp(prefix="artfeed-state-figures-")
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8",
                   XDG_CONFIG_HOME=os.path.join(home, "config"),
                   XDG_CACHE_HOME=os.path.join(home, "cache"), XDG_DATA_HOME=data)
        env.pop("NO_COLOR", None)
        env.pop("TMUX", None)
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            [binary, path, "--no-images", "--pictures", "symbols"] + extra, stdin=slave, stdout=slave, stderr=slave,
            env=env, start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(slave)
        self.master = master

    def first_screen(self, timeout=60):
        """Milliseconds from the start to the first frame showing a row."""
        import select
        deadline = time.time() + timeout
        while time.time() < deadline:
            ready, _, _ = select.select([self.master], [], [], 1)
            if not ready:
                continue
            data = os.read(self.master, 65536)
            now = time.perf_counter()
            self.stream.feed(data)
            rows = self.screen.display[1:-1]
            if "items" in self.screen.display[0] and any(r.strip(" │█") for r in rows):
                return (now - self.started) * 1000
        return None

    def key_answer(self, data, until, timeout=30):
        """Milliseconds from sending `data` to the first byte back, and to a frame whose
        status line contains `until`."""
        import select
        self.read_until_quiet(0.3)
        sent = time.perf_counter()
        os.write(self.master, data)
        first = None
        deadline = time.time() + timeout
        while time.time() < deadline:
            ready, _, _ = select.select([self.master], [], [], 1)
            if not ready:
                continue
            chunk = os.read(self.master, 65536)
            now = time.perf_counter()
            first = first or now
            self.stream.feed(chunk)
            if until in self.screen.display[-1]:
                return (first - sent) * 1000, (now - sent) * 1000
        return None, None


def cpu_milliseconds(pid):
    """CPU time so far (/proc schedstat, nanoseconds): every thread's, and the main one's."""
    total = main = 0
    for task in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/schedstat" % (pid, task)) as stat:
                spent = int(stat.read().split()[0])
        except (FileNotFoundError, ValueError, IndexError):
            continue
        total += spent
        if int(task) == pid:
            main = spent
    return total / 1e6, main / 1e6


def spread(values):
    values = sorted(v for v in values if v is not None)
    if not values:
        return "no frame"
    return "median %7.1f  min %7.1f  max %7.1f ms (n=%d)" % (
        statistics.median(values), values[0], values[-1], len(values))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=100000)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--binary")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    bin_dir = pty_figures.build(args.no_build)
    binary = args.binary or os.path.join(bin_dir, "artfeed")
    path = pty_figures.feed_path(bin_dir, args.items)
    data = tempfile.mkdtemp(prefix="artfeed-state-figures-data-")
    try:
        print("state figures: %s, %d items (%s), 100x30 pty" % (binary, args.items, path))
        recorder = Run(binary, path, data, [])
        if not recorder.wait_loaded(args.items, timeout=max(120, args.items / 5000)):
            sys.exit("the feed did not load: %r" % recorder.screen.display[0])
        time.sleep(2)  # the load's items recorded in the background
        recorder.close()
        size = os.path.getsize(os.path.join(data, "artfeed", "state.db"))
        print("state file after recording the feed: %.1f MB" % (size / 1e6))

        off, on = [], []
        cpu = {"off": [], "on": []}
        for _ in range(args.runs):
            for extra, into, name in ((["--no-state"], off, "off"), ([], on, "on")):
                run = Run(binary, path, data, extra)
                into.append(run.first_screen())
                cpu[name].append(cpu_milliseconds(run.process.pid))
                run.process.kill()
                run.process.wait()
                os.close(run.master)
        print("first screen, --no-state   %s" % spread(off))
        print("first screen, state on     %s" % spread(on))
        if off and on and None not in off + on:
            print("difference of the medians: %+.1f ms" % (
                statistics.median(on) - statistics.median(off)))
        for name in ("off", "on"):
            print("CPU until the first screen, state %-3s: all threads %.1f ms, main thread "
                  "%.1f ms (medians)" % (name, statistics.median(c[0] for c in cpu[name]),
                                         statistics.median(c[1] for c in cpu[name])))

        answers, done = [], []
        for _ in range(3):
            run = Run(binary, path, data, [])
            if run.wait_loaded(args.items, timeout=max(120, args.items / 5000)):
                first, marked = run.key_answer(b"A", "Marked")
                answers.append(first)
                done.append(marked)
                run.key_answer(b"u", "Undone")
            run.close()
        print("A, key to the first byte of its frame  %s" % spread(answers))
        print("A, key to \"Marked ... read\" on screen  %s" % spread(done))
    finally:
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
