#!/usr/bin/env bash
# `make docs`: WidgetSnapshots' DocC archive from a symbol graph that `swift build` emits, then
# the count of undocumented public symbols of the three library products.
# Usage: scripts/docs.sh [docs|coverage]   (coverage skips the archive; exits 1 unless 0 undocumented)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mode="${1:-docs}"
scratch=.build/docs                  # its own scratch path: the flags must not rebuild .build/debug
graphs="$scratch/symbol-graphs"
rm -rf "$graphs" && mkdir -p "$graphs"
# swift build writes a module's symbol graph only when it compiles the module: make it recompile
# the targets counted here, or an unchanged module would be skipped and seem to have no symbols.
find "$scratch" -path '*/WidgetSnapshots.build/*' -name '*.o' -delete 2>/dev/null || true
find "$scratch" -path '*/WidgetThumbnails.build/*' -name '*.o' -delete 2>/dev/null || true
find "$scratch" -path '*/WidgetRules.build/*' -name '*.o' -delete 2>/dev/null || true

targets=(WidgetSnapshots)
[[ "$mode" == coverage ]] && targets+=(WidgetRules WidgetThumbnails)
for target in "${targets[@]}"; do
    swift build --scratch-path "$scratch" --target "$target" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null
done

if [[ "$mode" == docs ]]; then
    docc="$(command -v docc || echo "$(dirname "$(realpath "$(command -v swift)")")/docc")"
    output="$PWD/$scratch/WidgetSnapshots.doccarchive"
    # Only WidgetSnapshots' own graph (and its extensions of other modules' types): its
    # dependencies (the C modules, WidgetSnapshotsPlatform's C library) are not documented here.
    mkdir -p "$graphs/WidgetSnapshots"
    find "$graphs" -maxdepth 1 \( -name 'WidgetSnapshots.symbols.json' -o -name 'WidgetSnapshots@*.symbols.json' \) \
        -exec mv {} "$graphs/WidgetSnapshots/" \;
    "$docc" convert Sources/WidgetSnapshots/WidgetSnapshots.docc \
        --additional-symbol-graph-dir "$graphs/WidgetSnapshots" \
        --fallback-display-name WidgetSnapshots --fallback-bundle-identifier widgetthumbnails.WidgetSnapshots \
        --output-dir "$output" --warnings-as-errors >/dev/null
    echo "DocC archive: $output"
    python3 scripts/undocumented-symbols.py "$graphs/WidgetSnapshots" WidgetSnapshots
else
    python3 scripts/undocumented-symbols.py "$graphs" WidgetSnapshots WidgetRules WidgetThumbnails
fi
