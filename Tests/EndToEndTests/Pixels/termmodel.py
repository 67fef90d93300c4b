"""A model of what a terminal shows in pixels, fed with a program's output: pyte for the text,
and a picture layer that follows each protocol's rules as the real terminals do (checked
against xterm, kitty and mlterm under Xvfb, see realterm.py).

- sixel and iTerm2: a picture is painted into the cells at the cursor; any text written to a
  cell (spaces included) or an erase removes the picture's pixels in that cell.
- kitty: a placement shows its picture at a cell until deleted (a=d) or the screen is
  cleared (ED 2); text does not remove it. Transmissions are counted per image id.
"""
import numpy as np
import pyte

from graphics import Tracker


class PixelScreen(pyte.Screen):
    """pyte's screen that reports every cell text lands on or that is erased."""

    def __init__(self, columns, lines, touched, cleared):
        super().__init__(columns, lines)
        self.touched = touched
        self.cleared = cleared

    def _mark(self, y, x0, x1):
        self.touched(y, max(0, x0), min(self.columns, x1))

    def draw(self, data):
        y0, x0 = self.cursor.y, self.cursor.x
        super().draw(data)
        y1, x1 = self.cursor.y, self.cursor.x
        if y1 == y0:
            self._mark(y0, x0, max(x1, x0 + 1))
        else:
            self._mark(y0, x0, self.columns)
            for y in range(y0 + 1, y1):
                self._mark(y, 0, self.columns)
            self._mark(y1, 0, x1)

    def erase_in_line(self, how=0, private=False):
        y, x = self.cursor.y, self.cursor.x
        span = {0: (x, self.columns), 1: (0, x + 1), 2: (0, self.columns)}[how]
        self._mark(y, *span)
        super().erase_in_line(how, private)

    def erase_in_display(self, how=0, *args, **kwargs):
        y, x = self.cursor.y, self.cursor.x
        if how == 0:
            self._mark(y, x, self.columns)
            for line in range(y + 1, self.lines):
                self._mark(line, 0, self.columns)
        elif how == 1:
            for line in range(0, y):
                self._mark(line, 0, self.columns)
            self._mark(y, 0, x + 1)
        else:
            for line in range(self.lines):
                self._mark(line, 0, self.columns)
            self.cleared()
        super().erase_in_display(how, *args, **kwargs)

    def erase_characters(self, count=None):
        self._mark(self.cursor.y, self.cursor.x, self.cursor.x + (count or 1))
        super().erase_characters(count)

    def delete_characters(self, count=None):
        self._mark(self.cursor.y, self.cursor.x, self.columns)
        super().delete_characters(count)

    def insert_characters(self, count=None):
        self._mark(self.cursor.y, self.cursor.x, self.columns)
        super().insert_characters(count)

    def _everything(self):
        for line in range(self.lines):
            self._mark(line, 0, self.columns)

    def index(self):
        bottom = self.margins.bottom if self.margins else self.lines - 1
        if self.cursor.y == bottom:
            self._everything()
        super().index()

    def insert_lines(self, count=None):
        self._everything()
        super().insert_lines(count)

    def delete_lines(self, count=None):
        self._everything()
        super().delete_lines(count)


class TerminalModel(Tracker):
    """A terminal of `columns` x `lines` cells of `cell` pixels speaking `kind`."""

    def __init__(self, columns, lines, cell, kind):
        self.cell = cell
        self.kind = kind
        self.resize(columns, lines)
        self.images = {}
        self.placements = {}
        self.transmits = {}
        self.graphics_bytes = 0

    def resize(self, columns, lines):
        self.columns, self.lines_count = columns, lines
        cw, ch = self.cell
        self.canvas = np.zeros((lines * ch, columns * cw, 4), np.uint8)
        self.screen = PixelScreen(columns, lines, self.touched, self.screen_cleared)
        self.stream = pyte.ByteStream(self.screen)
        self.events = getattr(self, "events", [])
        self.pending = None
        self.rest = getattr(self, "rest", b"")

    def touched(self, y, x0, x1):
        if self.kind == "kitty" or x1 <= x0:
            return
        cw, ch = self.cell
        self.canvas[y * ch : (y + 1) * ch, x0 * cw : x1 * cw] = 0

    def record(self, seq):
        self.graphics_bytes += len(seq)
        before = len(self.events)
        super().record(seq)
        cw, ch = self.cell
        for event in self.events[before:]:
            if event[0] in ("sixel", "iterm"):
                _, row, col, image = event[:4]
                self.paint(image, col * cw, row * ch)
            elif event[0] == "kitty-transmit":
                _, image_id, image, _ = event
                self.images[image_id] = np.asarray(image)
                self.transmits[image_id] = self.transmits.get(image_id, 0) + 1
            elif event[0] == "kitty-place":
                _, row, col, keys = event
                self.placements[(keys["i"], keys.get("p", "0"))] = (row, col, keys)
            elif event[0] == "kitty-delete":
                keys = event[1]
                what = keys.get("d", "a")
                if what in ("a", "A"):
                    self.placements.clear()
                elif what in ("i", "I"):
                    for key in list(self.placements):
                        if key[0] == keys["i"] and (keys.get("p") is None or key[1] == keys["p"]):
                            del self.placements[key]
                    if what == "I":
                        self.images.pop(int(keys["i"]), None)

    def paint(self, image, x, y):
        pixels = np.asarray(image.convert("RGBA"))
        h = min(pixels.shape[0], self.canvas.shape[0] - y)
        w = min(pixels.shape[1], self.canvas.shape[1] - x)
        if h <= 0 or w <= 0:
            return
        part = pixels[:h, :w]
        opaque = part[..., 3] > 0
        target = self.canvas[y : y + h, x : x + w]
        target[opaque] = part[opaque]

    def screen_cleared(self):
        """ED 2: kitty deletes the placements on screen (sixel pixels go with the cells)."""
        if hasattr(self, "placements"):
            self.placements.clear()

    def pixels(self):
        """The screen's picture pixels now (RGBA, alpha 0 where no picture shows)."""
        if self.kind != "kitty":
            return self.canvas.copy()
        canvas = np.zeros_like(self.canvas)
        cw, ch = self.cell
        for (image_id, _), (row, col, keys) in self.placements.items():
            image = self.images.get(int(image_id))
            if image is None:
                continue
            x, y = int(keys.get("x", 0)), int(keys.get("y", 0))
            w = int(keys.get("w", image.shape[1] - x))
            h = int(keys.get("h", image.shape[0] - y))
            part = image[y : y + h, x : x + w]
            tx, ty = col * cw, row * ch
            hh = min(part.shape[0], canvas.shape[0] - ty)
            ww = min(part.shape[1], canvas.shape[1] - tx)
            if hh <= 0 or ww <= 0:
                continue
            part = part[:hh, :ww]
            opaque = part[..., 3] > 0
            target = canvas[ty : ty + hh, tx : tx + ww]
            target[opaque] = part[opaque]
        return canvas
