#!/usr/bin/env bash
# Peak RSS, binary size and linked libraries of Examples/WidgetClient's widget-reader reading a
# snapshot with a 300 KB image (the reader must stay small inside a widget extension).
# Usage: scripts/measure-reader.sh [EXAMPLE_DIR]   (default Examples/WidgetClient; release build)
set -euo pipefail
example="${1:-$(dirname "${BASH_SOURCE[0]}")/../Examples/WidgetClient}"
(cd "$example" && swift build -c release --product widget-reader >/dev/null)
reader="$(cd "$example" && swift build -c release --show-bin-path)/widget-reader"
container="$(mktemp -d /tmp/wt-reader-XXXXXX)"
trap 'rm -rf "$container"' EXIT

# A container written by hand from the documented layout: the reader checks the JPEG magic and
# the checksum, never decodes, so 300 KB of seeded bytes behind the magic stand for a photo.
python3 - "$container" <<'PY'
import hashlib, json, os, random, sys
root = sys.argv[1]
rng = random.Random(12)
image = bytes([0xFF, 0xD8, 0xFF, 0xE0]) + bytes(rng.getrandbits(8) for _ in range(300 * 1024 - 4))
os.makedirs(f"{root}/images"); os.makedirs(f"{root}/snapshots")
open(f"{root}/images/thumbnail-1.jpg", "wb").write(image)
reference = {"relativePath": "images/thumbnail-1.jpg", "checksum": "sha256:" + hashlib.sha256(image).hexdigest(),
             "byteCount": len(image), "pixelWidth": 500, "pixelHeight": 375, "format": "jpeg"}
snapshot = ('{"schemaVersion":1,"revision":1,"generatedAt":"2026-01-01T00:00:00Z","payload":'
            '{"count":3,"title":"Trip photos","updatedBy":"measure-reader"},"image":' + json.dumps(reference, separators=(",", ":")) + '}\n').encode()
open(f"{root}/snapshots/snapshot-1.json", "wb").write(snapshot)
manifest = {"schemaVersion": 1, "revision": 1, "snapshot": "snapshots/snapshot-1.json",
            "checksum": "sha256:" + hashlib.sha256(snapshot).hexdigest()}
open(f"{root}/current.json", "w").write(json.dumps(manifest, separators=(",", ":")) + "\n")
PY

"$reader" --container "$container" | grep -q "image: 500x375 jpeg, 307200 bytes" || {
    echo "measure-reader: the reader did not show the 300 KB image" >&2; "$reader" --container "$container" >&2; exit 1; }
rss=$( { /usr/bin/time -v "$reader" --container "$container" >/dev/null; } 2>&1 | awk -F': ' '/Maximum resident/ {print $2}')
echo "reader: $reader"
echo "binary size: $(stat -c %s "$reader") bytes"
echo "peak RSS: ${rss} KB"
echo "linked image/colour libraries: $(ldd "$reader" | grep -oE 'lib(turbojpeg|png16|webp|webpdemux|webpmux|lcms2|heif)[^ ]*' | sort -u | tr '\n' ' ')"
echo "linked: $(ldd "$reader" | awk '{print $1}' | tr '\n' ' ')"
