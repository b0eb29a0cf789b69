#!/usr/bin/env bash
# The demo behind `make demo`: `batch` over every sample image, with a preview page.
#   scripts/demo.sh BINARY SAMPLE_DIR OUT_DIR
# Files that fail (exit 1) are part of the show (SampleImages/broken/ must fail, clearly); the
# demo itself fails only when the tool crashes, hangs, or exits with anything other than 0 or 1.
# scripts/check-examples.sh runs it too, to compare its output with the README's.
set -euo pipefail

binary=${1:?usage: demo.sh BINARY SAMPLE_DIR OUT_DIR}
samples=${2:?usage: demo.sh BINARY SAMPLE_DIR OUT_DIR}
out=${3:?usage: demo.sh BINARY SAMPLE_DIR OUT_DIR}
timeout=${DEMO_TIMEOUT:-120}

mapfile -t files < <(find -H "$samples" -type f ! -name '*.md' | LC_ALL=C sort)
if ((${#files[@]} == 0)); then
    echo "demo: no files in $samples" >&2
    exit 1
fi
# An empty file must be refused too; it is made here rather than committed (zero bytes are
# zero bytes: a committed one would be indistinguishable from any other empty file).
empty_dir="$(dirname "$out")/demo-inputs/broken"
mkdir -p "$empty_dir" "$out"
: > "$empty_dir/empty.jpg"
files+=("$empty_dir/empty.jpg")
page="$out/preview.html"

echo "demo: widget-thumbs batch <the ${#files[@]} files of $samples/ and $empty_dir/> --out $out --preview $page"
status=0
timeout "$timeout" "$binary" batch "${files[@]}" --out "$out" --preview "$page" || status=$?
case $status in
    0|1) ;;
    124) echo "demo: timed out after ${timeout}s" >&2; exit 1 ;;
    *)   echo "demo: exit $status (crash or usage error)" >&2; exit 1 ;;
esac
# The staging folder is where batch writes each file before putting it in place; batch keeps
# it, since other runs (shards) may share the folder. Nothing else writes into this one, so the
# demo removes it once it is empty (rmdir removes nothing else).
rmdir "$out/.widget-thumbs-staging" 2>/dev/null || true
echo
echo "demo: thumbnails in $out/ (exit $status: the files under broken/ are meant to fail)"
echo "demo: open $page in a browser: each thumbnail in its widget frames, light, dark, tinted and on the Lock Screen"
echo "demo: make demo uses the debug build that make test goes on from; make release builds the optimised one, several times faster"
