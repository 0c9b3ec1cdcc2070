#!/usr/bin/env python3
"""Times `specgen diff --base` with its wire proofs on a large spec edited in many places, as a pull-request check
runs it.

It writes the synthetic spec of N endpoints (synthesize_spec.py) into a scratch git repository, commits it, edits
it in E places spread over the resources (a response property made optional, one removed, `[string]` retyped to an
enum array, a required request property added, an enum value added, an operation's query parameter added), then
runs the release `specgen diff --base HEAD <spec> --format markdown` three times and prints the fastest, with the
number of findings and of proofs, and writes them to Benchmarks/DIFF.md. Exit 1 when the fastest run is over the
target.

With `--evolution OLD NEW` (two versions of a real API's OpenAPI document, read where they are), it also times
`specgen diff OLD NEW --format markdown`, the documents imported in memory, best of 3, against `--evolution-target`.

Usage (from the repository root): python3 Benchmarks/diff_speed.py [--endpoints 500] [--edits 20] [--target 2]
    [--evolution ../shared/openapi-corpus/adyen/CheckoutService-v70.json ../shared/openapi-corpus/adyen/CheckoutService-v72.json]
    [--evolution-target 3]
"""
import argparse
import datetime
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as bench  # noqa: E402  (the shared helpers of Benchmarks/run.py)


def edit(text, resources, count):
    """`count` edits of the spec's text, cycling through six kinds over resources spread across the spec."""
    lines = text.split("\n")
    step = max(1, resources // count)
    for number in range(count):
        name = f"Resource{number * step}"
        kind = number % 6
        if kind == 0:
            target, replacement = (f"  {name}:", "      count: int"), "      count: int?"
        elif kind == 1:
            target, replacement = (f"  {name}:", "      ratio: double?"), None
        elif kind == 2:
            target, replacement = (f"  {name}Detail:", "      tags: \"[string]\""), "      tags: \"[Status]\""
        elif kind == 3:
            target, replacement = (f"  Create{name}:", "      status: Status"), "      status: Status\n      region: string"
        elif kind == 4:
            target, replacement = (f"  get{name}:", f"    response: {name}"), f"    query:\n      expand: string?\n    response: {name}"
        else:
            target, replacement = (f"  {name}:", "      enabled: bool"), "      enabled: bool?"
        start = lines.index(target[0])
        index = next(i for i in range(start + 1, len(lines)) if lines[i] == target[1])
        if replacement is None:
            del lines[index]
        else:
            lines[index] = replacement
    text = "\n".join(lines)
    # One shared change: a value added to the enum every resource uses.
    return text.replace("    enum: [active, paused, archived]", "    enum: [active, paused, archived, deleted]")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--endpoints", type=int, default=500)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--target", type=float, default=2.0, help="seconds")
    parser.add_argument("--evolution", nargs=2, type=Path, metavar=("OLD", "NEW"))
    parser.add_argument("--evolution-target", type=float, default=3.0, help="seconds")
    args = parser.parse_args()
    bench.log("building the release specgen")
    bench.run(["swift", "build", "-c", "release", "--product", "specgen"])
    specgen = bench.ROOT / ".build/release/specgen"
    with tempfile.TemporaryDirectory() as scratch:
        repo = Path(scratch)
        spec = repo / "Specs" / "Synthetic.yaml"
        spec.parent.mkdir()
        text = subprocess.run([sys.executable, str(bench.BENCH / "synthesize_spec.py"), str(args.endpoints)],
                              check=True, capture_output=True, text=True).stdout
        spec.write_text(text)
        for command in (["git", "init", "-q"], ["git", "add", "."],
                        ["git", "-c", "user.name=bench", "-c", "user.email=bench@localhost", "commit", "-qm", "base"]):
            subprocess.run(command, cwd=repo, check=True)
        spec.write_text(edit(text, max(1, args.endpoints // 5), args.edits))
        diff = ["--base", "HEAD", "Specs/Synthetic.yaml"]
        times = []
        for _ in range(3):
            started = time.monotonic()
            subprocess.run([str(specgen), "diff", *diff, "--format", "markdown"], cwd=repo, check=True,
                           capture_output=True)
            times.append(time.monotonic() - started)
        report = subprocess.run([str(specgen), "diff", *diff, "--format", "json"], cwd=repo, check=True,
                                capture_output=True, text=True).stdout
        findings = json.loads(report[report.index("{"):])["findings"]
    proven = sum(1 for finding in findings if "proof" in finding)
    fastest = min(times)
    line = (f"specgen diff --base, {args.endpoints} endpoints, {args.edits} edits: {len(findings)} findings, "
            f"{proven} with proofs; fastest of 3: {fastest:.2f} s (target {args.target:.0f} s)")
    print(line + f" on {bench.machine()}")
    evolution = ""
    within = fastest <= args.target
    if args.evolution:
        old, new = (path.resolve() for path in args.evolution)
        runs = []
        for _ in range(3):
            started = time.monotonic()
            subprocess.run([str(specgen), "diff", str(old), str(new), "--format", "markdown"], capture_output=True)
            runs.append(time.monotonic() - started)
        report = subprocess.run([str(specgen), "diff", str(old), str(new), "--format", "json"],
                                capture_output=True, text=True).stdout
        changes = json.loads(report[report.index("{"):])["findings"] if "{" in report else []
        operations = subprocess.run([str(specgen), "import-openapi", str(new), "--quiet"], capture_output=True,
                                    text=True).stderr
        counted = operations.split("imported ")[1].split(" of")[0] if "imported " in operations else "?"
        evolution = (f"specgen diff {old.name} {new.name} (OpenAPI documents, {counted} operations): "
                     f"{len(changes)} findings; fastest of 3: {min(runs):.2f} s (target {args.evolution_target:.0f} s); "
                     f"runs: {', '.join(f'{t:.2f} s' for t in runs)}.\n")
        print(evolution, end="")
        within = within and min(runs) <= args.evolution_target
    # The speed section is this script's; the completeness section below it is DiffMutationTests'.
    path = bench.BENCH / "DIFF.md"
    rest = path.read_text() if path.exists() else ""
    rest = rest[rest.index("\n## Completeness"):] if "\n## Completeness" in rest else ""
    path.write_text(
        "# `specgen diff --base` with wire proofs, at pull-request scale\n\n"
        f"Run `{' '.join(['python3', 'Benchmarks/diff_speed.py'] + [Path(a).name if '/' in a else a for a in sys.argv[1:]])}` on "
        f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, {bench.machine()}.\n\n"
        f"{line}; runs: {', '.join(f'{t:.2f} s' for t in times)}.\n"
        + (f"\n{evolution}" if evolution else "") + rest)
    sys.exit(0 if within else 1)


if __name__ == "__main__":
    main()
