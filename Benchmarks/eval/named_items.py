#!/usr/bin/env python3
"""Known items named by the query: does the entity a search names come first?

    python3 Benchmarks/eval/named_items.py [--bin .build/release/searchlight] [--corpus debian-x1]
                                           [--seed 11] [--count 300]
                                           [--misspelt | --slip-anywhere | --split | --other-words | --joined | --typed-prefix
                                            | --family | --name-last | --typed-words]
                                           [--json]

People look for a package by its name and a word or two about it ("vlc media player", "pandoc
markdown", "git version control"). The queries are generated from the Debian corpus
(Benchmarks/work/corpus/<corpus>, indexed at Benchmarks/work/index-<corpus>/searchlight): packages
named by one word of letters (applications and tools, which people name: vlc, git, pandoc, and
which other packages' names and descriptions mention), drawn at random (seeded) from the 3,000 most
popular, each searched as its name followed by one or
two words of its summary (`summary`) or of its description only (`description`), words of four
letters or more, not in the name and not stopwords, in the order drawn. The one relevant entity is
the package. Reports MRR@10 and success@1 (the package first) per form and overall.

With --misspelt, the name is typed with a slip at its second letter, where scans of the index's
words by their first two letters miss it: the key beside it on a QWERTY keyboard, or no letter
(seeded; names of five letters or more, which typo tolerance forgives an edit). With
--slip-anywhere, the slip falls on any letter, the first too: a letter left out, a neighbouring
key added before it or typed instead of it, or two letters swapped. With --split, the name is typed
as the two words it is made of ("libre office", "word press"): names that split into two words of
three letters or more that the corpus's summaries and descriptions use on their own (in 20
packages or more), at the split whose rarer part is the most common; names with no such split are
left out. With --other-words, the name is followed by one word that its section's summaries use
most (the ten first) and its own name, summary and description lack ("thunderbird email", whose
text says "mail"): the words a person describes it with, not its own. With --joined, the packages
are those named by words joined by hyphens (network-manager, openssh-server, python3-requests),
typed as named with one slip (as --slip-anywhere) in one of its parts of five letters or more.
With --typed-prefix, the name alone is typed as far as its first four letters or more (a length
drawn at random) and searched as being typed (`--typing`): the last word a prefix. With --family,
the packages are those named by a family's prefix and one word of four letters or more
(python3-django, ruby-nokogiri: prefixes that begin 100 names or more), searched by that word
alone ("django"): words no other package is named by, alone or after another prefix, and that at
most 1 % of the packages' summaries and descriptions use (not "server"). The package meant is the
family's, not its add-ons (python3-django-captcha), whose text says the word more often. With
--name-last, the words about the package come first and its name last ("media player vlc"), as
after a request ("install nginx"). With --typed-words, the name and its words are searched as
being typed (`--typing`), the last word cut to its first three letters ("vlc med").
"""
import argparse
import json
import random
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STOPWORDS = set("""a about above after again all also an and any are as at be been being both but by can could
did do does doing during each for from further had has have having here how if in into is it its itself just
more most no nor not of off on once only or other our out over own same so some such than that the their them
then there these they this those through to too under until up very was we were what when where which while who
whom why will with would you your based using used uses use which provides provide package files file data""".split())


def words(text):
    return [w for w in re.findall(r"[a-z][a-z0-9]+", text.lower()) if len(w) >= 4 and w not in STOPWORDS]


def queries(corpus: Path, seed: int, count: int, name_pattern: str = r"[a-z]+"):
    packages = [json.loads(line) for line in open(corpus / "package.jsonl")]
    packages.sort(key=lambda p: -(p["attributes"].get("popularity") or 0))
    rng = random.Random(seed)
    pool = [p for p in packages if re.fullmatch(name_pattern, p["attributes"]["name"])][:3000]
    rng.shuffle(pool)
    made = []
    for package in pool:
        if len(made) >= count:
            break
        attributes = package["attributes"]
        name = attributes["name"]
        named = set(re.findall(r"[a-z0-9]+", name.lower()))
        summary = [w for w in dict.fromkeys(words(attributes.get("summary", ""))) if w not in named]
        described = [w for w in dict.fromkeys(words(attributes.get("description", ""))) if w not in named and w not in summary]
        form = ["summary", "summary", "description"][len(made) % 3]
        source = summary if form == "summary" else described
        if not source:
            continue
        picked = rng.sample(source, min(len(source), rng.choice([1, 2])))
        made.append({"id": f"named-{len(made):04d}", "text": " ".join([name] + picked), "form": form,
                     "relevant": package["id"]})
    return made


def family_queries(corpus: Path, seed: int, count: int):
    """The `--family` queries: each package named by a family prefix and a word, searched by the word."""
    packages = [json.loads(line) for line in open(corpus / "package.jsonl")]
    packages.sort(key=lambda p: -(p["attributes"].get("popularity") or 0))
    names = {p["attributes"]["name"] for p in packages}
    prefixes = {}
    for name in names:
        if "-" in name:
            prefixes[name.split("-")[0]] = prefixes.get(name.split("-")[0], 0) + 1
    pattern = re.compile(r"([a-z0-9.+]+)-([a-z]{4,})")
    families = {name: m.group(2) for name in names if (m := pattern.fullmatch(name)) and prefixes[m.group(1)] >= 100}
    named_by = {}
    for word in families.values():
        named_by[word] = named_by.get(word, 0) + 1
    used, limit = vocabulary(corpus), len(packages) // 100
    pool = [p for p in packages[:3000] if (word := families.get(p["attributes"]["name"])) and named_by[word] == 1
            and word not in names and used.get(word, 0) <= limit]
    random.Random(seed).shuffle(pool)
    return [{"id": f"family-{i:04d}", "text": families[p["attributes"]["name"]], "form": "family", "relevant": p["id"]}
            for i, p in enumerate(pool[:count])]


def section_words(corpus: Path):
    """For each section, its packages' summary words (as `words` keeps them), most used first."""
    counts = {}
    for line in open(corpus / "package.jsonl"):
        attributes = json.loads(line)["attributes"]
        section = counts.setdefault(attributes.get("section") or "", {})
        for word in set(words(attributes.get("summary") or "")):
            section[word] = section.get(word, 0) + 1
    return {name: sorted(used, key=lambda w: (-used[w], w)) for name, used in counts.items()}


def described_otherwise(package, by_section, rng: random.Random):
    """A word that describes `package` in its section's words but that its own name, summary and
    description lack: one of the ten its section's summaries use most ("thunderbird" in mail:
    "email"); None when all ten are its own."""
    attributes = package["attributes"]
    own = set(re.findall(r"[a-z0-9]+", " ".join(attributes.get(k) or "" for k in ("name", "summary", "description")).lower()))
    lacking = [w for w in by_section.get(attributes.get("section") or "", [])[:10] if w not in own]
    return rng.choice(lacking) if lacking else None


def vocabulary(corpus: Path):
    """How many packages use each word (letters only) in their summary or description."""
    counts = {}
    for line in open(corpus / "package.jsonl"):
        attributes = json.loads(line)["attributes"]
        text = (attributes.get("summary") or "") + " " + (attributes.get("description") or "")
        for word in set(re.findall(r"[a-z]+", text.lower())):
            counts[word] = counts.get(word, 0) + 1
    return counts


def split(name: str, counts):
    """`name` as the two words it is made of, each of three letters or more and used by 20 packages
    or more, at the split whose rarer part is the most common; None when it has none."""
    splits = [(min(counts.get(name[:at], 0), counts.get(name[at:], 0)), at) for at in range(3, len(name) - 2)]
    best = max(splits, default=(0, 0))
    return name[:best[1]] + " " + name[best[1]:] if best[0] >= 20 else None


KEY_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]


def slipped(name: str, rng: random.Random):
    """`name` with its second letter replaced by a neighbouring key or left out; None when too short."""
    if len(name) < 5:
        return None
    if rng.random() < 0.5:
        return name[0] + name[2:]
    row = next(r for r in KEY_ROWS if name[1] in r)
    at = row.index(name[1])
    return name[0] + rng.choice([row[j] for j in (at - 1, at + 1) if 0 <= j < len(row)]) + name[2:]


def slipped_anywhere(name: str, rng: random.Random):
    """`name` with one slip at a random letter: left out, typed twice or beside a neighbouring key,
    changed to a neighbouring key, or swapped with the next; None when too short or unchanged."""
    if len(name) < 5:
        return None
    at = rng.randrange(len(name))
    kind = rng.choice(["drop", "add", "change", "swap"])
    if kind == "drop":
        return name[:at] + name[at + 1:]
    if kind == "swap":
        return name[:at] + name[at + 1] + name[at] + name[at + 2:] if at + 1 < len(name) and name[at] != name[at + 1] else None
    row = next((r for r in KEY_ROWS if name[at] in r), None)
    if row is None:
        return None
    i = row.index(name[at])
    key = rng.choice([row[j] for j in (i - 1, i + 1) if 0 <= j < len(row)])
    return name[:at] + key + name[at:] if kind == "add" else name[:at] + key + name[at + 1:]


JOINED_NAME = r"[a-z][a-z0-9]*(-[a-z0-9]+)+"


def slipped_part(name: str, rng: random.Random):
    """`name`, words joined by hyphens ("network-manager"), with one slip (`slipped_anywhere`) in
    one of its parts of five letters or more, drawn at random; None when it has none."""
    parts = name.split("-")
    long = [i for i, part in enumerate(parts) if len(part) >= 5 and part.isalpha()]
    if not long:
        return None
    at = rng.choice(long)
    slip = slipped_anywhere(parts[at], rng)
    return "-".join(parts[:at] + [slip] + parts[at + 1:]) if slip else None


def renamed(chosen, rewrite):
    """The queries with their name (first word) typed as `rewrite` types it, the words after it
    kept; those it returns None for are left out."""
    typed = []
    for query in chosen:
        name, _, rest = query["text"].partition(" ")
        name = rewrite(name)
        if name:
            typed.append(dict(query, text=" ".join(filter(None, [name, rest]))))
    return typed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=str(ROOT / ".build/release/searchlight"))
    parser.add_argument("--corpus", default="debian-x1")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--index", help="the corpus's Searchlight index (default Benchmarks/work/index-<corpus>/searchlight)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--misses", action="store_true", help="list the queries whose package is not first")
    parser.add_argument("--misspelt", action="store_true", help="type each name with a slip at its second letter")
    parser.add_argument("--slip-anywhere", action="store_true",
                        help="type each name with one slip at a random letter, the first too (left out, added, changed, swapped)")
    parser.add_argument("--split", action="store_true", help="type each name as the two words it is made of (libre office)")
    parser.add_argument("--typed-prefix", action="store_true",
                        help="type each name alone, its first four letters or more, as it is being typed (--typing)")
    parser.add_argument("--joined", action="store_true",
                        help="names of words joined by hyphens (network-manager), one part typed with a slip")
    parser.add_argument("--family", action="store_true",
                        help="a family's package (python3-django) searched by its word alone (django)")
    parser.add_argument("--typed-words", action="store_true",
                        help="the name and its words as being typed, the last cut to three letters (vlc med)")
    parser.add_argument("--name-last", action="store_true", help="the words about the package first, its name last (media player vlc)")
    parser.add_argument("--other-words", action="store_true",
                        help="follow each name by a word its section's summaries use that its own text lacks (thunderbird email)")
    args = parser.parse_args()
    corpus = ROOT / "Benchmarks" / "work" / "corpus" / args.corpus
    index = Path(args.index) if args.index else ROOT / "Benchmarks" / "work" / f"index-{args.corpus}" / "searchlight"
    if not (corpus / "package.jsonl").exists() or not index.exists():
        sys.exit(f"named_items.py: build the corpus and its index first (make bench: {corpus}, {index})")
    figures, misses = {}, []
    chosen = queries(corpus, args.seed, args.count, JOINED_NAME if args.joined else r"[a-z]+")
    if args.family:
        chosen = family_queries(corpus, args.seed, args.count)
    if args.joined:
        rng = random.Random(args.seed)
        chosen = renamed(chosen, lambda name: slipped_part(name, rng))
    if args.misspelt or args.slip_anywhere:
        rng = random.Random(args.seed)
        chosen = renamed(chosen, lambda name: (slipped_anywhere if args.slip_anywhere else slipped)(name, rng))
    if args.typed_prefix:
        rng = random.Random(args.seed)
        chosen = [dict(query, text=query["text"].partition(" ")[0][:rng.randint(4, len(query["text"].partition(" ")[0]))],
                       form="typed-prefix") for query in chosen if len(query["text"].partition(" ")[0]) >= 4]
    if args.other_words:
        by_section, rng = section_words(corpus), random.Random(args.seed)
        packages = {json.loads(line)["id"]: json.loads(line) for line in open(corpus / "package.jsonl")}
        typed = []
        for query in chosen:
            word = described_otherwise(packages[query["relevant"]], by_section, rng)
            if word:
                typed.append(dict(query, text=query["text"].partition(" ")[0] + " " + word, form="other-words"))
        chosen = typed
    if args.typed_words:
        chosen = [dict(query, text=query["text"].rpartition(" ")[0] + " " + query["text"].rpartition(" ")[2][:3])
                  for query in chosen if len(query["text"].rpartition(" ")[2]) > 3]
    if args.name_last:
        chosen = [dict(query, text=" ".join(query["text"].split()[1:] + query["text"].split()[:1])) for query in chosen]
    if args.split:
        counts = vocabulary(corpus)
        chosen = renamed(chosen, lambda name: split(name, counts))
    for query in chosen:
        done = subprocess.run([args.bin, "search", "--index", str(index), "--json", "--limit", "10", "--no-snippets",
                               "--type", "package"] + (["--typing"] if args.typed_prefix or args.typed_words else []) + [query["text"]],
                              capture_output=True, text=True)
        ids = [str(r["id"]) for r in json.loads(done.stdout)["results"]] if done.returncode == 0 else []
        rank = ids.index(query["relevant"]) + 1 if query["relevant"] in ids else None
        for group in ("all", query["form"]):
            f = figures.setdefault(group, {"queries": 0, "mrr@10": 0.0, "success@1": 0})
            f["queries"] += 1
            f["mrr@10"] += 1 / rank if rank else 0
            f["success@1"] += rank == 1
        if rank != 1:
            misses.append((rank, query["text"], ids[:3]))
    for f in figures.values():
        f["mrr@10"] = round(f["mrr@10"] / f["queries"], 4)
        f["success@1"] = round(f["success@1"] / f["queries"], 4)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for group, f in figures.items():
            print(f"{group:12} {f['queries']:4} queries  MRR@10 {f['mrr@10']:.3f}  success@1 {f['success@1']:.3f}")
    if args.misses:
        for rank, text, top in misses:
            print(rank, text, "->", ", ".join(top))


if __name__ == "__main__":
    main()
