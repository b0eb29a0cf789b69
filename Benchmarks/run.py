#!/usr/bin/env python3
"""WidgetThumbnails benchmark driver (`make bench`).

Runs our harness (Benchmarks/ThumbnailBenchmarks, built with `swift build -c release`) and the
peers (vipsthumbnail, Pillow, djpeg/dwebp as the decode floor) on exactly the same inputs, box
and output settings, each measured configuration as its own process (so its peak RSS is its
own), alternating configurations round by round so machine drift hits all alike. Rewrites the
results section of Benchmarks/README.md and keeps the raw runs in Benchmarks/results/.

Every row states its encoder settings. The headline ratios compare equal settings: JPEG Q80
4:2:0 baseline with standard Huffman tables (the same libjpeg-turbo for everyone; ours at
`--effort 0`, beside its default effort 4, which optimises the tables) and WebP Q75 at libwebp
method 4 (what vipsthumbnail and Pillow use, and our default effort 4).
Beside them, the physical floor: djpeg/dwebp decoding at our DCT scale plus cjpeg/cwebp encoding
our own output at the same settings.

Usage: Benchmarks/run.py [--runs 5] [--bin PATH] [--cli PATH] [--quick] [--only heif|photos] [--skip heif]
  --cli PATH    also time `widget-thumbs batch --jobs N` (skipped with a note if it has no batch)
  --only heif   only the HEIC sets (their own results section in Benchmarks/README.md)
  --only photos only the real-photo sets (prints the tables; the README is left alone)
  --skip heif   everything but the HEIC sets (their README section is left as it is)
"""
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS_PHOTOS = ROOT.parent / "shared" / "corpus" / "photos"
SAMPLES = ROOT / "SampleImages"
README = ROOT / "Benchmarks" / "README.md"
RESULTS = ROOT / "Benchmarks" / "results"
CACHE = Path(os.environ.get("BENCH_CACHE", Path.home() / ".cache" / "widget-thumbnails-bench"))
BEGIN, END = "<!-- results:begin -->", "<!-- results:end -->"
HEIF_BEGIN, HEIF_END = "<!-- heif-results:begin -->", "<!-- heif-results:end -->"
CORPUS_HEIC = ROOT.parent / "shared" / "corpus" / "heic"
HEIC_REPEATS = 2  # the iPhone HEIC of the corpus and 4 generated ones, twice: a 10-image batch
HEIC_TILE = 512  # the grid tile of iPhone HEICs (and of every camera HEIC in the corpus)
BOX = 500
PHOTO_REPEATS = 5  # the 4 corpus photos, 5 times each: a 20-image batch


def log(*parts):
    print("bench:", *parts, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- inputs

def generated_inputs():
    """12 MP PNG, 16 MP WebP and a 4000x40000 PNG strip, made once into the cache (never the repo)."""
    from PIL import Image
    CACHE.mkdir(parents=True, exist_ok=True)
    source = SAMPLES / "large-4000x3000.jpg"
    made = {"png12": CACHE / "photo-4000x3000.png", "webp16": CACHE / "photo-4608x3456.webp",
            "strip": CACHE / "strip-4000x40000.png"}
    if not made["png12"].exists():
        log("making", made["png12"])
        with Image.open(source) as im:
            im.convert("RGB").save(made["png12"], compress_level=6)
    if not made["webp16"].exists():
        log("making", made["webp16"])
        with Image.open(source) as im:
            im.convert("RGB").resize((4608, 3456), Image.LANCZOS).save(made["webp16"], "WEBP", quality=90)
    if not made["strip"].exists():
        # Synthetic but not flat (gradients and bands, like a long screenshot): a tiled photo
        # makes a 200 MB PNG, over our 128 MiB file limit, and what is measured here is memory
        # against height, not the size of the compressed file (which is held in memory).
        log("making", made["strip"], "(4000x40000)")
        import numpy as np
        x = np.arange(4000, dtype=np.float32)[None, :]
        rows = []
        for top in range(0, 40000, 2000):
            y = np.arange(top, top + 2000, dtype=np.float32)[:, None]
            r = 127 + 120 * np.sin(x / 310 + y / 900)
            g = 127 + 120 * np.cos(y / 170) * np.sin(x / 45)
            b = (x * 0.05 + y * 0.01) % 256
            rows.append(np.clip(np.stack([r, g, b], axis=-1), 0, 255).astype(np.uint8))
        Image.fromarray(np.concatenate(rows)).save(made["strip"], compress_level=6)
    return made


def heif_inputs():
    """12 MP (4032x3024) HEICs made once with pillow-heif (x265) into the cache, never the repo,
    from SampleImages/large-4000x3000.jpg (flipped and turned so no two are alike): four laid out
    as iPhones write them (a grid of 512 px tiles; so are all three camera HEICs of the corpus),
    the same four as one single HEVC picture (pillow-heif's default), and one carrying a
    1024x768 embedded thumbnail. None without pillow-heif."""
    try:
        import pillow_heif
    except ImportError:
        return None
    from PIL import Image
    pillow_heif.register_heif_opener()
    CACHE.mkdir(parents=True, exist_ok=True)
    grids = [CACHE / f"iphone-grid-{index}.heic" for index in range(4)]
    singles = [CACHE / f"iphone-size-{index}.heic" for index in range(4)]
    with_thumbnail = CACHE / "iphone-size-thumbnail-1024.heic"
    made = dict(grid=[str(p) for p in grids], single=[str(p) for p in singles], thumbnail=str(with_thumbnail))
    if all(p.exists() for p in grids + singles + [with_thumbnail]):
        return made
    with Image.open(SAMPLES / "large-4000x3000.jpg") as im:
        source = im.convert("RGB").resize((4032, 3024), Image.LANCZOS)
    turns = [None, Image.Transpose.FLIP_LEFT_RIGHT, Image.Transpose.FLIP_TOP_BOTTOM, Image.Transpose.ROTATE_180]
    for grid, single, turn in zip(grids, singles, turns):
        image = source if turn is None else source.transpose(turn)
        for path, tiles in ((grid, dict(tile_size=HEIC_TILE)), (single, {})):
            if not path.exists():
                log("making", path)
                image.save(path, quality=80, **tiles)
    if not with_thumbnail.exists():
        log("making", with_thumbnail)
        source.save(with_thumbnail, quality=80, thumbnails=[1024])
    return made


def ssim(path_a, path_b):
    """Mean SSIM of the luma of two images of one size (8x8 windows, the usual constants)."""
    import numpy as np
    from PIL import Image

    def luma(path):
        with Image.open(path) as im:
            return np.asarray(im.convert("L"), dtype=np.float64)

    a, b = luma(path_a), luma(path_b)
    if a.shape != b.shape:
        return float("nan")

    def window_mean(x, size=8):
        c = np.cumsum(np.cumsum(np.pad(x, ((1, 0), (1, 0))), 0), 1)
        return (c[size:, size:] - c[:-size, size:] - c[size:, :-size] + c[:-size, :-size]) / (size * size)

    ma, mb = window_mean(a), window_mean(b)
    va, vb = window_mean(a * a) - ma ** 2, window_mean(b * b) - mb ** 2
    cov = window_mean(a * b) - ma * mb
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    return float((((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma ** 2 + mb ** 2 + c1) * (va + vb + c2))).mean())


def sample_files(*suffixes):
    return sorted(str(p) for p in SAMPLES.iterdir() if p.suffix.lower() in suffixes and p.is_file())


# ---------------------------------------------------------------- running one configuration

class Config:
    """One measured configuration: one or more processes started together."""

    def __init__(self, name, commands, kind, images, pixels, parse_ours=False, settings="-"):
        self.name, self.commands, self.kind = name, commands, kind
        self.images, self.pixels, self.parse_ours = images, pixels, parse_ours
        self.settings = settings
        self.runs = []

    def cpu_ms(self):
        """Median CPU time per image, in milliseconds."""
        return self.median("cpu") / self.images * 1000

    def run(self, outdir):
        if outdir.exists():
            shutil.rmtree(outdir)
        outdir.mkdir(parents=True)
        start = time.perf_counter()
        procs = []
        for command in self.commands:
            argv = [a.replace("{out}", str(outdir)) for a in command]
            procs.append(subprocess.Popen(argv, stdout=subprocess.PIPE if self.parse_ours else subprocess.DEVNULL,
                                          stderr=subprocess.PIPE))
        cpu, rss, report, failed = 0.0, 0, None, []
        outputs = {}
        if self.parse_ours:  # our harness prints one JSON report on stdout
            for p in procs:
                outputs[p.pid] = p.stdout.read()
        for p in procs:
            err = p.stderr.read()
            _, status, usage = os.wait4(p.pid, 0)
            p.returncode = os.waitstatus_to_exitcode(status)
            cpu += usage.ru_utime + usage.ru_stime
            rss += usage.ru_maxrss  # KiB; processes run at the same time, so their peaks add up
            if p.returncode != 0:
                failed.append(f"{' '.join(p.args[:3])}... exit {p.returncode}: {err.decode(errors='replace')[-300:]}")
        wall = time.perf_counter() - start
        if self.parse_ours and procs:
            report = json.loads(outputs[procs[0].pid] or b"null")
        run = dict(wall=wall, cpu=cpu, rss_kib=rss, report=report, failed=failed)
        self.runs.append(run)
        return run

    def median(self, key):
        values = [r[key] for r in self.runs]
        return statistics.median(values) if values else float("nan")


def measure(configs, runs, workdir, warmups=1):
    """Every configuration once per round, rotating the order; the first `warmups` rounds
    are discarded."""
    for round_index in range(warmups + runs):
        shift = round_index % len(configs)
        for config in configs[shift:] + configs[:shift]:
            run = config.run(workdir / "out")
            if run["failed"]:
                log(config.name, "FAILED:", *run["failed"])
        if round_index < warmups:
            for config in configs:
                config.runs.clear()
        log(f"round {round_index + 1}/{warmups + runs} done")


# ---------------------------------------------------------------- the measured sets

# The settings every contender is run at, as each row states them. JPEG: quality 80, 4:2:0,
# libjpeg-turbo's accurate DCT; vipsthumbnail and Pillow write baseline with standard Huffman
# tables (our `--effort 0`), ours by default optimises them (effort 4). WebP: quality 75,
# libwebp method 4 for the peers (libvips' `effort` and Pillow's `method` default) and for
# our default effort 4, which is libwebp's method one to one.
JPEG_SETTINGS = "JPEG Q80 4:2:0 baseline"
WEBP_QUALITY = 75
PEER_EFFORT = {"webp": 4, "jpeg": 0}
PEER_WEBP_METHOD = PEER_EFFORT["webp"]
OUR_EFFORT = 4          # EncodeEffort.standard


def settings_text(fmt, effort=None):
    effort = PEER_EFFORT.get(fmt, 0) if effort is None else effort
    if fmt == "webp":
        return f"WebP Q{WEBP_QUALITY} m{effort}"
    if fmt == "jpeg":
        scan = "progressive" if effort >= 5 else "baseline"
        tables = "standard Huffman" if effort == 0 else "optimised Huffman"
        return f"JPEG Q80 4:2:0 {scan}, {tables}"
    return fmt.upper()


def ours(bench, files, workers, fmt, name=None, embedded="auto", effort=None):
    command = [bench, "run", "--workers", str(workers), "--format", fmt, "--box", str(BOX), "--out", "{out}",
               "--embedded-thumbnails", embedded]
    if effort is not None:
        command += ["--effort", str(effort)]
    return command + list(files)


def vips(files, fmt, half=None):
    suffix = "[Q=75,strip]" if fmt == "webp" else "[Q=80,strip]"
    ext = "webp" if fmt == "webp" else "jpg"
    out = "{out}" + (f"/h{half}" if half is not None else "")
    command = ["vipsthumbnail", "-s", str(BOX), "-o", f"{out}/%s.{ext}{suffix}", *files]
    if half is not None:  # its own directory, so the halves never write the same name
        return ["sh", "-c", f'mkdir -p "{out}" && exec "$0" "$@"', *command]
    return command


def pillow(files, fmt):
    return [sys.executable, str(ROOT / "Benchmarks" / "pillow_thumbs.py"), "--format", fmt, "--box", str(BOX),
            "--out", "{out}", *files]


def batch_set(bench, files, fmt, pixels, cli=None, pillow_parallel=False, equal=False):
    """Ours (at our default settings), vipsthumbnail and Pillow; with `equal`, ours also at the
    peers' settings where ours differ (JPEG: `--effort 0`; kinds ours1m/ours2m), which the
    headline compares."""
    half = len(files) // 2
    n = len(files)
    own = settings_text(fmt, OUR_EFFORT)
    peer = settings_text(fmt)
    configs = [
        Config("ours, 1 worker", [ours(bench, files, 1, fmt)], "ours1", n, pixels, parse_ours=True, settings=own),
        Config("ours, 2 workers", [ours(bench, files, 2, fmt)], "ours2", n, pixels, parse_ours=True, settings=own),
    ]
    if equal and own != peer:
        e = PEER_EFFORT[fmt]
        configs += [
            Config(f"ours, 1 worker, effort {e}", [ours(bench, files, 1, fmt, effort=e)], "ours1m", n, pixels,
                   parse_ours=True, settings=peer),
            Config(f"ours, 2 workers, effort {e}", [ours(bench, files, 2, fmt, effort=e)], "ours2m", n, pixels,
                   parse_ours=True, settings=peer),
        ]
    configs += [
        Config("vipsthumbnail, 1 process", [vips(files, fmt)], "vips1", n, pixels, settings=peer),
        Config("vipsthumbnail, 2 processes (halves)", [vips(files[:half], fmt, 0), vips(files[half:], fmt, 1)],
               "vips2", n, pixels, settings=peer),
        Config("Pillow, 1 process", [pillow(files, fmt)], "pillow1", n, pixels, settings=peer),
    ]
    if pillow_parallel:
        configs.append(Config("Pillow, 2 processes (halves)", [pillow(files[:half], fmt), pillow(files[half:], fmt)],
                              "pillow2", n, pixels, settings=peer))
    if cli:
        configs.append(Config("widget-thumbs batch --jobs 2",
                              [[cli, "batch", *files, "--out", "{out}", "--format", fmt, "--max-side", str(BOX),
                                "--jobs", "2"]], "cli2", n, pixels, settings=own))
    return configs


def heif_sets(bench, heic, cli=None):
    """The iPhone-size batch against vipsthumbnail and Pillow + pillow-heif, and the embedded
    thumbnail set: ours with the shortcut, ours with --full-decode, vipsthumbnail."""
    batch = ([str(CORPUS_HEIC / "arrow.heic")] if (CORPUS_HEIC / "arrow.heic").exists() else []) + heic["grid"]
    batch = batch * HEIC_REPEATS
    pixels = 4032 * 3024 * len(batch) / 1e6
    configs = batch_set(bench, batch, "jpeg", pixels, cli=cli, pillow_parallel=True, equal=True)
    singles = heic["single"] * HEIC_REPEATS
    single_configs = [c for c in batch_set(bench, singles, "jpeg", 4032 * 3024 * len(singles) / 1e6, pillow_parallel=True,
                                           equal=True) if c.kind in ("ours2m", "vips2", "pillow2")]
    thumb = [heic["thumbnail"]] * 6
    jpeg, own = settings_text("jpeg"), settings_text("jpeg", OUR_EFFORT)
    tconfigs = [
        Config("ours, 2 workers, embedded thumbnail", [ours(bench, thumb, 2, "jpeg")], "ours2", len(thumb),
               4032 * 3024 * len(thumb) / 1e6, parse_ours=True, settings=own),
        Config("ours, 2 workers, --full-decode", [ours(bench, thumb, 2, "jpeg", embedded="never")], "full2", len(thumb),
               4032 * 3024 * len(thumb) / 1e6, parse_ours=True, settings=own),
        Config("vipsthumbnail, 2 processes (halves)", [vips(thumb[:3], "jpeg", 0), vips(thumb[3:], "jpeg", 1)], "vips2",
               len(thumb), 4032 * 3024 * len(thumb) / 1e6, settings=jpeg),
    ]
    return [(f"iPhone-size HEIC to 500 px JPEG ({len(batch) // HEIC_REPEATS} files x {HEIC_REPEATS} = {len(batch)} "
             "images, 12.2 MP each, grids of 512 px tiles)", configs),
            ("A 12 MP HEIC with a 1024x768 embedded thumbnail to 500 px JPEG (6 images)", tconfigs),
            (f"The same 12 MP pictures as one HEVC image each, not a grid (4 files x {HEIC_REPEATS} = {len(singles)} "
             "images)", single_configs)]


def shortcut_quality(bench, heic, workdir):
    """SSIM and mean level difference of the embedded-thumbnail output against the
    --full-decode output of the same file, both lossless PNG (no encoder noise)."""
    import numpy as np
    from PIL import Image
    outputs = {}
    for mode in ("auto", "never"):
        out = workdir / f"quality-{mode}"
        out.mkdir(parents=True, exist_ok=True)
        subprocess.run([a.replace("{out}", str(out)) for a in ours(bench, [heic["thumbnail"]], 1, "png", embedded=mode)],
                       capture_output=True, check=True)
        outputs[mode] = out / "0.png"
    with Image.open(outputs["auto"]) as a, Image.open(outputs["never"]) as b:
        pixels = [np.asarray(im.convert("RGB"), dtype=np.float64) for im in (a, b)]
    mean = float(np.abs(pixels[0] - pixels[1]).mean()) if pixels[0].shape == pixels[1].shape else float("nan")
    return ssim(outputs["auto"], outputs["never"]), mean


def heif_markdown(sets, quality, runs):
    lines = [f"Measured {time.strftime('%Y-%m-%d %H:%M %Z')} by `make bench` ({runs} measured runs per "
             "configuration after one warm-up round, alternated; medians). Load average at the start: "
             f"{', '.join(f'{x:.2f}' for x in os.getloadavg())} (2 cores shared with other jobs).", "",
             "Inputs: `../shared/corpus/heic/arrow.heic` (an iPhone 8 Plus grid of 48 tiles) and four "
             f"4032x3024 HEICs made by pillow-heif (x265, quality 80) into the cache as iPhones lay them out, "
             f"grids of {HEIC_TILE} px tiles (`tile_size={HEIC_TILE}`; the Xiaomi and Sony files of the corpus are "
             "grids too), never committed; the last set has the same pictures as single HEVC images, "
             "pillow-heif's default. Settings for everyone: "
             f"fit in {BOX}x{BOX}, JPEG Q80, metadata stripped. Ours decodes plain HEIC tiles with libde265 "
             "directly (libheif for the rest), in the calling thread (one thread per job); vipsthumbnail "
             "reads through libheif 1.15 and the same libde265.", ""]
    targets = []
    batch = sets[0][1]
    o2, v = next(c for c in batch if c.kind == "ours2m"), best(batch, {"vips1", "vips2"})
    p = best(batch, {"pillow1", "pillow2"})
    targets.append(["iPhone-size HEIC to 500 px JPEG Q80, standard Huffman for all, 2 cores: wall, best "
                    "vipsthumbnail / ours", ">= 1.5x",
                    f"{v.median('wall') / o2.median('wall'):.2f}x ({fmt_ms(o2.median('wall'))} vs "
                    f"{fmt_ms(v.median('wall'))}, {v.name})"])
    targets.append(["same, CPU per image: vipsthumbnail (same configuration) / ours", "-",
                    f"{v.cpu_ms() / o2.cpu_ms():.2f}x "
                    f"({o2.cpu_ms():.0f} vs {v.cpu_ms():.0f} ms)"])
    targets.append(["same, best Pillow + pillow-heif / ours", "-",
                    f"{p.median('wall') / o2.median('wall'):.2f}x ({p.name})"])
    targets.append(["peak RSS, ours (2 workers) vs best vipsthumbnail", "lower",
                    f"{o2.median('rss_kib') / 1024:.0f} vs {v.median('rss_kib') / 1024:.0f} MB"])
    singles = sets[2][1]
    s2, sv = next(c for c in singles if c.kind == "ours2m"), next(c for c in singles if c.kind == "vips2")
    targets.append(["the same pictures as single HEVC images (not a grid): vipsthumbnail (2 processes) / ours", "-",
                    f"{sv.median('wall') / s2.median('wall'):.2f}x ({fmt_ms(s2.median('wall'))} vs "
                    f"{fmt_ms(sv.median('wall'))}; CPU per image {s2.cpu_ms():.0f} vs {sv.cpu_ms():.0f} ms)"])
    thumbs = sets[1][1]
    auto, full = next(c for c in thumbs if c.kind == "ours2"), next(c for c in thumbs if c.kind == "full2")
    targets.append(["embedded thumbnail speed-up (ours --full-decode / ours)", "-",
                    f"{full.median('wall') / auto.median('wall'):.1f}x ({fmt_ms(auto.median('wall'))} vs "
                    f"{fmt_ms(full.median('wall'))} for 6 images; peak {auto.median('rss_kib') / 1024:.0f} vs "
                    f"{full.median('rss_kib') / 1024:.0f} MB)"])
    targets.append(["its cost: the shortcut's thumbnail against the full decode's (PNG, luma SSIM; mean levels)", "-",
                    f"SSIM {quality[0]:.4f}; mean difference {quality[1]:.2f} levels"])
    lines = ["### HEIC targets", "", table(targets, ["target", "goal", "measured"]), ""] + lines
    for title, configs in sets:
        lines += [f"### {title}", "", set_table(configs), ""]
        ours1 = next((c for c in configs if c.kind == "ours1"), None)
        if ours1 and ours1.runs and ours1.runs[0]["report"]:
            per, total, lat = stage_breakdown(ours1)
            parts = ", ".join(f"{s} {per[s] * 1000:.1f} ms ({per[s] / total:.0%})" for s in per)
            lines += [f"Ours, 1 worker, per image (median): {parts}.", ""]
    lines += ["```", f"ThumbnailBenchmarks run --workers 2 --format jpeg --box {BOX} --out OUT [--embedded-thumbnails never] FILE...",
              f"vipsthumbnail -s {BOX} -o OUT/%s.jpg[Q=80,strip] FILE...     (and two at once, each on half)",
              f"python3 Benchmarks/pillow_thumbs.py --format jpeg --box {BOX} --out OUT FILE...   (pillow-heif opener)",
              "```"]
    return "\n".join(lines)


def decode_step(entry, f):
    """The reference decoder at the size our decoder chooses (djpeg -scale M/8, dwebp -scale
    W H), or None for inputs it cannot take (dwebp refuses animations)."""
    if entry["format"] == "jpeg":
        return f"djpeg -scale {round(8 * entry['decodedWidth'] / entry['storedWidth'])}/8 -outfile /dev/null '{f}'"
    if entry["format"] == "webp" and entry["frameCount"] == 1:
        return f"dwebp -quiet -scale {entry['decodedWidth']} {entry['decodedHeight']} -ppm -o /dev/null '{f}'"
    return None


def decode_floor_config(plan, files):
    """The decode step of every file, one process per file in sequence (as a shell loop
    would): the least any decoder-based tool can do."""
    script = [step for step in (decode_step(plan[f], f) for f in files) if step]
    return Config("decode floor (djpeg/dwebp -scale, our scale)", [["sh", "-c", " && ".join(script)]], "floor",
                  len(files), 0, settings="decode only")


def physical_floor_config(bench, plan, files, fmt, workdir):
    """The decode floor plus encoding our own output at the same settings with the reference
    encoder (cjpeg -quality 80 / cwebp -q 75 -m 4), one process per step in sequence: what any
    tool that decodes at our scale and encodes the same pixels at these settings must spend.
    Our outputs are made once (lossless PNG, turned into PPM) before the rounds."""
    targets = workdir / f"floor-{fmt}"
    targets.mkdir(parents=True, exist_ok=True)
    unique = sorted(set(files))
    subprocess.run([a.replace("{out}", str(targets)) for a in ours(bench, unique, 1, "png")], capture_output=True,
                   check=True)
    from PIL import Image
    ppm = {}
    for index, f in enumerate(unique):
        with Image.open(targets / f"{index}.png") as im:
            im.convert("RGB").save(targets / f"{index}.ppm")
        ppm[f] = targets / f"{index}.ppm"
    script = []
    for f in files:
        step = decode_step(plan[f], f)
        if step:
            script.append(step)
        if fmt == "jpeg":
            script.append(f"cjpeg -quality 80 -outfile /dev/null '{ppm[f]}'")
        else:
            script.append(f"cwebp -quiet -q {WEBP_QUALITY} -m {PEER_WEBP_METHOD} '{ppm[f]}' -o /dev/null")
    encoder = "cjpeg -quality 80" if fmt == "jpeg" else f"cwebp -q {WEBP_QUALITY} -m {PEER_WEBP_METHOD}"
    return Config(f"physical floor: djpeg -scale + {encoder} of our output", [["sh", "-c", " && ".join(script)]],
                  "pfloor", len(files), 0, settings=settings_text(fmt))


def megapixels(plan, files):
    return sum(plan[f]["storedWidth"] * plan[f]["storedHeight"] for f in files) / 1e6


# ---------------------------------------------------------------- reporting

def machine():
    cpuinfo = Path("/proc/cpuinfo").read_text()
    model = next((l.split(":", 1)[1].strip() for l in cpuinfo.splitlines() if l.startswith("model name")), "?")
    mem = next((l.split()[1] for l in Path("/proc/meminfo").read_text().splitlines() if l.startswith("MemTotal")), "0")

    def version(argv):
        try:
            return subprocess.run(argv, capture_output=True, text=True).stdout.strip().splitlines()[0]
        except (OSError, IndexError):
            return "?"

    def deb(package):
        return version(["dpkg-query", "-W", "-f=${Version}", package])

    import PIL
    return dict(cpu=model, nproc=os.cpu_count(), mem_gib=int(mem) / 1024 / 1024, kernel=platform.release(),
                vips=version(["vips", "--version"]), pillow=PIL.__version__, turbojpeg=deb("libturbojpeg0"),
                webp=deb("libwebp7"), swift=version(["swift", "--version"]))


def fmt_ms(seconds):
    return f"{seconds * 1000:.0f} ms" if seconds < 10 else f"{seconds:.1f} s"


def table(rows, header):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def set_table(configs):
    """One row per configuration; the ratios are against ours with 2 workers at the peers'
    settings where the set has that row (JPEG at effort 0), else at ours."""
    kinds = {c.kind for c in configs}
    ref = next(c for c in configs if c.kind == ("ours2m" if "ours2m" in kinds else "ours2"))
    rows = []
    for c in configs:
        if not c.runs:
            continue
        wall, cpu, rss = c.median("wall"), c.median("cpu"), c.median("rss_kib")
        rows.append([c.name, c.settings, fmt_ms(wall), f"{c.images / wall:.1f}",
                     f"{c.pixels / wall:.0f}" if c.pixels else "-",
                     f"{cpu / c.images * 1000:.1f} ms", f"{rss / 1024:.0f} MB",
                     "1.00" if c is ref else f"{wall / ref.median('wall'):.2f}x"])
    return table(rows, ["configuration", "encoder settings", "wall (median)", "images/s", "MP/s", "CPU / image",
                        "peak RSS", f"wall / {ref.name}"])


def stage_breakdown(config):
    stages = ["read", "decode", "resample", "encode", "write"]
    per = {s: statistics.median(im[s] for r in config.runs for im in r["report"]["images"]) for s in stages}
    total = sum(per.values())
    lat = sorted(im["latency"] for r in config.runs for im in r["report"]["images"])
    return per, total, lat


def best(configs, kinds):
    found = [c for c in configs if c.kind in kinds and c.runs]
    return min(found, key=lambda c: c.median("wall")) if found else None


def report_markdown(info, load_before, load_after, sets, memory, floor, commands, runs, headroom_note):
    lines = [f"Measured {time.strftime('%Y-%m-%d %H:%M %Z')} by `make bench` ({runs} measured runs per "
             "configuration after one warm-up round, configurations alternated round by round; medians).", "",
             f"- Machine: {info['cpu']}, {info['nproc']} cores (nproc), {info['mem_gib']:.1f} GiB RAM, "
             f"Linux {info['kernel']}; shared with other jobs: load average {load_before} before, "
             f"{load_after} after.",
             f"- Peers: {info['vips']}, Pillow {info['pillow']}, libjpeg-turbo {info['turbojpeg']}, "
             f"libwebp {info['webp']}. Ours: {info['swift'].split('(')[0].strip()}, release build.",
             f"- Settings for everyone: fit in {BOX}x{BOX}, metadata stripped, EXIF orientation applied; each "
             f"row states its encoder settings. JPEG: Q80, 4:2:0, baseline, the same libjpeg-turbo for every "
             f"contender; vipsthumbnail and Pillow write standard Huffman tables, ours optimises them by "
             f"default (effort {OUR_EFFORT}) and is also run at `--effort 0` (standard tables). WebP: "
             f"Q{WEBP_QUALITY}, libwebp method {PEER_WEBP_METHOD} for everyone (our default effort). The "
             "headline ratios compare equal settings.",
             "- Physical floor: `djpeg -scale N/8` (or `dwebp -scale`) at the scale our decoder picks, plus "
             "`cjpeg -quality 80` / `cwebp -q 75 -m 4` encoding our own output, one process per step: the "
             "decode and encode work any tool must do at these settings, with none of the resampling.", ""]
    targets = []
    for title, configs in sets:
        lines += [f"### {title}", "", set_table(configs), ""]
        ours1 = next((c for c in configs if c.kind == "ours1"), None)
        if ours1 and ours1.runs and ours1.runs[0]["report"]:
            per, total, lat = stage_breakdown(ours1)
            parts = ", ".join(f"{s} {per[s] * 1000:.1f} ms ({per[s] / total:.0%})" for s in per)
            lines += [f"Ours, 1 worker, per image (median): {parts}. Latency median "
                      f"{statistics.median(lat) * 1000:.1f} ms, p90 {lat[int(0.9 * (len(lat) - 1))] * 1000:.1f} ms.", ""]
    targets += equal_settings_targets(sets)
    for label, configs in memory:
        o = next(c for c in configs if c.kind == "ours1")
        v = next(c for c in configs if c.kind == "vips1")
        targets.append([f"{label}: peak RSS (ours vs vipsthumbnail)", "< 64 MB" if "PNG" in label else "-",
                        f"{o.median('rss_kib') / 1024:.0f} MB vs {v.median('rss_kib') / 1024:.0f} MB; "
                        f"{fmt_ms(o.median('wall'))} vs {fmt_ms(v.median('wall'))}"])
    if floor:
        o1, fl = floor
        targets.append(["photos to 500 px JPEG, 1 worker: wall / decode floor (decode only)", "-",
                        f"{o1.median('wall') / fl.median('wall'):.2f}x ({fmt_ms(o1.median('wall'))} vs "
                        f"{fmt_ms(fl.median('wall'))}; CPU {o1.median('cpu') / fl.median('cpu'):.2f}x)"])
    lines = ["### Targets", "", table(targets, ["target", "goal", "measured"]), ""] + lines
    if headroom_note:
        lines += [headroom_note, ""]
    lines += ["### Commands", "", "```"] + commands + ["```"]
    return "\n".join(lines)


def equal_settings_targets(sets):
    """The headline rows: ours against the best vipsthumbnail and Pillow configuration and the
    physical floor, at equal encoder settings, for the real-photo WebP and JPEG sets."""
    rows = []
    for fmt, label in (("WebP", settings_text("webp")), ("JPEG", settings_text("jpeg"))):
        configs = next((cs for t, cs in sets if t.startswith("Real photos") and fmt in t.split(" (")[0]), None)
        if not configs:
            continue
        kinds = {c.kind for c in configs}
        o1 = next(c for c in configs if c.kind == ("ours1m" if "ours1m" in kinds else "ours1"))
        o2 = next(c for c in configs if c.kind == ("ours2m" if "ours2m" in kinds else "ours2"))
        v, p = best(configs, {"vips1", "vips2"}), best(configs, {"pillow1", "pillow2"})
        pf = next((c for c in configs if c.kind == "pfloor"), None)
        rows.append([f"photos to 500 px, {label}, 2 cores: wall, best vipsthumbnail / ours", ">= 1.6x (goal 2x)",
                     f"{v.median('wall') / o2.median('wall'):.2f}x ({fmt_ms(o2.median('wall'))} vs "
                     f"{fmt_ms(v.median('wall'))}, {v.name})"])
        if p:
            rows.append([f"same, best Pillow / ours", "-", f"{p.median('wall') / o2.median('wall'):.2f}x ({p.name})"])
        rows.append([f"same: CPU per image, ours (2 workers) vs best vipsthumbnail", "-",
                     f"{o2.cpu_ms():.1f} vs {v.cpu_ms():.1f} ms ({o2.median('cpu') / v.median('cpu'):.2f}x)"])
        rows.append([f"same: peak RSS, ours (2 workers) / best vipsthumbnail", "<= 0.6x",
                     f"{o2.median('rss_kib') / v.median('rss_kib'):.2f}x ({o2.median('rss_kib') / 1024:.0f} vs "
                     f"{v.median('rss_kib') / 1024:.0f} MB)"])
        if pf:
            rows.append([f"same: CPU per image, best vipsthumbnail / physical floor (the most any tool can gain)",
                         "-", f"{v.median('cpu') / pf.median('cpu'):.2f}x ({v.cpu_ms():.1f} vs {pf.cpu_ms():.1f} ms)"])
            rows.append([f"same, 1 worker: wall / physical floor (decode + encode, 1 core)", "<= 1.1x",
                         f"{o1.median('wall') / pf.median('wall'):.2f}x ({fmt_ms(o1.median('wall'))} vs "
                         f"{fmt_ms(pf.median('wall'))}; CPU {o1.median('cpu') / pf.median('cpu'):.2f}x)"])
    return rows


def write_readme(markdown, begin=BEGIN, end=END, heading="HEIC"):
    text = README.read_text() if README.exists() else f"# Benchmarks\n\n{BEGIN}\n{END}\n"
    if begin not in text:
        text += f"\n## {heading}\n\n{begin}\n{end}\n"
    head, _, rest = text.partition(begin)
    _, _, tail = rest.partition(end)
    README.write_text(f"{head}{begin}\n{markdown}\n{end}{tail}")


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bin", help="ThumbnailBenchmarks binary (default: the release build)")
    parser.add_argument("--cli", help="widget-thumbs binary, to time its batch command too")
    parser.add_argument("--quick", action="store_true", help="2 runs, no generated strip (for trying the script)")
    parser.add_argument("--only", choices=["heif", "photos"], help="run only these sets")
    parser.add_argument("--skip", choices=["heif"], help="leave these sets out")
    args = parser.parse_args()
    runs = 2 if args.quick else args.runs
    bench = args.bin or str(Path(subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                                                capture_output=True, text=True, check=True).stdout.strip())
                            / "ThumbnailBenchmarks")
    cli = args.cli
    if cli and subprocess.run([cli, "batch", "--help"], capture_output=True).returncode != 0:
        log(f"{cli} has no batch command yet: skipping it")
        cli = None

    # Made in a child process too (pillow-heif's encoder takes this process to ~290 MB, which
    # every row's ru_maxrss would inherit); the call here only finds the files.
    subprocess.run([sys.executable, "-c", "import run; run.heif_inputs()"], cwd=ROOT / "Benchmarks", check=True)
    heic = heif_inputs()
    if heic is None:
        log("pillow-heif is not installed: skipping the HEIC sets (pip install pillow-heif)")
    elif args.only in ("heif", None) and args.skip != "heif":
        heic_sets = heif_sets(bench, heic, cli=cli)
        with tempfile.TemporaryDirectory(prefix="wt-bench-heif-") as tmp:
            for title, configs in heic_sets:
                log("measuring:", title)
                measure(configs, runs, Path(tmp))
            quality = shortcut_quality(bench, heic, Path(tmp))
        heif_report = heif_markdown(heic_sets, quality, runs)
        write_readme(heif_report, HEIF_BEGIN, HEIF_END)
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "heif-latest.json").write_text(json.dumps({t: {c.name: c.runs for c in cs} for t, cs in heic_sets},
                                                             indent=1, default=str))
        print(heif_report)
    if args.only == "heif":
        return 0

    load_before = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    # Made in a child process: the strip takes this process to ~1.8 GB, and Linux reports a
    # child's ru_maxrss as at least its parent's size at the fork, which every row would inherit.
    subprocess.run([sys.executable, "-c", "import run; run.generated_inputs()"], cwd=ROOT / "Benchmarks", check=True)
    gen = generated_inputs()
    photos = sorted(str(p) for p in CORPUS_PHOTOS.glob("*.jpg")) if CORPUS_PHOTOS.is_dir() else []
    if not photos:
        log(f"{CORPUS_PHOTOS} is absent: skipping the real-photo sets (the sample and generated sets still run)")
    jpegs = sample_files(".jpg", ".jpeg")
    pngs = sample_files(".png") + [str(gen["png12"])]
    webps = sample_files(".webp") + [str(gen["webp16"])]
    everything = sorted(set(photos + jpegs + pngs + webps + [str(gen["strip"])]))
    plan = {e["file"]: e for e in json.loads(subprocess.run([bench, "plan", "--box", str(BOX), *everything],
                                                            capture_output=True, check=True).stdout)}

    sets, memory, floor = [], [], None
    with tempfile.TemporaryDirectory(prefix="wt-bench-") as tmp:
        work = Path(tmp)
        if photos:
            batch = photos * PHOTO_REPEATS
            configs = batch_set(bench, batch, "webp", megapixels(plan, batch), cli=cli, pillow_parallel=True,
                                equal=True)
            configs.append(physical_floor_config(bench, plan, batch, "webp", work))
            sets.append((f"Real photos to 500 px WebP ({len(photos)} corpus photos x {PHOTO_REPEATS} = "
                         f"{len(batch)} images, {megapixels(plan, batch) / len(batch):.1f} MP average)", configs))
            jconfigs = batch_set(bench, batch, "jpeg", megapixels(plan, batch), pillow_parallel=True, equal=True)
            fl = decode_floor_config(plan, batch)
            jconfigs += [fl, physical_floor_config(bench, plan, batch, "jpeg", work)]
            sets.append((f"Real photos to 500 px JPEG, with the floors ({len(batch)} images)", jconfigs))
            floor = (next(c for c in jconfigs if c.kind == "ours1"), fl)
        other_sets = [] if args.only == "photos" else [
            ("Sample JPEGs to WebP", jpegs), ("PNGs (samples + 12 MP) to WebP", pngs),
            ("WebPs (samples + 16 MP) to WebP", webps)]
        for title, files in other_sets:
            configs = batch_set(bench, files, "webp", megapixels(plan, files))
            if title.startswith("WebP"):
                configs.append(decode_floor_config(plan, files))
            sets.append((f"{title} ({len(files)} images, {megapixels(plan, files):.0f} MP in all)", configs))
        singles = [("12 MP PNG (4000x3000)", gen["png12"]), ("16 MP WebP (4608x3456)", gen["webp16"]),
                   ("PNG strip 4000x40000", gen["strip"])]
        for label, path in ([] if args.only == "photos" else singles):
            files = [str(path)]
            memory.append((label, [Config("ours, 1 worker", [ours(bench, files, 1, "webp")], "ours1", 1,
                                          megapixels(plan, files), parse_ours=True),
                                   Config("vipsthumbnail", [vips(files, "webp")], "vips1", 1, megapixels(plan, files))]))

        for title, configs in sets:
            log("measuring:", title)
            measure(configs, runs, work)
        for label, configs in memory:
            log("measuring memory:", label)
            measure(configs, max(3, runs // 2 + 1), work)

    load_after = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    sample_cmds = [
        f"{Path(bench).name} run --workers 2 --format webp|jpeg --box {BOX} --out OUT [--effort 0-6] FILE...",
        f"vipsthumbnail -s {BOX} -o OUT/%s.webp[Q=75,strip] FILE...     (and two at once, each on half; .jpg[Q=80,strip])",
        f"python3 Benchmarks/pillow_thumbs.py --format webp|jpeg --box {BOX} --out OUT FILE...",
        "djpeg -scale N/8 -outfile /dev/null FILE      (N/8: the scale our decoder picks for the file)",
        "dwebp -quiet -scale W H -ppm -o /dev/null FILE (W x H: the size our decoder picks)",
        "  + cjpeg -quality 80 -outfile /dev/null OURS.ppm | cwebp -quiet -q 75 -m 4 OURS.ppm -o /dev/null",
        "                                              (physical floor: OURS = our own output, lossless)",
    ]
    if cli:
        sample_cmds.append(f"widget-thumbs batch FILE... --out OUT --format webp --max-side {BOX} --jobs 2")
    markdown = report_markdown(machine(), load_before, load_after, sets, memory, floor, sample_cmds, runs,
                               os.environ.get("BENCH_NOTE", ""))
    if args.only == "photos":
        print(markdown)
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "photos-latest.json").write_text(json.dumps({t: {c.name: c.runs for c in cs} for t, cs in sets},
                                                               indent=1, default=str))
        return 0
    write_readme(markdown)
    RESULTS.mkdir(exist_ok=True)
    raw = {title: {c.name: c.runs for c in configs} for title, configs in sets + memory}
    (RESULTS / "latest.json").write_text(json.dumps(raw, indent=1, default=str))
    print(markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
