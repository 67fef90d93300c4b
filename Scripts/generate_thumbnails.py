#!/usr/bin/env python3
"""Generate the bundled thumbnails: Resources/thumbnails/*.{jpg,png,gif,webp} and README.md.

Every deviation in Resources/feeds/ has a small `media:thumbnail` whose url is relative to
the feed file, `../thumbnails/NAME.EXT` (Scripts/generate_feeds.py writes them). This script
reads those urls with their width and height and paints one procedural picture per name:
gradients, shapes and noise in a palette and a style per artist (sepia moths, night
blossoms, ink bamboo, star patterns, pixel scenes, glitch bands, watercolour, tide pools,
dark bogs, azulejo tiles). The file's format is its extension; the pixel size is the one
the feed declares.

Needs Pillow (`pip install pillow`; made with Pillow 13.0.0). Deterministic: each picture
draws from its own `random.Random` seeded by SEED and its name, and noise comes from that
generator (never from Pillow's own random effects). The same Pillow and codec versions give
byte-identical files; another version may encode the same pixels to other bytes.

Usage:
    python3 Scripts/generate_thumbnails.py           # write Resources/thumbnails/, verify
    python3 Scripts/generate_thumbnails.py --check   # regenerate in a temporary folder;
                                                     # fail if the committed files differ
"""

from __future__ import annotations

import argparse
import io
import math
import re
import sys
import tempfile
from pathlib import Path
from random import Random

from PIL import Image, ImageDraw, ImageFilter

SEED = 20261122
GENERATOR_VERSION = "1"
MAX_FILE_BYTES = 12_000
MAX_TOTAL_BYTES = 1_000_000
THUMBNAIL = re.compile(r'url="\.\./thumbnails/([^"]+)" width="(\d+)" height="(\d+)"')
ARTIST = re.compile(r"_by_(.+)-[0-9a-z]+\.[a-z]+$")

# MARK: - Palettes and styles per artist

STYLES: dict[str, tuple[str, list[tuple[int, int, int]]]] = {
    "inkwell-moth": ("ink", [(236, 224, 198), (200, 170, 120), (120, 84, 52), (60, 40, 28)]),
    "yozakura-studio": ("night", [(22, 18, 60), (70, 40, 110), (250, 190, 215), (255, 240, 200)]),
    "mozhu-lin": ("bamboo", [(238, 236, 226), (150, 160, 140), (60, 80, 60), (20, 24, 22)]),
    "qamarallayl": ("stars", [(14, 26, 64), (30, 60, 120), (212, 170, 70), (250, 226, 150)]),
    "pixelheron": ("pixel", [(40, 60, 110), (90, 150, 200), (250, 200, 120), (50, 120, 70),
                             (30, 40, 30), (240, 240, 220)]),
    "glitchcat404": ("glitch", [(10, 10, 16), (255, 0, 170), (0, 240, 255), (240, 240, 240)]),
    "reneedraws": ("watercolour", [(248, 244, 236), (120, 170, 210), (230, 140, 150),
                                   (120, 160, 110)]),
    "tidepool-gremlin": ("tidepool", [(20, 80, 100), (60, 160, 170), (220, 200, 160),
                                      (240, 120, 90)]),
    "marrow-and-moss": ("bog", [(16, 22, 18), (50, 70, 50), (120, 130, 100), (220, 214, 190)]),
    "saudade-pixels": ("azulejo", [(245, 245, 240), (30, 70, 160), (90, 140, 210),
                                   (230, 180, 60)]),
}


def lerp(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def gradient(size: tuple[int, int], top: tuple, bottom: tuple) -> Image.Image:
    """A vertical gradient from `top` to `bottom`."""
    width, height = size
    column = Image.new("RGB", (1, height))
    column.putdata([lerp(top, bottom, y / max(1, height - 1)) for y in range(height)])
    return column.resize(size, Image.Resampling.NEAREST)


def with_noise(image: Image.Image, rng: Random, amount: float) -> Image.Image:
    """Blend in grey noise drawn from `rng` (Pillow's effect_noise is not seeded)."""
    noise = Image.frombytes("L", image.size, rng.randbytes(image.width * image.height))
    return Image.blend(image, Image.merge("RGB", [noise] * 3), amount)


def star(center: tuple[float, float], radius: float, points: int, turn: float) -> list:
    """The outline of a star polygon with `points` tips."""
    cx, cy = center
    outline = []
    for i in range(points * 2):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = turn + math.pi * i / points
        outline.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return outline


# MARK: - Painters (each gets a size, a palette and its own generator)


def paint_ink(size, colors, rng):
    image = with_noise(gradient(size, colors[0], colors[1]), rng, 0.06)
    draw = ImageDraw.Draw(image)
    w, h = size
    cx, cy = w / 2, h / 2
    span = min(w, h) * rng.uniform(0.25, 0.4)
    for side in (-1, 1):
        for dy, scale in ((-0.25, 1.0), (0.3, 0.7)):
            x0, y0 = cx + side * span * scale * 0.1, cy + dy * span
            box = [x0, y0 - span * scale * 0.5, x0 + side * span * scale, y0 + span * scale * 0.4]
            draw.ellipse([min(box[0], box[2]), box[1], max(box[0], box[2]), box[3]],
                         fill=colors[2], outline=colors[3], width=2)
    draw.line([(cx, cy - span * 0.8), (cx, cy + span * 0.9)], fill=colors[3], width=3)
    for _ in range(rng.randint(10, 30)):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        draw.point((x, y), fill=colors[3])
    return image


def paint_night(size, colors, rng):
    image = gradient(size, colors[0], colors[1])
    draw = ImageDraw.Draw(image)
    w, h = size
    r = min(w, h) * 0.15
    mx, my = rng.uniform(r, w - r), rng.uniform(r, h * 0.4)
    draw.ellipse([mx - r, my - r, mx + r, my + r], fill=colors[3])
    draw.rectangle([0, h * 0.75, w, h], fill=colors[0])
    for _ in range(rng.randint(40, 90)):
        x, y, s = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(1, 4)
        draw.ellipse([x - s, y - s, x + s, y + s], fill=colors[2])
    return with_noise(image, rng, 0.04)


def paint_bamboo(size, colors, rng):
    image = with_noise(gradient(size, colors[0], colors[1]), rng, 0.05)
    draw = ImageDraw.Draw(image)
    w, h = size
    for _ in range(rng.randint(2, 4)):
        x, thick = rng.uniform(0, w), rng.uniform(3, 7)
        draw.rectangle([x, 0, x + thick, h], fill=colors[2])
        for y in range(int(rng.uniform(5, 20)), h, int(rng.uniform(18, 30))):
            draw.line([(x - 1, y), (x + thick + 1, y)], fill=colors[3], width=2)
            tip = x + rng.choice((-1, 1)) * rng.uniform(15, 30)
            draw.polygon([(x + thick / 2, y), (tip, y - 6), (tip, y - 2)], fill=colors[3])
    return image.filter(ImageFilter.GaussianBlur(0.6))


def paint_stars(size, colors, rng):
    image = gradient(size, colors[0], colors[1])
    draw = ImageDraw.Draw(image)
    w, h = size
    step = rng.choice((30, 38, 46))
    turn = rng.uniform(0, math.pi / 8)
    for y in range(0, h + step, step):
        for x in range((y // step % 2) * step // 2, w + step, step):
            draw.polygon(star((x, y), step * 0.42, 8, turn), fill=colors[2], outline=colors[3])
    return image


def paint_pixel(size, colors, rng):
    w, h = size
    small = (max(1, w // 4), max(1, h // 4))
    image = gradient(small, colors[0], colors[1])
    draw = ImageDraw.Draw(image)
    sw, sh = small
    horizon = int(sh * rng.uniform(0.55, 0.75))
    draw.rectangle([0, horizon, sw, sh], fill=colors[3])
    sun = rng.randint(2, max(2, sw - 3))
    draw.rectangle([sun - 1, 2, sun + 1, 4], fill=colors[2])
    for _ in range(rng.randint(2, 5)):
        x = rng.randint(0, max(0, sw - 2))
        top = horizon - rng.randint(2, max(2, sh // 3))
        draw.rectangle([x, top, x + 1, horizon], fill=colors[4])
        draw.rectangle([x - 1, top - 1, x + 2, top + 1], fill=colors[3])
    draw.point([(rng.randint(0, sw - 1), rng.randint(0, horizon)) for _ in range(6)],
               fill=colors[5])
    return image.resize(size, Image.Resampling.NEAREST)


def paint_glitch(size, colors, rng):
    w, h = size
    image = Image.new("RGB", size, colors[0])
    draw = ImageDraw.Draw(image)
    y = 0
    while y < h:
        band = rng.randint(2, 12)
        color = rng.choice(colors[1:] + [colors[0], colors[0]])
        shift = rng.randint(-w // 3, w // 3)
        draw.rectangle([max(0, shift), y, min(w, w + shift), y + band], fill=color)
        y += band
    for y in range(0, h, 3):
        draw.line([(0, y), (w, y)], fill=colors[0])
    return image


def paint_watercolour(size, colors, rng):
    image = with_noise(Image.new("RGB", size, colors[0]), rng, 0.03)
    draw = ImageDraw.Draw(image)
    w, h = size
    for _ in range(rng.randint(6, 12)):
        x, y, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(8, min(w, h) * 0.35)
        draw.ellipse([x - r, y - r * 0.8, x + r, y + r * 0.8], fill=rng.choice(colors[1:]))
    return Image.blend(image.filter(ImageFilter.GaussianBlur(4)), Image.new("RGB", size,
                                                                            colors[0]), 0.25)


def paint_tidepool(size, colors, rng):
    image = gradient(size, colors[0], colors[1])
    draw = ImageDraw.Draw(image)
    w, h = size
    shore = h * rng.uniform(0.5, 0.7)
    draw.rectangle([0, shore, w, h], fill=colors[2])
    for _ in range(rng.randint(3, 7)):
        x, y, r = rng.uniform(0, w), rng.uniform(shore, h), rng.uniform(4, 14)
        draw.ellipse([x - r, y - r / 2, x + r, y + r / 2], fill=colors[1])
    for _ in range(rng.randint(1, 3)):
        x, y = rng.uniform(10, w - 10), rng.uniform(shore, h - 6)
        draw.polygon(star((x, y), 7, 5, rng.uniform(0, 1)), fill=colors[3])
    return with_noise(image.filter(ImageFilter.GaussianBlur(1)), rng, 0.08)


def paint_bog(size, colors, rng):
    image = gradient(size, colors[1], colors[0])
    draw = ImageDraw.Draw(image)
    w, h = size
    cx = w * rng.uniform(0.35, 0.65)
    draw.ellipse([cx - w * 0.08, h * 0.2, cx + w * 0.08, h * 0.34], fill=colors[3])
    draw.polygon([(cx - w * 0.12, h), (cx, h * 0.33), (cx + w * 0.12, h)], fill=colors[0])
    for _ in range(rng.randint(4, 8)):
        y = rng.uniform(h * 0.5, h)
        draw.line([(0, y), (w, y + rng.uniform(-6, 6))], fill=colors[2], width=2)
    return with_noise(image.filter(ImageFilter.GaussianBlur(1.5)), rng, 0.07)


def paint_azulejo(size, colors, rng):
    w, h = size
    tile = rng.choice((8, 12, 16))
    image = Image.new("RGB", size, colors[0])
    draw = ImageDraw.Draw(image)
    for y in range(0, h, tile):
        for x in range(0, w, tile):
            draw.rectangle([x, y, x + tile - 1, y + tile - 1], outline=colors[2])
            q = tile // 4
            draw.polygon([(x + tile / 2, y + q), (x + tile - q, y + tile / 2),
                          (x + tile / 2, y + tile - q), (x + q, y + tile / 2)], fill=colors[1])
    accent = rng.randint(0, max(0, w // tile - 1)) * tile
    draw.rectangle([accent + 2, 2, accent + tile - 3, tile - 3], fill=colors[3])
    return image


PAINTERS = {"ink": paint_ink, "night": paint_night, "bamboo": paint_bamboo,
            "stars": paint_stars, "pixel": paint_pixel, "glitch": paint_glitch,
            "watercolour": paint_watercolour, "tidepool": paint_tidepool, "bog": paint_bog,
            "azulejo": paint_azulejo}

# MARK: - Encoding


def encode(image: Image.Image, extension: str) -> bytes:
    """The file bytes: JPEG q70, lossy WebP q60, PNG and GIF with at most 16 colours."""
    out = io.BytesIO()
    if extension == "jpg":
        image.save(out, "JPEG", quality=70, optimize=True)
    elif extension == "webp":
        image.save(out, "WEBP", quality=60, method=4)
    else:
        paletted = image.quantize(16, method=Image.Quantize.MEDIANCUT,
                                  dither=Image.Dither.NONE)
        if extension == "png":
            paletted.save(out, "PNG", optimize=True)
        else:
            paletted.save(out, "GIF", optimize=True)
    return out.getvalue()


def thumbnails(feeds: Path) -> dict[str, tuple[int, int]]:
    """Bundled thumbnail name -> (width, height) from every feed's relative thumbnail urls."""
    sizes: dict[str, tuple[int, int]] = {}
    for path in sorted(feeds.glob("*.rss")):
        for name, width, height in THUMBNAIL.findall(path.read_text(encoding="utf-8")):
            size = (int(width), int(height))
            assert sizes.setdefault(name, size) == size, f"{name}: two sizes"
    return sizes


def generate(feeds: Path, out: Path) -> dict[str, int]:
    """Write every thumbnail and README.md into `out`; returns name -> bytes."""
    out.mkdir(parents=True, exist_ok=True)
    written = {}
    for name, size in sorted(thumbnails(feeds).items()):
        artist = ARTIST.search(name)
        assert artist and artist.group(1) in STYLES, f"{name}: unknown artist"
        style, colors = STYLES[artist.group(1)]
        rng = Random(f"{SEED}:{name}")
        image = PAINTERS[style](size, colors, rng)
        data = encode(image, name.rsplit(".", 1)[1])
        (out / name).write_bytes(data)
        written[name] = len(data)
    (out / "README.md").write_text(readme(written), encoding="utf-8")
    verify(out, written, thumbnails(feeds))
    return written


def readme(written: dict[str, int]) -> str:
    counts = {ext: sum(n.endswith("." + ext) for n in written) for ext in ("jpg", "png",
                                                                            "gif", "webp")}
    return (f"# Thumbnails\n\nGenerated by `Scripts/generate_thumbnails.py` (generator "
            f"{GENERATOR_VERSION}, seed {SEED}); do not edit. The bundled feeds name these files "
            f"with urls relative to the feed file (`../thumbnails/NAME.EXT`).\n\n"
            f"{len(written)} pictures, {sum(written.values())} bytes: "
            + ", ".join(f"{count} {ext}" for ext, count in counts.items()) + ".\n")


def verify(out: Path, written: dict[str, int], sizes: dict[str, tuple[int, int]]) -> None:
    """Each file reads back at its declared size and format; sizes stay small."""
    formats = {"jpg": "JPEG", "png": "PNG", "gif": "GIF", "webp": "WEBP"}
    for name, count in written.items():
        with Image.open(out / name) as image:
            assert image.size == sizes[name], f"{name}: {image.size} != {sizes[name]}"
            assert image.format == formats[name.rsplit(".", 1)[1]], f"{name}: {image.format}"
        assert count <= MAX_FILE_BYTES, f"{name}: {count} bytes"
    assert sum(written.values()) <= MAX_TOTAL_BYTES, "thumbnails over 1 MB in total"
    assert {n.rsplit(".", 1)[1] for n in written} == set(formats), "a format is missing"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    repository = Path(__file__).resolve().parent.parent
    feeds = repository / "Resources" / "feeds"
    target = repository / "Resources" / "thumbnails"
    parser.add_argument("--check", action="store_true",
                        help="regenerate into a temporary folder and compare")
    arguments = parser.parse_args()
    if not arguments.check:
        written = generate(feeds, target)
        print(f"wrote {len(written)} thumbnails ({sum(written.values())} bytes) to {target}")
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch)
        generate(feeds, fresh)
        stale = [p.name for p in sorted(fresh.iterdir())
                 if not (target / p.name).exists()
                 or (target / p.name).read_bytes() != p.read_bytes()]
        extra = [p.name for p in sorted(target.iterdir()) if not (fresh / p.name).exists()]
    if stale or extra:
        print(f"stale: {stale}; not generated: {extra}", file=sys.stderr)
        return 1
    print(f"{target} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
