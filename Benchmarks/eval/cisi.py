#!/usr/bin/env python3
"""Ranking quality of `searchlight search` on the CISI test collection, with shipped defaults.

Indexes ../shared/data/cisi/docs.jsonl as flat `doc` entities (schema inferred), runs every judged
query through the CLI (`search --json --limit 100`, one process per query, as a user would), and
reports nDCG@10, MAP (over the top 100) and P@10 against the binary qrels.

    python3 Benchmarks/eval/cisi.py [--bin .build/release/searchlight] [--data ../shared/data/cisi] [--json]

Any collection in the same form evaluates alike (--data DIR --name NAME): docs.jsonl ({"id",
"title", "body"}), queries.jsonl ({"id", "text"}) and qrels.txt (TREC: query 0 doc grade); see
cranfield.py, which converts the Cranfield collection, held out from every ranking decision.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_qrels(path):
    relevant = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 4 and int(parts[3]) > 0:
                relevant.setdefault(parts[0], set()).add(parts[2])
    return relevant


def metrics(ranking, relevant):
    gains = [1 if doc in relevant else 0 for doc in ranking]
    dcg = sum(g / math.log2(i + 2) for i, g in enumerate(gains[:10]))
    ideal = sum(1 / math.log2(i + 2) for i in range(min(10, len(relevant))))
    hits, precision_sum = 0, 0.0
    for i, g in enumerate(gains[:100]):
        if g:
            hits += 1
            precision_sum += hits / (i + 1)
    return dcg / ideal, precision_sum / len(relevant), sum(gains[:10]) / 10


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/release/searchlight"))
    parser.add_argument("--data", default=os.path.join(os.path.dirname(ROOT), "shared/data/cisi"))
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--search-args", default="", help="extra `searchlight search` options, e.g. '--match any'")
    parser.add_argument("--name", default="CISI", help="the collection's name in the report (for --data of another collection)")
    args = parser.parse_args()

    relevant = load_qrels(os.path.join(args.data, "qrels.txt"))
    with open(os.path.join(args.data, "queries.jsonl")) as f:
        queries = [json.loads(line) for line in f if line.strip()]
    queries = [q for q in queries if q["id"] in relevant]

    with tempfile.TemporaryDirectory() as folder:
        index = os.path.join(folder, "index")
        subprocess.run([args.bin, "index", "--index", index, "--type", "doc", os.path.join(args.data, "docs.jsonl")],
                       check=True, stdout=subprocess.DEVNULL)
        totals = [0.0, 0.0, 0.0]
        for q in queries:
            out = subprocess.run([args.bin, "search", "--index", index, "--json", "--limit", "100"] + args.search_args.split() + [q["text"]],
                                 check=True, capture_output=True, text=True).stdout
            ranking = [str(r["id"]) for r in json.loads(out)["results"]]
            for i, value in enumerate(metrics(ranking, relevant[q["id"]])):
                totals[i] += value
    ndcg, map_, p10 = (t / len(queries) for t in totals)
    if args.json:
        print(json.dumps({"queries": len(queries), "ndcg@10": round(ndcg, 4), "map": round(map_, 4), "p@10": round(p10, 4)}))
    else:
        print(f"{args.name}, {len(queries)} judged queries: nDCG@10 {ndcg:.3f}  MAP {map_:.3f}  P@10 {p10:.3f}")


if __name__ == "__main__":
    sys.exit(main())
