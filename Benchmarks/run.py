#!/usr/bin/env python3
"""Measures Specgen and swift-openapi-generator 1.14.3 side by side on the same APIs, in one run.

For the five seed specs and synthetic specs of 100, 500 and 2,000 endpoints (the peer reads the OpenAPI document
`specgen export-openapi` writes from the same spec), it measures:
  - generator wall time and peak memory (release builds of both CLIs);
  - generated lines per operation;
  - compile time and peak memory of the generated code alone (dependencies prebuilt, debug flags, 2 jobs);
  - the rebuild of a package using each build plugin after a no-op and after a one-field spec edit, and of a
    500-endpoint client through Specgen's plugin alone after a one-field edit;
  - how long a 2,000-endpoint spec takes to load, validate and generate;
  - the release code per operation of the generated modules the peer's code compiles for (`-O`, whole module,
    the object file's text, data and bss);
  - the first build, from clean, of a new app package that adds each tool and one client (plugin's tool included).
With `--openapi-corpus FOLDER` (the folder of real OpenAPI documents, such as ../shared/openapi-corpus), three real
APIs join the rows: a small, a middle-sized and a large one, which Specgen imports and the peer reads as published.
It prints the table and writes Benchmarks/RESULTS.md. Every build a time limit bounds runs in a session of its own,
which is killed whole when the limit passes.

Usage (from the repository root): python3 Benchmarks/run.py [--sizes 100,500,2000] [--skip-rebuild]
    [--openapi-corpus ../shared/openapi-corpus] [--output Benchmarks/RESULTS.md]
"""
import argparse
import datetime
import json
import math
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "Benchmarks"
WORK = BENCH / ".work"
SEEDS = ["Chatist", "DocumentAI", "Gista", "Joyfill", "Keyz"]
PEER_CONFIG = "generate:\n  - types\n  - client\naccessModifier: public\n"
# The peer's generated code for more operations than this is never compiled here: at 200 one compiler process
# passes 20 GiB and the 24 GiB machine thrashes; at 500 it ran over 15 minutes at 23 GiB without finishing.
PEER_COMPILE_LIMIT = 100
# Real APIs of the corpus, by the module name they get: small, middle-sized and large. The peer's code for each
# compiles on this machine (Box's in 135 s and 3.8 GiB, debug), so it is compiled whatever its size.
REAL_APIS = {"TrainTravel": "train-travel.yaml", "Resend": "resend.yaml", "Box": "box.json"}
# Compiles of the APIs the peer's code is compiled for too (the smaller ones) are repeated; the median counts.
COMPILE_RUNS = 3
BUILD_LIMIT_SECONDS = 1800
COMPILE_LIMIT_SECONDS = 900
TIME = "/usr/bin/time"


def log(message):
    print(message, file=sys.stderr, flush=True)


class TimedOut(Exception):
    pass


def session_processes(sid):
    """The pids of a session: the command and everything it started. The Swift driver gives each frontend a process
    group of its own, so a process group would miss the compilers; the session holds them all."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            if int(fields[3]) == sid:
                pids.append(int(entry))
        except (OSError, IndexError, ValueError):
            continue
    return pids


def kill_session(sid):
    for pid in session_processes(sid):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def run(command, cwd=ROOT, limit=BUILD_LIMIT_SECONDS, stderr_too=False):
    """Runs a command in a session of its own; past the limit every process of it is killed. Returns its output."""
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        out, err = process.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        kill_session(process.pid)
        process.communicate()
        raise TimedOut(f"{' '.join(map(str, command))} passed {limit} s")
    if process.returncode != 0:
        output = (out or "") + (err or "")
        raise RuntimeError(f"{' '.join(map(str, command))} failed ({process.returncode}):\n{output[-4000:]}")
    return ((out or "") + (err or "")) if stderr_too else (out or "")


def measured(command, cwd=ROOT, limit=COMPILE_LIMIT_SECONDS):
    """Wall seconds and peak resident MiB of one command (the largest process of its tree, by GNU time)."""
    stats = WORK / "time.txt"
    start = time.perf_counter()
    output = run([TIME, "-f", "%M", "-o", str(stats)] + command, cwd=cwd, limit=limit, stderr_too=True)
    wall = time.perf_counter() - start
    peak = int(stats.read_text().strip().splitlines()[-1]) / 1024
    return wall, peak, output


def best_of(count, command, cwd=ROOT, loop=10):
    """The median per-run wall time over `count` samples, and the peak memory of one run.

    Each sample runs the command `loop` times in one shell loop, so the harness's own process start-up (tens of
    milliseconds from Python) is not charged to tools that finish in a few.
    """
    _, peak, _ = measured(command, cwd=cwd)
    quoted = " ".join("'" + str(part).replace("'", "'\\''") + "'" for part in command)
    script = f"for i in $(seq {loop}); do {quoted} >/dev/null || exit 1; done"
    walls = []
    for _ in range(count):
        start = time.perf_counter()
        run(["/bin/sh", "-c", script], cwd=cwd, limit=COMPILE_LIMIT_SECONDS)
        walls.append((time.perf_counter() - start) / loop)
    return statistics.median(walls), peak


def documents(folder, only):
    """The documents of the folder and its subfolders, by relative path; `only` keeps those whose relative path
    starts with one of its prefixes (`stripe`, `adyen/`)."""
    root = Path(folder)
    found = sorted((p for p in root.rglob("*")
                    if p.is_file() and p.suffix in (".yaml", ".yml", ".json")
                    and not p.name.lower().startswith("readme")),
                   key=lambda p: str(p.relative_to(root)))
    if only:
        found = [p for p in found if any(str(p.relative_to(root)).startswith(prefix) for prefix in only)]
    return found


def write_if_changed(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def swift_lines(folder):
    return sum(len(path.read_text().splitlines()) for path in sorted(Path(folder).rglob("*.swift")))


def endpoint_count(spec):
    text = Path(spec).read_text()
    return len(re.findall(r"^\s+request: ", text, flags=re.MULTILINE))


# MARK: Steps


def build_tools():
    log("building release CLIs: specgen, swift-openapi-generator")
    run(["swift", "build", "-c", "release", "--product", "specgen"])
    run(["swift", "build", "-c", "release", "--product", "swift-openapi-generator"], cwd=BENCH)
    log("building the runtimes the generated code compiles against (debug)")
    run(["swift", "build", "--target", "SpecgenRuntime"], cwd=BENCH)
    run(["swift", "build", "--target", "SpecgenWebhooks"], cwd=BENCH)
    run(["swift", "build", "--target", "OpenAPIRuntime"], cwd=BENCH)
    log("building the runtimes the generated code compiles against (release)")
    for target in ["SpecgenRuntime", "SpecgenWebhooks", "OpenAPIRuntime"]:
        run(["swift", "build", "-c", "release", "--target", target], cwd=BENCH)
    return ROOT / ".build/release/specgen", BENCH / ".build/release/swift-openapi-generator"


def peer_compiles(name, row):
    """Whether the peer's generated code for this row is compiled: up to the limit, and the real APIs."""
    return row["operations"] <= PEER_COMPILE_LIMIT or name in REAL_APIS


def prepare_inputs(specgen, sizes, corpus=None):
    """The specs to measure: name -> (Specgen spec, OpenAPI document, operations, the peer's config)."""
    inputs = {}
    (WORK / "specs").mkdir(parents=True, exist_ok=True)
    for name in SEEDS:
        inputs[name] = ROOT / "Specs" / f"{name}.yaml"
    for size in sizes:
        path = WORK / "specs" / f"Synthetic{size}.yaml"
        text = run([sys.executable, str(BENCH / "synthesize_spec.py"), str(size), "--name", f"Synthetic{size}"])
        write_if_changed(path, text)
        inputs[f"Synthetic{size}"] = path
    result = {}
    for name, spec in inputs.items():
        document = WORK / "openapi" / name / "openapi.yaml"
        document.parent.mkdir(parents=True, exist_ok=True)
        run([str(specgen), "export-openapi", str(spec), "-o", str(document)])
        write_if_changed(document.parent / "openapi-generator-config.yaml", PEER_CONFIG)
        result[name] = (spec, document, endpoint_count(spec), document.parent / "openapi-generator-config.yaml")
    for name, file in (REAL_APIS.items() if corpus else []):
        # Specgen imports the document; the peer reads it as published.
        document = Path(corpus).resolve() / file
        spec = WORK / "specs" / f"{name}.yaml"
        run([str(specgen), "import-openapi", str(document), "-o", str(spec), "--name", name])
        config = WORK / "openapi" / name / "openapi-generator-config.yaml"
        config.parent.mkdir(parents=True, exist_ok=True)
        write_if_changed(config, PEER_CONFIG)
        result[name] = (spec, document, endpoint_count(spec), config)
    # The peer's clients in RuntimeCalls read the same documents.
    for name in ["Chatist", "Keyz"]:
        folder = BENCH / "Sources" / f"Peer{name}"
        write_if_changed(folder / "openapi.yaml", (WORK / "openapi" / name / "openapi.yaml").read_text())
        write_if_changed(folder / "openapi-generator-config.yaml", PEER_CONFIG)
    return result


def generation(specgen, peer, inputs):
    """Generator time, memory and output lines, per spec and tool."""
    rows = {}
    for name, (spec, document, operations, config) in inputs.items():
        repeats, loop = (3, 1) if operations >= 500 else (5, 10)
        ours = WORK / "generated" / "specgen" / name
        theirs = WORK / "generated" / "peer" / name
        shutil.rmtree(ours, ignore_errors=True)
        shutil.rmtree(theirs, ignore_errors=True)
        ours.mkdir(parents=True)
        theirs.mkdir(parents=True)
        log(f"generating {name} ({operations} operations) with both tools, {repeats} runs each")
        ours_time = best_of(repeats, [str(specgen), "generate", str(spec), "--output", str(ours)], loop=loop)
        theirs_time = best_of(repeats, [str(peer), "generate", "--config", str(config), "--output-directory",
                                        str(theirs), str(document)], loop=loop)
        rows[name] = {
            "operations": operations,
            "specgen": {"seconds": ours_time[0], "mib": ours_time[1], "lines": swift_lines(ours), "folder": ours},
            "peer": {"seconds": theirs_time[0], "mib": theirs_time[1], "lines": swift_lines(theirs), "folder": theirs},
        }
    return rows


def compile_module(tool, name, folder, modules, runs=1, batch=False):
    """Compiles one generated module in debug, `runs` times from scratch; returns the median seconds, the highest peak
    MiB and the slow-expression warnings. Without `batch` each file is a frontend job of its own (`swiftc`'s default);
    with it the driver groups the files into one job per core, as `swift build` does in debug."""
    samples = [compile_once(tool, name, folder, modules, batch) for _ in range(runs)]
    return (statistics.median(wall for wall, _, _ in samples), max(peak for _, peak, _ in samples), samples[0][2])


def compile_once(tool, name, folder, modules, batch=False):
    out = WORK / "compile" / tool / name
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    files = sorted(str(path) for path in Path(folder).rglob("*.swift"))
    module = f"{tool.capitalize()}{name}"
    command = ["swiftc", "-module-name", module, "-parse-as-library", "-swift-version", "6", "-Onone", "-g",
               "-enable-testing", "-j", "2", "-c", "-emit-module", "-emit-module-path", str(out / f"{module}.swiftmodule"),
               "-I", str(modules), "-Xfrontend", "-warn-long-expression-type-checking=100",
               "-Xfrontend", "-warn-long-function-bodies=100", "-working-directory", str(out)]
    command += ["-enable-batch-mode"] if batch else []
    command += files
    wall, peak, output = measured(command, cwd=out)
    # Each warning is printed more than once (its line, then the source excerpt): count distinct locations.
    slow = len(set(re.findall(r"^(\S+:\d+:\d+): warning: .* took \d+ms to type-check", output, re.M)))
    return wall, peak, slow


def compile_times(generated, modules):
    results = {}
    for name, row in generated.items():
        entry = {}
        # A compile of a few seconds moves by 10% from run to run on this machine: the small ones take a median.
        runs = COMPILE_RUNS if row["operations"] <= PEER_COMPILE_LIMIT else 1
        log(f"compiling {name}'s generated code (Specgen), {runs} run(s)")
        entry["specgen"] = compile_module("specgen", name, row["specgen"]["folder"], modules, runs)
        if peer_compiles(name, row):
            log(f"compiling {name}'s generated code (peer), {runs} run(s)")
            entry["peer"] = compile_module("peer", name, row["peer"]["folder"], modules, runs)
        else:
            entry["peer"] = None
        if row["operations"] == 100:
            for tool in ("specgen", "peer"):
                log(f"compiling {name}'s generated code ({tool}) in batch mode, {COMPILE_RUNS} run(s)")
                entry[f"{tool}-batch"] = compile_module(tool, name, row[tool]["folder"], modules, COMPILE_RUNS, True)
        results[name] = entry
    return results


SPECGEN_FIXTURE = """// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "RebuildSpecgen",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "{root}")],
    targets: [
{targets}
    ]
)
"""

PEER_FIXTURE = """// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "RebuildPeer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.0"),
    ],
    targets: [
{targets}
    ]
)
"""

# The one-field edit: an optional property added to Gista's User model.
EDIT_ANCHOR = "  User:\n"


def edited(spec_text, anchor=EDIT_ANCHOR):
    """The spec with an optional property added first to the properties of the model `anchor` opens."""
    marker = spec_text.index(anchor)
    properties = spec_text.index("    properties:\n", marker) + len("    properties:\n")
    return spec_text[:properties] + "      nickname: {type: string?, description: A name friends use.}\n" + spec_text[properties:]


def specgen_target(target):
    """A Package.swift target line whose client SpecgenPlugin generates from `Specs/<target>.yaml`."""
    identity = ROOT.name
    return (f'        .target(name: "{target}", dependencies: [.product(name: "SpecgenRuntime", '
            f'package: "{identity}")], plugins: [.plugin(name: "SpecgenPlugin", package: "{identity}")]),')


def rebuild_fixtures():
    """Creates both fixture packages (five API targets each, through each build plugin)."""
    ours = WORK / "rebuild-specgen"
    theirs = WORK / "rebuild-peer"
    our_targets, their_targets = [], []
    for name in SEEDS:
        target = f"Rebuild{name}"
        spec_text = (ROOT / "Specs" / f"{name}.yaml").read_text()
        write_if_changed(ours / "Specs" / f"{target}.yaml", spec_text)
        write_if_changed(ours / "Sources" / target / "Module.swift", "// The client is generated by SpecgenPlugin.\n")
        our_targets.append(specgen_target(target))
        folder = theirs / "Sources" / target
        write_if_changed(folder / "openapi.yaml", (WORK / "openapi" / name / "openapi.yaml").read_text())
        write_if_changed(folder / "openapi-generator-config.yaml", PEER_CONFIG)
        write_if_changed(folder / "Module.swift", "// The client is generated by OpenAPIGenerator.\n")
        their_targets.append(f'        .target(name: "{target}", dependencies: [.product(name: "OpenAPIRuntime", '
                             f'package: "swift-openapi-runtime")], plugins: [.plugin(name: "OpenAPIGenerator", '
                             f'package: "swift-openapi-generator")]),')
    write_if_changed(ours / "Package.swift", SPECGEN_FIXTURE.format(root=ROOT, targets="\n".join(our_targets)))
    write_if_changed(theirs / "Package.swift", PEER_FIXTURE.format(targets="\n".join(their_targets)))
    return ours, theirs


def timed_build(package):
    start = time.perf_counter()
    run(["swift", "build"], cwd=package)
    return time.perf_counter() - start


def first_build(package):
    """The unmeasured first build, from clean: the driver's dependency graph kept edges from code an earlier
    generator wrote (after the mock stopped storing a property per closure, a one-field edit still recompiled the
    operations files that no longer name the model, until a clean build), and a rebuild is measured on today's
    code. Once more when it fails, as SwiftPM can when a plugin's declared outputs changed since the fixture's last
    build (the failure is logged)."""
    run(["swift", "package", "clean"], cwd=package)
    try:
        timed_build(package)
    except RuntimeError as error:
        log(f"  the first build failed, building again: {str(error)[-1500:]}")
        timed_build(package)


def rebuilds(specgen, repeats=3):
    ours, theirs = rebuild_fixtures()
    results = {}
    for tool, package in [("specgen", ours), ("peer", theirs)]:
        log(f"building the {tool} rebuild fixture (first build, not measured)")
        first_build(package)
        noop = statistics.median(timed_build(package) for _ in range(repeats))
        spec = (package / "Specs" / "RebuildGista.yaml") if tool == "specgen" else \
            (package / "Sources" / "RebuildGista" / "openapi.yaml")
        original_spec = (ROOT / "Specs" / "Gista.yaml").read_text()
        original = spec.read_text()
        edits = []
        try:
            for attempt in range(repeats):
                new_text = edited(original_spec) if attempt % 2 == 0 else original_spec
                if tool == "specgen":
                    spec.write_text(new_text)
                else:
                    source = WORK / "specs" / "GistaEdited.yaml"
                    source.write_text(new_text)
                    run([str(specgen), "export-openapi", str(source), "-o", str(spec)])
                edits.append(timed_build(package))
        finally:
            spec.write_text(original)
            timed_build(package)
        results[tool] = {"noop": noop, "edit": statistics.median(edits)}
        log(f"  {tool}: no-op {noop:.2f} s, one-field edit {results[tool]['edit']:.2f} s")
    return results


LARGE_REBUILD_SIZE = 500
LARGE_EDIT_ANCHOR = "  Resource7:\n"


def large_rebuild(inputs, repeats=3):
    """Specgen alone (the peer's 500-operation client does not compile here): a package whose one target is
    generated from Synthetic500 through the plugin, rebuilt after an optional field is added to one model and after
    it is removed again. Returns the median seconds, or None without that spec."""
    name = f"Synthetic{LARGE_REBUILD_SIZE}"
    if name not in inputs:
        return None
    package = WORK / "rebuild-large"
    target = "RebuildLarge"
    original = Path(inputs[name][0]).read_text()
    spec = package / "Specs" / f"{target}.yaml"
    write_if_changed(spec, original)
    write_if_changed(package / "Sources" / target / "Module.swift", "// The client is generated by SpecgenPlugin.\n")
    write_if_changed(package / "Package.swift", SPECGEN_FIXTURE.format(root=ROOT, targets=specgen_target(target)))
    edited_text = edited(original, anchor=LARGE_EDIT_ANCHOR)
    log(f"building the {LARGE_REBUILD_SIZE}-operation rebuild fixture (first build, not measured)")
    first_build(package)
    times = []
    try:
        for attempt in range(repeats):
            spec.write_text(edited_text if attempt % 2 == 0 else original)
            times.append(timed_build(package))
    finally:
        spec.write_text(original)
        timed_build(package)
    log(f"  one-field edit in {name}: {', '.join(f'{t:.2f} s' for t in times)}")
    return statistics.median(times)


def load_validate_generate(specgen, inputs):
    """Release `specgen generate` on the largest synthetic spec: parse, load, validate and emit, in one process."""
    name = max((name for name in inputs if name.startswith("Synthetic")), key=lambda n: inputs[n][2], default=None)
    if name is None:
        return None
    spec = inputs[name][0]
    out = WORK / "lvg"
    walls = []
    for _ in range(5):
        shutil.rmtree(out, ignore_errors=True)
        wall, _, _ = measured([str(specgen), "generate", str(spec), "--output", str(out)])
        walls.append(wall)
    # The floor: libyaml alone reading the same file event by event, as the loader does before building anything.
    events = WORK / "yaml-events"
    run(["cc", "-O2", "-o", str(events), str(BENCH / "yaml-events.c"), "-lyaml"])
    parses = [measured([str(events), str(spec)])[0] for _ in range(5)]
    return name, inputs[name][2], statistics.median(walls), statistics.median(parses)


# MARK: Report


PLOT = BENCH / "compile-scaling.svg"


def plot_scaling(generated, compiled, path=PLOT):
    """An SVG of compile time and peak memory against operation count, both tools, log-log: a curve shows growth."""
    series = {"specgen": [], "peer": []}
    for name, entry in compiled.items():
        if name in REAL_APIS:
            continue
        ops = generated[name]["operations"]
        for tool in series:
            if entry.get(tool):
                series[tool].append((ops, entry[tool][0], entry[tool][1]))
    colors = {"specgen": "#d2452b", "peer": "#3b6fb6"}
    labels = {"specgen": "Specgen", "peer": "swift-openapi-generator"}
    width, height, margin = 420, 300, 56
    points = [point for values in series.values() for point in values]
    if not points:
        return
    x_range = (min(p[0] for p in points), max(p[0] for p in points))

    def scale(value, low, high, size):
        low, high = math.log10(max(low, 1e-9)), math.log10(max(high, low * 10, 1e-9))
        return (math.log10(max(value, 1e-9)) - low) / ((high - low) or 1) * size

    def panel(index, title, unit, column):
        left = index * (width + 20)
        y_values = [p[column] for p in points]
        y_range = (min(y_values), max(y_values))
        plot_w, plot_h = width - margin - 10, height - 2 * margin
        out = [f'<g transform="translate({left},0)">',
               f'<text x="{width / 2}" y="20" text-anchor="middle" font-weight="bold">{title}</text>',
               f'<line x1="{margin}" y1="{height - margin}" x2="{width - 10}" y2="{height - margin}" stroke="#444"/>',
               f'<line x1="{margin}" y1="{margin}" x2="{margin}" y2="{height - margin}" stroke="#444"/>',
               f'<text x="{margin + plot_w / 2}" y="{height - 16}" text-anchor="middle">operations (log)</text>',
               f'<text x="14" y="{height / 2}" text-anchor="middle" transform="rotate(-90 14 {height / 2})">'
               f'{unit} (log)</text>']
        for value in sorted({p[0] for p in points}):
            x = margin + scale(value, *x_range, plot_w)
            out.append(f'<text x="{x:.1f}" y="{height - margin + 14}" text-anchor="middle" font-size="9">{value}</text>')
        for value in sorted({round(y_range[0], 1), round(y_range[1], 1)}):
            y = height - margin - scale(value, *y_range, plot_h)
            out.append(f'<text x="{margin - 4}" y="{y:.1f}" text-anchor="end" font-size="9">{value:g}</text>')
        for tool, values in series.items():
            values = sorted(values)
            coords = [(margin + scale(p[0], *x_range, plot_w), height - margin - scale(p[column], *y_range, plot_h))
                      for p in values]
            if len(coords) > 1:
                path = " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
                out.append(f'<polyline points="{path}" fill="none" stroke="{colors[tool]}" stroke-width="2"/>')
            for x, y in coords:
                out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colors[tool]}"/>')
        out.append("</g>")
        return out

    body = panel(0, "Compile time, debug", "seconds", 1) + panel(1, "Peak compile memory", "MiB", 2)
    legend = [f'<text x="{margin + 200 * i}" y="{height + 8}" fill="{colors[tool]}">&#9679; {labels[tool]}</text>'
              for i, tool in enumerate(series)]
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * width + 20}" height="{height + 20}" '
           f'font-family="sans-serif" font-size="12">\n<rect width="100%" height="100%" fill="white"/>\n'
           + "\n".join(body + legend) + "\n</svg>\n")
    write_if_changed(path, svg)


def ratio(ours, theirs):
    if ours is None or theirs is None or theirs == 0:
        return "n/a"
    return f"{ours / theirs:.3f}x"


def machine():
    cores = os.cpu_count()
    memory = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    swift = run(["swift", "--version"]).strip().splitlines()[0] if shutil.which("swift") else "?"
    return f"{platform.system()} {platform.machine()}, {cores} cores, {memory}; {swift}"


def release_size(tool, name, folder, modules):
    """The machine code and data of one generated module compiled as a release build compiles it (`-O`, whole
    module, no debug information, `DEBUG` not defined, so Specgen's mock is left out as in an app's release binary):
    the text, data and bss of its object file, in bytes."""
    out = WORK / "release" / tool / name
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    files = sorted(str(path) for path in Path(folder).rglob("*.swift"))
    module = f"{tool.capitalize()}{name}"
    run(["swiftc", "-module-name", module, "-parse-as-library", "-swift-version", "6", "-O", "-wmo", "-c",
         "-I", str(modules), "-o", str(out / f"{module}.o")] + files, cwd=out, limit=COMPILE_LIMIT_SECONDS)
    sizes = run(["size", "--format=berkeley", str(out / f"{module}.o")], cwd=out)
    text, data, bss = (int(value) for value in sizes.splitlines()[1].split()[:3])
    return text + data + bss


def release_sizes(generated, modules):
    """Release code per operation, both tools, for the APIs the peer's code compiles for."""
    results = {}
    for name, row in generated.items():
        if not peer_compiles(name, row):
            continue
        log(f"compiling {name}'s generated code in release, both tools")
        try:
            results[name] = {tool: release_size(tool, name, row[tool]["folder"], modules)
                             for tool in ("specgen", "peer")}
        except TimedOut as error:
            # The report says so in the API's row rather than leaving the row out.
            log(f"  {error}")
            results[name] = None
    return results


CONSUMER_API = "Gista"
# SwiftPM wants target names unique across a build, and the main package has a target named Gista.
CONSUMER_TARGET = "ConsumerGista"
CONSUMER_SPECGEN = """// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "ConsumerSpecgen",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "{root}")],
    targets: [
        .target(
            name: "{api}", dependencies: [.product(name: "SpecgenRuntime", package: "{identity}")],
            plugins: [.plugin(name: "SpecgenPlugin", package: "{identity}")]),
    ]
)
"""
CONSUMER_PEER = """// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "ConsumerPeer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
    ],
    targets: [
        .target(
            name: "{api}",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]),
    ]
)
"""


def clean_builds():
    """The first build of a new app package that adds each tool and one client (Gista's), from clean: every
    dependency, the build plugin's tool and the client, as an app team's first `swift build` after adding the
    package (dependencies already fetched). The peer's package adds its URLSession transport, which Specgen's
    runtime holds, so each builds a client that can make a call."""
    ours = WORK / "consumer-specgen"
    theirs = WORK / "consumer-peer"
    write_if_changed(ours / "Specs" / f"{CONSUMER_TARGET}.yaml", (ROOT / "Specs" / f"{CONSUMER_API}.yaml").read_text())
    write_if_changed(ours / "Sources" / CONSUMER_TARGET / "Module.swift", "// The client is generated by SpecgenPlugin.\n")
    write_if_changed(ours / "Package.swift", CONSUMER_SPECGEN.format(root=ROOT, identity=ROOT.name, api=CONSUMER_TARGET))
    folder = theirs / "Sources" / CONSUMER_TARGET
    write_if_changed(folder / "openapi.yaml", (WORK / "openapi" / CONSUMER_API / "openapi.yaml").read_text())
    write_if_changed(folder / "openapi-generator-config.yaml", PEER_CONFIG)
    write_if_changed(folder / "Module.swift", "// The client is generated by OpenAPIGenerator.\n")
    write_if_changed(theirs / "Package.swift", CONSUMER_PEER.format(api=CONSUMER_TARGET))
    results = {}
    for tool, package in [("specgen", ours), ("peer", theirs)]:
        run(["swift", "package", "resolve"], cwd=package)
        run(["swift", "package", "clean"], cwd=package)
        log(f"building the {tool} consumer package from clean")
        results[tool] = timed_build(package)
        log(f"  {tool}: {results[tool]:.1f} s")
    return results


def report(args, generated, compiled, rebuild, lvg, started, finished, sizes=None, clean=None):
    lines = []
    add = lines.append
    add("# Benchmarks: Specgen and swift-openapi-generator 1.14.3, side by side")
    add("")
    add(f"- Machine: {machine()}")
    add(f"- Date: {started:%Y-%m-%d %H:%M} to {finished:%H:%M} UTC")
    add(f"- Command: `python3 Benchmarks/run.py{' ' + ' '.join(args) if args else ''}` (from the repository root)")
    add("- The peer reads the OpenAPI 3.1 document `specgen export-openapi` writes from the same spec; both generate "
        "types and a client.")
    real = [name for name in generated if name in REAL_APIS]
    if real:
        add("- Real APIs (" + ", ".join(f"{name}: `{REAL_APIS[name]}`" for name in real) + ", from the folder "
            "`--openapi-corpus` names): Specgen generates from the spec `specgen import-openapi` writes (the import "
            "not timed), the peer from the document as published.")
    add("")
    add("## Generator: wall time and peak memory (release CLIs, median of 3-5 runs)")
    add("")
    add("| API | operations | Specgen | peer | ratio | Specgen peak | peer peak | ratio |")
    add("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, row in generated.items():
        ours, theirs = row["specgen"], row["peer"]
        add(f"| {name} | {row['operations']} | {ours['seconds'] * 1000:.0f} ms | {theirs['seconds'] * 1000:.0f} ms | "
            f"{ratio(ours['seconds'], theirs['seconds'])} | {ours['mib']:.0f} MiB | {theirs['mib']:.0f} MiB | "
            f"{ratio(ours['mib'], theirs['mib'])} |")
    add("")
    add("## Generated code: lines per operation")
    add("")
    add("| API | operations | Specgen lines | peer lines | Specgen per op | peer per op | ratio |")
    add("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    seed_ours = seed_theirs = seed_ops = 0
    for name, row in generated.items():
        ours, theirs, ops = row["specgen"]["lines"], row["peer"]["lines"], row["operations"]
        if name in SEEDS:
            seed_ours, seed_theirs, seed_ops = seed_ours + ours, seed_theirs + theirs, seed_ops + ops
        add(f"| {name} | {ops} | {ours} | {theirs} | {ours / ops:.0f} | {theirs / ops:.0f} | {ratio(ours, theirs)} |")
    if seed_ops:
        add(f"| five seed APIs | {seed_ops} | {seed_ours} | {seed_theirs} | {seed_ours / seed_ops:.0f} | "
            f"{seed_theirs / seed_ops:.0f} | {ratio(seed_ours, seed_theirs)} |")
    add("")
    add(f"## Compiling the generated code alone (debug, `-j 2`, dependencies prebuilt; up to {PEER_COMPILE_LIMIT} "
        f"operations, median of {COMPILE_RUNS} runs and the highest peak; above, one run)")
    add("")
    add(f"![Compile time and peak memory against operations, both tools]({PLOT.name})")
    add("")
    add("| API | operations | Specgen | peer | ratio | Specgen peak | peer peak | ratio | over 100 ms (Specgen / peer) |")
    add("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, entry in compiled.items():
        ops = generated[name]["operations"]
        ours = entry["specgen"]
        theirs = entry["peer"]
        if theirs is None:
            add(f"| {name} | {ops} | {ours[0]:.1f} s | does not compile on this machine | - | {ours[1]:.0f} MiB | "
                f"does not compile on this machine | - | {ours[2]} / - |")
        else:
            add(f"| {name} | {ops} | {ours[0]:.1f} s | {theirs[0]:.1f} s | {ratio(ours[0], theirs[0])} | "
                f"{ours[1]:.0f} MiB | {theirs[1]:.0f} MiB | {ratio(ours[1], theirs[1])} | {ours[2]} / {theirs[2]} |")
    add("")
    batched = [(name, entry) for name, entry in compiled.items() if "specgen-batch" in entry]
    if batched:
        add("Each file above is a frontend job of its own, `swiftc`'s default. `swift build` compiles a debug build in "
            "batch mode, the files grouped into one job per core; the same compile with `-enable-batch-mode` (median "
            f"of {COMPILE_RUNS} runs and the highest peak):")
        add("")
        add("| API | operations | Specgen | peer | ratio | Specgen peak | peer peak | ratio |")
        add("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for name, entry in batched:
            ours, theirs = entry["specgen-batch"], entry["peer-batch"]
            add(f"| {name} | {generated[name]['operations']} | {ours[0]:.1f} s | {theirs[0]:.1f} s | "
                f"{ratio(ours[0], theirs[0])} | {ours[1]:.0f} MiB | {theirs[1]:.0f} MiB | {ratio(ours[1], theirs[1])} |")
        add("")
    if sizes:
        add("## Release code per operation (`-O`, whole module; the text, data and bss of the object file)")
        add("")
        add("| API | operations | Specgen | peer | Specgen per op | peer per op | ratio |")
        add("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for name, entry in sizes.items():
            ops = generated[name]["operations"]
            if entry is None:
                add(f"| {name} | {ops} | not compiled within {COMPILE_LIMIT_SECONDS} s, one tool or both | - | - | - | - |")
                continue
            add(f"| {name} | {ops} | {entry['specgen'] / 1024:.0f} KiB | {entry['peer'] / 1024:.0f} KiB | "
                f"{entry['specgen'] / ops / 1024:.1f} KiB | {entry['peer'] / ops / 1024:.1f} KiB | "
                f"{ratio(entry['specgen'], entry['peer'])} |")
        add("")
    if clean:
        add(f"## The first build of a new app package with one client ({CONSUMER_API}), from clean (debug `swift build`; "
            "the dependencies fetched, the build plugin's tool included)")
        add("")
        add("| Specgen | peer (with its URLSession transport) | ratio |")
        add("| ---: | ---: | ---: |")
        add(f"| {clean['specgen']:.1f} s | {clean['peer']:.1f} s | {ratio(clean['specgen'], clean['peer'])} |")
        add("")
    if rebuild:
        add("## Rebuilding a five-API package through the build plugin (debug `swift build`, median of 3)")
        add("")
        add("| change | Specgen | peer | ratio |")
        add("| --- | ---: | ---: | ---: |")
        add(f"| no-op | {rebuild['specgen']['noop']:.2f} s | {rebuild['peer']['noop']:.2f} s | "
            f"{ratio(rebuild['specgen']['noop'], rebuild['peer']['noop'])} |")
        add(f"| one field added to Gista's `User` (and removed) | {rebuild['specgen']['edit']:.2f} s | "
            f"{rebuild['peer']['edit']:.2f} s | {ratio(rebuild['specgen']['edit'], rebuild['peer']['edit'])} |")
        if rebuild.get("large") is not None:
            add("")
            add(f"Rebuilding a package of one {LARGE_REBUILD_SIZE}-operation client (Synthetic{LARGE_REBUILD_SIZE}) "
                f"through Specgen's plugin after one field is added to a model (and removed), median of 3: "
                f"**{rebuild['large']:.1f} s** (the peer's client of that size does not compile on this machine).")
        add("")
    if lvg:
        add(f"## Load, validate and generate {lvg[0]} ({lvg[1]} endpoints), release `specgen generate`: "
            f"{lvg[2] * 1000:.0f} ms; libyaml alone reading the file (`yaml-events.c`): {lvg[3] * 1000:.0f} ms "
            f"(medians of 5, whole processes)")
        add("")
    add("## Targets (Specgen / peer unless stated), from this run")
    add("")
    add("| target | goal | measured | met |")
    add("| --- | --- | --- | --- |")
    for name, goal, value, met in targets(generated, compiled, rebuild, lvg, sizes, clean):
        add(f"| {name} | {goal} | {value} | {'yes' if met else '**no**'} |")
    add("")
    return "\n".join(lines) + "\n"


def targets(generated, compiled, rebuild, lvg, sizes=None, clean=None):
    rows = []
    gen = [row["specgen"]["seconds"] / row["peer"]["seconds"] for row in generated.values()]
    rows.append(("generation time", "<= 0.1x", f"{min(gen):.3f}x to {max(gen):.3f}x", max(gen) <= 0.1))
    lines = [row["specgen"]["lines"] / row["peer"]["lines"] for row in generated.values()]
    rows.append(("generated lines per operation", "<= 0.15x", f"{min(lines):.3f}x to {max(lines):.3f}x",
                 max(lines) <= 0.15))
    hundred = next((name for name, row in generated.items() if row["operations"] == 100), None)
    if hundred and compiled[hundred]["peer"]:
        ours, theirs = compiled[hundred]["specgen"], compiled[hundred]["peer"]
        rows.append(("compile time at 100 operations", "<= 0.2x", f"{ours[0] / theirs[0]:.3f}x",
                     ours[0] / theirs[0] <= 0.2))
        rows.append(("peak compile memory at 100 operations", "<= 0.25x", f"{ours[1] / theirs[1]:.3f}x",
                     ours[1] / theirs[1] <= 0.25))
        if "specgen-batch" in compiled[hundred]:
            ours, theirs = compiled[hundred]["specgen-batch"], compiled[hundred]["peer-batch"]
            rows.append(("compile time at 100 operations, batch mode (`swift build`)", "<= 0.2x",
                         f"{ours[0] / theirs[0]:.3f}x", ours[0] / theirs[0] <= 0.2))
            rows.append(("peak compile memory at 100 operations, batch mode (`swift build`)", "<= 0.25x",
                         f"{ours[1] / theirs[1]:.3f}x", ours[1] / theirs[1] <= 0.25))
    largest = max(generated, key=lambda name: generated[name]["operations"])
    if generated[largest]["operations"] >= 2000:
        seconds, mib, _ = compiled[largest]["specgen"]
        rows.append(("2,000 operations compile (debug)", "<= 120 s, <= 1536 MiB", f"{seconds:.0f} s, {mib:.0f} MiB",
                     seconds <= 120 and mib <= 1536))
    if rebuild:
        edit = rebuild["specgen"]["edit"] / rebuild["peer"]["edit"]
        rows.append(("rebuild after a one-field edit", "<= 0.4x", f"{edit:.3f}x", edit <= 0.4))
    if rebuild and rebuild.get("large") is not None:
        rows.append((f"rebuild after a one-field edit, {LARGE_REBUILD_SIZE}-operation API", "<= 10 s",
                     f"{rebuild['large']:.1f} s", rebuild["large"] <= 10))
    if sizes:
        size_ratios = [entry["specgen"] / entry["peer"] for entry in sizes.values() if entry]
        rows.append(("release code per operation", "<= 0.3x", f"{min(size_ratios):.3f}x to {max(size_ratios):.3f}x",
                     max(size_ratios) <= 0.3))
    if clean:
        first = clean["specgen"] / clean["peer"]
        rows.append(("a new app package's first clean build", "<= 0.35x", f"{first:.3f}x", first <= 0.35))
    if lvg and lvg[1] >= 2000:
        rows.append((f"load, validate and generate {lvg[1]:,} endpoints, against libyaml alone", "<= 2x",
                     f"{lvg[2] * 1000:.0f} ms / {lvg[3] * 1000:.0f} ms = {lvg[2] / lvg[3]:.1f}x",
                     lvg[2] <= 2 * lvg[3]))
    return rows


NOTES_HEADING = "## What was learned"


def preserved_notes(path, heading=NOTES_HEADING):
    """The hand-written notes from `heading` on in the previous report at `path`, kept across runs."""
    if not Path(path).exists():
        return ""
    text = Path(path).read_text()
    index = text.find(heading)
    return text[index:] if index >= 0 else ""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="100,500,2000", help="synthetic spec sizes, in endpoints")
    parser.add_argument("--skip-rebuild", action="store_true")
    parser.add_argument("--openapi-corpus", metavar="FOLDER",
                        help="a folder of real OpenAPI documents holding " + ", ".join(REAL_APIS.values()))
    parser.add_argument("--output", default=str(BENCH / "RESULTS.md"))
    args = parser.parse_args()
    started = datetime.datetime.now(datetime.timezone.utc)
    WORK.mkdir(parents=True, exist_ok=True)
    sizes = [int(size) for size in args.sizes.split(",") if size]

    specgen, peer = build_tools()
    inputs = prepare_inputs(specgen, sizes, args.openapi_corpus)
    generated = generation(specgen, peer, inputs)
    compiled = compile_times(generated, BENCH / ".build/debug/Modules")
    sizes = release_sizes(generated, BENCH / ".build/release/Modules")
    clean = None if args.skip_rebuild else clean_builds()
    plot_scaling(generated, compiled)
    lvg = load_validate_generate(specgen, inputs)
    rebuild = None if args.skip_rebuild else rebuilds(specgen)
    if rebuild:
        rebuild["large"] = large_rebuild(inputs)
    finished = datetime.datetime.now(datetime.timezone.utc)
    text = report(sys.argv[1:], generated, compiled, rebuild, lvg, started, finished, sizes, clean)
    notes = preserved_notes(args.output)
    if notes:
        text += "\n" + notes
    print(text)
    Path(args.output).write_text(text)
    log(f"wrote {args.output}")


if __name__ == "__main__":
    main()
