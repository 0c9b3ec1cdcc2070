"""Validates answers against the OpenAPI document that describes them, with jsonschema (an independent reader).

Usage: validate_answers.py CASES.json
CASES.json holds {"document": <path of an exported JSON document>, "answers": [{"path", "method", "status",
"value"}]} items. Each value is checked against the JSON schema of its response in the document, formats asserted.
Prints one line per document and one per failure; exits 1 if any answer fails.
"""
import json
import sys

from jsonschema import Draft202012Validator


def escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def resolve(document, node):
    """Follows a local `$ref` (a shared response in `components/responses`) to what it names."""
    while isinstance(node, dict) and "$ref" in node and node["$ref"].startswith("#/"):
        target = document
        for token in node["$ref"][2:].split("/"):
            target = target[token.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as handle:
        cases = json.load(handle)
    failed = 0
    for case in cases:
        with open(case["document"], encoding="utf-8") as handle:
            document = json.load(handle)
        checked = 0
        for answer in case["answers"]:
            path, method, status = answer["path"], answer["method"], answer["status"]
            responses = document["paths"].get(path, {}).get(method, {}).get("responses", {})
            response = resolve(document, responses.get(status))
            content = (response or {}).get("content") or {}
            media = next((name for name in content if name == "application/json" or name.endswith("+json")), None)
            where = f"{case['document']}: {method.upper()} {path} {status}"
            if media is None:
                failed += 1
                print(f"{where}: the document gives no JSON schema for this answer")
                continue
            schema = content[media].get("schema", {})
            # The schema checked as part of the document, so its `$ref`s into `components` resolve.
            root = dict(document)
            root["$ref"] = "#/__answer"
            root["__answer"] = schema
            validator = Draft202012Validator(root, format_checker=Draft202012Validator.FORMAT_CHECKER)
            errors = sorted(validator.iter_errors(answer["value"]), key=lambda error: list(error.path))
            for error in errors[:3]:
                failed += 1
                location = "/".join(str(part) for part in error.path)
                print(f"{where}: at '{location}': {error.message[:300]}")
            checked += 1
        print(f"{case['document']}: {checked} answers checked")
    print(f"{failed} failures")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
