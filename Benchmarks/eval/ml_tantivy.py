#!/usr/bin/env python3
"""tantivy peer of the multilingual evaluation (Benchmarks/eval/multilingual.py), through tantivy-py
(Benchmarks/requirements.txt; run with Benchmarks/work/venv/bin/python).

    ml_tantivy.py --docs DOCS.jsonl --queries QUERIES.jsonl --config simple,words,stem,ngram --language de
    ml_tantivy.py --docs DOCS.jsonl --queries QUERIES.jsonl --mixed de=stem,zh=ngram,...

Documents are flat entities `{"id", "text", "language"}`; queries `{"id", "text", ...}`. Prints one
JSON object: per configuration, the index and search seconds and every query's top 10 ids.

Analyzers (text analyzers built with TextAnalyzerBuilder, in a RAM index, BM25):
- simple: tantivy's default tokenizer (runs of `char::is_alphanumeric`, so Devanagari words are
  cut at the virama) + remove_long(40) + lowercase;
- words: a regex tokenizer over letters, marks and digits (`[\\p{L}\\p{M}\\p{N}]+`) + remove_long + lowercase;
- stem: words + tantivy's Snowball stemmer for the language (ar, de, el, en, es, ro, ru, tr);
- ngram: character 2- and 3-grams of the whole text (spaces included) + lowercase, for scripts
  written without spaces (zh, th).
A query is the question run through the field's own analyzer, its distinct tokens ORed as term
queries (no phrase, no query syntax), so every analyzer is compared on the same bag-of-terms BM25.
`--mixed`: one index of every document, a field per language with that language's analyzer. A query
is not told its language: it is routed by script, analyzed by the analyzer of, and matched against,
every field whose documents are mostly in the question's script (Latin questions go to de, en, es, ...;
a Chinese one to zh). Unrouted, n-gram fields of other languages match a Latin question's letters in
their few Latin words, at a high IDF, and outscore its own language's word matches.
"""

import argparse
import json
import sys
import time
import unicodedata
from collections import Counter

import tantivy

STEMMERS = {"ar": "arabic", "de": "german", "el": "greek", "en": "english", "es": "spanish",
            "ro": "romanian", "ru": "russian", "tr": "turkish"}
WORDS = r"[\p{L}\p{M}\p{N}]+"


def analyzer(config: str, language: str):
    if config == "ngram":
        return tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.ngram(2, 3, False)).filter(tantivy.Filter.lowercase()).build()
    tokenizer = tantivy.Tokenizer.simple() if config == "simple" else tantivy.Tokenizer.regex(WORDS)
    builder = tantivy.TextAnalyzerBuilder(tokenizer).filter(tantivy.Filter.remove_long(40)).filter(tantivy.Filter.lowercase())
    if config == "stem":
        if language not in STEMMERS:
            return None
        builder = builder.filter(tantivy.Filter.stemmer(STEMMERS[language]))
    return builder.build()


def script(text: str) -> str:
    """The script most of the text's letters are in (the first word of their Unicode names)."""
    counts = Counter(unicodedata.name(c, "?").split()[0] for c in text if c.isalpha())
    return counts.most_common(1)[0][0] if counts else ""


def run(docs, queries, fields):
    """fields: {language: (field name, analyzer name, analyzer)}; a document goes to its language's
    field, or to the only field."""
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("id", stored=True, tokenizer_name="raw", index_option="basic")
    for field, name, _ in fields.values():
        builder.add_text_field(field, stored=False, tokenizer_name=name, index_option="freq")
    schema = builder.build()
    index = tantivy.Index(schema)
    for _, name, text_analyzer in fields.values():
        index.register_tokenizer(name, text_analyzer)
    started = time.monotonic()
    writer = index.writer(heap_size=64_000_000, num_threads=1)
    only = next(iter(fields.values())) if len(fields) == 1 else None
    scripts = {}
    for doc in docs:
        field = only[0] if only else fields[doc["language"]][0]
        writer.add_document(tantivy.Document(id=doc["id"], **{field: doc["text"]}))
        scripts.setdefault(field, Counter())[script(doc["text"])] += 1
    field_script = {field: counts.most_common(1)[0][0] for field, counts in scripts.items()}
    writer.commit()
    writer.wait_merging_threads()
    index.reload()
    indexed = time.monotonic() - started
    searcher = index.searcher()
    rankings = {}
    started = time.monotonic()
    for query in queries:
        clauses, seen = [], set()
        routed = [f for f in fields.values() if only or field_script.get(f[0]) == script(query["text"])]
        for field, _, text_analyzer in routed or fields.values():
            for token in text_analyzer.analyze(query["text"]):
                if (field, token) in seen:
                    continue
                seen.add((field, token))
                clauses.append((tantivy.Occur.Should, tantivy.Query.term_query(schema, field, token)))
        if not clauses:
            rankings[query["id"]] = []
            continue
        hits = searcher.search(tantivy.Query.boolean_query(clauses), 10, count=False).hits
        rankings[query["id"]] = [searcher.doc(address)["id"][0] for _, address in hits]
    return {"index_seconds": round(indexed, 3), "search_seconds": round(time.monotonic() - started, 3),
            "rankings": rankings}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", required=True)
    parser.add_argument("--queries", required=True)
    parser.add_argument("--config", default="simple,words,stem,ngram")
    parser.add_argument("--language", default="", help="the documents' language (for stem)")
    parser.add_argument("--mixed", help="LANG=CONFIG,...: one field per language")
    args = parser.parse_args()
    docs = [json.loads(line) for line in open(args.docs, encoding="utf-8") if line.strip()]
    queries = [json.loads(line) for line in open(args.queries, encoding="utf-8") if line.strip()]
    results = {}
    if args.mixed:
        fields = {}
        for item in args.mixed.split(","):
            language, config = item.split("=")
            fields[language] = (f"text_{language}", f"a_{language}", analyzer(config, language))
        results["mixed"] = run(docs, queries, fields)
        results["mixed"]["analyzers"] = args.mixed
    else:
        for config in args.config.split(","):
            text_analyzer = analyzer(config, args.language)
            if text_analyzer is None:
                continue
            results[config] = run(docs, queries, {"": ("text", "a_text", text_analyzer)})
    json.dump(results, sys.stdout, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
