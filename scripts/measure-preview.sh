#!/usr/bin/env bash
# The preview page's size by reference and embedded (--preview-embed) at N outputs, and the peak
# memory of headless Chromium showing each (the README's "The preview page" section has the figures).
# Usage: scripts/measure-preview.sh [OUTPUTS...]   (default 2000 20000; WIDGET_THUMBS_BIN, default
#        the release build; MEASURE_BROWSER=0 skips Chromium)
# The inputs are photos (SampleImages' and, when present, ../shared/corpus/photos) shrunk once to
# 1200 px and hard-linked under new names, cycled, OUTPUTS/8 of them, thumbnailed for 8 families
# (every family but systemExtraLargePortrait); the embedded page is a second run, which finds
# every thumbnail up to date and writes the page alone.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${WIDGET_THUMBS_BIN:-$root/.build/release/widget-thumbs}"
[ -x "$bin" ] || (cd "$root" && swift build -c release --product widget-thumbs >/dev/null)
work="$(mktemp -d /tmp/wt-preview-XXXXXX)"
trap 'rm -rf "$work"' EXIT

photos=("$root"/SampleImages/{photo,adobe-rgb,display-p3,progressive,panorama,orientation-6,gray,cmyk,large-4000x3000}.jpg)
[ -d "$root/../shared/corpus/photos" ] && photos+=("$root"/../shared/corpus/photos/*.jpg)
mkdir "$work/photos"
for index in "${!photos[@]}"; do
  "$bin" thumbnail "${photos[$index]}" -o "$work/photos/$index.jpg" --max-side 1200 --max-bytes 500000 >/dev/null
done
shrunk=("$work"/photos/*.jpg)
families=small,medium,large,extraLarge,circular,rectangular,inline,corner

# Peak of the summed PSS (proportional set size: shared pages split among the processes that
# share them) of every process of one Chromium run taking a screenshot of the page, sampled every
# 50 ms. Lazy loading is turned on as in a desktop browser: headless Chromium turns it off and
# loads every `loading="lazy"` image at once.
browser_peak() {
  python3 - "$1" <<'PY'
import os, subprocess, sys, tempfile, time
page = sys.argv[1]
profile = tempfile.mkdtemp(prefix="wt-chromium-")
shot = os.path.join(profile, "shot.png")
process = subprocess.Popen(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            "--force-device-scale-factor=1", "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                            "--blink-settings=lazyLoadEnabled=true",
                            "--window-size=1400,1000", f"--screenshot={shot}", "file://" + page],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
def tree(root):
    children = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            ppid = int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(pid))
    found, stack = [], [root]
    while stack:
        pid = stack.pop()
        found.append(pid)
        stack += children.get(pid, [])
    return found
def pss(pid):
    try:
        for line in open(f"/proc/{pid}/smaps_rollup"):
            if line.startswith("Pss:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0
peak, start = 0, time.monotonic()
while process.poll() is None:
    peak = max(peak, sum(pss(pid) for pid in tree(process.pid)))
    time.sleep(0.05)
print(f"{peak / 1e6:.0f} MB peak PSS, {time.monotonic() - start:.1f} s, exit {process.returncode}")
PY
}

for outputs in "${@:-2000 20000}"; do
  run="$work/$outputs"
  mkdir -p "$run/in"
  for ((index = 0; index < outputs / 8; index++)); do
    ln "${shrunk[$((index % ${#shrunk[@]}))]}" "$run/in/$(printf 'p%05d' "$index").jpg"
  done
  "$bin" batch "$run/in" --out "$run/out" --families "$families" --preview "$run/linked.html" --quiet
  "$bin" batch "$run/in" --out "$run/out" --families "$families" --preview "$run/embedded.html" --preview-embed --quiet
  thumbnails=$(find "$run/out" -type f -name 'p*' | wc -l)
  bytes=$(find "$run/out" -type f -name 'p*' -printf '%s\n' | awk '{s += $1} END {print s}')
  echo "$outputs: $(ls "$run/in" | wc -l) inputs, $thumbnails thumbnails of $bytes bytes"
  for page in linked embedded; do
    line="  $page page: $(stat -c %s "$run/$page.html") bytes"
    if [ "${MEASURE_BROWSER:-1}" != 0 ] && command -v chromium >/dev/null; then
      line="$line; chromium screenshot: $(browser_peak "$run/$page.html")"
    fi
    echo "$line"
  done
  rm -rf "$run"
done
