#!/usr/bin/env bash
# Runs libFuzzer targets built by `make fuzz-build` for FUZZ_SECONDS each, FUZZ_PARALLEL at a
# time, over a working corpus seeded by make-seeds.py. Each target's log and libFuzzer's final
# stats go to $WORK/<target>.log; crashes, leaks, OOMs and timeouts land in $WORK/artifacts/<target>/
# (copy each into Fuzz/regressions/<target>/ with a name saying what it is; the tests replay them).
#
#   Fuzz/run-fuzzers.sh BIN_DIR WORK_DIR [TARGET...]
set -euo pipefail
bin=$1; work=$2; shift 2
targets=("${@:-FuzzJPEG FuzzPNG FuzzWebP FuzzHEIF FuzzSnapshot}")
targets=(${targets[@]})
seconds=${FUZZ_SECONDS:-60}
parallel=${FUZZ_PARALLEL:-2}
here=$(cd "$(dirname "$0")" && pwd)

python3 "$here/make-seeds.py" "$work/seeds" >/dev/null
run_one() {
    local target=$1
    mkdir -p "$work/corpus/$target" "$work/artifacts/$target"
    # The corpus directory collects what libFuzzer finds; seeds and regressions are read-only inputs.
    "$bin/$target" "$work/corpus/$target" "$work/seeds/$target" "$here/regressions/$target" \
        -max_total_time="$seconds" -rss_limit_mb=1024 -malloc_limit_mb=256 -timeout=10 \
        -print_final_stats=1 -artifact_prefix="$work/artifacts/$target/" >"$work/$target.log" 2>&1
    local status=$?
    local found; found=$(ls "$work/artifacts/$target" | wc -l)
    echo "$target: exit $status, $(grep -E '^stat::number_of_executed_units' "$work/$target.log" | awk '{print $2}') runs," \
         "$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$work/$target.log" | tail -1), $found artifacts"
    return $status
}
mkdir -p "$here/regressions"
for target in "${targets[@]}"; do mkdir -p "$here/regressions/$target"; done
failed=0
running=0
for target in "${targets[@]}"; do
    run_one "$target" & running=$((running + 1))
    if (( running >= parallel )); then wait -n || failed=1; running=$((running - 1)); fi
done
while (( running > 0 )); do wait -n || failed=1; running=$((running - 1)); done
exit $failed
