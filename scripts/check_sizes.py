#!/usr/bin/env python3
"""Fails when a source file in models/ or driver/ is over 400 lines or a
function there is over 80 lines (issue 11: rooms small enough to read).

A function whose body is a table of data may say so with a comment line
`// size-check: table` right above it; it is then exempt from the function
limit (never from the file limit).

  scripts/check_sizes.py [ROOT]
"""
import pathlib
import re
import sys

MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 80
FOLDERS = ["models", "driver"]
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
    code = strip_code("\n".join(raw))
    stack = []  # for each open brace: 'scope', 'function' or 'block'
    header = ""
    line = 1
    starts = []
    for c in code:
        if c == "\n":
            line += 1
            header += " "
            continue
        if c == "{":
            inside_function = any(kind == "function" for kind, _ in stack)
            h = header.strip()
            if inside_function:
                kind = "block"
            elif SCOPE_WORDS.search(h) and "(" not in h.split("{")[0].split("=")[0]:
                kind = "scope"
            elif "(" in h and not CONTROL_WORDS.match(h) and "=" not in h.split("(")[0]:
                kind = "function"
            else:
                kind = "block"
            stack.append((kind, line))
            header = ""
        elif c == "}":
            if stack:
                kind, start = stack.pop()
                if kind == "function":
                    starts.append((start, line))
            header = ""
        elif c == ";":
            header = ""
        else:
            header += c
    for start, end in starts:
        exempt = start >= 2 and any(
            "size-check: table" in raw[k] for k in range(max(0, start - 4), start - 1))
        yield start, end, exempt


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent)
    problems = []
    checked = 0
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".cpp", ".hpp"):
                continue
            checked += 1
            rel = path.relative_to(root)
            lines = path.read_text().count("\n")
            if lines > MAX_FILE_LINES:
                problems.append(f"{rel}: {lines} lines (at most {MAX_FILE_LINES})")
            for start, end, exempt in functions(path):
                length = end - start + 1
                if length > MAX_FUNCTION_LINES and not exempt:
                    problems.append(f"{rel}:{start}: a function of {length} lines "
                                    f"(at most {MAX_FUNCTION_LINES})")
    if checked == 0:
        print(f"check_sizes: no sources under {root}", file=sys.stderr)
        return 2
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"{len(problems)} file(s) or function(s) too long in {', '.join(FOLDERS)}",
              file=sys.stderr)
        return 1
    print(f"check_sizes: {checked} files, none over {MAX_FILE_LINES} lines, "
          f"no function over {MAX_FUNCTION_LINES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
