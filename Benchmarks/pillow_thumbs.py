#!/usr/bin/env python3
"""Pillow peer for the benchmark: what a Python user would write for a widget thumbnail.

Usage: pillow_thumbs.py --format webp|jpeg --box 500 --out DIR FILE...
Per file: open, draft (JPEG DCT shrink-on-load), exif_transpose, thumbnail with LANCZOS,
save WebP Q75 or JPEG Q80 (the same settings our defaults use). HEIC/AVIF open through
pillow-heif when it is installed (which applies irot/imir itself and drops the EXIF tag).
"""
import argparse
import os

from PIL import Image, ImageOps

try:
    import pillow_heif
    pillow_heif.register_heif_opener()
except ImportError:
    pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--format", default="webp", choices=["webp", "jpeg"])
    parser.add_argument("--box", type=int, default=500)
    parser.add_argument("--out", required=True)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    box = (args.box, args.box)
    for index, path in enumerate(args.files):
        with Image.open(path) as im:
            im.draft("RGB", box)
            im = ImageOps.exif_transpose(im)
            im.thumbnail(box, Image.LANCZOS)
            if args.format == "jpeg":
                im.convert("RGB").save(os.path.join(args.out, f"{index}.jpg"), "JPEG", quality=80)
            else:
                if im.mode not in ("RGB", "RGBA"):
                    im = im.convert("RGBA" if "A" in im.getbands() else "RGB")
                im.save(os.path.join(args.out, f"{index}.webp"), "WEBP", quality=75)


if __name__ == "__main__":
    main()
