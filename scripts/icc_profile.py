"""Builds small RGB display ICC profiles (matrix + tone curve) from published colorimetry.

Written by hand rather than copied so that the sample images carry no third-party profile
bytes: the primaries, white point and transfer curves are facts from the colour-space
specifications. The output is deterministic (fixed creation date, profile ID computed).

    display_p3() -> ICC v4.3 bytes ('mluc' description, 'para' sRGB curve, 'chad' tag),
                    shaped like Apple's own Display P3 profile.
    adobe_rgb()  -> ICC v2.1 bytes ('desc' textDescriptionType, 'curv' gamma 563/256),
                    shaped like Adobe's AdobeRGB1998.icc.
"""

import hashlib
import struct

D50 = (0.9642, 1.0, 0.8249)  # ICC PCS illuminant
D65_XY = (0.3127, 0.3290)

BRADFORD = ((0.8951, 0.2664, -0.1614),
            (-0.7502, 1.7135, 0.0367),
            (0.0389, -0.0685, 1.0296))


def _mat_mul(a, b):
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)) for i in range(3))


def _mat_vec(a, v):
    return tuple(sum(a[i][k] * v[k] for k in range(3)) for i in range(3))


def _mat_inv(m):
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return ((( e * i - f * h) / det, -(b * i - c * h) / det, ( b * f - c * e) / det),
            (-(d * i - f * g) / det, ( a * i - c * g) / det, -(a * f - c * d) / det),
            (( d * h - e * g) / det, -(a * h - b * g) / det, ( a * e - b * d) / det))


def _xy_to_xyz(x, y):
    return (x / y, 1.0, (1.0 - x - y) / y)


def _bradford(src_white, dst_white):
    """Chromatic adaptation matrix from src_white to dst_white (Bradford)."""
    s = _mat_vec(BRADFORD, src_white)
    d = _mat_vec(BRADFORD, dst_white)
    scale = ((d[0] / s[0], 0, 0), (0, d[1] / s[1], 0), (0, 0, d[2] / s[2]))
    return _mat_mul(_mat_inv(BRADFORD), _mat_mul(scale, BRADFORD))


def _colorants(primaries, white_xy):
    """RGB->XYZ matrix for the primaries, adapted to D50 as ICC requires."""
    white = _xy_to_xyz(*white_xy)
    p = tuple(_xy_to_xyz(*xy) for xy in primaries)
    pm = tuple(tuple(p[col][row] for col in range(3)) for row in range(3))
    s = _mat_vec(_mat_inv(pm), white)
    m = tuple(tuple(pm[row][col] * s[col] for col in range(3)) for row in range(3))
    adapt = _bradford(white, D50)
    return _mat_mul(adapt, m), adapt, white


def _s15(v):
    return struct.pack(">i", int(round(v * 65536)))


def _xyz_tag(xyz):
    return b"XYZ \0\0\0\0" + b"".join(_s15(v) for v in xyz)


def _sf32_tag(m):
    return b"sf32\0\0\0\0" + b"".join(_s15(v) for row in m for v in row)


def _text_tag(text):
    return b"text\0\0\0\0" + text.encode("ascii") + b"\0"


def _desc_v2_tag(text):
    ascii_bytes = text.encode("ascii") + b"\0"
    return (b"desc\0\0\0\0" + struct.pack(">I", len(ascii_bytes)) + ascii_bytes
            + struct.pack(">II", 0, 0)          # no Unicode description
            + struct.pack(">HB", 0, 0) + b"\0" * 67)  # no ScriptCode description


def _mluc_tag(text):
    utf16 = text.encode("utf-16-be")
    return (b"mluc\0\0\0\0" + struct.pack(">II", 1, 12) + b"enUS"
            + struct.pack(">II", len(utf16), 28) + utf16)


def _gamma_curve_tag(gamma):
    return b"curv\0\0\0\0" + struct.pack(">IH", 1, int(round(gamma * 256)))


def _srgb_para_tag():
    # Function type 3: Y = (aX + b)^g for X >= d, Y = cX otherwise (IEC 61966-2-1).
    params = (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)
    return b"para\0\0\0\0" + struct.pack(">HH", 3, 0) + b"".join(_s15(v) for v in params)


def _assemble(version, tags):
    """tags: list of (signature, bytes); identical payloads are stored once and shared."""
    table_size = 4 + 12 * len(tags)
    offset = 128 + table_size
    blobs, placed, entries = [], {}, []
    for signature, payload in tags:
        if payload not in placed:
            placed[payload] = offset
            padded = payload + b"\0" * (-len(payload) % 4)
            blobs.append(padded)
            offset += len(padded)
        entries.append(struct.pack(">4sII", signature.encode("ascii"), placed[payload], len(payload)))
    body = struct.pack(">I", len(tags)) + b"".join(entries) + b"".join(blobs)
    size = 128 + len(body)
    header = (struct.pack(">I", size) + b"\0\0\0\0" + struct.pack(">I", version)
              + b"mntrRGB XYZ " + struct.pack(">6H", 2024, 1, 1, 0, 0, 0)
              + b"acsp" + b"\0" * 4 + b"\0" * 4 + b"\0" * 8 + b"\0" * 8
              + struct.pack(">I", 0) + b"".join(_s15(v) for v in D50) + b"\0" * 4)
    header += b"\0" * 16 + b"\0" * 28  # profile ID (filled below for v4), reserved
    assert len(header) == 128
    profile = bytearray(header + body)
    if version >= 0x04000000:
        # ID = MD5 of the profile with flags, rendering intent and ID zeroed (they already are).
        profile[84:100] = hashlib.md5(bytes(profile)).digest()
    return bytes(profile)


def _rgb_profile(version, description, copyright_text, primaries, trc_tag, white_tag_d65):
    m, adapt, white = _colorants(primaries, D65_XY)
    columns = [tuple(m[row][col] for row in range(3)) for col in range(3)]
    if version >= 0x04000000:
        tags = [("desc", _mluc_tag(description)), ("cprt", _mluc_tag(copyright_text)),
                ("wtpt", _xyz_tag(D50)), ("chad", _sf32_tag(adapt))]
    else:
        tags = [("desc", _desc_v2_tag(description)), ("cprt", _text_tag(copyright_text)),
                ("wtpt", _xyz_tag(white if white_tag_d65 else D50))]
    tags += [("rXYZ", _xyz_tag(columns[0])), ("gXYZ", _xyz_tag(columns[1])),
             ("bXYZ", _xyz_tag(columns[2])),
             ("rTRC", trc_tag), ("gTRC", trc_tag), ("bTRC", trc_tag)]
    return _assemble(version, tags)


def display_p3():
    return _rgb_profile(0x04300000, "Display P3 (WidgetThumbnails sample)",
                        "No copyright, use freely (CC0)",
                        ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060)),
                        _srgb_para_tag(), white_tag_d65=False)


def adobe_rgb():
    return _rgb_profile(0x02100000, "Adobe RGB (1998) compatible (WidgetThumbnails sample)",
                        "No copyright, use freely (CC0)",
                        ((0.64, 0.33), (0.21, 0.71), (0.15, 0.06)),
                        _gamma_curve_tag(563 / 256), white_tag_d65=True)
