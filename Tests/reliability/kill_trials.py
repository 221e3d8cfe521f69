#!/usr/bin/env python3
"""Kill -9 trials for `searchlight index`: after a crash the index must hold exactly the committed batches.

Each trial starts `searchlight index --batch-size K` (with `--resume` once a run has been killed), kills it
with SIGKILL after a random delay, and then verifies the index:

- `searchlight check --json` reports it consistent, and `xapian-check` (xapian-tools) finds no errors;
- `searchlight stats --json` holds exactly as many entities as lines up to the checkpoint (the last
  committed batch: `lastBatch.line`), and the checkpoint falls on a batch boundary;
- `searchlight get --json` returns every entity of the last committed batch and a random sample of earlier
  lines equal to its source line, and none of the entities of the batch after the checkpoint.

The next trial continues the same index with `--resume`, so a chain of trials finishes the corpus; a run
that completes before its kill is compared with a clean index of the whole corpus and the chain starts
again on a fresh index. After the last trial the chain is finished with `--resume` and compared too.

Usage (from the package root, after `swift build -c release`):

    python3 Tests/reliability/kill_trials.py --trials 100
    python3 Tests/reliability/kill_trials.py --binary .build/debug/searchlight --count 20000 --trials 20
    python3 Tests/reliability/kill_trials.py --corpus data.jsonl --schema schema.json --batch-size 500

Without --corpus it generates --count synthetic entities of two types (`article`, `author`) with a schema
into --work. It prints one line per trial and a JSON summary: trials, kills, losses (committed entities
missing), partial entities (entities present that differ from their line, or lines after the checkpoint that
are present), failed checks. The exit code is 0 only when there were no losses, partial entities or failed
checks.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time

WORDS = ("granite waterfall glacier lake meadow ridge canyon summit forest river valley trail cliff pass "
         "cascade fjord tarn moraine boulder alpine spruce cedar aspen heron osprey marmot ibex").split()


def generate(path, schema_path, count, seed):
    """Writes `count` entities (articles and authors, interleaved) as JSON Lines, and their schema."""
    rng = random.Random(seed)
    schema = {
        "types": [
            {"name": "article", "display": {"title": "title", "subtitle": "section"}, "rankingHint": "views",
             "attributes": [
                 {"key": "title", "kind": "text", "weight": 3, "sortable": True},
                 {"key": "section", "kind": "keyword"},
                 {"key": "body", "kind": "text"},
                 {"key": "tags", "kind": "keyword", "multiValued": True},
                 {"key": "views", "kind": "integer"},
                 {"key": "published", "kind": "date"},
                 {"key": "author", "kind": "reference", "references": "author"}]},
            {"name": "author", "idKind": "int", "display": {"title": "name"},
             "attributes": [
                 {"key": "name", "kind": "text", "weight": 3},
                 {"key": "bio", "kind": "text"},
                 {"key": "articles", "kind": "integer"}]},
        ]
    }
    with open(schema_path, "w") as out:
        json.dump(schema, out)
    with open(path, "w") as out:
        for i in range(count):
            if i % 5 == 4:
                entity = {"type": "author", "id": i, "attributes": {
                    "name": " ".join(rng.choice(WORDS).title() for _ in range(2)),
                    "bio": " ".join(rng.choice(WORDS) for _ in range(rng.randint(10, 40))),
                    "articles": rng.randint(0, 500)}}
            else:
                entity = {"type": "article", "id": "a%d" % i, "attributes": {
                    "title": " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))),
                    "section": rng.choice(["news", "guides", "reviews", "essays"]),
                    "body": " ".join(rng.choice(WORDS) for _ in range(rng.randint(20, 120))),
                    "tags": rng.sample(WORDS, 3),
                    "views": rng.randint(0, 100000),
                    "published": "20%02d-%02d-%02d" % (rng.randint(10, 25), rng.randint(1, 12), rng.randint(1, 28)),
                    "author": str(rng.randrange(4, count, 5)) if count > 4 else "4"}}
            out.write(json.dumps(entity, separators=(",", ":")) + "\n")


def load(path):
    """The corpus as a list of (reference, object) by line (index 0 is line 1); blank lines are None."""
    lines = []
    with open(path) as source:
        for text in source:
            if not text.strip():
                lines.append(None)
                continue
            entity = json.loads(text)
            lines.append(("%s:%s" % (entity["type"], entity["id"]), entity))
    return lines


class Trials:
    def __init__(self, args):
        self.args = args
        self.index = os.path.join(args.work, "index")
        self.totals = {"trials": 0, "kills": 0, "completedRuns": 0, "killsAfterACommit": 0, "losses": 0,
                       "partialEntities": 0, "failedChecks": 0, "failedXapianChecks": 0, "wrongCounts": 0}

    def run(self, *arguments, check=False):
        result = subprocess.run([self.args.binary] + list(arguments) + ["--index", self.index],
                                capture_output=True, text=True)
        if check and result.returncode != 0:
            raise RuntimeError("%s failed (%d): %s" % (arguments[0], result.returncode, result.stderr))
        return result

    def index_command(self, resume):
        command = [self.args.binary, "index", "--index", self.index, "--batch-size", str(self.args.batch_size)]
        if self.args.schema:
            command += ["--schema", self.args.schema]
        if resume:
            command.append("--resume")
        return command + [self.args.corpus]

    def get(self, references):
        """The entities found for `references`, by reference."""
        found = {}
        for start in range(0, len(references), 2000):
            chunk = references[start:start + 2000]
            result = self.run("get", "--json", *chunk)
            if result.returncode not in (0, 1):
                raise RuntimeError("get failed: " + result.stderr)
            value = json.loads(result.stdout) if result.stdout.strip() else None
            items = [value] if len(chunk) == 1 else (value or [])
            for item in items:
                if item:
                    found["%s:%s" % (item["type"], item["id"])] = item
        return found

    def verify(self, lines, rng, label):
        """Checks the index against the corpus; returns the checkpoint line (0 when nothing is committed)."""
        problems = []
        if not os.path.exists(os.path.join(self.index, "iamglass")):
            return 0, problems  # killed before the database was created: nothing committed
        check = self.run("check", "--json")
        if check.returncode != 0:
            self.totals["failedChecks"] += 1
            problems.append("searchlight check: " + (check.stdout + check.stderr)[-400:])
        xapian = subprocess.run(["xapian-check", self.index], capture_output=True, text=True)
        if xapian.returncode != 0 or "No errors found" not in xapian.stdout:
            self.totals["failedXapianChecks"] += 1
            problems.append("xapian-check: " + (xapian.stdout + xapian.stderr)[-400:])
        stats = json.loads(self.run("stats", "--json", check=True).stdout)
        batch = stats.get("lastBatch") or {}
        line = batch.get("line", 0)
        committed = [entry for entry in lines[:line] if entry]
        if stats["documents"] != len(committed) or (batch and batch.get("entities") != len(committed)):
            self.totals["wrongCounts"] += 1
            problems.append("%d documents, checkpoint says %s entities, %d lines up to line %d"
                            % (stats["documents"], batch.get("entities"), len(committed), line))
        if line == 0:
            return 0, problems  # nothing committed (no schema yet either): the count above is all there is to check
        if line % self.args.batch_size != 0 and line != len(lines):
            problems.append("checkpoint line %d is not on a batch boundary" % line)
        size = self.args.batch_size
        expected = [entry for entry in lines[max(0, line - size):line] if entry]
        expected += rng.sample(committed[:max(0, len(committed) - size)], min(self.args.sample, max(0, len(committed) - size)))
        found = self.get([reference for reference, _ in expected])
        for reference, entity in expected:
            if reference not in found:
                self.totals["losses"] += 1
                problems.append("lost " + reference)
            elif found[reference] != entity:
                self.totals["partialEntities"] += 1
                problems.append("differs from its line: " + reference)
        after = [reference for reference, _ in (entry for entry in lines[line:line + size] if entry)]
        present = self.get(after) if after else {}
        self.totals["partialEntities"] += len(present)
        problems += ["present after the checkpoint: " + reference for reference in list(present)[:5]]
        return line, problems

    def main(self):
        args = self.args
        lines = load(args.corpus)
        rng = random.Random(args.seed)
        print("corpus: %d lines; batch size %d; binary %s" % (len(lines), args.batch_size, args.binary), flush=True)

        # A clean, uninterrupted run: the reference, and how long a whole run takes.
        shutil.rmtree(self.index, ignore_errors=True)
        started = time.monotonic()
        subprocess.run(self.index_command(False), capture_output=True, check=True)
        full_seconds = time.monotonic() - started
        clean = json.loads(self.run("stats", "--json", check=True).stdout)
        print("clean run: %.1f s, %d documents" % (full_seconds, clean["documents"]), flush=True)

        def compare_with_reference(label):
            stats = json.loads(self.run("stats", "--json", check=True).stdout)
            same = (stats["documents"] == clean["documents"]
                    and [t["count"] for t in stats["types"]] == [t["count"] for t in clean["types"]])
            sample = rng.sample([entry for entry in lines if entry], min(args.sample, len(lines)))
            found = self.get([reference for reference, _ in sample])
            mismatched = sum(1 for reference, entity in sample if found.get(reference) != entity)
            if not same or mismatched:
                self.totals["wrongCounts"] += 1
                print("  %s: differs from the clean index (%d documents, %d sampled entities differ)"
                      % (label, stats["documents"], mismatched), flush=True)

        shutil.rmtree(self.index, ignore_errors=True)
        resume = False
        previous_line = 0
        for trial in range(1, args.trials + 1):
            self.totals["trials"] += 1
            delay = rng.uniform(0.02, full_seconds * 1.1)
            process = subprocess.Popen(self.index_command(resume), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            try:
                process.wait(timeout=delay)
                outcome = "completed" if process.returncode == 0 else "exit %d" % process.returncode
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                outcome = "killed"
                self.totals["kills"] += 1
            line, problems = self.verify(lines, rng, "trial %d" % trial)
            if outcome == "killed" and line > previous_line:
                self.totals["killsAfterACommit"] += 1
            print("trial %3d: %-9s after %5.2f s; checkpoint line %7d; %s"
                  % (trial, outcome, delay, line, "; ".join(problems[:3]) if problems else "ok"), flush=True)
            if outcome.startswith("exit"):
                print("  stderr: " + process.stderr.read().decode()[-400:], flush=True)
            if outcome == "completed":
                self.totals["completedRuns"] += 1
                compare_with_reference("trial %d" % trial)
                shutil.rmtree(self.index, ignore_errors=True)
                resume, previous_line = False, 0
            else:
                resume, previous_line = True, line
        if resume:
            subprocess.run(self.index_command(True), capture_output=True, check=True)
            self.verify(lines, rng, "final resume")
            compare_with_reference("final resume")
        print(json.dumps(self.totals, indent=2))
        failures = sum(self.totals[key] for key in ("losses", "partialEntities", "failedChecks", "failedXapianChecks", "wrongCounts"))
        return 0 if failures == 0 else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build/release/searchlight", help="the searchlight executable")
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--count", type=int, default=200_000, help="entities to generate when --corpus is not given")
    parser.add_argument("--corpus", help="a JSON Lines file of envelope lines to index instead of a generated one")
    parser.add_argument("--schema", help="the schema of --corpus (default: inferred)")
    parser.add_argument("--batch-size", type=int, default=1000)
    parser.add_argument("--sample", type=int, default=300, help="earlier entities compared with their line per trial")
    parser.add_argument("--work", default="/tmp/searchlight-kill-trials", help="folder for the corpus and the index")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.binary = os.path.abspath(args.binary)
    os.makedirs(args.work, exist_ok=True)
    if not args.corpus:
        args.corpus = os.path.join(args.work, "corpus.jsonl")
        args.schema = os.path.join(args.work, "schema.json")
        if not os.path.exists(args.corpus) or sum(1 for _ in open(args.corpus)) != args.count:
            generate(args.corpus, args.schema, args.count, args.seed)
    return Trials(args).main()


if __name__ == "__main__":
    sys.exit(main())
