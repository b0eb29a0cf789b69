#!/usr/bin/env python3
"""How JPEG's chroma subsampling is chosen by content, and what the choice gains.

Usage: scripts/chroma-choice.py [--tool PATH] [SET=PATH[,PATH...]]...

For every image: our lossless 500 px thumbnail (`widget-thumbs batch --format png`) is
re-encoded by cjpeg at qualities 50-90, once with 4:2:0 and once with 4:4:4 (optimised
tables, as ours), and each output is scored as scripts/quality-curves.py scores (SSIM against a
float Lanczos-3 reference from the full decode, bitstream bytes only). The BD-rate of 4:4:4
against 4:2:0 says how many fewer bytes (negative) 4:4:4 needs for the same RGB SSIM and for
the same luma SSIM. Beside it: what `ChromaDetail` measures (computed here again with numpy:
the share of colour-changing 2x2 blocks that are edges, the share of all blocks that are
edges, and the share of all blocks that change colour) and the subsampling our default JPEG
thumbnail actually has (read from its frame header), so the table shows whether the rule
picked 4:4:4 where 4:4:4 wins.

Sets default to the corpus photos, the EXIF-orientation set, the HEIC/AVIF photos, the sample
photographs and the drawings of scripts/quality-curves.py (make-graphics-set.py's four, and
SampleImages/palette.png and alpha-logo.png flattened onto white).
Needs: cjpeg (apt libjpeg-turbo-progs), Pillow, numpy, scikit-image; pillow-heif for HEIC.
"""
import argparse, importlib.util, statistics, subprocess, sys, tempfile
from pathlib import Path

import numpy as np
from PIL import Image

HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("quality_curves", HERE / "quality-curves.py")
qc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(qc)

QUALITIES = list(range(50, 95, 5))
SAMPLING = {"420": "2x2", "444": "1x1"}


def block_statistics(png):
    """ChromaDetail's two shares: edge blocks / colour-changing blocks, edge blocks / blocks."""
    rgb = np.asarray(Image.open(png).convert("RGB"), dtype=np.float64)
    h, w = rgb.shape[0] // 2 * 2, rgb.shape[1] // 2 * 2
    rgb = rgb[:h, :w]
    loss = np.zeros((h // 2, w // 2))
    for weights in ([-0.168736, -0.331264, 0.5], [0.5, -0.418688, -0.081312]):
        blocks = (rgb @ np.array(weights)).reshape(h // 2, 2, w // 2, 2)
        loss += ((blocks - blocks.mean(axis=(1, 3), keepdims=True)) ** 2).mean(axis=(1, 3))
    changing, edges = int((loss > 1).sum()), int((loss > 256).sum())
    return edges / max(changing, 1), edges / loss.size, changing / loss.size


def luma_sampling(jpeg):
    data = jpeg.read_bytes()
    i = 2
    while i + 4 <= len(data) and data[i] == 0xFF:
        marker, length = data[i + 1], data[i + 2] << 8 | data[i + 3]
        if marker in (0xC0, 0xC1, 0xC2):
            return "444" if data[i + 11] == 0x11 else "420"
        i += 2 + length
    return "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sets", nargs="*", metavar="SET=PATH[,PATH...]")
    parser.add_argument("--tool", default=str(qc.ROOT / ".build/release/widget-thumbs"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="chroma-choice-") as name:
        tmp = Path(name)
        sets = qc.parse_sets(args.sets, True)
        if not args.sets:
            sets["drawings"] = qc.drawings(tmp)
        print(f"{'set':16} {'image':24} {'edges/changes':>13} {'edges/all':>9} {'changes/all':>11} {'ours':>5} "
              f"{'444 vs 420: BD RGB-SSIM':>23} {'BD Y-SSIM':>10}")
        summary = {}
        for set_name, files in sets.items():
            lossless = qc.lossless_thumbnails(args.tool, files, tmp / set_name / "png", 500)
            ours = qc.run_ours(args.tool, list(lossless), "jpeg", None, [], tmp / set_name / "ours", 500)
            for original, png in lossless.items():
                decoded = qc.full_decode(original)
                cache = {}

                def ref_for(size):
                    if size not in cache:
                        cache[size] = qc.reference(decoded, size)
                    return cache[size]

                curves = {}
                for mode, factor in SAMPLING.items():
                    curves[mode] = []
                    for q in QUALITIES:
                        made = qc.run_candidate(f"cjpeg -quality {{q}} -optimize -sample {factor} -outfile {{out}} {{ppm}}",
                                                {original: png}, "jpeg", q, tmp / set_name / f"{mode}-{q}")
                        curves[mode].append(qc.scores(made[original][0], ref_for))

                def bd(metric):
                    a, b = curves["444"], curves["420"]
                    return qc.bd_rate([p["bytes"] for p in a], [qc.ssim_db(p[metric]) for p in a],
                                      [p["bytes"] for p in b], [qc.ssim_db(p[metric]) for p in b])

                of_changes, of_all, changing = block_statistics(png)
                chosen = luma_sampling(ours[original][0]) if original in ours else "?"
                rgb, y = bd("ssim_rgb"), bd("ssim_y")
                print(f"{set_name:16} {Path(original).name[:24]:24} {of_changes:13.3f} {of_all:9.4f} {changing:11.3f} {chosen:>5} "
                      f"{rgb:+22.1f}% {y:+9.1f}%", flush=True)
                # What the rule gains over always 4:2:0: the 4:4:4 BD-rate where it picked 4:4:4.
                summary.setdefault(set_name, []).append((rgb, y) if chosen == "444" else (0.0, 0.0))
        print("\nThe rule against always 4:2:0, mean BD-rate per set (negative: fewer bytes at equal SSIM)")
        for set_name, values in summary.items():
            picked = sum(1 for v in values if v != (0.0, 0.0))
            print(f"{set_name:16} 4:4:4 for {picked} of {len(values)}: RGB-SSIM {statistics.mean(v[0] for v in values):+.1f}%,"
                  f" Y-SSIM {statistics.mean(v[1] for v in values):+.1f}%")


if __name__ == "__main__":
    main()
