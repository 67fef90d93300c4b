#!/usr/bin/python3
"""Checks that two artfeed binaries print the same `parse --json`, byte for byte.

Usage: /usr/bin/python3 Scripts/json_same.py --before BIN --after BIN [--files FILE,...]
                                        [--no-feeds]

Runs `BIN parse --json` with both binaries on every feed of the repository's test fixtures
(Tests/*/Fixtures), the shared real-world feeds (../shared/realfeeds) and the bundled feeds
(Resources/feeds), each as a file with no --base, with a profile --base and a booru --base,
and through standard input; then on each of --files (the big generated feeds, as a file
only). Compares standard output, standard error and the exit status of each pair and prints
one line per difference, then a summary. Exits 1 when anything differs, 2 when there were
no feeds to compare.

Used when `parse --json` or the rules it prints change (docs/adr/0218): "before" is main's
release build, "after" the change's.
"""

import argparse
import glob
import hashlib
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASES = [None, "https://bsky.app/profile/someone.bsky.social", "https://yande.re/post"]


def feeds():
    found = []
    for pattern in ["Tests/*/Fixtures/**/*", "../shared/realfeeds/*", "Resources/feeds/*"]:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True)):
            name = os.path.basename(path)
            if not os.path.isfile(path) or name.endswith(".expected.json"):
                continue
            if name.endswith((".rss", ".xml", ".atom", ".json", ".feed")):
                found.append(os.path.normpath(path))
    return found


def run(binary, arguments, stdin_path=None):
    """Runs one command; returns (exit status, digest of stdout, stderr bytes)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        try:
            status = subprocess.run([binary] + arguments, stdin=stdin, stdout=out, stderr=err,
                                    env=dict(os.environ, HOME=tempfile.gettempdir())).returncode
        finally:
            if stdin_path:
                stdin.close()
        out.seek(0)
        digest = hashlib.sha256()
        size = 0
        for block in iter(lambda: out.read(1 << 20), b""):
            digest.update(block)
            size += len(block)
        err.seek(0)
        return status, digest.hexdigest(), size, err.read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--files", default="")
    parser.add_argument("--no-feeds", action="store_true",
                        help="only --files, not the fixture, real and bundled feeds")
    options = parser.parse_args()
    cases = []
    if not options.no_feeds:
        for path in feeds():
            for base in BASES:
                cases.append((path, ["parse", "--json", path] + (["--base", base] if base else []),
                              None))
            cases.append((path + " (stdin)", ["parse", "--json", "-"], path))
    for path in filter(None, options.files.split(",")):
        cases.append((path, ["parse", "--json", path], None))
    if not cases:
        print("no feeds to compare")
        return 2
    differing = 0
    bytes_compared = 0
    for label, arguments, stdin_path in cases:
        before = run(options.before, arguments, stdin_path)
        after = run(options.after, arguments, stdin_path)
        bytes_compared += after[2]
        if before != after:
            differing += 1
            what = [name for name, a, b in zip(["exit status", "stdout", "stdout size", "stderr"],
                                                before, after) if a != b]
            print("DIFFERENT %s %s: %s" % (label, " ".join(arguments[2:3] + arguments[3:]),
                                           ", ".join(what)))
    print("%d runs of parse --json compared (%d feeds and files, %.1f MB of output): %s"
          % (len(cases), len({c[2] or c[1][2] for c in cases}), bytes_compared / 1e6,
             "all the same" if differing == 0 else "%d differ" % differing))
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
