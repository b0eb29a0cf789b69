#!/usr/bin/env python3
"""Checks that two widget-thumbs binaries make the same thumbnails, byte for byte: runs
`thumbnail` with each on every image in a folder, once per --format, and compares the files.
Use it before and after a change that should not change any output (a refactor).

Usage: scripts/compare-binaries.py OLD_BINARY NEW_BINARY INPUT_DIR [--formats jpeg,png,webp,auto]
       [--options "--max-bytes 60000"]
Prints one line per (image, format) that differs or fails and a count; exits 1 when any does.
"""
import argparse, os, shlex, subprocess, sys, tempfile


def make(binary, source, output, fmt, options):
    """Runs one `thumbnail`; the output bytes, or the failure as text."""
    command = [binary, "thumbnail", source, "-o", output, "--format", fmt] + options
    result = subprocess.run(command, capture_output=True)
    if result.returncode != 0:
        return "exit %d: %s" % (result.returncode, result.stderr.decode(errors="replace").strip())
    with open(output, "rb") as file:
        return file.read()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("folder")
    parser.add_argument("--formats", default="jpeg,png,webp,auto")
    parser.add_argument("--options", default="", help="more options for both binaries, as one string")
    args = parser.parse_args()

    options = shlex.split(args.options)
    names = sorted(n for n in os.listdir(args.folder) if not n.startswith("."))
    differences, compared = [], 0
    with tempfile.TemporaryDirectory() as scratch:
        for name in names:
            source = os.path.join(args.folder, name)
            for fmt in args.formats.split(","):
                outputs = [make(binary, source, os.path.join(scratch, "%s-%d" % (fmt, index)), fmt, options)
                           for index, binary in enumerate((args.old, args.new))]
                compared += 1
                if outputs[0] != outputs[1]:
                    describe = [o if isinstance(o, str) else "%d bytes" % len(o) for o in outputs]
                    differences.append("%s --format %s: old %s, new %s" % (name, fmt, describe[0], describe[1]))
                elif isinstance(outputs[0], bytes):
                    pass
                else:
                    print("%s --format %s: both failed alike (%s)" % (name, fmt, outputs[0]))
    for line in differences:
        print(line)
    print("%d of %d thumbnails differ" % (len(differences), compared))
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
