"""Validates OpenAPI documents with openapi-spec-validator; prints one line per file and exits 1 if any fails.

It also checks that a YAML document and its JSON twin (same path, .json) hold the same value when both exist.
"""
import json
import sys
from pathlib import Path

import yaml
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename


def main() -> int:
    failed = False
    for path in sys.argv[1:]:
        try:
            document, _ = read_from_filename(path)
            validate(document)
        except Exception as error:  # the validator raises several exception types; all mean "invalid"
            failed = True
            print(f"{path}: invalid: {str(error).splitlines()[0][:300]}")
            continue
        twin = Path(path).with_suffix(".json")
        if path.endswith(".yaml") and twin.exists():
            with open(path, encoding="utf-8") as handle:
                from_yaml = yaml.safe_load(handle)
            if from_yaml != json.loads(twin.read_text(encoding="utf-8")):
                failed = True
                print(f"{path}: the YAML and JSON documents differ")
                continue
        print(f"{path}: valid")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
