"""A minimal PNG writer for what Pillow cannot write: 16-bit RGB(A) and Adam7 interlacing.

Deterministic: zlib level 9, per-row filter chosen by the usual minimum-sum-of-absolute
differences heuristic (filters work on raw bytes, so the whole image filters at once).
"""

import struct
import zlib

import numpy as np

COLOR_TYPES = {1: 0, 2: 4, 3: 2, 4: 6}  # channels -> PNG colour type
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
         (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))  # x0, y0, dx, dy


def _chunk(kind, payload):
    body = kind + payload
    return struct.pack(">I", len(payload)) + body + struct.pack(">I", zlib.crc32(body))


def _filtered_rows(raw, bpp):
    """raw: (rows, rowbytes) uint8. Returns bytes: each row prefixed by its filter type."""
    x = raw.astype(np.int16)
    left = np.zeros_like(x); left[:, bpp:] = x[:, :-bpp]
    up = np.zeros_like(x); up[1:] = x[:-1]
    upleft = np.zeros_like(x); upleft[1:, bpp:] = x[:-1, :-bpp]
    p = left + up - upleft
    pa, pb, pc = np.abs(p - left), np.abs(p - up), np.abs(p - upleft)
    paeth = np.where((pa <= pb) & (pa <= pc), left, np.where(pb <= pc, up, upleft))
    candidates = [x, x - left, x - up, x - (left + up) // 2, x - paeth]
    residues = [(c % 256).astype(np.uint8) for c in candidates]
    cost = np.stack([np.abs(r.astype(np.int8).astype(np.int32)).sum(axis=1) for r in residues])
    best = cost.argmin(axis=0)
    out = bytearray()
    for row, kind in enumerate(best):
        out.append(int(kind))
        out += residues[kind][row].tobytes()
    return bytes(out)


def _serialize(pixels, bit_depth):
    """(h, w, c) array -> (h, w*c*bytes) uint8 rows, big-endian for 16 bit."""
    h, w, c = pixels.shape
    if bit_depth == 16:
        data = pixels.astype(">u2").view(np.uint8)
    else:
        data = pixels.astype(np.uint8)
    return data.reshape(h, w * c * (bit_depth // 8))


def write_png(path, pixels, bit_depth=8, interlace=False):
    """pixels: (h, w, channels) array of uint8 or uint16 values; channels 1-4."""
    if pixels.ndim == 2:
        pixels = pixels[:, :, None]
    h, w, c = pixels.shape
    bpp = c * bit_depth // 8
    if interlace:
        parts = []
        for x0, y0, dx, dy in ADAM7:
            sub = pixels[y0::dy, x0::dx]
            if sub.shape[0] and sub.shape[1]:
                parts.append(_filtered_rows(_serialize(sub, bit_depth), bpp))
        stream = b"".join(parts)
    else:
        stream = _filtered_rows(_serialize(pixels, bit_depth), bpp)
    ihdr = struct.pack(">IIBBBBB", w, h, bit_depth, COLOR_TYPES[c], 0, 0, 1 if interlace else 0)
    png = (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)
           + _chunk(b"IDAT", zlib.compress(stream, 9)) + _chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(png)
