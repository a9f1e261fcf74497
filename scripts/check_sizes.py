#!/usr/bin/env python3
"""Fails when a source file in any source folder (FOLDERS) is over 400 lines,
a function there is over 80 lines (issue 11: rooms small enough to read), or
a class is over 400 lines (issue 26): its declaration in the header plus
every out-of-class member definition (`Class::name(...) {...}`, from its
first signature line to its closing brace) in any source. The size check's
own fixture (tests/sizes/fixture, too long on purpose) is left out.

A function whose body is a table of data may say so with a comment line
`// size-check: table` right above it; it is then exempt from the function
limit (never from the file limit).

  scripts/check_sizes.py [ROOT]
  scripts/check_sizes.py --classes [ROOT]   # the 25 largest classes
"""
import pathlib
import re
import sys

MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 80
MAX_CLASS_LINES = 400
CLASS_HEAD = re.compile(r"^\s*(?:template\s*<[^{]*>\s*)?(?:class|struct)\s+(?:\[\[[^\]]*\]\]\s*)?((?:\w+::)*\w+)(?:\s+final)?\s*(?::(?!:)[^{]*)?$")
# A member defined out of its class: `A::B::name(`, `A::~A(`, `A::operator==(`.
MEMBER_DEF = re.compile(r"\b((?:\w+(?:<[^<>]*>)?::)+)(?:~?\w+|operator\s*[^\s(]+)\s*\(")
FOLDERS = ["models", "output", "driver", "platforms", "config", "workloads", "api", "sdk",
           "bench", "fuzz", "examples", "tests"]
FIXTURE = pathlib.Path("tests") / "sizes" / "fixture"


def sources(root):
    """Every C++ source and header under FOLDERS, the fixture left out."""
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in (".cpp", ".hpp", ".h") and \
                    FIXTURE not in path.relative_to(root).parents:
                yield path
SCOPE_WORDS = re.compile(r"^\s*(template\s*<[^{]*>\s*)?(namespace|class|struct|union|enum)\b|extern\s+\"C\"")
CONTROL_WORDS = re.compile(r"^\s*(if|for|while|switch|catch|do|else|try)\b")


def strip_code(text):
    """Blanks out comments, string and char literals, keeping line breaks."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (j + 1 - i))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path):
    """Yields (name line, first line, last line) of every function body."""
    raw = path.read_text().split("\n")
    # Preprocessor lines are not part of the next declaration's header.
    code = strip_code("\n".join("" if l.lstrip().startswith("#") else l for l in raw))
    stack = []  # for each open brace: 'scope', 'function' or 'block'
    header = ""
    header_line = 1
    line = 1
    starts = []
    for c in code:
        if c == "\n":
            line += 1
            header += " "
            continue
        if not header.strip() and not c.isspace():
            header_line = line
        if c == "{":
            inside_function = any(entry[0] == "function" for entry in stack)
            # An access label before a nested class is not part of its head.
            h = re.sub(r"^(?:(?:public|protected|private)\s*:(?!:)\s*)+", "", header.strip())
            if inside_function:
                kind = "block"
            elif SCOPE_WORDS.search(h) and "(" not in h.split("{")[0].split("=")[0]:
                kind = "scope"
            elif "(" in h and not CONTROL_WORDS.match(h) and "=" not in h.split("(")[0]:
                kind = "function"
            else:
                kind = "block"
            # A class's qualified name: the classes around it, then its own.
            m = CLASS_HEAD.match(h) if kind == "scope" else None
            outer = [e[4] for e in stack if e[4]]
            qual = "::".join(outer + [m.group(1)]) if m else None
            stack.append((kind, line, h, header_line, qual))
            header = ""
        elif c == "}":
            if stack:
                kind, start, h, first, qual = stack.pop()
                if kind == "function" or qual:
                    starts.append((kind, start, line, h, first, qual))
            header = ""
        elif c == ";":
            header = ""
        else:
            header += c
    for kind, start, end, h, first, qual in starts:
        exempt = start >= 2 and any(
            "size-check: table" in raw[k] for k in range(max(0, start - 4), start - 1))
        yield kind, start, end, exempt, h, first, qual


def class_lines(root):
    """Lines of every class, by qualified name: its body in the header plus
    its out-of-class member definitions in any source (a nested class's body
    counts for its outer class too)."""
    sizes, where = {}, {}
    all_sources = list(sources(root))
    for path in all_sources:
        for kind, start, end, _, h, first, qual in functions(path):
            if kind == "scope" and qual:
                sizes[qual] = sizes.get(qual, 0) + end - first + 1
                where.setdefault(qual, f"{path.relative_to(root)}:{first}")
    for path in all_sources:
        for kind, start, end, _, h, first, _ in functions(path):
            if kind != "function":
                continue
            m = MEMBER_DEF.search(h)
            if not m:
                continue
            owner = re.sub(r"<[^<>]*>", "", m.group(1)).strip(":")
            # Drop leading namespaces until a known class is named.
            parts = owner.split("::")
            while parts and "::".join(parts) not in sizes:
                parts = parts[1:]
            if parts:
                sizes["::".join(parts)] += end - first + 1
    return sizes, where


def main():
    args = [a for a in sys.argv[1:] if a != "--classes"]
    root = pathlib.Path(args[0] if args else pathlib.Path(__file__).parent.parent)
    problems = []
    checked = 0
    for path in sources(root):
        checked += 1
        rel = path.relative_to(root)
        lines = path.read_text().count("\n")
        if lines > MAX_FILE_LINES:
            problems.append(f"{rel}: {lines} lines (at most {MAX_FILE_LINES})")
        for kind, start, end, exempt, _, _, _ in functions(path):
            if kind != "function":
                continue
            length = end - start + 1
            if length > MAX_FUNCTION_LINES and not exempt:
                problems.append(f"{rel}:{start}: a function of {length} lines "
                                f"(at most {MAX_FUNCTION_LINES})")
    if checked:
        sizes, where = class_lines(root)
        for name in sorted(sizes):
            if sizes[name] > MAX_CLASS_LINES:
                problems.append(f"{where[name]}: class {name} has {sizes[name]} lines "
                                f"(at most {MAX_CLASS_LINES})")
    if "--classes" in sys.argv:
        sizes, _ = class_lines(root)
        for name, n in sorted(sizes.items(), key=lambda kv: -kv[1])[:25]:
            print(f"{n:5d} {name}")
        return 0
    if checked == 0:
        print(f"check_sizes: no sources under {root}", file=sys.stderr)
        return 2
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"{len(problems)} file(s), function(s) or class(es) too long in "
              f"{', '.join(FOLDERS)}",
              file=sys.stderr)
        return 1
    print(f"check_sizes: {checked} files, none over {MAX_FILE_LINES} lines, "
          f"no function over {MAX_FUNCTION_LINES}, no class over {MAX_CLASS_LINES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
