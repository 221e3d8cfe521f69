#!/usr/bin/env python3
"""Writes benchmark query files for a corpus, the same ones for the same seed.

    python3 Benchmarks/queries/generate.py --corpus DIR [--seed 42] [--out DIR] [--count 1000]

Files (one query per line, default folder Benchmarks/work/queries-<corpus folder name>/):
  search.txt  1-3 words as people type them, from package names and summaries, no operators:
              70 % taken in order from one package's name and summary (so "all words" often
              matches), 30 % words drawn independently, half by frequency (common), half
              uniformly over the vocabulary (mostly rare).
  prefix.txt  what is typed into a completion box: 1-5 letters of real words, several lengths of
              the same word in a row (as it is being typed).
  typing.txt  search as you type: 0-2 complete words of one package's text, then 1-5 letters of the
              next word.
  ids.txt     type:id lines, 90 % existing entities (packages, sections, maintainers in proportion
              to their numbers, copies included), 10 % missing ids.
  long.txt    4-7 words in a row from one package's summary and description, small words included,
              as when a sentence is pasted or a need described.
Python 3 standard library only.
"""

import argparse
import json
import random
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
WORD = re.compile(r"[a-z0-9]+")
# Words too common to be what someone types as a query on their own.
FILLER = set("a an and the of for to in on with by from or is are be this that it as at its".split())


def entities(corpus: Path):
    """Yields (type, id, attributes) of every entity in the corpus's .jsonl files, in file order."""
    for path in sorted(corpus.glob("*.jsonl")):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if line.strip():
                    item = json.loads(line)
                    yield item["type"], str(item["id"]), item.get("attributes", {})


def words(text: str):
    return [w for w in WORD.findall(text.lower()) if w not in FILLER]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--count", type=int, default=1000, help="lines per file")
    args = parser.parse_args()
    out = args.out or REPO / "Benchmarks" / "work" / f"queries-{args.corpus.resolve().name}"
    rng = random.Random(args.seed)

    # One pass: texts of the original packages (copies share them), and a reservoir of ids.
    texts, frequency, prose = [], {}, []
    reservoir, seen = [], 0
    wanted_ids = int(args.count * 0.9 + 0.5)
    for kind, identifier, attributes in entities(args.corpus):
        seen += 1
        if len(reservoir) < wanted_ids:
            reservoir.append(f"{kind}:{identifier}")
        else:
            slot = rng.randrange(seen)
            if slot < wanted_ids:
                reservoir[slot] = f"{kind}:{identifier}"
        if kind != "package" or "~" in identifier:
            continue
        running = WORD.findall(f'{attributes.get("summary", "")} {attributes.get("description", "")}'.lower())
        if len(running) >= 7:
            prose.append(running)
        sequence = words(attributes.get("name", "").replace("-", " ")) + words(attributes.get("summary", ""))
        if sequence:
            texts.append(sequence)
            for word in set(sequence):
                frequency[word] = frequency.get(word, 0) + 1
    if not texts:
        raise SystemExit(f"generate.py: no packages with names or summaries in {args.corpus}")
    vocabulary = sorted(frequency)
    lettered = [w for w in vocabulary if w.isalpha() and len(w) >= 2]
    weights = [frequency[w] for w in lettered]
    # Rare words: any vocabulary entry of two or more characters with a letter ("parser2", "cfgrib").
    uncommon = [w for w in vocabulary if len(w) >= 2 and any(c.isalpha() for c in w)]

    def common_word():
        return rng.choices(lettered, weights)[0]

    search = []
    while len(search) < args.count:
        size = rng.choices([1, 2, 3], [4, 4, 2])[0]
        if rng.random() < 0.7:
            sequence = rng.choice(texts)
            start = rng.randrange(max(1, len(sequence) - size + 1))
            query = sequence[start:start + size]
        else:
            query = [common_word() if rng.random() < 0.5 else rng.choice(uncommon) for _ in range(size)]
        search.append(" ".join(query))

    prefix = []
    while len(prefix) < args.count:
        word = common_word() if rng.random() < 0.7 else rng.choice(lettered)
        lengths = sorted(rng.sample(range(1, min(5, len(word)) + 1), k=min(rng.randint(1, 3), min(5, len(word)))))
        prefix += [word[:n] for n in lengths]
    prefix = prefix[:args.count]

    typing = []
    while len(typing) < args.count:
        sequence = rng.choice(texts)
        complete = min(rng.choices([0, 1, 2], [4, 4, 2])[0], len(sequence) - 1)
        start = rng.randrange(len(sequence) - complete)
        partial = sequence[start + complete]
        typing.append(" ".join(sequence[start:start + complete] + [partial[:rng.randint(1, min(5, len(partial)))]]))

    ids = list(reservoir)
    kinds = sorted({line.split(":", 1)[0] for line in ids}) or ["package"]
    while len(ids) < args.count:
        ids.append(f"{rng.choice(kinds)}:missing-{rng.randrange(10**9):09d}")
    rng.shuffle(ids)

    # Drawn last, so that the other files of a seed stay those drawn before long.txt existed.
    long = []
    while prose and len(long) < args.count:
        sequence = rng.choice(prose)
        size = rng.randint(4, 7)
        start = rng.randrange(len(sequence) - size + 1)
        long.append(" ".join(sequence[start:start + size]))

    out.mkdir(parents=True, exist_ok=True)
    for name, lines in [("search", search), ("prefix", prefix), ("typing", typing), ("ids", ids), ("long", long)]:
        (out / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"queries: {len(search)} search, {len(prefix)} prefix, {len(typing)} typing, {len(ids)} ids, "
          f"{len(long)} long (seed {args.seed}) in {out}")


if __name__ == "__main__":
    main()
