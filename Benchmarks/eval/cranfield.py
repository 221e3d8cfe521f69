#!/usr/bin/env python3
"""The Cranfield collection (1,400 aeronautics abstracts, 225 judged queries) as a held-out English
test: no ranking default was chosen on it. Converts Cranfield's SMART files into the form cisi.py
reads, then runs cisi.py on it.

    python3 Benchmarks/eval/cranfield.py --source DIR [--bin .build/release/searchlight] [--json]

--source is a folder, or a git directory, holding cran.all.1400, cran.qry and cranqrel (they are
not bundled; public copies exist in many course repositories). The converted collection is kept in
Benchmarks/work/cranfield. Judgements 1 to 4 count as relevant (1: a complete answer, 4: of
minimal interest); -1 and 5 do not. cranqrel numbers queries by their position in cran.qry (1 to
225), not by their .I numbers, and so does the conversion.
"""
import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / "Benchmarks" / "work" / "cranfield"
FILES = ["cran.all.1400", "cran.qry", "cranqrel"]


def read_source(source: Path, name: str) -> str:
    """One file of the collection, from a folder or from the HEAD of a git directory."""
    if (source / name).is_file():
        return (source / name).read_text(encoding="latin-1")
    done = subprocess.run(["git", "--git-dir", str(source), "show", f"HEAD:{name}"], capture_output=True)
    if done.returncode != 0:
        sys.exit(f"cranfield.py: {name} is neither in {source} nor in a git directory there")
    return done.stdout.decode("latin-1")


def records(text: str):
    """SMART records: (.I number, {field letter: text}) in file order."""
    number, fields, field = None, {}, None
    for line in text.splitlines():
        if line.startswith(".I "):
            if number is not None:
                yield number, fields
            number, fields, field = line[3:].strip(), {}, None
        elif len(line) == 2 and line.startswith("."):
            field = line[1]
            fields.setdefault(field, "")
        elif field is not None:
            fields[field] += line.strip() + " "
    if number is not None:
        yield number, fields


def tidy(text: str) -> str:
    """Cranfield's text puts a space before each full stop and comma."""
    return " ".join(text.replace(" .", ".").replace(" ,", ",").split())


def build(source: Path):
    WORK.mkdir(parents=True, exist_ok=True)
    with open(WORK / "docs.jsonl", "w") as out:
        for number, fields in records(read_source(source, "cran.all.1400")):
            out.write(json.dumps({"id": str(int(number)), "title": tidy(fields.get("T", "")),
                                  "body": tidy(fields.get("W", ""))}) + "\n")
    with open(WORK / "queries.jsonl", "w") as out:
        for position, (_, fields) in enumerate(records(read_source(source, "cran.qry")), start=1):
            out.write(json.dumps({"id": str(position), "text": tidy(fields.get("W", ""))}) + "\n")
    with open(WORK / "qrels.txt", "w") as out:
        for line in read_source(source, "cranqrel").splitlines():
            parts = line.split()
            if len(parts) >= 3:
                grade = int(parts[2])
                out.write(f"{int(parts[0])} 0 {int(parts[1])} {1 if 1 <= grade <= 4 else 0}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", type=Path, help="a folder or git directory holding " + ", ".join(FILES))
    parser.add_argument("--bin", default=str(ROOT / ".build/release/searchlight"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.source:
        build(args.source)
    elif not (WORK / "docs.jsonl").exists():
        sys.exit(f"cranfield.py: no converted collection in {WORK}: pass --source with the Cranfield files")
    command = [sys.executable, str(ROOT / "Benchmarks/eval/cisi.py"), "--bin", args.bin, "--data", str(WORK), "--name", "Cranfield"]
    return subprocess.run(command + (["--json"] if args.json else [])).returncode


if __name__ == "__main__":
    sys.exit(main())
