#!/usr/bin/env python3
"""The example outputs in README.md and docs/*.md, regenerated from runs and
checked against them; and the README's length and every relative link.

    scripts/docs_examples.py regen [--syncsim BIN] [FILE.md ...]
    scripts/docs_examples.py check [--syncsim BIN] [FILE.md ...]
    scripts/docs_examples.py list  [FILE.md ...]

`regen` reruns every marked command and rewrites its block; `check` reruns
them and exits 1 when any block differs from what its command prints now
(a unified diff per block, headed by the marker's FILE:LINE), when README.md
is longer than 200 lines, or when a relative link leads nowhere. Without
FILE arguments: README.md and docs/*.md. BIN defaults to build/syncsim.

The marker. An HTML comment (GitHub does not show it) on the line right
before a fenced block names the command whose standard output the block is;
the block's first line shows that command to the reader (`# $ ...` in a
YAML block), with `$BUILD` written `build` and `$OUT` `/tmp`, as a reader
runs it from the repository root after the README's set-up:

    <!-- example: syncsim run configs/quickstart.yaml -->
    ```text
    $ syncsim run configs/quickstart.yaml
    ...the output...
    ```

`<!-- example exit=1: COMMAND -->` expects exit status 1 (default 0); any
other status fails the block. The command is one line of bash, run from the
repository root with `set -o pipefail` (left out when the command pipes
into `head`, which closes the pipe early), so an excerpt may be cut with
`| grep ...`, `| sed -n 3,9p` or `| head -20`, and a command may be several
joined by `&&`. What it sees:

- `syncsim` is a shell function that runs BIN, wherever it stands in the
  command;
- `$OUT` is a fresh temporary directory, one per Markdown file, shared by
  that file's blocks in order (so a block may read what an earlier one
  wrote); a command that writes files writes them there, never into the
  checkout. In the output its path reads as the system's temporary
  folder, so a page shows that folder where its marker writes `$OUT`;
- `$BUILD` is BIN's folder (the build tree: `$BUILD/test_plugins/...`);
  its path reads `build` in the output;
- `SYNCSIM_CACHE_DIR=$OUT/cache`, so no user's cached sensitivity ranking
  reaches a run, and one made by an earlier block of the file does;
- `LC_ALL=C`, `SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1`.

What a run prints is deterministic but for its `wall` line (wall-clock
time and rates): every number on a line starting `wall ` reads `N`.
Output that no command reproduces (benchmark timings, a Slurm cluster's
job states) is not marked; its page says when and where it was measured.
Input shown as an example (a config) needs no marker; an excerpt of a
shipped file may be marked with e.g. `sed -n 3,20p configs/x.yaml`.
"""
import argparse
import difflib
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README_MAX_LINES = 200
COMMAND_TIMEOUT_S = 600
MARKER = re.compile(r"^<!-- example(?: exit=(\d+))?: (.*\S) -->$")
FENCE = re.compile(r"^(```+|~~~+)")
NUMBER = re.compile(r"\d+(?:\.\d+)?")


class Block:
    def __init__(self, path, marker_line, command, exit_code, start, end, lang=""):
        self.path = path                # Markdown file, relative to REPO
        self.lang = lang                # the fence's info string: text, yaml
        self.marker_line = marker_line  # 1-based line of the marker
        self.command = command
        self.exit_code = exit_code
        self.start = start              # 0-based index of the first content line
        self.end = end                  # 0-based index of the closing fence


def markdown_files(args_files):
    if args_files:
        return [os.path.relpath(os.path.abspath(f), REPO) for f in args_files]
    return ["README.md"] + sorted(os.path.relpath(p, REPO)
                                  for p in glob.glob(os.path.join(REPO, "docs", "*.md")))


def read_lines(path):
    with open(os.path.join(REPO, path), encoding="utf-8") as f:
        return f.read().split("\n")


def find_blocks(path, lines):
    """The marked blocks of a file; a marker not followed by a fence is an error."""
    blocks, errors = [], []
    for i, line in enumerate(lines):
        m = MARKER.match(line)
        if not m:
            if line.startswith("<!-- example"):
                errors.append(f"{path}:{i + 1}: a marker that does not read "
                              "'<!-- example[ exit=N]: COMMAND -->'")
            continue
        fence = FENCE.match(lines[i + 1]) if i + 1 < len(lines) else None
        if not fence:
            errors.append(f"{path}:{i + 1}: the marker is not followed by a fenced block")
            continue
        end = i + 2
        while end < len(lines) and not lines[end].startswith(fence.group(1)):
            end += 1
        if end == len(lines):
            errors.append(f"{path}:{i + 1}: the marked block is never closed")
            continue
        lang = lines[i + 1][len(fence.group(1)):].strip()
        blocks.append(Block(path, i + 1, m.group(2), int(m.group(1) or 0), i + 2, end, lang))
    return blocks, errors


def normalise(text, out_dir, build_dir):
    text = text.replace(out_dir, "/tmp").replace(build_dir, "build")
    lines = []
    for line in text.split("\n"):
        if line.startswith("wall "):
            line = NUMBER.sub("N", line)
        lines.append(line)
    return "\n".join(lines)


def shown_command(block):
    """The block's first line: its command as a reader runs it, from the
    repository root after the README's set-up ($BUILD is `build`, $OUT a
    folder of theirs, shown as /tmp): `$ CMD` in a text block, `# $ CMD` in
    YAML, so the rendered page shows what produced the excerpt."""
    command = block.command.replace("$BUILD", "build").replace("$OUT", "/tmp")
    return ("# $ " if block.lang == "yaml" else "$ ") + command + "\n"


def run_block(block, syncsim, out_dir):
    """The block's command's output (normalised), or raises with why not."""
    build_dir = os.path.dirname(syncsim)
    prelude = ("set -o pipefail\n" if not re.search(r"\|\s*head\b", block.command) else "")
    script = (prelude + 'syncsim() { "$SYNCSIM_BIN" "$@"; }\n' + block.command + "\n")
    env = dict(os.environ, SYNCSIM_BIN=syncsim, OUT=out_dir, BUILD=build_dir,
               SYNCSIM_CACHE_DIR=os.path.join(out_dir, "cache"), LC_ALL="C",
               SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")
    try:
        proc = subprocess.run(["bash", "-c", script], cwd=REPO, env=env, timeout=COMMAND_TIMEOUT_S,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"did not finish within {COMMAND_TIMEOUT_S} s")
    stdout = proc.stdout.decode("utf-8", "replace")
    if proc.returncode != block.exit_code:
        stderr = proc.stderr.decode("utf-8", "replace")
        raise RuntimeError(f"exited {proc.returncode}, the marker expects {block.exit_code}\n"
                           f"--- stderr (last lines):\n{''.join(stderr.splitlines(True)[-15:])}")
    text = normalise(stdout, out_dir, build_dir)
    if not text.endswith("\n"):
        text += "\n"
    return text


def process_file(path, syncsim, regen):
    """Runs every block of one file; returns (failures, block count)."""
    lines = read_lines(path)
    blocks, failures = find_blocks(path, lines)
    if not blocks:
        return failures, 0
    out_dir = tempfile.mkdtemp(prefix="docs_examples.")
    replacements = []
    try:
        for block in blocks:
            where = f"{block.path}:{block.marker_line}"
            try:
                now = shown_command(block) + run_block(block, syncsim, out_dir)
            except RuntimeError as e:
                failures.append(f"{where}: `{block.command}` {e}")
                continue
            shown = "\n".join(lines[block.start:block.end]) + "\n" if block.end > block.start else ""
            if now == shown:
                continue
            if regen:
                replacements.append((block, now))
            else:
                diff = difflib.unified_diff(shown.splitlines(True), now.splitlines(True),
                                            f"{where} (shown)", f"{where} (`{block.command}` now)")
                failures.append(f"{where}: the block differs from what its command prints:\n"
                                + "".join(diff))
    finally:
        shutil.rmtree(out_dir, ignore_errors=True)
    if replacements:
        for block, now in reversed(replacements):
            lines[block.start:block.end] = now.rstrip("\n").split("\n")
        with open(os.path.join(REPO, path), "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
        print(f"{path}: rewrote {len(replacements)} of {len(blocks)} block(s)")
    return failures, len(blocks)


# Links ---------------------------------------------------------------------

LINK = re.compile(r"(?<!!)\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
INLINE_CODE = re.compile(r"`+[^`]*`+")


def prose_lines(lines):
    """(line number, text) of the lines outside fenced blocks."""
    fence = None
    for i, line in enumerate(lines):
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)
        elif fence is not None and line.startswith(fence):
            fence = None
        elif fence is None:
            yield i + 1, line


def slug(heading):
    """GitHub's anchor for a heading: lowercase, punctuation dropped but
    '-' and '_', each space a '-'."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)   # a link's text
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    seen, out = {}, set()
    for _, line in prose_lines(read_lines(path)):
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        s = slug(m.group(1))
        n = seen.get(s, 0)
        seen[s] = n + 1
        out.add(s if n == 0 else f"{s}-{n}")
    return out


def check_links(paths):
    failures = []
    for path in paths:
        for number, line in prose_lines(read_lines(path)):
            for m in LINK.finditer(INLINE_CODE.sub("", line)):
                target = m.group(1)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):      # http:, mailto: ...
                    continue
                file_part, _, anchor = target.partition("#")
                dest = (os.path.normpath(os.path.join(os.path.dirname(path), file_part))
                        if file_part else path)
                where = f"{path}:{number}: link '{target}'"
                if not os.path.exists(os.path.join(REPO, dest)):
                    failures.append(f"{where}: no file {dest}")
                elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
                    failures.append(f"{where}: {dest} has no heading whose anchor is '#{anchor}'")
    return failures


def check_readme_length():
    lines = read_lines("README.md")
    count = len(lines) - (1 if lines and lines[-1] == "" else 0)
    if count > README_MAX_LINES:
        return [f"README.md: {count} lines, more than {README_MAX_LINES}: it is the newcomer's "
                "page; move reference material to docs/"]
    return []


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("command", choices=["regen", "check", "list"])
    ap.add_argument("--syncsim", default=os.path.join(REPO, "build", "syncsim"))
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    paths = markdown_files(args.files)
    if args.command == "list":
        for path in paths:
            blocks, errors = find_blocks(path, read_lines(path))
            for b in blocks:
                print(f"{b.path}:{b.marker_line}: {b.command}")
            for e in errors:
                print(e)
        return 0
    syncsim = os.path.abspath(args.syncsim)
    if not os.access(syncsim, os.X_OK):
        print(f"docs_examples: {syncsim} is not an executable (build first, or pass --syncsim)",
              file=sys.stderr)
        return 2
    started = time.monotonic()
    failures, count = [], 0
    for path in paths:
        f, n = process_file(path, syncsim, args.command == "regen")
        failures += f
        count += n
    if args.command == "check":
        if "README.md" in paths:
            failures += check_readme_length()
        failures += check_links(paths)
    for f in failures:
        print(f, file=sys.stderr)
    print(f"docs_examples: {count} marked block(s) in {len(paths)} file(s), "
          f"{len(failures)} problem(s), {time.monotonic() - started:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
