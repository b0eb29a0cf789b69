#!/bin/sh
# Makes thumbnails of the same inputs with two widget-thumbs binaries and compares every
# output byte for byte, so a refactor can show it changes no thumbnail.
#
#   scripts/compare-thumbnails.sh REFERENCE_BIN CANDIDATE_BIN INPUT_DIR...
#
# Each input folder runs under several settings (the defaults, JPEG and PNG forced, a small
# byte cap that makes the budget search shrink and decode again, a small WebP box, strict,
# full decode). Prints one line per setting and folder and a total; exits 1 if any file
# differs or is missing.
set -eu
[ $# -ge 3 ] || { echo "usage: $0 REFERENCE_BIN CANDIDATE_BIN INPUT_DIR..." >&2; exit 64; }
reference=$1 candidate=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
total=0 differing=0
for input in "$@"; do
    name=$(basename "$input")
    for setting in "default:" "jpeg:--format jpeg" "png:--format png" "small-cap:--max-bytes 12000" \
                   "webp-200:--format webp --max-side 200" "strict:--strict" \
                   "full-decode:--full-decode --max-side 120"; do
        label=${setting%%:*} flags=${setting#*:}
        for side in reference candidate; do
            eval bin=\$$side
            # Failures (bad inputs) are part of the comparison: they print the same lines.
            # shellcheck disable=SC2086
            "$bin" batch "$input" --out "$work/$side/$label/$name" --jobs 2 --quiet $flags \
                >/dev/null 2>"$work/$side-$label-$name.err" || true
        done
        count=0 bad=0
        for file in $(cd "$work/reference/$label/$name" && find . -type f ! -name '.widget-thumbs*' | sort); do
            count=$((count + 1))
            cmp -s "$work/reference/$label/$name/$file" "$work/candidate/$label/$name/$file" \
                || { bad=$((bad + 1)); echo "  differs: $label $name/$file"; }
        done
        extra=$(cd "$work/candidate/$label/$name" && find . -type f ! -name '.widget-thumbs*' | wc -l)
        [ "$extra" -eq "$count" ] || { bad=$((bad + 1)); echo "  $label $name: $extra outputs, reference has $count"; }
        # Parallel jobs print failures in any order: compare the lines sorted.
        sort "$work/reference-$label-$name.err" >"$work/reference.sorted"
        sort "$work/candidate-$label-$name.err" >"$work/candidate.sorted"
        cmp -s "$work/reference.sorted" "$work/candidate.sorted" \
            || { bad=$((bad + 1)); echo "  $label $name: error lines differ"; }
        echo "$label $name: $count files, $bad differ"
        total=$((total + count)) differing=$((differing + bad))
    done
done
echo "total: $total files, $differing differ"
exit $((differing > 0))
