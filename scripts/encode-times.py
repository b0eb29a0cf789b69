#!/usr/bin/env python3
"""Median encode time per image for each output format: runs `batch --jobs 1 --json` over the
given images RUNS times per format and reads each thumbnail's `timings.encode` (every encode of
the budget search). The README's AVIF and HEIC table comes from it. On a shared machine the
times move with the load, so compare the formats' ratios, not the seconds.

Usage: scripts/encode-times.py [--tool PATH] [--formats jpeg,webp,avif,heic] [--runs 5] IMAGE...
"""
import argparse, json, statistics, subprocess, tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("images", nargs="+")
    parser.add_argument("--tool", default=str(ROOT / ".build/debug/widget-thumbs"))
    parser.add_argument("--formats", default="jpeg,webp,avif,heic")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as out:
        for fmt in args.formats.split(","):
            seconds, sizes = [], []
            for run in range(args.runs):
                result = subprocess.run([args.tool, "batch", *args.images, "--out", f"{out}/{fmt}", "--format", fmt,
                                         "--jobs", "1", "--json", "--force", "--fsync", "none", "--quiet"],
                                        capture_output=True, text=True)
                for entry in json.loads(result.stdout)["inputs"]:
                    if entry["status"] != "ok":
                        print(f"{fmt}: {entry['input']}: {entry.get('error')}")
                        continue
                    seconds.append(entry["timings"]["encode"])
                    if run == 0:
                        sizes.append(entry["bytes"])
            if seconds:
                print(f"{fmt:5} median encode {statistics.median(seconds):.3f} s (min {min(seconds):.3f}, "
                      f"max {max(seconds):.3f}, {len(seconds)} encodes); median file {statistics.median(sizes) / 1000:.1f} KB",
                      flush=True)


if __name__ == "__main__":
    main()
