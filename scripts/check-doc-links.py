#!/usr/bin/env python3
"""Checks that every relative link of the Markdown files resolves: README.md and the other
top-level ones (CHANGELOG.md, SECURITY.md, CONTRIBUTING.md), docs/*.md, and the README.md of
each folder one level down (bundle/README.md: the page of a package released on its own).

A link `[text](path)` must name a file or folder of the repository (relative to the Markdown
file that holds it); `[text](path#anchor)` and `[text](#anchor)` must also name a heading of
that Markdown file, by GitHub's anchor rules (lowercase; everything but letters, digits, marks,
`_`, `-` and spaces dropped; spaces as `-`; a repeated heading gets `-1`, `-2`...). A link to a
file of this repository on GitHub (HOME/blob/main/PATH, HOME/tree/main/PATH) is checked as
PATH; links to other sites (`https:`, `mailto:`) are not checked. Fenced code blocks are skipped.

A folder's README.md (bundle/README.md) is also its package's page once scripts/release has
split the folder into a repository of its own: a relative link there must stay inside the folder
(the rest of this repository is then an absolute HOME/blob/main/... link).

    scripts/check-doc-links.py            # from anywhere; exit status 1 on a broken link
"""

import os
import re
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The repository on GitHub, as the package pages (bundle/README.md), SECURITY.md and the
# CHANGELOG link to it.
HOME = "https://github.com/url-normalize/url-normalize"
HOME_FILE = re.compile(re.escape(HOME) + r"/(?:blob|tree)/main/([^#?]*)(#.*)?$")
LINK = re.compile(r"\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def prose_lines(path):
    """The lines of a Markdown file outside fenced code blocks, with their numbers."""
    fence = None
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            stripped = line.lstrip()
            marker = re.match(r"(`{3,}|~{3,})", stripped)
            if marker:
                if fence is None:
                    fence = marker.group(1)[0] * len(marker.group(1))
                elif stripped.startswith(fence):
                    fence = None
                continue
            if fence is None:
                yield number, line.rstrip("\n")


def paragraphs(path):
    """The paragraphs (runs of non-blank lines) outside fenced code blocks, each with the number
    of its first line: a link's text may wrap onto the next line."""
    start, lines, previous = None, [], None
    for number, line in prose_lines(path):
        if line.strip() and previous is not None and number == previous + 1 and lines:
            lines.append(line)
        else:
            if lines:
                yield start, "\n".join(lines)
            start, lines = number, [line] if line.strip() else []
        previous = number
    if lines:
        yield start, "\n".join(lines)


def slug(text):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link counts by its text
    text = re.sub(r"<[^>]+>", "", text).lower()
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if char in " -_" or category[0] in "LNM":
            kept.append("-" if char == " " else char)
    return "".join(kept)


def anchors(path, cache={}):
    if path not in cache:
        seen = {}
        found = set()
        for _, line in prose_lines(path):
            match = HEADING.match(line)
            if not match:
                continue
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        cache[path] = found
    return cache[path]


def markdown_files():
    """The files checked: the top-level *.md, docs/*.md, and each folder's README.md."""
    files = sorted(os.path.join(ROOT, name) for name in os.listdir(ROOT) if name.endswith(".md"))
    docs = os.path.join(ROOT, "docs")
    if os.path.isdir(docs):
        files += sorted(os.path.join(docs, name) for name in os.listdir(docs) if name.endswith(".md"))
    for name in sorted(os.listdir(ROOT)):
        readme = os.path.join(ROOT, name, "README.md")
        if name != "docs" and not name.startswith(".") and os.path.isfile(readme):
            files.append(readme)
    return files


def main():
    files = markdown_files()
    broken = []
    count = 0
    for path in files:
        package = os.path.dirname(path) if os.path.dirname(os.path.dirname(path)) == ROOT \
            and os.path.basename(os.path.dirname(path)) != "docs" else None
        for first, text in paragraphs(path):
            text = re.sub(r"`[^`]*`", lambda code: "\n" * code.group(0).count("\n"), text)
            for link in LINK.finditer(text):
                target = link.group(1)
                number = first + text.count("\n", 0, link.start())
                where = f"{os.path.relpath(path, ROOT)}:{number}: {target}"
                base = os.path.dirname(path)
                home = HOME_FILE.match(target)
                if home:
                    base = ROOT
                    target = home.group(1) + (home.group(2) or "")
                elif re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):
                    continue
                count += 1
                file_part, _, anchor = target.partition("#")
                resolved = os.path.normpath(os.path.join(base, file_part)) if file_part else path
                if package and not home and os.path.commonpath([package, resolved]) != package:
                    broken.append(f"{where}: leaves {os.path.relpath(package, ROOT)}/, which is released on its own:"
                                  f" link to {HOME}/blob/main/{os.path.relpath(resolved, ROOT)} instead")
                elif not os.path.exists(resolved):
                    broken.append(f"{where}: no file {os.path.relpath(resolved, ROOT)}")
                elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                    broken.append(f"{where}: no heading #{anchor} in {os.path.relpath(resolved, ROOT)}")
    for line in broken:
        print(line, file=sys.stderr)
    if broken:
        return 1
    print(f"{count} relative links in {len(files)} Markdown files resolve")
    return 0


if __name__ == "__main__":
    sys.exit(main())
