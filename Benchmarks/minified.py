#!/usr/bin/env python3
"""Imports every OpenAPI document of a folder beside its form minified to one line of JSON, as APIs serve
`openapi.json`, and checks both give the same spec, the minified one within twice the time of its original.

JSON documents are minified by dropping the white space outside strings, byte for byte otherwise. YAML documents
are written as one line of JSON from their node tree, its plain scalars resolved by YAML 1.2's core schema as the
importer reads them (`007` is 7, `NO` is a string): numbers, booleans and nulls become JSON's, every other scalar a
JSON string. A document whose files refer to each other is minified file by
file into a mirror of its folder, under the same names (the importer tells JSON from YAML by the first byte, not
the file name), so its references still resolve.

Each import is the release `specgen import-openapi`, timed as the best of `--runs` runs; the spec written for the
minified document must equal the original's once the file names are made the same. It prints the table and writes
Benchmarks/MINIFIED.md; it exits 1 when a spec differs or a minified import takes over twice its original's time
(plus 0.1 s, under which a process start dominates).

Usage (from the repository root): python3 Benchmarks/minified.py ../shared/openapi-corpus [--only stripe,adyen/]
    [--runs 2] [--specgen .build/release/specgen] [--output Benchmarks/MINIFIED.md]
"""
import argparse
import datetime
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as bench  # noqa: E402  (the shared helpers of Benchmarks/run.py)

SLACK_SECONDS = 0.1


def minify_json(text):
    """The JSON text without the white space outside its strings."""
    out = []
    in_string = escaped = False
    for char in text:
        if in_string:
            out.append(char)
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
            out.append(char)
        elif char not in " \t\r\n":
            out.append(char)
    return "".join(out)


INTEGER = re.compile(r"[-+]?[0-9]+")
FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")


def node_json(node):
    """One YAML node as JSON text: numbers, booleans and nulls as written, other scalars as strings."""
    if isinstance(node, yaml.MappingNode):
        pairs = []
        for key, value in node.value:
            if key.tag == "tag:yaml.org,2002:merge":
                raise ValueError("merge keys are not minified")
            pairs.append(json.dumps(key.value, ensure_ascii=False) + ":" + node_json(value))
        return "{" + ",".join(pairs) + "}"
    if isinstance(node, yaml.SequenceNode):
        return "[" + ",".join(node_json(item) for item in node.value) + "]"
    text = node.value
    if node.style is None or node.style == "":
        # YAML 1.2's core schema, as the importer reads YAML: `007` is the integer 7, and `NO` (Norway) is a string,
        # not YAML 1.1's false.
        if INTEGER.fullmatch(text):
            return str(int(text))
        if FLOAT.fullmatch(text):
            try:
                json.loads(text)
                return text
            except ValueError:
                return repr(float(text))
        if text in ("true", "True", "TRUE", "false", "False", "FALSE"):
            return text.lower()
        if text in ("null", "Null", "NULL", "~", ""):
            return "null"
    return json.dumps(text, ensure_ascii=False)


def minified(path):
    text = path.read_text(encoding="utf-8")
    if text.lstrip("\ufeff \t\r\n")[:1] in ("{", "["):
        return minify_json(text)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return node_json(yaml.compose(text, Loader=loader))


def best_import(specgen, document, output, runs):
    best = None
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(
            [str(specgen), "import-openapi", str(document), "-o", str(output), "--name", "Minified"],
            capture_output=True, text=True)
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    return best, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--only", default="")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--specgen", type=Path, default=bench.ROOT / ".build/release/specgen")
    parser.add_argument("--output", type=Path, default=bench.ROOT / "Benchmarks/MINIFIED.md")
    args = parser.parse_args()
    if not args.specgen.exists():
        bench.log("building the release specgen")
        bench.run(["swift", "build", "-c", "release", "--product", "specgen"])
    corpus = args.corpus.resolve()
    only = [item for item in args.only.split(",") if item]
    work = Path(tempfile.mkdtemp(prefix="specgen-minified-"))
    mirror = work / "minified"
    rows = []
    failed = 0
    try:
        docs = bench.documents(corpus, only)
        for path in docs:
            target = mirror / path.relative_to(corpus)
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                target.write_text(minified(path), encoding="utf-8")
            except (ValueError, yaml.YAMLError) as error:
                target.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
                bench.log(f"{path.relative_to(corpus)}: kept as written ({error})")
        for path in docs:
            relative = path.relative_to(corpus).as_posix()
            target = mirror / relative
            original_spec = work / "original.yaml"
            minified_spec = work / "minified.yaml"
            original_seconds, original = best_import(args.specgen, path, original_spec, args.runs)
            minified_seconds, small = best_import(args.specgen, target, minified_spec, args.runs)
            same = original.returncode == small.returncode
            if same and original.returncode == 0:
                a = original_spec.read_text().replace(str(path), relative)
                b = minified_spec.read_text().replace(str(target), relative)
                same = a == b
            in_time = minified_seconds <= 2 * original_seconds + SLACK_SECONDS
            verdict = "same spec" if same else "**different spec**"
            if not in_time:
                verdict += ", **over 2x**"
            failed += 0 if same and in_time else 1
            lines = 1 + target.read_text(encoding="utf-8").count("\n")
            rows.append(
                f"| {relative} | {path.stat().st_size / 1024:,.0f} | {target.stat().st_size / 1024:,.0f} ({lines} line) "
                f"| {original_seconds:.2f} | {minified_seconds:.2f} | {minified_seconds / original_seconds:.2f}x "
                f"| {verdict} |")
            bench.log(rows[-1])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    header = [
        "# Minified documents",
        "",
        "Written by `python3 Benchmarks/minified.py <corpus>`: each document imported as written and minified to one",
        "line of JSON (as APIs serve `openapi.json`), release `specgen import-openapi`, best of "
        f"{args.runs} runs each.",
        f"Run {datetime.date.today().isoformat()} on {bench.machine()}.",
        "",
        f"{len(rows) - failed} of {len(rows)} documents give the same spec minified, within twice the time.",
        "",
        "| document | KiB | minified KiB | seconds | minified seconds | ratio | result |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    text = "\n".join(header + rows) + "\n"
    print(text)
    bench.write_if_changed(args.output, text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
