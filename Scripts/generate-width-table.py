#!/usr/bin/env python3
"""Generate Sources/TextLayout/GlibcWidthTable.swift from this machine's glibc `wcwidth`.

ncursesw and tmux place characters by glibc's `wcwidth` under a UTF-8 locale, so TextLayout
copies that function exactly instead of deriving widths from the Unicode data files. The script
calls `wcwidth` through ctypes for every code point under `setlocale(LC_ALL, "C.UTF-8")` and
writes the result as runs: each entry starts a run of equal `wcwidth` that lasts until the next
entry starts. Values are glibc's own (-1 for unprintable/unassigned code points); the Swift side
decides what -1 means for layout.

Usage: python3 Scripts/generate-width-table.py [OUTPUT]
       (OUTPUT defaults to Sources/TextLayout/GlibcWidthTable.swift next to this script)
"""

import ctypes
import ctypes.util
import os
import subprocess
import sys

LC_ALL = 6  # glibc's value of LC_ALL
MAX_CODE_POINT = 0x10FFFF
RUNS_PER_LINE = 6


def load_libc():
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.setlocale.restype = ctypes.c_char_p
    libc.setlocale.argtypes = [ctypes.c_int, ctypes.c_char_p]
    libc.wcwidth.restype = ctypes.c_int
    libc.wcwidth.argtypes = [ctypes.c_uint32]
    libc.gnu_get_libc_version.restype = ctypes.c_char_p
    if libc.setlocale(LC_ALL, b"C.UTF-8") is None:
        sys.exit("setlocale(LC_ALL, \"C.UTF-8\") failed: the locale is not installed")
    return libc


def runs(libc):
    """Yield (start, wcwidth) for each maximal run of equal widths over 0...0x10FFFF."""
    previous = None
    for code_point in range(MAX_CODE_POINT + 1):
        width = libc.wcwidth(code_point)
        if width != previous:
            yield code_point, width
            previous = width


def distribution_version():
    try:
        return subprocess.run(["ldd", "--version"], capture_output=True, text=True,
                              check=True).stdout.splitlines()[0]
    except (OSError, subprocess.CalledProcessError, IndexError):
        return "unknown"


def render(libc):
    version = libc.gnu_get_libc_version().decode()
    entries = [f"(0x{start:06X}, {width})" for start, width in runs(libc)]
    lines = [
        "// GENERATED FILE, DO NOT EDIT.",
        f"// Source: glibc {version} `wcwidth` under setlocale(LC_ALL, \"C.UTF-8\")",
        f"//         ({distribution_version()}).",
        "// Command: python3 Scripts/generate-width-table.py",
        "",
        "extension WidthTable {",
        "  /// glibc's `wcwidth` for every code point, as runs: each entry starts a run of equal",
        "  /// width that lasts until the next entry's start (the last one runs to U+10FFFF).",
        "  /// -1 marks code points glibc will not print (controls, unassigned, noncharacters).",
        f"  /// {len(entries)} runs.",
        "  static let glibcRuns: [(start: UInt32, wcwidth: Int8)] = [",
    ]
    for index in range(0, len(entries), RUNS_PER_LINE):
        lines.append("    " + ", ".join(entries[index:index + RUNS_PER_LINE]) + ",")
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "Sources", "TextLayout", "GlibcWidthTable.swift")
    output = sys.argv[1] if len(sys.argv) > 1 else default
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(render(load_libc()))
    print(f"wrote {os.path.normpath(output)}")


if __name__ == "__main__":
    main()
