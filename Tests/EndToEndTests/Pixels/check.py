"""What a screen should show in pixels, read from its text, and the check of a picture of
the screen (decoded output or a screenshot) against it.

The text tells where each box is: a list row's box starts on its title's line at column 2,
12 x 6 cells; the item view's box starts on the line under its title (line 1), column 2,
across to 2 columns before the right edge and down to the blank line above the next text (the
byline). Colours come from fixtures.COLOURS.
"""
import re

import numpy as np

import fixtures

TITLE = re.compile(r"Swatch (\d+) (\w+)")
TOLERANCE = 14  # per channel: sixel palettes and blending at picture edges


class Region:
    """Cells where a picture may show, the colours it may have there, and how much of each
    colour must show (as a fraction of the region's area; 0 when cropped by an overlay)."""

    def __init__(self, x, y, w, h, colours, cover, label):
        self.x, self.y, self.w, self.h = x, y, w, h
        self.colours = colours
        self.cover = cover
        self.label = label

    def __repr__(self):
        return "%s at cells (%d,%d) %dx%d" % (self.label, self.x, self.y, self.w, self.h)


def overlay_rect(lines):
    """The help overlay's cells (x, y, w, h) from its frame, or None."""
    for y, line in enumerate(lines):
        x = line.find("┌")
        if x >= 0 and "Keys" in line:
            right = line.find("┐", x)
            for bottom in range(y + 1, len(lines)):
                if lines[bottom][x : x + 1] == "└":
                    return (x, y, right - x + 1, bottom - y + 1)
    return None


def gallery_columns(width):
    """(cards per grid row, card width) of the gallery at a screen `width` (GalleryColumns:
    cards at least 16 columns, one column between them and one at the left; the last column
    is the scrollbar)."""
    room = max(0, width - 2)
    count = max(1, room // 17)
    return count, max(1, room // count - 1)


def gallery_regions(lines):
    """The cards' boxes from their titles: a card's title starts 2 columns into the card, on
    the line after its 12 x 6 box, which is centred in the card. Boxes cut by the top or the
    bottom of the list area (their titles off screen) may show their colour, and need not."""
    height = len(lines)
    width = len(lines[0]) if lines else 0
    count, card = gallery_columns(width)
    dx = (card - 12) // 2
    regions, titled = [], []
    for y, line in enumerate(lines[1:-1], start=1):
        for m in re.finditer(r"Swatch (\d+)", line):
            column = (m.start() - 3) // (card + 1)
            card_x = 1 + column * (card + 1)
            if m.start() != card_x + 2 or not 0 <= column < count:
                continue
            index = int(m.group(1))
            if any(r.label == "card %d" % index for r in regions):
                continue
            top = max(1, y - 6)
            cover = 0.85 if y - 6 >= 1 else 0.0
            regions.append(Region(card_x + dx, top, 12, y - top, [fixtures.colour_of_item(index)],
                                  cover, "card %d" % index))
            titled.append((y, column, index))
    if titled:
        first, last = min(t[0] for t in titled), max(t[0] for t in titled)
        for column in range(count):
            card_x = 1 + column * (card + 1)
            # The grid row above the first titles, cut by the top; the one below the last.
            if first - 9 >= 1:
                regions.append(Region(card_x + dx, 1, 12, first - 9, list(fixtures.COLOURS), 0.0,
                                      "cut card above, column %d" % column))
            if last + 3 < height - 1:
                regions.append(Region(card_x + dx, last + 3, 12, height - 1 - (last + 3),
                                      list(fixtures.COLOURS), 0.0,
                                      "cut card below, column %d" % column))
    return regions


def expected_regions(lines, under_overlay=None, gallery=False):
    """The regions of the screen in `lines` (pyte's display). With the help overlay open,
    the titles may be hidden under it: `under_overlay` are the regions of the screen before
    it opened (the overlay moves nothing). `gallery`: the items page shows cards."""
    height = len(lines)
    width = len(lines[0]) if lines else 0
    status = lines[-1] if lines else ""
    regions = []
    item_view = " lines" in status.split("  ")[0] or re.search(r"\d+/\d+ lines", status)
    if gallery and not item_view:
        regions = gallery_regions(lines)
    elif item_view:
        for y, line in enumerate(lines[1:-1], start=1):
            m = TITLE.search(line)
            if m and line.startswith("  Swatch"):
                index = int(m.group(1))
                # The box: from the line under the title to the blank line above the next text.
                below = next((z for z in range(y + 2, height - 1) if lines[z].strip()
                              and not set(lines[z].strip()) <= set("█│")), height - 1)
                rows = below - 1 - (y + 1)
                top = y + 1
                if index == 0:
                    second = "picture 2/2" in status
                    colours = ["amber"] if second else ["green", "blue"]
                else:
                    colours = [fixtures.colour_of_item(index)]
                regions.append(Region(2, top, width - 4, rows, colours, 0.3, "item %d" % index))
                break
    else:
        for y, line in enumerate(lines[1:-1], start=1):
            m = TITLE.search(line)
            if m and line[16:].startswith("Swatch"):
                colour = fixtures.colour_of_item(int(m.group(1)))
                top, bottom = y, min(y + 6, height - 1)
                regions.append(Region(2, top, 12, bottom - top, [colour], 0.85, "row %s" % m.group(1)))
        # A row whose title is above the screen shows the bottom of its box at the top: a
        # swatch row is padding, 6 box lines (title, byline, description beside them),
        # padding, separator; so its box ends 4 lines above the next row's title.
        first = next(
            (y for y, l in enumerate(lines[1:-1], start=1) if l[16:].startswith("Swatch")), None)
        if first is not None:
            index = int(TITLE.search(lines[first]).group(1)) - 1
            bottom = first - 4
            if index >= 0 and bottom >= 1:
                top = max(1, bottom - 5)
                regions.append(Region(2, top, 12, bottom - top + 1,
                                      [fixtures.colour_of_item(index)], 0.5, "row %d (cut)" % index))
    overlay = overlay_rect(lines)
    if overlay and under_overlay is not None:
        regions = [Region(r.x, r.y, r.w, r.h, r.colours, r.cover, r.label) for r in under_overlay]
    if overlay:
        ox, oy, ow, oh = overlay
        for region in regions:
            if region.x < ox + ow and ox < region.x + region.w and region.y < oy + oh and oy < region.y + region.h:
                region.cover = 0.0
    return regions, overlay


def masks(pixels):
    """Per test colour, a boolean mask of the pixels that have it (pixels: HxWx3 or x4, 0-255):
    each channel within TOLERANCE of the colour's, compared in the pixels' own type (a copy
    widened to int was most of the harnesses' time)."""
    channels = [pixels[..., index] for index in range(3)]
    found = {}
    for name, colour in fixtures.COLOURS.items():
        near = None
        for channel, value in zip(channels, colour):
            inside = (channel >= max(0, value - TOLERANCE)) & (channel <= min(255, value + TOLERANCE))
            near = inside if near is None else near & inside
        if pixels.shape[-1] == 4:
            near &= pixels[..., 3] > 0
        found[name] = near
    return found


def verify(pixels, lines, cell, origin=(0, 0), under_overlay=None, gallery=False):
    """Problems (strings) with `pixels` (the screen's pixels, origin at cell 0,0's top left
    given by `origin`) against what `lines` say should show. Empty when all is well."""
    regions, overlay = expected_regions(lines, under_overlay, gallery)
    cw, ch = cell
    ox, oy = origin
    found = masks(pixels)
    problems = []
    allowed = {name: np.zeros(pixels.shape[:2], bool) for name in fixtures.COLOURS}
    def box(x, y, w, h):
        return (slice(max(0, oy + y * ch), max(0, oy + (y + h) * ch)),
                slice(max(0, ox + x * cw), max(0, ox + (x + w) * cw)))
    for region in regions:
        area = box(region.x, region.y, region.w, region.h)
        for colour in region.colours:
            allowed[colour][area] = True
        if region.cover > 0:
            cells = region.w * cw * region.h * ch
            for colour in region.colours:
                share = found[colour][area].sum() / cells
                if share < region.cover / len(region.colours):
                    problems.append("%s shows %.0f%% %s, expected at least %.0f%%" % (
                        region, share * 100, colour, region.cover / len(region.colours) * 100))
        if "green" in region.colours and "blue" in region.colours:
            greens = np.nonzero(found["green"][area])[1]
            blues = np.nonzero(found["blue"][area])[1]
            if len(greens) and len(blues) and greens.mean() >= blues.mean():
                problems.append("%s: green is not left of blue" % region)
    if overlay:
        area = box(*overlay)
        for colour in fixtures.COLOURS:
            allowed[colour][area] = False
    for colour, mask in found.items():
        stray = mask & ~allowed[colour]
        count = int(stray.sum())
        if count > 0:
            ys, xs = np.nonzero(stray)
            cells = sorted({((x - ox) // cw, (y - oy) // ch) for y, x in zip(ys[:2000], xs[:2000])})
            problems.append("%d %s pixels outside its boxes, at cells %s" % (count, colour, cells[:12]))
    return problems, regions
