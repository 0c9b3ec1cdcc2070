#!/usr/bin/env python3
"""Memory and latency of a generated client over a long run, through each transport.

Builds `soak-server` (SwiftNIO, on 127.0.0.1) and `soak-bench` in release, starts the server, and runs soak-bench
once per transport in a process of its own: N calls of Chatist's `getTicket` at concurrency C, every answer checked.
soak-bench samples its own resident memory and heap after every tenth of the calls; this prints a table of the
samples and the latency percentiles per transport, writes it with the date, the machine and the command to
Benchmarks/SOAK.md (the raw figures to Benchmarks/SOAK.json), and writes the summary table into Docs/Runtime.md
between its `soak.py` markers. `--from-json` writes both again from SOAK.json without running anything.

The verdict per transport: resident memory after the last call within 5 MiB of its value at a tenth of the run, no
error and no wrong answer.

Usage (from the repository root): python3 Benchmarks/soak.py [--calls 1000000] [--concurrency 200]
    [--transports urlsession,async-http-client] [--output Benchmarks/SOAK.md] [--skip-build] [--from-json]
"""
import argparse
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "Benchmarks"
RAW = BENCH / "SOAK.json"
DOCS = ROOT / "Docs" / "Runtime.md"
BEGIN, END = "<!-- soak.py: begin -->", "<!-- soak.py: end -->"
FLAT_MIB = 5.0


def log(message):
    print(message, file=sys.stderr, flush=True)


def machine():
    memory = ""
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            memory = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    swift = "?"
    if shutil.which("swift"):
        swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.strip().splitlines()[0]
    return f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, {memory}; {swift}"


def build():
    for product in ["soak-server", "soak-bench"]:
        log(f"building {product} (release)")
        subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=BENCH, check=True)


def bin_path():
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=BENCH, check=True,
                          capture_output=True, text=True).stdout.strip()
    return Path(path)


def mib(value):
    return value / (1 << 20)


def verdict(result):
    samples = result["samples"]
    tenth = next((sample[1] for sample in samples if sample[0] >= result["calls"] // 10), None)
    last = samples[-1][1]
    growth = mib(last - tenth) if tenth is not None else float("nan")
    flat = tenth is not None and abs(growth) <= FLAT_MIB
    ok = flat and result["errors"] == 0 and result["wrong"] == 0 and samples[-1][0] == result["calls"]
    return growth, ok


def table(results):
    lines = []
    steps = sorted({sample[0] for result in results for sample in result["samples"]})
    header = "| calls | " + " | ".join(f"{r['transport']} RSS | heap in use" for r in results) + " |"
    lines += [header, "|---:|" + "---:|---:|" * len(results)]
    for step in steps:
        cells = []
        for result in results:
            sample = next((sample for sample in result["samples"] if sample[0] == step), None)
            cells.append(f"{mib(sample[1]):.1f} MiB | {mib(sample[2]):.1f} MiB" if sample else "- | -")
        lines.append(f"| {step:,} | " + " | ".join(cells) + " |")
    lines += ["", "| transport | calls/s | errors | wrong answers | p50 | p90 | p99 | max | RSS last - RSS at 10% | "
              "flat (≤ 5 MiB), 0 errors |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for result in results:
        growth, ok = verdict(result)
        rate = result["calls"] / result["seconds"] if result["seconds"] else 0
        lines.append(
            f"| {result['transport']} | {rate:,.0f} | {result['errors']} | {result['wrong']} | "
            f"{result['p50_ms']:.2f} ms | {result['p90_ms']:.2f} ms | {result['p99_ms']:.2f} ms | "
            f"{result['max_ms']:.1f} ms | {growth:+.1f} MiB | {'yes' if ok else 'NO'} |")
    return "\n".join(lines)


def at(result, fraction):
    """The sample taken once `fraction` of the calls had ended."""
    wanted = int(result["calls"] * fraction)
    return next(sample for sample in result["samples"] if sample[0] >= wanted)


def summary(results, date):
    # The heap is compared while calls are in flight (at 10% and 90%); after the last call it falls.
    lines = [f"| transport ({date}) | calls | errors, wrong answers | RSS at 10% → end | heap at 10% → 90% | "
             "p50 | p99 |", "|---|---:|---:|---:|---:|---:|---:|"]
    for result in results:
        tenth, ninth, last = at(result, 0.1), at(result, 0.9), result["samples"][-1]
        lines.append(
            f"| {result['transport']} | {result['calls']:,} | {result['errors']}, {result['wrong']} | "
            f"{mib(tenth[1]):.1f} → {mib(last[1]):.1f} MiB | {mib(tenth[2]):.1f} → {mib(ninth[2]):.1f} MiB | "
            f"{result['p50_ms']:.0f} ms | {result['p99_ms']:.0f} ms |")
    return "\n".join(lines)


def write_docs(results, date):
    text = DOCS.read_text()
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    DOCS.write_text(text[:start] + "\n" + summary(results, date) + "\n" + text[end:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1_000_000)
    parser.add_argument("--concurrency", type=int, default=200)
    parser.add_argument("--transports", default="urlsession,async-http-client")
    parser.add_argument("--output", default=str(BENCH / "SOAK.md"))
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--from-json", action="store_true")
    args = parser.parse_args()

    if args.from_json:
        raw = json.loads(RAW.read_text())
        write_docs(raw["results"], raw["date"])
        log(f"wrote {DOCS}")
        return

    if not args.skip_build:
        build()
    binaries = bin_path()
    server = subprocess.Popen([str(binaries / "soak-server")], stdout=subprocess.PIPE, text=True)
    results = []
    try:
        url = server.stdout.readline().strip()
        log(f"soak-server at {url}")
        for transport in args.transports.split(","):
            log(f"{transport}: {args.calls:,} calls at concurrency {args.concurrency}")
            run = subprocess.run(
                [str(binaries / "soak-bench"), "--server", url, "--calls", str(args.calls),
                 "--concurrency", str(args.concurrency), "--transport", transport],
                capture_output=True, text=True)
            if run.returncode != 0:
                log(run.stderr)
                sys.exit(f"soak-bench exited {run.returncode} for {transport}")
            result = json.loads(run.stdout)
            if result["first_error"]:
                log(f"{transport}: first error: {result['first_error']}")
            results.append(result)
    finally:
        server.terminate()
        server.wait()

    text = table(results)
    print(text)
    date = datetime.date.today().isoformat()
    RAW.write_text(json.dumps({"date": date, "machine": machine(), "results": results}, indent=1) + "\n")
    write_docs(results, date)
    command = "python3 Benchmarks/soak.py " + " ".join(sys.argv[1:])
    report = "\n".join([
        "# Soak: resident memory and latency over a long run",
        "",
        f"- Date: {date}",
        f"- Machine: {machine()}",
        f"- Command: `{command.strip()}`",
        f"- Calls: {args.calls:,} of Chatist `getTicket` (a ticket of 20 messages, about 3 KiB), "
        f"{args.concurrency} in flight, against `soak-server` (SwiftNIO) on 127.0.0.1; each answer checked",
        "",
        "Resident memory of the client process, and the bytes its C heap has handed out and not had back (glibc's "
        "`mallinfo2`), after each tenth of the calls:",
        "",
        text,
        "",
    ])
    Path(args.output).write_text(report)
    log(f"wrote {args.output}")
    if not all(verdict(result)[1] for result in results):
        sys.exit(1)


if __name__ == "__main__":
    main()
