#!/usr/bin/env python3
"""`widget-thumbs check` over many images, headers only: wall time and peak memory.

Generates N small PNG files (sizes 100-2400 px a side, a flat colour so they are tiny on disk;
check reads headers, so pixel content does not matter) into $BENCH_CACHE or
~/.cache/widget-thumbnails-bench/check-N (never committed): a third as imagesets of an asset
catalog with 1x/2x/3x variants, the rest in a plain folder. Then runs the release binary once
per count, with the text output (findings streamed) and with --json (one document), writing
into the cache folder, and prints a Markdown row per run: wall time,
images per second and the child's peak RSS (its own ru_maxrss, from wait4). Usage:
python3 Benchmarks/check_scale.py [--binary PATH] [COUNT ...] (default 1000 10000); build
first: swift build -c release --product widget-thumbs.
"""
import json
import os
import struct
import subprocess
import sys
import time
import zlib


def png(width, height):
    """A valid 8-bit grey PNG of width x height, one flat colour (tiny once deflated)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = (b"\x00" + b"\x80" * width) * height
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def generate(folder, count):
    marker = os.path.join(folder, ".complete")
    if os.path.exists(marker):
        return
    os.makedirs(os.path.join(folder, "plain"), exist_ok=True)
    catalog = os.path.join(folder, "Assets.xcassets")
    cache = {}
    made = 0
    index = 0
    while made < count:
        side = 100 * (1 + (index * 7) % 24)
        height = 100 * (1 + (index * 11) % 24)
        index += 1
        key = (side, height)
        if key not in cache:
            cache[key] = png(side, height)
        if index % 3 == 0 and made + 3 <= count:
            folder_set = os.path.join(catalog, "Image%05d.imageset" % index)
            os.makedirs(folder_set, exist_ok=True)
            images = []
            for scale in (1, 2, 3):
                name = "image@%dx.png" % scale
                with open(os.path.join(folder_set, name), "wb") as out:
                    out.write(cache[key])
                images.append({"filename": name, "idiom": "universal", "scale": "%dx" % scale})
            with open(os.path.join(folder_set, "Contents.json"), "w") as out:
                json.dump({"images": images, "info": {"author": "xcode", "version": 1}}, out)
            made += 3
        else:
            with open(os.path.join(folder, "plain", "image%05d.png" % index), "wb") as out:
                out.write(cache[key])
            made += 1
    open(marker, "w").close()


def main():
    args = sys.argv[1:]
    binary = ".build/release/widget-thumbs"
    if args[:1] == ["--binary"]:
        binary, args = args[1], args[2:]
    counts = [int(a) for a in args] or [1000, 10000]
    base = os.environ.get("BENCH_CACHE", os.path.expanduser("~/.cache/widget-thumbnails-bench"))
    print("| images | output | wall | images/s | peak RSS | findings |")
    print("|---|---|---|---|---|---|")
    for count in counts:
        folder = os.path.join(base, "check-%d" % count)
        generate(folder, count)
        for output, extra in (("text", []), ("--json", ["--json"])):
            target = os.path.join(base, "check-out.txt")
            start = time.monotonic()
            with open(target, "wb") as out:
                proc = subprocess.Popen([binary, "check", folder] + extra, stdout=out, stderr=subprocess.PIPE)
                # wait4 gives this child's own peak RSS (ru_maxrss, KiB on Linux).
                _, status, usage = os.wait4(proc.pid, 0)
            wall = time.monotonic() - start
            code = os.waitstatus_to_exitcode(status)
            if code not in (0, 1):
                sys.exit("check failed (%d): %s" % (code, proc.stderr.read().decode()[:500]))
            with open(target) as out:
                if extra:
                    report = json.load(out)
                    images, findings = report["images"], len(report["findings"])
                else:
                    # The summary line counts what the text prints and the notes it keeps for --verbose.
                    summary = next(line for line in reversed(out.read().splitlines()) if " image(s) checked: " in line)
                    counts = [int(word.replace(",", "")) for word in summary.replace(":", "").split(" ") if word.replace(",", "").isdigit()]
                    images, findings = counts[0], sum(counts[1:4])
            print("| %d | %s | %.2f s | %.0f | %.0f MB | %d |" % (images, output, wall, images / wall,
                                                               usage.ru_maxrss / 1024, findings))


if __name__ == "__main__":
    main()
