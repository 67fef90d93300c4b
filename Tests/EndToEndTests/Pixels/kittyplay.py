"""kitty plays the animation itself: the four-colour GIF of motion.py in the item view of a
real kitty 0.26 under Xvfb (realterm.py's session, its relay logging every byte artfeed
writes). Screenshots over 3 s must show the colours following each other in the GIF's order
while artfeed writes nothing at all; Space must stop the change; Esc must take the picture
off the screen; kitty must report no parse error.

Also prints how long each colour stayed on the screenshots (`held_ms`, by colour; screenshots
about every 40-60 ms, so each figure is within one screenshot's interval).

Usage: python3 kittyplay.py ARTFEED WORKDIR [--shot PATH]
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import motion  # noqa: E402
import realterm  # noqa: E402
from PIL import Image  # noqa: E402

POINT = (250, 400)  # a pixel inside the item view's box (row, column)


def swatch(pixel):
    for index, name in enumerate(motion.ORDER):
        if all(abs(int(c) - s) <= 24 for c, s in zip(pixel[:3], motion.fixtures.COLOURS[name])):
            return index
    return None


def log_size(session):
    path = os.path.join(session.control, "log")
    return os.path.getsize(path) if os.path.exists(path) else 0


def quiet(session, seconds=1.0, timeout=20):
    """Waits until artfeed wrote nothing for `seconds`."""
    deadline = time.time() + timeout
    size, since = -1, time.time()
    while time.time() < deadline:
        now = log_size(session)
        if now != size:
            size, since = now, time.time()
        elif time.time() - since > seconds:
            return True
        time.sleep(0.05)
    return False


def watch(session, seconds):
    """(time, swatch index) for screenshots taken back to back for `seconds`."""
    seen, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        shot = session.display.screenshot()
        seen.append((time.monotonic(), swatch(shot[POINT])))
    return seen


def run(artfeed, workdir, shot_path=None):
    realterm.fixtures.make = lambda directory, items=0: motion.make_feed(directory)
    session = realterm.Session("kitty", artfeed, workdir)
    steps, figures = [], {}
    try:
        if not session.wait_started():
            return {"steps": [{"step": "start", "problems": ["kitty did not start"]}]}
        quiet(session, 1.0, 40)
        session.send("enter")
        problems = []
        if not quiet(session, 1.5):
            problems.append("artfeed kept writing after the item view opened")
        before = log_size(session)
        seen = watch(session, 3.0)
        written = log_size(session) - before
        if written:
            problems.append("artfeed wrote %d bytes while the animation played" % written)
        order = [s for _, s in seen if s is not None]
        changes = [(a, b) for a, b in zip(order, order[1:]) if a != b]
        if len(changes) < 6:
            problems.append("only %d colour changes in 3 s: %s" % (len(changes), order[:40]))
        wrong = [(a, b) for a, b in changes if b != (a + 1) % len(motion.ORDER)]
        if wrong:
            problems.append("out of order: %s" % wrong[:5])
        # How long each colour held between two changes (whole runs only).
        held = {}
        start = None
        for (t0, s0), (t1, s1) in zip(seen, seen[1:]):
            if s1 != s0 and s0 is not None and s1 is not None:
                if start is not None:
                    held.setdefault(motion.DELAYS[s0], []).append(round((t1 - start[0]) * 1000))
                start = (t1, s1)
        figures = {"screenshots": len(seen), "changes": len(changes), "held_ms": held,
                   "bytes_while_playing": written}
        if shot_path:
            Image.fromarray(session.display.screenshot()).save(shot_path)
        steps.append({"step": "play", "problems": problems})

        session.send("page")  # Space: stop
        time.sleep(0.5)
        still = [s for _, s in watch(session, 1.5)]
        problems = []
        if len(set(still)) != 1 or still[0] is None:
            problems.append("after Space the box showed %s" % sorted(set(map(str, still))))
        steps.append({"step": "space stops", "problems": problems})

        session.send("page")  # Space: run again
        time.sleep(0.3)
        again = [s for _, s in watch(session, 1.5) if s is not None]
        problems = [] if len(set(again)) >= 2 else ["Space did not run it again: %s" % again[:20]]
        steps.append({"step": "space runs", "problems": problems})

        session.send("esc")
        quiet(session, 0.8)
        time.sleep(0.5)
        gone = [s for _, s in watch(session, 0.6)]
        problems = [] if all(s is None for s in gone) else ["the picture stayed after Esc: %s" % gone]
        steps.append({"step": "esc removes", "problems": problems})
    finally:
        session.close()
    with open(os.path.join(workdir, "terminal.err"), "rb") as f:
        errors = [line for line in f.read().decode(errors="replace").splitlines()
                  if "ERROR" in line.upper()]
    steps.append({"step": "kitty's errors", "problems": errors[:5]})
    return {"steps": steps, "figures": figures}


def main():
    args = sys.argv[1:]
    shot = None
    if "--shot" in args:
        at = args.index("--shot")
        shot = args[at + 1]
        del args[at:at + 2]
    artfeed, workdir = args[0], args[1]
    absent = realterm.missing_tools()
    if absent:
        print(json.dumps({"missing": absent}))
        return
    print(json.dumps({"kitty": run(artfeed, os.path.join(workdir, "kitty"), shot)}, indent=1))


if __name__ == "__main__":
    main()
