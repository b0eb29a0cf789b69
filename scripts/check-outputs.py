#!/usr/bin/env python3
"""Checks a folder of thumbnails with decoders that are not ours: Pillow opens and fully
decodes each file, djpeg/dwebp decode the JPEG/WebP ones, and each must carry no EXIF, be at
most --max-bytes and have a long side of at most --max-side.

Usage: scripts/check-outputs.py OUT_DIR [--max-bytes 300000] [--max-side 500]
Exits 1 when any file fails. Needs Pillow (pip) and djpeg/dwebp (apt libjpeg-turbo-progs, webp).
"""
import argparse, os, shutil, subprocess, sys
from PIL import Image

DECODERS = {"jpg": ["djpeg", "-outfile", os.devnull], "webp": ["dwebp", "-quiet", "-o", os.devnull]}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder")
    parser.add_argument("--max-bytes", type=int, default=300_000)
    parser.add_argument("--max-side", type=int, default=500)
    args = parser.parse_args()

    problems, checked = [], 0
    for root, dirs, files in os.walk(args.folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in sorted(f for f in files if not f.startswith(".")):
            path = os.path.join(root, name)
            checked += 1
            try:
                with Image.open(path) as image:
                    image.load()
                    if image.getexif():
                        problems.append(f"{path}: carries EXIF")
                    if max(image.size) > args.max_side:
                        problems.append(f"{path}: {image.size[0]}x{image.size[1]} is over {args.max_side} px")
            except Exception as error:  # Pillow raises many kinds; every one is a failure here
                problems.append(f"{path}: Pillow cannot decode it: {error}")
            if os.path.getsize(path) > args.max_bytes:
                problems.append(f"{path}: {os.path.getsize(path)} bytes is over {args.max_bytes}")
            tool = DECODERS.get(name.rsplit(".", 1)[-1])
            if tool and shutil.which(tool[0]):
                if subprocess.run(tool + [path], capture_output=True).returncode != 0:
                    problems.append(f"{path}: {tool[0]} cannot decode it")
    for problem in problems:
        print(problem)
    print(f"{checked} files checked with Pillow and djpeg/dwebp: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
