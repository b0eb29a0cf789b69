#!/usr/bin/env python3
"""AVIF and HEIC thumbnails of the corpus photos: encodes and time of the byte-budget search.

The search for a large AVIF or HEIC output predicts its quality from trial encodes of smaller
copies (Sources/WidgetThumbnails/Encoding/BudgetedEncoder.swift); before, it measured its way
there with 7-9 full encodes. Each photo is made with `batch` (one file, --jobs 1, --json) at
the sizes where the search works hardest: --max-side 3000 (at the default 300 KB cap and at
120 KB) and the extra-large portrait cover.
Reports per thumbnail the encodes, the quality and bytes it settled on, and the CPU seconds of
the child process (user + system: the machines are shared, CPU time moves less than wall).

    python3 Benchmarks/heif_search.py --cli .build/release/widget-thumbs [--baseline OLD-BINARY]

With --baseline, each thumbnail is also made by that binary in the same run, for a before/after.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PHOTOS = os.path.join(HERE, "..", "..", "shared", "corpus", "photos")
SHAPES = {
    "max-side 3000": ["--max-side", "3000"],
    # A tighter cap: where the search has to find a quality or shrink.
    "max-side 3000, 120 KB": ["--max-side", "3000", "--max-bytes", "120000"],
    "XL portrait cover": ["--family", "systemExtraLargePortrait", "--fit", "cover"],
}


def run(cli, photo, fmt, shape):
    with tempfile.TemporaryDirectory() as out:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        result = subprocess.run([cli, "batch", photo, "--out", out, "--format", fmt, "--jobs", "1", "--json",
                                 "--quiet"] + SHAPES[shape], capture_output=True, text=True)
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if result.returncode != 0:
            return {"error": result.stderr.strip().splitlines()[-1:] or ["exit %d" % result.returncode]}
        entry = json.loads(result.stdout)["inputs"][0]
        return {"encodes": entry.get("encodes"), "quality": entry.get("quality"), "bytes": entry.get("bytes"),
                "size": "%sx%s" % (entry.get("width"), entry.get("height")), "cpu": cpu, "wall": wall}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--baseline", help="another widget-thumbs binary to measure in the same run")
    parser.add_argument("--photos", default=PHOTOS)
    parser.add_argument("--shape", action="append", choices=list(SHAPES), help="only these shapes (repeatable)")
    args = parser.parse_args()
    if not os.path.isdir(args.photos):
        print("skipped: no corpus photos at %s" % args.photos)
        return 0
    photos = sorted(os.path.join(args.photos, name) for name in os.listdir(args.photos) if name.lower().endswith(".jpg"))
    binaries = [("ours", args.cli)] + ([("baseline", args.baseline)] if args.baseline else [])
    print("| photo | format | shape | binary | size | quality | bytes | encodes | CPU s | wall s |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    worst = {}
    for photo in photos:
        for fmt in ("avif", "heic"):
            for shape in args.shape or SHAPES:
                for label, cli in binaries:
                    row = run(cli, photo, fmt, shape)
                    name = os.path.basename(photo)
                    if "error" in row:
                        print("| %s | %s | %s | %s | error: %s |" % (name, fmt, shape, label, row["error"][0]))
                        continue
                    print("| %s | %s | %s | %s | %s | %s | %s | %s | %.2f | %.2f |" % (
                        name, fmt, shape, label, row["size"], row["quality"], row["bytes"], row["encodes"],
                        row["cpu"], row["wall"]))
                    worst.setdefault(label, []).append(row)
                    sys.stdout.flush()
    for label, rows in worst.items():
        print("%s: worst CPU %.2f s, median %.2f s, most encodes %d, median %s" % (
            label, max(r["cpu"] for r in rows), statistics.median(r["cpu"] for r in rows),
            max(r["encodes"] for r in rows), statistics.median(r["encodes"] for r in rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
