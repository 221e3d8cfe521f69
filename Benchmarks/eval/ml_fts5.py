#!/usr/bin/env python3
"""SQLite FTS5 peer of the multilingual evaluation (Benchmarks/eval/multilingual.py), through
Python's sqlite3 module (the system's SQLite; trigram needs 3.34 or later).

    ml_fts5.py --docs DOCS.jsonl --queries QUERIES.jsonl [--config unicode61,porter,trigram]

Documents are flat entities `{"id", "text", ...}`; queries `{"id", "text", ...}`. Prints one JSON
object: per configuration, the index and search seconds and every query's top 10 ids.

Configurations (one in-memory FTS5 table each, ranked by bm25()):
- unicode61: `tokenize = 'unicode61 remove_diacritics 2'`; a query is the question's
  whitespace-separated words, each quoted (a phrase of the tokens FTS5 makes of it, never syntax),
  ORed; words without a letter or digit are dropped;
- porter: `porter unicode61 remove_diacritics 2` (Porter's English stemmer over unicode61), same queries;
- trigram: `tokenize = 'trigram'` (case-insensitive substrings, for scripts without spaces); a
  query is every distinct 3-character window of each word (punctuation trimmed from its ends), each
  quoted, ORed: a bag of trigrams, so a Chinese or Thai question need not occur whole.
"""

import argparse
import json
import sqlite3
import sys
import time
import unicodedata

TOKENIZERS = {"unicode61": "unicode61 remove_diacritics 2", "porter": "porter unicode61 remove_diacritics 2",
              "trigram": "trigram"}


def is_word_char(char: str) -> bool:
    return unicodedata.category(char)[0] in "LMN"


def trimmed_words(text: str):
    for chunk in text.split():
        start, end = 0, len(chunk)
        while start < end and not is_word_char(chunk[start]):
            start += 1
        while end > start and not is_word_char(chunk[end - 1]):
            end -= 1
        if end > start:
            yield chunk[start:end]


def quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def expression(text: str, config: str) -> str:
    terms = []
    for word in trimmed_words(text):
        if config == "trigram":
            word = word.lower()
            terms.extend(word[i:i + 3] for i in range(len(word) - 2))
        else:
            terms.append(word)
    return " OR ".join(quoted(t) for t in dict.fromkeys(terms))


def run(docs, queries, config):
    db = sqlite3.connect(":memory:")
    started = time.monotonic()
    db.execute(f"CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, text, tokenize = '{TOKENIZERS[config]}')")
    db.executemany("INSERT INTO docs(id, text) VALUES(?, ?)", ((d["id"], d["text"]) for d in docs))
    db.commit()
    indexed = time.monotonic() - started
    rankings = {}
    started = time.monotonic()
    for query in queries:
        match = expression(query["text"], config)
        rows = db.execute("SELECT id FROM docs WHERE docs MATCH ? ORDER BY rank LIMIT 10", (match,)).fetchall() if match else []
        rankings[query["id"]] = [row[0] for row in rows]
    return {"index_seconds": round(indexed, 3), "search_seconds": round(time.monotonic() - started, 3),
            "tokenize": TOKENIZERS[config], "rankings": rankings}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", required=True)
    parser.add_argument("--queries", required=True)
    parser.add_argument("--config", default="unicode61,porter,trigram")
    args = parser.parse_args()
    docs = [json.loads(line) for line in open(args.docs, encoding="utf-8") if line.strip()]
    queries = [json.loads(line) for line in open(args.queries, encoding="utf-8") if line.strip()]
    results = {config: run(docs, queries, config) for config in args.config.split(",")}
    results["sqlite_version"] = sqlite3.sqlite_version
    json.dump(results, sys.stdout, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
