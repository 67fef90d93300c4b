#!/usr/bin/env python3
"""Checks the decision records in docs/adr/ against their index and the repository.

Run from anywhere inside the repository: python3 Scripts/check_records.py
Exits 1 with one line per problem, or prints "records: N records, OK".

The rules (docs/adr/README.md describes the formats they read):
- index: every docs/adr/NNNN-*.md is a row of the index table, and every row's link names a
  file that exists, with the row's number equal to the file's.
- status: a record's status is its "- Status: ..." line (the line under its title). The index
  row's status cell must agree with it: the same first word (Accepted, Superseded,
  Deprecated) and the same record numbers named.
- successor: a status that says "superseded" or "amended" names a record number other than
  its own, and that record exists. A record whose "- Date:" line says "supersedes NNNN" or
  "amends NNNN" must be named in NNNN's status.
- paths: a path a record, the index or DECISIONS.md cites -- starting with a top-level folder
  (Sources/, Tests/, ...) in backticks or in plain text, a top-level file (Package.swift, ...)
  in backticks, or a relative markdown link -- must be a file or folder in `git ls-files`
  (the index: a file just renamed or deleted counts as its new state). In backticks only the
  first word counts (`Scripts/fuzz.sh --time 600`), and a trailing :LINE is dropped. A path with * or
  ? must match at least one. A citation that is not a path in today's tree (a pattern for
  new files, a file named as it was) is exempted by following it directly with the marker
  <!-- unchecked: reason -->, visible in the source only; use it sparingly, and prefer
  saying in words what is gone.
"""

import fnmatch
import os
import re
import subprocess
import sys

ADR_DIR = "docs/adr"
INDEX = "docs/adr/README.md"
EXTRA_CHECKED = ["DECISIONS.md"]  # cites records and figures; its links are checked too
PREFIXES = ("Sources/", "Tests/", "Scripts/", "Benchmarks/", "docs/", "Resources/", "Fuzz/",
            ".ci/")
TOP_FILES = {"Package.swift", "README.md", "DECISIONS.md", "Makefile", ".swift-format",
             ".gitignore"}
KINDS = ("accepted", "superseded", "deprecated")

RECORD_FILE = re.compile(r"^(\d{4})-[a-z0-9-]+\.md$")
RECORD_NUMBER = re.compile(r"(?<![\d.-])(\d{4})(?![\d-])")
ROW = re.compile(r"^\|\s*(\d{4})\s*\|(.*)\|\s*$")
LINK = re.compile(r"\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^)\s]+)\)")  # one level of [] inside
CODE = re.compile(r"`([^`\n]+)`")
BARE = re.compile(r"(?<![\w/.`-])(?<!\]\()((?:%s)[\w./+*?<>-]*)" % "|".join(
    re.escape(p) for p in PREFIXES))
MARKER = re.compile(r"\s*<!--\s*unchecked:\s*\S[^>]*-->")
CHANGES = re.compile(r"\b(supersedes|amends)\b:?", re.I)


def repo_root():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.dirname(here)


def tracked_files(root):
    out = subprocess.run(["git", "ls-files", "-z"], cwd=root, check=True,
                         capture_output=True).stdout
    files = set(p for p in out.decode("utf-8", "surrogateescape").split("\0") if p)
    folders = set()
    for path in files:
        parts = path.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            folders.add("/".join(parts[:i]))
    return files, folders


def status_kind(text):
    word = re.match(r"\W*(\w+)", text)
    return word.group(1).lower() if word else ""


def numbers(text):
    return set(RECORD_NUMBER.findall(text))


def strip_links(text):
    """[0080](0080-x.md) -> 0080: the numbers a status names, not its file names."""
    return LINK.sub(lambda m: m.group(0)[1:m.group(0).rindex("](")], text)


def declared_changes(lines):
    """(verb, number) for each "supersedes NNNN" / "amends NNNN, MMMM" in the header's entries
    other than the status ("- Date: ...; amends [0037](...) (why)", "- Amends: ...")."""
    entries = []
    for line in lines[1:]:
        if line.startswith("## "):
            break
        if line.startswith("- "):
            entries.append(line)
        elif line.startswith(" ") and entries:
            entries[-1] += " " + line.strip()
    found = []
    for entry in entries:
        if entry.startswith("- Status: "):
            continue
        text = strip_links(entry)
        for match in CHANGES.finditer(text):
            clause = text[match.end():].split(";")[0]
            clause = re.sub(r"\([^()]*\)", "", clause)  # the reasons in parentheses
            found += [(match.group(1).lower(), old) for old in RECORD_NUMBER.findall(clause)]
    return found


def prose_lines(text):
    """(line number, line) outside fenced code blocks."""
    fenced = False
    for number, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def cited_paths(line, source_dir):
    """(path as cited, repository path) for each citation on a line not marked unchecked."""
    for match in CODE.finditer(line):
        if MARKER.match(line, match.end()):
            continue
        words = match.group(1).split()
        if not words:
            continue
        word = words[0].rstrip(".,;:)")
        word = re.sub(r":\d+(-\d+)?$", "", word)  # file.swift:120
        if word.startswith(PREFIXES) or word in TOP_FILES:
            yield word, word.rstrip("/")
    # Paths in plain prose; code spans and link targets blanked out, keeping the offsets.
    prose = CODE.sub(lambda m: " " * len(m.group(0)), line)
    prose = re.sub(r"\]\([^)]*\)", lambda m: " " * len(m.group(0)), prose)
    for match in BARE.finditer(prose):
        if MARKER.match(line, match.end()):
            continue
        word = match.group(1).rstrip(".,;:)")
        yield word, word.rstrip("/")
    for match in LINK.finditer(line):
        if MARKER.match(line, match.end()):
            continue
        target = match.group(1).split("#")[0]
        if not target or re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        path = os.path.normpath(os.path.join(source_dir, target))
        if path.startswith(".."):  # outside the repository (../shared)
            continue
        yield target, path


def main():
    root = repo_root()
    files, folders = tracked_files(root)
    problems = []

    def exists(path):
        if any(c in path for c in "*?["):
            return any(fnmatch.fnmatchcase(f, path) for f in files) or any(
                fnmatch.fnmatchcase(d, path) for d in folders)
        return path in files or path in folders

    # The records on disk (not only tracked: a new record is checked before its commit).
    records = {}
    for name in sorted(os.listdir(os.path.join(root, ADR_DIR))):
        match = RECORD_FILE.match(name)
        if match:
            records[match.group(1)] = name
        elif name.endswith(".md") and name != "README.md":
            problems.append(f"{ADR_DIR}/{name}: not named NNNN-title.md")

    statuses, changes = {}, {}
    for number, name in records.items():
        path = f"{ADR_DIR}/{name}"
        with open(os.path.join(root, path), encoding="utf-8") as handle:
            text = handle.read()
        lines = text.split("\n")
        if not lines[0].startswith(f"# {number}. "):
            problems.append(f"{path}:1: the title does not start with '# {number}. '")
        status = next((l for l in lines[:6] if l.startswith("- Status: ")), None)
        if status is None:
            problems.append(f"{path}: no '- Status: ' line under the title")
        else:
            statuses[number] = strip_links(status[len("- Status: "):])
        changes[number] = declared_changes(lines)
        for line_number, line in prose_lines(text):
            for cited, repo_path in cited_paths(line, ADR_DIR):
                if not exists(repo_path):
                    problems.append(f"{path}:{line_number}: cites {cited}, not in git ls-files")

    # The index: one row per record.
    with open(os.path.join(root, INDEX), encoding="utf-8") as handle:
        index_text = handle.read()
    rows = {}
    for line_number, line in prose_lines(index_text):
        row = ROW.match(line)
        if not row:
            for cited, repo_path in cited_paths(line, ADR_DIR):
                if not exists(repo_path):
                    problems.append(f"{INDEX}:{line_number}: cites {cited}, not in git ls-files")
            continue
        number, rest = row.group(1), row.group(2)
        cells = [c.strip() for c in rest.split(" | ")]
        where = f"{INDEX}:{line_number}"
        if number in rows:
            problems.append(f"{where}: {number} is listed twice")
        rows[number] = True
        if len(cells) != 3:
            problems.append(f"{where}: row {number} needs 3 cells after the number (title, "
                            f"status, summary), has {len(cells)}")
            continue
        title, status, _ = cells
        link = LINK.search(title)
        if not link or not os.path.exists(os.path.join(root, ADR_DIR, link.group(1))):
            target = link.group(1) if link else "no link"
            problems.append(f"{where}: row {number} links {target}, which does not exist")
        elif not link.group(1).startswith(number + "-"):
            problems.append(f"{where}: row {number} links {link.group(1)}")
        for cited, repo_path in cited_paths(" | ".join(cells[1:]), ADR_DIR):
            if not exists(repo_path):
                problems.append(f"{where}: cites {cited}, not in git ls-files")
        if number in statuses:
            mine, theirs = strip_links(status), statuses[number]
            if status_kind(mine) != status_kind(theirs) or numbers(mine) != numbers(theirs):
                problems.append(f"{where}: status of {number} is '{mine}' here but "
                                f"'{theirs}' in {records[number]}")
    for number, name in records.items():
        if number not in rows:
            problems.append(f"{INDEX}: {name} is not in the index")

    # Statuses: known kinds; successors named and real; changes acknowledged.
    for number, status in statuses.items():
        where = f"{ADR_DIR}/{records[number]}"
        if status_kind(status) not in KINDS:
            problems.append(f"{where}: status '{status}' starts with none of "
                            f"{', '.join(k.capitalize() for k in KINDS)}")
        named = numbers(status) - {number}
        if re.search(r"supersed|amend", status, re.I) and not named:
            problems.append(f"{where}: status says superseded/amended but names no successor")
        for other in sorted(named):
            if other not in records:
                problems.append(f"{where}: status names {other}, which is not a record")
    for number, pairs in changes.items():
        for verb, old in pairs:
            if old not in records:
                problems.append(f"{ADR_DIR}/{records[number]}: {verb} {old}, not a record")
            elif number not in numbers(statuses.get(old, "")):
                problems.append(f"{ADR_DIR}/{records[old]}: {records[number]} {verb} it, but "
                                f"its status does not name {number}")

    for extra in EXTRA_CHECKED:
        with open(os.path.join(root, extra), encoding="utf-8") as handle:
            for line_number, line in prose_lines(handle.read()):
                for cited, repo_path in cited_paths(line, os.path.dirname(extra)):
                    if not exists(repo_path):
                        problems.append(f"{extra}:{line_number}: cites {cited}, "
                                        "not in git ls-files")

    if problems:
        for problem in problems:
            print(f"records: {problem}", file=sys.stderr)
        print(f"records: {len(problems)} problem(s) in {len(records)} records", file=sys.stderr)
        return 1
    print(f"records: {len(records)} records, OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
