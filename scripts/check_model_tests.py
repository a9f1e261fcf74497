#!/usr/bin/env python3
"""Fails when a class of the model (a `class` declared at namespace scope in a
header under models/) is named by no test (a whole word in a .cpp or .hpp
under tests/): a model's tests must be findable from its class.

Classes still owed a test of their own are listed in OWED; the check fails
when one of them gains a test but stays listed (take it off), so the list
only shrinks. A new class is never owed: it comes with its test.

  scripts/check_model_tests.py [ROOT]
"""
import pathlib
import re
import sys

CLASS = re.compile(r"^(?:template\s*<[^>]*>\s*)?class\s+(\w+)(?:\s+final)?\s*(?::[^;{]*)?\{",
                   re.M)
# Exercised through the device and scenario tests, not yet by a test that
# names them (none now; a class is added here only with a reason).
OWED = set()


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent)
    classes = {}
    for header in sorted((root / "models").rglob("*.hpp")):
        for m in CLASS.finditer(header.read_text()):
            classes.setdefault(m.group(1), header.relative_to(root))
    if not classes:
        print(f"check_model_tests: no model classes under {root}", file=sys.stderr)
        return 2
    tests = "\n".join(p.read_text() for p in (root / "tests").rglob("*")
                      if p.suffix in (".cpp", ".hpp"))
    named = {c for c in classes if re.search(r"\b" + c + r"\b", tests)}
    problems = [f"{where}: class {c} is named by no test under tests/"
                for c, where in sorted(classes.items()) if c not in named and c not in OWED]
    problems += [f"class {c} is named by a test now: take it off OWED in {pathlib.Path(__file__).name}"
                 for c in sorted(OWED & named)]
    problems += [f"class {c} is in OWED but is no model class" for c in sorted(OWED - set(classes))]
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        return 1
    print(f"check_model_tests: {len(named)} of {len(classes)} model classes named by a test, "
          f"{len(OWED)} owed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
