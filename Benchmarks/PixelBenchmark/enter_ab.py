"""Enter on a 4000x3000 JPEG not read ahead, two builds side by side: pixelbench.py's "at
once" case (j, then Enter 30 ms later, in a fresh pty of 100x30 cells of 10x20 px; the time
from Enter to the last byte of the picture's sequence), alternating the builds run by run so
the machine's load falls on both alike.

Usage: python3 enter_ab.py BEFORE/artfeed AFTER/artfeed [RUNS] [PROTOCOL...]
"""
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pixelbench  # noqa: E402


def enter_once(artfeed, kind, path, workdir):
    app = pixelbench.App([artfeed, path, "--pictures", kind], workdir)
    try:
        app.wait_for(b"1/2")
        app.read_until_quiet(quiet=0.5)
        os.write(app.fd, b"j")
        app.read_until_quiet(quiet=0.03)
        os.write(app.fd, b"\r")
        out, reads = app.read_until_quiet(quiet=1.0)
    finally:
        app.close()
    sequences = list(pixelbench.GRAPHICS.finditer(out))
    if sum(len(m.group(0)) for m in sequences) <= 20000:
        return float("nan")
    end = sequences[-1].end()
    return next(when for when, total in reads if total >= end) * 1000


def main():
    before, after = (os.path.abspath(a) for a in sys.argv[1:3])
    rest = sys.argv[3:]
    runs = int(rest.pop(0)) if rest and rest[0].isdigit() else 9
    kinds = rest or ["kitty", "sixel", "iterm"]
    workdir = tempfile.mkdtemp(prefix="enter-ab-")
    big = pixelbench.big_picture(workdir)
    path = os.path.join(workdir, "big.rss")
    pixelbench.feed(path, [
        '<item><title>First</title><guid>first</guid></item>',
        '<item><title>Big</title><guid>big</guid><media:content url="file://%s" '
        'medium="image" width="4000" height="3000"/></item>' % big])
    print("Enter to the picture's last byte, 4000x3000 JPEG (%d KiB) not read ahead; %d cores; "
          "load %.1f" % (os.path.getsize(big) // 1024, os.cpu_count(), os.getloadavg()[0]))
    for kind in kinds:
        times = {"before": [], "after": []}
        for _ in range(runs):
            for name, binary in (("before", before), ("after", after)):
                times[name].append(enter_once(binary, kind, path, workdir))
        for name, values in times.items():
            good = sorted(v for v in values if v == v)
            print("%-6s %-6s median %6.0f  min %6.0f  max %6.0f ms  (%s)" % (
                kind, name, statistics.median(good), good[0], good[-1],
                " ".join("%.0f" % v for v in values)))
    print("load %.1f" % os.getloadavg()[0])


if __name__ == "__main__":
    main()
