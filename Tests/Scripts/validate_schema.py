"""Validates spec files against Docs/specgen.schema.json; prints one line per file and exits 1 if any fails."""
import json
import sys

import jsonschema
import yaml


def main() -> int:
    schema_path, *spec_paths = sys.argv[1:]
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    failed = False
    for path in spec_paths:
        with open(path, encoding="utf-8") as handle:
            # The C loader is libyaml, the parser specgen itself uses; the pure-Python one reads YAML 1.1 more strictly.
            document = yaml.load(handle, Loader=yaml.CSafeLoader)
        # YAML reads status keys such as 200 as integers; JSON object keys are always strings.
        document = json.loads(json.dumps(document, default=str))
        errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
        if errors:
            failed = True
            first = errors[0]
            location = "/".join(str(part) for part in first.absolute_path)
            print(f"{path}: invalid at '{location}': {first.message[:200]}")
        else:
            print(f"{path}: valid")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
