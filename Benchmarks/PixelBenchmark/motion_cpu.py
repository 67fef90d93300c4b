"""CPU of a playing animation: artfeed's own process, from /proc/PID/stat, over 10 s while
the item view plays the four-frame GIF of Tests/EndToEndTests/Pixels/motion.py (delays 200,
100, 300 and 150 ms, 320x240 fitted to a 96x25 box of the terminal's cells).

Real terminals under Xvfb (realterm.py's sessions): xterm -ti vt340 (sixel), kitty, mlterm
(iTerm2); and symbols in tmux (a socket of its own). For each: artfeed's CPU as a share of
one core, the terminal's, and how many distinct box colours two screenshots a frame apart
saw (the animation visibly plays).

--noisy: the frames are 640x480 of each swatch colour with per-pixel noise (a photo-like
animation: each sixel frame is then tens of kilobytes, not a flat colour's two).

Usage: python3 Benchmarks/PixelBenchmark/motion_cpu.py ARTFEED [--seconds 10] [--noisy]
[xterm kitty mlterm symbols]
"""
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PIXELS = os.path.join(HERE, "..", "..", "Tests", "EndToEndTests", "Pixels")
sys.path.insert(0, PIXELS)
import motion  # noqa: E402
import realterm  # noqa: E402


def noisy_feed(directory):
    """motion.make_feed's feed with noisy 640x480 frames instead of flat ones."""
    import numpy as np
    from PIL import Image
    path = motion.make_feed(directory)
    rng = np.random.default_rng(33)
    frames = []
    for name in motion.ORDER:
        base = np.array(motion.fixtures.COLOURS[name], dtype=np.int16)
        noise = rng.integers(-40, 40, (480, 640, 3), dtype=np.int16)
        frames.append(Image.fromarray(np.clip(base + noise, 0, 255).astype(np.uint8)))
    frames[0].save(os.path.join(directory, "motion.gif"), save_all=True,
                   append_images=frames[1:], duration=motion.DELAYS, loop=0)
    return path


MAKE_FEED = motion.make_feed


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu(pid):
    """A process and its children (a terminal and its helpers), in seconds."""
    total = cpu_seconds(pid)
    for child in subprocess.run(["pgrep", "-P", str(pid)], capture_output=True,
                                text=True).stdout.split():
        try:
            total += tree_cpu(int(child))
        except (FileNotFoundError, ProcessLookupError):
            pass
    return total


def terminal(name, artfeed, seconds):
    work = tempfile.mkdtemp(prefix="motion-cpu-")
    realterm.fixtures.make = lambda directory, items=0: MAKE_FEED(directory)
    session = realterm.Session(name, artfeed, work)
    try:
        if not session.wait_started():
            return {"error": "the terminal did not start"}
        time.sleep(10 if name == "kitty" else 3)
        session.send("enter")
        time.sleep(4)
        with open(os.path.join(session.control, "pid")) as f:
            pid = int(f.read())
        colours = set()
        for _ in range(6):
            shot = session.display.screenshot()
            colours.add(tuple(shot[250, 400][:3]))
            time.sleep(0.07)
        start, own, term = time.monotonic(), cpu_seconds(pid), tree_cpu(session.terminal.pid)
        time.sleep(seconds)
        elapsed = time.monotonic() - start
        artfeed_cpu = (cpu_seconds(pid) - own) / elapsed
        terminal_cpu = (tree_cpu(session.terminal.pid) - term) / elapsed - artfeed_cpu
        return {"artfeed_percent": round(artfeed_cpu * 100, 1),
                "terminal_percent": round(terminal_cpu * 100, 1),
                "colours_seen": len(colours)}
    finally:
        session.close()


def symbols(artfeed, seconds):
    work = tempfile.mkdtemp(prefix="motion-cpu-")
    feed = MAKE_FEED(os.path.join(work, "fixtures"))
    tmux = ["tmux", "-L", "motion-cpu-%d" % os.getpid()]
    command = "env XDG_CACHE_HOME=%s/cache XDG_CONFIG_HOME=%s/config %s %s --pictures symbols" % (
        work, work, artfeed, feed)
    subprocess.run(tmux + ["-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30",
                           command], check=True)
    try:
        time.sleep(3)
        subprocess.run(tmux + ["send-keys", "Enter"], check=True)
        time.sleep(4)
        pid = int(subprocess.run(tmux + ["list-panes", "-F", "#{pane_pid}"], capture_output=True,
                                 text=True).stdout.split()[0])
        colours = set()
        for _ in range(6):
            screen = subprocess.run(tmux + ["capture-pane", "-p", "-e"], capture_output=True,
                                    text=True).stdout.splitlines()
            colours.add(screen[10][:200] if len(screen) > 10 else "")
            time.sleep(0.07)
        start, own = time.monotonic(), cpu_seconds(pid)
        time.sleep(seconds)
        cpu = (cpu_seconds(pid) - own) / (time.monotonic() - start)
        return {"artfeed_percent": round(cpu * 100, 1), "colours_seen": len(colours)}
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)


def main():
    args = sys.argv[1:]
    seconds = 10.0
    if "--seconds" in args:
        at = args.index("--seconds")
        seconds = float(args[at + 1])
        del args[at:at + 2]
    global MAKE_FEED
    if "--noisy" in args:
        args.remove("--noisy")
        MAKE_FEED = noisy_feed
    artfeed = os.path.abspath(args[0])
    names = args[1:] or ["xterm", "kitty", "mlterm", "symbols"]
    print("load average %.2f %.2f %.2f" % os.getloadavg())
    for name in names:
        result = symbols(artfeed, seconds) if name == "symbols" else terminal(name, artfeed, seconds)
        print("%-8s %s" % (name, result), flush=True)
    print("load average %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
