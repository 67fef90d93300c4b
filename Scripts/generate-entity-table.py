#!/usr/bin/env python3
"""Writes Sources/FeedCore/HTML/HTMLEntityTable.swift from CPython's copy of the WHATWG HTML5
named character references.

Usage: python3 Scripts/generate-entity-table.py > Sources/FeedCore/HTML/HTMLEntityTable.swift
"""
import html.entities
import sys

rows = []
for name in sorted(html.entities.html5):
    cps = " ".join("%X" % ord(c) for c in html.entities.html5[name])
    rows.append("  %s %s" % (name, cps))
legacy = sum(1 for k in html.entities.html5 if not k.endswith(";"))
lines = [
    "// Generated, do not edit.",
    "// Source: the WHATWG HTML5 named character references, as shipped in CPython %d.%d.%d"
    % sys.version_info[:3],
    '// `html.entities.html5` (%d names, %d of them legacy names without ";").'
    % (len(html.entities.html5), legacy),
    "// Command: python3 Scripts/generate-entity-table.py > Sources/FeedCore/HTML/HTMLEntityTable.swift",
    "",
    "/// The HTML5 named character references: one `name codepoints` row per line, code points in hex.",
    "///",
    "/// Names keep their trailing `;`; the legacy names that HTML also accepts without it appear a",
    "/// second time without. Rows are sorted by name, byte by byte: `HTMLEntities` finds a name",
    "/// by binary search over these bytes, with nothing built at start-up.",
    'let htmlEntityRows: StaticString = """',
]
sys.stdout.write("\n".join(lines) + "\n" + "\n".join(rows) + '\n  """\n')
