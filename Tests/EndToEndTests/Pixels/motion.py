"""An animated GIF in the item view, through the real binary in a pty: the bytes artfeed
writes are read back with the time each arrived, every frame it draws (a sixel, an iTerm2
image, a kitty placement) is told apart by its colour, and the frames' order and the gaps
between them are checked against the GIF's own delays.

The GIF has four frames of the swatch colours, delays 200, 100, 300 and 150 ms; a frame of
10 ms (played as 100 ms, as browsers do) would hide a rounding error, so none is used here.
Order is exact (each frame follows the one before it, looping); time is loose, for a loaded
machine: at most one gap in five outside 50% below and 250 ms above its delay, and the median
gap within 60 ms of its delay. `--figures` prints the gaps'
errors (median, p90, max) and the process's CPU over `--seconds` (from /proc/PID/stat).

Usage: motion.py [--seconds N] [PROTOCOL...] ARTFEED WORKDIR (in any order); prints one JSON
object per protocol: problems, frames seen, gaps and their delays, CPU.
"""
import json
import os
import select
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fixtures  # noqa: E402
from graphics import Tracker  # noqa: E402
from headless import CELL, PtyApp  # noqa: E402
from PIL import Image  # noqa: E402

DELAYS = [200, 100, 300, 150]
ORDER = fixtures.ORDER  # magenta, green, blue, amber


def make_feed(directory):
    os.makedirs(directory, exist_ok=True)
    frames = [Image.new("RGB", (320, 240), fixtures.COLOURS[name]) for name in ORDER]
    frames[0].save(os.path.join(directory, "motion.gif"), save_all=True,
                   append_images=frames[1:], duration=DELAYS, loop=0)
    feed = (
        '<?xml version="1.0" encoding="utf-8"?>'
        '<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>'
        "<title>Motion</title><link>https://example.test/</link><description>d</description>"
        "<item><title>Moving swatches</title><link>https://example.test/0</link><guid>m0</guid>"
        '<media:content url="motion.gif" medium="image" width="320" height="240"/>'
        "<description>Four colours in turn.</description></item></channel></rss>")
    path = os.path.join(directory, "feed.rss")
    with open(path, "w") as f:
        f.write(feed)
    return path


def colour_index(image):
    """Which swatch a picture shows (its most common opaque colour), or None."""
    rgba = image.convert("RGBA")
    counts = {}
    for r, g, b, a in rgba.getdata():
        if a > 200:
            counts[(r, g, b)] = counts.get((r, g, b), 0) + 1
    if not counts:
        return None
    colour = max(counts, key=counts.get)
    for index, name in enumerate(ORDER):
        if all(abs(c - s) <= 24 for c, s in zip(colour, fixtures.COLOURS[name])):
            return index
    return None


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run(artfeed, workdir, kind, seconds):
    feed = make_feed(os.path.join(workdir, "fixtures"))
    environment = {
        "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", ""),
        "HOME": workdir, "XDG_CONFIG_HOME": os.path.join(workdir, "config"),
        "XDG_CACHE_HOME": os.path.join(workdir, "cache"), "TZ": "UTC",
    }
    if os.environ.get("ARTFEED_PIXEL_LOG"):
        environment["ARTFEED_PIXEL_LOG"] = os.environ["ARTFEED_PIXEL_LOG"]
    # 60x20 cells: the item view's box is about 560x300 px, so an iTerm2 frame (a raw TIFF)
    # is some 600 KB and the pty carries it well within the shortest delay on a busy machine.
    app = PtyApp([artfeed, feed, "--pictures", kind], 60, 20, environment)
    tracker = Tracker(60, 20)
    shown = []  # (time, frame index) for each picture drawn or placed
    kitty_images = {}
    problems = []

    def take(chunk, at):
        before = len(tracker.events)
        tracker.feed(chunk)
        for event in tracker.events[before:]:
            if event[0] in ("sixel", "iterm"):
                shown.append((at, colour_index(event[3])))
            elif event[0] == "kitty-transmit":
                kitty_images[event[1]] = colour_index(event[2])
            elif event[0] == "kitty-place":
                shown.append((at, kitty_images.get(int(event[3].get("i", 0)))))

    chunks = []  # (time, bytes): decoded after the run, so reading never falls behind

    def pump(duration):
        # Each chunk is stamped the moment it is read (PtyApp.read waits for a quiet spell).
        end = time.monotonic() + duration
        while time.monotonic() < end and not app.exited:
            if not select.select([app.fd], [], [], max(0.0, min(0.01, end - time.monotonic())))[0]:
                continue
            try:
                chunk = os.read(app.fd, 1 << 16)
            except OSError:
                app.exited = True
                break
            if not chunk:
                app.exited = True
                break
            chunks.append((time.monotonic(), chunk))

    try:
        pump(3.0)  # the list and its start-up probe
        app.send(b"\r")
        pump(1.5)  # the item view, the still picture, the frames being made
        mark = len(chunks)
        start_cpu, start = cpu_seconds(app.pid), time.monotonic()
        pump(seconds)
        cpu = (cpu_seconds(app.pid) - start_cpu) / (time.monotonic() - start)
        app.send(b"q")
        app.send(b"q")
    finally:
        app.close()
    # A burst (reads less than 5 ms apart) is one frame's output, stamped when it began:
    # frames are 100 ms apart or more, and decoding bursts whole keeps the tracker linear.
    bursts = []
    for index, (at, chunk) in enumerate(chunks):
        if bursts and at - bursts[-1][2] < 0.005 and index != mark:
            bursts[-1][1].append(chunk)
            bursts[-1][2] = at
        else:
            bursts.append([at, [chunk], at, index >= mark])
    first = None
    for at, parts, _, measured in bursts:
        if measured and first is None:
            first = len(shown)
        take(b"".join(parts), at)
    first = len(shown) if first is None else first
    if kind == "kitty" and any(e[0] == "kitty-frame" for e in tracker.events):
        return terminal_played(tracker.events, kitty_images, chunks, cpu)
    frames = [(t, f) for t, f in shown[first:] if f is not None]
    unknown = sum(1 for _, f in shown[first:] if f is None)
    if unknown:
        problems.append("%d pictures of no known colour" % unknown)
    if len(frames) < 8:
        problems.append("only %d frames in %.0f s" % (len(frames), seconds))
    gaps, late = [], []
    for (t0, f0), (t1, f1) in zip(frames, frames[1:]):
        if f1 != (f0 + 1) % len(ORDER):
            problems.append("frame %d followed frame %d" % (f1, f0))
        delay = DELAYS[f0]
        gap = (t1 - t0) * 1000
        gaps.append((delay, gap))
        if gap < delay * 0.5 or gap > delay + 250:
            late.append("frame %d showed %.0f ms for a delay of %d" % (f0, gap, delay))
    errors = sorted(abs(gap - delay) for delay, gap in gaps)
    # A busy machine deschedules the program (or this reader) now and then: one gap in five
    # may miss, and the typical gap must still be right.
    if len(late) > len(gaps) // 5:
        problems += late
    if errors and statistics.median(errors) > 60:
        problems.append("the median gap is %.0f ms off its delay" % statistics.median(errors))
    figures = {}
    if errors:
        figures = {"median_error_ms": round(statistics.median(errors), 1),
                   "p90_error_ms": round(errors[int(len(errors) * 0.9)], 1),
                   "max_error_ms": round(errors[-1], 1)}
    return {"steps": [{"step": "play", "problems": problems}], "frames": len(frames),
            "cpu_percent": round(cpu * 100, 1), "figures": figures,
            "gaps": [[d, round(g, 1)] for d, g in gaps[:40]]}


def terminal_played(events, images, chunks, cpu):
    """kitty plays the animation itself: the frames are read back from what was sent (the
    image's colour, each a=f frame's colour and gap z=, the root frame's gap from a=a r=1,
    the run command s=3), and once the run command is written artfeed writes nothing."""
    problems = []
    frames = [e for e in events if e[0] == "kitty-frame"]
    image = frames[0][1]
    colours = [images.get(image)] + [colour_index(e[2]) for e in frames if e[1] == image]
    gaps = {}
    running_at = None
    for e in events:
        if e[0] == "kitty-animate" and int(e[1].get("i", 0)) == image:
            if "r" in e[1] and "z" in e[1]:
                gaps[int(e[1]["r"])] = int(e[1]["z"])
            if e[1].get("s") == "3":
                running_at = True
    for number, e in enumerate((e for e in frames if e[1] == image), start=2):
        gaps[number] = int(e[3].get("z", 0))
    if colours != list(range(len(ORDER))):
        problems.append("frames sent in the order %s" % colours)
    sent_gaps = [gaps.get(n) for n in range(1, len(ORDER) + 1)]
    if sent_gaps != DELAYS:
        problems.append("gaps %s for delays %s" % (sent_gaps, DELAYS))
    if not running_at:
        problems.append("no run command (a=a,s=3)")
    # The bytes after the burst that carried the run command: none while kitty plays.
    run_at = max((at for at, chunk in chunks if b"s=3" in chunk), default=None)
    after = sum(len(c) for at, c in chunks if run_at is not None and at > run_at + 0.05)
    if after:
        problems.append("%d bytes written after the animation was running" % after)
    return {"steps": [{"step": "play", "problems": problems}], "frames": len(colours),
            "terminal_plays": True, "bytes_after_run": after, "cpu_percent": round(cpu * 100, 1),
            "gaps": sent_gaps}


def main():
    args = sys.argv[1:]
    seconds = 4.0
    if "--seconds" in args:
        at = args.index("--seconds")
        seconds = float(args[at + 1])
        del args[at:at + 2]
    args = [a for a in args if a != "--figures"]
    protocols = ("kitty", "sixel", "iterm")
    artfeed, workdir = [a for a in args if a not in protocols][:2]
    kinds = [a for a in args if a in protocols] or list(protocols)
    results = {}
    for kind in kinds:  # one at a time: the timings are the point
        results[kind] = run(artfeed, os.path.join(workdir, kind), kind, seconds)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
