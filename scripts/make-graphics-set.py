#!/usr/bin/env python3
"""Draws a small set of graphics (not photos) for the quality curves: a bar chart, coloured
text, a widget-like card and a line map, each with the sharp colour edges that 4:2:0 chroma
blurs. Written once into a folder outside the repo (default
~/.cache/widget-thumbnails-bench/graphics, or $BENCH_CACHE/graphics), never committed; prints
the folder. Drawn at twice the size and halved with Lanczos, so edges are anti-aliased as a
screen would draw them. Needs Pillow; uses DejaVu Sans when installed.

Usage: scripts/make-graphics-set.py [--out DIR]
"""
import argparse, os
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

RED, ORANGE, YELLOW, GREEN = (229, 57, 53), (251, 140, 0), (253, 216, 53), (67, 160, 71)
BLUE, PURPLE, TEAL, INK = (30, 136, 229), (142, 36, 170), (0, 137, 123), (33, 33, 33)
PALETTE = [RED, ORANGE, YELLOW, GREEN, BLUE, PURPLE, TEAL]


def font(size):
    for path in ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
                 "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"):
        if Path(path).exists():
            return ImageFont.truetype(path, size)
    return ImageFont.load_default(size)


def canvas(width, height, colour=(255, 255, 255)):
    image = Image.new("RGB", (width * 2, height * 2), colour)
    return image, ImageDraw.Draw(image)


def finish(image):
    return image.resize((image.width // 2, image.height // 2), Image.LANCZOS)


def chart():
    image, draw = canvas(1000, 750)
    draw.text((80, 40), "Steps this week", fill=INK, font=font(72))
    for index, colour in enumerate(PALETTE):
        height = 300 + (index * 173) % 900
        left = 160 + index * 250
        draw.rectangle([left, 1400 - height, left + 170, 1400], fill=colour)
        draw.text((left + 20, 1420), "MTWTFSS"[index], fill=colour, font=font(64))
    draw.line([120, 1400, 1900, 1400], fill=INK, width=6)
    return finish(image)


def text():
    image, draw = canvas(1000, 750, (250, 250, 250))
    words = ["Coffee at 9", "Team stand-up", "Dentist 14:30", "Pick up parcel", "Run 5 km", "Call Mum"]
    for index, word in enumerate(words):
        colour = PALETTE[index % len(PALETTE)]
        top = 60 + index * 230
        if index % 2:
            draw.rounded_rectangle([60, top, 1940, top + 190], 40, fill=colour)
            draw.text((110, top + 40), word, fill=(255, 255, 255), font=font(96))
        else:
            draw.text((110, top + 40), word, fill=colour, font=font(96))
    return finish(image)


def card():
    image, draw = canvas(1200, 900, (18, 18, 24))
    draw.rounded_rectangle([60, 60, 2340, 1740], 90, fill=(40, 44, 60))
    draw.text((160, 140), "London", fill=(255, 255, 255), font=font(110))
    draw.text((160, 300), "18°  Light rain", fill=(144, 202, 249), font=font(80))
    for index, colour in enumerate(PALETTE[:6]):
        left = 160 + index * 360
        draw.ellipse([left, 620, left + 260, 880], fill=colour)
        draw.text((left + 40, 940), f"{12 + index}:00", fill=colour, font=font(60))
        draw.text((left + 60, 1040), f"{15 + index}°", fill=(255, 255, 255), font=font(70))
    draw.rounded_rectangle([160, 1300, 2240, 1380], 40, fill=(255, 112, 67))
    draw.rounded_rectangle([160, 1300, 1500, 1380], 40, fill=(102, 187, 106))
    return finish(image)


def lines():
    image, draw = canvas(1000, 1000, (245, 243, 235))
    for index, colour in enumerate(PALETTE):
        points = [(100 + step * 300, 200 + ((index * 260 + step * 170 * (1 + index % 3)) % 1600)) for step in range(7)]
        draw.line(points, fill=colour, width=22, joint="curve")
        for x, y in points:
            draw.ellipse([x - 30, y - 30, x + 30, y + 30], fill=(255, 255, 255), outline=colour, width=10)
    draw.text((80, 60), "Lines", fill=INK, font=font(80))
    return finish(image)


def main():
    default = Path(os.environ.get("BENCH_CACHE", Path.home() / ".cache" / "widget-thumbnails-bench")) / "graphics"
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=default)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, draw in (("chart", chart), ("text", text), ("card", card), ("lines", lines)):
        path = args.out / f"{name}.png"
        if not path.exists():
            draw().save(path)
    print(args.out)


if __name__ == "__main__":
    main()
