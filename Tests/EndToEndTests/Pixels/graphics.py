"""Decoders for what artfeed writes to a terminal in pixels, and a reader for Xvfb's screen.

Shared by headless.py (a pty, no display) and realterm.py (real terminals under Xvfb).
Recipes from ../shared/GRAPHICS-TESTING.md; the sixel decoder is a small one of our own, so the
headless tests need no libsixel.
"""
import base64
import io
import re
import struct

import pyte
from PIL import Image

APC_G = re.compile(rb"\x1b_G([^;\x1b]*)(?:;([^\x1b]*))?\x1b\\")
GRAPHICS = re.compile(
    rb"\x1bP[^\x1b]*\x1b\\"  # DCS: sixel (and tmux passthrough, unwrapped first)
    rb"|\x1b_[^\x1b]*\x1b\\"  # APC: kitty
    rb"|\x1b\]1337;[^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC 1337: iTerm2
)
OSC1337 = re.compile(rb"\x1b\]1337;File=([^:]*):([^\x07\x1b]*)(?:\x07|\x1b\\)")


def kitty_keys(seq):
    m = APC_G.match(seq)
    if not m:
        return None, b""
    keys = dict(kv.split("=", 1) for kv in m.group(1).decode().split(",") if kv)
    return keys, m.group(2) or b""


def decode_sixel(seq):
    """An RGBA image from one sixel DCS sequence (transparent where nothing was drawn)."""
    body = seq[seq.index(b"q") + 1 : -2]
    width = height = 0
    m = re.match(rb'"(\d+);(\d+);(\d+);(\d+)', body)
    if m:
        width, height = int(m.group(3)), int(m.group(4))
        body = body[m.end() :]
    pixels = {}
    colors = {}
    color = (0, 0, 0)
    x = y = 0
    i = 0
    while i < len(body):
        c = body[i]
        if c == ord("#"):
            m = re.match(rb"#(\d+)(?:;(\d+);(\d+);(\d+);(\d+))?", body[i:])
            index = int(m.group(1))
            if m.group(2) is not None:
                kind, a, b, d = (int(m.group(k)) for k in range(2, 6))
                if kind == 2:
                    colors[index] = tuple(round(v * 255 / 100) for v in (a, b, d))
                else:
                    raise ValueError("HLS colours are not used by chafa")
            color = colors.get(index, (0, 0, 0))
            i += m.end()
            continue
        if c == ord("!"):
            m = re.match(rb"!(\d+)(.)", body[i:], re.S)
            count, char = int(m.group(1)), m.group(2)[0]
            for _ in range(count):
                set_sixel(pixels, x, y, char, color)
                x += 1
            i += m.end()
            continue
        if c == ord("$"):
            x = 0
        elif c == ord("-"):
            x = 0
            y += 6
        elif 63 <= c <= 126:
            set_sixel(pixels, x, y, c, color)
            x += 1
        i += 1
    if not width:
        width = max((p[0] for p in pixels), default=0) + 1
        height = max((p[1] for p in pixels), default=0) + 1
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    put = image.load()
    for (px, py), rgb in pixels.items():
        if px < width and py < height:
            put[px, py] = rgb + (255,)
    return image


def set_sixel(pixels, x, y, char, color):
    bits = char - 63
    for bit in range(6):
        if bits & (1 << bit):
            pixels[(x, y + bit)] = color


def decode_png(data):
    return Image.open(io.BytesIO(data)).convert("RGBA")


def decode_kitty_data(keys, data):
    """The picture of a kitty transmission: f=100 (PNG), f=32 (RGBA) or f=24 (RGB)."""
    if keys.get("o") == "z":
        import zlib
        data = zlib.decompress(data)
    f = keys.get("f", "32")
    if f == "100":
        return decode_png(data)
    mode = "RGBA" if f == "32" else "RGB"
    return Image.frombytes(mode, (int(keys["s"]), int(keys["v"])), data).convert("RGBA")


def decode_iterm(seq):
    m = OSC1337.match(seq)
    args = dict(kv.split("=", 1) for kv in m.group(1).decode().split(";") if "=" in kv)
    return args, decode_png(base64.b64decode(m.group(2)))


def unwrap_tmux(stream):
    """The sequences inside tmux passthrough wrappers, unwrapped (ESC ESC -> ESC)."""
    def inner(m):
        return m.group(1).replace(b"\x1b\x1b", b"\x1b")
    return re.sub(rb"\x1bPtmux;((?:[^\x1b]|\x1b\x1b)*)\x1b\\", inner, stream)


class Tracker:
    """Feeds a pyte screen with a byte stream, graphics stripped, and records each picture
    drawn or placed with the cursor cell it was drawn at.

    Events: ("sixel", row, col, image), ("iterm", row, col, image, args),
    ("kitty-transmit", id, image), ("kitty-place", row, col, keys), ("kitty-delete", keys),
    ("kitty-frame", id, image, keys) and ("kitty-animate", keys) for an animation kitty plays.
    DECSC/DECRC (ESC 7 / ESC 8) are honoured by pyte itself.
    """

    def __init__(self, columns, lines):
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        self.events = []
        self.pending = None  # a kitty transmission in chunks: (keys, payload)
        self.rest = b""

    def feed(self, data):
        data = self.rest + data
        # Keep an unfinished sequence for the next feed.
        cut = len(data)
        for opener in (b"\x1bP", b"\x1b_", b"\x1b]"):
            start = data.rfind(opener)
            if start >= 0 and not GRAPHICS.match(data, start):
                cut = min(cut, start)
        data, self.rest = data[:cut], data[cut:]
        position = 0
        for m in GRAPHICS.finditer(data):
            self.stream.feed(data[position : m.start()])
            self.record(m.group(0))
            position = m.end()
        self.stream.feed(data[position:])

    def record(self, seq):
        row, col = self.screen.cursor.y, self.screen.cursor.x
        kind = seq[1:2]
        if kind == b"P":
            if seq.startswith(b"\x1bPtmux;"):
                return
            self.events.append(("sixel", row, col, decode_sixel(seq)))
        elif kind == b"]":
            args, image = decode_iterm(seq)
            self.events.append(("iterm", row, col, image, args))
        else:
            keys, payload = kitty_keys(seq)
            if keys is None:
                return
            if self.pending is not None:
                self.pending = (self.pending[0], self.pending[1] + base64.b64decode(payload))
                if keys.get("m", "0") == "0":
                    first, data = self.pending
                    self.pending = None
                    kind = "kitty-frame" if first.get("a") == "f" else "kitty-transmit"
                    self.events.append((kind, int(first["i"]), decode_kitty_data(first, data), first))
                return
            action = keys.get("a", "t")
            if action == "f":  # an animation's frame: ("kitty-frame", id, image, keys)
                if keys.get("m", "0") == "1":
                    self.pending = (keys, base64.b64decode(payload))
                else:
                    data = base64.b64decode(payload)
                    self.events.append(("kitty-frame", int(keys["i"]), decode_kitty_data(keys, data), keys))
            elif action == "a":  # animation control: ("kitty-animate", keys)
                self.events.append(("kitty-animate", keys))
            elif action in ("t", "T"):
                if keys.get("m", "0") == "1":
                    self.pending = (keys, base64.b64decode(payload))
                else:
                    data = base64.b64decode(payload)
                    self.events.append(("kitty-transmit", int(keys["i"]), decode_kitty_data(keys, data), keys))
            elif action == "p":
                self.events.append(("kitty-place", row, col, keys))
            elif action == "d":
                self.events.append(("kitty-delete", keys))

    def text(self):
        return list(self.screen.display)


def read_xwd(path):
    """An RGB image from an XWD file (Xvfb -fbdir writes the screen as one, kept current)."""
    with open(path, "rb") as f:
        data = f.read()
    for order in (">", "<"):
        header_size, version = struct.unpack(order + "II", data[:8])
        if version == 7:
            break
    fields = struct.unpack(order + "25I", data[:100])
    (header_size, _, pixmap_format, depth, width, height, _, byte_order, _, _, _, bits_per_pixel,
     bytes_per_line, _, red_mask, green_mask, blue_mask, _, _, ncolors) = fields[:20]
    offset = header_size + ncolors * 12
    raw = data[offset : offset + bytes_per_line * height]
    if bits_per_pixel != 32:
        raise ValueError("expected a 32-bit screen, got %d" % bits_per_pixel)
    mode = "BGRX" if byte_order == 0 else "XRGB"
    return Image.frombuffer("RGB", (width, height), raw, "raw", mode, bytes_per_line, 1)
