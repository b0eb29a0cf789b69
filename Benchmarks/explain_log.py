#!/usr/bin/env python3
"""Times `widget-thumbs explain` on a large device log against `grep -E` for its key words.

Writes a realistic console log (default 500,000 lines: SpringBoard, chronod, the widget
extension, runningboardd and kernel chatter, with a few WidgetKit failures among them: an
archival cap, a timeline archive, a memory kill, a CHSErrorDomain 1050) into the benchmark
cache, then times, as wall-clock medians of --runs runs each:

    widget-thumbs explain < LOG
    grep -E 'totalArea|imageTooLarge|...' LOG > /dev/null

and prints the ratio. The log is made from a fixed seed, so every run reads the same bytes.
"""
import argparse
import hashlib
import os
import random
import statistics
import subprocess
import time

# The words explain's patterns need (WidgetLogEvent.keyWords: WidgetKit's, then Android's).
KEY_WORDS = ["totalArea", "imageTooLarge", "too large timeline archive", "EXC_RESOURCE",
             "killing_specific_process", "High Water Mark", "CHSErrorDomain",
             "maximum bitmap memory usage", "TransactionTooLargeException", "Can't show content", "Can\u2019t show content"]

NOISE = [
    "SpringBoard[55]: [com.apple.SpringBoard:Icon] Updating icon layout for page 2 (24 icons)",
    "chronod[77]: [com.apple.chrono:timeline] Reloading timeline for com.example.app.PhotoWidget family: systemMedium",
    "chronod[77]: [com.apple.chrono:widgetRenderer] Render request for kind: \"PhotoWidget\" systemSmall::170.00/170.00/21.60",
    "PhotoWidgetExtension[1388]: [com.example.app:provider] getTimeline: 12 entries, next reload at 2026-12-01 11:00:00 +0000",
    "runningboardd[33]: [com.apple.runningboard:process] [app<com.example.app.PhotoWidget(501)>:1388] Now flagged as pending exit",
    "kernel[0]: memorystatus: set assertion priority(3) pid 1388 [PhotoWidgetExtension] (footprint 18432 KB)",
    "backboardd[61]: [com.apple.backboard:hid] Touch began at (203.5, 511.0) on display main",
    "locationd[90]: [com.apple.locationd:Core] Client com.apple.weather requested authorization status",
    "mediaserverd[40]: [com.apple.coremedia:] -CMSession- CMSessionMgrSetCurrentRoute: route Speaker",
    "PhotoWidgetExtension[1388]: [com.example.app:images] Loaded thumbnail 632x296 (748,288 bytes decoded) in 4.2 ms",
]

FAILURES = [
    "chronod[77]: Widget archival failed due to image being too large [14] - (1024, 1024), totalArea: 1048576 > max[718080.000000]",
    "chronod[77]: reload: failed with too large timeline archive 11307528",
    "ReportCrash[301]: Exception Type: EXC_RESOURCE RESOURCE_TYPE_MEMORY (limit=30 MB, unused=0x0)",
    "chronod[77]: reload failed: Error Domain=CHSErrorDomain Code=1050 \"(null)\"",
    "kernel[0]: memorystatus: killing_specific_process pid 1388 [PhotoWidgetExtension] (per-process-limit 3) 30720KB - memorystatus_available_pages: 7456",
    "PhotoWidgetExtension[1388]: error: imageTooLarge(size: (1200.0, 400.0), maximumSize: (620.4000000000001, 564.0))",
    "system_server[1210]: E AppWidgetService: RemoteViews for widget update exceeds maximum bitmap memory usage (used: 16588800, max: 15163200)",
    "com.example.app[4242]: E JavaBinder: android.os.TransactionTooLargeException: data parcel size 1461376 bytes",
]


def write_log(path, lines, seed=1):
    rng = random.Random(seed)
    failures = {rng.randrange(lines): text for text in FAILURES * 3}
    with open(path, "w") as out:
        for number in range(lines):
            stamp = f"2026-12-01 10:{(number // 6000) % 60:02d}:{(number // 100) % 60:02d}.{number % 1000:03d}000+0000 "
            out.write(stamp + failures.get(number, rng.choice(NOISE)) + "\n")


def median_wall(command, stdin_path, out_path, runs):
    times = []
    for _ in range(runs + 1):
        # Output goes to a file, not /dev/null: GNU grep stops at the first match when its
        # output is /dev/null (it then acts as -q), which would not read the whole log.
        with open(stdin_path, "rb") as stdin, open(out_path, "wb") as out:
            start = time.perf_counter()
            subprocess.run(command, stdin=stdin, stdout=out, check=True)
            times.append(time.perf_counter() - start)
    return statistics.median(times[1:])  # the first run warms the page cache


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", default=".build/release/widget-thumbs")
    parser.add_argument("--lines", type=int, default=500_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    cache = os.environ.get("BENCH_CACHE", os.path.expanduser("~/.cache/widget-thumbnails-bench"))
    os.makedirs(cache, exist_ok=True)
    # Named by what it holds, so a change of NOISE or FAILURES writes a new log instead of
    # timing the old one.
    digest = hashlib.sha256("\n".join(NOISE + FAILURES).encode()).hexdigest()[:12]
    log = os.path.join(cache, f"device-log-{args.lines}-{digest}.log")
    if not os.path.exists(log):
        write_log(log, args.lines)
    size = os.path.getsize(log)
    out = os.path.join(cache, "explain-log.out")
    explain = median_wall([args.cli, "explain"], log, out, args.runs)
    grep = median_wall(["grep", "-E", "|".join(KEY_WORDS), log], log, out, args.runs)
    print(f"{args.lines} lines, {size / 1e6:.1f} MB: explain {explain * 1000:.0f} ms, grep -E {grep * 1000:.0f} ms, "
          f"ratio {explain / grep:.2f}x (medians of {args.runs} runs after one warm-up)")


if __name__ == "__main__":
    main()
