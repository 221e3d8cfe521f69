#!/usr/bin/env python3
"""Multilingual retrieval quality of `searchlight search` against tantivy and SQLite FTS5.

Two collections, built under Benchmarks/work/multilingual/<collection>/ (nothing is committed):

- xquad (default): XQuAD (google-deepmind/xquad, CC BY-SA 4.0), the same 240 Wikipedia paragraphs
  and 1,190 questions in twelve languages (ar de el en es hi ro ru th tr vi zh). Each paragraph is an
  entity `{"type": "paragraph", "id": "de-017", "text": ..., "language": "de"}`; each question a
  query whose one relevant entity is its paragraph.
- debian-translations: Debian bookworm's translated package descriptions (Corpus/debian/
  build_translations.py: de es fr it ja ko pt ru zh) with seeded known-item queries per language,
  2-4 words of a package's translated summary as people type them (some without accents, some
  with two letters swapped); the relevant entity is that package in that language.

Indexes: one per language (a schema whose type has that language's stemmer), and two mixing all
languages: `mixed-types` (a type per language, each with its own `language`) and `mixed-attribute`
(one type, the language a per-entity attribute, named by the type's `languageAttribute`; recorded as
unsupported by a Searchlight without it). The peers, in Benchmarks/eval/:
ml_tantivy.py (Benchmarks/work/venv's tantivy-py; analyzers simple, words, stem, ngram) and
ml_fts5.py (sqlite3; unicode61 remove_diacritics 2, porter, trigram). Every peer configuration runs,
and the table keeps each language's best by MRR@10 (chosen on the same queries: an upper bound for
the peers). Mixed: tantivy gets a field per language with that language's best analyzer, the query
analyzed by all of them; FTS5 one table per tokenizer over all documents.

Searchlight runs every query as a user would, one `searchlight search --json --limit 10
--no-snippets` process per query, with a space appended: a one-shot search treats a last word not
followed by a space as still being typed, and these are complete questions.

Measures success@10 (the relevant entity in the first 10) and MRR@10 (1/rank, 0 past 10) per
language and engine. Prints a table, writes Benchmarks/work/multilingual-<collection>.json.

    python3 Benchmarks/eval/multilingual.py [--bin .build/release/searchlight] [--collection xquad|debian-translations]
        [--languages de,en] [--engines searchlight,tantivy,fts5] [--no-mixed] [--language-style xapian|iso]
        [--xquad-source DIR] [--build-only] [--json]
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
import unicodedata
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / "Benchmarks" / "work"
HERE = Path(__file__).resolve().parent
VENV_PYTHON = WORK / "venv" / "bin" / "python"

# code: (name, the language's name as the schema's `language` takes it in the "xapian" style: Xapian
# 1.4's stemmer name where it has one; Greek, Hindi, Thai, Vietnamese and Chinese, which it has none
# for, by their English names, which Searchlight reads as their languages, as it does ISO codes).
XQUAD_LANGUAGES = {
    "ar": ("Arabic", "arabic"), "de": ("German", "german"), "el": ("Greek", "greek"), "en": ("English", "english"),
    "es": ("Spanish", "spanish"), "hi": ("Hindi", "hindi"), "ro": ("Romanian", "romanian"),
    "ru": ("Russian", "russian"), "th": ("Thai", "thai"), "tr": ("Turkish", "turkish"),
    "vi": ("Vietnamese", "vietnamese"), "zh": ("Chinese", "chinese"),
}
XQUAD_URLS = ["https://raw.githubusercontent.com/google-deepmind/xquad/master/xquad.{}.json",
              "https://raw.githubusercontent.com/deepmind/xquad/master/xquad.{}.json"]

SEARCHLIGHT_NOTE = ("Searchlight: one `search --json --limit 10 --no-snippets` process per query, "
                    "the question with a trailing space (complete words, not search-as-you-type)")


def log(message):
    print(message, file=sys.stderr, flush=True)


# --- XQuAD -----------------------------------------------------------------------------------

def xquad_file(code: str, cache: Path, source: Path | None) -> dict:
    """One language's XQuAD JSON: from the cache, else from --xquad-source (a folder of the files or
    a git directory of the repository), else downloaded; cached under Benchmarks/work/xquad/."""
    path = cache / f"xquad.{code}.json"
    if not path.exists():
        cache.mkdir(parents=True, exist_ok=True)
        data, errors = None, []
        if source is not None:
            if (source / path.name).exists():
                data = (source / path.name).read_bytes()
            else:
                done = subprocess.run(["git", "--git-dir", str(source), "show", f"HEAD:{path.name}"], capture_output=True)
                data = done.stdout if done.returncode == 0 else None
                if data is None:
                    errors.append(f"{source}: {done.stderr.decode().strip()}")
        for url in [] if data else XQUAD_URLS:
            try:
                with urllib.request.urlopen(url.format(code), timeout=30) as response:
                    data = response.read()
                break
            except OSError as error:
                errors.append(f"{url.format(code)}: {error}")
        if data is None:
            sys.exit("multilingual.py: cannot get XQuAD (" + "; ".join(errors) + "). Put xquad.*.json in "
                     f"{cache}, or pass --xquad-source with a folder or git directory of the repository.")
        path.write_bytes(data)
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def build_xquad(out: Path, style: str, source: Path | None, languages, segmenter: str | None = None):
    """Per language: paragraph.jsonl, schema.json, queries.jsonl; returns {code: stemmer}. With
    `segmenter` "icu", the paragraphs and questions of languages written without spaces are first
    cut into words by ICU's dictionaries (`icu_segmented`), for every engine alike."""
    collection = {}
    for code in languages:
        data = xquad_file(code, WORK / "xquad", source)
        if segmenter == "icu" and code in UNSPACED:
            data = icu_segmented(data)
        entities, queries, n = [], [], 0
        for article in data["data"]:
            for paragraph in article["paragraphs"]:
                identifier = f"{code}-{n:03d}"
                entities.append({"type": "paragraph", "id": identifier, "text": paragraph["context"], "language": code})
                for qa in paragraph["qas"]:
                    queries.append({"id": f"{code}-{qa['id']}", "text": qa["question"], "language": code,
                                    "relevant": [identifier]})
                n += 1
        collection[code] = (entities, queries)
    stemmers = {code: XQUAD_LANGUAGES[code][1] for code in languages}
    text_attributes = [{"key": "text", "kind": "text"}]
    write_collection(out, collection, stemmers, style, text_attributes, title=None)
    return collection


def icu_segmented(data: dict) -> dict:
    """XQuAD's `data` with its paragraphs and questions cut into words by ICU's word break
    iterator (Benchmarks/work/icu_words, built by the Benchmarks Makefile): a space between
    neighbouring words of scripts written without spaces."""
    tool = WORK / "icu_words"
    if not tool.exists():
        subprocess.run(["make", "-s", "-C", str(HERE.parent), "work/icu_words"], check=True)
    paragraphs = [p for article in data["data"] for p in article["paragraphs"]]
    texts = [t for p in paragraphs for t in [p["context"]] + [qa["question"] for qa in p["qas"]]]
    lines = subprocess.run([str(tool)], input="".join(t.replace("\n", " ") + "\n" for t in texts),
                           capture_output=True, text=True, check=True).stdout.split("\n")
    cut = iter(lines)
    for p in paragraphs:
        p["context"] = next(cut)
        for qa in p["qas"]:
            qa["question"] = next(cut)
    return data


# --- writing a collection ----------------------------------------------------------------------

def language_value(code: str, stemmer: str, style: str) -> str:
    return code if style == "iso" else stemmer


def type_schema(name, language, text_attributes, title):
    schema = {"name": name, "displayName": name, "pluralName": name, "idKind": "string", "language": language,
              "attributes": text_attributes + [{"key": "language", "kind": "keyword", "searchable": False}]}
    if title:
        schema["display"] = {"title": title}
    return schema


def write_jsonl(path: Path, rows):
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
    os.replace(temporary, path)


def write_json(path: Path, value):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def write_collection(out: Path, collection, stemmers, style, text_attributes, title):
    """collection: {code: (entities of type "paragraph"/"package", queries)}. Writes a folder per
    language and the two mixed variants."""
    for code, (entities, queries) in collection.items():
        folder = out / code
        kind = entities[0]["type"]
        write_jsonl(folder / "entities.jsonl", entities)
        write_jsonl(folder / "queries.jsonl", queries)
        write_json(folder / "schema.json", {"types": [type_schema(kind, language_value(code, stemmers[code], style),
                                                                  text_attributes, title)]})
    kind = next(iter(collection.values()))[0][0]["type"]
    # mixed-types: a type per language, each with its language
    write_jsonl(out / "mixed-types" / "entities.jsonl",
                (dict(e, type=f"{kind}-{code}") for code, (entities, _) in collection.items() for e in entities))
    write_json(out / "mixed-types" / "schema.json", {"types": [
        type_schema(f"{kind}-{code}", language_value(code, stemmers[code], style), text_attributes, title)
        for code in collection]})
    # mixed-attribute: one type, the language read from each entity's `language` (languageAttribute)
    write_jsonl(out / "mixed-attribute" / "entities.jsonl",
                (e for entities, _ in collection.values() for e in entities))
    mixed = type_schema(kind, "none", text_attributes, title)
    mixed["languageAttribute"] = "language"
    write_json(out / "mixed-attribute" / "schema.json", {"types": [mixed]})
    write_jsonl(out / "mixed-types" / "queries.jsonl", (q for _, queries in collection.values() for q in queries))
    shutil.copyfile(out / "mixed-types" / "queries.jsonl", out / "mixed-attribute" / "queries.jsonl")


# --- Debian translations --------------------------------------------------------------------------

def build_debian(out: Path, style: str, seed: int, per_language: int, languages):
    sys.dont_write_bytecode = True  # no __pycache__ beside the committed sources
    sys.path.insert(0, str(ROOT / "Corpus" / "debian"))
    import build_translations  # noqa: E402  (Corpus/debian/build_translations.py)
    corpus = build_translations.build_corpus(seed=seed, queries_per_language=per_language, languages=languages)
    collection = {}
    for code, (entities, queries) in corpus["languages"].items():
        collection[code] = (entities, queries)
    text_attributes = [{"key": "name", "kind": "text", "weight": 8}, {"key": "summary", "kind": "text", "weight": 3},
                       {"key": "description", "kind": "text"}]
    write_collection(out, collection, corpus["stemmers"], style, text_attributes, title="name")
    return collection


def peer_documents(entities):
    """The peers index one text field: the entity's text attributes joined."""
    for e in entities:
        text = e.get("text") or "\n".join(e.get(k, "") for k in ("name", "summary", "description") if e.get(k))
        yield {"id": e["id"], "text": text, "language": e["language"]}


# --- engines --------------------------------------------------------------------------------

def folder_mb(folder: Path) -> float:
    return round(sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1048576, 2)


def run_searchlight(binary, folder: Path, index: Path, queries):
    shutil.rmtree(index, ignore_errors=True)
    started = time.monotonic()
    done = subprocess.run([binary, "index", "--index", str(index), "--schema", str(folder / "schema.json"),
                           str(folder / "entities.jsonl")], capture_output=True, text=True)
    if done.returncode != 0:
        return {"unsupported": (done.stderr.strip() or done.stdout.strip())[:400], "exit": done.returncode}
    indexed = time.monotonic() - started
    rankings, failures = {}, 0
    started = time.monotonic()
    for query in queries:
        result = subprocess.run([binary, "search", "--index", str(index), "--json", "--limit", "10", "--no-snippets",
                                 query["text"] + " "], capture_output=True, text=True)
        if result.returncode != 0:
            failures += 1
            rankings[query["id"]] = []
            continue
        rankings[query["id"]] = [str(r["id"]) for r in json.loads(result.stdout)["results"]]
    searched = time.monotonic() - started
    return {"index_seconds": round(indexed, 2), "index_mb": folder_mb(index), "search_seconds": round(searched, 2),
            "ms_per_query": round(1000 * searched / max(1, len(queries)), 2), "failed_queries": failures,
            "rankings": rankings}


def peer_python():
    return str(VENV_PYTHON) if VENV_PYTHON.exists() else None


def run_peer(command, documents, queries, scratch: Path):
    scratch.mkdir(parents=True, exist_ok=True)
    write_jsonl(scratch / "docs.jsonl", documents)
    write_jsonl(scratch / "queries.jsonl", queries)
    done = subprocess.run(command + ["--docs", str(scratch / "docs.jsonl"), "--queries", str(scratch / "queries.jsonl")],
                          capture_output=True, text=True)
    if done.returncode != 0:
        log(done.stderr)
        sys.exit(f"multilingual.py: {' '.join(command)} failed")
    return json.loads(done.stdout)


# --- metrics --------------------------------------------------------------------------------

def score(rankings, queries):
    success = reciprocal = 0.0
    for query in queries:
        ranking = rankings.get(query["id"], [])[:10]
        relevant = set(query["relevant"])
        rank = next((i + 1 for i, doc in enumerate(ranking) if doc in relevant), None)
        if rank:
            success += 1
            reciprocal += 1 / rank
    n = max(1, len(queries))
    return {"queries": len(queries), "success@10": round(success / n, 4), "mrr@10": round(reciprocal / n, 4)}


def by_variant(rankings, queries):
    """Known-item queries carry a `variant` (clean, unaccented, typo): the figures of each."""
    variants = sorted({q.get("variant") for q in queries if q.get("variant")})
    return {v: score(rankings, [q for q in queries if q.get("variant") == v]) for v in variants}


def scored(result, queries):
    """Replaces a run's rankings by its figures (and per-variant figures when queries have variants)."""
    if "rankings" not in result:
        return result
    figures = dict(result)
    rankings = figures.pop("rankings")
    figures.update(score(rankings, queries))
    variants = by_variant(rankings, queries)
    if variants:
        figures["variants"] = variants
    return figures


def best(configs: dict):
    """(name, figures) of the configuration with the highest MRR@10 (then success@10)."""
    usable = {k: v for k, v in configs.items() if isinstance(v, dict) and "mrr@10" in v}
    if not usable:
        return None, None
    name = max(usable, key=lambda k: (usable[k]["mrr@10"], usable[k]["success@10"]))
    return name, usable[name]


# --- main -----------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--bin", default=str(ROOT / ".build/release/searchlight"))
    parser.add_argument("--collection", choices=["xquad", "debian-translations"], default="xquad")
    parser.add_argument("--languages", help="comma-separated codes (default: all of the collection)")
    parser.add_argument("--engines", default="searchlight,tantivy,fts5")
    parser.add_argument("--no-mixed", action="store_true", help="skip the indexes mixing every language")
    parser.add_argument("--language-style", choices=["xapian", "iso"], default="xapian",
                        help="schema `language` values: English names (Xapian's stemmer names where it has one) or ISO 639-1 codes")
    parser.add_argument("--xquad-source", type=Path, help="a folder or git directory holding xquad.*.json")
    parser.add_argument("--seed", type=int, default=42, help="debian-translations: the query generator's seed")
    parser.add_argument("--queries-per-language", type=int, default=300, help="debian-translations (default 300)")
    parser.add_argument("--segmenter", choices=["icu"],
                        help="xquad: cut the Thai and Chinese text into words with ICU's dictionaries first, for every "
                             "engine (figures in multilingual-xquad-icu.json), to compare with Searchlight's n-grams")
    parser.add_argument("--build-only", action="store_true", help="write the collection and stop")
    parser.add_argument("--merge", action="store_true",
                        help="keep the figures of engines not run now from the last results JSON")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args()

    if args.segmenter and args.collection != "xquad":
        sys.exit("multilingual.py: --segmenter applies to the xquad collection")
    name = args.collection + (f"-{args.segmenter}" if args.segmenter else "")
    out = WORK / "multilingual" / name
    started = time.monotonic()
    if args.collection == "xquad":
        languages = args.languages.split(",") if args.languages else list(XQUAD_LANGUAGES)
        collection = build_xquad(out, args.language_style, args.xquad_source, languages, args.segmenter)
    else:
        languages = args.languages.split(",") if args.languages else None
        collection = build_debian(out, args.language_style, args.seed, args.queries_per_language, languages)
    languages = list(collection)
    log(f"{args.collection}: {sum(len(e) for e, _ in collection.values())} entities, "
        f"{sum(len(q) for _, q in collection.values())} queries in {len(languages)} languages "
        f"({out}, built in {time.monotonic() - started:.1f} s)")
    if args.build_only:
        return 0

    engines = args.engines.split(",")
    python = peer_python()
    if "tantivy" in engines and not python:
        sys.exit("multilingual.py: no Benchmarks/work/venv with tantivy (make -C Benchmarks peers)")
    scratch = WORK / "multilingual" / "scratch"
    results = {"collection": args.collection, "language_style": args.language_style, "note": SEARCHLIGHT_NOTE,
               "bin": args.bin, "segmenter": args.segmenter, "languages": {}, "mixed": {}}
    for code in languages:
        entities, queries = collection[code]
        row = results["languages"][code] = {"entities": len(entities), "queries": len(queries)}
        documents = list(peer_documents(entities))
        if "searchlight" in engines:
            t0 = time.monotonic()
            row["searchlight"] = scored(run_searchlight(args.bin, out / code, WORK / "multilingual" / "index" / name / code, queries), queries)
            log(f"  {code} searchlight {time.monotonic() - t0:.1f} s")
        if "tantivy" in engines:
            configs = run_peer([python, str(HERE / "ml_tantivy.py"), "--language", code], documents, queries, scratch)
            row["tantivy"] = {k: scored(v, queries) for k, v in configs.items()}
        if "fts5" in engines:
            configs = run_peer([sys.executable, str(HERE / "ml_fts5.py")], documents, queries, scratch)
            row["sqlite_version"] = configs.pop("sqlite_version")
            row["fts5"] = {k: scored(v, queries) for k, v in configs.items()}
        log(f"  {code} done ({time.monotonic() - started:.0f} s)")

    if not args.no_mixed:
        all_queries = [q for _, queries in collection.values() for q in queries]
        documents = [d for entities, _ in collection.values() for d in peer_documents(entities)]
        for variant in ("mixed-types", "mixed-attribute"):
            if "searchlight" in engines:
                result = run_searchlight(args.bin, out / variant, WORK / "multilingual" / "index" / name / variant, all_queries)
                results["mixed"][f"searchlight/{variant}"] = per_language(result, collection)
                log(f"  {variant} searchlight done ({time.monotonic() - started:.0f} s)")
        if "tantivy" in engines:
            # "tantivy": each language's best analyzer among those that suit mixing (n-grams only for
            # scripts written without spaces: in a shared index, n-gram fields of other languages
            # match a question's letters and outscore its own field's word matches);
            # "tantivy-best": each language's best analyzer whatever it is.
            for column, pick in (("tantivy", suited), ("tantivy-best", lambda code, configs: configs)):
                analyzers = ",".join(f"{code}={best(pick(code, results['languages'][code]['tantivy']))[0]}" for code in languages)
                configs = run_peer([python, str(HERE / "ml_tantivy.py"), "--mixed", analyzers], documents, all_queries, scratch)
                results["mixed"][column] = per_language(configs["mixed"], collection)
                results["mixed"][column]["analyzers"] = analyzers
        if "fts5" in engines:
            configs = run_peer([sys.executable, str(HERE / "ml_fts5.py")], documents, all_queries, scratch)
            configs.pop("sqlite_version")
            results["mixed"]["fts5"] = {k: per_language(v, collection) for k, v in configs.items()}
    shutil.rmtree(scratch, ignore_errors=True)
    results["seconds"] = round(time.monotonic() - started, 1)

    path = WORK / f"multilingual-{name}.json"
    if args.merge and path.exists():
        previous = json.loads(path.read_text(encoding="utf-8"))
        for code, row in previous.get("languages", {}).items():
            for key, value in row.items():
                results["languages"].setdefault(code, {}).setdefault(key, value)
        for key, value in previous.get("mixed", {}).items():
            if not any(key == engine or key.startswith(engine + "/") or key.startswith(engine + "-") for engine in engines):
                results["mixed"].setdefault(key, value)
    write_json(path, results)
    if args.json:
        print(json.dumps(results, ensure_ascii=False))
    else:
        print(render(results))
        print(f"\nFigures: {path}")
    return 0


UNSPACED = {"ja", "th", "zh"}


def suited(code, configs):
    """The analyzers a language may use in a mixed tantivy index: n-grams for scripts without spaces only."""
    return {k: v for k, v in configs.items() if (k == "ngram") == (code in UNSPACED)}


def per_language(result, collection):
    """A mixed run's figures overall and per language."""
    if "rankings" not in result:
        return result
    figures = {k: v for k, v in result.items() if k != "rankings"}
    all_queries = [q for _, queries in collection.values() for q in queries]
    figures.update(score(result["rankings"], all_queries))
    figures["languages"] = {code: score(result["rankings"], queries) for code, (_, queries) in collection.items()}
    return figures


def cell(figures):
    if not figures or "mrr@10" not in figures:
        return "—"
    return f"{figures['success@10']:.3f} / {figures['mrr@10']:.3f}"


def render(results) -> str:
    lines = [f"{results['collection']}: success@10 / MRR@10 per language ({results['note']})", ""]
    header = "| language | queries | Searchlight | tantivy (best) | FTS5 (best) |"
    lines += ["Per-language indexes (peers: each language's best configuration, chosen by MRR@10):", "",
              header, "|---|---|---|---|---|"]
    for code, row in results["languages"].items():
        t_name, t_best = best(row.get("tantivy", {}))
        f_name, f_best = best(row.get("fts5", {}))
        lines.append(f"| {code} | {row['queries']} | {cell(row.get('searchlight'))} | "
                     f"{cell(t_best)}{f' ({t_name})' if t_name else ''} | {cell(f_best)}{f' ({f_name})' if f_name else ''} |")
    mixed = results.get("mixed") or {}
    if mixed:
        lines += ["", "Mixed index (every language in one index; FTS5: each language's best tokenizer table):", ""]
        columns = [k for k in mixed if k.startswith("searchlight/")] + [k for k in ("tantivy", "tantivy-best", "fts5") if k in mixed]
        lines += ["| language | " + " | ".join(columns) + " |", "|---|" + "---|" * len(columns)]
        for code in results["languages"]:
            cells = []
            for column in columns:
                value = mixed[column]
                if column == "fts5":
                    options = {k: v["languages"][code] for k, v in value.items() if "languages" in v}
                    name, figures = best(options)
                    cells.append(f"{cell(figures)} ({name})" if name else "—")
                elif "languages" in value:
                    cells.append(cell(value["languages"][code]))
                else:
                    cells.append("unsupported")
            lines.append(f"| {code} | " + " | ".join(cells) + " |")
        for column in columns:
            if "unsupported" in mixed[column]:
                lines.append(f"\n{column}: unsupported: {mixed[column]['unsupported'].splitlines()[0]}")
    variants = any("variants" in (row.get("searchlight") or {}) for row in results["languages"].values())
    if variants:
        lines += ["", "Per query variant (success@10 / MRR@10):", "",
                  "| language | variant | Searchlight | tantivy (best) | FTS5 (best) |", "|---|---|---|---|---|"]
        for code, row in results["languages"].items():
            t_name, t_best = best(row.get("tantivy", {}))
            f_name, f_best = best(row.get("fts5", {}))
            for variant in (row.get("searchlight") or {}).get("variants", {}):
                lines.append(f"| {code} | {variant} | {cell(row['searchlight']['variants'][variant])} | "
                             f"{cell((t_best or {}).get('variants', {}).get(variant))} | "
                             f"{cell((f_best or {}).get('variants', {}).get(variant))} |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
