#!/usr/bin/python3
"""Puts a calibration fit's chosen point and ranges into the platform files.

    scripts/apply_fit.py calibration/fits/910b1.yaml

For each value the fit binds (pinned, or pinned only in a combination):
the chip's own file (platforms/CHIP.yaml) gets it as `source: calibrated,
fit: CHIP` with the fit's value and consistent range; the shared file that
defines it (the chip's `base:` chain) gets the same value and range as
`source: estimate, fit: CHIP`, which every chip inheriting it shows as
"estimate (fit on CHIP)". A free value the fit touched is such an
estimate too, with the span its consistent points take, and an earlier
fit's calibrated entry for it on the chip is removed. `syncsim calibration check`
then says whether the files follow the fit.

Each platform entry is one line, `key: {value: ..., source: ..., ...}`,
under its nodes by indentation (the files' own convention); the script
edits those lines and adds missing nodes, and leaves everything else as it
is.
"""
import os
import re
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLATFORMS = os.path.join(ROOT, "platforms")


def read_lines(name):
    with open(os.path.join(PLATFORMS, name + ".yaml")) as f:
        return f.read().split("\n")


def write_lines(name, lines):
    with open(os.path.join(PLATFORMS, name + ".yaml"), "w") as f:
        f.write("\n".join(lines))


def base_of(lines):
    for line in lines:
        m = re.match(r"^base:\s*(\S+)", line)
        if m:
            return m.group(1)
    return None


def find_entry(lines, path):
    """The line index of device.PATH's entry, or None."""
    keys = ["device"] + path.split(".")
    depth, start = 0, 0
    for k, key in enumerate(keys):
        indent = "  " * k
        found = None
        for i in range(start, len(lines)):
            line = lines[i]
            if line.strip() == "" or line.lstrip().startswith("#"):
                continue
            lead = len(line) - len(line.lstrip())
            if lead < len(indent) and i > start:
                break
            if line.startswith(indent + key + ":") and lead == len(indent):
                found = i
                break
        if found is None:
            return None
        start = found + 1
        depth = k
    return found if depth == len(keys) - 1 else None


def entry_fields(line):
    body = line[line.index("{") + 1 : line.rindex("}")]
    return yaml.safe_load("{" + body + "}")


def render(key, indent, fields):
    order = ["value", "source", "fit", "ref", "note", "range", "range_why"]
    parts = []
    for name in order:
        if name not in fields:
            continue
        v = fields[name]
        if name == "range":
            parts.append("range: [%s, %s]" % (v[0], v[1]))
        elif isinstance(v, str) and name in ("ref", "note", "range_why"):
            parts.append('%s: "%s"' % (name, v.replace('"', "'")))
        else:
            parts.append("%s: %s" % (name, v))
    return "%s%s: {%s}" % (indent, key, ", ".join(parts))


def set_entry(lines, path, fields):
    """Replaces device.PATH's line, or adds it (and its missing nodes)."""
    at = find_entry(lines, path)
    keys = path.split(".")
    indent = "  " * len(keys)
    if at is not None:
        lines[at] = render(keys[-1], indent, fields)
        return
    # The deepest existing node, then the missing ones under it.
    for n in range(len(keys) - 1, -1, -1):
        parent = find_entry(lines, ".".join(keys[:n])) if n else find_entry_device(lines)
        if parent is not None:
            break
    insert = parent + 1
    new = []
    for k in range(n, len(keys) - 1):
        new.append("  " * (k + 1) + keys[k] + ":")
    new.append(render(keys[-1], indent, fields))
    lines[insert:insert] = new


def find_entry_device(lines):
    for i, line in enumerate(lines):
        if line.startswith("device:"):
            return i
    return None


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1]) as f:
        fit = yaml.safe_load(f)
    chip = fit["platform"]
    fits_file = os.path.relpath(sys.argv[1], ROOT)
    chain = [chip]
    while True:
        b = base_of(read_lines(chain[-1]))
        if not b:
            break
        chain.append(b)
    files = {name: read_lines(name) for name in chain}
    for p in fit["parameters"]:
        path = p["path"]
        where = next((n for n in reversed(chain) if find_entry(files[n], path) is not None), None)
        if where is None:
            print("apply_fit: no platform file of %s defines %s" % (chip, path), file=sys.stderr)
            return 1
        shared = entry_fields(files[where][find_entry(files[where], path)])
        value = p["value"]
        why = ("consistent with the %d observations fitted on %s (%s: %s)"
               % (len(fit["fitted"]), chip, fits_file, p["status"]))
        estimate = {k: v for k, v in shared.items() if k not in ("source", "fit")}
        estimate.update({"value": value, "source": "estimate", "fit": chip,
                         "range": [p["low"], p["high"]], "range_why": why})
        estimate.setdefault("ref", "calibration fit on " + chip)
        if where != chip:
            set_entry(files[where], path, estimate)
        if p["status"] == "free":
            # Not fitted: an estimate on the chip too, from the shared file;
            # an earlier fit's calibrated entry on the chip goes.
            at = find_entry(files[chip], path) if where != chip else None
            if at is not None and entry_fields(files[chip][at]).get("source") == "calibrated":
                del files[chip][at]
            continue
        own = {"value": value, "source": "calibrated", "fit": chip,
               "ref": "%s (syncsim calibration fit)" % fits_file,
               "range": [p["low"], p["high"]], "range_why": why}
        set_entry(files[chip], path, own)
    for name, lines in files.items():
        write_lines(name, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
