"""artfeed in a pty with --pictures kitty|sixel|iterm, no display: its output is decoded
into a model of the terminal (termmodel.py) and, after each key, what the model shows in
pixels is checked against the boxes the text says are on screen (check.py).

Usage: headless.py ARTFEED WORKDIR [PROTOCOL...]; prints one JSON object: per protocol, the
steps with their problems, and the kitty transmissions per picture.
"""
import fcntl
import json
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check  # noqa: E402
import fixtures  # noqa: E402
from termmodel import TerminalModel  # noqa: E402

CELL = (10, 20)
KEYS = {"down": b"j", "up": b"k", "page": b" ", "end": b"G", "top": b"g", "enter": b"\r",
        "next": b"]", "help": b"?", "esc": b"\x1b", "quit": b"q"}


class PtyApp:
    def __init__(self, argv, columns, lines, environment):
        self.columns, self.lines = columns, lines
        master, slave = os.openpty()
        self.resize_fd(slave, columns, lines)
        pid = os.fork()
        if pid == 0:
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            for fd in (0, 1, 2):
                os.dup2(slave, fd)
            os.closerange(3, 256)
            os.execve(argv[0], argv, environment)
        os.close(slave)
        self.pid, self.fd = pid, master
        self.exited = False

    @staticmethod
    def resize_fd(fd, columns, lines):
        fcntl.ioctl(fd, termios.TIOCSWINSZ,
                    struct.pack("HHHH", lines, columns, columns * CELL[0], lines * CELL[1]))

    def resize(self, columns, lines):
        self.columns, self.lines = columns, lines
        self.resize_fd(self.fd, columns, lines)

    def send(self, data):
        os.write(self.fd, data)

    def read(self, quiet=0.4, timeout=10):
        """Everything written until nothing came for `quiet` seconds."""
        out, start, last = b"", time.time(), time.time()
        while time.time() - start < timeout:
            ready = select.select([self.fd], [], [], 0.05)[0]
            if ready:
                try:
                    chunk = os.read(self.fd, 1 << 16)
                except OSError:
                    self.exited = True
                    break
                if not chunk:
                    self.exited = True
                    break
                out += chunk
                last = time.time()
            elif time.time() - last > quiet and out:
                break
            elif time.time() - last > quiet * 4:
                break
        return out

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


STEPS = [("start", None), ("down", "down"), ("down", "down"), ("page", "page"),
         ("page", "page"), ("up", "up"), ("end", "end"), ("top", "top"), ("open item", "enter"),
         ("next picture", "next"), ("help", "help"), ("close help", "esc"), ("back", "esc"),
         ("resize 80x24", (80, 24)), ("down", "down"), ("resize 100x30", (100, 30)),
         ("stop and continue", "tstp"), ("help on the list", "help"), ("close help", "esc")]


def run(artfeed, workdir, kind):
    feed = fixtures.make(os.path.join(workdir, "fixtures"))
    environment = {
        "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", ""),
        "HOME": workdir, "XDG_CONFIG_HOME": os.path.join(workdir, "config"),
        "XDG_CACHE_HOME": os.path.join(workdir, "cache"), "TZ": "UTC",
    }
    app = PtyApp([artfeed, feed, "--pictures", kind], 100, 30, environment)
    model = TerminalModel(100, 30, CELL, kind)
    results = []
    before = None
    sent = set()
    try:
        for name, action in STEPS:
            if isinstance(action, tuple) or action == "tstp":
                sent = set()  # a resize or a suspend loses the terminal's copies
            transmits_before = len([e for e in model.events if e[0] == "kitty-transmit"])
            if isinstance(action, tuple):
                app.resize(*action)
                model.resize(*action)
            elif action == "tstp":
                os.kill(app.pid, signal.SIGTSTP)
                time.sleep(0.3)
                model.feed(app.read(quiet=0.3, timeout=2))
                os.kill(app.pid, signal.SIGCONT)
            elif action:
                app.send(KEYS[action])
            output = app.read()
            model.feed(output)
            lines = model.text()
            # Pictures arrive on their own time (and the start waits for the probe): read on
            # while a box still says "loading" or nothing is on screen yet.
            deadline = time.time() + 20
            while time.time() < deadline and not app.exited and (
                    any("loading" in line for line in lines) or not any(l.strip() for l in lines)):
                more = app.read()
                output += more
                model.feed(more)
                lines = model.text()
            if app.exited:
                results.append({"step": name, "problems": ["artfeed exited: %r" % output[-400:]],
                                "boxes": []})
                break
            problems, regions = check.verify(model.pixels(), lines, CELL, under_overlay=before)
            before = regions
            transmitted = [e for e in model.events if e[0] == "kitty-transmit"][transmits_before:]
            for event in transmitted:
                image = event[2]
                fingerprint = (image.size, image.tobytes()[:4096:7], hash(image.tobytes()))
                if fingerprint in sent:
                    problems.append("a %dx%d picture was transmitted again" % image.size)
                sent.add(fingerprint)
            if not regions:
                problems.append("no boxes found on the screen:\n" + "\n".join(lines))
            results.append({"step": name, "problems": problems, "boxes": [repr(r) for r in regions],
                            "transmitted": len(transmitted), "bytes": len(output)})
        app.send(KEYS["quit"])
        time.sleep(0.3)
    finally:
        app.close()
    return {"steps": results, "transmits": {str(k): v for k, v in model.transmits.items()},
            "graphics_bytes": model.graphics_bytes}


def render(artfeed, workdir, kind):
    """`artfeed render --pictures KIND`: the text, then each picture drawn at its box."""
    feed = fixtures.make(os.path.join(workdir, "fixtures"))
    output = subprocess.run(
        [artfeed, "render", feed, "--width", "100", "--height", "30", "--pictures", kind,
         "--cell-size", "%dx%d" % CELL], capture_output=True, env={"LANG": "C.UTF-8", "TZ": "UTC",
         "XDG_CONFIG_HOME": os.path.join(workdir, "config")}, check=True).stdout
    model = TerminalModel(100, 31, CELL, kind)
    model.feed(output.replace(b"\n", b"\r\n"))
    lines = model.text()[:30]
    pixels = model.pixels()[: 30 * CELL[1]]
    problems, regions = check.verify(pixels, lines, CELL)
    pictures = [e for e in model.events if e[0] in ("sixel", "iterm", "kitty-place")]
    if len(pictures) != len(regions):
        problems.append("%d pictures for %d boxes" % (len(pictures), len(regions)))
    return {"steps": [{"step": "render", "problems": problems, "boxes": [repr(r) for r in regions]}]}


def main():
    if sys.argv[1] == "render":
        artfeed, workdir = sys.argv[2], sys.argv[3]
        print(json.dumps({kind: render(artfeed, os.path.join(workdir, "render-" + kind), kind)
                          for kind in ["kitty", "sixel", "iterm"]}, indent=1))
        return
    artfeed, workdir = sys.argv[1], sys.argv[2]
    kinds = sys.argv[3:] or ["kitty", "sixel", "iterm"]
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(len(kinds)) as pool:
        futures = {kind: pool.submit(run, artfeed, os.path.join(workdir, kind), kind) for kind in kinds}
    print(json.dumps({kind: future.result() for kind, future in futures.items()}, indent=1))


if __name__ == "__main__":
    main()
