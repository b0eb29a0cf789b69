#!/usr/bin/env python3
"""`--families all` against one run per family (`make bench-families`).

Times the release `widget-thumbs` on the corpus photos (repeated into a batch): one run of
`batch --families all --fit cover` against one `batch --family F --fit cover` run per family
(the same files, in sequence, as a script that knows no better would do), and vipsthumbnail
cropping the same photos to the same sizes, one run per family (`--smartcrop centre`, or
`attention` beside our `--crop attention`). Equal settings: JPEG Q80 4:2:0 baseline with
standard Huffman tables for everyone (ours at `--effort 0`), one process at a time (`--jobs 1`
for ours) so the rows compare work, not scheduling. Each configuration is measured as in
`run.py` (its own processes, rotating rounds after a warm-up, medians of wall time, CPU and
the largest peak RSS of its processes) and the results section of Benchmarks/README.md
between the families markers is rewritten.

Usage: Benchmarks/families.py [--runs 5] [--cli PATH]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import run as bench  # the shared runner: Config, measure, machine facts, README writer

ROOT = bench.ROOT
BEGIN, END = "<!-- families-results:begin -->", "<!-- families-results:end -->"
REPEATS = 3  # the 4 corpus photos, 3 times each
JPEG = ["--format", "jpeg", "--effort", "0"]


def sequence(commands):
    """One shell running `commands` one after another: a configuration of several runs."""
    script = " && ".join(" ".join(f"'{a}'" for a in c) for c in commands)
    return ["sh", "-c", script]


def family_sizes(cli, files, work):
    """The size each family's cover crop has, from one `--families all --json` run."""
    out = work / "sizes"
    result = subprocess.run([cli, "batch", *files[:1], "--out", str(out), "--families", "all", "--fit", "cover",
                             "--json", *JPEG], capture_output=True, text=True, check=True)
    return {e["family"]: (e["width"], e["height"]) for e in json.loads(result.stdout)["inputs"]}


def configs(cli, files, sizes, crop):
    n = len(files) * len(sizes)
    ours_crop = ["--crop", crop]
    vips_crop = crop  # libvips names them alike: centre, attention
    one = bench.Config(f"ours: batch --families all --crop {crop}",
                       [[cli, "batch", *files, "--out", "{out}", "--families", "all", *ours_crop, "--jobs", "1",
                         "--fsync", "none", "--quiet", *JPEG]], "families", n, 0, settings=bench.JPEG_SETTINGS)
    per = bench.Config(f"ours: batch --family F --crop {crop}, one run per family",
                       [sequence([[cli, "batch", *files, "--out", "{out}/" + f, "--family", f, *ours_crop, "--jobs", "1",
                                   "--fsync", "none", "--quiet", *JPEG] for f in sizes])],
                       "perfamily", n, 0, settings=bench.JPEG_SETTINGS)
    vips_runs = [c for f, (w, h) in sizes.items() for c in (
        ["mkdir", "-p", "{out}/" + f],
        ["vipsthumbnail", "-s", f"{w}x{h}", "--smartcrop", vips_crop, "-o", "{out}/" + f + "/%s.jpg[Q=80,strip]", *files])]
    vips = bench.Config(f"vipsthumbnail -s WxH --smartcrop {vips_crop}, one run per family", [sequence(vips_runs)],
                        "vips", n, 0, settings=bench.JPEG_SETTINGS)
    return [one, per, vips]


def markdown(sets, sizes, runs, load):
    lines = [f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by `make bench-families` "
             f"({runs} measured runs per configuration after one warm-up round, rotated; medians). "
             f"Load average before: {load}.", "",
             "Families and sizes (the default device set): "
             + ", ".join(f"{f} {w}x{h}" for f, (w, h) in sizes.items()) + ".", ""]
    for title, configs in sets:
        base = configs[0]
        lines += [f"### {title}", "",
                  "| configuration | encoder settings | wall (median) | outputs/s | CPU / output | peak RSS | wall / --families all |",
                  "|---|---|---|---|---|---|---|"]
        for c in configs:
            wall = c.median("wall")
            lines.append(f"| {c.name} | {c.settings} | {wall * 1000:.0f} ms | {c.images / wall:.1f} | "
                         f"{c.median('cpu') / c.images * 1000:.1f} ms | {c.median('rss_kib') / 1024:.0f} MB | "
                         f"{wall / base.median('wall'):.2f}x |")
        lines.append("")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cli", help="widget-thumbs binary (default: the release build)")
    args = parser.parse_args()
    cli = args.cli or str(Path(subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                                              capture_output=True, text=True, check=True).stdout.strip())
                          / "widget-thumbs")
    photos = sorted(str(p) for p in bench.CORPUS_PHOTOS.glob("*.jpg")) if bench.CORPUS_PHOTOS.is_dir() else []
    if not photos:
        bench.log(f"{bench.CORPUS_PHOTOS} is absent: nothing to measure")
        return 0
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory(prefix="wt-bench-families-") as tmp:
        work = Path(tmp)
        # Each repeat its own name, so a batch makes every output (no collisions, no skips).
        files = []
        for r in range(REPEATS):
            for p in photos:
                link = work / "in" / f"{r}-{Path(p).name}"
                link.parent.mkdir(parents=True, exist_ok=True)
                link.symlink_to(p)
                files.append(str(link))
        sizes = family_sizes(cli, files, work)
        sets = []
        for crop in ("centre", "attention"):
            title = (f"{len(files)} photos ({len(photos)} corpus photos x {REPEATS}) to every family "
                     f"({len(sizes)}), {crop} crop, JPEG")
            cs = configs(cli, files, sizes, crop)
            bench.log("measuring:", title)
            bench.measure(cs, args.runs, work)
            sets.append((title, cs))
    report = markdown(sets, sizes, args.runs, load)
    bench.write_readme(report, BEGIN, END, heading="Several families from one decode")
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
