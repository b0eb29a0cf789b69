#!/usr/bin/env python3
"""Batch at photo-library scale: peak memory and files per second of `widget-thumbs batch`
over 10,000 and 200,000 small generated JPEGs (generated once into $BENCH_CACHE or
~/.cache/widget-thumbnails-bench, never committed), with --fsync each and none, side by side
with vipsthumbnail over the same files (xargs -n 500 -P 2, JPEG Q80, shrink only), ours at
vipsthumbnail's JPEG settings too (--effort 0: standard Huffman tables; the headline ratio),
and a re-run of the --fsync each run over its own output (every thumbnail up to date: the cost
of the records alone).

    python3 Benchmarks/library_scale.py --cli .build/release/widget-thumbs [--sizes 10000 200000]

Each configuration runs in its own process tree; peak RSS is ru_maxrss from wait4 (for xargs,
its largest child). At 10,000 files the configurations run in interleaved rounds (--runs,
default 5) and the table shows medians; 200,000 runs once. Prints a Markdown table and writes
Benchmarks/results/scale.json.
"""
import argparse, io, json, os, shutil, statistics, subprocess, sys, tempfile, time
from pathlib import Path


def cache_root():
    return Path(os.environ.get("BENCH_CACHE", Path.home() / ".cache" / "widget-thumbnails-bench"))


def make_images(count, folder):
    """`count` 160x120 JPEGs in folders of 1,000, from 64 encoded variants (fast to write)."""
    marker = folder / ".complete"
    if marker.exists():
        return
    from PIL import Image
    shutil.rmtree(folder, ignore_errors=True)
    variants = []
    for seed in range(64):
        image = Image.new("RGB", (160, 120))
        pixels = image.load()
        for y in range(120):
            for x in range(160):
                pixels[x, y] = ((x * 3 + seed * 17) % 256, (y * 5 + seed * 29) % 256, ((x ^ y) + seed * 7) % 256)
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=85)
        variants.append(buffer.getvalue())
    for index in range(count):
        sub = folder / f"d{index // 1000:04d}"
        if index % 1000 == 0:
            sub.mkdir(parents=True, exist_ok=True)
        (sub / f"img-{index:07d}.jpg").write_bytes(variants[index % len(variants)])
    marker.write_text("ok\n")


def count_files(folder, pattern="*.jpg"):
    """Counted by find | wc -l in a shell: capturing 200,000 names here would grow this process,
    and a child's ru_maxrss starts from its parent's resident size at the fork (it showed as
    10 MB more peak memory for every run after the first at 200,000 files)."""
    result = subprocess.run(f"find '{folder}' -name '{pattern}' -type f | wc -l", shell=True, capture_output=True, check=True)
    return int(result.stdout)


def measure(command, shell=False):
    start = time.monotonic()
    process = subprocess.Popen(command, shell=shell, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - start
    stderr = process.stderr.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {command}\n{stderr[-2000:]}")
    # wait4's rusage counts the child and the descendants it waited for (xargs' vipsthumbnails).
    measure.cpu = usage.ru_utime + usage.ru_stime
    return wall, usage.ru_maxrss * 1024


RERUN = "widget-thumbs re-run, all up to date"
EQUAL = "widget-thumbs (--fsync none --effort 0: vipsthumbnail's JPEG settings)"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 200_000])
    parser.add_argument("--no-vips", action="store_true")
    parser.add_argument("--runs", type=int, default=5, help="rounds at 10,000 files or fewer (medians)")
    parser.add_argument("--out-root", default=None,
                        help="where outputs go (default: the system temporary folder, on disk). A disk that has "
                             "seen hundreds of thousands of files made and deleted spends most of each create in "
                             "ext4's inode allocator (recently_deleted), for every tool alike; /dev/shm avoids it")
    args = parser.parse_args()
    rows = []
    for size in args.sizes:
        folder = cache_root() / f"scale-{size}"
        print(f"generating {size} images in {folder} ...", file=sys.stderr)
        make_images(size, folder)
        configurations = {f"widget-thumbs (--fsync {fsync})": ("ours", fsync) for fsync in ["each", "none"]}
        # vipsthumbnail's JPEG settings: Q80, standard Huffman tables (our default effort 4
        # optimises them: a few % fewer bytes for more CPU on these tiny files).
        configurations[EQUAL] = ("ours-equal", "none")
        if not args.no_vips and size <= 10_000 and shutil.which("vipsthumbnail"):
            configurations["vipsthumbnail (xargs -n 500 -P 2, Q=80)"] = ("vips", None)
        runs = {name: [] for name in configurations}
        # Rounds interleave the configurations, so drift on a shared machine hits all alike;
        # the table shows medians.
        for _ in range(args.runs if size <= 10_000 else 1):
            for name, (tool, fsync) in list(configurations.items()):
                out = Path(tempfile.mkdtemp(prefix="wt-scale-", dir=args.out_root))
                if tool.startswith("ours"):
                    effort = ["--effort", "0"] if tool == "ours-equal" else []
                    wall, rss = measure([args.cli, "batch", str(folder), "-r", "--out", str(out), "--quiet", "--jobs", "2",
                                         "--fsync", fsync] + effort)
                else:
                    wall, rss = measure(f"find {folder} -name '*.jpg' -print0 | xargs -0 -n 500 -P 2 "
                                        f"vipsthumbnail -s '500x500>' -o '{out}/%s.jpg[Q=80,strip]'", shell=True)
                runs[name].append({"wall": wall, "rss": rss, "cpu": measure.cpu, "made": count_files(out)})
                print(name, size, runs[name][-1], file=sys.stderr)
                if tool == "ours" and fsync == "each":
                    # The same run again: every thumbnail is up to date, so this is the cost of
                    # the records alone (indexed, checked against each output's SHA-256).
                    wall, rss = measure([args.cli, "batch", str(folder), "-r", "--out", str(out), "--quiet", "--jobs", "2"])
                    runs.setdefault(RERUN, []).append({"wall": wall, "rss": rss, "cpu": measure.cpu, "made": count_files(out)})
                    print(RERUN, size, runs[RERUN][-1], file=sys.stderr)
                shutil.rmtree(out)
        for name, samples in runs.items():
            rows.append({"tool": name, "files": size, "made": samples[0]["made"],
                         "wall": statistics.median(s["wall"] for s in samples),
                         "rss": statistics.median(s["rss"] for s in samples),
                         "cpu": statistics.median(s["cpu"] for s in samples), "runs": len(samples)})
    print("| tool | files | made | wall s | files/s | CPU ms/file | peak RSS MiB |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['tool']} | {row['files']:,} | {row['made']:,} | {row['wall']:.1f} | {row['files'] / row['wall']:.0f} "
              f"| {row['cpu'] * 1000 / row['files']:.2f} | {row['rss'] / 1048576:.1f} |")
    ours = {(r["files"], r["tool"]): r for r in rows}
    sizes = sorted({r["files"] for r in rows})
    if len(sizes) >= 2:
        small, large = sizes[0], sizes[-1]
        key = "widget-thumbs (--fsync each)"
        ratio = ours[(large, key)]["rss"] / ours[(small, key)]["rss"]
        print(f"\npeak RSS {large:,} / {small:,} files: {ratio:.2f}x (bound 1.2x)")
        reruns = {r["files"]: r for r in rows if r["tool"] == RERUN}
        if small in reruns and large in reruns:
            print(f"re-run peak RSS {large:,} / {small:,} files: {reruns[large]['rss'] / reruns[small]['rss']:.2f}x "
                  f"({reruns[large]['rss'] / 1048576:.1f} MiB at {large:,})")
    vips = [r for r in rows if r["tool"].startswith("vips")]
    for row in vips:
        equal = ours[(row["files"], EQUAL)]
        mine = ours[(row["files"], "widget-thumbs (--fsync each)")]
        same = ours[(row["files"], "widget-thumbs (--fsync none)")]
        print(f"files/s at {row['files']:,} (medians of {row['runs']}) against vipsthumbnail's {row['files'] / row['wall']:.0f}: "
              f"at its settings ours {row['files'] / equal['wall']:.0f} = {row['wall'] / equal['wall']:.2f}x "
              f"(CPU per file {row['cpu'] / equal['cpu']:.2f}x); at our defaults {row['files'] / mine['wall']:.0f} "
              f"(--fsync each) = {row['wall'] / mine['wall']:.2f}x, {row['files'] / same['wall']:.0f} (--fsync none) = "
              f"{row['wall'] / same['wall']:.2f}x")
    results = Path(__file__).parent / "results"
    results.mkdir(exist_ok=True)
    (results / "scale.json").write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
