#!/usr/bin/env python3
"""Builds a Searchlight corpus of Debian packages from apt's own package lists.

    python3 Corpus/debian/build.py [--out DIR] [--scale N] [--lists DIR]

Downloads bookworm's package lists, English translations and contents lists with apt-get into a
private lists folder (the system's /var/lib/apt/lists is never touched), then writes schema.json,
package.jsonl, section.jsonl and maintainer.jsonl in Searchlight's envelope format.
`--scale N` writes N copies of every package (ids `name~2` ... `name~N`), each copy's
description with its sentences in a different, deterministic order.
Python 3 standard library only; see Corpus/debian/README.md.
"""

import argparse
import gzip
import json
import lzma
import os
import random
import re
import shutil
import subprocess
import sys
import time
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEFAULT_LISTS = REPO / "Benchmarks" / "work" / "apt-lists"

# Which suite a list file belongs to decides the order in which duplicates are compared:
# a package found in several suites keeps its highest version (ties go to the later suite).
SUITE_ORDER = {"bookworm": 0, "bookworm-updates": 1, "bookworm-security": 2}

PRIORITIES = ["required", "important", "standard", "optional", "extra"]

# Fields whose package names count as "something depends on this" for the popularity hint.
DEPENDENCY_FIELDS = ("Depends", "Pre-Depends", "Recommends")


# --- apt lists ------------------------------------------------------------------------------

def list_files(lists: Path, kind: str):
    """The main component's files of one kind ('Packages', 'Translation-en' or 'Contents'), in suite order."""
    pattern = re.compile(
        r"_dists_(?P<suite>[^_]+)_main_(?:binary-[a-z0-9]+_Packages|i18n_Translation-en|Contents-[a-z0-9]+)(?:\.(?:lz4|xz|gz))?$")
    found = []
    for path in sorted(lists.iterdir()) if lists.is_dir() else []:
        match = pattern.search(path.name)
        if match and kind in path.name and match["suite"] in SUITE_ORDER:
            found.append((SUITE_ORDER[match["suite"]], path))
    return [path for _, path in sorted(found)]


# apt's index target for the contents lists (what apt-file configures), so that `apt-get update`
# fetches and verifies them like the package lists.
CONTENTS_TARGET = {
    "MetaKey": "$(COMPONENT)/Contents-$(ARCHITECTURE)",
    "ShortDescription": "Contents-$(ARCHITECTURE)",
    "Description": "$(RELEASE)/$(COMPONENT) $(ARCHITECTURE) Contents (deb)",
    "KeepCompressed": "true",
    "PDiffs": "false",
}

KINDS = ("Packages", "Translation-en", "Contents")


def ensure_lists(lists: Path):
    """Runs `apt-get update` into the private folder unless it already holds every kind of list."""
    if all(list_files(lists, kind) for kind in KINDS):
        return
    (lists / "partial").mkdir(parents=True, exist_ok=True)
    command = ["apt-get", "update", "-qq", "-o", f"Dir::State::Lists={lists.resolve()}",
               "-o", "Acquire::Languages=en"]
    for key, value in CONTENTS_TARGET.items():
        command += ["-o", f"Acquire::IndexTargets::deb::Contents-deb::{key}={value}"]
    if os.geteuid() != 0 and shutil.which("sudo"):
        command.insert(0, "sudo")
    print("+ " + " ".join(command), file=sys.stderr)
    subprocess.run(command, check=True)
    if not all(list_files(lists, kind) for kind in KINDS):
        sys.exit(f"build.py: apt-get update left no Packages/Translation-en/Contents lists in {lists}")


def read_lines(path: Path):
    """Yields the decoded lines of a list file, whatever apt compressed it with."""
    if path.suffix == ".lz4":
        # apt's own helper knows every compressor apt uses; lz4cat is the fallback.
        helper = "/usr/lib/apt/apt-helper"
        command = [helper, "cat-file", str(path)] if os.access(helper, os.X_OK) else ["lz4cat", str(path)]
        process = subprocess.Popen(command, stdout=subprocess.PIPE)
        stream = (line.decode("utf-8", "replace") for line in process.stdout)
        yield from stream
        if process.wait() != 0:
            sys.exit(f"build.py: {' '.join(command)} failed")
        return
    opener = {".xz": lzma.open, ".gz": gzip.open}.get(path.suffix, open)
    with opener(path, "rt", encoding="utf-8", errors="replace") as handle:
        yield from handle


def stanzas(path: Path):
    """Yields each paragraph of a deb822 file as {field: value}; continuation lines keep their newline."""
    fields, name = {}, None
    for line in read_lines(path):
        line = line.rstrip("\n")
        if not line:
            if fields:
                yield fields
            fields, name = {}, None
        elif line[0] in " \t":
            if name:
                fields[name] += "\n" + line
        else:
            name, _, value = line.partition(":")
            fields[name] = value.strip()
    if fields:
        yield fields


# --- Debian versions (dpkg's ordering) --------------------------------------------------------

def _order(char: str) -> int:
    if char == "~":
        return -1
    if char.isdigit():
        return 0
    if char.isalpha():
        return ord(char)
    return ord(char) + 256


def _compare_part(a: str, b: str) -> int:
    i = j = 0
    while i < len(a) or j < len(b):
        first_diff = 0
        while (i < len(a) and not a[i].isdigit()) or (j < len(b) and not b[j].isdigit()):
            ac = _order(a[i]) if i < len(a) and not a[i].isdigit() else 0
            bc = _order(b[j]) if j < len(b) and not b[j].isdigit() else 0
            if ac != bc:
                return ac - bc
            i += 1
            j += 1
        while i < len(a) and a[i] == "0":
            i += 1
        while j < len(b) and b[j] == "0":
            j += 1
        while i < len(a) and a[i].isdigit() and j < len(b) and b[j].isdigit():
            if not first_diff:
                first_diff = ord(a[i]) - ord(b[j])
            i += 1
            j += 1
        if i < len(a) and a[i].isdigit():
            return 1
        if j < len(b) and b[j].isdigit():
            return -1
        if first_diff:
            return first_diff
    return 0


def compare_versions(a: str, b: str) -> int:
    """Negative, zero or positive as version a sorts before, with or after b (epoch:upstream-revision)."""
    def split(version):
        epoch, _, rest = version.rpartition(":") if ":" in version else ("0", "", version)
        upstream, _, revision = rest.rpartition("-") if "-" in rest else (rest, "", "")
        return int(epoch or 0), upstream, revision
    ea, ua, ra = split(a)
    eb, ub, rb = split(b)
    if ea != eb:
        return ea - eb
    return _compare_part(ua, ub) or _compare_part(ra, rb)


# --- entities -------------------------------------------------------------------------------

def long_description(text: str) -> str:
    """Debian's description body as plain text: wrapped lines joined, ' .' lines as paragraph breaks,
    indented (verbatim) lines kept on their own line."""
    paragraphs, current = [], []
    for raw in text.split("\n"):
        line = raw[1:] if raw.startswith(" ") else raw
        if line.strip() == ".":
            if current:
                paragraphs.append(" ".join(current))
            current = []
        elif line.startswith(" "):
            if current:
                paragraphs.append(" ".join(current))
            current = []
            paragraphs.append(line.strip())
        elif line.strip():
            current.append(line.strip())
    if current:
        paragraphs.append(" ".join(current))
    return "\n".join(p for p in paragraphs if p)


def maintainer_identity(field: str):
    """('slug id', 'name', 'email') of a 'Name <email>' maintainer field."""
    match = re.match(r"\s*(.*?)\s*<([^>]*)>", field)
    name, email = (match[1], match[2].strip()) if match else (field.strip(), "")
    name = name.strip('"') or email or "unknown"
    slug = re.sub(r"[^a-z0-9]+", "-", (email or name).lower()).strip("-") or "unknown"
    return slug, name, email


def dependency_names(fields: dict):
    names = set()
    for field in DEPENDENCY_FIELDS:
        for clause in fields.get(field, "").replace("\n", " ").split(","):
            for alternative in clause.split("|"):
                name = alternative.strip().split(" ", 1)[0].split(":", 1)[0]
                if name:
                    names.add(name)
    return names


def load_packages(lists: Path):
    """The newest version of every package in the main lists, with its English long description."""
    descriptions = {}
    for path in list_files(lists, "Translation-en"):
        for fields in stanzas(path):
            md5, text = fields.get("Description-md5"), fields.get("Description-en")
            if md5 and text:
                descriptions[md5] = text
    packages = {}
    for path in list_files(lists, "Packages"):
        for fields in stanzas(path):
            name = fields.get("Package")
            if not name:
                continue
            kept = packages.get(name)
            if kept and compare_versions(fields.get("Version", "0"), kept.get("Version", "0")) < 0:
                continue
            fields["_long"] = descriptions.get(fields.get("Description-md5", ""), fields.get("Description", ""))
            packages[name] = fields
    return packages


# Folders whose files are commands a user runs by name.
COMMAND_FOLDERS = ("bin/", "sbin/", "usr/bin/", "usr/sbin/", "usr/games/")

def load_commands(lists: Path):
    """{package: sorted command names} from the contents lists: the files each package installs in
    a folder of commands ("usr/bin/lspci  admin/pciutils"), so that a package is found by the
    command people know it by (lspci, rg, nvim)."""
    commands = {}
    for path in list_files(lists, "Contents"):
        for line in read_lines(path):
            if not line.startswith(COMMAND_FOLDERS):
                continue
            file, _, locations = line.rstrip("\n").rpartition(" ")
            file = file.rstrip()
            folder, _, command = file.rpartition("/")
            if folder + "/" not in COMMAND_FOLDERS or not command:
                continue
            for location in locations.split(","):
                commands.setdefault(location.rpartition("/")[2], set()).add(command)
    return {name: sorted(found) for name, found in commands.items()}


def package_entities(packages: dict, commands: dict):
    """(package attributes list, section counts, maintainer records) in a stable order."""
    popularity = {}
    for fields in packages.values():
        for name in dependency_names(fields) - {fields["Package"]}:
            if name in packages:
                popularity[name] = popularity.get(name, 0) + 1
    sections, maintainers, entities = {}, {}, []
    for name in sorted(packages):
        fields = packages[name]
        summary, _, body = fields["_long"].partition("\n")
        attributes = {"name": name, "summary": summary.strip() or fields.get("Description", "").strip()}
        body = long_description(body)
        if body:
            attributes["description"] = body
        section = fields.get("Section", "").strip()
        if section:
            attributes["section"] = section
            sections[section] = sections.get(section, 0) + 1
        if fields.get("Maintainer"):
            slug, person, email = maintainer_identity(fields["Maintainer"])
            attributes["maintainer"] = slug
            record = maintainers.setdefault(slug, {"names": {}, "email": email, "count": 0})
            record["names"][person] = record["names"].get(person, 0) + 1
            record["count"] += 1
        if fields.get("Installed-Size", "").isdigit():
            attributes["installedSize"] = int(fields["Installed-Size"])
        if fields.get("Version"):
            attributes["version"] = fields["Version"]
        tags = [t.strip() for t in fields.get("Tag", "").replace("\n", " ").split(",") if t.strip()]
        if tags:
            attributes["tags"] = tags
        if commands.get(name):
            attributes["commands"] = commands[name]
        if fields.get("Priority") in PRIORITIES:
            attributes["priority"] = fields["Priority"]
        attributes["popularity"] = popularity.get(name, 0)
        entities.append(attributes)
    return entities, sections, maintainers


def schema():
    return {
        "types": [
            {
                "name": "package", "displayName": "Package", "pluralName": "Packages", "language": "english",
                "display": {"title": "name", "subtitle": "summary"},
                "url": "https://packages.debian.org/bookworm/{id}",
                "rankingHint": "popularity",
                "attributes": [
                    {"key": "name", "kind": "text", "weight": 8, "sortable": True},
                    {"key": "summary", "kind": "text", "weight": 3},
                    {"key": "description", "kind": "text"},
                    {"key": "section", "kind": "reference", "references": "section"},
                    {"key": "maintainer", "kind": "reference", "references": "maintainer"},
                    {"key": "installedSize", "kind": "integer"},
                    {"key": "version", "kind": "keyword", "searchable": False},
                    {"key": "tags", "kind": "keyword", "multiValued": True, "searchableByDefault": False},
                    {"key": "commands", "kind": "text", "multiValued": True},
                    {"key": "priority", "kind": "enum", "enum": "priority", "searchableByDefault": False},
                    {"key": "popularity", "kind": "integer"},
                ],
            },
            {
                "name": "section", "displayName": "Section", "pluralName": "Sections", "language": "english",
                "display": {"title": "name"},
                "url": "https://packages.debian.org/bookworm/{id}/",
                "rankingHint": "packageCount",
                "attributes": [
                    {"key": "name", "kind": "text", "weight": 8, "sortable": True},
                    {"key": "packageCount", "kind": "integer"},
                ],
            },
            {
                "name": "maintainer", "displayName": "Maintainer", "pluralName": "Maintainers", "language": "english",
                "display": {"title": "name", "subtitle": "email"},
                "rankingHint": "packageCount",
                "attributes": [
                    {"key": "name", "kind": "text", "weight": 8, "sortable": True},
                    {"key": "email", "kind": "keyword", "weight": 2},
                    {"key": "packageCount", "kind": "integer"},
                ],
            },
        ],
        "enums": [
            {"name": "priority", "displayName": "Priority",
             "cases": [{"value": p, "title": p.capitalize()} for p in PRIORITIES]},
        ],
    }


# --- writing --------------------------------------------------------------------------------

def varied(text: str, seed_text: str) -> str:
    """The same words in another order, the same for the same seed: sentences shuffled, or the
    words rotated when there is a single sentence."""
    rng = random.Random(zlib.crc32(seed_text.encode()))
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", text.replace("\n", " ")) if s]
    if len(sentences) > 1:
        rng.shuffle(sentences)
        return " ".join(sentences)
    words = text.split()
    if len(words) < 2:
        return text
    cut = rng.randrange(1, len(words))
    return " ".join(words[cut:] + words[:cut])


def line(kind: str, identifier: str, attributes: dict) -> str:
    return json.dumps({"type": kind, "id": identifier, "attributes": attributes},
                      ensure_ascii=False, separators=(",", ":")) + "\n"


class AtomicFile:
    """Writes to NAME.tmp and renames over NAME on success, so a failed run leaves the old file."""

    def __init__(self, path: Path):
        self.path, self.temporary = path, path.with_name(path.name + ".tmp")

    def __enter__(self):
        self.handle = open(self.temporary, "w", encoding="utf-8", buffering=1 << 20)
        return self.handle

    def __exit__(self, error, *_):
        self.handle.close()
        if error is None:
            os.replace(self.temporary, self.path)
        else:
            self.temporary.unlink(missing_ok=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="output folder (default Benchmarks/work/corpus/debian-xN)")
    parser.add_argument("--scale", type=int, default=1, help="copies of every package (default 1)")
    parser.add_argument("--lists", type=Path, default=DEFAULT_LISTS, help="private apt lists folder")
    args = parser.parse_args()
    if args.scale < 1:
        parser.error("--scale must be at least 1")
    out = args.out or REPO / "Benchmarks" / "work" / "corpus" / f"debian-x{args.scale}"
    started = time.monotonic()

    ensure_lists(args.lists)
    packages, sections, maintainers = package_entities(load_packages(args.lists), load_commands(args.lists))
    out.mkdir(parents=True, exist_ok=True)

    with AtomicFile(out / "schema.json") as handle:
        json.dump(schema(), handle, indent=2)
        handle.write("\n")
    with AtomicFile(out / "section.jsonl") as handle:
        for name in sorted(sections):
            handle.write(line("section", name, {"name": name, "packageCount": sections[name] * args.scale}))
    with AtomicFile(out / "maintainer.jsonl") as handle:
        for slug in sorted(maintainers):
            record = maintainers[slug]
            name = max(record["names"].items(), key=lambda item: (item[1], item[0]))[0]
            attributes = {"name": name}
            if record["email"]:
                attributes["email"] = record["email"]
            attributes["packageCount"] = record["count"] * args.scale
            handle.write(line("maintainer", slug, attributes))
    # Copies are generated on the fly from the base set: memory stays that of one copy whatever N is.
    with AtomicFile(out / "package.jsonl") as handle:
        for attributes in packages:
            handle.write(line("package", attributes["name"], attributes))
        for copy in range(2, args.scale + 1):
            for attributes in packages:
                identifier = f"{attributes['name']}~{copy}"
                if "description" in attributes:
                    attributes = dict(attributes, description=varied(attributes["description"], identifier))
                handle.write(line("package", identifier, attributes))

    total = len(packages) * args.scale + len(sections) + len(maintainers)
    print(f"debian-x{args.scale}: {len(packages) * args.scale} packages, {len(sections)} sections, "
          f"{len(maintainers)} maintainers ({total} entities) in {out} in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
