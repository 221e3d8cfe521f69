#!/usr/bin/env python3
"""tantivy peer for the latency benchmarks (Benchmarks/run.py), through tantivy-py (version pinned
in Benchmarks/requirements.txt; run with Benchmarks/work/venv/bin/python).

    tantivy_peer.py index CORPUS_DIR INDEX_DIR
    tantivy_peer.py bench INDEX_DIR --queries FILE --mode any|all|prefix|id [--limit 10] [--warmup 1] [--rounds 1]

Index: every *.jsonl entity; `key` ("type:id", raw tokenizer, for id lookups), `name`, `summary`,
`description` (en_stem tokenizer, with positions), `data` (the JSON line, stored only). One writer
thread with a 256 MB heap, like the single-threaded engines it is compared with; one commit.

Queries (boosts name 8, summary 3, like the Debian schema's weights): the line's words (runs of
letters and digits, so no query syntax gets through) go through the query parser over name,
summary and description; any = disjunction (tantivy's default), all = conjunction_by_default.
prefix = the complete words as in `all`, plus the last word as a prefix: a one-term
phrase_prefix_query per field (a term-dictionary range, at most 50 expansions), the three fields
ORed. id = a term query on `key`. The stored document of every hit is read; hit counts are not
computed (count=False), as the other engines only collect the top hits.
"""

import argparse
import json
import math
import os
import re
import resource
import shutil
import sys
import time
from pathlib import Path

import tantivy

FIELDS = ["name", "summary", "description"]
BOOSTS = {"name": 8.0, "summary": 3.0}
WORD = re.compile(r"[^\W_]+")


def build_schema():
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("key", stored=True, tokenizer_name="raw", index_option="basic")
    for field in FIELDS:
        builder.add_text_field(field, stored=False, tokenizer_name="en_stem", index_option="position")
    builder.add_bytes_field("data", stored=True, indexed=False)
    return builder.build()


def folder_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1048576


def index(corpus: Path, folder: Path):
    started = time.monotonic()
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    engine = tantivy.Index(build_schema(), path=str(folder))
    writer = engine.writer(heap_size=256_000_000, num_threads=1)
    docs = 0
    for path in sorted(corpus.glob("*.jsonl")):
        with open(path, "rb") as handle:
            for raw in handle:
                raw = raw.rstrip(b"\r\n")
                if not raw:
                    continue
                entity = json.loads(raw)
                attributes = entity.get("attributes", {})
                document = tantivy.Document()
                document.add_text("key", f"{entity['type']}:{entity['id']}")
                for field in FIELDS:
                    value = attributes.get(field)
                    if isinstance(value, str):
                        document.add_text(field, value)
                document.add_bytes("data", raw)
                writer.add_document(document)
                docs += 1
    writer.commit()
    writer.wait_merging_threads()
    seconds = time.monotonic() - started
    print(json.dumps({"docs": docs, "seconds": round(seconds, 3), "docs_per_s": round(docs / seconds, 1),
                      "index_mb": round(folder_mb(folder), 1),
                      "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}))


class Planner:
    def __init__(self, engine):
        self.engine = engine
        self.schema = engine.schema

    def parse(self, words, conjunction):
        return self.engine.parse_query(" ".join(words), default_field_names=FIELDS, field_boosts=BOOSTS,
                                       conjunction_by_default=conjunction)

    def query(self, line: str, mode: str):
        if mode == "id":
            return tantivy.Query.term_query(self.schema, "key", line, index_option="basic")
        words = WORD.findall(line.lower())
        if not words:
            return None
        if mode in ("any", "all"):
            return self.parse(words, conjunction=mode == "all")
        # prefix: complete words required, the last word as a prefix in any of the fields
        partial = tantivy.Query.boolean_query([
            (tantivy.Occur.Should, tantivy.Query.boost_query(
                tantivy.Query.phrase_prefix_query(self.schema, field, [words[-1]]), BOOSTS.get(field, 1.0)))
            for field in FIELDS])
        if len(words) == 1:
            return partial
        return tantivy.Query.boolean_query([(tantivy.Occur.Must, self.parse(words[:-1], conjunction=True)),
                                            (tantivy.Occur.Must, partial)])


def percentile(sorted_values, p):
    if not sorted_values:
        return 0.0
    rank = min(len(sorted_values), max(1, math.ceil(p / 100 * len(sorted_values))))
    return sorted_values[rank - 1]


def bench(args):
    engine = tantivy.Index.open(str(args.index))
    engine.reload()
    searcher = engine.searcher()
    planner = Planner(engine)
    queries = [line.rstrip("\r\n") for line in open(args.queries, encoding="utf-8") if line.strip()]

    def one(line):
        query = planner.query(line, args.mode)
        if query is None:
            return 0
        hits = searcher.search(query, args.limit, count=False).hits
        for _, address in hits:
            searcher.doc(address)
        return len(hits)

    for _ in range(args.warmup):
        for line in queries:
            one(line)
    latencies, zero, total = [], 0, 0
    clock = time.perf_counter_ns  # monotonic
    started = clock()
    for _ in range(args.rounds):
        for line in queries:
            t0 = clock()
            n = one(line)
            latencies.append((clock() - t0) / 1000)
            zero += n == 0
            total += n
    wall = (clock() - started) / 1e9
    latencies.sort()
    n = len(latencies)
    print(json.dumps({"mode": args.mode, "queries": n, "p50_us": round(percentile(latencies, 50), 1),
                      "p95_us": round(percentile(latencies, 95), 1), "p99_us": round(percentile(latencies, 99), 1),
                      "mean_us": round(sum(latencies) / n, 1) if n else 0, "max_us": round(latencies[-1], 1) if n else 0,
                      "qps": round(n / wall, 1) if wall else 0, "zero_result_pct": round(100 * zero / n, 2) if n else 0,
                      "mean_results": round(total / n, 3) if n else 0}))


def main():
    parser = argparse.ArgumentParser(description="tantivy peer for Benchmarks/run.py")
    commands = parser.add_subparsers(dest="command", required=True)
    indexing = commands.add_parser("index")
    indexing.add_argument("corpus", type=Path)
    indexing.add_argument("index", type=Path)
    benching = commands.add_parser("bench")
    benching.add_argument("index", type=Path)
    benching.add_argument("--queries", required=True)
    benching.add_argument("--mode", required=True, choices=["any", "all", "prefix", "id"])
    benching.add_argument("--limit", type=int, default=10)
    benching.add_argument("--warmup", type=int, default=1)
    benching.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    if args.command == "index":
        index(args.corpus, args.index)
    else:
        bench(args)


if __name__ == "__main__":
    main()
