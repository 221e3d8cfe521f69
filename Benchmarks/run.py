#!/usr/bin/env python3
"""Latency and throughput of Searchlight against its peers, one command.

    python3 Benchmarks/run.py [--corpus DIR] [--scale N] [--bin PATH_TO_searchlight] [--rounds 3]
                              [--seed 42 | --queries DIR] [--shards N] [--out Benchmarks/RESULTS.md] [--reuse-indexes]

Builds what is missing (the Debian corpus, the query files, the peers, a release build of
searchlight unless --bin), indexes the corpus with every engine (each under /usr/bin/time -v, so
peak memory is measured the same way for all), then runs interleaved rounds: for each round, for
each query mode, every engine in a rotated order, one `bench` subprocess each (one warm-up pass,
one timed pass). The figures reported are the medians over the rounds. Also times one-shot
`searchlight search` processes. Writes Benchmarks/work/results-<corpus>.json and the tables of the
"Latency and throughput" section of RESULTS.md (between the bench:begin/end markers).

Query files: generated for the corpus with seed 42 unless --seed picks another draw, or your own with
--queries DIR (any of search.txt, typing.txt, prefix.txt, ids.txt, long.txt; the modes of a missing file are
skipped). Runs on other queries than the default draw get results and a RESULTS.md part of their own,
named after the corpus and the queries, so they never replace the default figures.

--shards N (N > 1; `make bench SHARDS=N`) also indexes the corpus with `searchlight index --shards N`
and runs its queries as one more engine, reported beside the single index and the peers: indexing
entities/s, CPU time and peak RSS, and search p50/p99, each as a ratio to the single index. Such a run
has results and a RESULTS.md part of its own too (`-shardsN`).
"""

import argparse
import datetime
import json
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO / "Benchmarks"
WORK = BENCH / "work"
VENV_PYTHON = WORK / "venv" / "bin" / "python"
BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"

ENGINES = ["searchlight", "searchlight-shards", "searchlight-bare", "xapian-plan", "xapian", "fts5", "tantivy"]
# Shards of the "searchlight-shards" engine (--shards); 1 leaves the engine out.
SHARDS = 1
ENGINE_TITLES = {
    "searchlight": "Searchlight",
    "searchlight-shards": "Searchlight, sharded",
    "searchlight-bare": "Searchlight, `--no-snippets`",
    "xapian-plan": "raw Xapian, Searchlight's plan and index",
    "xapian": "raw Xapian, naive",
    "fts5": "SQLite FTS5",
    "tantivy": "tantivy",
}
# Query modes: the query file, and what each engine runs for it (None: the engine has no such mode).
# "searchlight-bare" is Searchlight doing the same-plan mirror's work, without cutting snippets.
MODES = {
    "any":     ("search.txt", {"searchlight": ["--mode", "search", "--match", "any"],
                               "searchlight-bare": ["--mode", "search", "--match", "any", "--no-snippets"], "xapian-plan": ["any"],
                               "xapian": ["any"], "fts5": ["any"], "tantivy": ["any"]}),
    "all":     ("search.txt", {"searchlight": ["--mode", "search", "--match", "all"],
                               "searchlight-bare": ["--mode", "search", "--match", "all", "--no-snippets"], "xapian-plan": ["all"],
                               "xapian": ["all"], "fts5": ["all"], "tantivy": ["all"]}),
    "default": ("search.txt", {"searchlight": ["--mode", "search"], "searchlight-bare": ["--mode", "search", "--no-snippets"],
                               "xapian-plan": ["best"], "xapian": ["best"]}),
    "typing":  ("typing.txt", {"searchlight": ["--mode", "search", "--typing"], "searchlight-bare": ["--mode", "search", "--typing", "--no-snippets"],
                               "xapian-plan": ["best", "--typing"],
                               "xapian": ["prefix"], "fts5": ["prefix"], "tantivy": ["prefix"]}),
    "suggest": ("prefix.txt", {"searchlight": ["--mode", "suggest"], "xapian": ["prefix"], "fts5": ["prefix"],
                               "tantivy": ["prefix"]}),
    "id":      ("ids.txt", {"searchlight": ["--mode", "get"], "xapian-plan": ["id"], "xapian": ["id"],
                            "fts5": ["id"], "tantivy": ["id"]}),
    "long":    ("long.txt", {"searchlight": ["--mode", "search"], "searchlight-bare": ["--mode", "search", "--no-snippets"],
                             "xapian-plan": ["best"], "xapian": ["best"], "tantivy": ["any"]}),
}
# The sharded index runs every query mode the single one does, the same way.
for _file, _per_engine in MODES.values():
    if "searchlight" in _per_engine:
        _per_engine["searchlight-shards"] = _per_engine["searchlight"]
FIGURES = ["p50_us", "p95_us", "p99_us", "mean_us", "max_us", "qps", "zero_result_pct", "mean_results"]


def log(message):
    print(message, file=sys.stderr, flush=True)


def run(command, **options):
    log("+ " + " ".join(shlex.quote(str(part)) for part in command))
    return subprocess.run([str(part) for part in command], check=True, **options)


def last_json(text: str) -> dict:
    """The JSON object a tool printed (pretty-printed or on one line)."""
    start = text.find("{")
    if start < 0:
        raise ValueError(f"no JSON in output: {text[:200]!r}")
    return json.loads(text[start:text.rfind("}") + 1])


# --- building what is missing -----------------------------------------------------------------

def ensure_corpus(corpus: Path, scale: int):
    if (corpus / "package.jsonl").exists() and (corpus / "schema.json").exists():
        return
    run([sys.executable, REPO / "Corpus" / "debian" / "build.py", "--scale", scale, "--out", corpus])


DEFAULT_SEED = 42


def ensure_queries(corpus: Path, count: int, seed: int) -> Path:
    suffix = (f"-n{count}" if count != 1000 else "") + (f"-seed{seed}" if seed != DEFAULT_SEED else "")
    folder = WORK / f"queries-{corpus.name}{suffix}"
    if not all((folder / spec[0]).exists() for spec in MODES.values()):
        run([sys.executable, BENCH / "queries" / "generate.py", "--corpus", corpus, "--out", folder,
             "--count", count, "--seed", seed])
    return folder


def shown(path: Path) -> str:
    """path relative to the repository when it is inside it, else absolute."""
    path = path.resolve()
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)


def has_queries(path: Path) -> bool:
    if not path.is_file():
        return False
    with open(path, encoding="utf-8", errors="replace") as handle:
        return any(line.strip() for line in handle)


def query_files(folder: Path):
    """The modes whose query file is in folder and holds a query, and the names of the files that
    are missing or empty."""
    modes = {mode: spec for mode, spec in MODES.items() if has_queries(folder / spec[0])}
    missing = sorted({spec[0] for mode, spec in MODES.items() if mode not in modes})
    return modes, missing


def ensure_searchlight(binary):
    if binary:
        return Path(binary).resolve()
    run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--package-path", REPO])
    return REPO / ".build" / "release" / "searchlight"


def has_bench_command(binary: Path) -> bool:
    return subprocess.run([binary, "bench", "--help"], capture_output=True).returncode == 0


# --- indexing -----------------------------------------------------------------------------------

def du_mb(folder: Path) -> float:
    output = subprocess.run(["du", "-sk", str(folder)], capture_output=True, text=True, check=True).stdout
    return round(int(output.split()[0]) / 1024, 1)


def timed(command):
    """Runs command under /usr/bin/time -v: (stdout, wall seconds, peak RSS in MB, CPU seconds: user + system)."""
    log("+ " + " ".join(shlex.quote(str(part)) for part in command))
    started = time.monotonic()
    done = subprocess.run(["/usr/bin/time", "-v"] + [str(part) for part in command], capture_output=True, text=True)
    wall = time.monotonic() - started
    if done.returncode != 0:
        raise RuntimeError(f"{command[0]} failed ({done.returncode}): {done.stderr[-2000:]}")
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    cpu = sum(float(m[1]) for m in re.finditer(r"(?:User|System) time \(seconds\): ([\d.]+)", done.stderr))
    return done.stdout, wall, round(int(match[1]) / 1024, 1) if match else None, round(cpu, 2)


def index_command(engine, corpus, folder, searchlight):
    return {
        "searchlight": [searchlight, "index", "--index", folder, corpus, "--json"],
        "searchlight-shards": [searchlight, "index", "--index", folder, "--shards", SHARDS, corpus, "--json"],
        "xapian": [WORK / "xapian_raw", "index", corpus, folder],
        "fts5": [WORK / "sqlite_fts5", "index", corpus, folder],
        "tantivy": [VENV_PYTHON, BENCH / "peers" / "tantivy_peer.py", "index", corpus, folder],
    }[engine]


def index_all(corpus, indexes, searchlight, reuse, previous):
    results = {}
    for engine in ["searchlight"] + (["searchlight-shards"] if SHARDS > 1 else []) + ["xapian", "fts5", "tantivy"]:
        folder = index_folder(indexes, engine)
        if reuse and folder.exists() and engine in previous:
            log(f"reusing {folder}")
            results[engine] = dict(previous[engine], reused=True)
            continue
        shutil.rmtree(folder, ignore_errors=True)
        stdout, wall, rss, cpu = timed(index_command(engine, corpus, folder, searchlight))
        summary = last_json(stdout)
        docs = summary.get("docs", summary.get("indexed"))
        seconds = summary.get("seconds", wall)
        results[engine] = {"docs": docs, "seconds": round(seconds, 2), "wall_seconds": round(wall, 2),
                           "docs_per_s": round(docs / seconds, 1), "index_mb": du_mb(folder),
                           "peak_rss_mb": rss, "cpu_seconds": cpu, "reported": summary}
    return results


def index_folder(indexes, engine):
    """Where an engine's index is; the sharded one's name says how many shards it has."""
    return indexes / (f"searchlight-shards{SHARDS}" if engine == "searchlight-shards" else engine)


# --- querying -----------------------------------------------------------------------------------

def bench_command(engine, arguments, queries, indexes, searchlight, limit):
    common = ["--limit", limit, "--warmup", 1, "--rounds", 1]
    if engine in ("searchlight", "searchlight-bare", "searchlight-shards"):
        index = index_folder(indexes, "searchlight-shards" if engine == "searchlight-shards" else "searchlight")
        return [searchlight, "bench", "--index", index, "--queries", queries] + arguments + common + ["--json"]
    mode = ["--queries", queries, "--mode", arguments[0]] + common
    if engine == "xapian-plan":
        return [WORK / "xapian_raw", "bench", indexes / "searchlight"] + mode + arguments[1:] + ["--searchlight-plan"]
    if engine == "xapian":
        # Xapian as shipped: every block read with pread(2), without Searchlight's mapped reads.
        return ["env", "SEARCHLIGHT_MAPPED_READS=0", WORK / "xapian_raw", "bench", indexes / "xapian"] + mode
    if engine == "fts5":
        return [WORK / "sqlite_fts5", "bench", indexes / "fts5"] + mode
    return [VENV_PYTHON, BENCH / "peers" / "tantivy_peer.py", "bench", indexes / "tantivy"] + mode


def bench_rounds(engines, modes, query_folder, indexes, searchlight, rounds, limit):
    samples = {}  # (mode, engine) -> [result per round]
    for round_number in range(rounds):
        for mode_number, (mode, (file, per_engine)) in enumerate(modes.items()):
            present = [e for e in engines if e in per_engine]
            shift = (round_number + mode_number) % len(present)
            for engine in present[shift:] + present[:shift]:
                command = bench_command(engine, per_engine[engine], query_folder / file, indexes, searchlight, limit)
                log(f"[round {round_number + 1}/{rounds}] {mode} {engine}: " + " ".join(shlex.quote(str(c)) for c in command))
                done = subprocess.run([str(c) for c in command], capture_output=True, text=True)
                if done.returncode != 0:
                    log(f"  failed ({done.returncode}): {done.stderr.strip()[-500:]}")
                    continue
                samples.setdefault((mode, engine), []).append(last_json(done.stdout))
    medians = {}
    for (mode, engine), results in samples.items():
        medians.setdefault(mode, {})[engine] = {
            figure: round(statistics.median(r[figure] for r in results), 3 if figure == "mean_results" else 1)
            for figure in FIGURES if all(figure in r for r in results)}
        medians[mode][engine]["rounds"] = len(results)
    return medians


def one_shot(searchlight, index, queries_file, runs):
    """Wall time of whole `searchlight search` processes, one per query (the first `runs` lines)."""
    lines = [line.strip() for line in open(queries_file, encoding="utf-8") if line.strip()][:runs]
    walls = []
    for line in lines:
        started = time.monotonic()
        done = subprocess.run([str(searchlight), "search", "--index", str(index), "--", line],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if done.returncode != 0:
            log(f"  one-shot search {line!r} failed: {done.stderr.decode(errors='replace').strip()[-300:]}")
            continue
        walls.append((time.monotonic() - started) * 1000)
    if not walls:
        return None
    walls.sort()
    return {"runs": len(walls), "file": queries_file.name, "median_ms": round(statistics.median(walls), 2),
            "p90_ms": round(walls[int(0.9 * (len(walls) - 1))], 2), "max_ms": round(walls[-1], 2)}


# --- reporting ----------------------------------------------------------------------------------

def machine():
    model = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        kb = int(re.search(r"MemTotal:\s+(\d+)", open("/proc/meminfo").read())[1])
        memory = f"{kb / 1048576:.0f} GiB"
    except (OSError, TypeError):
        pass
    return {"nproc": os.cpu_count(), "cpu": model, "memory": memory, "kernel": platform.release(),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}


def ratio(a, b):
    return f"{a / b:.2f}×" if a and b else "–"


def engine_title(engine, results):
    shards = results.get("shards", 1)
    return f"Searchlight, {shards} shards" if engine == "searchlight-shards" else ENGINE_TITLES[engine]


def engine_table(results, title, cell):
    """A table of one figure per engine (rows) and mode (columns); engines with no figure are left out."""
    queries = results["queries_results"]
    lines = ["", f"#### {title}", "", "| engine | " + " | ".join(MODES) + " |", "|---|" + "---|" * len(MODES)]
    for engine in ENGINES:
        cells = [cell(row) if (row := queries.get(mode, {}).get(engine)) else "–" for mode in MODES]
        if any(c != "–" for c in cells):
            lines.append(f"| {engine_title(engine, results)} | " + " | ".join(cells) + " |")
    return lines


def shard_ratios(results):
    """The sharded index against the single one: indexing and each mode's p50 and p99, as ratios."""
    one, many = results["index"].get("searchlight"), results["index"].get("searchlight-shards")
    if not one or not many:
        return []
    shards = results.get("shards", 1)
    lines = ["", f"#### {shards} shards relative to one index (ratios; the issue's targets: indexing ≥ 1.5× entities/s with 2 shards "
             "on 2 cores, CPU time per entity ≤ 1×, search ≤ 1.2×)", "",
             f"Indexing: entities/s {ratio(many['docs_per_s'], one['docs_per_s'])}, "
             f"CPU time {ratio(many.get('cpu_seconds'), one.get('cpu_seconds'))}, "
             f"peak RSS {ratio(many['peak_rss_mb'], one['peak_rss_mb'])} ({many['peak_rss_mb']} MB).", "",
             "| mode | p50 ratio | p99 ratio |", "|---|---|---|"]
    for mode in MODES:
        rows = results["queries_results"].get(mode, {})
        ours, theirs = rows.get("searchlight-shards"), rows.get("searchlight")
        if ours and theirs:
            lines.append(f"| {mode} | {ratio(ours['p50_us'], theirs['p50_us'])} | {ratio(ours['p99_us'], theirs['p99_us'])} |")
    return lines


def query_origin(results):
    if results.get("own_queries"):
        return "query files given with --queries"
    return f"seed {results.get('seed', DEFAULT_SEED)}, {results.get('count', 1000):,} lines per file"


def markdown(results):
    m, corpus = results["machine"], results["corpus"]
    lines = [
        f"Machine: {m['nproc']} cores ({m['cpu']}), {m['memory']}, Linux {m['kernel']}; {m['date']}. "
        "Shared machine: compare ratios from the same run rather than absolute times across runs.",
        "",
        f"Corpus: `{corpus['path']}` — {corpus['entities']:,} entities ({corpus['packages']:,} packages), "
        f"{corpus['mb']} MB of JSON Lines. Queries: `{results['queries']}` ({query_origin(results)}). "
        f"Medians of {results['rounds']} interleaved rounds (each: one warm-up pass, one timed pass, one "
        "process per engine and mode, engines in rotated order); top 10; every hit's stored document read.",
        "",
        f"Command: `{results['command']}`",
        "",
        "#### Indexing",
        "",
        "| engine | docs | seconds | docs/s | CPU s | index MB | peak RSS MB |",
        "|---|---|---|---|---|---|---|",
    ]
    for engine, row in results["index"].items():
        lines.append(f"| {engine_title(engine, results)} | {row['docs']:,} | {row['seconds']} | {row['docs_per_s']:,.0f} | "
                     f"{row.get('cpu_seconds', '–')} | {row['index_mb']} | {row['peak_rss_mb']} |")
    queries = results["queries_results"]
    lines += engine_table(results, "Query latency, p50 / p99 (µs)",
                          lambda row: f"{row['p50_us']:,.0f} / {row['p99_us']:,.0f}")
    lines += shard_ratios(results)
    lines += engine_table(results, "Throughput (queries/s, one thread) and share of queries with no result",
                          lambda row: f"{row['qps']:,.0f} ({row['zero_result_pct']:.0f} %)")
    lines += ["", "#### Searchlight relative to the others (p50 ratio, p99 ratio; below 1 = Searchlight faster)", "",
              "| mode | ÷ tantivy | ÷ raw Xapian, same plan | ÷ raw Xapian, naive | ÷ SQLite FTS5 "
              "| `--no-snippets` ÷ raw Xapian, same plan (the same work) |", "|---|---|---|---|---|---|"]
    for mode in MODES:
        rows = queries.get(mode, {})
        cells = []
        for mine, other in [("searchlight", "tantivy"), ("searchlight", "xapian-plan"), ("searchlight", "xapian"),
                            ("searchlight", "fts5"), ("searchlight-bare", "xapian-plan")]:
            ours, theirs = rows.get(mine), rows.get(other)
            cells.append(f"{ratio(ours['p50_us'], theirs['p50_us'])}, {ratio(ours['p99_us'], theirs['p99_us'])}"
                         if ours and theirs else "–")
        lines.append(f"| {mode} | " + " | ".join(cells) + " |")
    shot = results.get("one_shot")
    lines += [""]
    if shot:
        lines.append(f"One-shot `searchlight search --index DIR \"QUERY\"` processes (first {shot['runs']} lines of "
                     f"{shot.get('file', 'search.txt')}, wall time): median **{shot['median_ms']} ms**, p90 {shot['p90_ms']} ms, "
                     f"max {shot['max_ms']} ms (target ≤ 10 ms).")
    if results.get("notes"):
        lines += [""] + [f"Note: {note}" for note in results["notes"]]
    return "\n".join(lines)


def plan_constants() -> dict:
    """The plan's constants that the text below names, read from the Swift sources by the mirror's
    generator (Benchmarks/peers/generate_constants.py), so the text cannot drift from the code."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("generate_constants", BENCH / "peers" / "generate_constants.py")
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    constants, _, _ = generator.scan(str(REPO / "Sources" / "Searchlight"))
    names = {"pool": ("Ranking", "feedbackPool"), "feedback_words": ("Ranking", "expansionMinimumWords"),
             "prefix_letters": ("IndexTerms", "maximumPrefixLength"), "short_prefix": ("ShortPrefixTables", "longestEntityPrefix"),
             "expansions": ("Searcher", "partialExpansionLimit")}
    missing = [".".join(path) for path in names.values() if path not in constants]
    if missing:
        raise RuntimeError(f"constants not found in Sources/Searchlight (renamed? update run.py): {', '.join(missing)}")
    values = {name: constants[path][2] for name, path in names.items()}
    values["expansion_letters"] = values.pop("short_prefix") + 1
    return values


def section_intro() -> str:
    return SECTION_INTRO.format(**plan_constants())


SECTION_INTRO = """## Latency and throughput

Command: `make bench` (1× Debian corpus) or `make bench SCALE=10`; see Benchmarks/run.py. Modes and
what each engine runs for them:

| mode | queries | Searchlight | raw Xapian (Searchlight's plan, on Searchlight's index) | raw Xapian naive / FTS5 / tantivy |
|---|---|---|---|---|
| any | search.txt | `bench --mode search --match any` | OR query of the plan | OR of the words |
| all | search.txt | `bench --mode search --match all` | AND query of the plan | AND of the words |
| default | search.txt | `bench --mode search` (best: complete words, all first, topped up by any word) | same | naive Xapian: AND, topped up by OR; FTS5/tantivy: – |
| typing | typing.txt | `bench --mode search --typing` (last word partial) | same (`--typing`) | AND of the complete words + last word as a prefix |
| suggest | prefix.txt | `bench --mode suggest` | – | the prefix as a prefix query |
| id | ids.txt | `bench --mode get` | Q-term lookup | unique-term / primary-key / term lookup |
| long | long.txt | `bench --mode search` (4–7 words; from {feedback_words}, feedback re-ranks the best {pool}) | same | naive Xapian: AND, topped up by OR; tantivy: OR of the words; FTS5: – (its OR of 4–7 words takes about 55 ms a query at 1×) |

Peers: `Benchmarks/peers/xapian_raw.cpp` (naive index: TermGenerator, english STEM_SOME, positions,
replace_document per entity, blocks read with pread(2) as Xapian ships; `--searchlight-plan` mirrors
Searchlight's query plan in one marked function and reads blocks through the same memory mappings as
the searchlight tool, `Sources/CMappedReads/MappedReads.c`, so that ratio is Swift's and the shim's overhead alone;
the mirror decompresses each hit's stored entity but neither parses its JSON nor cuts a snippet, so
the `--no-snippets` row is Searchlight doing the same work but for parsing the ten entities), `Benchmarks/peers/sqlite_fts5.c` (porter unicode61, bm25 column weights 8/3/1, one
transaction), `Benchmarks/peers/tantivy_peer.py` (tantivy-py 0.27, en_stem, one writer thread, prefix
via a one-term phrase-prefix query per field). Peers index name, summary and description of every
entity with weights 8/3/1 and return the stored document of each hit. Searchlight's search (and so the
same-plan raw Xapian row) searches complete words in the any, all, default and long modes; in the
typing mode (`--typing`) it expands the last word as a prefix when the text ends in a letter or
digit (the title-prefix term up to {prefix_letters} letters, and from {expansion_letters} letters the
{expansions} most frequent words it begins, found once per search). Searchlight also corrects words no
entity has (typo tolerance); the mirror does not, and the generated queries rarely need it.
tantivy's prefix query matches the typed letters against stemmed terms, so a few typing queries
("editi") find nothing there.

Each corpus's part below says when and with which binary it was measured (the header of this file
says which commit). This machine's speed varies from day to day and hour to hour on unchanged code
paths, and by ±25 % between back-to-back runs: ratios within one run hold, absolute times do not
compare across runs. Before/after claims in the CHANGELOG come from interleaved runs of both
binaries, or from block-read counts. The same-plan raw Xapian row reads its blocks through the same
mappings as Searchlight (the naive row does not), and shares Searchlight's value column, match
estimate, typed-word expansions, weighted-before-unweighted runs and feedback pool
(`Sources/CXapian/plan/*.hpp`).

"""


def write_markdown(path: Path, corpus_name: str, body: str):
    """Replaces this corpus's part of the bench block (other corpora's parts stay), creating the
    section with its markers at the end of the file the first time."""
    text = path.read_text(encoding="utf-8") if path.exists() else "# Results\n"
    if BEGIN not in text or END not in text:
        text = text.rstrip("\n") + "\n\n" + section_intro() + f"{BEGIN}\n{END}\n"
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    block = text[start:end]
    part_begin, part_end = f"<!-- bench:{corpus_name}:begin -->", f"<!-- bench:{corpus_name}:end -->"
    part = f"{part_begin}\n### Corpus {corpus_name}\n\n{body}\n{part_end}"
    if part_begin in block and part_end in block:
        block = block[:block.index(part_begin)] + part + block[block.index(part_end) + len(part_end):]
    else:
        block = block.rstrip("\n") + "\n" + part + "\n"
    path.write_text(text[:start] + block + text[end:], encoding="utf-8")


# --- main ---------------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, help="corpus folder (default Benchmarks/work/corpus/debian-xN)")
    parser.add_argument("--scale", type=int, default=1, help="Debian corpus scale when --corpus is not given")
    parser.add_argument("--bin", help="searchlight binary (default: swift build -c release --static-swift-stdlib)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=10)
    parser.add_argument("--count", type=int, default=1000,
                        help="queries per file (fewer keeps a large corpus's run short; same seed)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of the generated query files")
    parser.add_argument("--queries", type=Path,
                        help="a folder of your own query files (search.txt, typing.txt, prefix.txt, ids.txt, long.txt) "
                             "instead of generated ones")
    parser.add_argument("--shards", type=int, default=1,
                        help="also index with `searchlight index --shards N` and report it beside the single index (N > 1)")
    parser.add_argument("--one-shot-runs", type=int, default=50)
    parser.add_argument("--out", type=Path, default=BENCH / "RESULTS.md")
    parser.add_argument("--reuse-indexes", action="store_true",
                        help="keep existing indexes (and their indexing figures from the last results JSON)")
    parser.add_argument("--render-only", action="store_true",
                        help="only rewrite the RESULTS.md tables from the last results JSON of the corpus")
    args = parser.parse_args()

    if args.queries and not args.queries.is_dir():
        parser.error(f"--queries {args.queries}: not a folder")
    if not 1 <= args.shards <= 256:
        parser.error(f"--shards {args.shards} is out of range: it must be between 1 and 256")
    global SHARDS
    SHARDS = args.shards
    corpus = (args.corpus or REPO / "Benchmarks" / "work" / "corpus" / f"debian-x{args.scale}").resolve()
    # Other queries than the default draw make a results file and a RESULTS.md part of their own.
    label = corpus.name
    if args.queries:
        label += f"-queries-{args.queries.resolve().name}"
    elif args.seed != DEFAULT_SEED:
        label += f"-seed{args.seed}"
    if args.shards > 1:
        label += f"-shards{args.shards}"
    results_path = WORK / f"results-{label}.json"
    if args.render_only:
        write_markdown(args.out, label, markdown(json.loads(results_path.read_text())))
        return
    ensure_corpus(corpus, args.scale)
    query_folder = args.queries.resolve() if args.queries else ensure_queries(corpus, args.count, args.seed)
    modes, missing = query_files(query_folder)
    if not modes:
        parser.error(f"{query_folder}: no queries in any of " + ", ".join(sorted({spec[0] for spec in MODES.values()})))
    run(["make", "-s", "-C", BENCH, "peers"])
    searchlight = ensure_searchlight(args.bin)

    indexes = WORK / f"index-{corpus.name}"
    indexes.mkdir(parents=True, exist_ok=True)
    # Reused indexes keep the indexing figures of this part's last run, else of the corpus's own part
    # (whatever the queries); another part's could come from an older binary or index format.
    previous_path = next((path for path in [results_path, WORK / f"results-{corpus.name}.json"] if path.exists()), None)
    previous = json.loads(previous_path.read_text())["index"] if previous_path else {}
    notes = [f"no queries in {shown(query_folder)}/{name}: its modes were not run." for name in missing]
    index_results = index_all(corpus, indexes, searchlight, args.reuse_indexes, previous)

    engines = [e for e in ENGINES if e != "searchlight-shards" or SHARDS > 1]
    if not has_bench_command(searchlight):
        engines = [e for e in engines if not e.startswith("searchlight")]
        notes.append(f"`{searchlight} bench` is not available in this build: Searchlight's query rows are missing.")
    query_results = bench_rounds(engines, modes, query_folder, indexes, searchlight, args.rounds, args.limit)
    shot_queries = next((query_folder / name for name in ("search.txt", "typing.txt") if (query_folder / name).is_file()), None)
    shot = one_shot(searchlight, indexes / "searchlight", shot_queries, args.one_shot_runs) if shot_queries else None

    lines = sum(1 for path in corpus.glob("*.jsonl") for _ in open(path, encoding="utf-8"))
    packages = sum(1 for _ in open(corpus / "package.jsonl", encoding="utf-8")) if (corpus / "package.jsonl").exists() else 0
    results = {
        "machine": machine(),
        "corpus": {"path": shown(corpus), "entities": lines, "packages": packages,
                   "mb": round(sum(p.stat().st_size for p in corpus.glob("*.jsonl")) / 1048576, 1)},
        "queries": shown(query_folder),
        "command": "python3 " + " ".join(shlex.quote(a) for a in [os.path.relpath(sys.argv[0], REPO)] + sys.argv[1:]),
        "rounds": args.rounds,
        "shards": args.shards,
        "count": args.count,
        "seed": args.seed,
        "own_queries": bool(args.queries),
        "searchlight": str(searchlight),
        "index": index_results,
        "queries_results": query_results,
        "one_shot": shot,
        "notes": notes,
    }
    results_path.write_text(json.dumps(results, indent=2) + "\n")
    write_markdown(args.out, label, markdown(results))
    log(f"results: {results_path}; tables: {args.out}")
    print(markdown(results))


if __name__ == "__main__":
    main()
