#!/usr/bin/env python3
"""Imports every OpenAPI document of a folder and builds its client, side by side with swift-openapi-generator 1.14.3.

For each document (`*.yaml`, `*.yml`, `*.json` in the folder and its subfolders, README files skipped) it:
  - imports it with `specgen import-openapi` (release), which also lints the spec it writes, and checks the import's
    contract: exit 0, every operation imported or counted as skipped with a warning, and `specgen lint --strict`
    clean (no error, no warning);
  - generates the client with `specgen generate` and compiles it as a debug build does, against the prebuilt
    runtime, with the type-checking budget (-warn-long-expression-type-checking=100 and
    -warn-long-function-bodies=100) and every warning counted (not with --quick);
  - generates the peer's types and client from the same document and compiles them the same way (not with --quick
    or --skip-peer).
Every command runs in a session of its own, bounded in time and in memory (the resident memory of every process in
the session, the driver's compilers included, sampled each 0.2 s); past either limit all of them are killed and the
row says so. It prints the table and writes
Benchmarks/CORPUS.md (the notes under "## Notes" in an existing file are kept).

The documents are read where they are and never copied into the project.

Usage (from the repository root): python3 Benchmarks/corpus.py ../shared/openapi-corpus [--only stripe,adyen/]
    [--quick] [--skip-peer] [--time-limit 900] [--memory-limit-gib 16] [--output Benchmarks/CORPUS.md]
--quick imports, lints and generates every document without compiling (a few minutes for the whole corpus).
--evolution adyen/CheckoutService-v70.json,adyen/CheckoutService-v71.json,adyen/CheckoutService-v72.json imports
each version and traces every `specgen diff` finding between consecutive ones to a change in the documents, into
Benchmarks/EVOLUTION.md; it exits 1 when a finding traces to nothing.
"""
import argparse
import datetime
import json
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
    r"imported (\d+) of (\d+) operations and (\d+) models \((\d+) schemas, (\d+) typed as json"
    r"(?:, \d+ streamed forms?)?\)(?:; warnings: (.*))?")
# Warnings that say an operation was not imported: each skipped operation has one of them.
SKIP_KINDS = ("http-method", "dangling-ref", "ref-cycle")
# Warnings that come with a schema typed `json` because the spec has no closer type.
JSON_KINDS = ("dangling-ref", "invalid-schema", "type-list", "unknown-type", "recursive-struct")


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
        peak, killed, wall = 0.0, None, None
        while wall is None:
            peak = max(peak, session_rss_mib(process.pid))
            elapsed = time.perf_counter() - start
            if elapsed > seconds or peak > mib:
                killed = f"time limit {seconds} s" if elapsed > seconds else f"memory limit {mib / 1024:.0f} GiB"
                bench.kill_session(process.pid)
                process.wait()
                break
            # Sample every 0.2 s, but take the time as soon as the command ends, not at the next sample.
            try:
                process.wait(timeout=0.2)
                wall = time.perf_counter() - start
            except subprocess.TimeoutExpired:
                pass
        # Compilers the driver started may outlive it; none may run on into the next command.
        bench.kill_session(process.pid)
        wall = wall if wall is not None else time.perf_counter() - start
    return Bounded(wall, peak, log_path.read_text(errors="replace"), process.returncode, killed)


def fastest(command, limits, fresh, runs=3):
    """Runs a quick command (an import, a generate) up to `runs` times from a fresh start, as one timing of this
    shared machine moves by a third; the fastest run's time, with the highest peak memory of all. A failing run
    is returned at once."""
    best = None
    peak = 0.0
    for _ in range(runs):
        fresh()
        result = bounded(command, bench.ROOT, *limits)
        peak = max(peak, result.mib)
        if result.status != 0 or result.killed:
            return result
        if best is None or result.seconds < best.seconds:
            best = result
    best.mib = peak
    return best


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


def ours(specgen, document, modules, limits):
    name = module_name(document)
    spec = WORK / "Specs" / f"{name}.yaml"
    spec.parent.mkdir(parents=True, exist_ok=True)
    row = {"name": name}
    imported = fastest([str(specgen), "import-openapi", str(document), "-o", str(spec), "--name", name],
                       limits, fresh=lambda: spec.unlink(missing_ok=True))
    row["import_seconds"] = imported.seconds
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
    row["json_reasons"] = [line for line in imported.output.splitlines()
                           if ": warning: " in line and ("typed as json" in line or "typed json" in line)]
    row["import_status"] = imported.status
    strict = bounded([str(specgen), "lint", "--strict", str(spec)], bench.ROOT, *limits)
    row["strict"] = [line for line in strict.output.splitlines() if ": warning: " in line or ": error: " in line]
    skippable = sum(row["warnings"].get(kind, 0) for kind in SKIP_KINDS)
    skipped = row["operations"] - row["operations_imported"]
    row["contract"] = [problem for problem, broken in [
        (f"exit {imported.status}", imported.status != 0),
        (f"{skipped} operations skipped with {skippable} skip warnings", skipped > skippable),
        (f"lint --strict: {len(row['strict'])} findings", bool(row["strict"])),
    ] if broken]
    folder = WORK / "generated" / "specgen" / name
    generated = fastest([str(specgen), "generate", str(spec), "--output", str(folder)], limits,
                        fresh=lambda: shutil.rmtree(folder, ignore_errors=True))
    row["generate_seconds"], row["generate_mib"] = generated.seconds, generated.mib
    if generated.status != 0:
        row["failed"] = "generate: " + generated.output[-500:]
        return row
    row["lines"] = bench.swift_lines(folder)
    row["webhooks"] = (declared_webhooks(document), kept_webhooks(spec))
    if modules is not None:
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


METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def declared_webhooks(path):
    """The webhooks a document declares: each method of its `webhooks`, `x-webhooks` and operations' `callbacks`."""
    try:
        document = load_document(path)
    except Exception:  # noqa: BLE001 (a document the import read but PyYAML cannot is counted as declaring none)
        return 0
    if not isinstance(document, dict):
        return 0
    count = 0
    for key in ("webhooks", "x-webhooks"):
        for item in (document.get(key) or {}).values():
            count += sum(1 for method in (item or {}) if method in METHODS)
    for item in (document.get("paths") or {}).values():
        for operation in (item or {}).values():
            if not isinstance(operation, dict):
                continue
            for expressions in (operation.get("callbacks") or {}).values():
                for callback in (expressions or {}).values():
                    count += sum(1 for method in (callback or {}) if method in METHODS)
    return count


def kept_webhooks(spec):
    """The events under `webhooks: events:` of a spec specgen wrote (one key per line, four spaces in)."""
    lines = spec.read_text().split("\n") if spec.exists() else []
    if "webhooks:" not in lines:
        return 0
    count, inside = 0, False
    for line in lines[lines.index("webhooks:") + 1:]:
        if line.startswith("  events:"):
            inside = True
        elif inside and line.startswith("    ") and not line.startswith("     ") and ":" in line:
            count += 1
        elif inside and line and not line.startswith("    "):
            break
    return count


def report(args, rows, started, finished, folder):
    quick = "--quick" in args
    title = ("# The OpenAPI corpus: imported and generated (quick mode)" if quick else
             "# The OpenAPI corpus: imported, generated and compiled, side by side with swift-openapi-generator 1.14.3")
    lines = [title, ""]
    lines.append(f"Run `python3 Benchmarks/corpus.py {' '.join(args)}` from {started:%Y-%m-%d %H:%M} to "
                 f"{finished:%H:%M} UTC on {bench.machine()}.")
    lines.append("")
    kept = [r for r in rows if "operations" in r[1]]
    contract = [r for r in kept if not r[1]["contract"]]
    operations = sum(r[1]["operations"] for r in kept)
    imported = sum(r[1]["operations_imported"] for r in kept)
    lines.append(f"**Contract:** {len(contract)} of {len(rows)} documents import with exit 0, every operation "
                 f"imported or skipped with a warning, and `lint --strict` clean; {imported} of {operations} "
                 f"operations imported.")
    hooks = [(r[0], r[1]["webhooks"]) for r in rows if r[1].get("webhooks", (0, 0))[0]]
    declared = sum(counts[0] for _, counts in hooks)
    kept = sum(counts[1] for _, counts in hooks)
    lines.append("")
    lines.append(f"**Webhooks:** {declared} declared (`webhooks`, `x-webhooks`, operations' `callbacks`) in "
                 f"{len(hooks)} documents; {kept} kept as events of the specs' `webhooks:`"
                 + "".join(f"; `{document.relative_to(folder)}` keeps {counts[1]} of {counts[0]}"
                           for document, counts in hooks if counts[0] != counts[1]) + ".")
    lines.append("")
    lines.append("Import and generate times are the fastest of three runs (release build), each from a fresh output, "
                 "with the highest peak memory of the three; a compile runs once.")
    lines.append("")
    lines.append("| document | operations | schemas | imported (ops, models) | json | contract | import | generate "
                 "| Specgen lines | Specgen compile | peer generate | peer lines | peer compile |")
    lines.append("|---|---:|---:|---|---:|---|---|---|---:|---|---|---:|---|")
    kinds = {}
    for document, ours_row, peer_row in rows:
        label = str(document.relative_to(folder))
        if "operations" not in ours_row:
            lines.append(f"| `{label}` | | | {ours_row.get('failed', 'failed')} | | | | | | | | | |")
            continue
        for kind, count in ours_row["warnings"].items():
            kinds.setdefault(kind, {})[label] = count
        peer_generate = ("not run" if peer_row is None else
                         peer_row.get("failed") or f"{seconds(peer_row['generate_seconds'])}, "
                                                    f"{memory(peer_row['generate_mib'])}")
        ours_compile = (compile_cell(ours_row) if "compile" in ours_row
                        else ours_row.get("failed", "not run"))
        lines.append(
            f"| `{label}` | {ours_row['operations']} | {ours_row['schemas']} | "
            f"{ours_row['operations_imported']}, {ours_row['models']} | {ours_row['json']} | "
            f"{'; '.join(ours_row['contract']) or 'kept'} | "
            f"{seconds(ours_row['import_seconds'])}, {memory(ours_row['import_mib'])} | "
            f"{seconds(ours_row.get('generate_seconds', 0))}, {memory(ours_row.get('generate_mib', 0))} | "
            f"{ours_row.get('lines', '')} | {ours_compile} | "
            f"{peer_generate} | {'' if peer_row is None else peer_row.get('lines', '')} | "
            f"{compile_cell(peer_row)} |")
    total_schemas = sum(r[1].get("schemas", 0) for r in rows)
    total_json = sum(r[1].get("json", 0) for r in rows)
    lines += ["", f"Schemas typed as `json` because the spec has no closer type: {total_json} of {total_schemas} "
              f"({100 * total_json / max(total_schemas, 1):.2f}%), each with its reason:", ""]
    for document, ours_row, _ in rows:
        for reason in ours_row.get("json_reasons", []):
            lines.append(f"- `{document.relative_to(folder)}`: {reason.split(': warning: ', 1)[-1]}")
    broken = [(document, ours_row) for document, ours_row, _ in rows
              if "operations" not in ours_row or ours_row["contract"]]
    if broken:
        lines += ["", "## Where the contract does not hold", ""]
        for document, ours_row in broken:
            findings = ours_row.get("strict", [])[:5]
            lines.append(f"- `{document.relative_to(folder)}`: "
                         + ("; ".join(ours_row.get("contract", [])) or ours_row.get("failed", "failed")))
            lines += [f"  - {finding.split(': ', 1)[-1]}" for finding in findings]
    lines += ["", "## Warnings by kind", "", "| kind | warnings | documents | most in |", "|---|---:|---:|---|"]
    for kind in sorted(kinds):
        counts = kinds[kind]
        top = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:3]
        lines.append(f"| `{kind}` | {sum(counts.values())} | {len(counts)} | "
                     + ", ".join(f"`{name}` ({count})" for name, count in top) + " |")
    return "\n".join(lines) + "\n"


def type_name(key):
    """A component key as the importer names its model (close to Namer.typeName: words joined, capitalized)."""
    if re.fullmatch(r"[A-Z][A-Za-z0-9]*", key):
        return key
    return "".join(word[:1].upper() + word[1:] for word in re.split(r"[^A-Za-z0-9]+", key) if word)


def load_document(path):
    if path.suffix == ".json":
        return json.loads(path.read_text())
    import yaml  # noqa: PLC0415 (only the evolution mode reads YAML documents here)
    return yaml.safe_load(path.read_text())


def evolution(specgen, folder, chain, limits):
    """Imports each document of `chain` (relative paths, oldest first) and diffs each import with the next. Every
    finding is traced to the part of the documents it comes from: the component schema whose model name is the
    longest prefix of the finding's model (inline models are named after the schema they sit in), the operation
    with the finding's operationId, or the document's info and servers. A finding whose part is the same in both
    documents is untraced: the import changed something the document did not."""
    root = Path(folder)
    specs, documents = [], []
    for relative in chain:
        document = root / relative
        spec = WORK / "evolution" / (module_name(document) + ".yaml")
        spec.parent.mkdir(parents=True, exist_ok=True)
        result = bounded([str(specgen), "import-openapi", str(document), "-o", str(spec), "--name", "Evolution",
                          "--quiet"], bench.ROOT, *limits)
        if result.status != 0:
            raise RuntimeError(f"import of {relative} failed:\n{result.output[-2000:]}")
        specs.append(spec)
        documents.append(load_document(document))
    pairs = []
    for index in range(len(chain) - 1):
        old, new = documents[index], documents[index + 1]
        diff = bounded([str(specgen), "diff", str(specs[index]), str(specs[index + 1]), "--format", "json"],
                       bench.ROOT, *limits)
        findings = json.loads(diff.output[diff.output.index("{"):])["findings"]
        schemas = {}
        for document in (old, new):
            for key in (document.get("components", {}).get("schemas") or {}):
                schemas[type_name(key)] = key

        def part(document, name):
            """The document part a model or operation name comes from, as canonical JSON (None when absent)."""
            owner = max((model for model in schemas if name.startswith(model)), key=len, default=None)
            if owner is not None:
                value = (document.get("components", {}).get("schemas") or {}).get(schemas[owner])
                return f"schema {schemas[owner]}", json.dumps(value, sort_keys=True)
            for path, item in (document.get("paths") or {}).items():
                for method, operation in (item or {}).items():
                    if isinstance(operation, dict) and operation.get("operationId") in (name, name[:1].upper() + name[1:]):
                        return f"operation {method.upper()} {path}", json.dumps([item, operation], sort_keys=True)
            return None, None

        rows = []
        for finding in findings:
            subject = finding["fingerprint"].split(":", 1)[-1]
            name = re.split(r"[ .]", subject)[0]
            where, before = part(old, name)
            _, after = part(new, name)
            if where is None:
                where = "info and servers"
                before = json.dumps([old.get("info"), old.get("servers")], sort_keys=True)
                after = json.dumps([new.get("info"), new.get("servers")], sort_keys=True)
            rows.append((finding, where, before != after))
        pairs.append((chain[index], chain[index + 1], rows))
    return pairs


def evolution_report(args, pairs, started, finished):
    lines = ["# Re-importing newer versions of a document", "",
             f"Run `python3 Benchmarks/corpus.py {' '.join(args)}` from {started:%Y-%m-%d %H:%M} to "
             f"{finished:%H:%M} UTC on {bench.machine()}.", "",
             "Each version is imported and `specgen diff` compares each import with the next. A finding is traced "
             "when the part of the documents it comes from (the schema its model is named after, its operation, or "
             "the info and servers) differs between the two versions; an untraced finding would be a change the "
             "import made on its own, such as a rename from an unrelated edit.", ""]
    lines += ["Each finding's wire verdict is then compared with its proof (Docs/BreakingChanges.md, \"Proofs\"): "
              "**confirmed** when the exchanges tried find what the rule says, **overturned** when they find "
              "otherwise (the proof's verdict is the one reported, and the exchange or what was tried says why), "
              "**carried by no exchange** when no request of the old app and no answer of the new server carries "
              "the change (a model nothing uses yet, the API's description), and **not tried** for changes no "
              "exchanges are built for.", ""]
    for old, new, rows in pairs:
        untraced = [row for row in rows if not row[2]]
        proofs = [proof_status(finding) for finding, _, _ in rows]
        lines.append(f"## `{old}` → `{new}`: {len(rows)} findings, {len(rows) - len(untraced)} traced, "
                     f"{len(untraced)} untraced")
        lines.append("")
        lines.append(f"Wire verdicts: {proofs.count('confirmed')} confirmed by their exchanges, "
                     f"{proofs.count('overturned')} overturned, {proofs.count('carried by no exchange')} carried by "
                     f"no exchange, {proofs.count('not tried')} not tried.")
        overturned = {}
        for (finding, _, _), status in zip(rows, proofs):
            if status == "overturned":
                key = (finding["rule"], finding["proof"]["verdict"])
                overturned[key] = overturned.get(key, 0) + 1
        if overturned:
            lines.append("")
            lines.append("| rule | rule's wire verdict | proven | findings |")
            lines.append("|---|---|---|---:|")
            for (rule, verdict), count in sorted(overturned.items()):
                said = "safe" if verdict == "breaking" else "breaking"
                lines.append(f"| `{rule}` | {said} | {verdict} | {count} |")
        lines.append("")
        lines.append("| rule | wire | swift | subject | traced to | proof |")
        lines.append("|---|---|---|---|---|---|")
        for (finding, where, traced), status in zip(rows, proofs):
            subject = finding["fingerprint"].split(":", 1)[-1].replace("|", "\\|")
            proof = status
            if status == "overturned":
                proof = "**overturned**: `` " + finding["proof"]["summary"].replace("|", "\\|") + " ``"
            elif status == "carried by no exchange":
                proof = "carried by no exchange"
            lines.append(f"| `{finding['rule']}` | {finding['wire']} | {finding['swift']} | {subject} | "
                         f"{where if traced else '**untraced** (' + where + ' is the same)'} | {proof} |")
        lines.append("")
    return "\n".join(lines)


def proof_status(finding):
    proof = finding.get("proof")
    if proof is None:
        return "not tried"
    if proof["requests"] + proof["answers"] == 0:
        return "carried by no exchange"
    return "confirmed" if proof["agreesWithRule"] else "overturned"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", help="the folder of OpenAPI documents, such as ../shared/openapi-corpus")
    parser.add_argument("--only", default="", help="comma-separated prefixes of the documents to run")
    parser.add_argument("--skip-peer", action="store_true")
    parser.add_argument("--quick", action="store_true", help="import, lint and generate only: no compile, no peer")
    parser.add_argument("--time-limit", type=int, default=900, help="seconds per command")
    parser.add_argument("--memory-limit-gib", type=float, default=16, help="resident GiB per command's group")
    parser.add_argument("--output", default=str(bench.BENCH / "CORPUS.md"))
    parser.add_argument("--evolution", default="",
                        help="comma-separated versions of one document, oldest first (relative to the folder): "
                             "import each and trace each finding of `specgen diff`; writes Benchmarks/EVOLUTION.md")
    args = parser.parse_args()
    if args.evolution:
        started = datetime.datetime.now(datetime.timezone.utc)
        WORK.mkdir(parents=True, exist_ok=True)
        bench.log("building the release specgen")
        bench.run(["swift", "build", "-c", "release", "--product", "specgen"])
        pairs = evolution(bench.ROOT / ".build/release/specgen", args.folder, args.evolution.split(","),
                          (args.time_limit, args.memory_limit_gib * 1024))
        text = evolution_report(sys.argv[1:], pairs, started, datetime.datetime.now(datetime.timezone.utc))
        output = bench.BENCH / "EVOLUTION.md"
        notes = bench.preserved_notes(output, "## Notes")
        if notes:
            text += "\n" + notes
        output.write_text(text)
        print(text)
        bench.log(f"wrote {output}")
        untraced = sum(1 for _, _, rows in pairs for row in rows if not row[2])
        sys.exit(1 if untraced else 0)
    started = datetime.datetime.now(datetime.timezone.utc)
    WORK.mkdir(parents=True, exist_ok=True)
    limits = (args.time_limit, args.memory_limit_gib * 1024)
    only = [prefix for prefix in args.only.split(",") if prefix]

    if args.quick or args.skip_peer:
        # Without the peer, the main package builds what the clients compile against: no Benchmarks build.
        bench.log("building the release specgen" + ("" if args.quick else " and the debug runtime"))
        bench.run(["swift", "build", "-c", "release", "--product", "specgen"])
        specgen, peer, modules = bench.ROOT / ".build/release/specgen", None, None
        if not args.quick:
            bench.run(["swift", "build", "--target", "SpecgenRuntime"])
            bench.run(["swift", "build", "--target", "SpecgenWebhooks"])
            modules = bench.ROOT / ".build/debug/Modules"
    else:
        specgen, peer = bench.build_tools()
        modules = bench.BENCH / ".build/debug/Modules"
    rows = []
    for document in bench.documents(args.folder, only):
        bench.log(f"{document.relative_to(args.folder)}: import and generate"
                  + ("" if args.quick else ", and compile") + " with Specgen")
        ours_row = ours(specgen, document, modules, limits)
        peer_row = None
        if not args.skip_peer and not args.quick:
            bench.log(f"{document.name}: generate and compile with the peer")
            peer_row = theirs(peer, document, modules, limits)
        rows.append((document, ours_row, peer_row))
    finished = datetime.datetime.now(datetime.timezone.utc)
    text = report(sys.argv[1:], rows, started, finished, Path(args.folder))
    notes = bench.preserved_notes(args.output, "## Notes")
    if notes:
        text += "\n" + notes
    print(text)
    Path(args.output).write_text(text)
    bench.log(f"wrote {args.output}")


if __name__ == "__main__":
    main()
