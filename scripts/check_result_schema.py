#!/usr/bin/env python3
"""Checks docs/result.schema.json and every golden result against it.

    scripts/check_result_schema.py [RESULT.json ...]

The schema must be a valid JSON Schema (draft 2020-12) in which every field
has a description; every golden result (tests/golden/**/*.json) and every
RESULT given must validate; and the check must be able to fail: a golden
result with a field the schema does not know, or a count that is text, is
refused. Needs python3-jsonschema (Debian). Exit 0 when all hold, 1 if not.
"""
import copy
import glob
import json
import os
import sys

import jsonschema

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def undescribed(node, path, out):
    """Fields (properties, list items, map values) without a description."""
    if not isinstance(node, dict):
        return
    for key, child in node.get("properties", {}).items():
        where = path + "." + key if path else key
        if "description" not in child:
            out.append(where)
        undescribed(child, where, out)
    for key in ("items", "additionalProperties"):
        child = node.get(key)
        if isinstance(child, dict):
            if "description" not in child and "$ref" not in child and "oneOf" not in child:
                out.append(path + ("[]" if key == "items" else ".*"))
            undescribed(child, path + ("[]" if key == "items" else ".*"), out)
    for alternative in node.get("oneOf", []):
        undescribed(alternative, path, out)
    for name, definition in node.get("$defs", {}).items():
        undescribed(definition, "$defs." + name, out)


def main():
    with open(os.path.join(REPO, "docs", "result.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failures = []
    missing = []
    undescribed(schema, "", missing)
    failures += ["the schema gives no description for %s" % m for m in missing]

    goldens = sorted(glob.glob(os.path.join(REPO, "tests", "golden", "**", "*.json"),
                               recursive=True))
    results = goldens + sys.argv[1:]
    for path in results:
        with open(path, encoding="utf-8") as f:
            result = json.load(f)
        for error in validator.iter_errors(result):
            where = "/".join(str(p) for p in error.absolute_path) or "(top)"
            failures.append("%s: %s: %s" % (os.path.relpath(path, REPO), where, error.message[:300]))

    # The check can fail: an unknown field and a mistyped count are refused.
    with open(goldens[0], encoding="utf-8") as f:
        sample = json.load(f)
    unknown = copy.deepcopy(sample)
    unknown["outcome"]["not_in_the_schema"] = 1
    mistyped = copy.deepcopy(sample)
    mistyped["time"]["end_ps"] = "12"
    for name, bad in (("an unknown field", unknown), ("a count given as text", mistyped)):
        if validator.is_valid(bad):
            failures.append("the schema accepts %s (outcome.not_in_the_schema, time.end_ps)" % name)

    for failure in failures:
        print("check_result_schema: " + failure)
    print("check_result_schema: %d results (%d golden) against docs/result.schema.json: %s" % (
        len(results), len(goldens), "%d problems" % len(failures) if failures else "all valid"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
