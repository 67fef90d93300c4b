#!/usr/bin/env python3
"""A fault-injecting HTTP server for artfeed's tests (Python 3 standard library only).

Usage: feedserver.py [--dir DIR] [--lifetime SECONDS] [--host ADDRESS]

Binds 127.0.0.1 (or --host: any 127.0.0.N is loopback on Linux, and a distinct host to a
client) on a free port. The first stdout line is that port; the second line is
"blackhole PORT": a port whose accept queue is full, so a connect to it hangs (the kernel drops
the SYN), for connect-timeout tests. The server exits when its parent process goes away or
after --lifetime seconds (default 600), so a crashed test run leaves nothing behind.

Paths (GET; query parameters in brackets are optional):
  /feed.xml                   a small RSS 2.0 feed (3 items, one with Media RSS)
  /gzip/feed.xml              the same, Content-Encoding: gzip
  /etag/feed.xml              the same with ETag "v1" and a Last-Modified date; answers 304
                              when If-None-Match or If-Modified-Since matches
  /files/NAME                 the file NAME from --dir, as application/rss+xml, with an ETag
                              (size and modification time); 304 when If-None-Match matches
  /status/N [?retry-after=V]  an empty-ish body with status N (404, 500, 403, 429, 503, ...),
                              and Retry-After: V when given (seconds or an HTTP-date)
  /html                       an HTML page with status 200
  /stall/headers?seconds=S    accepts, then sends nothing for S seconds (default 30)
  /stall/body?seconds=S       sends headers and half the feed, then nothing for S seconds
  /truncated                  Content-Length larger than the body, then closes the connection
  /large?mb=M[&chunked=1]     M megabytes (default 60) generated on the fly; with chunked=1
                              there is no Content-Length (chunked transfer encoding)
  /bomb?mb=M[&layers=L][&status=N]
                              gzip bomb: a small gzip body that inflates to M MB of zeros
                              (60); layers=2 gzips it again ("Content-Encoding: gzip, gzip":
                              1 GB of zeros is then under 2 KB on the wire); status=301 sends
                              it as the body of a redirect to /feed.xml
  /trickle[?declared=N][&interval=S][&bytes=B]
                              headers at once (Content-Length: N when given, else none and the
                              body runs until the connection closes), then B bytes (1) of the
                              feed's start every S seconds (0.2) for as long as the client stays
  /redirect/to?location=L[&status=N]
                              a 302 (or N: 307 keeps a POST's method and body) whose Location
                              is L exactly (file:///etc/passwd, ftp://...); GET or POST
  /gzipstream[?interval=S]    Content-Encoding: gzip and no length, then a gzip stream of zeros
                              that never ends: 16 MB of zeros (16 KB on the wire) every S
                              seconds (0.01), so a client decodes as fast as it can, forever
  /redirect/hops/N            N redirects (302), then /feed.xml; hops/0 is /feed.xml itself
  /redirect/loop?n=K          redirects to /redirect/loop?n=K+1 forever
  /rss.xml?q=QUERY[&offset=N][&limit=L][&search-delay=S]
                              DeviantArt-style Media RSS search: q=boost:popular (10 items) or
                              q=by:NAME (6 items by NAME); pages of L items (default 4) from
                              offset N, with <atom:link rel="next"> while more remain, and an
                              empty channel past the end. Any other query: an empty channel.
                              search-delay=S makes q=by: answers wait S seconds (a slow
                              server while the reader types). strict=1: q=by:NAME finds only
                              the popular artists (Brindlewick, Quillon, Marrowgate; case
                              ignored, no partial names): their popular works and 3 more.
                              fail-by=CODE: q=by: answers with status CODE.
  /log [?clear=1]             JSON list of the requests so far (not /log itself):
                              [{"path": "/feed.xml?x", "headers": {"user-agent": ...}}];
                              a POST's entry also has "method": "POST" and its "body"
  POST /echo                  JSON {"method", "headers", "body"} of the request (form POSTs)
  /greader/MODE/...           a small Google Reader API (GET or POST), for the sync's hostile
                              servers: ClientLogin, token, subscription/list, tag/list,
                              stream/items/ids, stream/contents, edit-tag, mark-all-as-read.
                              MODE (dash-separated words) changes it:
                                ok        one feed, three items, one page of each
                                empty     no subscriptions, to anyone (no login needed)
                                login307-PORT  ClientLogin is a 307 to the same path under
                                          /greader/ok on 127.0.0.1:PORT
                                list302-PORT   subscription/list is a 302 to the same path
                                          under /greader/empty on 127.0.0.1:PORT ("self" for
                                          this server)
                                same      every listing page has the same items and the same
                                          continuation, forever
                                new       every listing page has a new item and a new
                                          continuation, forever
                                newc      every page has the same item and a new continuation
  /inflight [?clear=1]        JSON {"now": N, "max": M}: requests being answered now, and the
                              most at once since the start (or the last clear=1); /log and
                              /inflight are not counted
"""

import argparse
import gzip
import json
import os
import socket
import sys
import threading
import time
import struct
import urllib.parse
import zlib
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FEED = b"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
<channel>
<title>Test Feed</title>
<link>http://example.org/</link>
<description>A feed served by feedserver.py</description>
<item><title>First</title><link>http://example.org/1</link><guid>item-1</guid>
<pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate><author>ann@example.org (Ann)</author>
<media:content url="http://example.org/1.jpg" medium="image" width="640" height="480"/>
<media:thumbnail url="http://example.org/1-t.jpg" width="150" height="113"/>
<media:credit role="author">Ann</media:credit></item>
<item><title>Second &amp; more</title><link>http://example.org/2</link><guid>item-2</guid>
<description>&lt;p&gt;Hello &lt;b&gt;world&lt;/b&gt;&lt;/p&gt;</description></item>
<item><title>Third</title><link>http://example.org/3</link><guid>item-3</guid></item>
</channel>
</rss>
"""

HTML = b"""<!DOCTYPE html><html><head><title>Not a feed</title></head>
<body><p>This is a web page, not a feed.</p></body></html>
"""

ETAG = '"v1"'
LAST_MODIFIED = "Sat, 21 Nov 2026 10:00:00 GMT"
ARTISTS = ["Brindlewick", "Quillon", "Marrowgate"]
POPULAR = [("Popular work %d" % i, ARTISTS[i % 3]) for i in range(10)]
BY_COUNT = 6
OWN_COUNT = 3


def works_by(name, strict):
    """What q=by:NAME answers. Lenient (the default): BY_COUNT works by whatever NAME is.
    Strict, as DeviantArt does: only a known artist's exact name (case ignored) finds
    anything: their popular works (the same items as in boost:popular) and OWN_COUNT more."""
    if not strict:
        return [("%s's work %d" % (name, i), name) for i in range(BY_COUNT)]
    known = [artist for artist in ARTISTS if artist.lower() == name.lower()]
    if not known:
        return []
    artist = known[0]
    popular = [(title, who, index) for index, (title, who) in enumerate(POPULAR) if who == artist]
    own = [("%s's own work %d" % (artist, i), artist, 100 + i) for i in range(OWN_COUNT)]
    return popular + own


def media_rss_page(base, query, offset, limit, strict=False):
    """One page of a DeviantArt-style search feed. Each work is (title, artist) or (title,
    artist, number): the number makes its link and guid, so the same work has the same
    identity in every answer."""
    if query == "boost:popular":
        works = [(title, artist, index) for index, (title, artist) in enumerate(POPULAR)]
    elif query.startswith("by:") and len(query) > 3:
        works = works_by(query[3:], strict)
    else:
        works = []
    page = works[offset:offset + limit]
    quoted = urllib.parse.quote(query, safe=":")
    items = []
    for index, work in enumerate(page, start=offset):
        title, artist = work[0], work[1]
        number = work[2] if len(work) > 2 else index
        slug = "%s-%d" % (artist, number)
        items.append(
            "<item><title>%s</title>"
            "<link>https://www.deviantart.com/%s/art/%s</link>"
            '<guid isPermaLink="true">https://www.deviantart.com/%s/art/%s</guid>'
            "<pubDate>Sat, 21 Nov 2026 %02d:00:00 GMT</pubDate>"
            "<media:title>%s</media:title>"
            '<media:credit role="author" scheme="urn:ebu">%s</media:credit>'
            '<media:credit role="author" scheme="urn:ebu">https://a.deviantart.net/avatars/%s.png</media:credit>'
            '<media:content url="https://images.example.org/%s.jpg" height="600" width="800" medium="image"/>'
            '<media:thumbnail url="https://images.example.org/%s-t.jpg" height="150" width="200"/>'
            "</item>" % (title, artist, slug, artist, slug, number % 24, title, artist, artist,
                         slug, slug))
    next_link = ""
    if offset + limit < len(works):
        href = "%s/rss.xml?q=%s&amp;offset=%d" % (base, quoted, offset + limit)
        if limit != 4:
            href += "&amp;limit=%d" % limit
        if strict:
            href += "&amp;strict=1"
        next_link = '<atom:link rel="next" href="%s"/>' % href
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" '
            'xmlns:atom="http://www.w3.org/2005/Atom"><channel>'
            "<title>DeviantArt: %s</title><link>https://www.deviantart.com/</link>"
            "<description>DeviantArt RSS for %s</description>"
            '<atom:link rel="self" href="%s/rss.xml?q=%s&amp;offset=%d"/>%s%s'
            "</channel></rss>\n" % (query, query, base, quoted, offset, next_link,
                                    "".join(items))).encode("utf-8")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "feedserver/1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        if url.path != "/log":
            with self.server.log_lock:
                self.server.log.append({
                    "path": self.path,
                    "headers": {k.lower(): v for k, v in self.headers.items()},
                })
        counted = url.path not in ("/log", "/inflight")
        if counted:
            self.server.enter()
        try:
            self.route(url.path, query)
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            if counted:
                self.server.leave()

    def do_POST(self):
        """POST /echo: answers JSON with the request's method, headers and body (as text),
        for the transport's form POSTs (the sync API)."""
        url = urllib.parse.urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length > 0 else b""
        with self.server.log_lock:
            self.server.log.append({
                "path": self.path, "method": "POST",
                "headers": {k.lower(): v for k, v in self.headers.items()},
                "body": body.decode("utf-8", "replace"),
            })
        if url.path.startswith("/greader/"):
            return self.greader(url.path, dict(urllib.parse.parse_qsl(url.query)))
        if url.path == "/redirect/to":
            return self.redirect(url.path, dict(urllib.parse.parse_qsl(url.query)))
        if url.path != "/echo":
            return self.send(404, b"not found")
        answer = {
            "method": "POST",
            "headers": {k.lower(): v for k, v in self.headers.items()},
            "body": body.decode("utf-8", "replace"),
        }
        self.send(200, json.dumps(answer).encode(), {"Content-Type": "application/json"})

    def route(self, path, query):
        if path == "/feed.xml":
            return self.send(200, FEED)
        if path == "/gzip/feed.xml":
            return self.send(200, gzip.compress(FEED), {"Content-Encoding": "gzip"})
        if path == "/etag/feed.xml":
            return self.etag()
        if path.startswith("/files/") and self.server.directory:
            return self.file(path[len("/files/"):])
        if path.startswith("/status/"):
            return self.status(path, query)
        if path == "/html":
            return self.send(200, HTML, {"Content-Type": "text/html; charset=utf-8"})
        if path == "/stall/headers":
            time.sleep(float(query.get("seconds", "30")))
            return self.send(200, FEED)
        if path == "/stall/body":
            return self.stall_body(float(query.get("seconds", "30")))
        if path == "/truncated":
            return self.truncated()
        if path == "/large":
            return self.large(int(query.get("mb", "60")), query.get("chunked") == "1")
        if path == "/bomb":
            return self.bomb(int(query.get("mb", "60")), int(query.get("layers", "1")),
                             int(query.get("status", "200")))
        if path == "/gzipstream":
            return self.gzip_stream(float(query.get("interval", "0.01")))
        if path == "/trickle":
            return self.trickle(query.get("declared"), float(query.get("interval", "0.2")),
                                int(query.get("bytes", "1")))
        if path.startswith("/redirect/"):
            return self.redirect(path, query)
        if path.startswith("/greader/"):
            return self.greader(path, query)
        if path == "/rss.xml":
            if query.get("q", "").startswith("by:"):
                time.sleep(float(query.get("search-delay", "0")))
                if "fail-by" in query:
                    return self.send(int(query["fail-by"]), b"search is down\n",
                                     {"Content-Type": "text/plain"})
            base = "http://%s:%d" % self.server.server_address[:2]
            body = media_rss_page(base, query.get("q", ""), int(query.get("offset", "0")),
                                  max(int(query.get("limit", "4")), 1),
                                  strict=query.get("strict") == "1")
            return self.send(200, body)
        if path == "/inflight":
            return self.send(200, self.server.inflight(query.get("clear") == "1"),
                             {"Content-Type": "application/json"})
        if path == "/log":
            with self.server.log_lock:
                body = json.dumps(self.server.log).encode("utf-8")
                if query.get("clear") == "1":
                    self.server.log.clear()
            return self.send(200, body, {"Content-Type": "application/json"})
        return self.send(404, b"not found\n", {"Content-Type": "text/plain"})

    def send(self, status, body, headers=None):
        headers = headers or {}
        self.send_response(status)
        if "Content-Type" not in headers:
            self.send_header("Content-Type", "application/rss+xml; charset=utf-8")
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def etag(self):
        tags = self.headers.get("If-None-Match")
        since = self.headers.get("If-Modified-Since")
        headers = {"ETag": ETAG, "Last-Modified": LAST_MODIFIED}
        if (tags is not None and ETAG in tags) or (tags is None and since == LAST_MODIFIED):
            self.send_response(304)
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            return
        self.send(200, FEED, headers)

    def file(self, name):
        path = os.path.join(self.server.directory, os.path.basename(name))
        try:
            info = os.stat(path)
            tag = '"%x-%x"' % (info.st_size, info.st_mtime_ns)
            if self.headers.get("If-None-Match") == tag:
                return self.send(304, b"", {"ETag": tag})
            with open(path, "rb") as handle:
                body = handle.read()
        except OSError:
            return self.send(404, b"no such file\n", {"Content-Type": "text/plain"})
        self.send(200, body, {"ETag": tag})

    def status(self, path, query):
        try:
            code = int(path[len("/status/"):])
        except ValueError:
            code = 500
        headers = {"Content-Type": "text/plain"}
        if "retry-after" in query:
            headers["Retry-After"] = query["retry-after"]
        self.send(code, ("status %d\n" % code).encode(), headers)

    def stall_body(self, seconds):
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        self.send_header("Content-Length", str(len(FEED)))
        self.end_headers()
        self.wfile.write(FEED[:len(FEED) // 2])
        self.wfile.flush()
        time.sleep(seconds)

    def truncated(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        self.send_header("Content-Length", str(len(FEED) * 4))
        self.end_headers()
        self.wfile.write(FEED[:len(FEED) // 2])
        self.wfile.flush()
        self.close_connection = True
        self.connection.shutdown(socket.SHUT_RDWR)

    def large(self, megabytes, chunked):
        block = (b"<!-- padding padding padding padding padding padding padding -->\n" * 16384)
        total = megabytes * 1_000_000
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(total))
        self.end_headers()
        sent = 0
        while sent < total:
            piece = block[:total - sent]
            if chunked:
                self.wfile.write(b"%x\r\n" % len(piece) + piece + b"\r\n")
            else:
                self.wfile.write(piece)
            sent += len(piece)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")

    def bomb(self, megabytes, layers, status):
        body = self.server.bomb(megabytes, layers)
        headers = {"Content-Encoding": ", ".join(["gzip"] * layers)}
        if status != 200:
            headers["Location"] = "/feed.xml"
        self.send(status, body, headers)

    def gzip_stream(self, interval):
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        self.send_header("Content-Encoding", "gzip")
        self.close_connection = True
        self.end_headers()
        block = zeros_block()
        self.wfile.write(GZIP_HEADER)
        while True:
            self.wfile.write(block * 16)
            self.wfile.flush()
            time.sleep(interval)

    def trickle(self, declared, interval, count):
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        if declared is not None:
            self.send_header("Content-Length", declared)
        else:
            self.close_connection = True
        self.end_headers()
        sent = 0
        while True:
            piece = FEED[sent % len(FEED):][:count]
            self.wfile.write(piece)
            self.wfile.flush()
            sent += len(piece)
            time.sleep(interval)

    def redirect(self, path, query):
        if path == "/redirect/to":
            self.send_response(int(query.get("status", "302")))
            self.send_header("Location", query.get("location", "/feed.xml"))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if path.startswith("/redirect/hops/"):
            try:
                hops = int(path[len("/redirect/hops/"):])
            except ValueError:
                hops = 0
            target = "/feed.xml" if hops <= 1 else "/redirect/hops/%d" % (hops - 1)
            if hops <= 0:
                return self.send(200, FEED)
        else:
            target = "/redirect/loop?n=%d" % (int(query.get("n", "0")) + 1)
        self.send_response(302)
        self.send_header("Location", target)
        self.send_header("Content-Length", "0")
        self.end_headers()


    def greader(self, path, query):
        """The Google Reader API of /greader/MODE/... (see the module's docstring)."""
        parts = path.split("/", 3)
        mode = parts[2].split("-") if len(parts) > 2 else ["ok"]
        rest = parts[3] if len(parts) > 3 else ""
        plain = {"Content-Type": "text/plain"}
        as_json = {"Content-Type": "application/json"}

        def away(status, port, to_mode):
            host = "127.0.0.1:%s" % (self.server.server_address[1] if port == "self" else port)
            location = "http://%s/greader/%s/%s" % (host, to_mode, rest)
            self.send_response(status)
            self.send_header("Location", location)
            self.send_header("Content-Length", "0")
            self.end_headers()

        if rest == "accounts/ClientLogin":
            if mode[0] == "login307":
                return away(307, mode[1], "ok")
            return self.send(200, b"SID=s\nLSID=l\nAuth=user/token1\n", plain)
        # "empty" answers anyone, as the unauthenticated page a redirect leads to may.
        if mode[0] != "empty" and (
                self.headers.get("Authorization") != "GoogleLogin auth=user/token1"):
            return self.send(401, b"Unauthorized\n", plain)
        if rest == "reader/api/0/token":
            return self.send(200, b"T1\n", plain)
        if rest in ("reader/api/0/edit-tag", "reader/api/0/mark-all-as-read"):
            return self.send(200, b"OK", plain)
        if rest == "reader/api/0/subscription/list":
            if mode[0] == "list302":
                return away(302, mode[1], "empty")
            feeds = [] if mode[0] == "empty" else [
                {"id": "feed/1", "title": "One", "url": "http://127.0.0.1/one.xml",
                 "categories": []}]
            return self.send(200, json.dumps({"subscriptions": feeds}).encode(), as_json)
        if rest == "reader/api/0/tag/list":
            return self.send(200, b'{"tags":[]}', as_json)
        with self.server.log_lock:
            self.server.pages += 1
            page = self.server.pages
        if mode[0] == "same":
            ids, continuation = [1, 2, 3], "again"
        elif mode[0] == "new":
            ids, continuation = [1000 + page], "c%d" % page
        elif mode[0] == "newc":
            ids, continuation = [1], "c%d" % page
        else:
            ids, continuation = [1, 2, 3], None
        if rest == "reader/api/0/stream/items/ids":
            answer = {"itemRefs": [{"id": str(i)} for i in ids]}
        elif rest.startswith("reader/api/0/stream/contents/"):
            answer = {"items": [{
                "id": "tag:google.com,2005:reader/item/%016x" % i,
                "timestampUsec": str(1700000000000000 + i), "published": 1700000000,
                "title": "Item %d" % i, "canonical": [{"href": "http://127.0.0.1/%d" % i}],
                "categories": ["user/-/state/com.google/reading-list"],
                "origin": {"streamId": "feed/1"}} for i in ids]}
        else:
            return self.send(404, b"no such call\n", plain)
        if continuation:
            answer["continuation"] = continuation
        return self.send(200, json.dumps(answer).encode(), as_json)


class FeedServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, directory, host="127.0.0.1"):
        super().__init__((host, 0), Handler)
        self.directory = directory
        self.log = []
        self.log_lock = threading.Lock()
        self.bombs = {}
        self.bomb_lock = threading.Lock()
        self.now_in_flight = 0
        self.max_in_flight = 0
        self.pages = 0

    def enter(self):
        with self.log_lock:
            self.now_in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.now_in_flight)

    def leave(self):
        with self.log_lock:
            self.now_in_flight -= 1

    def inflight(self, clear):
        with self.log_lock:
            body = json.dumps({"now": self.now_in_flight, "max": self.max_in_flight})
            if clear:
                self.max_in_flight = self.now_in_flight
        return body.encode("utf-8")

    def bomb(self, megabytes, layers=1):
        with self.bomb_lock:
            key = (megabytes, layers)
            if key not in self.bombs:
                body = gzip_of_zeros(megabytes)
                for _ in range(layers - 1):
                    body = gzip.compress(body, 9)
                self.bombs[key] = body
            return self.bombs[key]


GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"


def zeros_block():
    """Raw deflate data for one megabyte of zeros, ended by a full flush: the compressor's
    state is reset there, so the same bytes can follow themselves any number of times."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compressor.compress(b"\0" * 1_000_000) + compressor.flush(zlib.Z_FULL_FLUSH)


def gzip_of_zeros(megabytes):
    """A gzip member holding megabytes * 10^6 zero bytes, made in a fraction of a second.

    One megabyte of zeros is deflated once and ended with a full flush, which resets the
    compressor: the same block then stands for every megabyte. The trailer's size (and its CRC-32,
    up to 100 MB) are computed over the zeros without keeping them.
    """
    zeros = b"\0" * 1_000_000
    block = zeros_block()
    final = zlib.compressobj(9, zlib.DEFLATED, -15).flush(zlib.Z_FINISH)
    # Past 100 MB the CRC is left at 0: computing it took seconds, and no client that stops
    # at its cap ever reads the trailer.
    crc = 0
    for _ in range(megabytes if megabytes <= 100 else 0):
        crc = zlib.crc32(zeros, crc)
    size = (megabytes * 1_000_000) & 0xFFFFFFFF
    return GZIP_HEADER + block * megabytes + final + struct.pack("<II", crc, size)


def blackhole():
    """A listening socket whose accept queue is full: further SYNs are dropped."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    port = listener.getsockname()[1]
    fillers = []
    for _ in range(4):
        filler = socket.socket()
        filler.setblocking(False)
        try:
            filler.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        fillers.append(filler)
    return listener, fillers, port


def watchdog(parent, lifetime):
    start = time.time()
    while os.getppid() == parent and time.time() - start < lifetime:
        time.sleep(0.3)
    os._exit(0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", default=None)
    parser.add_argument("--lifetime", type=float, default=600)
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args()
    server = FeedServer(args.dir, args.host)
    hole = blackhole()
    threading.Thread(target=watchdog, args=(os.getppid(), args.lifetime), daemon=True).start()
    sys.stdout.write("%d\nblackhole %d\n" % (server.server_address[1], hole[2]))
    sys.stdout.flush()
    server.serve_forever()


if __name__ == "__main__":
    main()
