#!/usr/bin/env python3
"""Generate Sources/TextLayout/GlibcWidthTable.swift from this machine's glibc `wcwidth`.

ncursesw and tmux place characters by glibc's `wcwidth` under a UTF-8 locale, so TextLayout
copies that function exactly instead of deriving widths from the Unicode data files. The script
calls `wcwidth` through ctypes for every code point under `setlocale(LC_ALL, "C.UTF-8")` and
writes the result as WidthTable's two-level table, packed in two string literals that the
binary holds as constant bytes: nothing is built at start-up. -1 (unprintable/unassigned code
points) is stored as its own flag; the Swift side decides what it means for layout.

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


BLOCK_SIZE = 256
CHARS_PER_LINE = 96


def packed(runs_list):
    """The two-level table WidthTable reads: block numbers as hex pairs, then entries as one
    ASCII digit each ('0', '1', '2' for widths, '4' for unprintable), whose low three bits are
    the entry itself. Blocks of one value are shared; the others are kept as they are."""
    width_of = [0] * (MAX_CODE_POINT + 1)
    for index, (start, width) in enumerate(runs_list):
        end = runs_list[index + 1][0] if index + 1 < len(runs_list) else MAX_CODE_POINT + 1
        for code_point in range(start, end):
            width_of[code_point] = width
    digit = {0: "0", 1: "1", 2: "2", -1: "4"}
    block_numbers, entries, uniform = [], [], {}
    for block_start in range(0, MAX_CODE_POINT + 1, BLOCK_SIZE):
        block = "".join(digit[w] for w in width_of[block_start:block_start + BLOCK_SIZE])
        number = len(entries)
        if len(set(block)) == 1:
            if block[0] not in uniform:
                uniform[block[0]] = number
                entries.append(block)
            block_numbers.append(uniform[block[0]])
        else:
            entries.append(block)
            block_numbers.append(number)
    entries = "".join(entries)
    if len(entries) // BLOCK_SIZE > 256:
        sys.exit("more than 256 distinct blocks: the block numbers no longer fit a hex pair")
    return "".join(f"{number:02X}" for number in block_numbers), entries


def literal(name, doc, text):
    lines = [f"  /// {line}" for line in doc] + [f"  static let {name}: StaticString = \"\"\""]
    chunks = [text[index:index + CHARS_PER_LINE] for index in range(0, len(text), CHARS_PER_LINE)]
    # Every line but the last escapes its newline; the last one's is the literal's end.
    lines += ["    " + chunk + "\\" for chunk in chunks[:-1]] + ["    " + chunks[-1]]
    lines += ["    \"\"\""]
    return lines


def render(libc):
    version = libc.gnu_get_libc_version().decode()
    runs_list = list(runs(libc))
    blocks, entries = packed(runs_list)
    lines = [
        "// GENERATED FILE, DO NOT EDIT.",
        f"// Source: glibc {version} `wcwidth` under setlocale(LC_ALL, \"C.UTF-8\")",
        f"//         ({distribution_version()}).",
        "// Command: python3 Scripts/generate-width-table.py",
        "",
        "// swift-format-ignore-file",
        "extension WidthTable {",
    ]
    lines += literal("packedBlocks", [
        "glibc's `wcwidth` for every code point in 256-entry blocks: for block `n` (code points",
        "`n << 8` to `n << 8 | 0xFF`), the hex pair at `2 * n` is the number of its entries in",
        f"`packedEntries`. {len(blocks) // 2} blocks; {len(runs_list)} runs of equal width.",
    ], blocks)
    lines.append("")
    lines += literal("packedEntries", [
        "The entries of each distinct block, one ASCII digit per code point: `0`, `1`, `2` for",
        "its width, `4` where glibc returns -1 (controls, unassigned, noncharacters). A digit's",
        f"low three bits are the entry itself. {len(entries) // BLOCK_SIZE} blocks.",
    ], entries)
    lines += ["}", ""]
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
