#!/usr/bin/env python3
"""Generate artfeed's bundled offline feeds: Resources/feeds/*.rss and MANIFEST.md.

The feeds are Media RSS 2.0 shaped like DeviantArt's backend RSS: a `popular.rss` of 64
items and one `artist-SLUG.rss` per artist credited in it. All text, handles and URLs are
invented here; image URLs point at https://images.artfeed.example/ (no images are fetched),
except each deviation's smallest thumbnail, which is a URL relative to the feed file,
`../thumbnails/NAME.EXT`, naming a bundled picture that Scripts/generate_thumbnails.py makes.

Deterministic: one seeded `random.Random`, a fixed clock, stdlib only. Running it twice
gives byte-identical files. After writing, it re-reads every file it wrote and asserts the
properties the rest of the project relies on (see `verify`), including that each popular
item's artist has a feed containing that guid.

Usage:
    python3 Scripts/generate_feeds.py            # write Resources/feeds/, then verify
    python3 Scripts/generate_feeds.py --check    # regenerate in a temporary folder; fail
                                                 # if the committed files differ
    python3 Scripts/generate_feeds.py --out DIR  # write somewhere else
"""

from __future__ import annotations

import argparse
import email.utils
import html
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
import urllib.parse
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from random import Random

GENERATOR_VERSION = "2"
SEED = 20250601
MRSS = "http://search.yahoo.com/mrss/"
MRSS_NO_SLASH = "http://search.yahoo.com/mrss"
ATOM = "http://www.w3.org/2005/Atom"
SITE = "https://www.artfeed.example"
IMAGES = "https://images.artfeed.example"
THUMBNAILS = "../thumbnails"  # relative to the feed file: Resources/thumbnails/
POPULAR_SIZE = 64
POPULAR_JOURNALS = 19  # 29.7% journals, 70.3% deviations
POPULAR_FROM = datetime(2024, 6, 1, tzinfo=timezone.utc)
HISTORY_FROM = datetime(2019, 3, 1, tzinfo=timezone.utc)
CLOCK = datetime(2025, 5, 31, 18, 0, tzinfo=timezone.utc)

# Text shapes: which of title / media:title / description / media:description / media:text
# an item carries. "full" items may still lack the optional media fields.
FULL, UNTITLED, MEDIA_TITLE_ONLY, ONLY_MEDIA_TEXT, ONLY_MEDIA_DESCRIPTION = (
    "full", "untitled", "media-title-only", "only-media-text", "only-media-description")
POPULAR_SHAPES = {UNTITLED: 4, MEDIA_TITLE_ONLY: 3, ONLY_MEDIA_TEXT: 4, ONLY_MEDIA_DESCRIPTION: 4}
HISTORY_SHAPE_WEIGHTS = {FULL: 78, UNTITLED: 6, MEDIA_TITLE_ONLY: 4, ONLY_MEDIA_TEXT: 6,
                         ONLY_MEDIA_DESCRIPTION: 6}


# MARK: - Model


@dataclass(frozen=True)
class Image:
    """One image URL with its pixel size: a media:thumbnail or media:content."""

    url: str
    width: int
    height: int
    mime: str = ""


@dataclass
class Item:
    """One invented post, rendered identically (modulo prefix and media:group) in every feed."""

    artist: Artist
    number: int
    kind: str  # "deviation" or "journal"
    shape: str
    published: datetime
    date_text: str = ""
    guid: str = ""
    guid_is_permalink: bool = True
    link: str = ""
    title: str | None = None
    title_padded: bool = False  # rendered with newlines and indentation around it
    media_title: str | None = None
    description: str | None = None  # HTML
    description_cdata: bool = False
    media_description: tuple[str, str] | None = None  # (type, text)
    media_text: tuple[str, str] | None = None  # (type, text)
    keywords: str | None = None
    category: tuple[str, str] = ("", "")
    copyright: str = ""
    rating: str = "nonadult"
    credits: list[tuple[str, str, str]] = field(default_factory=list)
    thumbnails: list[Image] = field(default_factory=list)
    content: Image | None = None
    grouped: bool = False  # wrap media in media:group where the feed style allows it
    group_text: bool = False  # also move media:title/description/rating into the group


# MARK: - Dates


def nth_sunday(year: int, month: int, n: int) -> date:
    """The n-th Sunday of a month (n = -1 for the last one)."""
    if n > 0:
        first = date(year, month, 1)
        return first + timedelta(days=(6 - first.weekday()) % 7 + 7 * (n - 1))
    following = date(year + month // 12, month % 12 + 1, 1)
    last = following - timedelta(days=1)
    return last - timedelta(days=(last.weekday() + 1) % 7)


def zone_offset(zone: str, instant: datetime, rng: Random) -> tuple[int, str]:
    """Minutes east of UTC and the RFC 822 zone text an author in `zone` would write."""
    year = instant.year
    us_summer = nth_sunday(year, 3, 2) <= instant.date() < nth_sunday(year, 11, 1)
    eu_summer = nth_sunday(year, 3, -1) <= instant.date() < nth_sunday(year, 10, -1)
    if zone == "utc":
        return 0, rng.choice(["GMT", "UT", "+0000", "Z"])
    if zone == "travel":
        return rng.choice([(330, "+0530"), (345, "+0545"), (630, "+1030"), (-570, "-0930")])
    table = {
        "us-pacific": (-420, "PDT") if us_summer else (-480, "PST"),
        "us-eastern": (-240, "EDT") if us_summer else (-300, "EST"),
        "london": (60, "+0100") if eu_summer else (0, "GMT"),
        "paris": (120, "+0200") if eu_summer else (60, "+0100"),
        "tokyo": (540, "+0900"),
        "shanghai": (480, "+0800"),
        "cairo": (120, "+0200"),
        "sao-paulo": (-180, "-0300"),
    }
    return table[zone]


def rfc822(instant: datetime, zone: str, rng: Random, variant: str = "") -> str:
    """Format `instant` as an RFC 822 date in the author's zone.

    Variants stay within RFC 822: "no-weekday", "no-seconds", "short-day" (day not
    zero-padded) and "two-digit-year".
    """
    minutes, label = zone_offset(zone, instant, rng)
    local = instant + timedelta(minutes=minutes)
    weekday = "" if variant == "no-weekday" else local.strftime("%a, ")
    day = str(local.day) if variant == "short-day" else f"{local.day:02d}"
    year = f"{local.year % 100:02d}" if variant == "two-digit-year" else str(local.year)
    clock = local.strftime("%H:%M") if variant == "no-seconds" else local.strftime("%H:%M:%S")
    return f"{weekday}{day} {local.strftime('%b')} {year} {clock} {label}"


def random_instant(rng: Random, start: datetime, end: datetime, taken: set[datetime]) -> datetime:
    """A whole-second instant in [start, end) not used by any other item."""
    span = int((end - start).total_seconds())
    while True:
        instant = start + timedelta(seconds=rng.randrange(span))
        if instant not in taken:
            taken.add(instant)
            return instant


# MARK: - Text


def ascii_slug(text: str) -> str:
    """Letters and digits of the ASCII part of `text`, joined by hyphens."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "-".join(re.findall(r"[A-Za-z0-9]+", folded))


def url_slug(title: str | None) -> str:
    """The path segment DeviantArt-style links use for a title (percent-encoded when not ASCII)."""
    if not title:
        return "Untitled"
    if title.isascii():
        return ascii_slug(title) or "Untitled"
    words = re.findall(r"\w+", title)
    return urllib.parse.quote("-".join(words)) if words else "Untitled"


def sample_cycle(rng: Random, pool: list[str], count: int) -> list[str]:
    """`count` entries of `pool` in random order, repeating the pool only once it is used up."""
    result: list[str] = []
    while len(result) < count:
        result.extend(rng.sample(pool, min(len(pool), count - len(result))))
    return result


def plain_text(markup: str) -> str:
    """Roughly what a reader shows for HTML: tags and style/script dropped, entities decoded."""
    text = re.sub(r"<(style|script)\b.*?</\1>", " ", markup, flags=re.S | re.I)
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(text)).strip()


def to_html(text: str, rng: Random, entities: bool) -> str:
    """Escape one sentence for HTML, spelling some characters as named or numeric entities."""
    escaped = html.escape(text, quote=False)
    if not entities:
        return escaped
    swaps = [("...", "&hellip;"), ("…", "&hellip;"), (" — ", " &mdash; "), ("—", "&#8212;"),
             (" - ", " &ndash; "), ("×", "&times;"), ("©", "&copy;"), (" !", "&nbsp;!"),
             ("❤️", "&#x2764;&#xFE0F;"), ("é", "&eacute;"), ("ã", "&atilde;"), ("’", "&rsquo;")]
    for plain, entity in swaps:
        if plain in escaped and rng.random() < 0.8:
            escaped = escaped.replace(plain, entity)
    return escaped


def sprinkle_emoji(rng: Random, artist: Artist, sentence: str, rate: float) -> str:
    """Sometimes end a sentence with an emoji from the artist's set or the shared set."""
    if rng.random() >= rate:
        return sentence
    pool = artist.emoji if rng.random() < 0.75 else SHARED_EMOJI
    return f"{sentence} {rng.choice(pool)}"


def long_url(rng: Random, artist: Artist, number: int) -> str:
    """A shop link far wider than any terminal, with query parameters and no break points."""
    token = "".join(rng.choice("0123456789abcdef") for _ in range(48))
    target = urllib.parse.quote(f"https://shop.artfeed.example/prints/{artist.slug}/{number}",
                                safe="")
    return (f"{SITE}/outgoing?url={target}&utm_source=artfeed&utm_medium=rss"
            f"&utm_campaign=spring-print-sale-2025&ref={token}"
            f"&variant=A3-giclee-matte-cotton-rag-308gsm-unframed")


# MARK: - Items


class ItemFactory:
    """Makes invented items from the artists' pools with one shared random generator."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng
        self.numbers: set[int] = set()
        self.instants: set[datetime] = set()
        self.title_queues: dict[str, list[str]] = {}
        self.pinned_queues: dict[str, list[str]] = {}
        self.title_uses: dict[tuple[str, str], int] = {}

    def make(self, artist: Artist, kind: str, shape: str, start: datetime) -> Item:
        """One item by `artist` published between `start` and the fixed clock."""
        rng = self.rng
        number = self._fresh_number()
        instant = random_instant(rng, start, CLOCK, self.instants)
        zone = "travel" if rng.random() < 0.08 else artist.zone
        variant = rng.choices(["", "no-weekday", "no-seconds", "short-day"], [88, 4, 4, 4])[0]
        if variant == "no-seconds":
            # The written date is the instant: drop its seconds, keeping instants unique.
            on_the_minute = instant.replace(second=0)
            if on_the_minute in self.instants:
                variant = ""
            else:
                self.instants.discard(instant)
                self.instants.add(on_the_minute)
                instant = on_the_minute
        item = Item(artist=artist, number=number, kind=kind, shape=shape, published=instant)
        item.date_text = rfc822(instant, zone, rng, variant)
        language = rng.choices(list(artist.languages), list(artist.languages.values()))[0]
        title = self._title(artist, kind, shape, language)
        self._links(item, title)
        if kind == "deviation":
            self._images(item, title)
        self._metadata(item, language)
        self._text(item, title, language)
        return item

    def _fresh_number(self) -> int:
        while True:
            number = self.rng.randrange(900_000_000, 1_100_000_000)
            if number not in self.numbers:
                self.numbers.add(number)
                return number

    def _title(self, artist: Artist, kind: str, shape: str, language: str) -> str:
        """Titles come from the artist's list without repeats; reruns get a numbering suffix.

        Pinned titles (the awkward ones) go to the first items that show a `<title>`, so they
        land in the popular feed.
        """
        if kind == "journal":
            return self.rng.choice(JOURNAL_TITLES[language])
        pinned = self.pinned_queues.setdefault(artist.slug, list(reversed(artist.pinned_titles)))
        if pinned and shape == FULL:
            return pinned.pop()
        queue = self.title_queues.setdefault(artist.slug, [])
        if not queue:
            queue.extend(self.rng.sample(artist.titles, len(artist.titles)))
        title = queue.pop()
        key = (artist.slug, title)
        self.title_uses[key] = self.title_uses.get(key, 0) + 1
        if self.title_uses[key] > 1:
            suffixes = TITLE_SUFFIXES[artist.main_language]
            title = f"{title} {suffixes[(self.title_uses[key] - 2) % len(suffixes)]}"
        return title

    def _links(self, item: Item, title: str) -> None:
        slug = item.artist.slug
        if item.kind == "journal":
            item.link = f"{SITE}/{slug}/journal/{url_slug(title)}-{item.number}"
            if self.rng.random() < 0.5:
                item.guid_is_permalink = False
                item.guid = f"tag:artfeed.example,{item.published.year}:journal/{item.number}"
                return
        else:
            item.link = f"{SITE}/{slug}/art/{url_slug(title)}-{item.number}"
        item.guid = item.link

    def _images(self, item: Item, title: str) -> None:
        """Two or three never-upscaled thumbnails and the full image, DeviantArt-style."""
        rng = self.rng
        width, height = item.artist.image_size(rng)
        extension = item.artist.image_format(rng)
        mime = {"jpg": "image/jpeg", "png": "image/png", "gif": "image/gif"}[extension]
        day = item.published.timetuple().tm_yday
        shard = f"{rng.choice('0123456789abcdef')}/{rng.choice('0123456789abcdef')}"
        stem = ascii_slug(title).lower().replace("-", "_") or "untitled"
        name = f"{stem}_by_{item.artist.slug}-{base36(item.number)}.{extension}"
        tail = f"{item.published.year}/{day:03d}/{shard}/{name}"
        boxes = [(150, 150), (300, 900), (1024, 1024)]
        if rng.random() < 0.25:
            boxes = boxes[:2]
        for box_width, box_height in boxes:
            fitted = fit(width, height, box_width, box_height)
            url = f"{IMAGES}/fit-in/{box_width}x{box_height}/{tail}"
            if (box_width, box_height) == (150, 150):
                local = name.rsplit(".", 1)[0] + "." + thumbnail_format(item)
                url = f"{THUMBNAILS}/{local}"
            item.thumbnails.append(Image(url, fitted[0], fitted[1]))
        item.content = Image(f"{IMAGES}/original/{tail}", width, height, mime)
        item.grouped = rng.random() < 0.65
        item.group_text = item.grouped and rng.random() < 0.5

    def _metadata(self, item: Item, language: str) -> None:
        rng = self.rng
        artist = item.artist
        if item.kind == "journal":
            item.category = ("Journal", "journals/personal")
        else:
            item.category = rng.choice(artist.categories)
        adult_rate = artist.adult_rate if item.kind == "deviation" else 0.0
        item.rating = "adult" if rng.random() < adult_rate else "nonadult"
        item.credits.append(("author", "urn:ebu", artist.handle))
        if rng.random() < 0.8:
            avatar = (f"{IMAGES}/avatars/{artist.slug[0]}/{artist.slug[1]}/{artist.slug}.png"
                      f"?{artist.avatar_version}")
            item.credits.append(("author", "urn:ebu", avatar))
        year = item.published.year
        item.copyright = rng.choice([f"Copyright {artist.since}-{year} {artist.handle}",
                                     f"© {year} {artist.handle}. All rights reserved.",
                                     f"Copyright {year} {artist.handle}"])
        roll = rng.random()
        if roll < 0.2:
            item.keywords = ""
        elif roll < 0.9:
            words = rng.sample(artist.keywords, rng.randint(2, min(6, len(artist.keywords))))
            separator = rng.choice([", ", ", ", ",", " , "])
            item.keywords = separator.join(words)

    # MARK: Text fields

    def _text(self, item: Item, title: str, language: str) -> None:
        rng = self.rng
        shape = item.shape
        if shape in (FULL, MEDIA_TITLE_ONLY):
            item.media_title = title
        if shape == FULL:
            item.title = title
            item.title_padded = rng.random() < 0.05
        if shape in (FULL, UNTITLED, MEDIA_TITLE_ONLY):
            item.description = self._description(item, language)
            item.description_cdata = rng.random() < 0.08
            if shape == FULL and rng.random() < 0.35:
                item.media_description = self._media_description(item, language)
            if shape == FULL and rng.random() < 0.22:
                item.media_text = self._media_text(item, language)
        elif shape == ONLY_MEDIA_TEXT:
            sentences = self._sentences(item, language, rng.randint(1, 6))
            joiner = rng.choice([" ", "\n", "\n\n"])
            item.media_text = ("plain", joiner.join(sentences))
        elif shape == ONLY_MEDIA_DESCRIPTION:
            item.media_description = self._media_description(item, language)

    def _length_class(self, item: Item) -> str:
        weights = {"deviation": [18, 42, 30, 10], "journal": [0, 15, 40, 45]}[item.kind]
        return self.rng.choices(["tiny", "short", "medium", "long"], weights)[0]

    def _sentences(self, item: Item, language: str, count: int) -> list[str]:
        chosen = sample_cycle(self.rng, SENTENCES[language], count)
        return [sprinkle_emoji(self.rng, item.artist, s, 0.18) for s in chosen]

    def _description(self, item: Item, language: str) -> str:
        """DeviantArt-style description HTML: text, links, and the thumbnail <img> trailer."""
        rng = self.rng
        length = self._length_class(item)
        entities = rng.random() < 0.7
        if length == "tiny":
            body = to_html(rng.choice(TINY_TEXTS[language]), rng, entities)
        elif length == "long":
            body = self._long_body(item, language, entities)
        else:
            count = rng.randint(1, 2) if length == "short" else rng.randint(3, 6)
            lines = [to_html(s, rng, entities) for s in self._sentences(item, language, count)]
            body = rng.choice(["<br />", "<br />\n", "&nbsp; ", " "]).join(lines)
            if length == "medium":
                body += self._extras(item)
        if item.kind == "deviation" and item.thumbnails:
            medium = html.escape(item.thumbnails[1].url)
            body += f'<br /><div><img src="{medium}" alt="thumbnail" /></div>'
        return body

    def _long_body(self, item: Item, language: str, entities: bool) -> str:
        """At least 2,000 characters of plain text in <p> paragraphs, maybe a heading and list.

        Paragraphs alternate between the item's language and English journal sentences (a
        bilingual post, or an artist statement), so no small pool repeats over and over.
        """
        rng = self.rng
        pools = [JOURNAL_SENTENCES["en"]]
        if language != "en" or item.kind == "deviation":
            pools.insert(0, SENTENCES[language])
        streams = [iter(sample_cycle(rng, pool, 400)) for pool in pools]
        target = rng.randint(2000, 3600)
        paragraphs: list[str] = []
        total = 0
        while total < target:
            stream = streams[len(paragraphs) % len(streams)]
            sentences = [sprinkle_emoji(rng, item.artist, next(stream), 0.1)
                         for _ in range(rng.randint(3, 6))]
            text = " ".join(to_html(s, rng, entities) for s in sentences)
            paragraphs.append(f"<p>{text}</p>")
            total += len(plain_text(text))
        if rng.random() < 0.5:
            steps = "".join(f"<li>{to_html(next(streams[-1]), rng, entities)}</li>"
                            for _ in range(3))
            paragraphs.insert(rng.randint(1, len(paragraphs)), f"<h3>Notes</h3><ul>{steps}</ul>")
        if item.kind == "journal" and rng.random() < 0.25:
            paragraphs.insert(0, "<style>.journal h3 { color: #b5483d; font-variant: small-caps; }"
                                 "</style>")
        if item.kind == "journal" and rng.random() < 0.1:
            paragraphs.append('<script type="text/javascript">window.journalSkin = "moth";'
                              "</script>")
        return "\n".join(paragraphs) + self._extras(item)

    def _extras(self, item: Item) -> str:
        """Optional trailing links: a very long shop URL, a profile icon, a bold thank-you."""
        rng = self.rng
        extras = ""
        if rng.random() < 0.35:
            url = html.escape(long_url(rng, item.artist, item.number))
            extras += f'<br /><br />Prints: <a href="{url}">{url}</a>'
        if rng.random() < 0.3:
            slug = item.artist.slug
            icon = f"{IMAGES}/avatars/{slug[0]}/{slug[1]}/{slug}.png"
            extras += (f'<br /><a href="{SITE}/{slug}"><img class="avatar" src="{icon}" width="50"'
                       f' height="50" alt=":icon{slug}:" title="{slug}"/></a>')
        if rng.random() < 0.2:
            extras += "<br /><b>Thank you</b> &amp; <i>good night</i>&nbsp;&hellip;"
        return extras

    def _media_description(self, item: Item, language: str) -> tuple[str, str]:
        rng = self.rng
        sentences = self._sentences(item, language, rng.randint(1, 4))
        if rng.random() < 0.7:
            body = "<br />".join(to_html(s, rng, True) for s in sentences)
            if rng.random() < 0.3:
                body = f"<span>{body}</span> <a href=\"{SITE}/{item.artist.slug}\">more</a>"
            return ("html", body)
        return ("plain", " ".join(sentences) + rng.choice(["", " <3", " :>"]))

    def _media_text(self, item: Item, language: str) -> tuple[str, str]:
        """Spec sheets with tabs, alt text, literal markup in plain text, or a small HTML note."""
        rng = self.rng
        kinds = ["specs", "alt", "literal", "html"]
        weights = [4, 4, 1, 2] if item.content else [0, 0, 1, 2]
        kind = rng.choices(kinds, weights)[0]
        if kind == "specs" and item.content:
            size = rng.choice(["21 × 29.7 cm", "30 × 40 cm", "A5"])
            if item.artist.sizes in ("pixel", "strip"):
                size = f"{item.content.width} × {item.content.height} px"
            return ("plain", f"Medium:\t{rng.choice(item.artist.media)}\nSize:\t{size}"
                             f"\nYear:\t{item.published.year}")
        if kind == "alt":
            return ("plain", "Alt text: " + " ".join(self._sentences(item, language, 1)))
        if kind == "literal":
            return ("plain", rng.choice(LITERAL_MARKUP_TEXTS))
        link = f"{SITE}/{item.artist.slug}/process/{item.number}"
        return ("html", f'<p>Process video: <a href="{link}">watch it here</a> &rarr;</p>')


def thumbnail_format(item: Item) -> str:
    """The bundled small thumbnail's format, as an image CDN might serve it.

    Drawn from its own generator seeded by the item number, so the shared draw order (and
    every other byte of the feeds) does not depend on it. Pixel art stays lossless.
    """
    rng = Random(f"{SEED}:thumbnail:{item.number}")
    if item.artist.sizes == "pixel":
        return rng.choice(["png", "gif"])
    return rng.choice(["jpg", "jpg", "webp", "webp", "png"])


def fit(width: int, height: int, box_width: int, box_height: int) -> tuple[int, int]:
    """Size of an image scaled to fit a box, never upscaled (DeviantArt's no_upscale)."""
    scale = min(box_width / width, box_height / height, 1.0)
    return max(1, round(width * scale)), max(1, round(height * scale))


def base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while number:
        number, remainder = divmod(number, 36)
        text = digits[remainder] + text
    return text or "0"


# MARK: - Building the collection


@dataclass
class Collection:
    """Every generated item: the popular selection and each artist's full history."""

    popular: list[Item]
    by_artist: dict[str, list[Item]]


def build(seed: int) -> Collection:
    """Make the popular items with fixed kind/shape quotas, then each artist's older work."""
    rng = Random(seed)
    factory = ItemFactory(rng)
    slots = [artist for artist in ARTISTS for _ in range(artist.popular_count)]
    assert len(slots) == POPULAR_SIZE, len(slots)
    rng.shuffle(slots)
    journals = set(rng.sample(range(POPULAR_SIZE), POPULAR_JOURNALS))
    shapes = [FULL] * POPULAR_SIZE
    free = list(range(POPULAR_SIZE))
    rng.shuffle(free)
    for shape, count in POPULAR_SHAPES.items():
        for _ in range(count):
            shapes[free.pop()] = shape
    popular = [factory.make(artist, "journal" if index in journals else "deviation",
                            shapes[index], POPULAR_FROM)
               for index, artist in enumerate(slots)]
    by_artist: dict[str, list[Item]] = {}
    for artist in ARTISTS:
        history = [item for item in popular if item.artist is artist]
        for _ in range(artist.history_count):
            kind = "journal" if rng.random() < 0.3 else "deviation"
            shapes = list(HISTORY_SHAPE_WEIGHTS)
            shape = rng.choices(shapes, list(HISTORY_SHAPE_WEIGHTS.values()))[0]
            history.append(factory.make(artist, kind, shape, HISTORY_FROM))
        by_artist[artist.slug] = newest_first(history)
    oldest = min((item for items in by_artist.values() for item in items if item.kind == "deviation"
                  and item not in popular), key=lambda item: item.published)
    oldest.date_text = rfc822(oldest.published, oldest.artist.zone, rng, "two-digit-year")
    return Collection(popular=newest_first(popular), by_artist=by_artist)


def newest_first(items: list[Item]) -> list[Item]:
    return sorted(items, key=lambda item: (item.published, item.guid), reverse=True)


# MARK: - Rendering


def xml_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xml_attr(text: str) -> str:
    return xml_text(text).replace('"', "&quot;")


@dataclass(frozen=True)
class FeedStyle:
    """How one file spells Media RSS: the prefix, the namespace URI, and media:group use."""

    prefix: str = "media"
    namespace: str = MRSS
    groups: bool = False


def render_item(item: Item, style: FeedStyle) -> str:
    p = style.prefix
    group = style.groups and item.grouped
    in_group_text = group and item.group_text
    lines = ["    <item>"]
    if item.title is not None:
        title = xml_text(item.title)
        if item.title_padded:
            title = f"\n        {title}\n      "
        lines.append(f"      <title>{title}</title>")
    lines.append(f"      <link>{xml_text(item.link)}</link>")
    permalink = "true" if item.guid_is_permalink else "false"
    lines.append(f'      <guid isPermaLink="{permalink}">{xml_text(item.guid)}</guid>')
    lines.append(f"      <pubDate>{item.date_text}</pubDate>")
    scalars: list[str] = []
    if item.media_title is not None:
        scalars.append(f'<{p}:title type="plain">{xml_text(item.media_title)}</{p}:title>')
    if item.media_description is not None:
        kind, text = item.media_description
        scalars.append(f'<{p}:description type="{kind}">{xml_text(text)}</{p}:description>')
    scalars.append(f'<{p}:rating scheme="urn:simple">{item.rating}</{p}:rating>')
    if not in_group_text:
        lines.extend("      " + line for line in scalars)
    if item.keywords is not None:
        lines.append(f"      <{p}:keywords>{xml_text(item.keywords)}</{p}:keywords>")
    label, path = item.category
    lines.append(f'      <{p}:category label="{xml_attr(label)}">{xml_text(path)}</{p}:category>')
    for role, scheme, name in item.credits:
        lines.append(f'      <{p}:credit role="{role}" scheme="{scheme}">'
                     f"{xml_text(name)}</{p}:credit>")
    owner = f"{SITE}/{item.artist.slug}"
    lines.append(f'      <{p}:copyright url="{owner}">{xml_text(item.copyright)}</{p}:copyright>')
    if item.media_text is not None:
        kind, text = item.media_text
        lines.append(f'      <{p}:text type="{kind}">{xml_text(text)}</{p}:text>')
    media = [f'<{p}:thumbnail url="{xml_attr(t.url)}" width="{t.width}" height="{t.height}"/>'
             for t in item.thumbnails]
    if item.content is not None:
        c = item.content
        media.append(f'<{p}:content url="{xml_attr(c.url)}" medium="image" type="{c.mime}" '
                     f'width="{c.width}" height="{c.height}"/>')
    if group:
        lines.append(f"      <{p}:group>")
        if in_group_text:
            lines.extend("        " + line for line in scalars)
        lines.extend("        " + line for line in media)
        lines.append(f"      </{p}:group>")
    else:
        lines.extend("      " + line for line in media)
    if item.description is not None:
        if item.description_cdata:
            assert "]]>" not in item.description
            lines.append(f"      <description><![CDATA[{item.description}]]></description>")
        else:
            lines.append(f"      <description>{xml_text(item.description)}</description>")
    lines.append("    </item>")
    return "\n".join(lines)


def render_feed(title: str, link: str, description: str, language: str, self_query: str,
                items: list[Item], style: FeedStyle) -> str:
    """A whole RSS document: header comment, channel metadata, then items newest first."""
    newest = items[0].published.strftime("%a, %d %b %Y %H:%M:%S GMT")
    self_url = f"https://backend.artfeed.example/rss.xml?type=deviation&q={self_query}"
    head = [
        '<?xml version="1.0" encoding="utf-8"?>',
        f"<!-- Generated by Scripts/generate_feeds.py (generator {GENERATOR_VERSION}, seed {SEED});"
        " do not edit. Regenerate: python3 Scripts/generate_feeds.py -->",
        f'<rss version="2.0" xmlns:{style.prefix}="{style.namespace}" xmlns:atom="{ATOM}">',
        "  <channel>",
        f"    <title>{xml_text(title)}</title>",
        f"    <link>{xml_text(link)}</link>",
        f"    <description>{xml_text(description)}</description>",
        f"    <language>{language}</language>",
        "    <copyright>Copyright 2025, artfeed.example</copyright>",
        f"    <pubDate>{newest}</pubDate>",
        f"    <generator>artfeed generate_feeds.py {GENERATOR_VERSION}</generator>",
        f'    <atom:link type="application/rss+xml" rel="self" href="{xml_attr(self_url)}"/>',
    ]
    body = [render_item(item, style) for item in items]
    return "\n".join(head + body + ["  </channel>", "</rss>", ""])


def artist_style(artist: Artist) -> FeedStyle:
    """The Media RSS spelling of an artist's feed; the manifest describes each one."""
    styles = {"prefix-m": FeedStyle(prefix="m"), "groups": FeedStyle(groups=True),
              "no-slash": FeedStyle(namespace=MRSS_NO_SLASH)}
    return styles.get(artist.feed_style, FeedStyle())


def render_all(collection: Collection) -> dict[str, str]:
    """File name -> document text for every feed."""
    files = {"popular.rss": render_feed(
        "artfeed: Popular", f"{SITE}/popular", "Popular deviations and journals on artfeed "
        "(invented sample data for offline use).", "en-us", "popular", collection.popular,
        FeedStyle())}
    for artist in ARTISTS:
        files[artist.file_name] = render_feed(
            f"{artist.handle} on artfeed", f"{SITE}/{artist.slug}/gallery", artist.bio,
            artist.language_tag, f"gallery%3A{artist.slug}", collection.by_artist[artist.slug],
            artist_style(artist))
    return files


# MARK: - Invented content
#
# Everything below was written for artfeed. Handles, titles and sentences are fiction; any
# resemblance to a real account is accidental.


@dataclass
class Artist:
    """One invented artist: handle, feed file, languages, time zone and content pools."""

    handle: str
    slug: str  # ASCII; used in URLs and the feed's file name
    languages: dict[str, int]  # language -> weight for each item's text
    language_tag: str
    zone: str
    bio: str
    titles: list[str]
    keywords: list[str]
    categories: list[tuple[str, str]]
    media: list[str]
    emoji: list[str]
    popular_count: int
    history_count: int
    since: int
    avatar_version: int = 1
    adult_rate: float = 0.06
    sizes: str = "painting"  # "painting", "pixel", "photo", "strip"
    feed_style: str = "standard"
    pinned_titles: list[str] = field(default_factory=list)  # used first, in this order

    @property
    def main_language(self) -> str:
        return max(self.languages, key=lambda language: self.languages[language])

    @property
    def file_name(self) -> str:
        return f"artist-{self.slug}.rss"

    def image_size(self, rng: Random) -> tuple[int, int]:
        """Original image size: aspect ratios from square to panorama, some tiny originals."""
        if self.sizes == "pixel":
            return rng.choice([(64, 64), (128, 96), (256, 144), (320, 180), (480, 270), (96, 160)])
        if self.sizes == "strip" and rng.random() < 0.5:
            return rng.choice([(900, 4200), (5200, 1100), (720, 3000)])
        ratio = rng.choice([(1, 1), (3, 4), (4, 3), (2, 3), (3, 2), (16, 9), (9, 16), (4, 5)])
        long_side = rng.randint(900, 4800) if self.sizes == "photo" else rng.randint(600, 3600)
        if ratio[0] >= ratio[1]:
            return long_side, round(long_side * ratio[1] / ratio[0])
        return round(long_side * ratio[0] / ratio[1]), long_side

    def image_format(self, rng: Random) -> str:
        if self.sizes == "pixel":
            return rng.choice(["png", "png", "gif"])
        return rng.choice(["jpg", "jpg", "jpg", "png"])


ARTISTS: list[Artist] = [
    Artist(
        handle="inkwell-moth", slug="inkwell-moth", languages={"en": 1}, language_tag="en-gb",
        zone="london", since=2014, avatar_version=3, popular_count=8, history_count=9,
        bio="Ink drawings of moths, beetles and other small visitors of the night.",
        titles=["Luna moth, sepia", "Rosy maple moth", "Garden tiger", "Moth orchard",
                "Night visitors", "Beetle alphabet: A to F", "Lamp & wing",
                "The moth who read Proust", "Atlas moth (life size)", "Cinnabar",
                "Elephant hawkmoth", "Pressed wings", "Dusk collectors"],
        pinned_titles=[
            "Thank you <3",
            "A title that keeps going because I could not decide what to call this piece, so "
            "here is every idea I had: moth, lantern, orchard, sepia, night, the smell of rain "
            "on a tin roof, and one small beetle",
            "Moth\u200borchard study", "Night\tferry moths"],
        keywords=["ink", "moth", "insect", "dip pen", "sepia", "nocturnal", "natural history",
                  "traditional"],
        categories=[("Traditional Art", "traditional/drawings/ink"),
                    ("Traditional Art", "traditional/drawings/animals")],
        media=["sepia ink on hot-pressed paper", "dip pen and walnut ink"],
        emoji=["🦋", "🌙", "🖋️", "🪲"]),
    Artist(
        handle="夜桜studio", slug="yozakura-studio", languages={"ja": 7, "en": 3},
        language_tag="ja", zone="tokyo", since=2016, avatar_version=2, popular_count=8,
        history_count=10, bio="夜の京都と桜を描いています。Night streets and cherry blossoms.",
        titles=["夜桜と終電", "雨の京都", "金魚すくいの夜", "縁側の猫", "花火のあと", "狐の嫁入り",
                "雪の鳥居", "駄菓子屋の午後", "海辺の喫茶店", "月見団子", "ﾈｺﾁｬﾝ落書き", "春雷",
                "路地裏の提灯", "夏の終わりのラムネ", "Yozakura 夜桜 (commission)"],
        keywords=["夜桜", "京都", "桜", "夜景", "イラスト", "digital painting", "anime",
                  "cherry blossom"],
        categories=[("Digital Art", "digitalart/paintings/landscapes"),
                    ("Anime & Manga", "anime/digital/scenery")],
        media=["CLIP STUDIO PAINT", "透明水彩"],
        emoji=["🌸", "🏮", "🐈", "🎆", "🇯🇵"]),
    Artist(
        handle="墨竹_Lin", slug="mozhu-lin", languages={"zh": 8, "en": 2}, language_tag="zh-cn",
        zone="shanghai", since=2012, popular_count=6, history_count=8,
        bio="水墨、书法与小品。Ink painting and calligraphy from Hangzhou.",
        titles=["墨竹图", "雨后西湖", "夜航船", "秋山行旅（临摹）", "竹林听雨", "荷塘月色",
                "寒江独钓", "猫与书法", "青绿山水练习", "故宫雪景", "兰亭序临帖", "一叶知秋",
                "小楷心经", "江南春"],
        keywords=["水墨", "书法", "国画", "山水", "竹", "ink wash", "calligraphy"],
        categories=[("Traditional Art", "traditional/paintings/ink"),
                    ("Traditional Art", "traditional/calligraphy")],
        media=["宣纸水墨", "ink on xuan paper"],
        emoji=["🎋", "🍵", "🌧️", "🇨🇳"]),
    Artist(
        handle="QamarAlLayl", slug="qamarallayl", languages={"ar": 7, "en": 3},
        language_tag="ar-eg", zone="cairo", since=2017, avatar_version=4, popular_count=6,
        history_count=8, bio="خط عربي وزخارف هندسية من القاهرة. Calligraphy and star patterns.",
        titles=["ليلة مقمرة", "زخارف هندسية", "خط الثلث — دراسة", "سوق القاهرة القديم",
                "نخلة في الريح", "فانوس رمضان", "نجوم الصحراء", "الباب الأزرق", "قهوة الصباح",
                "البحر في الشتاء", "Moonlit arabesque", "Eight-point star tiling / نجمة ثمانية"],
        keywords=["خط عربي", "زخرفة", "هندسة", "calligraphy", "geometric", "islamic pattern",
                  "ink"],
        categories=[("Traditional Art", "traditional/calligraphy/arabic"),
                    ("Digital Art", "digitalart/vector/patterns")],
        media=["حبر على ورق مصنوع يدوياً", "gouache and gold leaf"],
        emoji=["🌙", "✨", "🇪🇬", "☕"]),
    Artist(
        handle="PixelHeron", slug="pixelheron", languages={"en": 1}, language_tag="en-us",
        zone="us-pacific", since=2015, popular_count=7, history_count=9, sizes="pixel",
        feed_style="prefix-m", bio="Small pixel scenes, 16 colours at a time.",
        pinned_titles=["Salt & pepper shakers (32x32)"],
        titles=["Heron at dawn (64x64)", "Rainy bus stop, 16 colours", "Lighthouse loop",
                "Tiny kitchen", "Ferry at dusk", "Dungeon tileset v2", "Snow on the canal",
                "Arcade at closing time", "Pocket forest", "Night market 🏮",
                "Boss sprite: The Lantern Eel", "Cozy attic", "1-bit moon"],
        keywords=["pixel art", "pixelart", "aseprite", "16 colours", "sprite", "game art",
                  "tileset"],
        categories=[("Pixel Art", "digitalart/pixelart/scenes"),
                    ("Pixel Art", "digitalart/pixelart/animated")],
        media=["Aseprite, 16-colour palette", "Pixaki"],
        emoji=["👾", "🕹️", "🌧️"]),
    Artist(
        handle="glitchcat404", slug="glitchcat404", languages={"en": 1}, language_tag="en-us",
        zone="us-eastern", since=2019, avatar_version=7, popular_count=7, history_count=9,
        sizes="strip", feed_style="groups", bio="corrupted files, on purpose 🐈‍⬛📼",
        titles=["CORRUPTED_SUNSET.png", "cat.exe has stopped responding 🐈‍⬛", "datamosh garden",
                "404 fox not found", "VHS dreams 📼", "scanline saint", "pixel sorted tokyo 🇯🇵",
                "buffer overflow bouquet", "NaN NaN NaN NaN cat", "glitch self-portrait 👩‍🎨",
                "checksum lullaby", "ERR_MOON", "family photo, corrupted 👨‍👩‍👧"],
        keywords=["glitch", "datamosh", "pixel sorting", "vaporwave", "vhs", "digital",
                  "experimental"],
        categories=[("Digital Art", "digitalart/glitch"), ("Photo Manipulation",
                                                            "digitalart/photomanip/surreal")],
        media=["pixel sorting script and a broken JPEG encoder", "VHS capture card"],
        emoji=["🐈‍⬛", "📼", "💾", "👩‍🎨", "🏳️‍🌈", "🧑🏿‍💻"]),
    Artist(
        handle="Rene\u0301eDraws", slug="reneedraws", languages={"fr": 5, "en": 5},
        language_tag="fr", zone="paris", since=2013, popular_count=6, history_count=7,
        bio="Aquarelles de Paris, Rene\u0301e. Watercolour sketches of Paris.",
        titles=["Cafe\u0301 au lait, watercolour", "Rue des Martyrs in the rain",
                "Pe\u0301niche at Canal Saint-Martin", "Peonies for Zoe\u0308",
                "Marche\u0301 d'Aligre", "Lavender field study",
                "Cre\u0300me bru\u0302le\u0301e (still life)", "Sunday at the Jardin",
                "Paper boats", "Hydrangeas, wet-on-wet", "Pont des Arts at 7am"],
        keywords=["watercolour", "aquarelle", "Paris", "urban sketching", "plein air",
                  "fleurs"],
        categories=[("Traditional Art", "traditional/paintings/watercolor"),
                    ("Traditional Art", "traditional/sketchbook")],
        media=["watercolour on Arches 300 g", "aquarelle et plume"],
        emoji=["🌷", "☕", "🇫🇷", "🎨"]),
    Artist(
        handle="tidepool-gremlin", slug="tidepool-gremlin", languages={"en": 1},
        language_tag="en-us", zone="us-pacific", since=2018, popular_count=5, history_count=11,
        sizes="photo", bio="Ceramics, tide pools, and photographs of both.",
        titles=["Anemone mug", "Hermit crab house (stoneware)", "Kelp forest vase",
                "Low tide, 6:12am", "Sea urchin teapot", "Barnacle bowl set",
                "Sand dollar ornaments", "Octopus jar, second firing", "Rock pool macro #3",
                "Glaze test tiles", "Salt marsh at slack water"],
        keywords=["ceramics", "pottery", "stoneware", "tide pool", "macro", "glaze", "ocean"],
        categories=[("Sculpture", "sculpture/ceramics"),
                    ("Photography", "photography/nature/macro")],
        media=["stoneware, cone 6 glaze", "macro photograph, 100 mm"],
        emoji=["🦀", "🐙", "🌊", "👍🏽"]),
    Artist(
        handle="marrow_and_moss", slug="marrow-and-moss", languages={"en": 1},
        language_tag="en-gb", zone="utc", since=2011, avatar_version=5, popular_count=6,
        history_count=8, adult_rate=0.45, feed_style="no-slash",
        bio="Dark fantasy, figure drawing, and the occasional bog.",
        titles=["The Antlered Saint", "Moss cathedral", "Bone orchard",
                "Figure study in charcoal", "Wych elm", "The drowned bell", "Lantern of the fen",
                "Reliquary", "Figure in the bracken", "Crow mother", "Barrow queen",
                "Life drawing, 5-minute poses"],
        keywords=["dark fantasy", "figure drawing", "charcoal", "folk horror", "moss",
                  "life drawing"],
        categories=[("Digital Art", "digitalart/paintings/fantasy"),
                    ("Traditional Art", "traditional/drawings/figure")],
        media=["charcoal and white chalk on toned paper", "oils on panel"],
        emoji=["🕯️", "🦴", "🍄", "🥀"]),
    Artist(
        handle="saudade-pixels", slug="saudade-pixels", languages={"pt": 5, "en": 5},
        language_tag="pt-br", zone="sao-paulo", since=2020, popular_count=5, history_count=6,
        sizes="pixel", bio="Pixel art de Lisboa e do Rio. Cities I miss, in small squares.",
        titles=["Saudade em Lisboa", "Bonde 28", "Rio at 5am 🇧🇷", "Azulejo study",
                "Praia do Forte", "Feira de domingo", "Chuva em São Paulo", "Varanda",
                "Fado night", "Ipê amarelo"],
        keywords=["pixel art", "Lisboa", "Rio", "azulejo", "saudade", "city"],
        categories=[("Pixel Art", "digitalart/pixelart/scenes")],
        media=["Aseprite, paleta de 24 cores", "Pyxel Edit"],
        emoji=["🇧🇷", "🇵🇹", "🌴", "👋🏾"]),
]

SHARED_EMOJI = ["👩‍🎨", "👨‍👩‍👧", "👍🏽", "❤️", "🇯🇵", "🎨", "✨"]

# Plain-typed text that looks like markup: a reader must show it as written, not as HTML.
LITERAL_MARKUP_TEXTS = [
    "Formatting tip for commissions: use <br> between lines & keep the brief under 200 words.",
    "Reminder: <3 means love, not a broken tag.",
    "Files: moth_<final>_v2.psd & moth_<final>_v3.psd (don't ask).",
    "Entities stay as typed here: &amp; is five characters, &hellip; is eight.",
]

TITLE_SUFFIXES = {"en": ["II", "(redux)", "v3"], "ja": ["その2", "その3", "（再録）"],
                  "zh": ["其二", "其三", "（重画）"], "ar": ["(٢)", "(٣)", "— نسخة جديدة"],
                  "fr": ["II", "(reprise)", "III"], "pt": ["II", "(de novo)", "III"]}

JOURNAL_TITLES = {
    "en": ["Commissions are open (3 slots)", "Art block, again", "Convention recap",
           "My studio setup 2025", "Thank you for 10k watchers!", "Print shop moving",
           "On drawing every day for a year", "FAQ: brushes, paper & pens", "Hiatus",
           "A long post about burnout", "Giveaway results", "Tutorial: wet-on-wet skies",
           "Price list update"],
    "ja": ["コミッション受付中", "イベント参加のお知らせ", "しばらくお休みします", "作業環境2025",
           "ウォッチ1万人ありがとう！", "画材の話"],
    "zh": ["约稿开放", "近况", "展览小记", "关于临摹", "工具分享", "感谢一万关注！"],
    "ar": ["الطلبات مفتوحة", "شكراً لعشرة آلاف متابع", "معرض الخريف", "أدواتي في الرسم",
           "استراحة قصيرة"],
    "fr": ["Commandes ouvertes", "Carnet de voyage : Lisbonne", "Merci pour les 5 000 abonnés !",
           "Mon matériel d'aquarelle"],
    "pt": ["Encomendas abertas", "Mudança de estúdio", "Obrigada pelos 2 mil seguidores!"],
}

TINY_TEXTS = {
    "en": ["WIP", "sepia.", "🦋", "Enjoy!", "no words today", "for M.", "👍🏽", ""],
    "ja": ["落書き", "ラフです", "🌸", "お気に入り感謝！", ""],
    "zh": ["习作", "小品一幅", "🎋", "谢谢！"],
    "ar": ["دراسة", "شكراً!", "🌙"],
    "fr": ["Merci !", "croquis", "🌷"],
    "pt": ["Obrigada!", "esboço", "🇧🇷"],
}

SENTENCES = {
    "en": [
        "Inked with a dip pen and the last of a very old bottle of sepia.",
        "This one took about nine hours, most of them spent on the wings.",
        "Prints are open again... thank you all for being so patient.",
        "Reference photos were my own, taken on a foggy morning walk.",
        "I tried a limited palette this time - just three colours and white.",
        "Scanned at 600 dpi, so the paper texture shows if you zoom in.",
        "Still not sure about the background; I might come back to it.",
        "Made for a friend who collects odd little things.",
        "The original is about the size of a postcard.",
        "Please don't repost without credit!",
        "Done entirely during my lunch breaks this week.",
        "Some days the lines behave. Today they did not.",
        "Fun fact: the pattern is based on a real specimen in the town museum.",
        "Thanks for all the favourites on the last piece, it made my week ❤️",
        "Experimenting with salt and granulating pigments again.",
        "This is the third attempt. The first two are in a drawer and will stay there.",
        "Critique is very welcome, especially on the perspective.",
        "Drawn live on stream; the recording is up on my page.",
        "Tools: a cheap fountain pen, a water brush, and too much coffee.",
        "I wanted the light to feel like the last ten minutes before a storm.",
        "Part of a series about places that only exist at night.",
        "Colour-picked everything from a photo of my grandmother's kitchen.",
        "Happy little accident: the ink bled and I kept it.",
        "This started as a warm-up sketch and got out of hand.",
        "If you look closely there is a tiny snail hiding in the corner.",
        "Available as a sticker & an A4 print from next week.",
        "Size: 30 × 40 cm, mixed media on cold-pressed paper.",
        "Dedicated to everyone who stayed up too late drawing.",
        "The frame is hand-cut from an old drawer front.",
        "Made this one for my family 👨‍👩‍👧 — they have been asking for months.",
        "Me at 3am, still fixing the hands 👩‍🎨",
        "Column test:\tleft\tcentre\tright — yes, those are tab characters.",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA, "
        "sorry, my cat walked on the keyboard.",
        "Souvenir from the trip to Kyoto 🇯🇵 last spring.",
        "© the artist; reposting with credit is fine.",
    ],
    "ja": [
        "夜桜を見に行った帰り道に描きました。",
        "背景だけで三時間くらいかかりました…",
        "いつもお気に入りやコメントありがとうございます！",
        "線画はクリスタ、塗りは水彩ブラシを使っています。",
        "次の即売会で本にまとめる予定です。",
        "雨の匂いが伝わるといいなと思いながら塗りました。",
        "猫はうちの子がモデルです。",
        "提灯の光の色にかなり悩みました。",
        "ラフから完成までのメイキングは後日まとめます。",
        "久しぶりにアナログで描いたので、線が震えています。",
        "無断転載はご遠慮ください。",
        "夏の終わりのさみしい感じを出したかった。",
        "京都の路地は何度描いても飽きません。",
        "色数を絞って、青と橙だけで構成してみました。",
        "ﾗｸｶﾞｷです。ゆるく見てください。",
        "コミッションの受付は来月から再開します。",
        "実物はもう少し紙の質感が出ています。",
        "花火の音が聞こえてきそうな一枚になりました。",
        "お題箱でいただいたリクエストです。ありがとうございました！",
        "しばらく更新がゆっくりになります。",
        "「夜桜」は英語でも yozakura と呼ばれることがあるそうです。",
    ],
    "zh": [
        "这幅画前后画了三天，大部分时间都花在竹叶上。",
        "宣纸是朋友从安徽带来的，吸墨很快，下笔要果断。",
        "谢谢大家的收藏和评论！",
        "远山用淡墨层层渲染，近处的石头用焦墨勾勒。",
        "最近在临摹宋人小品，感觉笔力还差得很远。",
        "欢迎转载，但请注明作者和出处。",
        "印章是自己刻的，刻歪了一点，就当是特色吧。",
        "原作尺寸是四尺三开，扫描分了六次才拼好。",
        "画到一半下起了雨，索性把雨也画进去了。",
        "有朋友问用的是什么笔，其实就是一支很普通的兼毫。",
        "这一张是给外婆的生日礼物。",
        "留白比画满更难，我还在学。",
        "配色参考了故宫的一件清代瓷器。",
        "如果喜欢的话，可以在我的主页找到高清版本。",
        "今年打算每个月画一张山水，这是第五张。",
        "猫一直趴在画毡上，只好绕着它画。",
        "题字写的是一句自己很喜欢的宋词。",
        "装裱之后颜色会比扫描的更沉稳一些。",
        "近况：搬家了，新的画室有一扇朝北的窗。",
        "约稿暂时只接小幅作品，详情请看置顶日志。",
    ],
    "ar": [
        "رسمت هذه اللوحة في ليلة واحدة بعد زيارة السوق القديم.",
        "شكراً جزيلاً على كل التعليقات الجميلة!",
        "استخدمت الحبر الأسود وورقاً مصنوعاً يدوياً.",
        "الزخارف مستوحاة من بلاط مسجد قديم في القاهرة.",
        "هذه دراسة سريعة للضوء والظل.",
        "العمل متاح كمطبوعة بحجم A3 ابتداءً من الأسبوع القادم.",
        "استغرق الخط وحده أكثر من عشر ساعات.",
        "أحاول أن أتعلم الصبر من الهندسة.",
        "الألوان مأخوذة من صورة لغروب الشمس على النيل.",
        "أرجو عدم إعادة النشر دون ذكر اسم الفنان.",
        "النجمة ذات الثمانية رؤوس تتكرر في كل زاوية من التصميم.",
        "الطلبات مفتوحة الآن لعدد محدود من الأعمال.",
        "رسمت القطة من الذاكرة، لذلك تبدو أكبر قليلاً مما هي عليه.",
        "كلُّ نقطةٍ في هذه اللوحة رُسِمت باليد.",
        "أشكر كل من زار المعرض هذا الخريف 🇪🇬",
        "المزيد قريباً إن شاء الله.",
    ],
    "fr": [
        "Merci beaucoup pour tous vos commentaires !",
        "Peint sur le vif, un dimanche matin, au bord du canal.",
        "Papier Arches 300 g, pinceaux en petit-gris.",
        "Les couleurs de la Seine changent toutes les cinq minutes…",
        "Aquarelle mouille\u0301 sur mouille\u0301, puis quelques de\u0301tails a\u0300 la plume.",
        "Le cafe\u0301 e\u0301tait froid quand j'ai fini.",
        "Croquis fait en vingt minutes, debout, avec un carnet trop petit.",
        "Les pivoines venaient du marche\u0301, elles ont fane\u0301 le lendemain.",
        "J’aime quand l’eau décide à ma place.",
    ],
    "pt": [
        "Pintei isso numa tarde de chuva em Lisboa.",
        "Obrigada pelos favoritos, vocês são demais!",
        "Paleta limitada: azul cobalto, ocre e branco.",
        "Saudade é difícil de traduzir, então eu desenho.",
        "O bonde 28 passa na minha rua todas as manhãs.",
        "Feito em pixel art, 320×180, 24 cores.",
        "Referência: fotos da minha avó na praia em 1978.",
        "Prints disponíveis em breve na loja... 👋🏾",
        "Não estou em Lisboa há três anos e ainda sonho com as escadinhas.",
    ],
}

JOURNAL_SENTENCES = {
    "en": [
        "It has been a strange few months, and I owe you all an update.",
        "First, the good news: the print shop is running again, and every order from the "
        "spring has shipped.",
        "Second, I am going to draw less for a while, and I want to explain why before anyone "
        "worries.",
        "Drawing every day for a year taught me a lot, but it also turned something I love into "
        "a checklist.",
        "I noticed I was choosing subjects by how fast I could finish them, not by how much "
        "they interested me.",
        "So for the next few weeks I will post sketchbook pages instead of finished pieces.",
        "Some of them will be messy, some will be half a page of hands, and that is the point.",
        "Commissions stay open, but with longer turnaround times: think six to eight weeks "
        "rather than two.",
        "If you already paid a deposit, nothing changes for you, and I will send progress "
        "shots as usual.",
        "A few people asked about my tools, so here is the honest list, cheap things included.",
        "I use a steel dip nib for most line work, a size 2 round brush for washes, and "
        "whatever paper is on sale.",
        "The expensive paper helps, but only once you stop being afraid of wasting it.",
        "The convention last weekend was loud, exhausting and wonderful.",
        "I met so many of you in person, and I am still thinking about the kid who showed me "
        "her sketchbook full of beetles.",
        "We sold out of the small prints on the first day, which has never happened before.",
        "Next year I would like to share a table with a couple of friends, so watch this space.",
        "Thank you, truly, to everyone who has left a comment, a favourite or a kind word.",
        "It is easy to feel like you are shouting into the void, and you keep proving that "
        "wrong.",
        "Here is a quick tutorial for the wet-on-wet skies people keep asking about.",
        "Wet the whole sky with clean water until the paper has an even sheen, not puddles.",
        "Drop in the lightest colour first, tilt the board, and let gravity do most of the work.",
        "Add the darker clouds while the paper is still damp, and resist the urge to touch them.",
        "If a bloom appears, call it weather and move on.",
        "Finally, a small announcement: I am moving studios at the end of the month.",
        "The new space has a north-facing window, a sink, and a radiator that sounds like a "
        "ghost.",
        "Shipping will pause for about ten days around the move.",
        "I will post photos once the shelves are up and the boxes are gone.",
        "Take care of yourselves, drink some water, and go draw something that makes you happy.",
        "Questions are welcome in the comments; I read all of them, even when I am slow to "
        "reply.",
        "Price list, for reference: headshot 40 USD, half body 70 USD, full body 110 USD, "
        "backgrounds extra.",
        "I don't draw mecha, complex armour, or real people without their permission.",
        "Payment goes through the site's commission widget only; please don't send money "
        "anywhere else.",
        "Lately I have been reading about Edo-period woodblock printers and their workshops.",
        "There is something comforting about a craft where every step has a name and a person "
        "responsible for it.",
        "I'd like my own process to feel a bit more like that: fewer tabs open, more steps "
        "finished.",
        "More soon...",
    ],
}


# MARK: - Verification (reads back the files that were written)

MRSS_URIS = {MRSS, MRSS_NO_SLASH}
SCRIPTS = {"Han": r"[\u4e00-\u9fff]", "Kana": r"[\u3040-\u30ff\uff66-\uff9f]",
           "Arabic": r"[\u0600-\u06ff]"}
FEATURES = {
    "ZWJ emoji": "\u200d", "flag": r"[\U0001F1E6-\U0001F1FF]{2}",
    "skin tone": r"[\U0001F3FB-\U0001F3FF]", "combining accent": r"[\u0300-\u036f]",
    "tab": "\t", "long URL": r"https?://\S{160,}",
}

TITLE_EDGES = {
    "a tab": lambda title: "\t" in title, "a zero-width space": lambda title: "\u200b" in title,
    "'<'": lambda title: "<" in title, "'&'": lambda title: "&" in title,
    "150+ characters": lambda title: len(title) > 150, "CJK": lambda title: re.search(
        SCRIPTS["Han"], title) is not None, "Arabic": lambda title: re.search(
        SCRIPTS["Arabic"], title) is not None,
}


@dataclass
class ParsedItem:
    """What the checks need from one `<item>`, read with a namespace-aware XML parser."""

    guid: str
    date_text: str
    published: datetime
    title: str | None
    description: str | None
    media: dict[str, list[tuple[tuple[tuple[str, str], ...], str]]]
    grouped: bool

    def first(self, name: str) -> str | None:
        values = self.media.get(name, [])
        return values[0][1] if values else None

    @property
    def author(self) -> str | None:
        for attributes, text in self.media.get("credit", []):
            if dict(attributes).get("role") == "author" and text:
                return text
        return None

    @property
    def is_deviation(self) -> bool:
        return bool(self.media.get("content"))

    def texts(self) -> list[str]:
        fields = [self.title, self.description, self.first("title"), self.first("description"),
                  self.first("text")]
        return [text for text in fields if text]

    def plain_length(self) -> int:
        lengths = [len(plain_text(self.description or "")),
                   len(plain_text(self.first("description") or "")), len(self.first("text") or "")]
        return max(lengths)

    def comparable(self) -> tuple:
        """Everything but the media:group nesting, for comparing copies of one item."""
        media = tuple(sorted((name, tuple(values)) for name, values in self.media.items()))
        return (self.guid, self.published, self.title, self.description, media)


def parse_items(path: Path) -> list[ParsedItem]:
    root = ET.parse(path).getroot()
    items = []
    for element in root.iter("item"):
        media: dict[str, list] = {}
        grouped = False
        for child in element.iter():
            if not isinstance(child.tag, str) or not child.tag.startswith("{"):
                continue
            uri, name = child.tag[1:].split("}")
            if uri not in MRSS_URIS:
                continue
            if name == "group":
                grouped = True
                continue
            attributes = tuple(sorted(child.attrib.items()))
            media.setdefault(name, []).append((attributes, (child.text or "").strip()))
        title = element.findtext("title")
        date_text = element.findtext("pubDate") or ""
        items.append(ParsedItem(
            guid=element.findtext("guid") or "", date_text=date_text,
            published=email.utils.parsedate_to_datetime(date_text),
            title=title.strip() if title is not None else None,
            description=element.findtext("description"), media=media, grouped=grouped))
    return items


def check(condition: bool, message: str) -> None:
    """Like `assert`, but also under `python3 -O`."""
    if not condition:
        raise SystemExit(f"generate_feeds.py: check failed: {message}")


def run_xmllint(paths: list[Path]) -> None:
    """Run `xmllint --noout` on every file, when xmllint is installed."""
    xmllint = shutil.which("xmllint")
    if xmllint is None:
        print("warning: xmllint not found; well-formedness checked with ElementTree only",
              file=sys.stderr)
        return
    result = subprocess.run([xmllint, "--noout", *map(str, paths)], capture_output=True,
                            text=True)
    check(result.returncode == 0, f"xmllint --noout failed:\n{result.stderr}")


def verify(directory: Path, names: list[str]) -> dict[str, list[ParsedItem]]:
    """Assert the promises of the bundled feeds on the files as written."""
    paths = [directory / name for name in names]
    feeds = {path.name: parse_items(path) for path in paths}
    for name, items in feeds.items():
        check(len({item.guid for item in items}) == len(items), f"{name}: duplicate guids")
        dates = [item.published for item in items]
        check(dates == sorted(dates, reverse=True), f"{name}: items are not newest first")
        for item in items:
            credits = item.media.get("credit", [])
            check(any(dict(a) == {"role": "author", "scheme": "urn:ebu"} for a, _ in credits),
                  f"{name}: {item.guid} has no urn:ebu author credit")
            check_media(name, item)
            check_metadata(name, item)
    popular = feeds["popular.rss"]
    check(len(popular) >= 60, "popular.rss has fewer than 60 items")
    deviations = sum(item.is_deviation for item in popular)
    check(0.6 <= deviations / len(popular) <= 0.8, "popular.rss is not about 70% deviations")
    owners = artist_owners(feeds)
    check(len(owners) >= 8, "fewer than 8 artist feeds")
    for item in popular:
        check(item.author in owners, f"popular: no artist feed for {item.author!r}")
        copies = [c for c in feeds[owners[item.author]] if c.guid == item.guid]
        check(len(copies) == 1, f"{owners[item.author]} lacks popular guid {item.guid}")
        check(copies[0].comparable() == item.comparable(), f"{item.guid} differs between feeds")
    for handle, name in owners.items():
        in_popular = sum(item.author == handle for item in popular)
        check(0 < in_popular < len(feeds[name]), f"{name} has no more work than popular shows")
    check_text_variety(popular)
    formats = {url.rsplit(".", 1)[1] for items in feeds.values() for item in items
               for attributes, _ in item.media.get("thumbnail", [])
               for url in [dict(attributes)["url"]] if url.startswith(THUMBNAILS)}
    check(formats == {"jpg", "png", "gif", "webp"}, f"bundled thumbnail formats: {formats}")
    return feeds


def check_media(name: str, item: ParsedItem) -> None:
    """Deviations: 2-3 sized thumbnails and one sized image content; journals: no media."""
    thumbnails = item.media.get("thumbnail", [])
    contents = item.media.get("content", [])
    if not contents:
        check(not thumbnails, f"{name}: journal {item.guid} has thumbnails")
        return
    check(2 <= len(thumbnails) <= 3, f"{name}: {item.guid} has {len(thumbnails)} thumbnails")
    check(len(contents) == 1, f"{name}: {item.guid} has {len(contents)} contents")
    for attributes, _ in thumbnails:
        check({"url", "width", "height"} <= dict(attributes).keys(), f"{item.guid}: thumbnail")
    first = dict(thumbnails[0][0])["url"]
    check(re.fullmatch(r"\.\./thumbnails/[a-z0-9_\-]+\.(jpg|png|gif|webp)", first) is not None,
          f"{name}: {item.guid} small thumbnail {first!r} is not a bundled relative URL")
    content = dict(contents[0][0])
    check(content.get("medium") == "image" and {"type", "width", "height"} <= content.keys(),
          f"{name}: {item.guid} media:content lacks medium/type/size")


def check_metadata(name: str, item: ParsedItem) -> None:
    """Every item, journal or not, has a rating, a labelled category and a copyright."""
    check(item.first("rating") in ("adult", "nonadult"), f"{name}: {item.guid} rating")
    categories = item.media.get("category", [])
    check(len(categories) == 1 and "label" in dict(categories[0][0]), f"{item.guid}: category")
    check(bool(item.first("copyright")), f"{name}: {item.guid} has no media:copyright")


def artist_owners(feeds: dict[str, list[ParsedItem]]) -> dict[str, str]:
    """Handle -> artist feed file; each artist feed credits exactly one handle."""
    owners = {}
    for name, items in feeds.items():
        if name.startswith("artist-"):
            handles = {item.author for item in items}
            check(len(handles) == 1, f"{name} credits {sorted(map(str, handles))}")
            owners[handles.pop()] = name
    return owners


def check_text_variety(popular: list[ParsedItem]) -> None:
    """The popular feed alone carries every kind of text the front end must survive."""
    text = "\n".join(t for item in popular for t in item.texts())
    for label, pattern in {**SCRIPTS, **FEATURES}.items():
        check(re.search(pattern, text) is not None, f"popular.rss has no {label}")
    for entity in ("&amp;", "&hellip;", "&nbsp;", "<br", "<p>", "<a href", "<img"):
        check(entity in text, f"popular.rss descriptions never use {entity}")
    titles = [item.title or "" for item in popular]
    for label, test in TITLE_EDGES.items():
        check(any(test(title) for title in titles), f"popular.rss has no title with {label}")
    lengths = [item.plain_length() for item in popular]
    check(max(lengths) >= 2000 and min(lengths) <= 20, "popular.rss text lengths too uniform")
    check(any(item.first("rating") == "adult" for item in popular), "popular.rss has no adult")
    counts = shape_counts(popular)
    for shape in ("no title", "only media:text", "only media:description"):
        check(counts[shape] > 0, f"popular.rss has no item with {shape}")


def shape_counts(items: list[ParsedItem]) -> dict[str, int]:
    counts = {"no title": 0, "only media:text": 0, "only media:description": 0}
    for item in items:
        if item.title is None and item.first("title") is None:
            counts["no title"] += 1
        others = [item.title, item.description, item.first("title")]
        if item.first("text") and item.first("description") is None and not any(others):
            counts["only media:text"] += 1
        if item.first("description") and item.first("text") is None and not any(others):
            counts["only media:description"] += 1
    return counts


# MARK: - Manifest


def describe(name: str, items: list[ParsedItem], raw: str) -> str:
    """The "exercises" cell of one feed's manifest row, computed from the file itself."""
    notes = []
    if name == "popular.rss":
        notes.append("the default feed: every artist, newest first")
    prefix = re.search(r'xmlns:(\w+)="http://search\.yahoo\.com/mrss/?"', raw)
    if prefix and prefix.group(1) != "media":
        notes.append(f"Media RSS bound to prefix `{prefix.group(1)}:` (no `media:` prefix)")
    if 'xmlns:media="http://search.yahoo.com/mrss"' in raw:
        notes.append("Media RSS namespace without the trailing slash")
    grouped = sum(item.grouped for item in items)
    if grouped:
        notes.append(f"`media:group` in {grouped} items")
    counts = shape_counts(items)
    notes.extend(f"{count} with {shape}" for shape, count in counts.items() if count)
    text = "\n".join(t for item in items for t in item.texts())
    scripts = [label for label, pattern in SCRIPTS.items() if re.search(pattern, text)]
    if scripts:
        notes.append("scripts: Latin, " + ", ".join(scripts))
    features = [label for label, pattern in FEATURES.items() if re.search(pattern, text)]
    notes.append("text: " + ", ".join(features))
    lengths = [item.plain_length() for item in items]
    notes.append(f"text {min(lengths)}-{max(lengths)} chars")
    zones = sorted({item.date_text.split()[-1] for item in items})
    notes.append("zones " + " ".join(zones))
    if any(re.search(r" \d\d \d\d:", item.date_text) for item in items):
        notes.append("a two-digit year")
    cdata = raw.count("<![CDATA[")
    if cdata:
        notes.append(f"{cdata} CDATA descriptions")
    if "&lt;style" in raw or "&lt;script" in raw:
        notes.append("HTML with style/script blocks")
    return "; ".join(notes)


def manifest(feeds: dict[str, list[ParsedItem]], directory: Path) -> str:
    owners = {name: handle for handle, name in artist_owners(feeds).items()}
    popular = feeds["popular.rss"]
    lines = [
        "# Bundled feeds",
        "",
        f"Generated by `Scripts/generate_feeds.py` (generator {GENERATOR_VERSION}, seed {SEED}); "
        "do not edit. Regenerate with `python3 Scripts/generate_feeds.py`; "
        "`python3 Scripts/generate_feeds.py --check` fails if these files are stale.",
        "",
        "Media RSS 2.0 shaped like DeviantArt's backend RSS. Every handle, title, text and URL "
        "is invented; images are never fetched (`images.artfeed.example`), except the small "
        "thumbnails, which are relative URLs (`../thumbnails/NAME.EXT`) to pictures bundled in "
        "`Resources/thumbnails/` (made by `Scripts/generate_thumbnails.py`). The figures below "
        "are read back from the written files, after the generator checked them with Python's "
        "XML parser and, where installed, `xmllint --noout` (Debian: libxml2-utils).",
        "",
        "| file | items | deviations | journals | adult | artists | exercises |",
        "|---|---:|---:|---:|---:|---|---|",
    ]
    for name, items in feeds.items():
        raw = (directory / name).read_text(encoding="utf-8")
        deviations = sum(item.is_deviation for item in items)
        adult = sum(item.first("rating") == "adult" for item in items)
        artists = f"{len({item.author for item in items})}" if name == "popular.rss" else \
            f"`{owners[name]}`"
        lines.append(f"| `{name}` | {len(items)} | {deviations} | {len(items) - deviations} | "
                     f"{adult} | {artists} | {describe(name, items, raw)} |")
    lines += ["", "## Artists", "", "| handle | feed | items in popular | items in its feed |",
              "|---|---|---:|---:|"]
    for name, handle in sorted(owners.items(), key=lambda pair: pair[1]):
        in_popular = sum(item.author == handle for item in popular)
        lines.append(f"| `{handle}` | `{name}` | {in_popular} | {len(feeds[name])} |")
    lines += ["", "## What the files promise (asserted by the generator)", ""] + [
        f"- {promise}" for promise in PROMISES] + [""]
    return "\n".join(lines)


PROMISES = [
    "Every item has `<media:credit role=\"author\" scheme=\"urn:ebu\">HANDLE</media:credit>` "
    "first; most add a second author credit holding the avatar URL, as DeviantArt does.",
    "Every handle in `popular.rss` has one `artist-*.rss` crediting only that handle; it holds "
    "each of the artist's popular items with the same guid and the same fields (only the "
    "Media RSS prefix and `media:group` nesting may differ), plus older work. Handles may be "
    "non-ASCII (`夜桜studio`, a decomposed `é`); file names are ASCII slugs.",
    "Deviations have 2 or 3 `media:thumbnail`s in the order small (fit in 150x150), medium "
    "(fit in 300x900), large (fit in 1024x1024), never upscaled, each with width and height; "
    "the small one's url is relative to the feed file (`../thumbnails/NAME.EXT`, JPEG, PNG, "
    "GIF or WebP, all four present), the others are absolute. Each deviation also has "
    "one `media:content medium=\"image\"` with type, width and height (the full image). "
    "Their `<description>` ends with an `<img>` of the medium thumbnail. Journals have no "
    "thumbnails or content.",
    "Every item has `media:rating scheme=\"urn:simple\"` (`adult` or `nonadult`), "
    "`media:category` with a label, and `media:copyright` with a url; most have "
    "`media:keywords` (some empty, separators vary).",
    "Items are newest first by instant; `pubDate` is RFC 822 in the artist's zone (named "
    "zones PDT/PST/EDT/EST/GMT/UT/Z and numeric offsets, including +0530, +0545, +1030, "
    "-0930), sometimes without weekday or seconds or with a one-digit day; one artist item "
    "has a two-digit year.",
    "guids are unique per file; deviation guids are their links (isPermaLink=\"true\"); some "
    "journal guids are `tag:` URIs with isPermaLink=\"false\".",
]


# MARK: - Main


def generate(out: Path) -> dict[str, list[ParsedItem]]:
    """Write every feed and the manifest into `out`, then verify them; returns parsed feeds."""
    files = render_all(build(SEED))
    out.mkdir(parents=True, exist_ok=True)
    for stale in [*out.glob("artist-*.rss"), *out.glob("popular.rss")]:
        if stale.name not in files:
            stale.unlink()
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8", newline="\n")
    run_xmllint([out / name for name in files])
    feeds = verify(out, list(files))
    (out / "MANIFEST.md").write_text(manifest(feeds, out), encoding="utf-8",
                                     newline="\n")
    return feeds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    repository = Path(__file__).resolve().parent.parent
    parser.add_argument("--out", type=Path, default=repository / "Resources" / "feeds")
    parser.add_argument("--check", action="store_true",
                        help="regenerate into a temporary folder and compare with --out")
    arguments = parser.parse_args()
    if not arguments.check:
        feeds = generate(arguments.out)
        total = sum(len(items) for items in feeds.values())
        print(f"wrote {len(feeds)} feeds ({total} items) and MANIFEST.md to {arguments.out}")
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch)
        generate(fresh)
        stale = [path.name for path in sorted(fresh.iterdir())
                 if not (arguments.out / path.name).exists()
                 or (arguments.out / path.name).read_bytes() != path.read_bytes()]
        extra = [path.name for path in sorted(arguments.out.glob("*.rss"))
                 if not (fresh / path.name).exists()]
    if stale or extra:
        print(f"stale: {stale}; not generated: {extra}", file=sys.stderr)
        return 1
    print(f"{arguments.out} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
