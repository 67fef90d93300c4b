"""Pictures in pixels as the reader gets them: the release binary in a pty (100x30 cells of
10x20 px), its output read back and timed.

1. Scrolling: a feed of 1,000 image rows (the bundled thumbnails, 107 pictures in turn);
   j pressed 60 times, then k 60 times back. Per key: the bytes written (all, and the
   pictures' part), kitty transmissions, the time from the key to the end of the frame that
   answers it (its first burst of output), and to the last byte (pictures that were still
   loading arrive in later frames).
2. The item view's first full picture: an item whose media:content is a 4000x3000 JPEG (a
   noisy colour photo's, 5.4 MiB); the time from Enter to the last byte of the picture's
   sequence, in 9 fresh runs each of: Enter right after selecting the item, and Enter after
   the selection rested on it for a second (the browser reads ahead).

Usage: python3 pixelbench.py PATH/TO/release/artfeed [--item-view] [PROTOCOL...]
(--item-view: only the item view's figures)
"""
import fcntl
import os
import re
import select
import statistics
import struct
import sys
import tempfile
import termios
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
THUMBNAILS = os.path.join(ROOT, "Resources", "thumbnails")
GRAPHICS = re.compile(rb"\x1bP[^\x1b]*\x1b\\|\x1b_G[^\x1b]*\x1b\\|\x1b\]1337;[^\x07]*\x07")


class App:
    def __init__(self, argv, workdir):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 1000, 600))
        pid = os.fork()
        if pid == 0:
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            for fd in (0, 1, 2):
                os.dup2(slave, fd)
            os.closerange(3, 256)
            environment = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": workdir,
                           "XDG_CONFIG_HOME": workdir + "/config",
                           "XDG_CACHE_HOME": workdir + "/cache", "TZ": "UTC"}
            if "ARTFEED_PIXEL_LOG" in os.environ:  # the writer's per-frame log, for a look
                environment["ARTFEED_PIXEL_LOG"] = os.environ["ARTFEED_PIXEL_LOG"]
            os.execve(argv[0], argv, environment)
        os.close(slave)
        self.pid, self.fd = pid, master

    def read_until_quiet(self, quiet=0.15, timeout=20):
        """(bytes, [(seconds from now, bytes so far)] per read)."""
        start = time.perf_counter()
        parts, reads, last = [], [], start
        total = 0
        while time.perf_counter() - start < timeout:
            if select.select([self.fd], [], [], 0.005)[0]:
                chunk = os.read(self.fd, 1 << 20)
                if not chunk:
                    break
                parts.append(chunk)
                total += len(chunk)
                last = time.perf_counter()
                reads.append((last - start, total))
            elif parts and time.perf_counter() - last > quiet:
                break
        return b"".join(parts), reads

    def wait_for(self, needle, timeout=30):
        out, start = b"", time.time()
        while needle not in out and time.time() - start < timeout:
            if select.select([self.fd], [], [], 0.05)[0]:
                out += os.read(self.fd, 1 << 20)
        return out

    def key(self, data):
        os.write(self.fd, data)
        return self.read_until_quiet()


    def close(self):
        """Stops the program, reading what it still writes so it never blocks on a full pty."""
        try:
            os.kill(self.pid, 15)
        except ProcessLookupError:
            pass
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                done, _ = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                break
            if done:
                break
            if select.select([self.fd], [], [], 0.05)[0]:
                try:
                    os.read(self.fd, 1 << 16)
                except OSError:
                    pass
        else:
            os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


def first_frame(reads, gap=0.02):
    """Seconds to the end of the first burst of output: the frame that answers the key
    (pictures still loading come in later bursts)."""
    end = reads[0][0] if reads else 0
    for when, _ in reads[1:]:
        if when - end > gap:
            break
        end = when
    return end


def feed(path, items):
    with open(path, "w") as f:
        f.write('<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">'
                "<channel><title>Bench</title>%s</channel></rss>" % "".join(items))


def scrolling(artfeed, kind, workdir):
    pictures = sorted(os.path.join(THUMBNAILS, n) for n in os.listdir(THUMBNAILS)
                      if not n.endswith(".md"))
    items = ['<item><title>Row %d</title><guid>r%d</guid><media:thumbnail url="file://%s"/></item>'
             % (i, i, pictures[i % len(pictures)]) for i in range(1000)]
    path = os.path.join(workdir, "rows.rss")
    feed(path, items)
    app = App([artfeed, path, "--pictures", kind], workdir)
    app.wait_for(b"1/1000")
    app.read_until_quiet(quiet=1.0)
    passes = {}
    for name, key in (("down (j x60)", b"j"), ("back (k x60)", b"k")):
        sizes, graphic, transmits, frames, lasts = [], [], 0, [], []
        for _ in range(60):
            out, reads = app.key(key)
            sizes.append(len(out))
            graphic.append(sum(len(m.group(0)) for m in GRAPHICS.finditer(out)))
            transmits += len(re.findall(rb"\x1b_Ga=t,", out))
            frames.append(first_frame(reads) * 1000)
            lasts.append((reads[-1][0] if reads else 0) * 1000)
        passes[name] = (sizes, graphic, transmits, frames, lasts)
    app.close()
    return passes


def big_picture(workdir):
    """A 4000x3000 JPEG like a noisy colour photo (PixelBenchmark's recipe: gradients in red,
    green and blue with per-pixel noise), quality 90, 4:2:0: about 5.4 MiB."""
    import numpy
    from PIL import Image
    big = os.path.join(workdir, "big.jpg")
    if not os.path.exists(big):
        random = numpy.random.default_rng(1)
        y, x = numpy.mgrid[0:3000, 0:4000]
        noise = random.integers(0, 32, size=(3000, 4000))
        pixels = numpy.stack([x * 255 // 4000 + noise, y * 255 // 3000 + noise,
                              (x + y) * 128 // 7000 + noise * 2], axis=-1)
        Image.fromarray((pixels % 256).astype(numpy.uint8), "RGB").save(
            big, quality=90, subsampling=2)
    return big


def item_view(artfeed, kind, workdir, runs=9):
    """Enter on an item whose media:content is the big JPEG, two ways, each in `runs` fresh
    starts: right after selecting it (j, its frame, then Enter at once) and after the
    selection rested on it for a second. The figure is the time from Enter to the last byte of
    the picture's sequence; also the time from j to Enter."""
    big = big_picture(workdir)
    path = os.path.join(workdir, "big.rss")
    feed(path, ['<item><title>First</title><guid>first</guid></item>',
                '<item><title>Big</title><guid>big</guid><media:content url="file://%s" '
                'medium="image" width="4000" height="3000"/></item>' % big])
    results = {}
    for mode in ("at once", "after a rest"):
        times, gaps = [], []
        for _ in range(runs):
            app = App([artfeed, path, "--pictures", kind], workdir)
            app.wait_for(b"1/2")
            app.read_until_quiet(quiet=0.5)
            selected = time.perf_counter()
            os.write(app.fd, b"j")
            app.read_until_quiet(quiet=0.03 if mode == "at once" else 1.0)
            gaps.append((time.perf_counter() - selected) * 1000)
            os.write(app.fd, b"\r")
            out, reads = app.read_until_quiet(quiet=1.0)
            sequences = list(GRAPHICS.finditer(out))
            drawn = sum(len(m.group(0)) for m in sequences)
            if drawn > 20000:
                end = sequences[-1].end()
                times.append(next(when for when, total in reads if total >= end) * 1000)
            else:
                times.append(float("nan"))
            app.close()
        results[mode] = (times, gaps)
    return results, os.path.getsize(big)


def held_keys(artfeed, kind, workdir, interval=0.033, count=60):
    """j held over rows whose media:content is the big JPEG (thumbnails from the bundle):
    a key every `interval` seconds, as a key repeat sends them, then k as many times. Per
    key, the time to the end of its frame's first burst; also how many full pictures the
    browser made meanwhile (none should start while keys come faster than the rest
    interval; the log counts them when ARTFEED_PIXEL_LOG is set)."""
    big = big_picture(workdir)
    pictures = sorted(os.path.join(THUMBNAILS, n) for n in os.listdir(THUMBNAILS)
                      if not n.endswith(".md"))
    items = ['<item><title>Row %d</title><guid>h%d</guid><media:thumbnail url="file://%s"/>'
             '<media:content url="file://%s" medium="image" width="4000" height="3000"/></item>'
             % (i, i, pictures[i % len(pictures)], big) for i in range(1000)]
    path = os.path.join(workdir, "held.rss")
    feed(path, items)
    app = App([artfeed, path, "--pictures", kind], workdir)
    app.wait_for(b"1/1000")
    app.read_until_quiet(quiet=1.0)
    frames = []
    for key in (b"j", b"k"):
        for _ in range(count):
            sent = time.perf_counter()
            os.write(app.fd, key)
            reads, total, start = [], 0, sent
            while time.perf_counter() - sent < interval:
                if select.select([app.fd], [], [], 0.002)[0]:
                    chunk = os.read(app.fd, 1 << 20)
                    total += len(chunk)
                    reads.append((time.perf_counter() - sent, total))
            frames.append(first_frame(reads, gap=0.005) * 1000 if reads else float("nan"))
    app.read_until_quiet(quiet=1.0)
    app.close()
    return frames


def describe(values):
    return "median %7.1f  p90 %7.1f  max %7.1f" % (
        statistics.median(values), sorted(values)[int(len(values) * 0.9)], max(values))


def main():
    arguments = sys.argv[1:]
    only_item_view = "--item-view" in arguments
    arguments = [a for a in arguments if a != "--item-view"]
    artfeed = os.path.abspath(arguments[0])
    kinds = arguments[1:] or ["kitty", "sixel", "iterm"]
    workdir = tempfile.mkdtemp(prefix="pixelbench-")
    print("artfeed in a pty, 100x30 cells of 10x20 px; %d cores; load %.1f" % (
        os.cpu_count(), os.getloadavg()[0]))
    for kind in kinds:
        print("\n== %s" % kind)
        if not only_item_view:
            for name, (sizes, graphic, transmits, frames, lasts) in scrolling(artfeed, kind, workdir).items():
                print("%-13s bytes/key %s" % (name, describe(sizes)))
                print("%-13s pictures' bytes/key %s   kitty transmissions %d" % ("", describe(graphic), transmits))
                print("%-13s key to its frame, ms %s" % ("", describe(frames)))
                print("%-13s key to the last picture, ms %s" % ("", describe(lasts)))
        if only_item_view:
            frames = [f for f in held_keys(artfeed, kind, workdir) if f == f]
            print("j then k held (a key every 33 ms) over 1,000 rows with 4000x3000 pictures: "
                  "key to its frame, ms %s (%d keys answered within 33 ms)" % (
                      describe(frames), len(frames)))
        results, size = item_view(artfeed, kind, workdir)
        for mode, (times, gaps) in results.items():
            print("item view, 4000x3000 JPEG (%d KiB), Enter %s (%.0f ms after j): "
                  "Enter to the picture's last byte, ms: median %.0f  min %.0f  max %.0f  (%s)" % (
                      size // 1024, mode, statistics.median(gaps), statistics.median(times),
                      min(times), max(times), " ".join("%.0f" % t for t in times)))
    print("load %.1f" % os.getloadavg()[0])


if __name__ == "__main__":
    main()
