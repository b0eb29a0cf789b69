#!/usr/bin/env python3
"""Makes SampleImages/: small inputs for `make demo` and the tests, one property per file.

Every picture comes from scikit-image's bundled data (only images whose docstring says public
domain or CC0) or is drawn here with numpy and Pillow from fixed seeds. Running it again
gives the same pictures; with the same Pillow/libjpeg/libwebp versions, the same bytes.

    pip install pillow numpy scikit-image scipy
    python3 scripts/make-sample-images.py [--out SampleImages]

It also writes SampleImages/README.md (file list, how each was made, source and licence).
"""

import argparse
import io
import os
import sys
from dataclasses import dataclass
from typing import Callable

import numpy as np
from PIL import Image, ImageCms, ImageDraw, ImageFilter, ImageOps
from scipy import ndimage
from skimage import data

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import icc_profile  # noqa: E402
import png_writer  # noqa: E402

ORIENTATION_TAG = 0x0112

# Sources (licence as stated in scikit-image's own docstrings, skimage/data/_fetchers.py).
ASTRONAUT = "scikit-image `astronaut` (Eileen Collins, NASA)", "public domain"
CHELSEA = "scikit-image `chelsea` (photo: Stefan van der Walt)", "CC0"
COFFEE = "scikit-image `coffee` (photo: Rachel Michetti)", "CC0"
ROCKET = "scikit-image `rocket` (DSCOVR launch, SpaceX)", "public domain"
CAMERA = "scikit-image `camera` (photo: Lav Varshney)", "CC0"
HUBBLE = "scikit-image `hubble_deep_field` (NASA)", "public domain"
RETINA = "scikit-image `retina` (Mikael Häggström, Wikimedia)", "CC0"
DRAWN = "drawn by this script", "CC0 (this project)"


def rgb(array):
    return Image.fromarray(np.ascontiguousarray(array))


def exif_with_orientation(value):
    exif = Image.Exif()
    exif[ORIENTATION_TAG] = value
    return exif.tobytes()


def stored_for_orientation(upright, orientation):
    """The stored pixels that, once EXIF `orientation` is applied, show `upright`."""
    inverse = {3: Image.Transpose.ROTATE_180, 6: Image.Transpose.ROTATE_90,
               8: Image.Transpose.ROTATE_270}[orientation]
    return upright.transpose(inverse)


def check_orientation(path, upright):
    shown = ImageOps.exif_transpose(Image.open(path)).convert("RGB")
    assert shown.size == upright.size, (path, shown.size, upright.size)
    diff = np.abs(np.asarray(shown, np.int16) - np.asarray(upright, np.int16)).mean()
    assert diff < 4, (path, diff)


# --- photos ---------------------------------------------------------------------------------

def photo_jpg(path):
    rgb(data.astronaut()).save(path, "JPEG", quality=90)


def orientation_6_jpg(path):
    upright = rgb(data.chelsea())
    stored_for_orientation(upright, 6).save(path, "JPEG", quality=90, exif=exif_with_orientation(6))
    check_orientation(path, upright)


def orientation_8_jpg(path):
    upright = rgb(data.coffee())
    stored_for_orientation(upright, 8).save(path, "JPEG", quality=90, exif=exif_with_orientation(8))
    check_orientation(path, upright)


def orientation_6_webp(path):
    upright = rgb(data.astronaut())
    stored_for_orientation(upright, 6).save(path, "WEBP", quality=80, method=4,
                                            exif=exif_with_orientation(6))
    check_orientation(path, upright)


def progressive_jpg(path):
    rgb(data.rocket()).save(path, "JPEG", quality=88, progressive=True)


def gray_jpg(path):
    Image.fromarray(data.camera()).save(path, "JPEG", quality=90)


def cmyk_jpg(path):
    # Full grey-component replacement, so the K channel carries the darks; Pillow writes
    # Adobe's inverted CMYK with an APP14 "Adobe" marker, as Photoshop does.
    x = data.coffee().astype(np.float64) / 255
    k = 1 - x.max(axis=2)
    denom = np.where(k < 1, 1 - k, 1)
    cmy = (1 - x - k[..., None]) / denom[..., None]
    cmyk = np.dstack([cmy, k]) * 255
    Image.fromarray(np.round(cmyk).astype(np.uint8), "CMYK").save(path, "JPEG", quality=90)


def tagged(path, array, profile_bytes):
    """Converts sRGB pixels into the profile's space and embeds it, so the colours stay."""
    profile = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes))
    converted = ImageCms.profileToProfile(
        rgb(array), ImageCms.createProfile("sRGB"), profile,
        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    converted.save(path, "JPEG", quality=90, icc_profile=profile_bytes)


def display_p3_jpg(path):
    tagged(path, np.asarray(rgb(data.retina()).resize((800, 800), Image.Resampling.LANCZOS)),
           icc_profile.display_p3())


def adobe_rgb_jpg(path):
    tagged(path, data.hubble_deep_field(), icc_profile.adobe_rgb())


def fbm(shape, seed, octaves, base_cells):
    """Fractal noise in [0, 1]: octaves of smoothly upsampled random grids."""
    rng = np.random.default_rng(seed)
    h, w = shape
    total = np.zeros(shape)
    amplitude, weight = 1.0, 0.0
    for octave in range(octaves):
        cells = base_cells * 2 ** octave
        grid = rng.random((max(2, cells * h // w) + 3, cells + 3))
        zoomed = ndimage.zoom(grid, (h / (grid.shape[0] - 3), w / (grid.shape[1] - 3)), order=3)
        total += amplitude * zoomed[:h, :w]
        weight += amplitude
        amplitude *= 0.5
    total /= weight
    return (total - total.min()) / (total.max() - total.min())


def large_jpg(path):
    # An aerial "map" of made-up terrain, 4000x3000: detail at every scale, so shrink-on-load
    # and the resampler both matter.
    h, w = 3000, 4000
    height = fbm((h, w), seed=7, octaves=9, base_cells=4)
    gy, gx = np.gradient(height * 300)
    shade = np.clip(0.75 + (-gx - gy) * 0.9, 0.25, 1.4)
    stops = np.array([0.0, 0.38, 0.42, 0.47, 0.6, 0.75, 0.88, 1.0])
    colours = np.array([[18, 40, 92], [40, 98, 160], [214, 200, 150], [88, 140, 60],
                        [46, 100, 42], [120, 108, 92], [150, 142, 135], [250, 250, 250]])
    image = np.dstack([np.interp(height, stops, colours[:, c]) for c in range(3)])
    water = height < 0.42
    image[~water] *= shade[~water, None]
    np.clip(image, 0, 255, out=image)
    rgb(image.astype(np.uint8)).save(path, "JPEG", quality=85)


def panorama_jpg(path):
    # Layered mountain ridges at dusk, 4000x250 (16:1).
    h, w = 250, 4000
    y = np.linspace(0, 1, h)[:, None]
    sky_top, sky_bottom = np.array([38, 52, 110]), np.array([250, 170, 110])
    image = sky_top + (sky_bottom - sky_top) * y[..., None] ** 1.5
    image = np.broadcast_to(image, (h, w, 3)).copy()
    yy, xx = np.mgrid[0:h, 0:w]
    sun = np.exp(-((xx - 2900) ** 2 + (yy - 120) ** 2) / (2 * 28.0 ** 2))
    image += sun[..., None] * np.array([255, 220, 160]) * 0.9
    layers = [(0.35, (120, 96, 130)), (0.5, (86, 66, 104)), (0.65, (56, 42, 74)), (0.8, (28, 22, 40))]
    for index, (level, colour) in enumerate(layers):
        ridge = fbm((8, w), seed=100 + index, octaves=7, base_cells=6)[4]
        top = (level + (ridge - 0.5) * 0.45) * h
        mask = yy >= top[None, :]
        image[mask] = np.array(colour)
    rgb(np.clip(image, 0, 255).astype(np.uint8)).save(path, "JPEG", quality=88)


# --- alpha and drawn art --------------------------------------------------------------------

def clear_transparent_colour(image):
    """Fully transparent pixels get RGB 0 (black), as most encoders store them."""
    a = np.asarray(image).copy()
    a[a[..., 3] == 0, :3] = 0
    return Image.fromarray(a, "RGBA")


def logo(size=512):
    big = 2048  # drawn at 4x of the largest use, then downsampled: smooth edges
    shadow = Image.new("L", (big, big), 0)
    ImageDraw.Draw(shadow).ellipse([260, 300, big - 200, big - 160], fill=110)
    shadow = shadow.filter(ImageFilter.GaussianBlur(60))
    canvas = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    canvas.paste(Image.new("RGBA", (big, big), (0, 0, 0, 255)), (0, 0), shadow)
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    draw.ellipse([200, 200, big - 260, big - 260], fill=(250, 250, 252, 255),
                 outline=(40, 90, 200, 255), width=90)
    cell, gap, origin = 520, 80, 460
    colours = [(235, 80, 60, 255), (250, 190, 40, 255), (40, 170, 110, 255), (60, 120, 230, 128)]
    for index, colour in enumerate(colours):
        x = origin + (index % 2) * (cell + gap)
        y = origin + (index // 2) * (cell + gap)
        draw.rounded_rectangle([x, y, x + cell, y + cell], radius=110, fill=colour)
    canvas = Image.alpha_composite(canvas, layer)
    return clear_transparent_colour(canvas.resize((size, size), Image.Resampling.LANCZOS))


def alpha_logo_png(path):
    logo().save(path, "PNG", optimize=True)


def alpha_white_lines_png(path):
    # White 6 px lines on transparent black: a resampler that does not premultiply alpha
    # turns their edges grey.
    image = Image.new("RGBA", (400, 300), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    white = (255, 255, 255, 255)
    for x in range(40, 400, 80):
        draw.rectangle([x, 20, x + 5, 279], fill=white)
    draw.rectangle([20, 147, 379, 152], fill=white)
    draw.line([(20, 280), (380, 20)], fill=white, width=6)
    draw.ellipse([130, 80, 270, 220], outline=white, width=6)
    clear_transparent_colour(image).save(path, "PNG", optimize=True)


def alpha_lossless_webp(path):
    logo().save(path, "WEBP", lossless=True, quality=100, method=4)


def alpha_lossy_webp(path):
    logo().save(path, "WEBP", quality=80, alpha_quality=100, method=4)


def lossy_webp(path):
    rgb(data.coffee()).save(path, "WEBP", quality=80, method=4)


def animated_webp(path):
    # Three frames, easy to tell apart: the first (red, one dot) is the one a thumbnail shows.
    frames = []
    for index, background in enumerate([(200, 50, 50), (40, 150, 70), (40, 80, 190)]):
        frame = Image.new("RGB", (320, 240), background)
        draw = ImageDraw.Draw(frame)
        for dot in range(index + 1):
            cx = 160 + (dot - index / 2) * 70
            draw.ellipse([cx - 25, 95, cx + 25, 145], fill=(255, 255, 255))
        frames.append(frame)
    frames[0].save(path, "WEBP", save_all=True, append_images=frames[1:], duration=500,
                   loop=0, quality=80, method=4)


def sixteen_bit_png(path):
    # A smooth dusk gradient with a soft glow: 16 bits per channel keep it free of banding.
    h, w = 512, 768
    yy, xx = np.mgrid[0:h, 0:w] / np.array([h, w])[:, None, None]
    top, bottom = np.array([0.05, 0.08, 0.30]), np.array([0.98, 0.62, 0.38])
    image = top + (bottom - top) * (yy[..., None] ** 1.3)
    glow = np.exp(-((xx - 0.7) ** 2 + (yy - 0.8) ** 2) / 0.02)
    image += glow[..., None] * np.array([0.3, 0.25, 0.12])
    pixels = np.round(np.clip(image, 0, 1) * 65535).astype(np.uint16)
    png_writer.write_png(path, pixels, bit_depth=16)


def interlaced_png(path):
    png_writer.write_png(path, data.chelsea(), bit_depth=8, interlace=True)


def palette_png(path):
    # 8-bit palette with a tRNS chunk (palette entries with alpha).
    logo(256).quantize(colors=64, method=Image.Quantize.FASTOCTREE).save(path, "PNG", optimize=True)


def tiny_png(path):
    Image.new("RGB", (1, 1), (255, 128, 0)).save(path, "PNG")


# --- files that must fail, clearly ------------------------------------------------------------

def truncated_jpg(path):
    buffer = io.BytesIO()
    rgb(data.chelsea()).save(buffer, "JPEG", quality=90)
    whole = buffer.getvalue()
    with open(path, "wb") as f:
        f.write(whole[: len(whole) * 55 // 100])


def not_an_image_png(path):
    with open(path, "w") as f:
        f.write("This is a text file with a .png name: the format comes from the bytes, not the name.\n")


def unsupported_gif(path):
    Image.new("P", (16, 16), 1).save(path, "GIF")


@dataclass
class Sample:
    name: str
    make: Callable[[str], None]
    what: str
    source: tuple


SAMPLES = [
    Sample("photo.jpg", photo_jpg, "baseline JPEG, 512x512, no metadata: the plain case", ASTRONAUT),
    Sample("orientation-6.jpg", orientation_6_jpg,
           "stored 300x451 (rotated), EXIF orientation 6; upright it is 451x300", CHELSEA),
    Sample("orientation-8.jpg", orientation_8_jpg,
           "stored 400x600, EXIF orientation 8; upright it is 600x400", COFFEE),
    Sample("orientation-6.webp", orientation_6_webp,
           "lossy WebP with an EXIF chunk, orientation 6; upright 512x512 portrait", ASTRONAUT),
    Sample("progressive.jpg", progressive_jpg, "progressive JPEG, 640x427", ROCKET),
    Sample("gray.jpg", gray_jpg, "grayscale (1 component) JPEG, 512x512", CAMERA),
    Sample("cmyk.jpg", cmyk_jpg,
           "CMYK JPEG, Adobe inverted convention (APP14 Adobe marker), full black generation, 600x400",
           COFFEE),
    Sample("display-p3.jpg", display_p3_jpg,
           "pixels in Display P3 with an embedded ICC v4 profile (mluc description, parametric sRGB curve), 800x800",
           RETINA),
    Sample("adobe-rgb.jpg", adobe_rgb_jpg,
           "pixels in Adobe RGB (1998) with an embedded ICC v2 profile (gamma 563/256), 1000x872",
           HUBBLE),
    Sample("large-4000x3000.jpg", large_jpg,
           "12 MP JPEG (made-up aerial terrain): shrink-on-load matters", DRAWN),
    Sample("panorama.jpg", panorama_jpg, "very wide JPEG, 4000x250 (16:1)", DRAWN),
    Sample("alpha-logo.png", alpha_logo_png,
           "RGBA PNG, 512x512: logo on transparent, soft shadow and a half-transparent square", DRAWN),
    Sample("alpha-white-lines.png", alpha_white_lines_png,
           "RGBA PNG, 400x300: white 6 px lines on transparent black (dark fringes show a resampler that ignores alpha)",
           DRAWN),
    Sample("alpha-lossless.webp", alpha_lossless_webp, "lossless WebP with alpha (the logo), 512x512", DRAWN),
    Sample("alpha-lossy.webp", alpha_lossy_webp, "lossy WebP with an alpha plane (the logo), 512x512", DRAWN),
    Sample("lossy.webp", lossy_webp, "lossy WebP (VP8), 600x400", COFFEE),
    Sample("animated.webp", animated_webp,
           "animated WebP, 3 frames of 320x240; the first is red with one dot", DRAWN),
    Sample("16bit.png", sixteen_bit_png, "16 bits per channel RGB PNG, 768x512 smooth gradient", DRAWN),
    Sample("interlaced.png", interlaced_png, "Adam7-interlaced RGB PNG, 451x300", CHELSEA),
    Sample("palette.png", palette_png, "8-bit palette PNG with tRNS (palette alpha), 256x256", DRAWN),
    Sample("tiny-1x1.png", tiny_png, "a single orange pixel", DRAWN),
    Sample("broken/truncated.jpg", truncated_jpg,
           "the first 55% of a baseline JPEG (451x300): the scan stops early", CHELSEA),
    Sample("broken/not-an-image.png", not_an_image_png, "a text file named .png", DRAWN),
    Sample("broken/unsupported.gif", unsupported_gif,
           "a valid GIF: not a supported format, must be refused clearly", DRAWN),
]

README_HEAD = """# Sample images

Small inputs for `make demo` and the tests, one property per file, named for what they
exercise. They are committed (inputs, not build output) and were made by
[`scripts/make-sample-images.py`](../scripts/make-sample-images.py), which regenerates them all:

    pip install pillow numpy scikit-image scipy
    python3 scripts/make-sample-images.py

The script is deterministic (fixed seeds, fixed ICC profile dates). Photos come from
scikit-image's bundled data, using only images whose scikit-image docstring declares them
public domain or CC0; everything else is drawn by the script. No file comes from the shared
test corpus. The two ICC profiles are written by the script itself (`scripts/icc_profile.py`)
from the published primaries, white point and transfer curve of each colour space, so they
carry no third-party profile bytes. This file is written by the script too: edit the script,
not this table.

Files under `broken/` must fail with a clear error (the demo shows them failing on purpose).

| file | bytes | what it exercises | source | licence |
|---|---:|---|---|---|
"""

README_TAIL = """
Made with Pillow {pillow}, numpy {numpy}, scikit-image {skimage}. Other versions of the
encoders give other bytes for the same pictures.
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--out", default=os.path.join(here, "..", "SampleImages"))
    out = os.path.abspath(parser.parse_args().out)
    rows = []
    for sample in SAMPLES:
        path = os.path.join(out, sample.name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        sample.make(path)
        size = os.path.getsize(path)
        source, licence = sample.source
        rows.append(f"| `{sample.name}` | {size:,} | {sample.what} | {source} | {licence} |")
        print(f"{size:>10,}  {sample.name}")
    import PIL
    import skimage
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write(README_HEAD + "\n".join(rows) + "\n"
                + README_TAIL.format(pillow=PIL.__version__, numpy=np.__version__,
                                     skimage=skimage.__version__))
    total = sum(os.path.getsize(os.path.join(out, s.name)) for s in SAMPLES)
    print(f"{total:>10,}  total in {out}")


if __name__ == "__main__":
    main()
