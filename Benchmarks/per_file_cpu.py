#!/usr/bin/env python3
"""Per-file CPU of `widget-thumbs batch --jobs 1` on many small JPEGs, two builds side by side.

Builds nothing: it takes two release binaries (an older build and the one to judge), makes
3,000 JPEGs of 320x240 (once, into `$BENCH_CACHE` or ~/.cache/widget-thumbnails-bench), and
runs `batch DIR --out OUT --jobs 1 --quiet` with each binary, interleaved round by round (the
order alternating, after one warm-up run each), so drift on a shared machine hits both alike.
Each run's wall time and user CPU are its own process's (`os.wait4`). It prints the median wall
time and user CPU per file of each binary, and the second's share of the first's.

The inputs are cut from SampleImages/large-4000x3000.jpg by the first binary (a 320x240
contain thumbnail at a few JPEG qualities); each file is one of those with its index written
into a JPEG comment, so no two files have the same bytes.

Usage: Benchmarks/per_file_cpu.py OLD_BINARY NEW_BINARY [--files 3000] [--runs 5]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "SampleImages" / "large-4000x3000.jpg"
QUALITIES = (70, 75, 80, 85, 90)


def make_inputs(binary, count, cache):
    """`count` distinct 320x240 JPEGs in a folder of `cache`, made once."""
    folder = cache / f"small-jpegs-{count}"
    if folder.is_dir() and len(list(folder.iterdir())) == count:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    bases = []
    with tempfile.TemporaryDirectory() as work:
        for quality in QUALITIES:
            out = Path(work) / f"q{quality}.jpg"
            subprocess.run([binary, "thumbnail", str(SOURCE), "-o", str(out), "--max-side", "320",
                            "--format", "jpeg", "--quality", str(quality)], check=True)
            bases.append(out.read_bytes())
    for index in range(count):
        base = bases[index % len(bases)]
        comment = f"per_file_cpu {index}".encode()
        segment = b"\xff\xfe" + (len(comment) + 2).to_bytes(2, "big") + comment
        (folder / f"small-{index:05}.jpg").write_bytes(base[:2] + segment + base[2:])
    return folder


def run_once(binary, inputs):
    """(wall seconds, user CPU seconds) of one `batch --jobs 1` run into a fresh folder."""
    with tempfile.TemporaryDirectory() as out:
        start = time.monotonic()
        process = subprocess.Popen([binary, "batch", str(inputs), "--out", out, "--jobs", "1", "--quiet"],
                                   stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.monotonic() - start
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"{binary} failed with status {os.waitstatus_to_exitcode(status)}")
        return wall, usage.ru_utime


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", help="the build to compare against")
    parser.add_argument("new", help="the build to judge")
    parser.add_argument("--files", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    binaries = [os.path.abspath(args.old), os.path.abspath(args.new)]
    cache = Path(os.environ.get("BENCH_CACHE", Path.home() / ".cache" / "widget-thumbnails-bench"))
    inputs = make_inputs(binaries[0], args.files, cache)

    for binary in binaries:  # warm-up: the page cache, the dynamic loader
        run_once(binary, inputs)
    samples = {binary: [] for binary in binaries}
    for round_ in range(args.runs):
        for binary in binaries if round_ % 2 == 0 else reversed(binaries):
            samples[binary].append(run_once(binary, inputs))

    rows = []
    for name, binary in zip(("old", "new"), binaries):
        wall = statistics.median(s[0] for s in samples[binary])
        user = statistics.median(s[1] for s in samples[binary])
        rows.append((name, binary, wall, user))
        print(f"{name}: {binary}")
        print(f"  median of {args.runs}: wall {wall:.2f} s ({wall / args.files * 1000:.2f} ms per file), "
              f"user CPU {user:.2f} s ({user / args.files * 1000:.2f} ms per file)")
        print("  runs (wall/user s): " + ", ".join(f"{w:.2f}/{u:.2f}" for w, u in samples[binary]))
    (_, _, old_wall, old_user), (_, _, new_wall, new_user) = rows
    print(f"new / old: wall {new_wall / old_wall:.2f}x, user CPU {new_user / old_user:.2f}x "
          f"({args.files} files of 320x240, --jobs 1, {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
