"""Takes docs/screenshot-pixels.png: the release browser on the bundled feeds in kitty under
Xvfb (pictures through the kitty graphics protocol), read back from Xvfb's frame buffer.

Needs xvfb, kitty, python3-pil (the tools of the pixel tests). Run from the package root
after `swift build -c release`:  python3 Scripts/screenshot_pixels.py
With `--gallery` it presses `v` first and takes docs/screenshot-gallery.png: the gallery.
With `--viewer` it opens PixelHeron's "Arcade at closing time" (150x150 px of pixel art; the
fifth of `--artist pixelheron`) in the picture viewer and zooms it to 400% (`z`, then `+` four
times), and takes
docs/screenshot-viewer.png. `--binary PATH` takes another build's artfeed.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "EndToEndTests", "Pixels"))
import realterm  # noqa: E402
from graphics import read_xwd  # noqa: E402

arguments = sys.argv[1:]
binary = os.path.join(ROOT, ".build", "release", "artfeed")
if "--binary" in arguments:
    at = arguments.index("--binary")
    binary = arguments[at + 1]
    del arguments[at:at + 2]
gallery = arguments == ["--gallery"]
viewer = arguments == ["--viewer"]
work = tempfile.mkdtemp(prefix="artfeed-screenshot-")
display = realterm.Display(work)
environment = dict(os.environ, DISPLAY=display.name, LANG="C.UTF-8", TZ="UTC",
                   XDG_CONFIG_HOME=work + "/config", XDG_CACHE_HOME=work + "/cache")
environment.pop("TMUX", None)
control = work + "/control"
os.makedirs(control)
os.mkfifo(control + "/keys")
argv = [binary, "--bundled", "--pictures", "kitty"]
if viewer:
    argv += ["--artist", "pixelheron"]
terminal = subprocess.Popen(
    realterm.terminal_command("kitty", control, argv), env=environment,
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
try:
    deadline = time.time() + 60
    while not os.path.exists(control + "/pid") and time.time() < deadline:
        time.sleep(0.2)
    time.sleep(8)  # the first pictures, drawn by kitty's software renderer
    if gallery:
        with open(control + "/keys", "wb", buffering=0) as keys:
            keys.write(b"v")
            time.sleep(1)
            keys.write(b"l")
            time.sleep(8)
    if viewer:
        with open(control + "/keys", "wb", buffering=0) as keys:
            keys.write(b"jjjj")  # PixelHeron's fifth item: "Arcade at closing time"
            time.sleep(1)
            keys.write(b"z")
            time.sleep(2)
            for _ in range(4):
                keys.write(b"+")
                time.sleep(1)
            time.sleep(6)
    shot = read_xwd(os.path.join(work, "fb", "Xvfb_screen0")).crop((0, 0, 1000, 570))
    name = ("screenshot-gallery.png" if gallery else "screenshot-viewer.png" if viewer
            else "screenshot-pixels.png")
    shot.save(os.path.join(ROOT, "docs", name), optimize=True)
finally:
    os.killpg(terminal.pid, 15)
    terminal.wait()
    display.close()
    shutil.rmtree(work, ignore_errors=True)
