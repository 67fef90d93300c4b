#!/usr/bin/env python3
"""The reading state at a year's scale (issue 30): two artfeed binaries side by side.

Usage: /usr/bin/python3 Scripts/history_figures.py BEFORE AFTER [--runs 5] [--items 1000000]
           [--local 100000] [--only NAME,...] [--work DIR]

BEFORE and AFTER are release `artfeed` binaries (e.g. /work/base/.build-rel/release/artfeed
and .build-rel/release/artfeed); BEFORE's folder must hold ScaleBenchmark too when the
generated feeds are missing. Everything is generated here, then measured as whole processes
(wall clock from the fork, peak RSS from wait4), the two binaries alternating run by run:

- history: a state database that has recorded an --items feed, made by SQL on the schema
  the binary itself creates (`state import` of an empty export), shaped as a year of use: a
  tenth of the items still in the feed, the rest gone from it 100-365 days ago; a third
  unread, one in 500 starred, one in 50 by an artist the reader follows. Each binary gets
  its own copy (AFTER's upgraded to its schema first by `artfeed state`, as its first run on
  an older file does).
- bundled: `render --bundled --width 100 --height 30` with that history and with an empty
  state, alternately.
- pty: the browser's first frame (`artfeed --bundled`) through a pty of 100x30, history and
  empty state alternately (Scripts/state_figures.py's timing).
- list: `render --width 100 --height 12` (the feed list) subscribed to the --items feed
  (ScaleBenchmark's generated file), the history recorded for it. BEFORE reads the feed
  (about a minute at 1M): it runs once.
- markread: `mark-read SOURCE` of a subscribed --local feed (ScaleBenchmark's file) whose
  items the state recorded (by `refresh`), the state copied fresh before each run.
- refresh: `refresh` of that one subscription into an empty state, beside `parse FILE` of
  the same file (output to /dev/null).
- wal: the -wal file's size after the browser has loaded the --local feed, gone idle, and
  been killed (SIGKILL).
- prune: AFTER's `state prune` and `state vacuum` on a copy of the history: file sizes.
"""

import argparse
import os
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pty_figures  # noqa: E402

DAY = 86400


def run(binary, args, data, stdout=subprocess.DEVNULL, config=None):
    """Runs `binary args` with the data folder `data`: (seconds, peak RSS MiB, status, CPU
    seconds: user and system)."""
    env = dict(os.environ, LANG="C.UTF-8", XDG_DATA_HOME=os.path.join(data, "data"),
               XDG_CONFIG_HOME=os.path.join(data, "config"),
               XDG_CACHE_HOME=os.path.join(data, "cache"))
    started = time.perf_counter()
    process = subprocess.Popen([binary] + args, stdout=stdout, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    errors = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if process.returncode not in (0,):
        print("    (%s %s exited %d: %s)" % (os.path.basename(binary), " ".join(args[:2]),
                                             process.returncode, errors.strip()[:200]))
    return seconds, usage.ru_maxrss / 1024, process.returncode, usage.ru_utime + usage.ru_stime


def state_path(data):
    return os.path.join(data, "data", "artfeed", "state.db")


def empty_state(binary, data):
    """A state database as `binary` creates it, empty."""
    os.makedirs(os.path.join(data, "data", "artfeed"), exist_ok=True)
    export = os.path.join(data, "empty.json")
    with open(export, "w") as file:
        file.write('{"format":1,"feeds":[],"items":[]}')
    run(binary, ["state", "import", export], data)


MASK = (1 << 64) - 1


def siphash24(k0, k1, data):
    """SipHash-2-4 of `data` (ArtistIdentity.hash's, for the followed artist's items)."""
    def rotl(x, b):
        return ((x << b) | (x >> (64 - b))) & MASK
    v = [0x736f6d6570736575 ^ k0, 0x646f72616e646f6d ^ k1, 0x6c7967656e657261 ^ k0,
         0x7465646279746573 ^ k1]

    def rounds(n):
        for _ in range(n):
            v[0] = (v[0] + v[1]) & MASK; v[1] = rotl(v[1], 13) ^ v[0]; v[0] = rotl(v[0], 32)
            v[2] = (v[2] + v[3]) & MASK; v[3] = rotl(v[3], 16) ^ v[2]
            v[0] = (v[0] + v[3]) & MASK; v[3] = rotl(v[3], 21) ^ v[0]
            v[2] = (v[2] + v[1]) & MASK; v[1] = rotl(v[1], 17) ^ v[2]; v[2] = rotl(v[2], 32)
    tail = len(data) % 8
    for i in range(0, len(data) - tail, 8):
        m = int.from_bytes(data[i:i + 8], "little")
        v[3] ^= m
        rounds(2)
        v[0] ^= m
    last = (len(data) & 0xFF) << 56 | int.from_bytes(data[len(data) - tail:], "little")
    v[3] ^= last
    rounds(2)
    v[0] ^= last
    v[2] ^= 0xFF
    rounds(4)
    value = v[0] ^ v[1] ^ v[2] ^ v[3]
    return value - (1 << 64) if value >= 1 << 63 else value


# ArtistIdentity.hash("Raven Quill"): the key "ravenquill" under artfeed's artist hash key.
RAVEN = siphash24(0x7472612d64656566, 0x31762d7473697472, b"ravenquill")


def fill_history(path, feed, count, now):
    """Records `count` items of `feed` as a year of reading leaves them (see the docstring)."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("INSERT INTO feeds(key, last_visit, observed) VALUES(?, ?, ?)",
               (feed, now - DAY, now - DAY))
    fid = db.execute("SELECT id FROM feeds WHERE key = ?", (feed,)).fetchone()[0]
    columns = [row[1] for row in db.execute("PRAGMA table_info(items)")]
    has_artist = "artist" in columns
    current = count // 10

    def item(n):
        key = (n * 0x9E3779B97F4A7C15) % (1 << 63)
        age = 365 * DAY * (count - n) // count  # the newest first seen yesterday
        first = now - DAY - age
        return key, first

    def items():
        for n in range(count):
            key, first = item(n)
            read = n % 3 != 0
            row = (key, read, n % 500 == 0, first, first + 3600 if read else 0)
            yield row + ((RAVEN if n % 50 == 0 else None,) if has_artist else ())

    marks = "?,?,?,?,?" + (",?" if has_artist else "")
    names = "id, read, starred, first_seen, changed" + (", artist" if has_artist else "")
    db.executemany("INSERT INTO items(%s) VALUES(%s)" % (names, marks), items())

    def members():
        for n in range(count):
            key, first = item(n)
            still = n >= count - current
            last = now - DAY if still else max(first, now - 100 * DAY - (count - n) % (265 * DAY))
            yield fid, key, first, last, 0 if n % 3 else 1, 1 if still else 0

    db.executemany("INSERT INTO memberships(feed, item, first_seen, last_seen, unread, current)"
                   " VALUES(?,?,?,?,?,?)", members())
    db.execute("UPDATE feeds SET item_count = (SELECT count(*) FROM memberships WHERE feed ="
               " feeds.id AND current), unread_count = (SELECT coalesce(sum(unread), 0) FROM"
               " memberships WHERE feed = feeds.id AND current)")
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def size(path):
    return os.path.getsize(path) if os.path.exists(path) else 0


def mb(count):
    return "%.1f MB" % (count / 1e6)


def spread(values):
    values = sorted(v for v in values if v is not None)
    if not values:
        return "no value"
    return "median %8.1f  min %8.1f  max %8.1f (n=%d)" % (
        statistics.median(values), values[0], values[-1], len(values))


class Homes:
    """Per binary: a data folder with the history, and one with an empty state."""

    def __init__(self, work, binaries, items, now):
        self.work = work
        self.history = {}
        self.empty = {}
        base = None
        for label, binary in binaries.items():
            history = os.path.join(work, "history-" + label)
            empty_state(binary, history)
            if base is None:
                started = time.time()
                fill_history(state_path(history), "artfeed:bundled/popular.rss", items, now)
                print("  history: %d items recorded, %s (made in %.0f s)" % (
                    items, mb(size(state_path(history))), time.time() - started))
                base = state_path(history)
            else:
                shutil.copyfile(base, state_path(history))
            # The binary's own schema (a newer artfeed upgrades an older file on first use).
            run(binary, ["state"], history)
            self.history[label] = history
            empty = os.path.join(work, "empty-" + label)
            os.makedirs(os.path.join(empty, "data"), exist_ok=True)
            self.empty[label] = empty


def bundled(binaries, homes, runs):
    print("\nrender --bundled --width 100 --height 30 (seconds, peak RSS MiB)")
    figures = {}
    for _ in range(runs):
        for label, binary in binaries.items():
            for shape, home in (("history", homes.history[label]), ("empty", homes.empty[label])):
                seconds, rss, _, _ = run(binary, ["render", "--bundled", "--width", "100",
                                               "--height", "30"], home)
                figures.setdefault((label, shape), []).append((seconds * 1000, rss))
    for (label, shape), values in figures.items():
        print("  %-7s %-8s ms %s   MiB %s" % (label, shape, spread([v[0] for v in values]),
                                              spread([v[1] for v in values])))
    for label in binaries:
        ratio = statistics.median(v[0] for v in figures[(label, "history")]) / statistics.median(
            v[0] for v in figures[(label, "empty")])
        print("  %-7s history / empty: %.2fx" % (label, ratio))


def first_frames(binaries, homes, runs):
    import state_figures
    print("\nbrowser's first frame, artfeed --bundled, 100x30 pty (ms from start; CPU ms of"
          " all threads by then)")
    figures = {}
    cpu = {}
    for _ in range(runs):
        for label, binary in binaries.items():
            for shape, home in (("history", homes.history[label]), ("empty", homes.empty[label])):
                browser = state_figures.Run(binary, "--bundled", os.path.join(home, "data"), [])
                figures.setdefault((label, shape), []).append(browser.first_screen())
                cpu.setdefault((label, shape), []).append(
                    state_figures.cpu_milliseconds(browser.process.pid)[0])
                browser.close()
    for (label, shape), values in figures.items():
        print("  %-7s %-8s %s" % (label, shape, spread(values)))
        print("  %-7s %-8s CPU %s" % ("", "", spread(cpu[(label, shape)])))
    for label in binaries:
        ratio = statistics.median(figures[(label, "history")]) / statistics.median(
            figures[(label, "empty")])
        print("  %-7s history / empty: %.2fx" % (label, ratio))


def subscribed(binary, work, name, feed, history=None, now=None, items=0):
    """A data folder subscribed to `feed`; with `history`, its state that of the history."""
    home = os.path.join(work, name)
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(os.path.join(home, "data"))
    run(binary, ["add", feed], home)
    if history:
        empty_state(binary, home)
        fill_history(state_path(home), os.path.abspath(feed), items, now)
        run(binary, ["state"], home)
    return home


def feed_list(binaries, work, feed, items, now, runs):
    print("\nrender --width 100 --height 12: the feed list, one subscription of %d items"
          % items)
    homes = {label: subscribed(binary, work, "list-" + label, feed, True, now, items)
             for label, binary in binaries.items()}
    for label, binary in binaries.items():
        count = 1 if label == "before" else runs
        values = [run(binary, ["render", "--width", "100", "--height", "12"], homes[label])
                  for _ in range(count)]
        print("  %-7s s %s   MiB %s" % (label, spread([v[0] for v in values]),
                                        spread([v[1] for v in values])))
    for label, binary in binaries.items():
        with tempfile.TemporaryFile() as output:
            run(binary, ["render", "--width", "100", "--height", "12"], homes[label], output)
            output.seek(0)
            lines = output.read().decode().splitlines()
        print("  %s's screen:\n    %s" % (label, "\n    ".join(lines[:5])))
        shutil.rmtree(homes[label], ignore_errors=True)


def local_feed(binaries, work, feed, runs):
    print("\nmark-read SOURCE and refresh of one subscribed local feed (%s, %s)"
          % (os.path.basename(feed), mb(size(feed))))
    homes = {}
    for label, binary in binaries.items():
        home = subscribed(binary, work, "local-" + label, feed)
        run(binary, ["refresh"], home)
        shutil.copyfile(state_path(home), state_path(home) + ".recorded")
        homes[label] = home
    marks, refreshes, parses = {}, {}, {}
    for _ in range(runs):
        for label, binary in binaries.items():
            home = homes[label]
            for suffix in ("-wal", "-shm"):
                if os.path.exists(state_path(home) + suffix):
                    os.remove(state_path(home) + suffix)
            shutil.copyfile(state_path(home) + ".recorded", state_path(home))
            marks.setdefault(label, []).append(run(binary, ["mark-read", feed], home))
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(state_path(home) + suffix):
                    os.remove(state_path(home) + suffix)
            refreshes.setdefault(label, []).append(run(binary, ["refresh"], home))
            parses.setdefault(label, []).append(run(binary, ["parse", feed], home))
    for name, figures in (("mark-read", marks), ("refresh", refreshes), ("parse", parses)):
        for label, values in figures.items():
            print("  %-9s %-7s s %s   MiB %s" % (name, label, spread([v[0] for v in values]),
                                                 spread([v[1] for v in values])))
            print("  %-9s %-7s CPU s %s" % ("", "", spread([v[3] for v in values])))
    for label in binaries:
        print("  %-7s refresh / parse: %.2fx" % (
            label, statistics.median(v[0] for v in refreshes[label])
            / statistics.median(v[0] for v in parses[label])))
    return homes


def killed_wal(binaries, work, feed, items):
    print("\n-wal left by a browser killed once idle, after loading %s (%d items)"
          % (os.path.basename(feed), items))
    for label, binary in binaries.items():
        data = os.path.join(work, "wal-" + label)
        shutil.rmtree(data, ignore_errors=True)
        os.makedirs(data)
        browser = pty_figures.Browser(binary, feed, home=data)
        # Browser's own home layout: XDG folders under `data`.
        loaded = browser.wait_loaded(items, timeout=600)
        time.sleep(5)  # idle: the writer has recorded the list and gone quiet
        state = None
        for root, _, files in os.walk(data):
            if "state.db" in files:
                state = os.path.join(root, "state.db")
        wal_idle = size(state + "-wal") if state else 0
        os.kill(browser.process.pid, signal.SIGKILL)
        browser.process.wait()
        print("  %-7s loaded=%s  state %s, -wal %s after the kill" % (
            label, loaded, mb(size(state)) if state else "none", mb(size(state + "-wal"))
            if state else "none"))
        del wal_idle
        shutil.rmtree(data, ignore_errors=True)


def prune(binary, work, items, now):
    print("\nprune and vacuum of the history (after; its own schema, Raven Quill followed)")
    home = os.path.join(work, "prune")
    empty_state(binary, home)
    run(binary, ["follow", "Raven Quill"], home)
    fill_history(state_path(home), "artfeed:bundled/popular.rss", items, now)
    path = state_path(home)
    print("  before:        %s (-wal %s)" % (mb(size(path)), mb(size(path + "-wal"))))
    seconds, rss, _, _ = run(binary, ["state", "prune"], home)
    print("  after prune:   %s (-wal %s)  %.1f s, %.0f MiB" % (
        mb(size(path)), mb(size(path + "-wal")), seconds, rss))
    seconds, rss, _, _ = run(binary, ["state", "vacuum"], home)
    print("  after vacuum:  %s (-wal %s)  %.1f s, %.0f MiB" % (
        mb(size(path)), mb(size(path + "-wal")), seconds, rss))
    with tempfile.TemporaryFile() as output:
        run(binary, ["state"], home, output)
        output.seek(0)
        print("    " + output.read().decode().strip().replace("\n", "\n    "))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--items", type=int, default=1000000)
    parser.add_argument("--local", type=int, default=100000)
    parser.add_argument("--only", default="bundled,pty,list,markread,wal,prune")
    parser.add_argument("--work")
    args = parser.parse_args()
    binaries = {"before": os.path.abspath(args.before), "after": os.path.abspath(args.after)}
    only = set(args.only.split(","))
    work = args.work or tempfile.mkdtemp(prefix="artfeed-history-")
    now = int(time.time())
    print("history figures: before %s, after %s; load %s" % (
        binaries["before"], binaries["after"], os.getloadavg()))
    homes = Homes(work, binaries, args.items, now) if only & {"bundled", "pty"} else None
    if "bundled" in only:
        bundled(binaries, homes, args.runs)
    if "pty" in only:
        first_frames(binaries, homes, args.runs)
    bin_dir = os.path.dirname(binaries["before"])
    if "list" in only:
        feed = pty_figures.feed_path(bin_dir, args.items, "distinct")
        feed_list(binaries, work, feed, args.items, now, args.runs)
    if "markread" in only:
        local = pty_figures.feed_path(bin_dir, args.local)
        local_feed(binaries, work, local, args.runs)
    if "wal" in only:
        killed_wal(binaries, work, pty_figures.feed_path(bin_dir, args.local), args.local)
    if "prune" in only:
        prune(binaries["after"], work, args.items, now)
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
