#!/usr/bin/env python3
"""Rate-distortion curves and BD-rates: our encoder against vipsthumbnail and Pillow.

Usage:
  scripts/quality-curves.py [--tool PATH] [--formats webp,jpeg] [--qualities 50:90:5]
                            [--qualities-for avif=20:80:5]... [--ours NAME=ARGS]... [--candidate NAME=FORMAT:COMMAND]...
                            [--bar] [--json FILE] [SET=PATH[,PATH...]]...

Every contender makes 500 px thumbnails of the same images at each quality: by default the
corpus photos, the photographs among SampleImages/ and a set of drawings (see drawings()). Each output is
scored by SSIM against a float Lanczos-3 reference made from the fully decoded, oriented
original (converted to sRGB when it embeds a profile) at the output's own size, and by the
bytes of its image bitstream only: JPEG APPn/COM segments and WebP chunks other than
VP8/VP8L/ALPH are not counted, so metadata (vips keeps EXIF) and ICC profiles do not count.

SSIM is that of luma (BT.601 Y, the channel both codecs spend most bits on; 'Y-SSIM'); the
SSIM of R, G and B averaged (what scripts/quality-report.py prints) is shown beside it, since
luma alone cannot see chroma subsampling.

With more than one format, a last table gives each of our formats' BD-rate against each other
(`--formats jpeg,webp,avif,heic --qualities-for avif=20:80:5 --qualities-for heic=20:80:5`:
AVIF and HEIC have no vips or Pillow peer here; their bitstream is the mdat payload) and the
median encode seconds per image.

Contenders:
  ours      `widget-thumbs batch --quality Q` (extra `--ours NAME=ARGS` add variants, such
            as `--ours m1='--effort 1'`); the first is the one BD-rates are taken for.
  vips      `vipsthumbnail -s 500 -o out[Q=q,strip]` (its defaults otherwise; with
            `--export-profile srgb` for an original that embeds a profile, as ours converts).
  pillow    draft, exif_transpose, thumbnail(LANCZOS), save(quality=q) (Pillow's defaults).
  candidates re-encode our own lossless thumbnail with a command, to try encoder settings
            before building them: `--candidate 'm4=webp:cwebp -quiet -q {q} -m 4 {png} -o {out}'`
            or `--candidate 'opt=jpeg:cjpeg -quality {q} -optimize -outfile {out} {ppm}'`.

BD-rate (Bjontegaard, "Calculation of average PSNR differences between RD-curves", ITU-T
VCEG-M33, 2001): per image, fit log10(bytes) as a cubic polynomial of the quality metric for
each curve, integrate both over the metric interval they share, and turn the mean difference
into a percentage; negative means fewer bytes than the peer for the same SSIM. The metric is
SSIM in dB, -10*log10(1 - SSIM), which keeps the fit near-linear where SSIM saturates. The
table shows the mean of the per-image BD-rates of each set.

--bar: the quality bar (README, Quality) at the default settings (no --quality: JPEG 80, WebP 75),
against vipsthumbnail at the same Q. Per set it shows both at the same Q (median SSIM and
bytes side by side), then each of ours capped at the bitstream bytes of vips's with
`thumbnail --max-bytes` (the budget search picks the highest quality that fits), which must
reach at least vips's median SSIM: SSIM at least vips's at no more of its bytes. Sets default to the corpus photos, the EXIF-orientation set, the HEIC/AVIF
photos and the photographs in SampleImages/; name others as SET=PATH,...

Needs: vipsthumbnail (apt libvips-tools), cwebp/cjpeg for candidates (apt webp,
libjpeg-turbo-progs), Pillow, numpy, scikit-image, pillow-heif for HEIC (pip).
"""
import argparse, json, math, shlex, statistics, subprocess, sys, tempfile
from pathlib import Path

import numpy as np
from PIL import Image, ImageCms, ImageOps
from skimage.metrics import structural_similarity

try:
    import pillow_heif
    pillow_heif.register_heif_opener()
except ImportError:
    pillow_heif = None

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
# The photographs among the samples (the rest are drawings, alpha, CMYK, grey or odd sizes).
SAMPLE_PHOTOS = ["photo.jpg", "orientation-6.jpg", "orientation-8.jpg", "progressive.jpg"]
EXTENSION = {"webp": "webp", "jpeg": "jpg", "avif": "avif", "heic": "heic"}
DEFAULT_QUALITY = {"webp": 75, "jpeg": 80}
# Formats only we write here: no vips or Pillow peer; they are compared with our own JPEG and
# WebP instead (the across-formats table; pillow-heif reads them for scoring).
OURS_ONLY = {"avif", "heic"}
PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".webp", ".heic", ".heif", ".hif", ".avif"}


# ---- inputs ----

def default_sets(bar, tmp=None):
    sets = {"photos": sorted((CORPUS / "photos").glob("*.jpg")),
            "samples": [ROOT / "SampleImages" / name for name in SAMPLE_PHOTOS]}
    if bar:
        sets["exif-orientation"] = sorted((CORPUS / "exif-orientation").glob("*.jpg"))
        sets["heic"] = heic_photos()
    elif tmp is not None:
        sets["drawings"] = drawings(tmp)
    return {name: files for name, files in sets.items() if files}


def drawings(tmp):
    """Not photographs: scripts/make-graphics-set.py's four (a chart, coloured text, a card, a
    line map) and SampleImages/palette.png and alpha-logo.png, these two flattened onto white
    first (as a JPEG thumbnail of them is: the reference must not see what hides under alpha 0)."""
    folder = Path(subprocess.run([sys.executable, str(ROOT / "scripts" / "make-graphics-set.py")],
                                 capture_output=True, text=True, check=True).stdout.strip())
    flattened = []
    for name in ("palette.png", "alpha-logo.png"):
        with Image.open(ROOT / "SampleImages" / name) as im:
            rgba = im.convert("RGBA")
            flat = Image.new("RGB", rgba.size, (255, 255, 255))
            flat.paste(rgba, mask=rgba.getchannel("A"))
            path = Path(tmp) / f"{Path(name).stem}-on-white.png"
            flat.save(path)
            flattened.append(path)
    return sorted(folder.glob("*.png")) + flattened


def heic_photos():
    """The corpus's HEIF/AVIF photographs: decodable, opaque, long side at least 500."""
    if pillow_heif is None:
        print("pillow-heif is missing: no HEIC set", file=sys.stderr)
        return []
    photos = []
    for path in sorted((CORPUS / "heic").glob("*")):
        if path.suffix.lower() not in {".heic", ".heif", ".hif", ".avif"}:
            continue
        try:
            with Image.open(path) as im:
                if max(im.size) >= 500 and "A" not in im.getbands():
                    photos.append(path)
        except Exception:  # the corpus's broken files, on purpose
            pass
    return photos


def parse_sets(specs, bar, tmp=None):
    if not specs:
        return default_sets(bar, tmp)
    sets = {}
    for spec in specs:
        name, _, paths = spec.partition("=")
        files = []
        for p in map(Path, paths.split(",")):
            files += sorted(q for q in p.iterdir() if q.suffix.lower() in PHOTO_SUFFIXES) if p.is_dir() else [p]
        sets[name] = files
    return sets


# ---- bytes of the image bitstream ----

def jpeg_bitstream_bytes(data):
    """The file's bytes minus its APPn and COM segments (EXIF, JFIF, ICC, XMP, comments)."""
    skipped, i = 0, 2
    while i + 4 <= len(data) and data[i] == 0xFF:
        marker = data[i + 1]
        if marker == 0xDA:  # start of scan: entropy-coded data follows, no more metadata
            break
        length = 2 + (data[i + 2] << 8 | data[i + 3])
        if 0xE0 <= marker <= 0xEF or marker == 0xFE:
            skipped += length
        i += length
    return len(data) - skipped


def webp_bitstream_bytes(data):
    """The VP8, VP8L and ALPH chunks with their headers; RIFF, VP8X, ICCP, EXIF, XMP left out."""
    total, i = 0, 12
    while i + 8 <= len(data):
        size = int.from_bytes(data[i + 4:i + 8], "little")
        chunk = 8 + size + (size & 1)
        if data[i:i + 4] in (b"VP8 ", b"VP8L", b"ALPH"):
            total += chunk
        i += chunk
    return total


def iso_bitstream_bytes(data):
    """The payload of the top-level mdat boxes (the coded image and alpha); ftyp and meta (item
    properties, colour boxes) left out."""
    total, i = 0, 0
    while i + 8 <= len(data):
        size = int.from_bytes(data[i:i + 4], "big")
        header = 8
        if size == 1 and i + 16 <= len(data):
            size, header = int.from_bytes(data[i + 8:i + 16], "big"), 16
        elif size == 0:
            size = len(data) - i
        if data[i + 4:i + 8] == b"mdat":
            total += size - header
        if size < header:
            break
        i += size
    return total


def bitstream_bytes(path):
    data = path.read_bytes()
    if data[:2] == b"\xff\xd8":
        return jpeg_bitstream_bytes(data)
    return iso_bitstream_bytes(data) if data[4:8] == b"ftyp" else webp_bitstream_bytes(data)


# ---- scoring ----

SRGB = ImageCms.createProfile("sRGB")


def full_decode(original):
    """Full decode, oriented, in sRGB (through the embedded profile when there is one)."""
    with Image.open(original) as im:
        im = ImageOps.exif_transpose(im)
        icc = im.info.get("icc_profile")
        im = im.convert("RGB")
        if icc:
            source = ImageCms.ImageCmsProfile(__import__("io").BytesIO(icc))
            im = ImageCms.profileToProfile(im, source, SRGB, outputMode="RGB")
        return im


def reference(decoded, size):
    """Lanczos in float per channel (no 8-bit rounding inside)."""
    channels = [np.asarray(c.convert("F").resize(size, Image.LANCZOS), dtype=np.float64) for c in decoded.split()]
    return np.clip(np.stack(channels, axis=-1), 0, 255)


def luma(rgb):
    return rgb @ np.array([0.299, 0.587, 0.114])


def scores(output, ref_for):
    with Image.open(output) as im:
        pixels = np.asarray(im.convert("RGB"), dtype=np.float64)
        ref = ref_for(im.size)
    return dict(ssim_y=structural_similarity(luma(pixels), luma(ref), data_range=255.0),
                ssim_rgb=structural_similarity(pixels, ref, channel_axis=-1, data_range=255.0),
                bytes=bitstream_bytes(output), size=f"{im.size[0]}x{im.size[1]}")


# ---- contenders ----

def run_ours(tool, files, fmt, quality, extra, out, box):
    """One batch per (format, quality): {input: (output path, encodes, encode seconds)}."""
    out.mkdir(parents=True, exist_ok=True)
    command = [tool, "batch", *map(str, files), "--out", str(out), "--format", fmt, "--max-side", str(box),
               "--json", "--force", "--fsync", "none", *extra]
    if quality is not None:
        command += ["--quality", str(quality)]
    run = subprocess.run(command, capture_output=True, text=True)
    report = json.loads(run.stdout)
    made = {}
    for entry in report["inputs"]:
        if entry["status"] == "ok":
            made[Path(entry["input"]).resolve()] = (Path(entry["output"]), entry.get("encodes"),
                                                     entry.get("timings", {}).get("encode"))
        else:
            print(f"ours: {entry['input']}: {entry.get('error')}", file=sys.stderr)
    return made


def embeds_profile(original):
    with Image.open(original) as im:
        return bool(im.info.get("icc_profile"))


def run_vips(files, fmt, quality, out, box):
    out.mkdir(parents=True, exist_ok=True)
    made = {}
    for index, original in enumerate(files):
        target = out / f"{index}.{EXTENSION[fmt]}"
        # Like ours, converted to sRGB when the original embeds a profile ([strip] would drop
        # the profile and leave, say, Display P3 pixels to be read as sRGB).
        colour = ["--export-profile", "srgb"] if embeds_profile(original) else []
        run = subprocess.run(["vipsthumbnail", str(original), "-s", str(box), *colour,
                              "-o", f"{target}[Q={quality},strip]"], capture_output=True, text=True)
        if run.returncode != 0:
            print(f"vips: {original.name}: {run.stderr.strip().splitlines()[0] if run.stderr.strip() else run.returncode}; "
                  "left out", file=sys.stderr)
            continue
        made[original.resolve()] = (target, None, None)
    return made


def run_ours_capped(tool, caps, fmt, out, box):
    """Ours at its default start quality, each image capped at the given bytes (`thumbnail
    --max-bytes`): the budget search picks the highest quality that fits, so this is our
    SSIM at no more than those bytes."""
    out.mkdir(parents=True, exist_ok=True)
    made = {}
    for index, (original, cap) in enumerate(caps.items()):
        target = out / f"{index}.{EXTENSION[fmt]}"
        run = subprocess.run([tool, "thumbnail", str(original), "-o", str(target), "--format", fmt,
                              "--max-side", str(box), "--max-bytes", str(cap)], capture_output=True, text=True)
        if run.returncode == 0:
            made[original] = (target, None, None)
        else:
            print(f"ours capped: {original.name}: {run.stderr.strip()}", file=sys.stderr)
    return made


def pillow_thumbnail(original, box):
    with Image.open(original) as im:
        im.draft("RGB", (box, box))
        im = ImageOps.exif_transpose(im)
        im.thumbnail((box, box), Image.LANCZOS)
        return im.convert("RGB")


def run_pillow(files, fmt, qualities, out, box):
    """{quality: {input: output}}: each photo resized once, saved at every quality."""
    out.mkdir(parents=True, exist_ok=True)
    made = {q: {} for q in qualities}
    for index, original in enumerate(files):
        thumb = pillow_thumbnail(original, box)
        for q in qualities:
            target = out / f"{index}-q{q}.{EXTENSION[fmt]}"
            thumb.save(target, "WEBP" if fmt == "webp" else "JPEG", quality=q)
            made[q][original.resolve()] = (target, None, None)
    return made


def run_candidate(template, lossless, fmt, quality, out):
    """Our lossless thumbnails re-encoded by `template` ({q}, {png}, {ppm}, {out})."""
    out.mkdir(parents=True, exist_ok=True)
    made = {}
    for original, png in lossless.items():
        ppm = png.with_suffix(".ppm")
        if not ppm.exists():
            with Image.open(png) as im:
                im.convert("RGB").save(ppm)
        target = out / f"{png.stem}.{EXTENSION[fmt]}"
        command = template.format(q=quality, png=shlex.quote(str(png)), ppm=shlex.quote(str(ppm)),
                                  out=shlex.quote(str(target)))
        subprocess.run(command, shell=True, check=True, capture_output=True)
        made[original] = (target, None, None)
    return made


def lossless_thumbnails(tool, files, out, box):
    """Our pixels before the lossy encoder, as PNG at the size our lossy outputs have (inputs
    whose PNG had to shrink under the 500 KB ceiling are left out)."""
    made = run_ours(tool, files, "png", None, ["--max-bytes", "500000"], out, box)
    kept = {}
    for original, (png, encodes, _) in made.items():
        if encodes == 1:
            kept[original] = png
        else:
            print(f"candidates: {original.name}: our PNG shrank under the byte ceiling; left out", file=sys.stderr)
    return kept


# ---- BD-rate ----

def ssim_db(ssim):
    return -10.0 * math.log10(max(1e-10, 1.0 - ssim))


def bd_rate(rate_a, metric_a, rate_b, metric_b):
    """Bjontegaard delta rate of curve A against curve B, in percent (VCEG-M33): cubic fits of
    log10(rate) over the metric, integrated over the overlapping metric interval. None when the
    curves share no interval."""
    ma, mb = np.asarray(metric_a), np.asarray(metric_b)
    la, lb = np.log10(rate_a), np.log10(rate_b)
    low, high = max(ma.min(), mb.min()), min(ma.max(), mb.max())
    if high <= low:
        return None
    fit_a = np.polynomial.Polynomial.fit(ma, la, 3).integ()
    fit_b = np.polynomial.Polynomial.fit(mb, lb, 3).integ()
    mean_diff = ((fit_a(high) - fit_a(low)) - (fit_b(high) - fit_b(low))) / (high - low)
    return (10 ** mean_diff - 1) * 100


# ---- report ----

def curve_table(fmt, set_name, contenders, results, qualities):
    """Mean bitstream KB and mean Y-SSIM / RGB-SSIM per quality, one row per contender."""
    lines = [f"\n{fmt.upper()}, set '{set_name}': mean bitstream KB / mean Y-SSIM / mean RGB-SSIM per quality",
             f"{'contender':14} " + " ".join(f"{'q' + str(q):>20}" for q in qualities)]
    for name in contenders:
        cells = []
        for q in qualities:
            rows = [r for r in results[name].get(q, {}).values() if r["set"] == set_name]
            if not rows:
                cells.append(f"{'-':>20}")
                continue
            kb = statistics.mean(r["bytes"] for r in rows) / 1000
            cells.append(f"{kb:6.1f} {statistics.mean(r['ssim_y'] for r in rows):.4f} "
                         f"{statistics.mean(r['ssim_rgb'] for r in rows):.4f}")
        lines.append(f"{name:14} " + " ".join(cells))
    return "\n".join(lines)


def set_bd_rates(set_name, ours, peer, results, qualities, metric):
    """Per-image BD-rates of `ours` against `peer` on one set."""
    pick = lambda curve: {q: curve[q] for q in qualities if q in curve}
    return per_image_bd_rates(pick(results[ours]), pick(results[peer]), {set_name}, metric)


def per_image_bd_rates(curve_a, curve_b, set_names, metric):
    """Per-image BD-rates of curve A against curve B ({quality: {original: row}}, each over its
    own qualities) for the originals of `set_names`; images with under four points left out."""
    rates = []
    for original in {o for rows in curve_a.values() for o, r in rows.items() if r["set"] in set_names}:
        a = [rows[original] for rows in curve_a.values() if original in rows]
        b = [rows[original] for rows in curve_b.values() if original in rows]
        if len(a) < 4 or len(b) < 4:
            continue
        value = bd_rate([r["bytes"] for r in a], [ssim_db(r[metric]) for r in a],
                        [r["bytes"] for r in b], [ssim_db(r[metric]) for r in b])
        if value is not None:
            rates.append(value)
    return rates


def make_curves(args, sets, tmp):
    files = [f for fs in sets.values() for f in fs]
    set_of = {f.resolve(): name for name, fs in sets.items() for f in fs}
    variants = [("ours", [])] + [(name, shlex.split(extra)) for name, extra in
                                 (v.split("=", 1) for v in args.ours)]
    candidates = [(name, *spec.split(":", 1)) for name, spec in (c.split("=", 1) for c in args.candidate)]
    lossless = lossless_thumbnails(args.tool, files, tmp / "lossless", args.box) if candidates else {}
    report = {}
    for fmt in args.formats:
        qualities = args.qualities_for.get(fmt, args.qualities)
        outputs = {}
        for name, extra in variants:
            outputs[name] = {q: run_ours(args.tool, files, fmt, q, extra, tmp / fmt / name / str(q), args.box)
                             for q in qualities}
        for name, cformat, template in candidates:
            if cformat == fmt:
                outputs[name] = {q: run_candidate(template, lossless, fmt, q, tmp / fmt / name / str(q))
                                 for q in qualities}
        if fmt not in OURS_ONLY and not args.ours_only:
            outputs["vips"] = {q: run_vips(files, fmt, q, tmp / fmt / "vips" / str(q), args.box) for q in qualities}
            outputs["pillow"] = run_pillow(files, fmt, qualities, tmp / fmt / "pillow", args.box)
        results = score_all(outputs, set_of)
        report[fmt] = results
        contenders = list(outputs)
        for set_name in sets:
            print(curve_table(fmt, set_name, contenders, results, qualities), flush=True)
        if fmt not in OURS_ONLY and not args.ours_only:
            print_bd_table(fmt, sets, contenders, results, qualities)
    if len(args.formats) > 1:
        print_format_bd_table(args, sets, report)
    return report


def score_all(outputs, set_of):
    """Scores every output, one original at a time (its full decode is the big allocation)."""
    by_original = {}
    for name, per_q in outputs.items():
        for q, made in per_q.items():
            for original, (path, encodes, seconds) in made.items():
                by_original.setdefault(original, []).append((name, q, path, encodes, seconds))
    results = {name: {} for name in outputs}
    for original, items in by_original.items():
        decoded = full_decode(original)
        refs = {}
        ref_for = lambda size: refs.setdefault(size, reference(decoded, size))
        for name, q, path, encodes, seconds in items:
            row = scores(path, ref_for)
            row.update(set=set_of[original], encodes=encodes, encode_seconds=seconds)
            results[name].setdefault(q, {})[original] = row
    return results


def print_bd_table(fmt, sets, contenders, results, qualities):
    """BD-rate of every contender against each peer, per set and over all sets."""
    print(f"\n{fmt.upper()} BD-rate against each peer, mean of per-image values "
          "(negative: fewer bytes at equal SSIM)", flush=True)
    # "all photos": the photographic sets together (the drawings are shown on their own).
    photographic = [s for s in sets if s != "drawings"]
    names = list(sets) + (["all photos"] if len(photographic) > 1 else [])
    for peer in ("vips", "pillow"):
        print(f"{'vs ' + peer:14} {'metric':8} " + " ".join(f"{n:>16}" for n in names))
        for name in (c for c in contenders if c != peer):
            for metric, label in (("ssim_y", "Y-SSIM"), ("ssim_rgb", "RGB-SSIM")):
                cells = []
                for set_name in names:
                    members = photographic if set_name == "all photos" else [set_name]
                    rates = [r for s in members for r in set_bd_rates(s, name, peer, results, qualities, metric)]
                    cells.append(f"{statistics.mean(rates):+15.1f}%" if rates else f"{'-':>16}")
                print(f"{name:14} {label:8} " + " ".join(cells))


def print_format_bd_table(args, sets, report):
    """Our formats against each other: per image, the BD-rate of our first variant in one
    format against the same in another (each over its own qualities), over the SSIM interval
    the two curves share; and the median encode seconds per image at each format's middle
    quality (the batch report's encode timing: every encode of the search, one at a fixed Q)."""
    formats = args.formats
    print("\nOur formats against each other: BD-rate, mean of per-image values "
          "(negative: fewer bytes at equal SSIM; bitstream bytes)", flush=True)
    photographic = [s for s in sets if s != "drawings"]
    for metric, label in (("ssim_y", "Y-SSIM"), ("ssim_rgb", "RGB-SSIM")):
        print(f"{label:8} {'format':6} " + " ".join(f"{'vs ' + peer:>10}" for peer in formats))
        for fmt in formats:
            cells = []
            for peer in formats:
                if peer == fmt:
                    cells.append(f"{'-':>10}")
                    continue
                rates = per_image_bd_rates(report[fmt]["ours"], report[peer]["ours"], set(photographic), metric)
                cells.append(f"{statistics.mean(rates):+9.1f}%" if rates else f"{'-':>10}")
            print(f"{label:8} {fmt:6} " + " ".join(cells))
    print("\nEncode seconds per image (median, at each format's middle quality; the machine's load shows in it)")
    for fmt in formats:
        per_q = report[fmt]["ours"]
        middle = sorted(per_q)[len(per_q) // 2]
        seconds = [r["encode_seconds"] for r in per_q[middle].values() if r["encode_seconds"] is not None]
        if seconds:
            print(f"{fmt:6} q{middle:<4} {statistics.median(seconds):.3f} s over {len(seconds)} images")


def quality_bar(args, sets, tmp):
    """Our defaults against vipsthumbnail at the same Q, per set. Two rows per set: 'same Q'
    (both at the default quality: median SSIM and median bytes side by side), and 'its bytes'
    (each of our thumbnails capped at the bitstream bytes of vips's, so ours uses no more: the
    bar is that our median SSIM is then at least vips's; the cap given to --max-bytes adds our
    file's own container bytes, which the bitstream count leaves out). True when every set
    passes."""
    passed = True
    print("\nQuality bar: our defaults vs vipsthumbnail at the same Q (JPEG 80, WebP 75; bitstream bytes)")
    print(f"{'format':6} {'set':18} {'ours at':9} {'n':>3} {'Y-SSIM ours':>11} {'vips':>7} {'RGB-SSIM ours':>13} {'vips':>7} "
          f"{'KB ours':>8} {'vips':>7} {'bytes':>6} {'encodes':>7}  verdict", flush=True)
    for fmt in args.formats:
        for set_name, files in sets.items():
            base = tmp / "bar" / fmt / set_name
            ours = run_ours(args.tool, files, fmt, None, [], base / "ours", args.box)
            vips = run_vips(files, fmt, DEFAULT_QUALITY[fmt], base / "vips", args.box)
            # The comparison counts bitstream bytes only, but --max-bytes caps our whole file:
            # our own container and metadata bytes (measured on our same-Q output) are added
            # so that they do not come out of our bitstream.
            overhead = {o: path.stat().st_size - bitstream_bytes(path) for o, (path, _, _) in ours.items()}
            caps = {o: bitstream_bytes(path) + overhead.get(o, 0) for o, (path, _, _) in vips.items()}
            capped = run_ours_capped(args.tool, caps, fmt, base / "capped", args.box)
            results = score_all({"ours": {0: ours}, "capped": {0: capped}, "vips": {0: vips}},
                                {f.resolve(): set_name for f in files})
            for label, who in (("same Q", "ours"), ("its bytes", "capped")):
                both = [o for o in results[who].get(0, {}) if o in results["vips"].get(0, {})]
                if not both:
                    continue
                med = lambda w, key: statistics.median(results[w][0][o][key] for o in both)
                ssim_ok = med(who, "ssim_y") >= med("vips", "ssim_y")
                bytes_ok = med(who, "bytes") <= med("vips", "bytes")
                verdict = ("PASS" if ssim_ok and bytes_ok else "FAIL") if who == "capped" else \
                    ("SSIM >= vips" if ssim_ok else "SSIM < vips") + (", bytes <= vips" if bytes_ok else ", bytes > vips")
                if who == "capped":
                    passed &= ssim_ok and bytes_ok
                encodes = f"{statistics.mean(results[who][0][o]['encodes'] or 0 for o in both):7.2f}" if who == "ours" else f"{'-':>7}"
                print(f"{fmt:6} {set_name:18} {label:9} {len(both):3} {med(who, 'ssim_y'):11.4f} {med('vips', 'ssim_y'):7.4f} "
                      f"{med(who, 'ssim_rgb'):13.4f} {med('vips', 'ssim_rgb'):7.4f} "
                      f"{med(who, 'bytes') / 1000:8.1f} {med('vips', 'bytes') / 1000:7.1f} "
                      f"{med(who, 'bytes') / med('vips', 'bytes'):6.3f} {encodes}  {verdict}", flush=True)
    print("PASS" if passed else "FAIL", "(per set, each of ours capped at the bytes of vips's: median Y-SSIM >= vips's)")
    return passed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sets", nargs="*", metavar="SET=PATH[,PATH...]")
    parser.add_argument("--tool", default=str(ROOT / ".build/release/widget-thumbs"))
    parser.add_argument("--box", type=int, default=500)
    parser.add_argument("--formats", default="webp,jpeg", type=lambda s: s.split(","))
    parser.add_argument("--qualities", default="50:90:5",
                        type=lambda s: list(range(int(s.split(":")[0]), int(s.split(":")[1]) + 1, int(s.split(":")[2]))))
    parser.add_argument("--qualities-for", action="append", default=[], metavar="FORMAT=LOW:HIGH:STEP",
                        help="another quality list for one format (AVIF and HEIC are useful lower than JPEG)")
    parser.add_argument("--ours-only", action="store_true",
                        help="no vips or Pillow peers (for the across-formats table alone)")
    parser.add_argument("--ours", action="append", default=[], metavar="NAME=ARGS")
    parser.add_argument("--candidate", action="append", default=[], metavar="NAME=FORMAT:COMMAND")
    parser.add_argument("--bar", action="store_true", help="check the quality bar instead of drawing curves")
    parser.add_argument("--json", help="also write every score to this file")
    args = parser.parse_args()
    steps = lambda s: list(range(int(s.split(":")[0]), int(s.split(":")[1]) + 1, int(s.split(":")[2])))
    args.qualities_for = {fmt: steps(spec) for fmt, spec in (v.split("=", 1) for v in args.qualities_for)}
    with tempfile.TemporaryDirectory() as tmp:
        sets = parse_sets(args.sets, args.bar, tmp)
        if args.bar:
            return 0 if quality_bar(args, sets, Path(tmp)) else 1
        report = make_curves(args, sets, Path(tmp))
    if args.json:
        flat = [dict(format=fmt, contender=name, quality=q, input=str(o), **row)
                for fmt, results in report.items() for name, per_q in results.items()
                for q, rows in per_q.items() for o, row in rows.items()]
        Path(args.json).write_text(json.dumps(flat, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
