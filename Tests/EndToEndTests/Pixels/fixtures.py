"""The test feed for pixel tests: swatches of known colours, so a screenshot or a decoded
picture can be told apart by colour alone.

Each item "Swatch N COLOUR" has a 160x160 thumbnail of one colour. Item 0 also has two full
pictures (media:content): 640x480, one left COLOUR_A / right COLOUR_B, one all COLOUR_C.
"""
import os
from xml.sax.saxutils import escape

from PIL import Image

# Colours no theme uses, far apart (each channel differs by 60 or more between any two).
COLOURS = {
    "magenta": (230, 40, 160),
    "green": (40, 200, 90),
    "blue": (30, 100, 240),
    "amber": (250, 190, 20),
}
ORDER = ["magenta", "green", "blue", "amber"]
ITEMS = 12


def colour_of_item(index):
    return ORDER[index % len(ORDER)]


def title_of_item(index):
    return "Swatch %d %s" % (index, colour_of_item(index))


def make(directory, count=ITEMS):
    """Writes the pictures and `feed.rss` (`count` swatches) into `directory`; returns the
    feed's path."""
    os.makedirs(directory, exist_ok=True)
    for name, rgb in COLOURS.items():
        Image.new("RGB", (160, 160), rgb).save(os.path.join(directory, name + ".png"))
    full = Image.new("RGB", (640, 480), COLOURS["green"])
    full.paste(COLOURS["blue"], (320, 0, 640, 480))
    full.save(os.path.join(directory, "full-green-blue.png"))
    Image.new("RGB", (640, 480), COLOURS["amber"]).save(os.path.join(directory, "full-amber.png"))
    items = []
    for index in range(count):
        colour = colour_of_item(index)
        contents = ""
        if index == 0:
            contents = (
                '<media:content url="full-green-blue.png" medium="image" width="640" height="480"/>'
                '<media:content url="full-amber.png" medium="image" width="640" height="480"/>'
            )
        items.append(
            "<item><title>%s</title><link>https://example.test/%d</link>"
            "<guid>swatch-%d</guid><media:credit role=\"author\">tester</media:credit>"
            '<media:thumbnail url="%s.png" width="160" height="160"/>%s'
            "<description>A flat %s square.</description></item>"
            % (escape(title_of_item(index)), index, index, colour, contents, colour)
        )
    feed = (
        '<?xml version="1.0" encoding="utf-8"?>'
        '<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>'
        "<title>Swatches</title><link>https://example.test/</link>"
        "<description>Known colours</description>%s</channel></rss>" % "".join(items)
    )
    path = os.path.join(directory, "feed.rss")
    with open(path, "w") as f:
        f.write(feed)
    return path


if __name__ == "__main__":
    import sys
    print(make(sys.argv[1]))
