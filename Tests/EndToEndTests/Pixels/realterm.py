"""artfeed in real terminals under Xvfb: xterm -ti vt340 (sixel), kitty (the kitty
protocol) and mlterm (iTerm2 images), each on an X server of its own and all at once.
After each key the screen is read back from Xvfb's frame buffer and checked against the
boxes the text says are on screen (check.py): each visible box shows its picture, and no
picture pixel is anywhere else.

Usage: realterm.py [--gallery] ARTFEED WORKDIR [TERMINAL...]; prints one JSON object: per
terminal, the steps and their problems (a screenshot of each failing step is kept in WORKDIR).
--gallery: the gallery's session (GALLERY_STEPS) over 40 swatches, in kitty and xterm unless
terminals are named.
"""
import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import threading
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check  # noqa: E402
import fixtures  # noqa: E402
from graphics import Tracker, read_xwd  # noqa: E402

PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
TERMINALS = {
    "xterm": {"protocol": "sixel", "tools": ["xterm"]},
    "kitty": {"protocol": "kitty", "tools": ["kitty"]},
    "mlterm": {"protocol": "iterm", "tools": ["mlterm"]},
}
KEYS = {"down": b"j", "up": b"k", "page": b" ", "end": b"G", "top": b"g", "enter": b"\r",
        "next": b"]", "help": b"?", "esc": b"\x1b", "quit": b"q", "gallery": b"v",
        "right": b"l"}
STEPS = [("start", None), ("down", "down"), ("page", "page"), ("page", "page"), ("up", "up"),
         ("end", "end"), ("top", "top"), ("open item", "enter"), ("next picture", "next"),
         ("help", "help"), ("close help", "esc"), ("back", "esc"), ("resize 80x24", (80, 24)),
         ("down", "down"), ("resize 100x30", (100, 30)), ("stop and continue", "tstp"),
         ("help on the list", "help"), ("close help", "esc")]
# The gallery: cards placed like rows, nothing stale after scrolling and going back to the list.
GALLERY_STEPS = [("start", None), ("gallery", "gallery"), ("right", "right"), ("down", "down"),
                 ("page", "page"), ("page", "page"), ("up", "up"), ("end", "end"),
                 ("top", "top"), ("open item", "enter"), ("back", "esc"), ("help", "help"),
                 ("close help", "esc"), ("resize 80x24", (80, 24)), ("down", "down"),
                 ("resize 100x30", (100, 30)), ("list", "gallery"), ("down", "down")]


def missing_tools():
    tools = ["Xvfb", "xdotool"] + [t for spec in TERMINALS.values() for t in spec["tools"]]
    absent = [t for t in tools if shutil.which(t) is None]
    try:
        subprocess.run([PYTHON, "-c", "import PIL, numpy, pyte"], check=True,
                       capture_output=True)
    except (subprocess.CalledProcessError, OSError):
        absent.append("python3 with PIL, numpy and pyte")
    return absent


class Display:
    """An Xvfb of its own, its screen kept current in a file (-fbdir)."""

    def __init__(self, workdir):
        self.fbdir = os.path.join(workdir, "fb")
        os.makedirs(self.fbdir, exist_ok=True)
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-fbdir",
             self.fbdir, "-nolisten", "tcp"], pass_fds=[write], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            if not chunk:
                raise RuntimeError("Xvfb did not start")
            number += chunk
        os.close(read)
        self.name = ":" + number.decode().strip()

    def screenshot(self):
        return np.asarray(read_xwd(os.path.join(self.fbdir, "Xvfb_screen0")))

    def close(self):
        self.process.terminate()
        self.process.wait()


def terminal_command(name, control, argv):
    relay = [PYTHON, os.path.join(HERE, "relay.py"), control, "--"] + argv
    if name == "xterm":
        return ["xterm", "-ti", "vt340", "-geometry", "100x30+0+0", "-fa", "DejaVu Sans Mono",
                "-fs", "12", "-e"] + relay
    if name == "kitty":
        return ["kitty", "--config", "NONE", "-o", "font_family=DejaVu Sans Mono", "-o",
                "font_size=12", "-o", "initial_window_width=100c", "-o",
                "initial_window_height=30c", "-o", "remember_window_size=no", "-o",
                "placement_strategy=top-left", "-o", "window_padding_width=0"] + relay
    if name == "mlterm":
        return ["mlterm", "-g", "100x30+0+0", "-e"] + relay
    raise ValueError(name)


class Session:
    """One terminal running artfeed through the relay."""

    def __init__(self, name, artfeed, workdir, items=fixtures.ITEMS):
        self.name, self.workdir = name, workdir
        self.protocol = TERMINALS[name]["protocol"]
        self.control = os.path.join(workdir, "control")
        os.makedirs(self.control, exist_ok=True)
        os.mkfifo(os.path.join(self.control, "keys"))
        self.display = Display(workdir)
        feed = fixtures.make(os.path.join(workdir, "fixtures"), items)
        environment = dict(os.environ, DISPLAY=self.display.name, LANG="C.UTF-8",
                           XDG_CONFIG_HOME=os.path.join(workdir, "config"),
                           XDG_CACHE_HOME=os.path.join(workdir, "cache"), TZ="UTC")
        environment.pop("TMUX", None)
        argv = [artfeed, feed, "--pictures", self.protocol]
        self.terminal = subprocess.Popen(
            terminal_command(name, self.control, argv), env=environment,
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(workdir, "terminal.err"), "wb"),
            start_new_session=True)
        self.environment = environment
        self.offset = 0
        self.tracker = None
        self.keys = None

    def wait_started(self, timeout=40):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if os.path.exists(os.path.join(self.control, "pid")):
                self.keys = os.open(os.path.join(self.control, "keys"), os.O_WRONLY)
                return True
            if self.terminal.poll() is not None:
                return False
            time.sleep(0.1)
        return False

    def size(self):
        with open(os.path.join(self.control, "size"), "rb") as f:
            rows, columns, xpixels, ypixels = struct.unpack("HHHH", f.read())
        return columns, rows, xpixels // max(1, columns), ypixels // max(1, rows)

    def text(self):
        """The screen's text: the whole log fed to pyte (a new screen after a resize)."""
        columns, rows, _, _ = self.size()
        if self.tracker is None or (self.tracker.screen.columns, self.tracker.screen.lines) != (columns, rows):
            # After a resize artfeed clears the screen and draws it whole: start there.
            self.tracker = Tracker(columns, rows)
            with open(os.path.join(self.control, "log"), "rb") as f:
                data = f.read()
            self.offset = max(0, data.rfind(b"\x1b[2J", self.offset))
        with open(os.path.join(self.control, "log"), "rb") as f:
            f.seek(self.offset)
            data = f.read()
        self.offset += len(data)
        self.tracker.feed(data)
        return self.tracker.text()

    def settle(self, timeout=15):
        """Waits until artfeed wrote nothing for 0.6 s and the screen stopped changing."""
        log = os.path.join(self.control, "log")
        deadline = time.time() + timeout
        size, since = -1, time.time()
        while time.time() < deadline:
            now = os.path.getsize(log) if os.path.exists(log) else 0
            if now != size:
                size, since = now, time.time()
            elif time.time() - since > 0.6:
                break
            time.sleep(0.05)
        previous = None
        while time.time() < deadline:
            shot = self.display.screenshot()
            if previous is not None and np.array_equal(shot, previous):
                return shot
            previous = shot
            time.sleep(0.25)
        return previous

    def send(self, action):
        if isinstance(action, tuple):
            columns, rows = action
            _, _, cw, ch = self.size()
            window = subprocess.run(["xdotool", "search", "--pid", str(self.terminal.pid)],
                                    env=self.environment, capture_output=True, text=True).stdout.split()
            if not window:
                window = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "."],
                                        env=self.environment, capture_output=True, text=True).stdout.split()
            geometry = subprocess.run(["xdotool", "getwindowgeometry", window[-1]],
                                      env=self.environment, capture_output=True, text=True).stdout
            width, height = (int(v) for v in geometry.split("Geometry:")[1].split()[0].split("x"))
            old_columns, old_rows, _, _ = self.size()
            pad_x, pad_y = width - old_columns * cw, height - old_rows * ch
            subprocess.run(["xdotool", "windowsize", window[-1], str(columns * cw + pad_x),
                            str(rows * ch + pad_y)], env=self.environment, check=True)
            deadline = time.time() + 10
            while time.time() < deadline and self.size()[:2] != (columns, rows):
                time.sleep(0.05)
            self.tracker = None
        elif action == "tstp":
            with open(os.path.join(self.control, "pid")) as f:
                pid = int(f.read())
            os.kill(pid, signal.SIGTSTP)
            time.sleep(0.5)
            os.kill(pid, signal.SIGCONT)
        elif action:
            os.write(self.keys, KEYS[action])

    def close(self):
        try:
            if self.keys is not None:
                os.write(self.keys, KEYS["quit"])
                time.sleep(0.2)
        except OSError:
            pass
        try:
            os.killpg(self.terminal.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.terminal.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(self.terminal.pid, signal.SIGKILL)
        self.display.close()


def picture_offset(cell):
    """Where the 160x160 swatch sits in a 12x6 box, in pixels (PixelPicture's centring)."""
    cw, ch = cell
    bw, bh = 12 * cw, 6 * ch
    scale = min(bw / 160, bh / 160)
    w = h = round(160 * scale) if scale < 1 else 160 * max(1, int(scale))
    return (bw - w) // 2, (bh - h) // 2


def calibrate(shot, cell):
    """The screen pixel of cell (0, 0): from the first row's swatch (magenta, at cell 2,2)."""
    mask = check.masks(shot)["magenta"]
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return None
    dx, dy = picture_offset(cell)
    return int(xs.min()) - 2 * cell[0] - dx, int(ys.min()) - 2 * cell[1] - dy


def run(name, artfeed, workdir, gallery=False):
    os.makedirs(workdir, exist_ok=True)
    session = Session(name, artfeed, workdir, 40 if gallery else fixtures.ITEMS)
    in_gallery = False
    steps = []
    started = time.time()
    try:
        if not session.wait_started():
            return {"steps": [{"step": "start", "problems": ["the terminal did not start: " + open(
                os.path.join(workdir, "terminal.err"), errors="replace").read()[-800:]]}]}
        origin = None
        before = None
        for name_, action in GALLERY_STEPS if gallery else STEPS:
            session.send(action)
            if action == "gallery":
                in_gallery = not in_gallery
            shot = session.settle()
            lines = session.text()
            deadline = time.time() + 20
            while time.time() < deadline and any("loading" in line for line in lines):
                shot = session.settle()
                lines = session.text()
            columns, rows, cw, ch = session.size()
            deadline = time.time() + 40
            while origin is None and time.time() < deadline:
                # kitty takes seconds to start under Xvfb: wait for the first picture.
                origin = calibrate(shot, (cw, ch))
                if origin is None:
                    time.sleep(0.5)
                    shot = session.settle()
                    lines = session.text()
            if origin is None:
                steps.append({"step": name_, "problems": ["no magenta swatch on the first screen"]})
                Image_save(shot, os.path.join(workdir, "%02d-%s.png" % (len(steps), name_)))
                break
            problems, regions = check.verify(shot, lines, (cw, ch), origin, under_overlay=before,
                                             gallery=in_gallery)
            before = regions
            if not regions:
                problems.append("no boxes found in the text:\n" + "\n".join(lines))
            if problems:
                Image_save(shot, os.path.join(workdir, "%02d-%s.png" % (len(steps), name_.replace(" ", "-"))))
            steps.append({"step": name_, "problems": problems, "boxes": [repr(r) for r in regions]})
    finally:
        session.close()
    return {"steps": steps, "cell": [session.size()[2], session.size()[3]] if os.path.exists(
        os.path.join(session.control, "size")) else None, "seconds": round(time.time() - started, 1)}


def Image_save(shot, path):
    from PIL import Image
    Image.fromarray(shot).save(path)


def print_in_terminals(names, job):
    """Runs job(name) for each terminal at once, each on its own display, and prints the
    results as one JSON object by terminal name (or the tools missing, and runs nothing)."""
    absent = missing_tools()
    if absent:
        print(json.dumps({"missing": absent}))
        return
    results = {}
    threads = [threading.Thread(target=lambda n=n: results.__setitem__(n, job(n)))
               for n in names]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(json.dumps(results, indent=1))


def main():
    arguments = sys.argv[1:]
    gallery = arguments[:1] == ["--gallery"]
    if gallery:
        arguments = arguments[1:]
    artfeed, workdir = arguments[0], arguments[1]
    names = arguments[2:] or (["kitty", "xterm"] if gallery else list(TERMINALS))
    print_in_terminals(names, lambda n: run(n, artfeed, os.path.join(workdir, n), gallery))


if __name__ == "__main__":
    main()
