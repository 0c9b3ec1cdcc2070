#!/usr/bin/env python3
"""Checks that the importer's names stay where they are on every OpenAPI document of a folder: each document is
given random additions and removals of schemas and operations (drawn from its bytes, so a run repeats), imported
before and after each, and every model and operation the two imports share must keep its name and definition
(`NameStabilityCheck`, the `stability` target of `specgen-fuzz`).

It builds `specgen-fuzz` (debug), runs it once per document with `SPECGEN_STABILITY_EDITS` edits, prints the table
and writes Benchmarks/STABILITY.md; it exits 1 when a document's names moved. The documents are read where they are
and never copied into the project.

Usage (from the repository root): python3 Benchmarks/stability.py ../shared/openapi-corpus [--edits 12]
    [--only stripe,adyen/] [--output Benchmarks/STABILITY.md]
"""
import argparse
import datetime
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as bench  # noqa: E402  (the shared helpers of Benchmarks/run.py)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--edits", type=int, default=12)
    parser.add_argument("--only", default="")
    parser.add_argument("--time-limit", type=int, default=1800)
    parser.add_argument("--output", type=Path, default=bench.ROOT / "Benchmarks/STABILITY.md")
    args = parser.parse_args()
    bench.log("building specgen-fuzz")
    bench.run(["swift", "build", "--product", "specgen-fuzz"])
    # A copy, so a build during the run does not swap the binary between documents.
    binary = Path(tempfile.mkdtemp(prefix="specgen-stability-")) / "specgen-fuzz"
    shutil.copy2(bench.ROOT / ".build/debug/specgen-fuzz", binary)
    corpus = args.corpus.resolve()
    only = [item for item in args.only.split(",") if item]
    rows = []
    moved = 0
    for path in bench.documents(corpus, only):
        relative = path.relative_to(corpus).as_posix()
        start = time.perf_counter()
        try:
            result = subprocess.run(
                [str(binary), "stability", str(path)], capture_output=True, text=True, timeout=args.time_limit,
                env={**os.environ, "SPECGEN_STABILITY_EDITS": str(args.edits)})
            seconds = time.perf_counter() - start
            if result.returncode == 0:
                verdict = "names kept"
            else:
                moved += 1
                lines = [line for line in (result.stdout + result.stderr).splitlines() if "moved names" in line]
                verdict = "**" + (lines[0].split("Fatal error: ")[-1][:300] if lines else "crashed") + "**"
        except subprocess.TimeoutExpired:
            seconds = time.perf_counter() - start
            moved += 1
            verdict = f"**over {args.time_limit} s**"
        rows.append(f"| {relative} | {seconds:.1f} | {verdict} |")
        bench.log(rows[-1])
    header = [
        "# Stable names",
        "",
        "Written by `python3 Benchmarks/stability.py <corpus>`: each document given "
        f"{args.edits} random additions and removals of schemas and operations, imported before and after each;",
        "every model and operation the two imports share must keep its name and definition.",
        f"Run {datetime.date.today().isoformat()} on {bench.machine()}.",
        "",
        f"{len(rows) - moved} of {len(rows)} documents keep every name.",
        "",
        "| document | seconds | result |",
        "|---|---:|---|",
    ]
    text = "\n".join(header + rows) + "\n"
    print(text)
    bench.write_if_changed(args.output, text)
    return 1 if moved else 0


if __name__ == "__main__":
    sys.exit(main())
