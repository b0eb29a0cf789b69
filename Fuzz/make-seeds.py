#!/usr/bin/env python3
"""Writes the fuzz seed corpora: small valid files of each kind (Pillow), truncations, and the
bombs (dimension bombs, zTXt/iCCP bombs, a tEXt declaring ~2 GB, thousands of text chunks, a
65500x65500 JPEG header, progressive JPEGs with 400 and 600 scans, WebP with a huge canvas).

    python3 Fuzz/make-seeds.py OUTDIR      # makes OUTDIR/{FuzzJPEG,FuzzPNG,FuzzWebP,FuzzHEIF,FuzzSnapshot}

HEIF seeds come from pillow-heif (x265) when it is installed, and from boxes built here
(a grid of 5000 tiles, reference loops, a 60000x60000 ispe, an iloc extent past the end).

Deterministic: the same Pillow/zlib give the same files. Nothing here is committed output.
"""
import hashlib, io, os, struct, sys, zlib
from PIL import Image

def pattern(w, h, mode="RGB"):
    img = Image.new("RGBA", (w, h))
    img.putdata([((x * 255) // max(1, w - 1), (y * 255) // max(1, h - 1), (x * y) % 256, 255 - x * 8 % 256)
                 for y in range(h) for x in range(w)])
    return img.convert(mode)

def save(img, fmt, **kw):
    out = io.BytesIO(); img.save(out, fmt, **kw); return out.getvalue()

def truncations(name, data, out):
    for frac in (0.25, 0.5, 0.9):
        out[f"{name}-cut{int(frac * 100)}"] = data[: int(len(data) * frac)]

# JPEG ----------------------------------------------------------------------------------------
def sof_offset(jpeg):
    i = 2
    while i + 4 <= len(jpeg):
        marker, length = jpeg[i + 1], struct.unpack(">H", jpeg[i + 2:i + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2): return i
        i += 2 + length
    raise ValueError("no SOF")

def with_frame_size(jpeg, w, h):
    o = sof_offset(jpeg)
    return jpeg[:o + 5] + struct.pack(">HH", h, w) + jpeg[o + 9:]

def many_scans(jpeg, count):
    """Repeats the last scan (SOS .. before EOI) until the file has `count` more scans."""
    last = jpeg.rindex(b"\xff\xda")
    scan = jpeg[last:-2]
    return jpeg[:-2] + scan * count + b"\xff\xd9"

def jpeg_seeds():
    out = {}
    img = pattern(16, 16)
    out["baseline444"] = save(img, "JPEG", quality=90, subsampling=0)
    out["baseline420"] = save(pattern(33, 17), "JPEG", quality=75, subsampling=2)
    prog = save(img, "JPEG", quality=90, progressive=True)
    out["progressive"] = prog
    out["gray"] = save(pattern(16, 16, "L"), "JPEG")
    out["cmyk"] = save(pattern(16, 16, "CMYK"), "JPEG")
    exif = Image.Exif(); exif[0x0112] = 6
    out["exif-orientation6"] = save(pattern(24, 16), "JPEG", exif=exif.tobytes())
    out["icc-srgb"] = save(img, "JPEG", icc_profile=srgb_icc())
    truncations("baseline", out["baseline444"], out)
    truncations("progressive", prog, out)
    out["bomb-65500x65500"] = with_frame_size(out["baseline444"], 65500, 65500)
    out["bomb-11000x11000"] = with_frame_size(out["baseline444"], 11000, 11000)
    out["scans-400"] = many_scans(prog, 400)
    out["scans-600"] = many_scans(prog, 600)
    return out

def srgb_icc():
    from PIL import ImageCms
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()

# PNG -----------------------------------------------------------------------------------------
def chunk(kind, data, length=None):
    body = kind + data
    return struct.pack(">I", len(data) if length is None else length) + body + struct.pack(">I", zlib.crc32(body))

def tiny_png(extra=b"", w=4, h=4, ihdr_size=None):
    iw, ih = ihdr_size or (w, h)
    raw = b"".join(b"\x00" + bytes(v for x in range(w) for v in (x * 60 % 256, y * 60 % 256, 128)) for y in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", iw, ih, 8, 2, 0, 0, 0)) + extra
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

def png_seeds():
    out = {}
    out["rgba8"] = save(pattern(16, 16, "RGBA"), "PNG")
    out["rgb16"] = save(Image.new("I;16", (8, 8), 40000), "PNG")
    out["palette-trns"] = save(pattern(16, 16, "P"), "PNG", transparency=3)
    out["gray"] = save(pattern(16, 16, "L"), "PNG")
    out["interlaced"] = adam7(pattern(13, 11, "RGBA"))
    out["icc"] = save(pattern(8, 8), "PNG", icc_profile=srgb_icc())
    out["tiny"] = tiny_png()
    truncations("rgba8", out["rgba8"], out)
    out["bomb-ztxt-16MiB"] = tiny_png(chunk(b"zTXt", b"k\x00\x00" + zlib.compress(b"\x00" * (16 << 20), 9)))
    out["bomb-iccp-8MiB"] = tiny_png(chunk(b"iCCP", b"p\x00\x00" + zlib.compress(b"\x00" * (8 << 20), 9)))
    out["bomb-text-length-2GB"] = tiny_png(chunk(b"tEXt", b"k\x00v", length=1_979_711_491))
    out["bomb-2000-text-chunks"] = tiny_png(b"".join(chunk(b"tEXt", b"k\x00%d" % i) for i in range(2000)))
    out["bomb-exif-length"] = tiny_png(chunk(b"eXIf", b"MM\x00*", length=0x7FFF0000))
    for w, h in ((1_000_000, 1_000_000), (60_000, 60_000), (20_000, 20_000), (0x7FFFFFFF, 1)):
        out[f"bomb-{w}x{h}"] = tiny_png(ihdr_size=(w, h))
    out["bomb-idat-after-last-row"] = tiny_png(chunk(b"IDAT", zlib.compress(b"\x00" * (4 << 20), 9)))
    return out

def adam7(img):
    """Pillow cannot write Adam7: the seven passes by hand, filter 0 on every row."""
    w, h = img.size
    px = img.load()
    raw = b""
    for x0, y0, dx, dy in ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)):
        for y in range(y0, h, dy):
            row = [px[x, y] for x in range(x0, w, dx)]
            if row: raw += b"\x00" + bytes(v for p in row for v in p)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 1))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

# WebP ----------------------------------------------------------------------------------------
def riff(chunks):
    body = b"WEBP" + b"".join(chunks)
    return b"RIFF" + struct.pack("<I", len(body)) + body

def webp_chunks(data):
    i, chunks = 12, []
    while i + 8 <= len(data):
        size = struct.unpack("<I", data[i + 4:i + 8])[0]
        chunks.append(data[i:i + 8 + size + (size & 1)]); i += 8 + size + (size & 1)
    return chunks

def vp8x(flags, w, h):
    payload = bytes([flags, 0, 0, 0]) + (w - 1).to_bytes(3, "little") + (h - 1).to_bytes(3, "little")
    return b"VP8X" + struct.pack("<I", 10) + payload

def webp_seeds():
    out = {}
    img = pattern(16, 16, "RGBA")
    out["lossy"] = save(pattern(16, 16), "WEBP", quality=80)
    out["lossy-alpha"] = save(img, "WEBP", quality=80)
    out["lossless"] = save(img, "WEBP", lossless=True)
    frames = [pattern(16, 16, "RGBA").rotate(90 * i) for i in range(3)]
    anim = io.BytesIO(); frames[0].save(anim, "WEBP", save_all=True, append_images=frames[1:], duration=100, loop=0)
    out["animated"] = anim.getvalue()
    exif = Image.Exif(); exif[0x0112] = 8
    out["exif"] = save(img, "WEBP", exif=exif.tobytes(), icc_profile=srgb_icc())
    for name in ("lossy", "lossless", "animated"): truncations(name, out[name], out)
    lossy_frame = webp_chunks(out["lossy"])
    out["bomb-canvas-16383"] = riff([vp8x(0, 16383, 16383)] + lossy_frame)
    out["bomb-canvas-16Mi"] = riff([vp8x(0, 1 << 24, 1 << 24)] + lossy_frame)
    anim_chunks = webp_chunks(out["animated"])
    out["bomb-animated-canvas"] = riff([vp8x(0x02 | 0x10, 1 << 24, 1 << 24)] + anim_chunks[1:])
    return out

# HEIF ----------------------------------------------------------------------------------------
def box(kind, payload): return struct.pack(">I", 8 + len(payload)) + kind + payload
def full_box(kind, payload, version=0): return box(kind, bytes([version, 0, 0, 0]) + payload)

HVCC = bytes([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xF0, 0x00, 0xFC, 0xFD, 0xF8, 0xF8, 0, 0, 0x0F, 0])

def forged_heif(items, primary, refs=(), extent_shift=0):
    """items: (id, type, width, height, data); refs: (type, from, [to...]). Mirrors HEIFBoxFixtures."""
    def meta(data_start):
        hdlr = full_box(b"hdlr", b"\0" * 4 + b"pict" + b"\0" * 13)
        pitm = full_box(b"pitm", struct.pack(">H", primary))
        iinf = full_box(b"iinf", struct.pack(">H", len(items)) + b"".join(
            full_box(b"infe", struct.pack(">HH", i[0], 0) + i[1] + b"\0", version=2) for i in items))
        iref = full_box(b"iref", b"".join(box(t, struct.pack(">HH", f, len(to)) + b"".join(struct.pack(">H", x) for x in to))
                                          for t, f, to in refs)) if refs else b""
        ipco = box(b"ipco", box(b"hvcC", HVCC) + b"".join(full_box(b"ispe", struct.pack(">II", i[2], i[3])) for i in items))
        assoc = b"".join(struct.pack(">H", i[0]) + (bytes([2, 0x81, 0x80 | (n + 2)]) if i[1] == b"hvc1" else bytes([1, 0x80 | (n + 2)]))
                         for n, i in enumerate(items))
        iprp = box(b"iprp", ipco + full_box(b"ipma", struct.pack(">I", len(items)) + assoc))
        offset, entries = data_start + extent_shift, b""
        for i in items:
            entries += struct.pack(">HHHII", i[0], 0, 1, offset, len(i[4])); offset += len(i[4])
        iloc = full_box(b"iloc", bytes([0x44, 0]) + struct.pack(">H", len(items)) + entries)
        return full_box(b"meta", hdlr + pitm + iinf + iref + iprp + iloc)
    ftyp = box(b"ftyp", b"heic" + b"\0" * 4 + b"mif1heic")
    start = len(ftyp) + len(meta(0)) + 8
    return ftyp + meta(start) + box(b"mdat", b"".join(i[4] for i in items))

def forged_overlay(canvas, offsets, tile=(64, 64), config=HVCC, data=b"\0\0\0\x01", large=False):
    """An overlay (iovl) primary over len(offsets) hidden hvc1 items sharing `data`, its own
    data in idat. Mirrors HEIFBoxFixtures.overlay."""
    n, oid = len(offsets), len(offsets) + 1
    fmt = ">i" if large else ">h"
    ufmt = ">I" if large else ">H"
    payload = bytes([0, 1 if large else 0]) + struct.pack(">4H", 0, 0, 0, 0xFFFF) + struct.pack(ufmt, canvas[0]) \
        + struct.pack(ufmt, canvas[1]) + b"".join(struct.pack(fmt, x) + struct.pack(fmt, y) for x, y in offsets)
    def meta(data_start):
        hdlr = full_box(b"hdlr", b"\0" * 4 + b"pict" + b"\0" * 13)
        pitm = full_box(b"pitm", struct.pack(">H", oid))
        infes = b"".join(box(b"infe", bytes([2, 0, 0, 1]) + struct.pack(">HH", i, 0) + b"hvc1\0") for i in range(1, oid))
        iinf = full_box(b"iinf", struct.pack(">H", oid) + infes + full_box(b"infe", struct.pack(">HH", oid, 0) + b"iovl\0", version=2))
        iref = full_box(b"iref", box(b"dimg", struct.pack(">HH", oid, n) + b"".join(struct.pack(">H", i) for i in range(1, oid))))
        ipco = box(b"ipco", box(b"hvcC", config) + full_box(b"ispe", struct.pack(">II", *tile))
                   + full_box(b"ispe", struct.pack(">II", *canvas)))
        assoc = b"".join(struct.pack(">H", i) + bytes([2, 0x81, 2]) for i in range(1, oid)) + struct.pack(">H", oid) + bytes([1, 3])
        iprp = box(b"iprp", ipco + full_box(b"ipma", struct.pack(">I", oid) + assoc))
        entries = b"".join(struct.pack(">HHHHII", i, 0, 0, 1, data_start, len(data)) for i in range(1, oid))
        entries += struct.pack(">HHHHII", oid, 1, 0, 1, 0, len(payload))
        iloc = full_box(b"iloc", bytes([0x44, 0]) + struct.pack(">H", oid) + entries, version=1)
        return full_box(b"meta", hdlr + pitm + iinf + iref + iprp + iloc + box(b"idat", payload))
    ftyp = box(b"ftyp", b"heic" + b"\0" * 4 + b"mif1heic")
    start = len(ftyp) + len(meta(0)) + 8
    return ftyp + meta(start) + box(b"mdat", data)

def heif_box_payload(data, kind):
    """The payload of the first `kind` box inside meta/iprp/ipco, or the top level."""
    offset = 0
    while offset + 8 <= len(data):
        size, name = struct.unpack(">I4s", data[offset:offset + 8])
        if size < 8: return None
        if name == kind: return data[offset + 8:offset + size]
        inner = {b"meta": 12, b"iprp": 8, b"ipco": 8}.get(name)
        if inner:
            found = heif_box_payload(data[offset + inner:offset + size], kind)
            if found is not None: return found
        offset += size
    return None

def heif_seeds():
    out = {}
    try:
        import pillow_heif
        pillow_heif.register_heif_opener()
        out["rgb"] = save(pattern(16, 16), "HEIF", quality=80)
        out["rgba"] = save(pattern(16, 16, "RGBA"), "HEIF", quality=80)
        out["gray"] = save(pattern(16, 16, "L"), "HEIF", quality=80)
        exif = Image.Exif(); exif[0x0112] = 6
        out["exif-orientation6"] = save(pattern(24, 16), "HEIF", exif=exif.tobytes())
        deep = pillow_heif.from_bytes(mode="RGB;16", size=(16, 16), data=bytes(range(256)) * 6)
        buffer = io.BytesIO(); deep.save(buffer, format="HEIF"); out["rgb16"] = buffer.getvalue()
        for name in ("rgb", "rgba"): truncations(name, out[name], out)
        config, coded = heif_box_payload(out["rgb"], b"hvcC"), heif_box_payload(out["rgb"], b"mdat")
        if config is not None and coded is not None:
            out["overlay"] = forged_overlay((40, 24), [(0, 0), (20, 8)], tile=(16, 16), config=config, data=coded)
    except ImportError:
        pass
    tile = (1, b"hvc1", 64, 64, b"\0\0\0\x01")
    out["forged-single"] = forged_heif([tile], 1)
    out["forged-ispe-60000"] = forged_heif([(1, b"hvc1", 60000, 60000, b"\0\0\0\x01")], 1)
    out["forged-grid-5000"] = forged_heif([(1, b"grid", 64, 64, b"\0\0\0\0")], 1, [(b"dimg", 1, list(range(2, 5002)))])
    out["forged-loop"] = forged_heif([(1, b"grid", 64, 64, b""), (2, b"grid", 64, 64, b"")], 1,
                                     [(b"dimg", 1, [2]), (b"dimg", 2, [1])])
    out["forged-auxl-loop"] = forged_heif([tile, (2, b"hvc1", 64, 64, b"\0")], 1, [(b"auxl", 2, [1]), (b"auxl", 1, [2])])
    out["forged-extent-past-end"] = forged_heif([tile], 1, extent_shift=1 << 20)
    out["forged-overlay-canvas-60000"] = forged_overlay((60000, 60000), [(0, 0)])
    out["forged-overlay-offset-min"] = forged_overlay((64, 64), [(-(1 << 31), 0)], large=True)
    return out

# Snapshot JSON and paths -----------------------------------------------------------------------
IMAGE = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000002000000020806000000" "72b60d24" "00000013494441547" "8da63f8cfc0f01f0c8134083400004949"
    "09789c51179200000000" "49454e44ae426082")

def sha(data): return "sha256:" + hashlib.sha256(data).hexdigest()

def parity(text, odd):
    data = text.encode()
    return data + b" " if (len(data) % 2 == 1) != odd else data

def snapshot_seeds():
    assert len(IMAGE) == 76 and sha(IMAGE).endswith("e9aa41812d69aa8ebbee3fb351fede258f2a159c4a547b3187ee54184dea0b79")
    fixed = ('{"schemaVersion":1,"revision":1,"generatedAt":"2025-01-01T00:00:00Z","payload":{"title":"fixed"},'
             '"image":{"relativePath":"images/thumbnail-1.png","checksum":"%s","byteCount":76,"pixelWidth":2,'
             '"pixelHeight":2,"format":"png"}}\n' % sha(IMAGE)).encode()
    out = {}
    # Even lengths: read as current.json (the fixed snapshot is revision 1).
    out["manifest"] = parity('{"schemaVersion":1,"revision":1,"snapshot":"snapshots/snapshot-1.json","checksum":"%s"}\n' % sha(fixed), False)
    out["manifest-escape"] = parity('{"schemaVersion":1,"revision":1,"snapshot":"snapshots/../current.json","checksum":"%s"}' % sha(fixed), False)
    out["manifest-types"] = parity('{"schemaVersion":1.0,"revision":-1,"snapshot":null,"checksum":[]}', False)
    # Odd lengths: read as snapshot 7, bound by a correct manifest.
    ref = ('{"relativePath":"images/thumbnail-7.png","checksum":"%s","byteCount":76,"pixelWidth":2,'
           '"pixelHeight":2,"format":"png"}' % sha(IMAGE))
    head = '{"schemaVersion":1,"revision":7,"generatedAt":"2025-06-01T12:00:00.250Z","payload":'
    out["snapshot"] = parity(head + '{"items":[1,2.5,"x",null,true,{"k":[]}]},"image":' + ref + '}\n', True)
    out["snapshot-no-image"] = parity(head + '"just text"}', True)
    out["snapshot-deep"] = parity(head + "[" * 400 + "]" * 400 + "}", True)
    out["snapshot-numbers"] = parity(head + '[1e400,-0,18446744073709551616,9223372036854775807,1.7976931348623157e308,4.9e-324]}', True)
    out["snapshot-strings"] = parity(head + '{"a":"\\u0000\\ud800\\udc00\\ud800","a":"dup","\\u00e9":"\\/"}}', True)
    out["snapshot-bad-path"] = parity(head + '{},"image":' + ref.replace("thumbnail-7.png", "thumbnail-07.png") + "}", True)
    for i, path in enumerate(["images/thumbnail-0.png", "snapshots/snapshot-9999999999999999999.json",
                              "images/thumbnail-18446744073709551615.webp", "images//thumbnail-1.png",
                              "images/./thumbnail-1.jpg", "../images/thumbnail-1.png", "images/thumbnail-1.png/",
                              "images\\thumbnail-1.png", "images/thumbnail-1.PNG", "a/b/c\u0085d"]):
        out[f"path-{i}"] = path.encode()
    return out

def main():
    if len(sys.argv) != 2: sys.exit(__doc__)
    root = sys.argv[1]
    for target, seeds in (("FuzzJPEG", jpeg_seeds()), ("FuzzPNG", png_seeds()), ("FuzzWebP", webp_seeds()),
                          ("FuzzHEIF", heif_seeds()), ("FuzzSnapshot", snapshot_seeds())):
        os.makedirs(os.path.join(root, target), exist_ok=True)
        for name, data in seeds.items():
            with open(os.path.join(root, target, name), "wb") as f: f.write(data)
        print(f"{target}: {len(seeds)} seeds, {sum(map(len, seeds.values()))} bytes")

if __name__ == "__main__":
    main()
