#!/usr/bin/env python3
"""Quality report: our WebP thumbnails against vipsthumbnail's, both scored against a float
Lanczos-3 reference made from the fully decoded, oriented original at the same size.

Usage: scripts/quality-report.py [--tool PATH] [--box 500] [--quality 75] IMAGE_OR_DIR...

Needs: vipsthumbnail (apt libvips-tools), Pillow, numpy, scikit-image (pip). Prints a table
and the medians; exits 1 when our median SSIM is below vips's minus 0.003 or our median
bytes are above 1.25x vips's (the issue's acceptance bounds).
"""
import argparse, json, os, statistics, subprocess, sys, tempfile
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps
from skimage.metrics import structural_similarity

EXTENSIONS = {".jpg", ".jpeg", ".png", ".webp"}


def inputs(paths):
    for p in map(Path, paths):
        if p.is_dir():
            yield from sorted(q for q in p.iterdir() if q.suffix.lower() in EXTENSIONS and not q.name.startswith("."))
        else:
            yield p


def reference(original: Path, size):
    """Full decode, orient, then Lanczos in float per channel (no 8-bit rounding inside)."""
    with Image.open(original) as im:
        im = ImageOps.exif_transpose(im).convert("RGB")
        channels = [np.asarray(c.resize(size, Image.LANCZOS), dtype=np.float64) for c in
                    (ch.convert("F") for ch in im.split())]
    return np.clip(np.stack(channels, axis=-1), 0, 255)


def load_rgb(path: Path):
    with Image.open(path) as im:
        return np.asarray(im.convert("RGB"), dtype=np.float64), im.size


def ssim(a, b):
    return structural_similarity(a, b, channel_axis=-1, data_range=255.0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--tool", default=".build/release/widget-thumbs")
    parser.add_argument("--box", type=int, default=500)
    parser.add_argument("--quality", type=int, default=75)
    args = parser.parse_args()

    files = list(inputs(args.paths))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        ours_dir = Path(tmp, "ours"); vips_dir = Path(tmp, "vips")
        ours_dir.mkdir(); vips_dir.mkdir()
        run = subprocess.run([args.tool, "batch", *map(str, files), "--out", str(ours_dir), "--format", "webp",
                              "--max-side", str(args.box), "--json"], capture_output=True, text=True)
        report = json.loads(run.stdout)
        ours = {Path(e["input"]).resolve(): Path(e["output"]) for e in report["inputs"] if e["status"] == "ok"}
        for original in files:
            out_vips = vips_dir / (original.stem + ".webp")
            subprocess.run(["vipsthumbnail", str(original), "-s", str(args.box),
                            "-o", f"{out_vips}[Q={args.quality}]"], check=True)
            ours_path = ours.get(original.resolve())
            if ours_path is None:
                print(f"{original}: our batch failed", file=sys.stderr)
                continue
            o, osize = load_rgb(ours_path); v, vsize = load_rgb(out_vips)
            rows.append(dict(name=original.name, size=f"{osize[0]}x{osize[1]}", vsize=f"{vsize[0]}x{vsize[1]}",
                             ssim_ours=ssim(o, reference(original, osize)), ssim_vips=ssim(v, reference(original, vsize)),
                             bytes_ours=ours_path.stat().st_size, bytes_vips=out_vips.stat().st_size))

    print(f"{'file':28} {'ours':>9} {'vips':>9} {'SSIM ours':>9} {'SSIM vips':>9} {'KB ours':>8} {'KB vips':>8}")
    for r in rows:
        print(f"{r['name'][:28]:28} {r['size']:>9} {r['vsize']:>9} {r['ssim_ours']:9.4f} {r['ssim_vips']:9.4f} "
              f"{r['bytes_ours']/1000:8.1f} {r['bytes_vips']/1000:8.1f}")
    if not rows:
        return 1
    med = lambda k: statistics.median(r[k] for r in rows)
    ratio = med("bytes_ours") / med("bytes_vips")
    print(f"\nmedian SSIM: ours {med('ssim_ours'):.4f}, vipsthumbnail {med('ssim_vips'):.4f} "
          f"(difference {med('ssim_ours') - med('ssim_vips'):+.4f}); median bytes ratio ours/vips {ratio:.3f} "
          f"over {len(rows)} images")
    ok = med("ssim_ours") >= med("ssim_vips") - 0.003 and ratio <= 1.25
    print("PASS" if ok else "FAIL", "(bounds: SSIM >= vips - 0.003, bytes <= 1.25x vips)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
