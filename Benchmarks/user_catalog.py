#!/usr/bin/env python3
"""How long `widget-thumbs` takes to load a large user catalogue (`--catalog FILE`).

Writes user catalogues of N rows (each a distinct iPhone screen with one slot, about 180
bytes a row, so 21,500 rows stay under the 4 MiB `--catalog` cap) into a temporary folder and times
`widget-thumbs budget 500x500 --catalog FILE --device iphone-440x956@3-ios26`: the command
reads, checks and merges the whole file, then budgets for one built-in row, so the time is
the catalogue's load. Each size runs `--runs` times (default 3); the median wall time is
printed.

Usage: Benchmarks/user_catalog.py [--cli PATH] [--rows 8000,16000,20000,21500] [--runs 3]
"""
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def catalogue(rows: int) -> bytes:
    devices = []
    for index in range(rows):
        devices.append({
            "id": f"u{index}", "platform": "iOS", "screen": [1000 + index, 40000], "scale": 3, "os": [26],
            "label": f"U{index}", "names": [],
            "slots": [{"family": "systemSmall", "surface": "homeScreen", "pixels": [500, 500], "source": "m"}],
        })
    document = {"schemaVersion": 1, "sources": [{"id": "m", "kind": "measured", "reference": "a benchmark"}],
                "devices": devices}
    return json.dumps(document, separators=(",", ":")).encode()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default=str(ROOT / ".build" / "release" / "widget-thumbs"))
    parser.add_argument("--rows", default="8000,16000,20000,21500")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print("| rows | file bytes | median wall time (s) | exit |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for rows in (int(text) for text in args.rows.split(",")):
            path = Path(work) / f"catalog-{rows}.json"
            path.write_bytes(catalogue(rows))
            times, status = [], 0
            for _ in range(args.runs):
                start = time.monotonic()
                done = subprocess.run([args.cli, "budget", "500x500", "--catalog", str(path),
                                       "--device", "iphone-440x956@3-ios26"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                times.append(time.monotonic() - start)
                status = done.returncode
                if status != 0:
                    print(done.stderr.decode(errors="replace"), file=sys.stderr)
            print(f"| {rows} | {path.stat().st_size:,} | {statistics.median(times):.2f} | {status} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
