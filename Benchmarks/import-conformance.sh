#!/usr/bin/env bash
# Checks the importer against the documents it imports, with an independent validator: each OpenAPI document is
# imported, `specgen-mock` serves the spec the import wrote, and schemathesis fuzzes that mock with the ORIGINAL
# document. Its check says whether the import kept the document's types: every answer the mock gives must fit the
# document's own schemas (an object imported where the document says an array fails here). Failures are listed per
# document; the exit status is 1 when any document has one.
#
#   Benchmarks/import-conformance.sh Tests/Fixtures/PayDesk/openapi.yaml
#   Benchmarks/import-conformance.sh ../shared/openapi-corpus/train-travel.yaml ../shared/openapi-corpus/petstore.yaml
#   Benchmarks/import-conformance.sh --max-examples 50 ../shared/openapi-corpus   # every document of a folder
#
# The documents are read where they are and never copied into the project. The check is schemathesis's
# `response_schema_conformance`; its others judge the mock's strictness (it requires a body the document leaves
# optional, as the client always sends it, and answers 400 to a cursor no item has), not the import. The seed is
# fixed so runs repeat; an SSE answer is checked as schemathesis reads one, an event whose fields are the schema's.
set -euo pipefail
cd "$(dirname "$0")/.."

examples=20
seed=20261129
inputs=()
while [ $# -gt 0 ]; do
    case "$1" in
        --max-examples) examples="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) inputs+=("$1"); shift ;;
    esac
done
if [ ${#inputs[@]} -eq 0 ]; then
    echo "usage: Benchmarks/import-conformance.sh [--max-examples N] [--seed N] DOCUMENT|FOLDER..." >&2
    exit 64
fi
documents=()
for input in "${inputs[@]}"; do
    if [ -d "$input" ]; then
        while IFS= read -r file; do documents+=("$file"); done < <(
            find "$input" -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) ! -iname 'README*' | sort)
    else
        documents+=("$input")
    fi
done

if ! command -v schemathesis >/dev/null || ! schemathesis --version | grep -q 'version 4\.'; then
    python3 -m pip install --quiet 'schemathesis>=4.32,<5'
fi
swift build --product specgen >/dev/null
swift build --product specgen-mock >/dev/null
bin="$(swift build --show-bin-path)"

work="$(mktemp -d)"
mock_pid=""
cleanup() {
    if [ -n "$mock_pid" ]; then kill "$mock_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

credential="conformance-$(date +%s)-$$"
failed=()
skipped=()
for document in "${documents[@]}"; do
    name="$(basename "$document")"
    spec="$work/Imported.yaml"
    rm -f "$spec"
    if ! "$bin/specgen" import-openapi "$document" -o "$spec" --name Imported --quiet >"$work/import.log" 2>&1 \
        || [ ! -f "$spec" ]; then
        skipped+=("$name (the import failed)")
        continue
    fi
    # The header that carries the credential, from the original document's security schemes; and a configuration
    # that leaves out the operations whose answers are event streams, which schemathesis checks as events whose
    # fields are the schema's, where documents describe each event's data.
    config="$work/conformance.toml"
    header="$(python3 - "$document" "$credential" "$config" <<'PY'
import json, sys, yaml
path, credential, config = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(path).read()
root = json.loads(text) if path.endswith(".json") else yaml.safe_load(text)
streams = sorted(
    f"{method.upper()} {route}"
    for route, item in (root.get("paths") or {}).items() if isinstance(item, dict)
    for method, operation in item.items() if isinstance(operation, dict)
    for response in (operation.get("responses") or {}).values() if isinstance(response, dict)
    if "text/event-stream" in (response.get("content") or {})
    or "text/event-stream" in (operation.get("produces") or [])
)
with open(config, "w") as out:
    for stream in dict.fromkeys(streams):
        out.write(f"[[operations]]\ninclude-name = \"{stream}\"\nenabled = false\n")
schemes = (root.get("components") or {}).get("securitySchemes") or root.get("securityDefinitions") or {}
for scheme in schemes.values():
    if scheme.get("type") == "apiKey" and scheme.get("in") == "header":
        print(f"{scheme['name']}: {credential}")
        break
    if scheme.get("type") in ("http", "oauth2", "openIdConnect"):
        print(f"Authorization: Bearer {credential}")
        break
PY
)"
    "$bin/specgen-mock" "$spec" --port 0 --quiet --unscripted --credential "$credential" >"$work/mock.log" 2>&1 &
    mock_pid=$!
    url=""
    for _ in $(seq 1 100); do
        url="$(sed -n 's/.* at \(http:[^ ]*\)$/\1/p' "$work/mock.log" | head -1)"
        if [ -n "$url" ]; then break; fi
        sleep 0.1
    done
    if [ -z "$url" ]; then
        skipped+=("$name (the mock did not start: $(head -c 200 "$work/mock.log"))")
        kill "$mock_pid" 2>/dev/null || true
        mock_pid=""
        continue
    fi
    arguments=(--config-file "$config" run "$(cd "$(dirname "$document")" && pwd)/$(basename "$document")" --url "$url"
        --checks response_schema_conformance
        --max-examples "$examples" --seed "$seed" --no-color --generation-database none --request-timeout 10
        --phases examples,fuzzing)
    if [ -n "$header" ]; then arguments+=(-H "$header"); fi
    echo "== $name: schemathesis with the original document against the mock of its import ($url)"
    if ! (cd "$work" && schemathesis "${arguments[@]}"); then failed+=("$name"); fi
    kill "$mock_pid" 2>/dev/null || true
    wait "$mock_pid" 2>/dev/null || true
    mock_pid=""
done

for entry in "${skipped[@]}"; do echo "skipped: $entry" >&2; done
if [ ${#failed[@]} -gt 0 ]; then
    echo "the mocks of these imports answered outside their documents: ${failed[*]}" >&2
    exit 1
fi
echo "import conformance: ${#documents[@]} documents, ${#skipped[@]} skipped, no failures" \
    "($examples examples per operation, seed $seed)"
