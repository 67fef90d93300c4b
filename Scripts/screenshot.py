#!/usr/bin/env python3
"""Turns `artfeed render --color` output into a PNG, for the README.

Usage:
    swift build -c release --product artfeed
    .build/release/artfeed render --width 100 --height 30 --color --colors truecolor \
        | python3 Scripts/screenshot.py docs/screenshot.png

Needs Pillow (Debian: python3-pil) and DejaVu Sans Mono (Debian: fonts-dejavu-core).
Reads SGR sequences as `render --color` writes them (attributes 0/1/2/4/7, colours 30-37,
40-47, 38;5;N, 48;5;N, 38;2;R;G;B, 48;2;R;G;B). Block elements (U+2580-U+259F) are painted as
rectangles, so pictures come out crisp whatever the font does with them; everything else is
drawn with the font. A wide character (East Asian Wide/Fullwidth, most emoji) takes two cells,
as in the terminal.
"""
import re
import sys
import unicodedata

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
CELL_W, CELL_H, FONT_SIZE = 10, 20, 16
DEFAULT_FG, DEFAULT_BG = (208, 208, 208), (28, 28, 32)
ANSI = [(0, 0, 0), (205, 49, 49), (13, 188, 121), (229, 229, 16), (36, 114, 200),
        (188, 63, 188), (17, 168, 205), (229, 229, 229), (102, 102, 102), (241, 76, 76),
        (35, 209, 139), (245, 245, 67), (59, 142, 234), (214, 112, 214), (41, 184, 219),
        (255, 255, 255)]


def palette(index):
    """The xterm 256-colour palette."""
    if index < 16:
        return ANSI[index]
    if index < 232:
        index -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return steps[index // 36], steps[index // 6 % 6], steps[index % 6]
    grey = 8 + 10 * (index - 232)
    return grey, grey, grey


def apply_sgr(state, text):
    params = [int(p) if p.isdigit() else 0 for p in (text.split(";") if text else ["0"])]
    i = 0
    while i < len(params):
        p = params[i]
        i += 1
        if p == 0:
            state.update(bold=False, dim=False, reverse=False, underline=False, fg=None, bg=None)
        elif p in (1, 2, 4, 7):
            state[{1: "bold", 2: "dim", 4: "underline", 7: "reverse"}[p]] = True
        elif 30 <= p <= 37:
            state["fg"] = ANSI[p - 30]
        elif 40 <= p <= 47:
            state["bg"] = ANSI[p - 40]
        elif p in (38, 48) and i < len(params):
            key = "fg" if p == 38 else "bg"
            if params[i] == 5 and i + 1 < len(params):
                state[key] = palette(params[i + 1])
                i += 2
            elif params[i] == 2 and i + 3 < len(params):
                state[key] = tuple(params[i + 1:i + 4])
                i += 4


def cells(line):
    """(character, style) per cell of one line."""
    state = dict(bold=False, dim=False, reverse=False, underline=False, fg=None, bg=None)
    out = []
    for match in re.finditer(r"\x1b\[([0-9;]*)m|(.)", line):
        if match.group(1) is not None or match.group(0).startswith("\x1b"):
            apply_sgr(state, match.group(1) or "")
            continue
        char = match.group(2)
        if unicodedata.combining(char) or char in "\u200d\ufe0f" and out:
            out[-1] = (out[-1][0] + char, out[-1][1])
            continue
        out.append((char, dict(state)))
        if unicodedata.east_asian_width(char) in "WF":
            out.append(("", dict(state)))
    return out


def colours(style):
    fg = style["fg"] or DEFAULT_FG
    bg = style["bg"] or DEFAULT_BG
    if style["reverse"]:
        fg, bg = bg, fg
    if style["dim"]:
        fg = tuple((a + b) // 2 for a, b in zip(fg, bg))
    return fg, bg


def block(draw, char, x, y, fg):
    """Paints a block element as rectangles; False if `char` is not one."""
    code = ord(char[0]) if char else 0
    w, h = CELL_W, CELL_H
    boxes = []
    if 0x2581 <= code <= 0x2588:  # lower eighths .. full block
        top = h - h * (code - 0x2580) // 8
        boxes = [(0, top, w, h)]
    elif 0x2589 <= code <= 0x258F:  # left seven eighths .. one eighth
        boxes = [(0, 0, w * (0x2590 - code) // 8, h)]
    elif code == 0x2580:
        boxes = [(0, 0, w, h // 2)]
    elif code == 0x2590:
        boxes = [(w // 2, 0, w, h)]
    elif code == 0x2594:
        boxes = [(0, 0, w, h // 8)]
    elif code == 0x2595:
        boxes = [(w - w // 8, 0, w, h)]
    elif 0x2596 <= code <= 0x259F:
        quads = {0x2596: "3", 0x2597: "4", 0x2598: "1", 0x2599: "134", 0x259A: "14",
                 0x259B: "123", 0x259C: "124", 0x259D: "2", 0x259E: "23", 0x259F: "234"}[code]
        spots = {"1": (0, 0), "2": (1, 0), "3": (0, 1), "4": (1, 1)}
        boxes = [(spots[q][0] * w // 2, spots[q][1] * h // 2, (spots[q][0] + 1) * w // 2,
                  (spots[q][1] + 1) * h // 2) for q in quads]
    else:
        return False
    for (a, b, c, d) in boxes:
        draw.rectangle((x + a, y + b, x + c - 1, y + d - 1), fill=fg)
    return True


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: artfeed render --color ... | screenshot.py OUT.png")
    lines = sys.stdin.read().rstrip("\n").split("\n")
    rows = [cells(line) for line in lines]
    width = max(len(r) for r in rows)
    regular = ImageFont.truetype(FONT_DIR + "DejaVuSansMono.ttf", FONT_SIZE)
    bold = ImageFont.truetype(FONT_DIR + "DejaVuSansMono-Bold.ttf", FONT_SIZE)
    image = Image.new("RGB", (width * CELL_W + 16, len(rows) * CELL_H + 16), DEFAULT_BG)
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(rows):
        y = 8 + row * CELL_H
        for column, (char, style) in enumerate(line):
            x = 8 + column * CELL_W
            fg, bg = colours(style)
            draw.rectangle((x, y, x + CELL_W - 1, y + CELL_H - 1), fill=bg)
            if char.strip() and not block(draw, char, x, y, fg):
                font = bold if style["bold"] else regular
                draw.text((x, y + 1), char, font=font, fill=fg)
            if style["underline"]:
                draw.line((x, y + CELL_H - 2, x + CELL_W - 1, y + CELL_H - 2), fill=fg)
    image.save(sys.argv[1], optimize=True)


if __name__ == "__main__":
    main()
