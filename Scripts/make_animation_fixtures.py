#!/usr/bin/python3
"""Prints Tests/PicturesTests/Fixtures+Animation.swift: small animations made with Pillow.

Each animation has three 8x8 frames: red; red with a blue 4x4 square at the top left; red
with a green 4x4 square at the bottom right (the blue gone). Pillow stores the later frames
as the rectangles that changed, so decoding them composes on the canvas. The "sprite" GIF is
transparent with a moving dot and disposal 2, so a frame must not keep the last one's dot.
Run: /usr/bin/python3 Scripts/make_animation_fixtures.py > Tests/PicturesTests/Fixtures+Animation.swift
"""
import io
import PIL
from PIL import Image

RED, BLUE, GREEN = (255, 0, 0, 255), (0, 0, 255, 255), (0, 255, 0, 255)


def frames():
    a = Image.new("RGBA", (8, 8), RED)
    b = a.copy(); b.paste(BLUE, (0, 0, 4, 4))
    c = a.copy(); c.paste(GREEN, (4, 4, 8, 8))
    return [a, b, c]


def save(images, fmt, **options):
    out = io.BytesIO()
    images[0].save(out, fmt, save_all=True, append_images=images[1:], **options)
    return out.getvalue()


def sprite():
    """Transparent 8x8 frames, a dot moving right along the top row, disposal 2."""
    images = []
    for x in range(3):
        p = Image.new("P", (8, 8), 0)
        p.putpalette([0, 0, 0, 255, 0, 0] + [0] * 762)
        p.putpixel((x * 2, 0), 1)
        images.append(p)
    return save(images, "GIF", duration=[100, 100, 100], loop=0, disposal=2, transparency=0,
                optimize=False)


def swift(name, doc, data):
    lines = [f"  /// {doc}", f"  static let {name}: [UInt8] = ["]
    for i in range(0, len(data), 15):
        lines.append("    " + " ".join(f"0x{b:02X}," for b in data[i:i + 15]))
    lines.append("  ]")
    return "\n".join(lines)


gif = save([f.convert("RGB") for f in frames()], "GIF", duration=[50, 0, 200], loop=0)
webp = save(frames(), "WEBP", duration=[50, 120, 200], loop=3, lossless=True)
apng = save(frames(), "PNG", duration=[50, 120, 200], loop=0)
print(f"""// Generated, do not edit: Scripts/make_animation_fixtures.py with Pillow {PIL.__version__}.
// Run: /usr/bin/python3 Scripts/make_animation_fixtures.py > Tests/PicturesTests/Fixtures+Animation.swift

extension Fixtures {{""")
print(swift("animatedGIF", "Three frames, delays 50, 0 (played as 100) and 200 ms, looping forever.", gif))
print(swift("animatedWebP", "Three lossless frames, 50, 120 and 200 ms, three loops.", webp))
print(swift("animatedPNG", "Three APNG frames, 50, 120 and 200 ms, looping forever.", apng))
print(swift("spriteGIF", "Transparent frames, a red dot at x 0, 2, 4 of the top row, disposal 2.", sprite()))
print("}")
