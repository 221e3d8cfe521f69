#!/usr/bin/env python3
"""Builds a multilingual corpus of Debian packages from the translated descriptions (DDTP), with
seeded known-item queries per language.

    python3 Corpus/debian/build_translations.py [--out DIR] [--lists DIR] [--languages de,fr,...] [--seed 42] [--queries 300]

Downloads bookworm's package lists with `Translation-{de,es,fr,it,ja,ko,pt,ru,zh_CN}` into a private
lists folder (Benchmarks/work/apt-lists-i18n; seeded by a copy of build.py's Benchmarks/work/apt-lists
when that exists, the system's /var/lib/apt/lists never touched), then writes to
Benchmarks/work/corpus/debian-translations/: schema.json (a type `package-<code>` per language, with
its Xapian stemmer), package-<code>.jsonl (envelope format: name, summary, description, language) and
queries-<code>.jsonl. Multilingual evaluation: Benchmarks/eval/multilingual.py --collection
debian-translations. Python 3 standard library only; see Corpus/debian/README.md.
"""

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ beside the committed sources
sys.path.insert(0, str(Path(__file__).resolve().parent))
import build  # noqa: E402  (Corpus/debian/build.py: list reading, deb822 stanzas, versions)

REPO = Path(__file__).resolve().parents[2]
DEFAULT_LISTS = REPO / "Benchmarks" / "work" / "apt-lists-i18n"
DEFAULT_OUT = REPO / "Benchmarks" / "work" / "corpus" / "debian-translations"

# code: (apt's Translation suffix, Xapian 1.4 stemmer or "none")
LANGUAGES = {
    "de": ("de", "german"), "es": ("es", "spanish"), "fr": ("fr", "french"), "it": ("it", "italian"),
    "ja": ("ja", "none"), "ko": ("ko", "none"), "pt": ("pt", "portuguese"), "ru": ("ru", "russian"),
    "zh": ("zh_CN", "none"),
}
# Written without spaces between words: a query is a run of characters, not a choice of words.
UNSPACED = {"ja", "zh"}
VARIANTS = ("clean", "unaccented", "typo")
# Scripts whose marks are not accents people leave out (Japanese dakuten; Hangul and Han have none).
NO_ACCENTS = {"ja", "ko", "zh"}


def translation_files(lists: Path, suffix: str):
    pattern = re.compile(r"_dists_(?P<suite>[^_]+)_main_i18n_Translation-(?P<lang>[A-Za-z_%0-9]+?)(?:\.(?:lz4|xz|gz))?$")
    found = []
    for path in sorted(lists.iterdir()) if lists.is_dir() else []:
        match = pattern.search(path.name)
        if match and match["lang"].replace("%5f", "_") == suffix and match["suite"] in build.SUITE_ORDER:
            found.append((build.SUITE_ORDER[match["suite"]], path))
    return [path for _, path in sorted(found)]


def ensure_lists(lists: Path, languages):
    """apt-get update into the private folder with every language, unless it holds them all."""
    def complete():
        return build.list_files(lists, "Packages") and all(translation_files(lists, LANGUAGES[c][0]) for c in languages)
    if complete():
        return
    seed = REPO / "Benchmarks" / "work" / "apt-lists"
    if not lists.exists() and seed.is_dir():
        shutil.copytree(seed, lists, ignore=shutil.ignore_patterns("lock", "partial"))
    (lists / "partial").mkdir(parents=True, exist_ok=True)
    wanted = ",".join(["en"] + [LANGUAGES[c][0] for c in languages])
    command = ["apt-get", "update", "-qq", "-o", f"Dir::State::Lists={lists.resolve()}", "-o", f"Acquire::Languages={wanted}"]
    if os.geteuid() != 0 and shutil.which("sudo"):
        command.insert(0, "sudo")
    print("+ " + " ".join(command), file=sys.stderr)
    subprocess.run(command, check=True)
    if not complete():
        sys.exit(f"build_translations.py: apt-get update left some Translation lists out of {lists}")


def unaccented(text: str) -> str:
    """Combining marks removed (é → e, ü → u, ё → е); Hangul and kana recompose unchanged."""
    return unicodedata.normalize("NFC", "".join(c for c in unicodedata.normalize("NFD", text)
                                                if unicodedata.category(c) != "Mn"))


def fold(text: str) -> str:
    return unaccented(text).casefold()


def words_of(text: str):
    """Words with their surrounding punctuation trimmed."""
    found = []
    for chunk in text.split():
        chunk = chunk.strip("".join(c for c in set(chunk) if unicodedata.category(c)[0] not in "LMN"))
        if chunk:
            found.append(chunk)
    return found


def swapped(word: str, rng: random.Random) -> str:
    """Two adjacent letters swapped, not the first (people rarely miss it); the word as it was when
    it has fewer than 4 letters or the letters swapped are the same."""
    if len(word) < 4:
        return word
    i = rng.randrange(1, len(word) - 1)
    if word[i] == word[i + 1]:
        return word
    return word[:i] + word[i + 1] + word[i] + word[i + 2:]


def translated(lists: Path, code: str, packages: dict):
    """{package: (summary, long description)} of one language: the translation of the package's current
    Description-md5 when there is one, else the first found."""
    chosen = {}
    field = f"Description-{LANGUAGES[code][0]}"
    for path in translation_files(lists, LANGUAGES[code][0]):
        for fields in build.stanzas(path):
            name, text = fields.get("Package"), fields.get(field)
            if not name or not text or name not in packages:
                continue
            current = fields.get("Description-md5") == packages[name].get("Description-md5")
            if name not in chosen or (current and not chosen[name][0]):
                chosen[name] = (current, text)
    result = {}
    for name in sorted(chosen):
        summary, _, body = chosen[name][1].partition("\n")
        if summary.strip():
            result[name] = (summary.strip(), build.long_description(body))
    return result


def queries_for(code: str, descriptions: dict, count: int, seed: int):
    """Known-item queries: 2-4 words (of 4 letters or more; 2 in Korean) of a package's translated summary (a 3-6 character run in Japanese
    and Chinese), in turn clean, unaccented (not in ja, ko, zh) and with two letters swapped; kept only when no other
    package's summary in the language holds every word (or the run), so the package is the one answer."""
    rng = random.Random(f"{seed}:{code}")
    names = sorted(descriptions)
    folded = {name: fold(descriptions[name][0]) for name in names}
    postings = {}
    if code not in UNSPACED:
        for name in names:
            for word in set(words_of(folded[name])):
                postings.setdefault(word, set()).add(name)
    queries, used = [], set()
    for attempt in range(count * 60):
        if len(queries) >= count:
            break
        variants = [v for v in VARIANTS if v != "unaccented" or code not in NO_ACCENTS]
        variant = variants[len(queries) % len(variants)]
        name = rng.choice(names)
        if name in used:
            continue
        summary = descriptions[name][0]
        if code in UNSPACED:
            runs = [w for w in re.split(r"[\s\x00-\x7f、。・，（）「」：；！？]+", summary) if len(w) >= 3]
            if not runs:
                continue
            run = rng.choice(runs)
            length = rng.randint(min(3, len(run)), min(6, len(run)))
            start = rng.randrange(0, len(run) - length + 1)
            words = [run[start:start + length]]
            needle = fold(words[0])
            if sum(1 for n in names if needle in folded[n]) != 1:
                continue
        else:
            candidates = [w for w in words_of(summary) if len(w) >= (2 if code == "ko" else 4)]
            if len(candidates) < 2:
                continue
            k = rng.randint(2, min(4, len(candidates)))
            picked = sorted(rng.sample(range(len(candidates)), k))
            words = [candidates[i] for i in picked]
            holders = postings.get(fold(words[0]), set())
            for word in words[1:]:
                holders = holders & postings.get(fold(word), set())
            if holders != {name}:
                continue
        text = " ".join(words)
        if variant == "unaccented":
            if unaccented(text) == text:
                continue
            text = unaccented(text)
        elif variant == "typo":
            longest = max(range(len(words)), key=lambda i: len(words[i]))
            typo = swapped(words[longest], rng)
            if typo == words[longest]:
                continue
            words = words[:longest] + [typo] + words[longest + 1:]
            text = " ".join(words)
        used.add(name)
        queries.append({"id": f"{code}-{len(queries):04d}", "text": text, "language": code, "variant": variant,
                        "relevant": [f"{code}/{name}"], "package": name})
    return queries


def build_corpus(lists: Path = DEFAULT_LISTS, seed: int = 42, queries_per_language: int = 300, languages=None):
    """{"languages": {code: (flat entities, queries)}, "stemmers": {code: stemmer}}."""
    languages = languages or list(LANGUAGES)
    ensure_lists(lists, languages)
    packages = build.load_packages(lists)
    result = {"languages": {}, "stemmers": {c: LANGUAGES[c][1] for c in languages}}
    for code in languages:
        descriptions = translated(lists, code, packages)
        entities = []
        for name, (summary, body) in descriptions.items():
            entity = {"type": "package", "id": f"{code}/{name}", "name": name, "summary": summary}
            if body:
                entity["description"] = body
            entity["language"] = code
            entities.append(entity)
        result["languages"][code] = (entities, queries_for(code, descriptions, queries_per_language, seed))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--lists", type=Path, default=DEFAULT_LISTS, help="private apt lists folder")
    parser.add_argument("--languages", help=f"comma-separated, of {','.join(LANGUAGES)} (default all)")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--queries", type=int, default=300, help="known-item queries per language (default 300)")
    args = parser.parse_args()
    started = time.monotonic()
    languages = args.languages.split(",") if args.languages else None
    corpus = build_corpus(args.lists, args.seed, args.queries, languages)
    args.out.mkdir(parents=True, exist_ok=True)
    types = []
    for code, (entities, queries) in corpus["languages"].items():
        with build.AtomicFile(args.out / f"package-{code}.jsonl") as handle:
            for e in entities:
                attributes = {k: v for k, v in e.items() if k not in ("type", "id")}
                handle.write(build.line(f"package-{code}", e["id"], attributes))
        with build.AtomicFile(args.out / f"queries-{code}.jsonl") as handle:
            for q in queries:
                handle.write(json.dumps(q, ensure_ascii=False) + "\n")
        types.append({"name": f"package-{code}", "displayName": f"Package ({code})", "pluralName": f"Packages ({code})",
                      "language": corpus["stemmers"][code], "display": {"title": "name", "subtitle": "summary"},
                      "url": "https://packages.debian.org/bookworm/{name}",
                      "attributes": [{"key": "name", "kind": "text", "weight": 8, "sortable": True},
                                     {"key": "summary", "kind": "text", "weight": 3},
                                     {"key": "description", "kind": "text"},
                                     {"key": "language", "kind": "keyword", "searchable": False}]})
        print(f"{code}: {len(entities)} packages, {len(queries)} queries", file=sys.stderr)
    with build.AtomicFile(args.out / "schema.json") as handle:
        json.dump({"types": types}, handle, indent=2)
        handle.write("\n")
    print(f"debian-translations in {args.out} in {time.monotonic() - started:.1f} s")


if __name__ == "__main__":
    main()
