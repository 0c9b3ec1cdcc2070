#!/usr/bin/env bash
# Fuzzes one of Specgen's inputs with libFuzzer and AddressSanitizer, on demand (never in CI):
#
#   Benchmarks/fuzz.sh <generator|mock|decoding|importer|diff|mutation|stability> <seconds>
#
# generator: YAML -> spec -> plan -> Swift; mock: specgen-mock's request validation; decoding: a generated client's
# response decoding; importer: an OpenAPI document -> spec -> lint; diff: two versions of a spec -> findings with
# their wire proofs; mutation: a spec given random single edits, each diffed both ways, every change explained by a
# named rule; stability: an OpenAPI document given random additions and removals of schemas and operations, every
# other name kept (see Sources/SpecgenFuzzing). It builds specgen-fuzz into .build-fuzz with coverage
# instrumentation, seeds it from Tests/Fixtures (and, for the generator, every spec there and in Specs/), grows a
# corpus in a temporary folder, and prints libFuzzer's final statistics. An input that crashes a target is written
# to Tests/Fixtures/fuzz-<target>/crash-<hash> (or timeout-, oom-): fix the bug, keep the file (FuzzCorpusTests
# replays it), and replay it alone with `swift run specgen-fuzz <target> <file>`. FUZZ_UNIT_TIMEOUT (seconds, 10 by
# default) bounds one input, for a loaded machine. Leaks are not reported
# (ASAN_OPTIONS detect_leaks=0): the Swift runtime keeps its caches until exit.
set -euo pipefail
target=${1:-}
seconds=${2:-}
case "$target" in generator | mock | decoding | importer | diff | mutation | stability) ;; *)
    echo "usage: Benchmarks/fuzz.sh <generator|mock|decoding|importer|diff|mutation|stability> <seconds>" >&2
    exit 2
    ;;
esac
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: <seconds> must be a whole number" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# libFuzzer without its main: specgen-fuzz calls LLVMFuzzerRunDriver itself, so the package's other executables
# (the build plugin's specgen among them) still link with their own main. The frontend's -sanitize=fuzzer adds the
# coverage instrumentation libFuzzer reads; the driver's -sanitize=address adds AddressSanitizer.
resources=$(dirname "$(dirname "$(command -v swift)")")/lib/swift/clang/lib/linux
fuzzer="$resources/libclang_rt.fuzzer_no_main-$(uname -m).a"
[ -f "$fuzzer" ] || { echo "fuzz.sh: $fuzzer is missing; this toolchain has no libFuzzer" >&2; exit 1; }
flags=(--product specgen-fuzz --build-path .build-fuzz
    -Xswiftc -sanitize=address -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING
    -Xswiftc -use-ld=lld -Xlinker "$fuzzer" -Xlinker -lstdc++)
swift build "${flags[@]}" 2>&1 | grep -v "Cannot export local symbol" | grep -E "error|warning: |Compiling|complete" || true
binary="$(swift build "${flags[@]}" --show-bin-path)/specgen-fuzz"
[ -x "$binary" ] || { echo "fuzz.sh: the build did not produce $binary" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/corpus" "$work/seeds"
fixtures="Tests/Fixtures/fuzz-$target"
find "$fixtures" -type f ! -name README.md -exec cp {} "$work/seeds/" \;
if [ "$target" = generator ] || [ "$target" = diff ] || [ "$target" = mutation ]; then
    for spec in Tests/Fixtures/*/spec.yaml Tests/Fixtures/*/[A-Z]*.yaml Tests/Fixtures/diff-mutations/*.yaml \
        Specs/*.yaml; do
        cp "$spec" "$work/seeds/$(echo "$spec" | tr '/' '_')"
    done
fi
if [ "$target" = importer ] || [ "$target" = stability ]; then
    for document in Tests/Fixtures/*/openapi.yaml Tests/Fixtures/*/openapi.json; do
        cp "$document" "$work/seeds/$(echo "$document" | tr '/' '_')"
    done
fi

echo "fuzzing '$target' for $seconds s with $(ls "$work/seeds" | wc -l) seeds"
ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" "$binary" "$target" "$work/corpus" "$work/seeds" -max_total_time="$seconds" -print_final_stats=1 \
    -timeout="${FUZZ_UNIT_TIMEOUT:-10}" -rss_limit_mb=4096 -max_len=65536 -detect_leaks=0 -artifact_prefix="$fixtures/" 2>&1 \
    | grep -E "^(stat::|Done|#[0-9]+ *DONE|==[0-9]+==|SUMMARY|artifact_prefix|Test unit written)" || true
echo "corpus grew to $(ls "$work/corpus" | wc -l) inputs"
