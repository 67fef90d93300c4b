#!/usr/bin/env python3
"""What a reader sees of the source fixtures, against what they should see.

For every feed in Tests/FeedArtTests/Fixtures/Sources (each `NAME.expected.json` names its
feed's address and every item's expected row picture, full pictures, artist and title), runs
`artfeed parse --json --base ADDRESS NAME` and prints, per source and over all of them, the
share of items whose row shows the expected picture, whose full view gets the expected
(largest) copies, whose artist is the expected one (and present where the source names
one), and whose title is the expected one.

    python3 Scripts/source_figures.py [--artfeed PATH] [--verbose]

Exits 1 when any share is below 100 %.
"""

import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, "Tests", "FeedArtTests", "Fixtures", "Sources")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--artfeed", default=os.path.join(ROOT, ".build", "release", "artfeed"))
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    names = sorted(n[: -len(".expected.json")] for n in os.listdir(FOLDER)
                   if n.endswith(".expected.json"))
    keys = ["row picture", "full pictures", "artist", "artist present", "title"]
    totals = {key: [0, 0] for key in keys}
    print(f"{'source':<22}{'items':>6}" + "".join(f"{key:>15}" for key in keys))
    for name in names:
        with open(os.path.join(FOLDER, name + ".expected.json"), encoding="utf-8") as handle:
            expected = json.load(handle)
        run = subprocess.run(
            [args.artfeed, "parse", "--json", "--base", expected["feedURL"],
             os.path.join(FOLDER, name)],
            capture_output=True, check=False)
        if run.returncode != 0:
            print(f"{name}: parse exited {run.returncode}: {run.stderr.decode()[:200]}")
            return 2
        items = json.loads(run.stdout)["items"]
        counts = {key: [0, 0] for key in keys}
        for index, want in enumerate(expected["items"]):
            shown = items[index]["shown"] if index < len(items) else {}
            checks = {
                "row picture": shown.get("rowPicture") == want["rowPicture"],
                "full pictures": shown.get("pictures") == want["pictures"],
                "artist": shown.get("artist") == want["artist"],
                "title": shown.get("title") == want["title"],
            }
            if want["artist"] is not None:
                checks["artist present"] = bool(shown.get("artist"))
            for key, passed in checks.items():
                counts[key][0] += passed
                counts[key][1] += 1
                if not passed and args.verbose:
                    field = {"row picture": "rowPicture", "full pictures": "pictures",
                             "artist": "artist", "title": "title",
                             "artist present": "artist"}[key]
                    print(f"  {name} item {index} {key}: {shown.get(field)!r}"
                          f" (expected {want[field]!r})")
        for key in keys:
            totals[key][0] += counts[key][0]
            totals[key][1] += counts[key][1]
        print(f"{name:<22}{len(expected['items']):>6}"
              + "".join(f"{share(counts[key]):>15}" for key in keys))
    print(f"{'all':<22}{totals['title'][1]:>6}"
          + "".join(f"{share(totals[key]):>15}" for key in keys))
    return 0 if all(done == count for done, count in totals.values()) else 1


def share(pair):
    done, count = pair
    return "-" if count == 0 else f"{100 * done / count:.0f} %"


if __name__ == "__main__":
    sys.exit(main())
