#!/usr/bin/env python3
"""Imports every OpenAPI document of a folder and builds its client, side by side with swift-openapi-generator 1.14.3.

For each document (`*.yaml`, `*.yml`, `*.json`, README files skipped) it:
  - imports it with `specgen import-openapi` (release), which also lints the spec it writes;
  - generates the client with `specgen generate` and compiles it as a debug build does, against the prebuilt
    runtime, with the type-checking budget (-warn-long-expression-type-checking=100 and
    -warn-long-function-bodies=100) and every warning counted;
  - generates the peer's types and client from the same document and compiles them the same way.
Every command runs in a session of its own, bounded in time and in memory (the resident memory of every process in
the session, the driver's compilers included, sampled each 0.2 s); past either limit all of them are killed and the
row says so. It prints the table and writes
Benchmarks/CORPUS.md (the notes under "## Notes" in an existing file are kept).

The documents are read where they are and never copied into the project.

Usage (from the repository root): python3 Benchmarks/corpus.py ../shared/openapi-corpus [--only stripe,box]
    [--skip-peer] [--time-limit 900] [--memory-limit-gib 16] [--output Benchmarks/CORPUS.md]
"""
import argparse
import datetime
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as bench  # noqa: E402  (the shared helpers of Benchmarks/run.py)

WORK = bench.WORK / "corpus"
SUMMARY = re.compile(
    r"imported (\d+) of (\d+) operations and (\d+) models \((\d+) schemas, (\d+) typed as json\)(?:; warnings: (.*))?")


class Bounded:
    """The outcome of one bounded command: wall seconds, peak MiB of its process group, output, and why it ended."""

    def __init__(self, seconds, mib, output, status, killed=None):
        self.seconds, self.mib, self.output, self.status, self.killed = seconds, mib, output, status, killed


def session_rss_mib(sid):
    total = 0
    for pid in bench.session_processes(sid):
        try:
            with open(f"/proc/{pid}/statm") as statm:
                total += int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            continue
    return total / (1024 * 1024)


def bounded(command, cwd, seconds, mib):
    """Runs a command in a session of its own; kills every process of it past `seconds` or past `mib` resident."""
    log_path = WORK / "output.txt"
    with open(log_path, "w") as log_file:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=log_file, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        peak, killed = 0.0, None
        while process.poll() is None:
            peak = max(peak, session_rss_mib(process.pid))
            elapsed = time.perf_counter() - start
            if elapsed > seconds or peak > mib:
                killed = f"time limit {seconds} s" if elapsed > seconds else f"memory limit {mib / 1024:.0f} GiB"
                bench.kill_session(process.pid)
                process.wait()
                break
            time.sleep(0.2)
        # Compilers the driver started may outlive it; none may run on into the next command.
        bench.kill_session(process.pid)
        wall = time.perf_counter() - start
    return Bounded(wall, peak, log_path.read_text(errors="replace"), process.returncode, killed)


def compile_command(module, folder, out, modules):
    files = sorted(str(path) for path in Path(folder).rglob("*.swift"))
    return ["swiftc", "-module-name", module, "-parse-as-library", "-swift-version", "6", "-Onone", "-g",
            "-enable-testing", "-j", "2", "-c", "-emit-module", "-emit-module-path", str(out / f"{module}.swiftmodule"),
            "-I", str(modules), "-Xfrontend", "-warn-long-expression-type-checking=100",
            "-Xfrontend", "-warn-long-function-bodies=100", "-working-directory", str(out)] + files


def compiled(tool, name, folder, modules, limits):
    out = WORK / "compile" / tool / name
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    result = bounded(compile_command(f"{tool.capitalize()}{name}", folder, out, modules), out, *limits)
    slow = len(re.findall(r": warning: .* took \d+ms to type-check", result.output))
    warnings = len(re.findall(r": warning: ", result.output)) - slow
    errors = len(re.findall(r": error: ", result.output))
    return {"seconds": result.seconds, "mib": result.mib, "slow": slow, "warnings": warnings, "errors": errors,
            "killed": result.killed, "ok": result.status == 0 and result.killed is None}


def module_name(path):
    words = re.split(r"[^A-Za-z0-9]+", path.stem)
    return "".join(word[:1].upper() + word[1:] for word in words if word)


def documents(folder, only):
    found = sorted(p for p in Path(folder).iterdir()
                   if p.suffix in (".yaml", ".yml", ".json") and not p.name.lower().startswith("readme"))
    if only:
        found = [p for p in found if any(p.stem.startswith(prefix) for prefix in only)]
    return found


def ours(specgen, document, modules, limits):
    name = module_name(document)
    spec = WORK / "Specs" / f"{name}.yaml"
    spec.parent.mkdir(parents=True, exist_ok=True)
    row = {"name": name}
    start = time.perf_counter()
    imported = bounded([str(specgen), "import-openapi", str(document), "-o", str(spec), "--name", name, "--quiet"],
                       bench.ROOT, *limits)
    row["import_seconds"] = time.perf_counter() - start
    row["import_mib"] = imported.mib
    match = SUMMARY.search(imported.output)
    if not match:
        row["failed"] = "import: " + imported.output[-500:]
        return row
    row.update(operations_imported=int(match[1]), operations=int(match[2]), models=int(match[3]),
               schemas=int(match[4]), json=int(match[5]))
    row["warnings"] = dict((kind.rsplit(" ", 1)[0], int(kind.rsplit(" ", 1)[1]))
                           for kind in (match[6] or "").split(", ") if kind)
    row["lint_errors"] = len(re.findall(r": error: ", imported.output))
    folder = WORK / "generated" / "specgen" / name
    shutil.rmtree(folder, ignore_errors=True)
    generated = bounded([str(specgen), "generate", str(spec), "--output", str(folder)], bench.ROOT, *limits)
    row["generate_seconds"], row["generate_mib"] = generated.seconds, generated.mib
    if generated.status != 0:
        row["failed"] = "generate: " + generated.output[-500:]
        return row
    row["lines"] = bench.swift_lines(folder)
    row["compile"] = compiled("specgen", name, folder, modules, limits)
    return row


def theirs(peer, document, modules, limits):
    name = module_name(document)
    folder = WORK / "generated" / "peer" / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    config = WORK / "peer-config.yaml"
    config.write_text(bench.PEER_CONFIG)
    generated = bounded([str(peer), "generate", "--config", str(config), "--output-directory", str(folder),
                         str(document)], bench.ROOT, *limits)
    row = {"generate_seconds": generated.seconds, "generate_mib": generated.mib}
    if generated.status != 0 or generated.killed:
        reason = generated.killed or (generated.output.strip().splitlines() or ["failed"])[-1][:160]
        row["failed"] = "generate: " + reason
        return row
    row["lines"] = bench.swift_lines(folder)
    row["compile"] = compiled("peer", name, folder, modules, limits)
    return row


def seconds(value):
    return f"{value:.1f} s" if value < 100 else f"{value:.0f} s"


def memory(mib):
    return f"{mib:.0f} MiB" if mib < 1024 else f"{mib / 1024:.1f} GiB"


def compile_cell(entry):
    if entry is None:
        return "not run"
    if "failed" in entry:
        return entry["failed"]
    c = entry["compile"]
    if c["killed"]:
        return f"killed at the {c['killed']} ({memory(c['mib'])})"
    verdict = "compiles" if c["ok"] else f"{c['errors']} errors"
    extra = []
    if c["warnings"]:
        extra.append(f"{c['warnings']} warnings")
    if c["slow"]:
        extra.append(f"{c['slow']} over the type-check budget")
    return f"{seconds(c['seconds'])}, {memory(c['mib'])}, {verdict}" + (f" ({', '.join(extra)})" if extra else "")


def report(args, rows, started, finished):
    lines = ["# The OpenAPI corpus: imported, generated and compiled, side by side with swift-openapi-generator 1.14.3",
             ""]
    lines.append(f"Run `python3 Benchmarks/corpus.py {' '.join(args)}` from {started:%Y-%m-%d %H:%M} to "
                 f"{finished:%H:%M} UTC on {bench.machine()}.")
    lines.append("")
    lines.append("| document | operations | schemas | imported (ops, models) | json | lint errors | import | generate "
                 "| Specgen lines | Specgen compile | peer generate | peer lines | peer compile |")
    lines.append("|---|---:|---:|---|---:|---:|---|---|---:|---|---|---:|---|")
    kinds = {}
    for document, ours_row, peer_row in rows:
        if "operations" not in ours_row:
            lines.append(f"| `{document.name}` | | | {ours_row.get('failed', 'failed')} | | | | | | | | | |")
            continue
        for kind, count in ours_row["warnings"].items():
            kinds.setdefault(kind, {})[document.name] = count
        peer_generate = ("not run" if peer_row is None else
                         peer_row.get("failed") or f"{seconds(peer_row['generate_seconds'])}, "
                                                    f"{memory(peer_row['generate_mib'])}")
        lines.append(
            f"| `{document.name}` | {ours_row['operations']} | {ours_row['schemas']} | "
            f"{ours_row['operations_imported']}, {ours_row['models']} | {ours_row['json']} | {ours_row['lint_errors']} | "
            f"{seconds(ours_row['import_seconds'])}, {memory(ours_row['import_mib'])} | "
            f"{seconds(ours_row.get('generate_seconds', 0))}, {memory(ours_row.get('generate_mib', 0))} | "
            f"{ours_row.get('lines', '')} | {compile_cell(ours_row) if 'compile' in ours_row else ours_row.get('failed')} | "
            f"{peer_generate} | {'' if peer_row is None else peer_row.get('lines', '')} | "
            f"{compile_cell(peer_row)} |")
    total_schemas = sum(r[1].get("schemas", 0) for r in rows)
    total_json = sum(r[1].get("json", 0) for r in rows)
    lines += ["", f"Schemas typed as `json` because the spec has no closer type: {total_json} of {total_schemas} "
              f"({100 * total_json / max(total_schemas, 1):.2f}%).", "", "## Warnings by kind", "",
              "| kind | " + " | ".join(f"`{r[0].stem}`" for r in rows) + " |",
              "|---|" + "---:|" * len(rows)]
    for kind in sorted(kinds):
        lines.append(f"| `{kind}` | " + " | ".join(str(kinds[kind].get(r[0].name, "")) for r in rows) + " |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", help="the folder of OpenAPI documents, such as ../shared/openapi-corpus")
    parser.add_argument("--only", default="", help="comma-separated prefixes of the documents to run")
    parser.add_argument("--skip-peer", action="store_true")
    parser.add_argument("--time-limit", type=int, default=900, help="seconds per command")
    parser.add_argument("--memory-limit-gib", type=float, default=16, help="resident GiB per command's group")
    parser.add_argument("--output", default=str(bench.BENCH / "CORPUS.md"))
    args = parser.parse_args()
    started = datetime.datetime.now(datetime.timezone.utc)
    WORK.mkdir(parents=True, exist_ok=True)
    limits = (args.time_limit, args.memory_limit_gib * 1024)
    only = [prefix for prefix in args.only.split(",") if prefix]

    specgen, peer = bench.build_tools()
    modules = bench.BENCH / ".build/debug/Modules"
    rows = []
    for document in documents(args.folder, only):
        bench.log(f"{document.name}: import, generate and compile with Specgen")
        ours_row = ours(specgen, document, modules, limits)
        peer_row = None
        if not args.skip_peer:
            bench.log(f"{document.name}: generate and compile with the peer")
            peer_row = theirs(peer, document, modules, limits)
        rows.append((document, ours_row, peer_row))
    finished = datetime.datetime.now(datetime.timezone.utc)
    text = report(sys.argv[1:], rows, started, finished)
    notes = bench.preserved_notes(args.output, "## Notes")
    if notes:
        text += "\n" + notes
    print(text)
    Path(args.output).write_text(text)
    bench.log(f"wrote {args.output}")


if __name__ == "__main__":
    main()
