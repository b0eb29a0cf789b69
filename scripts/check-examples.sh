#!/usr/bin/env bash
# The README's and Docs/' examples and Examples/WidgetClient, built and run so they cannot rot:
# 1. every code block and link of README.md and Docs/*.md (scripts/check-docs.py: transcripts
#    run against a debug widget-thumbs and compared with what the page shows, shell blocks
#    parsed, links resolved);
# 2. Docs/library.md's ```swift block must be readme-library/main.swift word for word, and
#    running it must print what the page shows (numbers and hashes aside: the encoders may
#    change the byte counts);
# 3. widget-writer commits a photo and widget-reader, which links WidgetSnapshots and WidgetRules
#    only, reads it and checks its family's archival cap.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
example=Examples/WidgetClient
work="$(mktemp -d /tmp/wt-examples-XXXXXX)"
trap 'rm -rf "$work"' EXIT

# The debug build CI and `make test` have made already: no second build of the library.
swift build --product widget-thumbs > "$work/build.txt" 2>&1 || { cat "$work/build.txt"; exit 1; }
python3 scripts/check-docs.py "$(swift build --show-bin-path)/widget-thumbs"

python3 - "$work" <<'PY'
import re, sys
page = open("Docs/library.md").read()
blocks = re.findall(r"```(\w*)\n(.*?)```\n", page, re.S)
code = next(body for lang, body in blocks if lang == "swift")
output = next(body for lang, body in blocks if lang == "text")
source = open("Examples/WidgetClient/Sources/readme-library/main.swift").read()
if code != source:
    sys.exit("check-examples: Docs/library.md's snippet differs from Examples/WidgetClient/Sources/readme-library/main.swift")
open(f"{sys.argv[1]}/expected.txt", "w").write(output)
PY

# Quiet when it builds; the compiler's messages when it does not (they go to standard output).
(cd "$example" && swift build -c release > "$work/build.txt" 2>&1) || { cat "$work/build.txt"; exit 1; }
bin="$(cd "$example" && swift build -c release --show-bin-path)"

rm -rf /tmp/widget-container
"$bin/readme-library" > "$work/actual.txt"
python3 - "$work" <<'PY'
import re, sys
def shape(text):
    # Hashes first: replacing digits first would break a hash into pieces that never match.
    return [re.sub(r"\d+", "N", re.sub(r"[0-9a-f]{64}", "HEX", line)) for line in text.splitlines()]
expected, actual = (open(f"{sys.argv[1]}/{name}.txt").read() for name in ("expected", "actual"))
if shape(expected) != shape(actual):
    sys.exit(f"check-examples: readme-library printed\n{actual}\nbut Docs/library.md shows\n{expected}")
PY
rm -rf /tmp/widget-container
echo "Docs/library.md's snippet: builds, runs, prints what the page shows"

"$bin/widget-writer" --container "$work/container" --photo SampleImages/large-4000x3000.jpg --revision 7 \
    --title "Trip photos" --count 12 > "$work/writer.txt"
grep -q "revision 7 committed" "$work/writer.txt" || { cat "$work/writer.txt"; exit 1; }
"$bin/widget-reader" --container "$work/container" --stale-after 3600 --expire-after 86400 --family small > "$work/reader.txt"
grep -q "count: 12" "$work/reader.txt" && grep -q "│ image: .* jpeg, [0-9]* bytes" "$work/reader.txt" \
    && grep -q "next change in" "$work/reader.txt" && grep -q "│ systemSmall: .*archival cap" "$work/reader.txt" || { cat "$work/reader.txt"; exit 1; }
if ldd "$bin/widget-reader" | grep -qE 'lib(turbojpeg|png16|webp|lcms2|heif)'; then
    echo "check-examples: widget-reader links an image or colour library:" >&2
    ldd "$bin/widget-reader" >&2
    exit 1
fi
echo "Examples/WidgetClient: writer commits, reader reads, reader links no codec"
