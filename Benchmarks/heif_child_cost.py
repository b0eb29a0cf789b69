#!/usr/bin/env python3
"""What encoding AVIF and HEIC in a child process costs: two builds side by side.

Builds nothing: it takes two release binaries (one that encodes in process, one that runs
`HEIFEncodeProcess.child`), makes 40 small JPEGs (300-340 px contain thumbnails of
SampleImages/large-4000x3000.jpg, made by the first binary), and runs
`batch DIR --out OUT --format heic|avif --jobs 1 --quiet` with each binary, interleaved round by
round. The encoder children outlive the batch's own process by a moment (they exit when its end
of their socket closes), so each run is started under PR_SET_CHILD_SUBREAPER and every
descendant is reaped before the CPU time of the whole process tree is read (RUSAGE_CHILDREN).
Prints the median CPU and wall time of each binary per format.

Usage: Benchmarks/heif_child_cost.py IN_PROCESS_BINARY CHILD_BINARY [--runs 3]
"""
import argparse
import ctypes
import os
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "SampleImages" / "large-4000x3000.jpg"
PR_SET_CHILD_SUBREAPER = 36


def tree_run(command):
    """Wall seconds and CPU seconds of `command` and every process it left behind."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    while True:
        try:
            os.wait()
        except ChildProcessError:
            break
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("in_process")
    parser.add_argument("child")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise SystemExit("prctl(PR_SET_CHILD_SUBREAPER) failed: the children's CPU would not be counted")
    work = Path(tempfile.mkdtemp(prefix="wt-heif-child-"))
    try:
        inputs = work / "inputs"
        inputs.mkdir()
        for index in range(40):
            subprocess.run([args.in_process, "thumbnail", str(SOURCE), "-o", str(inputs / f"s{index:02}.jpg"),
                            "--max-side", str(300 + index)], stdout=subprocess.DEVNULL, check=True)
        binaries = {"in process": args.in_process, "child": args.child}
        results = {(name, fmt): [] for name in binaries for fmt in ("heic", "avif")}
        for _ in range(args.runs):
            for fmt in ("heic", "avif"):
                for name, binary in binaries.items():
                    out = work / "out"
                    shutil.rmtree(out, ignore_errors=True)
                    results[(name, fmt)].append(tree_run(
                        [binary, "batch", str(inputs), "--out", str(out), "--format", fmt, "--jobs", "1", "--quiet"]))
        for fmt in ("heic", "avif"):
            for name in binaries:
                runs = results[(name, fmt)]
                print(f"{fmt} {name:>10}: median CPU {statistics.median(c for _, c in runs):.2f} s, "
                      f"wall {statistics.median(w for w, _ in runs):.2f} s over {len(runs)} runs (40 files, --jobs 1)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
