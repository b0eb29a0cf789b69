#!/usr/bin/env bash
# The demo behind `make demo`: runs the built widget-thumbs over every sample image.
#   scripts/demo.sh BINARY SAMPLE_DIR OUT_DIR
# Uses `batch` when the binary has it, else `inspect` on each file. Files that fail (exit 1)
# are part of the show (SampleImages/broken/ must fail, clearly); the demo itself fails only
# when the tool crashes, hangs, or exits with anything other than 0 or 1.
set -euo pipefail

binary=${1:?usage: demo.sh BINARY SAMPLE_DIR OUT_DIR}
samples=${2:?usage: demo.sh BINARY SAMPLE_DIR OUT_DIR}
out=${3:?usage: demo.sh BINARY SAMPLE_DIR OUT_DIR}
per_file_timeout=${DEMO_TIMEOUT:-60}

mapfile -t files < <(find "$samples" -type f ! -name '*.md' | LC_ALL=C sort)
# An empty file must be refused too; it is made here rather than committed (zero bytes are
# zero bytes: a committed one would be indistinguishable from any other empty file).
empty_dir="$(dirname "$out")/demo-inputs/broken"
mkdir -p "$empty_dir"
: > "$empty_dir/empty.jpg"
files+=("$empty_dir/empty.jpg")
if ((${#files[@]} == 0)); then
    echo "demo: no files in $samples" >&2
    exit 1
fi

# Runs one command; 0 and 1 are answers, anything else (crash, signal, timeout, usage) is not.
run() {
    local status=0
    echo "\$ ${*/#"$binary"/widget-thumbs}"
    timeout "$per_file_timeout" "$@" || status=$?
    case $status in
        0|1) return $status ;;
        124) echo "demo: timed out after ${per_file_timeout}s: $*" >&2 ;;
        *)   echo "demo: exit $status (crash or usage error): $*" >&2 ;;
    esac
    return 2
}

if help_text=$("$binary" help batch 2>&1) && grep -q -- '--out' <<<"$help_text"; then
    mkdir -p "$out"
    status=0
    run "$binary" batch "${files[@]}" --out "$out" || status=$?
    ((status <= 1)) || exit 1
    echo
    echo "demo: thumbnails written to $out/ (exit $status: files under broken/ are meant to fail)"
    exit 0
fi

echo "demo: this build has no 'batch' command yet: inspecting each sample instead"
ok=() failed=() broken=()
for file in "${files[@]}"; do
    echo
    status=0
    run "$binary" inspect "$file" || status=$?
    case $status in
        0) ok+=("$file") ;;
        1) failed+=("$file") ;;
        *) broken+=("$file") ;;
    esac
done

echo
echo "demo: ${#files[@]} files: ${#ok[@]} inspected, ${#failed[@]} refused with an error," \
     "${#broken[@]} crashed or hung"
for file in "${ok[@]}"; do
    if [[ $file == */broken/* ]]; then echo "demo: note: $file was accepted but is meant to fail"; fi
done
for file in "${failed[@]}"; do
    if [[ $file != */broken/* ]]; then echo "demo: note: $file was refused but should work"; fi
done
((${#broken[@]} == 0))
